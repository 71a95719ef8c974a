# SPDX-License-Identifier: MIT
"""Recorded probes the real-ticket records share: a hip-load that loaded the runtime, and a
rocm-doctor-hip --probe whose runtime enumerated no GPU (hipErrorNoDevice from hipGetDeviceCount,
the answer HIP gives when ROCr exposes none). python3 standard library only."""
from .derived import STDOUT_JSON


def hip_load(library):
    """`rocm-doctor probe-load LIBRARY` that loaded it."""
    return {'name': 'hip-load', 'argv': ['/usr/bin/rocm-doctor', 'probe-load', library],
            'state': 'exited', 'exit_code': 0, 'signal': None,
            'stdout': STDOUT_JSON([{'library': library, 'loaded': True, 'error': None}]),
            'stderr': '', 'truncated': False, 'error': '', 'wall_seconds': 0.05}


def hip_no_device(runtime_version, wall_seconds):
    """`rocm-doctor-hip --probe` (helper format 1) that found no device."""
    return {'name': 'hip-probe', 'argv': ['/usr/libexec/rocm-doctor/rocm-doctor-hip', '--probe'],
            'state': 'exited', 'exit_code': 0, 'signal': None,
            'stdout': STDOUT_JSON({'helper': 'rocm-doctor-hip', 'version': 1, 'backend': 'hip',
                                   'targets': ['gfx90a', 'gfx1030'],
                                   'runtime_version': runtime_version,
                                   'driver_version': runtime_version, 'device_count': 0,
                                   'error': {'code': 100, 'name': 'hipErrorNoDevice',
                                             'message': 'no ROCm-capable device is detected',
                                             'call': 'hipGetDeviceCount'},
                                   'devices': []}),
            'stderr': '', 'truncated': False, 'error': '', 'wall_seconds': wall_seconds}
