# SPDX-License-Identifier: MIT
"""igpu-780m-second: Framework Laptop 16, RX 7700S (gfx1102) as KFD GPU 0 and the Radeon 780M
iGPU (gfx1103) as GPU 1; rocBLAS has no gfx1103 library (ggml-org/llama.cpp#8618)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..gpu_parts import (IGPU_FIRST_DGPU, IGPU_FIRST_IGPU, KFD_NODES, mem_bank,
                         node_properties, pci_identity)

NAME = 'igpu-780m-second'
BASE = 'igpu-raphael-tensile'
MACHINE = {'description': 'Framework Laptop 16: RX 7700S (gfx1102) is GPU 0, the Radeon 780M iGPU '
                          '(gfx1103) GPU 1, ROCm 6.2.0 rocBLAS without gfx1103'}
# KFD numbers the GPUs as amdgpu probes them; here the dGPU (node 1) comes before the iGPU
# (node 2), the order llama.cpp printed ("Device 0: AMD Radeon RX 7700S", "Device 1: AMD Radeon
# 780M"). The drm minors follow: card0/renderD128 stay with 0000:0e:00.0 (the iGPU dir of the
# base), so node 1 (the dGPU at 03:00.0) names render minor 129.
FILES = {
    **pci_identity(IGPU_FIRST_IGPU, '0000:0e:00.0', 0x15bf, 0xc1, 0xf111, 0x0007, 0x038000,
                   vram=536870912, gtt=31433977856),
    **pci_identity(IGPU_FIRST_DGPU, '0000:03:00.0', 0x7480, 0xc1, 0xf111, 0x0007, 0x030000,
                   vram=8573157376),
    f'{KFD_NODES}/1/properties': node_properties(110002, 0x7480, 768, 129, simd_count=64,
                                                 simd_per_cu=2, wave_front_size=32,
                                                 array_count=4, cu_per_simd_array=8,
                                                 fcompute=2208, fw_version=2080, sdma_fw=21),
    f'{KFD_NODES}/1/mem_banks/0/properties': mem_bank(8573157376, 128, 1125),
    f'{KFD_NODES}/1/name': 'gfx1102\n',
    f'{KFD_NODES}/2/properties': node_properties(110003, 0x15bf, 3584, 128, simd_count=24,
                                                 simd_per_cu=2, wave_front_size=32,
                                                 array_count=2, cu_per_simd_array=6, sdma=1,
                                                 cp_queues=8, fcompute=2700, fw_version=67,
                                                 sdma_fw=23),
    f'{KFD_NODES}/2/mem_banks/0/properties': mem_bank(31433977856, 128, 800),
    f'{KFD_NODES}/2/name': 'gfx1103\n',
}
PROBES = {'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
    '[drm] amdgpu kernel modesetting enabled.',
    'amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from ATRM',
    '[drm] amdgpu: 8176M of VRAM memory ready',
    '[drm] Initialized amdgpu 3.57.0 20150101 for 0000:03:00.0 on minor 1',
    'kfd kfd: amdgpu: added device 1002:7480',
    'amdgpu 0000:0e:00.0: amdgpu: Fetched VBIOS from VFCT',
    '[drm] amdgpu: 512M of VRAM memory ready',
    '[drm] Initialized amdgpu 3.57.0 20150101 for 0000:0e:00.0 on minor 0',
    'kfd kfd: amdgpu: added device 1002:15bf']}}
EXPECT = ['# gfx1102 is not in ROCm 6.2.0\'s official list (the support data), a runtime-layer',
          '# finding of its own; the iGPU\'s missing rocBLAS library is a warning with index 0.',
          'exit 1',
          'root_cause runtime.gfx.unsupported',
          'root_cause libraries.rocblas.igpu_no_kernels',
          'check libraries.rocblas_kernels warn',
          'finding libraries.rocblas.igpu_no_kernels warn',
          'check runtime.igpu_order pass',
          'check hardware.apu_memory pass']
README = """\
# igpu-780m-second

A Framework Laptop 16 with the graphics module: an AMD Radeon RX 7700S (gfx1102, 1002:7480 rev 0xc1, 8 GiB) at 0000:03:00.0, which KFD enumerates first (GPU node 1, HIP device 0), and the Ryzen 7040's Radeon 780M iGPU (gfx1103, 1002:15bf, 512 MiB carve-out) at 0000:0e:00.0 as GPU node 2 (HIP device 1); ROCm 6.2.0 whose rocBLAS has gfx1102 but no gfx1103 Tensile library; no device-selection variable.

## The real ticket

ggml-org/llama.cpp#8618 (https://github.com/ggml-org/llama.cpp/issues/8618), "Crashes when attempting to use iGPU: hipStreamCreateWithFlags: Returned hipErrorOutOfMemory". Quoted:

```
Device 0: AMD Radeon RX 7700S, compute capability 11.0, VMM: no
Device 1: AMD Radeon 780M, compute capability 11.0, VMM: no
```
```
CUDA error: out of memory
  current device: 1, in function stream at /home/mango/neuro/llama.cpp/ggml/src/./ggml-cuda/common.cuh:814
  hipStreamCreateWithFlags(&streams[device][stream], 0x01)
```

Confirmed by the reporter: it fails only "if i let it use my iGPU by not using HIP_VISIBLE_DEVICES=0"; with `HIP_VISIBLE_DEVICES=0` (the dGPU alone) it works. No maintainer root cause; closed stale. Here the iGPU is the **second** device, so the index that hides it is 0, not the 1 of ROCm/ROCm#3401.

## Made from

`tools/machines/records/igpu_780m_second.py`: a copy of [`igpu-raphael-tensile`](../igpu-raphael-tensile/) (ROCm 6.2.0 with rocBLAS) with the order reversed: KFD node 1 is the RX 7700S (gfx_target_version 110002, 32 CUs, 8 GiB, location 03:00.0, render minor 129) and node 2 the 780M (110003, 12 CUs as in the LACT Phoenix capture, location 0e:00.0, render minor 128, its mem bank the capture's GTT-sized bank); PCI ids 0x7480 rev 0xc1 (the GPU table's "AMD Radeon RX 7700S") and 0x15bf rev 0xc1 (780M), subsystem f111:0007 (Framework; assumed); the 780M with the default 512 MiB carve-out and the capture's GTT.

Inferred, not in the thread: distribution, kernel (the base's Ubuntu 24.04, 6.8) and ROCm release (6.2.0), BDFs, carve-out. The OOM of the thread is not modelled as such; the machine carries what a diagnoser can see before running llama.cpp: the iGPU visible to HIP without library kernels.

## What the doctor must conclude

`libraries.rocblas.igpu_no_kernels` (warn): rocBLAS has no gfx1103 library for the integrated 780M (HIP device 1) beside the RX 7700S; fix `export ROCR_VISIBLE_DEVICES=0`, computed from the KFD order (the reporter's `HIP_VISIBLE_DEVICES=0`). `runtime.igpu_order` passes with a note (the iGPU comes after the discrete GPU), `hardware.apu_memory` passes (the discrete GPU computes). Separately, the support data does not list gfx1102 as official in ROCm 6.2.0, so `runtime.gfx.unsupported` is a root cause of its own for the RX 7700S (the reporter ran it natively). Exit 1.

`EXPECT`:

```
""" + '\n'.join(EXPECT) + """
```
"""
