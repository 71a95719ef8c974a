# SPDX-License-Identifier: MIT
"""baco-resume-oculink: RX 7900 XTX over M.2-to-OCuLink whose BACO runtime resume failed
(ROCm/TheRock#8232): power/runtime_status 'error', amdgpu.runpm auto, HIP sees no device."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'baco-resume-oculink'
BASE = 'rx7900xtx-healthy'
_GPU = 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0'
_REL = '7.0.0-31-generic'
_DEP = ('kernel/drivers/gpu/drm/drm.ko.zst:\n'
        'kernel/drivers/gpu/drm/scheduler/gpu-sched.ko.zst: kernel/drivers/gpu/drm/drm.ko.zst\n'
        'kernel/drivers/gpu/drm/ttm/ttm.ko.zst: kernel/drivers/gpu/drm/drm.ko.zst\n'
        'kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst: '
        'kernel/drivers/gpu/drm/scheduler/gpu-sched.ko.zst kernel/drivers/gpu/drm/ttm/ttm.ko.zst '
        'kernel/drivers/gpu/drm/drm.ko.zst\n')
REMOVE = ['lib/modules/6.8.0-45-generic']
MACHINE = {'description': 'RX 7900 XTX on M.2-to-OCuLink, Ubuntu 24.04 kernel 7.0: BACO runtime '
                          'resume failed, power/runtime_status error, HIP sees no device',
           'uname': {'release': _REL,
                     'version': '#31~24.04.1-Ubuntu SMP PREEMPT_DYNAMIC'}}
FILES = {
    _GPU + '/power/runtime_status': 'error\n',
    _GPU + '/power/control': 'auto\n',
    _GPU + '/power_state': 'D0\n',
    'sys/module/amdgpu/parameters/runpm': '-1\n',
    'proc/version': f'Linux version {_REL} (buildd@ubuntu) #31~24.04.1-Ubuntu SMP '
                    'PREEMPT_DYNAMIC\n',
    'proc/cmdline': f'BOOT_IMAGE=/boot/vmlinuz-{_REL} '
                    'root=UUID=0b7a1f6e-3c55-4c1e-9d0a-5f2a5b9e1c11 ro quiet splash\n',
    f'lib/modules/{_REL}/modules.dep': _DEP,
    f'lib/modules/{_REL}/modules.builtin': 'kernel/drivers/pci/pcieport.ko\n'
                                          'kernel/drivers/virtio/virtio_pci.ko\n',
    f'lib/modules/{_REL}/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst': '',
    'sys/class/dmi/id/bios_vendor': 'INSYDE Corp.\n',
    'sys/class/dmi/id/bios_version': '1.07.17THZX5\n',
}
JSON = {'.rocm-doctor/probes/kernel-log.json': {
    'state': 'ok',
    'source': '/dev/kmsg',
    'lines': [
        '[drm] amdgpu kernel modesetting enabled.',
        'amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from VFCT',
        'amdgpu 0000:03:00.0: amdgpu: VRAM: 24560M 0x0000008000000000 - 0x00000085FEFFFFFF '
        '(24560M used)',
        '[drm] Initialized amdgpu 3.64.0 20150101 for 0000:03:00.0 on minor 0',
        'kfd kfd: amdgpu: added device 1002:744c',
        'amdgpu 0000:03:00.0: amdgpu: PSP is resuming...',
        'amdgpu 0000:03:00.0: amdgpu: SMU is resuming...',
        'amdgpu 0000:03:00.0: amdgpu: SMC is not ready',
        'amdgpu 0000:03:00.0: amdgpu: SMC engine is not correctly up!',
        'amdgpu 0000:03:00.0: amdgpu: resume of IP block <smu> failed -5',
        'amdgpu 0000:03:00.0: amdgpu: amdgpu_device_ip_resume failed (-5).',
    ]}}
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
 'device_count': 0,
 'error': {'code': 100,
           'name': 'hipErrorNoDevice',
           'message': 'no ROCm-capable device is detected',
           'call': 'hipGetDeviceCount'},
 'devices': []}),
               'stderr': '',
               'truncated': False,
               'error': '',
               'wall_seconds': 0.42}}
EXPECT = ['exit 1',
 'root_cause driver.gpu.runtime_pm_error',
 'root_cause driver.kernel.unsupported',
 'check hardware.gpus pass',
 'check driver.gpu_init pass',
 'check driver.gpu_health fail',
 'finding driver.gpu.runtime_pm_error fail',
 'check runtime.hip_devices fail',
 'finding runtime.hip.no_devices fail']
README = """\
# baco-resume-oculink

An RX 7900 XTX (gfx1100, 1002:744c) connected through a passive M.2-to-OCuLink adapter to a laptop, Ubuntu 24.04 with kernel 7.0.0-31-generic and the in-tree amdgpu. The idle GPU was runtime-suspended (BACO) and did not come back: amdgpu stays bound, the DRM card and the KFD node are still there, but the device sits in runtime PM state `error` and the ROCm runtime sees no GPU.

## The real ticket

ROCm/TheRock#8232 (https://github.com/ROCm/TheRock/issues/8232), "RX 7900 XTX over M.2 OCuLink: BACO resume failure leaves ROCm unusable": "An RX 7900 XTX connected through a passive M.2-to-OCuLink adapter stopped being usable by ROCm after an amdgpu BACO runtime-resume failure. `rocminfo` then exited with `HSA_STATUS_ERROR_OUT_OF_RESOURCES`; a reboot with `amdgpu.runpm=0` restored enumeration and real HIP computation." Host: kernel `7.0.0-31-generic` (`7.0.0-31.31~24.04.1`), in-tree `/lib/modules/7.0.0-31-generic/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst`, INSYDE BIOS `1.07.17THZX5`, GPU `1002:744c`. The reporter calls it one captured episode, not a proven fix; ROCm/ROCm#6101 (a headless R9700) confirms the same chain and fix: "For a non-working system, runtime_status is 'error', power_state is D0", and "amdgpu.runpm=0 seems to be a magic bullet".

## Made from

`tools/machines/records/baco_resume_oculink.py`: a copy of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) (its README gives the sources of the GPU's sysfs) plus:

- The kernel of the thread: uname release `7.0.0-31-generic`, `/proc/version`, `/proc/cmdline` without `amdgpu.runpm=0`, `/lib/modules/7.0.0-31-generic/` with the in-tree amdgpu path the thread quotes; the DMI BIOS vendor and version quoted there.
- `power/runtime_status` `error` and `power_state` `D0` (the states ROCm/ROCm#6101 quotes for the broken card), `power/control` `auto` and `/sys/module/amdgpu/parameters/runpm` `-1` (the default that allows runtime PM; the fix sets 0).
- The kernel log: the base's boot lines, then a failed resume. The resume lines are not in the stored thread: they are the amdgpu text of a failed SMU resume quoted in ROCm/amdgpu#183 (`SMC is not ready`, `resume of IP block <smu> failed -5`, `amdgpu_device_ip_resume failed (-5).`), used here because a failed BACO resume goes through the same amdgpu_device_ip_resume path; inferred.
- A recorded HIP probe with `hipErrorNoDevice` (the HIP view of rocminfo's `HSA_STATUS_ERROR_OUT_OF_RESOURCES`: HIP enumerates no device when ROCr fails to initialise the agent); the probe's JSON is the helper's format, inferred.

## What the doctor must conclude

The installed ROCm 6.2.0 (the base's) does not list this kernel, so `driver.kernel.unsupported` is a second, warning-level root cause; true of such a host, and not the failure.

The GPU came up at boot (`driver.gpu_init` passes) but failed after initialisation: root cause `driver.gpu.runtime_pm_error` (check `driver.gpu_health`) with `power/runtime_status` and the resume lines as evidence and `amdgpu.runpm=0` as the fix; `runtime.hip_devices` fails as its symptom and names the failed GPU. Exit 1.

`EXPECT`:

```
exit 1
root_cause driver.gpu.runtime_pm_error
root_cause driver.kernel.unsupported
check hardware.gpus pass
check driver.gpu_init pass
check driver.gpu_health fail
finding driver.gpu.runtime_pm_error fail
check runtime.hip_devices fail
finding runtime.hip.no_devices fail
```
"""
