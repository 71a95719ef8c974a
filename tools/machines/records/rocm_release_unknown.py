# SPDX-License-Identifier: MIT
"""rocm-release-unknown: RX 7900 XTX desktop with ROCm 7.2.0, a release newer than the support data
covers."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'rocm-release-unknown'
BASE = 'rx7900xtx-healthy'
REMOVE = ['opt/rocm-6.2.0']
MACHINE = {'description': 'RX 7900 XTX desktop with ROCm 7.2.0, a release newer than the support data '
                'covers'}
PROBES = {'hip-load': {'name': 'hip-load',
              'argv': ['/usr/bin/rocm-doctor',
                       'probe-load',
                       '/opt/rocm-7.2.0/lib/libamdhip64.so.7'],
              'state': 'exited',
              'exit_code': 0,
              'signal': None,
              'stdout': STDOUT_JSON([{'library': '/opt/rocm-7.2.0/lib/libamdhip64.so.7', 'loaded': True, 'error': None}]),
              'stderr': '',
              'truncated': False,
              'error': '',
              'wall_seconds': 0.05}}
FILES = {'opt/rocm-7.2.0/.info/version': '7.2.0-43\n',
 'opt/rocm-7.2.0/lib/libamdhip64.so.7.2.70200': '',
 'opt/rocm-7.2.0/lib/libhsa-runtime64.so.1.18.70200': ''}
LINKS = {'opt/rocm': '/opt/rocm-7.2.0',
 'opt/rocm-7.2.0/lib/libamdhip64.so': 'libamdhip64.so.7',
 'opt/rocm-7.2.0/lib/libamdhip64.so.7': 'libamdhip64.so.7.2.70200',
 'opt/rocm-7.2.0/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
 'opt/rocm-7.2.0/lib/libhsa-runtime64.so.1': 'libhsa-runtime64.so.1.18.70200'}
EXPECT = ['exit 2',
 'check runtime.rocm pass',
 'check runtime.hip_load pass',
 'check runtime.gfx_support unknown',
 'finding runtime.gfx.support_unknown unknown']
README = """\
# rocm-release-unknown

The RX 7900 XTX desktop of [`rx7900xtx-healthy`](../rx7900xtx-healthy/), running ROCm 7.2.0, a release newer than the support data (checks/data/rocm_support.csv covers 5.0.0 to 7.1.0; until the 5.x releases were added this machine ran ROCm 5.7.1), so whether its gfx1100 is supported cannot be told from the data.

Made by hand, not by `tools/make_machines.py`: a copy (`cp -a`) of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) as that script generated it, then the edits below. That machine's README gives the provenance of everything else (sources, what was added by hand).

## Changed from `rx7900xtx-healthy` (and why)

- /opt/rocm-6.2.0 renamed /opt/rocm-7.2.0 (and /opt/rocm pointed at it), `.info/version` `7.2.0-43`, the libraries renamed to ROCm 7.2's library names (the pattern of the 7.0.1 and 7.1.1 machines; the build suffix of .info/version is illustrative) (`libamdhip64.so.7.2.70200` with `.so.5`/`.so` links, `libhsa-runtime64.so.1.18.70200` with `.so.1`/`.so`), and the `hip-load` probe's argv/stdout naming `/opt/rocm-7.2.0/lib/libamdhip64.so.7`. Description in machine.json updated.

## What the doctor must conclude

The install itself is consistent and loads; `runtime.gfx_support` is UNKNOWN with `runtime.gfx.support_unknown` ("the support data has no ROCm 7.2"). No root cause; exit 2.

`EXPECT`:

```
exit 2
check runtime.rocm pass
check runtime.hip_load pass
check runtime.gfx_support unknown
finding runtime.gfx.support_unknown unknown
```
"""
