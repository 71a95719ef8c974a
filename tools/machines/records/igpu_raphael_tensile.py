# SPDX-License-Identifier: MIT
"""igpu-raphael-tensile: Raphael iGPU (gfx1036) enumerated before an RX 6800 XT; rocBLAS has no
gfx1036 Tensile library (CS1o/Stable-Diffusion-Info#6, Linux form of llama.cpp#14421)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..gpu_parts import (IGPU_FIRST_DGPU, KFD_NODES, ROCBLAS_620, mem_bank, node_properties,
                         pci_identity, rocblas)

NAME = 'igpu-raphael-tensile'
BASE = 'igpu-first'
_RB_FILES, _RB_LINKS = rocblas('opt/rocm-6.2.0', ROCBLAS_620)
MACHINE = {'description': 'Ryzen 7000 desktop: Raphael iGPU (gfx1036) first, RX 6800 XT '
                          '(gfx1030) second, ROCm 6.2.0 rocBLAS without gfx1036 kernels'}
FILES = {
    **pci_identity(IGPU_FIRST_DGPU, '0000:03:00.0', 0x73bf, 0xc1, 0x1da2, 0xe438, 0x030000,
                   vram=17163091968),
    f'{KFD_NODES}/2/properties': node_properties(100300, 0x73bf, 768, 129, simd_count=144,
                                                 simd_per_cu=2, wave_front_size=32,
                                                 array_count=8, cu_per_simd_array=9,
                                                 fcompute=2250),
    f'{KFD_NODES}/2/mem_banks/0/properties': mem_bank(17163091968, 256, 1000),
    f'{KFD_NODES}/2/name': 'gfx1030\n',
    **_RB_FILES,
}
LINKS = _RB_LINKS
PROBES = {'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
    '[drm] amdgpu kernel modesetting enabled.',
    'amdgpu 0000:0e:00.0: amdgpu: Fetched VBIOS from VFCT',
    'amdgpu 0000:0e:00.0: amdgpu: VRAM: 512M 0x000000F400000000 - 0x000000F41FFFFFFF (512M used)',
    '[drm] amdgpu: 512M of VRAM memory ready',
    '[drm] Initialized amdgpu 3.57.0 20150101 for 0000:0e:00.0 on minor 0',
    'kfd kfd: amdgpu: added device 1002:164e',
    'amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from ROM BAR',
    'amdgpu 0000:03:00.0: amdgpu: VRAM: 16368M 0x0000008000000000 - 0x00000083FEFFFFFF '
    '(16368M used)',
    '[drm] amdgpu: 16368M of VRAM memory ready',
    '[drm] Initialized amdgpu 3.57.0 20150101 for 0000:03:00.0 on minor 1',
    'kfd kfd: amdgpu: added device 1002:73bf']}}
EXPECT = ['exit 0',
          'root_cause runtime.igpu.first',
          'root_cause libraries.rocblas.igpu_no_kernels',
          'check runtime.igpu_order warn',
          'check libraries.rocblas_kernels warn',
          'finding libraries.rocblas.igpu_no_kernels warn',
          'check hardware.apu_memory pass',
          'check runtime.gfx_support pass']
README = """\
# igpu-raphael-tensile

A Ryzen 7000 desktop: the CPU's Raphael iGPU (gfx1036, 1002:164e, 512 MiB carve-out) at 0000:0e:00.0, which KFD enumerates first (GPU node 1), and an AMD Radeon RX 6800 XT (gfx1030, 1002:73bf rev 0xc1, 16 GiB) at 0000:03:00.0 (GPU node 2), ROCm 6.2.0 with rocBLAS whose Tensile library has gfx1030 but no gfx1036, no device-selection variable set.

## The real ticket

CS1o/Stable-Diffusion-Info#6 (https://github.com/CS1o/Stable-Diffusion-Info/issues/6), "rocBLAS error: Cannot read %HIP_PATH%bin\\rocblas/library\\TensileLibrary.dat", an "AMD 6800XT" host. Quoted:

```
rocBLAS error: Cannot read C:\\Program Files\\AMD\\ROCm\\6.1\\bin\\/rocblas/library/TensileLibrary.dat: No such file or directory for GPU arch : gfx1036
```

Confirmed cause and fix (repo owner, issue closed): "this is a hip bug as it found your CPUs iGPU (gfx1036) before your dedicated GPU. To fix this you have to open up the Device Manager and under Display Adapters disable the Radeon TM Graphics. Or you can add: HIP_VISIBLE_DEVICES=1". That thread is on Windows (HIP SDK 6.1.2); the same rocBLAS line on Linux is in ggml-org/llama.cpp#14421 (`... TensileLibrary.dat: No such file or directory for GPU arch : gfx1036`, with `Device 0: AMD Radeon Graphics, gfx1036 (0x1036)`) and LostRuins/koboldcpp#676 (maintainer: "you have an AMD CPU with integrated graphics that haven't been disabled in the BIOS"). This machine is the Linux form of that host.

## Made from

`tools/machines/records/igpu_raphael_tensile.py`: a copy of [`igpu-first`](../igpu-first/) (Raphael iGPU first, see its README for the sources of the sysfs) with its MI100 turned into the RX 6800 XT:

- PCI 0000:03:00.0: `device` 0x73bf, `revision` 0xc1 (the GPU table's "AMD Radeon RX 6800 XT"), subsystem 1da2:e438 (a Sapphire board; assumed), class 0x030000, `mem_info_vram_total` 17163091968 (the RX 6900 XT capture's 16 GiB figure), all of it CPU-visible (large BAR on, not the story).
- KFD node 2: gfx_target_version 100300, device_id 0x73bf, 72 CUs (simd_count 144, 2 SIMDs per CU), wave_front_size 32, a 16 GiB mem bank.
- The ROCm 6.2.0 rocBLAS: `librocblas.so.4.2.60200` (an empty placeholder) and `rocblas/library/TensileLibrary_lazy_<gfx>.dat` for the release's default targets (gfx1030, gfx1100-1102, gfx90x/94x, gfx1010/1012; recalled from the release, not read from a package), none for gfx1036, which is what the ticket's line says.
- The kernel log: both GPUs initialising, with the `[drm] amdgpu: 512M of VRAM memory ready` line format quoted in ROCm/ROCm#5562.

Inferred, not in the thread: the Linux distribution (the base's Ubuntu 24.04, kernel 6.8), the BDFs, the board.

## What the doctor must conclude

Not a node failure: the RX 6800 XT is covered. Two warnings, both naming the iGPU: `runtime.igpu.first` (the unsupported gfx1036 is HIP device 0, before the discrete GPU) and `libraries.rocblas.igpu_no_kernels` (rocBLAS has no gfx1036 Tensile library), each with the fix `export ROCR_VISIBLE_DEVICES=1`, computed from the KFD order (the RX 6800 XT is KFD GPU 1), or disabling the iGPU in the firmware setup. `hardware.apu_memory` passes: the iGPU's 512 MiB carve-out does not matter while the discrete GPU computes. Exit 0.

`EXPECT`:

```
""" + '\n'.join(EXPECT) + """
```
"""
