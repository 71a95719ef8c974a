# SPDX-License-Identifier: MIT
"""mi100-runpm-smu-resume: Instinct MI100 (gfx908) on Arch Linux with amdgpu.runpm=1 whose
runtime resume failed in the SMU ("SMC is not ready", "resume of IP block <smu> failed -5"):
rocminfo fails with HSA_STATUS_ERROR_OUT_OF_RESOURCES (ROCm/amdgpu#183)."""
import os

from ..core import REPO
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..gpu_parts import pci_identity
from ..probe_records import hip_load, hip_no_device

NAME = 'mi100-runpm-smu-resume'
BASE = 'rx7900xtx-healthy'
REL = '6.13.1-arch1-1'
ROCM, LIBV, HSAV = '6.2.4', '6.2.60204', '1.14.60204'
_BR1 = 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0'
_BR2 = _BR1 + '/0000:02:00.0'
GPU = _BR2 + '/0000:03:00.0'
NODE = 'sys/devices/virtual/kfd/kfd/topology/nodes/1/properties'
_VERSION = '#1 SMP PREEMPT_DYNAMIC Sat, 01 Feb 2025 18:35:03 +0000'
BANNER = (f'Linux version {REL} (linux@archlinux) (gcc (GCC) 14.2.1 20250128, GNU ld (GNU Binutils) '
          f'2.43.1) {_VERSION}')
_MI100_VRAM = 34342961152  # 32 GiB HBM2 less the firmware reservation, as amdgpu reports it
REMOVE = ['lib/modules/6.8.0-45-generic', 'opt/rocm-6.2.0', 'opt/rocm',
          'etc/ld.so.conf.d/10-rocm-opencl.conf',
          # Navi31's overclocking table: Arcturus has no OD interface
          GPU + '/pp_od_clk_voltage']
MACHINE = {'description': 'Instinct MI100 (gfx908), Arch Linux kernel 6.13.1 with amdgpu.runpm=1, '
                          'ROCm 6.2.4: the runtime resume failed in the SMU',
           'uname': {'release': REL, 'version': _VERSION},
           'user': {'groups': REPLACE(['alice', 'wheel', 'video', 'render'])}}
FILES = pci_identity(GPU, '0000:03:00.0', 0x738c, 0x01, 0x1002, 0x0c34, 0x038000,
                     vram=_MI100_VRAM)
FILES.update({
    f'{GPU}/vbios_version': '113-D3431500-101\n',
    # The PM core's view after amdgpu_pmops_runtime_resume returned -5: rpm_callback stores the
    # error in power.runtime_error and runtime_status_show prints "error" until it is cleared.
    f'{GPU}/power/runtime_status': 'error\n',
    f'{GPU}/power/control': 'auto\n',
    f'{GPU}/power_state': 'D0\n',
    # Arcturus enables BACO runtime PM only when asked (amdgpu_driver_load_kms: runpm > 0 for
    # CHIP_VEGA20/CHIP_ARCTURUS): the thread's "enableing runtime pm" is amdgpu.runpm=1.
    'sys/module/amdgpu/parameters/runpm': '1\n',
    # A server's PCIe switch in front of the GPU (Broadcom PEX88000), not Navi31's on-card ports.
    f'{_BR1}/vendor': '0x1000\n', f'{_BR1}/device': '0xc010\n',
    f'{_BR2}/vendor': '0x1000\n', f'{_BR2}/device': '0xc010\n',
    'proc/version': BANNER + '\n',
    'proc/cmdline': 'BOOT_IMAGE=/vmlinuz-linux root=UUID=5c1e7a2d-93b4-4f0e-8d61-2a7b3c9e4f10 rw '
                    'loglevel=3 amdgpu.runpm=1\n',
    'etc/os-release': 'NAME="Arch Linux"\nPRETTY_NAME="Arch Linux"\nID=arch\nBUILD_ID=rolling\n'
                      'ANSI_COLOR="38;2;23;147;209"\nHOME_URL="https://archlinux.org/"\n'
                      'LOGO=archlinux-logo\n',
    'etc/group': 'root:x:0:root\nwheel:x:998:alice\nvideo:x:985:alice\nrender:x:989:alice\n'
                 'alice:x:1000:\nnobody:x:65534:\n',
    f'lib/modules/{REL}/modules.dep':
        'kernel/drivers/gpu/drm/drm.ko.zst:\n'
        'kernel/drivers/gpu/drm/scheduler/gpu-sched.ko.zst: kernel/drivers/gpu/drm/drm.ko.zst\n'
        'kernel/drivers/gpu/drm/ttm/ttm.ko.zst: kernel/drivers/gpu/drm/drm.ko.zst\n'
        'kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst: '
        'kernel/drivers/gpu/drm/scheduler/gpu-sched.ko.zst kernel/drivers/gpu/drm/ttm/ttm.ko.zst '
        'kernel/drivers/gpu/drm/drm.ko.zst\n',
    f'lib/modules/{REL}/modules.builtin': 'kernel/drivers/pci/pcieport.ko\n',
    f'lib/modules/{REL}/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst': '',
    # Arch's rocm packages install into /opt/rocm itself (no versioned directory).
    'etc/ld.so.conf.d/rocm.conf': '/opt/rocm/lib\n',
    'opt/rocm/.info/version': f'{ROCM}\n',
    f'opt/rocm/lib/libamdhip64.so.{LIBV}': '',
    f'opt/rocm/lib/libhsa-runtime64.so.{HSAV}': '',
})
LINKS = {'opt/rocm/lib/libamdhip64.so': 'libamdhip64.so.6',
         'opt/rocm/lib/libamdhip64.so.6': f'libamdhip64.so.{LIBV}',
         'opt/rocm/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
         'opt/rocm/lib/libhsa-runtime64.so.1': f'libhsa-runtime64.so.{HSAV}'}
# The base's KFD node made the MI100's: gfx908, device 0x738c, 120 CUs of 4 SIMDs, wave64.
with open(os.path.join(REPO, 'tests', 'machines', BASE, NODE)) as _f:
    FILES[NODE] = (_f.read().replace('gfx_target_version 110000', 'gfx_target_version 90008')
                   .replace('device_id 29772', 'device_id 29580')
                   .replace('simd_count 192', 'simd_count 480')
                   .replace('wave_front_size 32', 'wave_front_size 64')
                   .replace('array_count 12', 'array_count 8')
                   .replace('cu_per_simd_array 8', 'cu_per_simd_array 15')
                   .replace('simd_per_cu 2', 'simd_per_cu 4')
                   .replace('max_engine_clk_fcompute 2526', 'max_engine_clk_fcompute 1502'))
PROBES = {
    'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
        BANNER,
        'Command line: BOOT_IMAGE=/vmlinuz-linux root=UUID=5c1e7a2d-93b4-4f0e-8d61-2a7b3c9e4f10 '
        'rw loglevel=3 amdgpu.runpm=1',
        '[drm] amdgpu kernel modesetting enabled.',
        'amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from ROM BAR',
        'amdgpu 0000:03:00.0: amdgpu: ATOM BIOS: 113-D3431500-101',
        'amdgpu 0000:03:00.0: amdgpu: VRAM: 32752M 0x0000008000000000 - 0x00000087FEFFFFFF '
        '(32752M used)',
        '[drm] Initialized amdgpu 3.61.0 20150101 for 0000:03:00.0 on minor 0',
        'kfd kfd: amdgpu: added device 1002:738c',
        # Verbatim from ROCm/amdgpu#183 (timestamps dropped as /dev/kmsg's reader does):
        'amdgpu 0000:03:00.0: amdgpu: PSP is resuming...',
        'amdgpu 0000:03:00.0: amdgpu: reserve 0x400000 from 0x87fe800000 for PSP TMR',
        'amdgpu 0000:03:00.0: amdgpu: RAP: optional rap ta ucode is not available',
        'amdgpu 0000:03:00.0: amdgpu: SMU is resuming...',
        'amdgpu 0000:03:00.0: amdgpu: SMC is not ready',
        'amdgpu 0000:03:00.0: amdgpu: SMC engine is not correctly up!',
        'amdgpu 0000:03:00.0: amdgpu: resume of IP block <smu> failed -5',
        'amdgpu 0000:03:00.0: amdgpu: amdgpu_device_ip_resume failed (-5).']},
    'hip-load': hip_load('/opt/rocm/lib/libamdhip64.so.6'),
    'hip-probe': hip_no_device(60241134, 0.38)}
EXPECT = ['exit 1',
 'root_cause driver.gpu.runtime_pm_error',
 'check hardware.gpus pass',
 'check driver.gpu_init pass',
 'check driver.gpu_health fail',
 'finding driver.gpu.runtime_pm_error fail',
 'check runtime.hip_devices fail',
 'finding runtime.hip.no_devices fail']
README = """\
# mi100-runpm-smu-resume

An AMD Instinct MI100 (Arcturus, gfx908, 1002:738c, VBIOS 113-D3431500-101) at 0000:03:00.0 in a server on Arch Linux (kernel REL, the in-tree amdgpu) with the distribution's ROCm ROCM, booted with `amdgpu.runpm=1`. amdgpu and KFD came up at boot; the idle MI100 was then runtime-suspended (BACO) and its resume failed in the SMU, leaving the GPU bound but unusable: rocminfo fails with `HSA_STATUS_ERROR_OUT_OF_RESOURCES`.

## The real ticket

ROCm/amdgpu#183 (https://github.com/ROCm/amdgpu/issues/183), "[Issue]: enableing runtime pm causes failure to resume smu on mi100" (IMbackK, 2025-02-05, closed; kernels 6.6.75 with amdgpu-dkms and 6.13.1 with upstream amdgpu; several MI100 at 0000:03:00.0, 0000:83:00.0, ...). The kernel log of the thread, carried verbatim:

```
amdgpu 0000:03:00.0: amdgpu: PSP is resuming...
amdgpu 0000:03:00.0: amdgpu: reserve 0x400000 from 0x87fe800000 for PSP TMR
amdgpu 0000:03:00.0: amdgpu: RAP: optional rap ta ucode is not available
amdgpu 0000:03:00.0: amdgpu: SMU is resuming...
amdgpu 0000:03:00.0: amdgpu: SMC is not ready
amdgpu 0000:03:00.0: amdgpu: SMC engine is not correctly up!
amdgpu 0000:03:00.0: amdgpu: resume of IP block <smu> failed -5
amdgpu 0000:03:00.0: amdgpu: amdgpu_device_ip_resume failed (-5).
```

and its rocminfo: "Failed to open /dev/dri/renderD129: Invalid argument", "hsa api call failure at: /usr/src/debug/rocminfo/rocminfo-rocm-6.2.4/rocminfo.cc:1306", "Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES". The reporter: "The mi100 have entered a failed state before the machine is sufficently booted to be interactive, runtime suspend/resume happens fairly often". Confirmed cause: the title's trigger, enabling runtime PM on the MI100 (the resume of its SMU fails); the thread's closing comment is not in the stored copy, so the fix is the one the title implies (runtime PM off, `amdgpu.runpm=0`).

## Made from

`tools/machines/records/mi100_runpm_smu_resume.py`: a copy of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) with:

- The GPU made an MI100: PCI device 0x738c revision 0x01, subsystem 1002:0c34, class 0x038000 (display-other, the headless Instinct class), 32 GiB VRAM, the thread's VBIOS; the KFD node gfx908 (`gfx_target_version` 90008, `device_id` 29580, 120 CUs of 4 SIMDs, wave64); no overclocking table. The two bridges above it are a server's PCIe switch (Broadcom 1000:c010), not Navi31's on-card ports.
- Arch Linux: os-release, kernel REL (the thread's upstream kernel; uname, /proc/version, /proc/cmdline, /lib/modules/REL with the in-tree amdgpu.ko.zst), groups (wheel), ROCm ROCM in /opt/rocm itself (the thread's `/usr/src/debug/rocminfo/rocminfo-rocm-6.2.4` path is Arch's debug-package layout), /etc/ld.so.conf.d/rocm.conf.
- `amdgpu.runpm=1` on the command line and in /sys/module/amdgpu/parameters/runpm: Arcturus enables BACO runtime PM only when runpm is 1 (amdgpu_driver_load_kms), which is what "enableing runtime pm" means.
- `power/runtime_status` `error`, `power/control` `auto`, `power_state` `D0`: when amdgpu's runtime-resume callback returns -5 the PM core stores it in power.runtime_error and the attribute reads `error` (drivers/base/power/runtime.c, sysfs.c).
- The kernel log: boot lines of this GPU, then the thread's resume lines verbatim (timestamps dropped, as the kmsg reader stores them).
- A hip-load probe that loaded libamdhip64 and a HIP probe with `hipErrorNoDevice` (the HIP view of rocminfo's failure).

Inferred, not in the thread: one MI100 instead of several (so the render node is renderD128, not the thread's renderD129), runtime_status (from the kernel source, not posted), the boot lines, the PCI bridges, subsystem, library sonames, groups.

## What the doctor must conclude

The GPU came up at boot (`driver.gpu_init` passes) but failed after initialisation: root cause `driver.gpu.runtime_pm_error` (check `driver.gpu_health` fails), with power/runtime_status, amdgpu.runpm (1) and the thread's `resume of IP block <smu> failed -5` line as evidence and `amdgpu.runpm=0` as the fix; `runtime.hip_devices` fails as its symptom. The SMU resume lines alone would be `driver.gpu.resume_failed`; a real host whose runtime resume failed also shows runtime_status `error`, and the doctor names the more specific runtime-PM failure. Exit 1.

`EXPECT`:

```
EXPECTLINES
```
""".replace('REL', REL).replace('ROCM', ROCM).replace('EXPECTLINES', '\n'.join(EXPECT))
