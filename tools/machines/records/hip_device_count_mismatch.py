# SPDX-License-Identifier: MIT
"""hip-device-count-mismatch: 8x MI210 in two XGMI hives; HIP enumerates 7 of the 8 KFD GPUs
(0000:e3:00.0 missing)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'hip-device-count-mismatch'
BASE = 'mi210-xgmi-healthy'
MACHINE = {'description': '8x MI210 in two XGMI hives; HIP enumerates 7 of the 8 KFD GPUs (0000:e3:00.0 '
                'missing)'}
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
 'device_count': 7,
 'error': None,
 'devices': [{'index': 0,
              'name': 'AMD Instinct MI210',
              'arch': 'gfx90a:sramecc+:xnack-',
              'compute_units': 104,
              'total_memory_bytes': 68702699520,
              'clock_khz': 1700000,
              'memory_clock_khz': 1600000,
              'memory_bus_width_bits': 4096,
              'pci_bdf': '0000:03:00.0',
              'large_bar': True,
              'error': None,
              'smoke': {'ok': True,
                        'kernel_ms': 0.0512,
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
              'pci_bdf': '0000:23:00.0',
              'large_bar': True,
              'error': None,
              'smoke': {'ok': True,
                        'kernel_ms': 0.0523,
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
              'pci_bdf': '0000:43:00.0',
              'large_bar': True,
              'error': None,
              'smoke': {'ok': True,
                        'kernel_ms': 0.0534,
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
              'pci_bdf': '0000:63:00.0',
              'large_bar': True,
              'error': None,
              'smoke': {'ok': True,
                        'kernel_ms': 0.0545,
                        'error': None,
                        'mismatch': None,
                        'checked_elements': 4096}},
             {'index': 4,
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
             {'index': 5,
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
             {'index': 6,
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
                        'checked_elements': 4096}}]}),
               'stderr': '',
               'truncated': False,
               'error': '',
               'wall_seconds': 2.18}}
EXPECT = ['exit 0',
 'root_cause runtime.hip.device_count_mismatch',
 'check runtime.visible_devices pass',
 'check runtime.hip_devices warn',
 'finding runtime.hip.device_count_mismatch warn']
README = """\
# hip-device-count-mismatch

The 8 × MI210 server of [`mi210-xgmi-healthy`](../mi210-xgmi-healthy/), where HIP enumerates only 7 of the 8 GPUs KFD exposes (0000:e3:00.0 missing) with no device-selection variable set.

Made by hand, not by `tools/make_machines.py`: a copy (`cp -a`) of [`mi210-xgmi-healthy`](../mi210-xgmi-healthy/) as that script generated it, then the edits below. That machine's README gives the provenance of everything else (sources, what was added by hand).

## Changed from `mi210-xgmi-healthy` (and why)

- `.rocm-doctor/probes/hip-probe.json`: `device_count` 7 and the last device entry (index 7, 0000:e3:00.0) removed; the 7 others keep their passing smoke test. KFD topology, PCI tree and kernel log are unchanged (all 8 GPUs initialised), and machine.json's env has no *_VISIBLE_DEVICES, so the mask cannot explain it. Description in machine.json updated.

## What the doctor must conclude

Every lower link holds; HIP sees fewer GPUs than KFD: root cause `runtime.hip.device_count_mismatch` (warn, check `runtime.hip_devices` warns). A warning does not fail the run: exit 0.

`EXPECT`:

```
exit 0
root_cause runtime.hip.device_count_mismatch
check runtime.visible_devices pass
check runtime.hip_devices warn
finding runtime.hip.device_count_mismatch warn
```
"""
