# SPDX-License-Identifier: MIT
"""w7900-raphael-rocm721: Radeon PRO W7900 (gfx1100) as GPU 0 and the Ryzen 7000's Raphael iGPU
(gfx1036, logged "Topology: Add dGPU node [0x164e:0x1002]") as GPU 1, ROCm 7.2.1: the host of
ROCm/ROCm#6137 after its fix, a negative control for that kernel line."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..gpu_parts import (IGPU_FIRST_DGPU, IGPU_FIRST_IGPU, KFD_NODES, mem_bank,
                         node_properties, pci_identity)
from ..probe_records import hip_load

NAME = 'w7900-raphael-rocm721'
BASE = 'igpu-780m-second'
ROCM, LIBV, HSAV, BLASV = '7.2.1', '7.2.70201', '1.18.70201', '5.2.70201'
_R = f'opt/rocm-{ROCM}'
_W7900_VRAM = 51522830336  # 48 GiB less the firmware reservation
# rocBLAS's Tensile targets as AMD's 7.2 packages ship them (recalled, not read from a package):
# the RDNA2-4 and Instinct targets, no gfx1036.
_TENSILE = ['gfx1030', 'gfx1100', 'gfx1101', 'gfx1102', 'gfx1150', 'gfx1151', 'gfx1200',
            'gfx1201', 'gfx908', 'gfx90a', 'gfx942', 'gfx950']
REMOVE = ['opt/rocm-6.2.0', 'opt/rocm']
MACHINE = {'description': 'Radeon PRO W7900 (gfx1100) as GPU 0, Raphael iGPU (gfx1036) as GPU 1, '
                          'Ubuntu 24.04, ROCm 7.2.1'}
FILES = {
    **pci_identity(IGPU_FIRST_IGPU, '0000:0e:00.0', 0x164e, 0xc7, 0x1043, 0x8877, 0x030000,
                   vram=536870912, gtt=33350000640),
    **pci_identity(IGPU_FIRST_DGPU, '0000:03:00.0', 0x7448, 0x00, 0x1002, 0x0e0d, 0x030000,
                   vram=_W7900_VRAM),
    f'{KFD_NODES}/1/properties': node_properties(110000, 0x7448, 768, 129, simd_count=192,
                                                 simd_per_cu=2, wave_front_size=32,
                                                 array_count=12, cu_per_simd_array=8,
                                                 fcompute=2495),
    f'{KFD_NODES}/1/mem_banks/0/properties': mem_bank(_W7900_VRAM, 384, 1124),
    f'{KFD_NODES}/1/name': 'gfx1100\n',
    # Raphael: 2 CUs (one array of 2, 2 SIMDs each), its memory the 512 MiB carve-out bank.
    f'{KFD_NODES}/2/properties': node_properties(100306, 0x164e, 3584, 128, simd_count=4,
                                                 simd_per_cu=2, wave_front_size=32,
                                                 array_count=1, cu_per_simd_array=2, sdma=1,
                                                 cp_queues=8, fcompute=2200, fw_version=23,
                                                 sdma_fw=14),
    f'{KFD_NODES}/2/mem_banks/0/properties': mem_bank(536870912, 64, 2400),
    f'{KFD_NODES}/2/name': 'gfx1036\n',
    f'{_R}/.info/version': f'{ROCM}-45\n',
    f'{_R}/lib/libamdhip64.so.{LIBV}': '',
    f'{_R}/lib/libhsa-runtime64.so.{HSAV}': '',
    f'{_R}/lib/librocblas.so.{BLASV}': '',
}
for _t in _TENSILE:
    FILES[f'{_R}/lib/rocblas/library/TensileLibrary_lazy_{_t}.dat'] = ''
    FILES[f'{_R}/lib/rocblas/library/Kernels.so-000-{_t}.hsaco'] = ''
LINKS = {'opt/rocm': f'rocm-{ROCM}',
         f'{_R}/lib/libamdhip64.so': 'libamdhip64.so.7',
         f'{_R}/lib/libamdhip64.so.7': f'libamdhip64.so.{LIBV}',
         f'{_R}/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
         f'{_R}/lib/libhsa-runtime64.so.1': f'libhsa-runtime64.so.{HSAV}',
         f'{_R}/lib/librocblas.so': 'librocblas.so.5',
         f'{_R}/lib/librocblas.so.5': f'librocblas.so.{BLASV}'}
PROBES = {
    'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
        '[drm] amdgpu kernel modesetting enabled.',
        'amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from VFCT',
        'amdgpu 0000:03:00.0: amdgpu: VRAM: 49136M 0x0000008000000000 - 0x0000008BFEFFFFFF '
        '(49136M used)',
        '[drm] Initialized amdgpu 3.57.0 20150101 for 0000:03:00.0 on minor 1',
        'amdgpu: Topology: Add dGPU node [0x7448:0x1002]',
        'kfd kfd: amdgpu: added device 1002:7448',
        'amdgpu 0000:0e:00.0: amdgpu: Fetched VBIOS from VFCT',
        '[drm] amdgpu: 512M of VRAM memory ready',
        '[drm] Initialized amdgpu 3.57.0 20150101 for 0000:0e:00.0 on minor 0',
        # Verbatim from ROCm/ROCm#6137 (AMD's comment of 2026-04-10; timestamps dropped):
        'amdgpu: Topology: Add dGPU node [0x164e:0x1002]',
        'kfd kfd: amdgpu: added device 1002:164e']},
    'hip-load': hip_load(f'/opt/rocm-{ROCM}/lib/libamdhip64.so.7')}
EXPECT = ['# ROCm 7.2.1 is past the support data (7.2 is the unknown release of rocm-release-unknown),',
 '# so no verdict; the Raphael line must bring no iGPU, atomics or init failure.',
 'exit 2',
 'root_cause libraries.rocblas.igpu_no_kernels',
 'check hardware.gpus pass',
 'check hardware.pcie_atomics pass',
 'check hardware.apu_memory pass',
 'check driver.gpu_init pass',
 'check driver.gpu_health pass',
 'check driver.kfd_topology pass',
 'check runtime.igpu_order pass',
 'check libraries.rocblas_kernels warn',
 'finding libraries.rocblas.igpu_no_kernels warn',
 'check runtime.gfx_support unknown',
 'finding runtime.gfx.support_unknown unknown']
README = """\
# w7900-raphael-rocm721

A Ryzen 7000 workstation: an AMD Radeon PRO W7900 (gfx1100, 1002:7448, 48 GiB) at 0000:03:00.0, which KFD enumerates first (GPU node 1, HIP device 0), and the CPU's Raphael iGPU (gfx1036, 1002:164e, 512 MiB carve-out) at 0000:0e:00.0 as GPU node 2 (HIP device 1); Ubuntu 24.04 with ROCm ROCM, the release that fixed the thread's GPU hang. amdgpu logs the Raphael iGPU as `Topology: Add dGPU node [0x164e:0x1002]`: the kernel's label, not a discrete GPU.

## The real ticket

ROCm/ROCm#6137 (https://github.com/ROCm/ROCm/issues/6137, stored as ROCm/legacy-rocm-build#6137), "GPU Hang on Radeon Pro W7900". AMD (harkgill-amd, 2026-04-10) quoted the reporter's kernel log:

```
[ 10.036135] amdgpu: Topology: Add dGPU node [0x164e:0x1002]
[ 10.036137] kfd kfd: amdgpu: added device 1002:164e
```

"looks like your system also has an iGPU which can sometimes get pulled into usage and cause some issues. Setting `export HIP_VISIBLE_DEVICES=0` will force all tasks onto your dGPU", and: "I'm leaning more towards it being one of the older ROCm 6 issues that we've since resolved ... (make sure to pull in the ROCm 7.2.1 amdgpu-dkms package as well)". The reporter (2026-04-16): "Ok i updated to ROCm 7.2.1 and now it seems to work. I will mark this as solved." Confirmed cause: an old ROCm 6 release, fixed by ROCm 7.2.1; the iGPU was a side note, not the cause. HIP_VISIBLE_DEVICES=0 hiding the iGPU means the W7900 was device 0.

## Made from

`tools/machines/records/w7900_raphael_rocm721.py`: a copy of [`igpu-780m-second`](../igpu-780m-second/) (a discrete GPU as KFD node 1 and an iGPU as node 2, Ubuntu 24.04, kernel 6.8) with:

- The dGPU made the W7900: PCI 0x7448 revision 0x00 (the GPU table's "AMD Radeon Pro W7900"), 48 GiB, KFD node 1 gfx1100 (`gfx_target_version` 110000, 96 CUs).
- The iGPU made Raphael: PCI 0x164e revision 0xc7, class 0x030000, 512 MiB carve-out, KFD node 2 gfx1036 (`gfx_target_version` 100306, 2 CUs).
- ROCm ROCM under /opt/rocm-ROCM (libamdhip64.so.7, libhsa-runtime64.so.1, librocblas.so.5 with Tensile libraries for the release's targets, none for gfx1036).
- The kernel log: both GPUs initialising, each with amdgpu's `Topology: Add dGPU node` line and KFD's `added device` line; the Raphael pair is the thread's, verbatim.

Inferred, not in the thread: the distribution and kernel (the base's; the thread names neither here), the in-tree amdgpu (the 7.2.1 amdgpu-dkms AMD advised is not modelled), subsystem ids, BDFs, the rocBLAS target list (recalled, not read from a 7.2.1 package), the W7900's own boot lines.

## What the doctor must conclude

The "Add dGPU node [0x164e:0x1002]" line must bring no failure: the iGPU is named by its PCI id and KFD properties, not by the kernel's label; PCIe atomics pass, both GPUs initialise, `driver.gpu_health` passes. The iGPU is visible to HIP (device 1) without rocBLAS kernels, so `libraries.rocblas.igpu_no_kernels` is a legitimate warning (the rule-3 advice: hide it with `ROCR_VISIBLE_DEVICES=0`, the index AMD gave as HIP_VISIBLE_DEVICES=0); `runtime.igpu_order` passes (the iGPU is second). ROCm 7.2.1 is newer than the doctor's support data (which ends at 7.1.x; 7.2 is the deliberately unknown release of `rocm-release-unknown`), so `runtime.gfx_support` cannot judge gfx1100 and the run ends without a verdict (exit 2); once the support data lists ROCm 7.2.1 this machine's verdict is exit 0 with the one warning.

`EXPECT`:

```
EXPECTLINES
```
""".replace('ROCM', ROCM).replace('EXPECTLINES', '\n'.join(EXPECT))
