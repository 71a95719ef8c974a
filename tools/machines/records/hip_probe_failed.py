# SPDX-License-Identifier: MIT
"""hip-probe-failed: 8x MI210 in two XGMI hives; the HIP helper was built against HIP 5
(libamdhip64.so.5) and does not start on ROCm 6.2."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'hip-probe-failed'
BASE = 'mi210-xgmi-healthy'
MACHINE = {'description': '8x MI210 in two XGMI hives; the HIP helper was built against HIP 5 '
                '(libamdhip64.so.5) and does not start on ROCm 6.2'}
PROBES = {'hip-probe': {'name': 'hip-probe',
               'argv': ['/usr/libexec/rocm-doctor/rocm-doctor-hip', '--probe'],
               'state': 'exited',
               'exit_code': 127,
               'signal': None,
               'stdout': '',
               'stderr': '/usr/libexec/rocm-doctor/rocm-doctor-hip: error while loading shared '
                         'libraries: libamdhip64.so.5: cannot open shared object file: No such '
                         'file or directory\n',
               'truncated': False,
               'error': '',
               'wall_seconds': 0.01}}
EXPECT = ['exit 2',
 'check runtime.rocm pass',
 'check runtime.hip_load pass',
 'check runtime.hip_devices error',
 'finding runtime.hip.probe_failed error']
README = """\
# hip-probe-failed

The 8 × MI210 server of [`mi210-xgmi-healthy`](../mi210-xgmi-healthy/), where the installed rocm-doctor-hip was built against HIP 5 (it needs `libamdhip64.so.5`, see docs/hip-helper.md) while the host has ROCm 6.2.0 only, so the dynamic loader refuses to start it.

Made by hand, not by `tools/make_machines.py`: a copy (`cp -a`) of [`mi210-xgmi-healthy`](../mi210-xgmi-healthy/) as that script generated it, then the edits below. That machine's README gives the provenance of everything else (sources, what was added by hand).

## Changed from `mi210-xgmi-healthy` (and why)

- `.rocm-doctor/probes/hip-probe.json`: state `exited`, exit_code 127, no stdout, stderr the glibc loader's message `error while loading shared libraries: libamdhip64.so.5: cannot open shared object file: No such file or directory`. Description in machine.json updated. The ROCm 6.2.0 install and its passing `hip-load` probe are unchanged: the runtime loads, only the helper is mismatched.

## What the doctor must conclude

Every lower link holds; the helper gave no usable answer: check `runtime.hip_devices` is ERROR with `runtime.hip.probe_failed` (the message carries the loader's stderr). No root cause; exit 2.

`EXPECT`:

```
exit 2
check runtime.rocm pass
check runtime.hip_load pass
check runtime.hip_devices error
finding runtime.hip.probe_failed error
```
"""
