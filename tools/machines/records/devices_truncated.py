# SPDX-License-Identifier: MIT
"""devices-truncated: 8x MI210 in two XGMI hives; HIP_VISIBLE_DEVICES=4,5,6,7,8 (one index too many)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'devices-truncated'
BASE = 'mi210-xgmi-healthy'
MACHINE = {'description': '8x MI210 in two XGMI hives; HIP_VISIBLE_DEVICES=4,5,6,7,8 (one index too many)',
 'env': {'HIP_VISIBLE_DEVICES': '4,5,6,7,8'}}
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
 'device_count': 4,
 'error': None,
 'devices': [{'index': 0,
              'name': 'AMD Instinct MI210',
              'arch': 'gfx90a:sramecc+:xnack-',
              'compute_units': 104,
              'total_memory_bytes': 68702699520,
              'clock_khz': 1700000,
              'memory_clock_khz': 1600000,
              'memory_bus_width_bits': 4096,
              'pci_bdf': '0000:83:00.0',
              'large_bar': True,
              'error': None,
              'smoke': {'ok': True,
                        'kernel_ms': 0.0556,
                        'error': None,
                        'mismatch': None,
                        'checked_elements': 4096}},
             {'index': 1,
              'name': 'AMD Instinct MI210',
              'arch': 'gfx90a:sramecc+:xnack-',
              'compute_units': 104,
              'total_memory_bytes': 68702699520,
              'clock_khz': 1700000,
              'memory_clock_khz': 1600000,
              'memory_bus_width_bits': 4096,
              'pci_bdf': '0000:a3:00.0',
              'large_bar': True,
              'error': None,
              'smoke': {'ok': True,
                        'kernel_ms': 0.0567,
                        'error': None,
                        'mismatch': None,
                        'checked_elements': 4096}},
             {'index': 2,
              'name': 'AMD Instinct MI210',
              'arch': 'gfx90a:sramecc+:xnack-',
              'compute_units': 104,
              'total_memory_bytes': 68702699520,
              'clock_khz': 1700000,
              'memory_clock_khz': 1600000,
              'memory_bus_width_bits': 4096,
              'pci_bdf': '0000:c3:00.0',
              'large_bar': True,
              'error': None,
              'smoke': {'ok': True,
                        'kernel_ms': 0.0578,
                        'error': None,
                        'mismatch': None,
                        'checked_elements': 4096}},
             {'index': 3,
              'name': 'AMD Instinct MI210',
              'arch': 'gfx90a:sramecc+:xnack-',
              'compute_units': 104,
              'total_memory_bytes': 68702699520,
              'clock_khz': 1700000,
              'memory_clock_khz': 1600000,
              'memory_bus_width_bits': 4096,
              'pci_bdf': '0000:e3:00.0',
              'large_bar': True,
              'error': None,
              'smoke': {'ok': True,
                        'kernel_ms': 0.0589,
                        'error': None,
                        'mismatch': None,
                        'checked_elements': 4096}}]}),
               'stderr': '',
               'truncated': False,
               'error': '',
               'wall_seconds': 1.44}}
EXPECT = ['exit 0',
 'root_cause runtime.env.devices_truncated',
 'check runtime.visible_devices warn',
 'check runtime.hip_devices pass',
 'finding runtime.env.devices_truncated warn']
README = """\
# devices-truncated

The 8 × MI210 server of [`mi210-xgmi-healthy`](../mi210-xgmi-healthy/), where the user's job exports `HIP_VISIBLE_DEVICES=4,5,6,7,8` to get the second XGMI hive: index 8 does not exist on an 8-GPU host, so HIP stops reading the list there and uses 4,5,6,7.

Made by hand, not by `tools/make_machines.py`: a copy (`cp -a`) of [`mi210-xgmi-healthy`](../mi210-xgmi-healthy/) as that script generated it, then the edits below. That machine's README gives the provenance of everything else (sources, what was added by hand).

## Changed from `mi210-xgmi-healthy` (and why)

- machine.json `env`: `HIP_VISIBLE_DEVICES` = `4,5,6,7,8`. `.rocm-doctor/probes/hip-probe.json`: the helper inherits the mask, so it reports `device_count` 4, the devices at 0000:83/a3/c3/e3:00.0 renumbered 0-3, smoke kernels ok. Description in machine.json updated.

## What the doctor must conclude

The mask works but carries a token HIP ignores: root cause `runtime.env.devices_truncated` (warn, fix `export HIP_VISIBLE_DEVICES=4,5,6,7`); `runtime.hip_devices` passes (a mask explains the count, no device_count_mismatch). Exit 0.

`EXPECT`:

```
exit 0
root_cause runtime.env.devices_truncated
check runtime.visible_devices warn
check runtime.hip_devices pass
finding runtime.env.devices_truncated warn
```
"""
