# SPDX-License-Identifier: MIT
"""hip-smoke-unavailable: RX 7900 XTX desktop; the HIP helper is built for gfx90a,gfx1030 only, so its
smoke kernel cannot run on gfx1100."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'hip-smoke-unavailable'
BASE = 'rx7900xtx-healthy'
MACHINE = {'description': 'RX 7900 XTX desktop; the HIP helper is built for gfx90a,gfx1030 only, so its '
                'smoke kernel cannot run on gfx1100'}
PROBES = {'hip-probe': {'name': 'hip-probe',
               'argv': ['/usr/libexec/rocm-doctor/rocm-doctor-hip', '--probe'],
               'state': 'exited',
               'exit_code': 0,
               'signal': None,
               'stdout': STDOUT_JSON({'helper': 'rocm-doctor-hip',
 'version': 1,
 'backend': 'hip',
 'targets': ['gfx90a', 'gfx1030'],
 'runtime_version': 60241133,
 'driver_version': 60241133,
 'device_count': 1,
 'error': None,
 'devices': [{'index': 0,
              'name': 'AMD Radeon RX 7900 XTX',
              'arch': 'gfx1100',
              'compute_units': 96,
              'total_memory_bytes': 25753026560,
              'clock_khz': 2526000,
              'memory_clock_khz': 1250000,
              'memory_bus_width_bits': 384,
              'pci_bdf': '0000:03:00.0',
              'large_bar': True,
              'error': None,
              'smoke': {'ok': False,
                        'kernel_ms': None,
                        'error': {'code': 209,
                                  'name': 'hipErrorNoBinaryForGpu',
                                  'message': 'no kernel image is available for execution '
                                             'on the device',
                                  'call': 'hipLaunchKernel'},
                        'mismatch': None,
                        'checked_elements': 0}}]}),
               'stderr': '',
               'truncated': False,
               'error': '',
               'wall_seconds': 0.91}}
EXPECT = ['exit 0',
 'check runtime.hip_load pass',
 'check runtime.hip_devices pass',
 'finding runtime.hip.smoke_unavailable info']
README = """\
# hip-smoke-unavailable

The RX 7900 XTX desktop of [`rx7900xtx-healthy`](../rx7900xtx-healthy/), with a recorded HIP probe from a helper built for gfx90a and gfx1030 only (e.g. Debian's clang 15, which cannot target gfx1100; docs/hip-helper.md): HIP enumerates the RX 7900 XTX, but the smoke launch returns `hipErrorNoBinaryForGpu`.

Made by hand, not by `tools/make_machines.py`: a copy (`cp -a`) of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) as that script generated it, then the edits below. That machine's README gives the provenance of everything else (sources, what was added by hand).

## Changed from `rx7900xtx-healthy` (and why)

- `.rocm-doctor/probes/hip-probe.json` added (the source machine has none): `targets` [gfx90a, gfx1030], one device "AMD Radeon RX 7900 XTX", gfx1100, 96 CUs, 24 GiB, 0000:03:00.0, large BAR, smoke error at `hipLaunchKernel` hipErrorNoBinaryForGpu (209). Description in machine.json updated.

## What the doctor must conclude

The GPU is fine; the helper lacks its ISA: `runtime.hip_devices` passes with info finding `runtime.hip.smoke_unavailable`. No root cause, exit 0.

`EXPECT`:

```
exit 0
check runtime.hip_load pass
check runtime.hip_devices pass
finding runtime.hip.smoke_unavailable info
```
"""
