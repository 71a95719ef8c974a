# SPDX-License-Identifier: MIT
"""hip-probe-crashed: 8x MI210 in two XGMI hives; rocm-doctor-hip --probe killed by SIGSEGV."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'hip-probe-crashed'
BASE = 'mi210-xgmi-healthy'
MACHINE = {'description': '8x MI210 in two XGMI hives; rocm-doctor-hip --probe killed by SIGSEGV'}
PROBES = {'hip-probe': {'name': 'hip-probe',
               'argv': ['/usr/libexec/rocm-doctor/rocm-doctor-hip', '--probe'],
               'state': 'signaled',
               'exit_code': None,
               'signal': 11,
               'stdout': '',
               'stderr': '/opt/amdgpu/share/libdrm/amdgpu.ids: No such file or directory\n',
               'truncated': False,
               'error': '',
               'wall_seconds': 1.37}}
EXPECT = ['exit 2',
 'check hardware.gpus pass',
 'check runtime.rocm pass',
 'check runtime.hip_load pass',
 'check runtime.hip_devices error',
 'finding runtime.hip.probe_crashed error']
README = """\
# hip-probe-crashed

The 8 × MI210 server of [`mi210-xgmi-healthy`](../mi210-xgmi-healthy/), whose HIP probe helper is killed by SIGSEGV while the HIP runtime initialises or runs the smoke kernel.

Made by hand, not by `tools/make_machines.py`: a copy (`cp -a`) of [`mi210-xgmi-healthy`](../mi210-xgmi-healthy/) as that script generated it, then the edits below. That machine's README gives the provenance of everything else (sources, what was added by hand).

## Changed from `mi210-xgmi-healthy` (and why)

- `.rocm-doctor/probes/hip-probe.json`: state `signaled`, signal 11, no stdout; stderr holds the one line ROCr-based programs commonly print before anything else (`/opt/amdgpu/share/libdrm/amdgpu.ids: No such file or directory`, libdrm not finding its ids file); AMD_LOG_LEVEL is unset, so HIP logs nothing before the crash. Description in machine.json updated. Everything else is the healthy machine's.

## What the doctor must conclude

Every lower link holds; the probe crashed: check `runtime.hip_devices` is ERROR with `runtime.hip.probe_crashed` (signal SIGSEGV). An error is not a root cause (no root_cause lines); exit 2.

`EXPECT`:

```
exit 2
check hardware.gpus pass
check runtime.rocm pass
check runtime.hip_load pass
check runtime.hip_devices error
finding runtime.hip.probe_crashed error
```
"""
