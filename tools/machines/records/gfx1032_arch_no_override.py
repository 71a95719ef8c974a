# SPDX-License-Identifier: MIT
"""gfx1032-arch-no-override: RX 6600 (gfx1032) on Arch Linux with the distribution's ROCm 5.4.3
and no HSA_OVERRIDE_GFX_VERSION: "hipErrorNoBinaryForGpu" (ROCm/ROCm#2061)."""
import os

from ..core import REPO
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..probe_records import hip_load

NAME = 'gfx1032-arch-no-override'
BASE = 'gfx-unsupported'
REL = '6.2.11-arch1-1'
ROCM, LIBV, HSAV = '5.4.3', '5.4.50403', '1.7.50403'
GPU = 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0'
NODE = 'sys/devices/virtual/kfd/kfd/topology/nodes/1/properties'
BANNER = (f'Linux version {REL} (linux@archlinux) (gcc (GCC) 12.2.1 20230201, GNU ld (GNU Binutils) '
          '2.40) #1 SMP PREEMPT_DYNAMIC Thu, 13 Apr 2023 16:59:24 +0000')
REMOVE = ['lib/modules/6.8.0-45-generic', 'opt/rocm-6.2.0', 'opt/rocm',
          'etc/ld.so.conf.d/10-rocm-opencl.conf']
MACHINE = {'description': 'RX 6600 (gfx1032), Arch Linux, ROCm 5.4.3 from the Arch repositories, no '
                          'HSA_OVERRIDE_GFX_VERSION',
           'uname': {'release': REL,
                     'version': '#1 SMP PREEMPT_DYNAMIC Thu, 13 Apr 2023 16:59:24 +0000'}}
PROBES = {
    'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
        BANNER,
        '[drm] amdgpu kernel modesetting enabled.',
        'amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from VFCT',
        'amdgpu 0000:03:00.0: amdgpu: VRAM: 8176M 0x0000008000000000 - 0x00000081FEFFFFFF (8176M used)',
        '[drm] Initialized amdgpu 3.49.0 20150101 for 0000:03:00.0 on minor 0',
        'kfd kfd: amdgpu: added device 1002:73ff']},
    'hip-load': hip_load('/opt/rocm/lib/libamdhip64.so.5')}
FILES = {
    f'{GPU}/device': '0x73ff\n',
    f'{GPU}/revision': '0xc7\n',
    f'{GPU}/subsystem_vendor': '0x1da2\n',
    f'{GPU}/subsystem_device': '0xe448\n',
    f'{GPU}/mem_info_vram_total': '8573157376\n',
    f'{GPU}/mem_info_vis_vram_total': '8573157376\n',
    f'{GPU}/uevent': 'DRIVER=amdgpu\nPCI_CLASS=30000\nPCI_ID=1002:73FF\nPCI_SUBSYS_ID=1DA2:E448\n'
                     'PCI_SLOT_NAME=0000:03:00.0\n'
                     'MODALIAS=pci:v00001002d000073FFsv00001DA2sd0000E448bc03sc00i00\n',
    'proc/version': BANNER + '\n',
    'proc/cmdline': f'BOOT_IMAGE=/vmlinuz-linux root=UUID=8e2c4d71-0b9a-4f3e-a6d5-1c7b9e0f2a38 rw '
                    'loglevel=3 quiet\n',
    'etc/os-release': 'NAME="Arch Linux"\nPRETTY_NAME="Arch Linux"\nID=arch\nBUILD_ID=rolling\n'
                      'ANSI_COLOR="38;2;23;147;209"\nHOME_URL="https://archlinux.org/"\n'
                      'LOGO=archlinux-logo\n',
    f'lib/modules/{REL}/modules.dep':
        'kernel/drivers/gpu/drm/drm.ko.zst:\n'
        'kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst: kernel/drivers/gpu/drm/drm.ko.zst\n',
    f'lib/modules/{REL}/modules.builtin': 'kernel/drivers/pci/pcieport.ko\n',
    f'lib/modules/{REL}/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst': '',
    'etc/ld.so.conf.d/rocm.conf': '/opt/rocm/lib\n',
    'opt/rocm/.info/version': f'{ROCM}\n',
    f'opt/rocm/lib/libamdhip64.so.{LIBV}': '',
    f'opt/rocm/lib/libhsa-runtime64.so.{HSAV}': '',
}
LINKS = {'opt/rocm/lib/libamdhip64.so': 'libamdhip64.so.5',
         'opt/rocm/lib/libamdhip64.so.5': f'libamdhip64.so.{LIBV}',
         'opt/rocm/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
         'opt/rocm/lib/libhsa-runtime64.so.1': f'libhsa-runtime64.so.{HSAV}'}
# The base's KFD node, as committed (a generated machine: the same bytes a regeneration writes).
with open(os.path.join(REPO, 'tests', 'machines', BASE, NODE)) as _f:
    FILES[NODE] = (_f.read().replace('gfx_target_version 100301', 'gfx_target_version 100302')
                   .replace('device_id 29663', 'device_id 29695')
                   .replace('simd_count 80', 'simd_count 56')
                   .replace('cu_per_simd_array 10', 'cu_per_simd_array 7'))
# The confirmed cause: gfx1032 is not in ROCm 5.4.3's GPU Support Table (AMD's docs-5.4.3 page, a
# row of checks/data/rocm_support.csv since the 5.x releases were added) and the same-family
# gfx1030 is, so the fix is the thread's HSA_OVERRIDE_GFX_VERSION=10.3.0.
EXPECT = ['exit 1',
 'root_cause runtime.gfx.unsupported',
 'check hardware.gpus pass',
 'check driver.kfd_topology pass',
 'check runtime.rocm pass',
 'check runtime.gfx_support fail',
 'finding runtime.gfx.unsupported fail',
 'check runtime.gfx_override pass']
README = """\
# gfx1032-arch-no-override

A desktop with an RX 6600 (Navi23, gfx1032, 1002:73ff rev 0xc7, 28 CUs, 8 GiB) and an i5-8400 on Arch Linux (kernel REL), with ROCm ROCM from the Arch repositories (`yay -S rocm-hip-sdk rocm-opencl-sdk`), and no `HSA_OVERRIDE_GFX_VERSION`: every HIP program aborts with "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!".

## The real ticket

ROCm/ROCm#2061 (https://github.com/ROCm/ROCm/issues/2061, also ROCm/legacy-rocm-build#2061), "ROCm for koboldai hipErrorNoBinaryForGpu: Unable to find code object for all current devices!". Verbatim from the reporter: "i have an rx 6600 and a i5 8400 ... it just spits out hipErrorNoBinaryForGpu: Unable to find code object for all current devices! every time ... im using arch and installed rocm with AUR like this yay -S rocm-hip-sdk rocm-opencl-sdk". Confirmed fix, by the reporter the next day: "oh wow it actually works for me now kinda weird how just a wine liner can fix it thank you i guess it is as simple as export HSA_OVERRIDE_GFX_VERSION=10.3.0" (issue closed).

## Made from

`tools/machines/records/gfx1032_arch_no_override.py`: a copy of [`gfx-unsupported`](../gfx-unsupported/) (an RDNA2 desktop, amdgpu bound, KFD node, /dev/kfd and render access for alice) with the GPU made the thread's RX 6600 (PCI device 0x73ff, revision 0xc7, 8 GiB VRAM, KFD `gfx_target_version` 100302, `device_id` 29695, 56 SIMDs = 28 CUs) and Arch Linux: os-release, kernel REL (uname, /proc/version, /proc/cmdline), /lib/modules/REL with the in-tree amdgpu.ko.zst, Arch's ROCm layout (/opt/rocm itself, not a versioned directory, with `.info/version` ROCM, libamdhip64.so.5 and libhsa-runtime64.so.1, /etc/ld.so.conf.d/rocm.conf), a kernel log naming 1002:73ff.

Inferred, not in the thread: the ROCm release (Arch's rocm-hip-sdk in April 2023 was 5.4.3), the kernel (Arch's of that week), the board (subsystem 1da2:e448), the PCI slot, the library sonames' patch numbers, the kernel log lines (the thread posted none).

## What the doctor must conclude

Root cause `runtime.gfx.unsupported` (check `runtime.gfx_support` fails, exit 1): gfx1032 is not in ROCm ROCM's GPU Support Table (AMD's per-release page, docs/release/gpu_os_support.md of ROCm/ROCm's docs/ROCM branch: gfx90a, gfx908, gfx906 and gfx1030 only), while the same-family gfx1030 is; the fix the doctor gives is the thread's `export HSA_OVERRIDE_GFX_VERSION=10.3.0` (gfx1030 code objects; the same ISA, unofficial). Until the 5.x releases were added to checks/data/rocm_support.csv the doctor could not judge ROCm 5.4.3 and ended without a verdict (exit 2, `runtime.gfx.support_unknown`).

`EXPECT`:

```
EXPECTLINES
```
""".replace('REL', REL).replace('ROCM', ROCM).replace('EXPECTLINES', '\n'.join(EXPECT))
