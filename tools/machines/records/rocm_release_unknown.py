"""rocm-release-unknown: RX 7900 XTX desktop with ROCm 5.7.1, a release older than the support data
covers."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'rocm-release-unknown'
BASE = 'rx7900xtx-healthy'
REMOVE = ['opt/rocm-6.2.0']
MACHINE = {'description': 'RX 7900 XTX desktop with ROCm 5.7.1, a release older than the support data '
                'covers'}
PROBES = {'hip-load': {'name': 'hip-load',
              'argv': ['/usr/bin/rocm-doctor',
                       'probe-load',
                       '/opt/rocm-5.7.1/lib/libamdhip64.so.5'],
              'state': 'exited',
              'exit_code': 0,
              'signal': None,
              'stdout': STDOUT_JSON([{'library': '/opt/rocm-5.7.1/lib/libamdhip64.so.5', 'loaded': True, 'error': None}]),
              'stderr': '',
              'truncated': False,
              'error': '',
              'wall_seconds': 0.05}}
FILES = {'opt/rocm-5.7.1/.info/version': '5.7.1-98\n',
 'opt/rocm-5.7.1/lib/libamdhip64.so.5.7.50701': '',
 'opt/rocm-5.7.1/lib/libhsa-runtime64.so.1.11.50701': ''}
LINKS = {'opt/rocm': '/opt/rocm-5.7.1',
 'opt/rocm-5.7.1/lib/libamdhip64.so': 'libamdhip64.so.5',
 'opt/rocm-5.7.1/lib/libamdhip64.so.5': 'libamdhip64.so.5.7.50701',
 'opt/rocm-5.7.1/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
 'opt/rocm-5.7.1/lib/libhsa-runtime64.so.1': 'libhsa-runtime64.so.1.11.50701'}
EXPECT = ['exit 2',
 'check runtime.rocm pass',
 'check runtime.hip_load pass',
 'check runtime.gfx_support unknown',
 'finding runtime.gfx.support_unknown unknown']
README = """\
# rocm-release-unknown

The RX 7900 XTX desktop of [`rx7900xtx-healthy`](../rx7900xtx-healthy/), running ROCm 5.7.1, a release older than the support data (checks/data/rocm_support.csv starts at 6.0.0), so whether its gfx1100 is supported cannot be told from the data.

Made by hand, not by `tools/make_machines.py`: a copy (`cp -a`) of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) as that script generated it, then the edits below. That machine's README gives the provenance of everything else (sources, what was added by hand).

## Changed from `rx7900xtx-healthy` (and why)

- /opt/rocm-6.2.0 renamed /opt/rocm-5.7.1 (and /opt/rocm pointed at it), `.info/version` `5.7.1-98`, the libraries renamed to ROCm 5.7.1's package names (`libamdhip64.so.5.7.50701` with `.so.5`/`.so` links, `libhsa-runtime64.so.1.11.50701` with `.so.1`/`.so`), and the `hip-load` probe's argv/stdout naming `/opt/rocm-5.7.1/lib/libamdhip64.so.5`. Description in machine.json updated.

## What the doctor must conclude

The install itself is consistent and loads; `runtime.gfx_support` is UNKNOWN with `runtime.gfx.support_unknown` ("the support data has no ROCm 5.7"). No root cause; exit 2.

`EXPECT`:

```
exit 2
check runtime.rocm pass
check runtime.hip_load pass
check runtime.gfx_support unknown
finding runtime.gfx.support_unknown unknown
```
"""
