# SPDX-License-Identifier: MIT
"""hip-load-crashed: RX 7900 XTX desktop; dlopen of libamdhip64 killed the probe-load child with
SIGSEGV."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'hip-load-crashed'
BASE = 'rx7900xtx-healthy'
MACHINE = {'description': 'RX 7900 XTX desktop; dlopen of libamdhip64 killed the probe-load child with '
                'SIGSEGV'}
PROBES = {'hip-load': {'name': 'hip-load',
              'argv': ['/usr/bin/rocm-doctor',
                       'probe-load',
                       '/opt/rocm-6.2.0/lib/libamdhip64.so.6'],
              'state': 'signaled',
              'exit_code': None,
              'signal': 11,
              'stdout': '',
              'stderr': '',
              'truncated': False,
              'error': '',
              'wall_seconds': 0.12}}
EXPECT = ['exit 2',
 'check runtime.rocm pass',
 'check runtime.hip_load error',
 'finding runtime.hip_load.crashed error']
README = """\
# hip-load-crashed

The RX 7900 XTX desktop of [`rx7900xtx-healthy`](../rx7900xtx-healthy/), where `dlopen()` of `/opt/rocm-6.2.0/lib/libamdhip64.so.6` in the `rocm-doctor probe-load` child is killed by SIGSEGV (a crash in a library constructor while resolving it RTLD_NOW).

Made by hand, not by `tools/make_machines.py`: a copy (`cp -a`) of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) as that script generated it, then the edits below. That machine's README gives the provenance of everything else (sources, what was added by hand).

## Changed from `rx7900xtx-healthy` (and why)

- `.rocm-doctor/probes/hip-load.json`: state `signaled`, signal 11, no stdout and no stderr (a constructor that segfaults prints nothing; the "Segmentation fault" line is the shell's, not the child's). Description in machine.json updated.

## What the doctor must conclude

Loading HIP crashes: check `runtime.hip_load` is ERROR with `runtime.hip_load.crashed` (SIGSEGV). No root cause (an error); exit 2.

`EXPECT`:

```
exit 2
check runtime.rocm pass
check runtime.hip_load error
finding runtime.hip_load.crashed error
```
"""
