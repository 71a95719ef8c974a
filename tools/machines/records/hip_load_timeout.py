# SPDX-License-Identifier: MIT
"""hip-load-timeout: RX 7900 XTX desktop; dlopen of libamdhip64 hung and the probe-load child was
killed at the deadline."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'hip-load-timeout'
BASE = 'rx7900xtx-healthy'
MACHINE = {'description': 'RX 7900 XTX desktop; dlopen of libamdhip64 hung and the probe-load child was '
                'killed at the deadline'}
PROBES = {'hip-load': {'name': 'hip-load',
              'argv': ['/usr/bin/rocm-doctor',
                       'probe-load',
                       '/opt/rocm-6.2.0/lib/libamdhip64.so.6'],
              'state': 'timed-out',
              'exit_code': None,
              'signal': 9,
              'stdout': '',
              'stderr': '',
              'truncated': False,
              'error': 'timed out after 10000 ms',
              'wall_seconds': 10.0}}
EXPECT = ['exit 2',
 'check runtime.rocm pass',
 'check runtime.hip_load timeout',
 'finding runtime.hip_load.timeout timeout']
README = """\
# hip-load-timeout

The RX 7900 XTX desktop of [`rx7900xtx-healthy`](../rx7900xtx-healthy/), where `dlopen()` of `/opt/rocm-6.2.0/lib/libamdhip64.so.6` never returns and the command runner kills the `probe-load` child at its 10 s deadline.

Made by hand, not by `tools/make_machines.py`: a copy (`cp -a`) of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) as that script generated it, then the edits below. That machine's README gives the provenance of everything else (sources, what was added by hand).

## Changed from `rx7900xtx-healthy` (and why)

- `.rocm-doctor/probes/hip-load.json`: state `timed-out`, signal 9, error `timed out after 10000 ms` (the command runner's own text for the collector's 10 s deadline), no output. Description in machine.json updated.

## What the doctor must conclude

Loading HIP hangs: check `runtime.hip_load` is TIMEOUT with `runtime.hip_load.timeout`. No root cause; exit 2.

`EXPECT`:

```
exit 2
check runtime.rocm pass
check runtime.hip_load timeout
finding runtime.hip_load.timeout timeout
```
"""
