# SPDX-License-Identifier: MIT
"""igpu-picasso-rx6600: Ryzen 5 3400G (Picasso iGPU, gfx902) enumerated before an RX 6600
(gfx1032) with HSA_OVERRIDE_GFX_VERSION=10.3.0, Ubuntu 22.04.4 (ROCm/ROCm#3401)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..gpu_parts import (IGPU_FIRST_DGPU, IGPU_FIRST_IGPU, KFD_NODES, UBUNTU_2204,
                         kernel_release, mem_bank, node_properties, pci_identity)

NAME = 'igpu-picasso-rx6600'
BASE = 'igpu-raphael-tensile'
_COPY, _REMOVE, _KFILES, _UNAME = kernel_release(
    'igpu-raphael-tensile', '6.8.0-45-generic', '6.5.0-41-generic',
    '(buildd@lcy02-amd64-089) (x86_64-linux-gnu-gcc-12 (Ubuntu 12.3.0-1ubuntu1~22.04) 12.3.0, '
    'GNU ld (GNU Binutils for Ubuntu) 2.38) #41~22.04.2-Ubuntu SMP PREEMPT_DYNAMIC Mon Jun  3 '
    '11:32:55 UTC 2',
    'root=UUID=0b7a1f6e-3c55-4c1e-9d0a-5f2a5b9e1c11 ro quiet splash iommu=pt', UBUNTU_2204)
COPY = _COPY
REMOVE = _REMOVE
MACHINE = {'description': 'Ryzen 5 3400G (Picasso iGPU, gfx902) first, RX 6600 (gfx1032) second, '
                          'HSA_OVERRIDE_GFX_VERSION=10.3.0, Ubuntu 22.04.4',
           'uname': _UNAME,
           'env': {'HSA_OVERRIDE_GFX_VERSION': '10.3.0'}}
FILES = {
    **_KFILES,
    **pci_identity(IGPU_FIRST_IGPU, '0000:0e:00.0', 0x15d8, 0xc8, 0x1458, 0xd000, 0x030000,
                   vram=536870912, gtt=16106127360),
    **pci_identity(IGPU_FIRST_DGPU, '0000:03:00.0', 0x73ff, 0xc7, 0x1da2, 0xe448, 0x030000,
                   vram=8573157376),
    f'{KFD_NODES}/1/properties': node_properties(90002, 0x15d8, 3584, 128, simd_count=44,
                                                 simd_per_cu=4, wave_front_size=64,
                                                 array_count=1, cu_per_simd_array=11, sdma=1,
                                                 cp_queues=24, fcompute=1400, fw_version=470,
                                                 sdma_fw=47),
    f'{KFD_NODES}/1/mem_banks/0/properties': mem_bank(536870912, 64, 2933),
    f'{KFD_NODES}/1/name': 'raven\n',
    f'{KFD_NODES}/2/properties': node_properties(100302, 0x73ff, 768, 129, simd_count=56,
                                                 simd_per_cu=2, wave_front_size=32,
                                                 array_count=4, cu_per_simd_array=7,
                                                 fcompute=2491),
    f'{KFD_NODES}/2/mem_banks/0/properties': mem_bank(8573157376, 128, 1750),
    f'{KFD_NODES}/2/name': 'gfx1032\n',
}
PROBES = {'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
    '[drm] amdgpu kernel modesetting enabled.',
    'amdgpu 0000:0e:00.0: amdgpu: Fetched VBIOS from VFCT',
    '[drm] amdgpu: 512M of VRAM memory ready',
    '[drm] Initialized amdgpu 3.54.0 20150101 for 0000:0e:00.0 on minor 0',
    'kfd kfd: amdgpu: added device 1002:15d8',
    'amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from ROM BAR',
    '[drm] amdgpu: 8176M of VRAM memory ready',
    '[drm] Initialized amdgpu 3.54.0 20150101 for 0000:03:00.0 on minor 1',
    'kfd kfd: amdgpu: added device 1002:73ff']}}
EXPECT = ['exit 1',
          'root_cause runtime.env.gfx_override_invalid',
          'root_cause runtime.igpu.first',
          'check runtime.gfx_override fail',
          'check runtime.igpu_order warn',
          'check libraries.rocblas_kernels pass',
          'check hardware.apu_memory pass']
README = """\
# igpu-picasso-rx6600

An Ubuntu 22.04.4 desktop with a Ryzen 5 3400G, whose Picasso iGPU ("Radeon Vega 11", gfx902, 1002:15d8 rev 0xc8) KFD enumerates first (GPU node 1, 0000:0e:00.0, 512 MiB carve-out), and an AMD Radeon RX 6600 (gfx1032, 1002:73ff rev 0xc7, 8 GiB) at 0000:03:00.0 (GPU node 2); ROCm 6.2.0 with `HSA_OVERRIDE_GFX_VERSION=10.3.0` in the user's environment, no device-selection variable.

## The real ticket

ROCm/ROCm#3401 (https://github.com/ROCm/ROCm/issues/3401), "HIP error: invalid device function". Quoted from the report:

```
OS: {
NAME="Ubuntu"
VERSION="22.04.4 LTS (Jammy Jellyfish)"
}
CPU: AMD Ryzen 5 3400G with Radeon Vega Graphics
GPU: AMD Radeon RX 6600 (amdgcn-amd-amdhsa--gfx1032
```

Confirmed cause and fix (AMD, harkgill-amd): "we were able to reproduce this issue internally ... this is due to HIP using your integrated graphics rather than your discrete graphics. By setting `HIP_VISIBLE_DEVICES=1`, the issue is resolved as only the GPU will be visible to HIP applications."

## Made from

`tools/machines/records/igpu_picasso_rx6600.py`: a copy of [`igpu-raphael-tensile`](../igpu-raphael-tensile/) (an iGPU first, a discrete GPU second, ROCm 6.2.0 with rocBLAS) with:

- the iGPU turned into Picasso: PCI `device` 0x15d8 rev 0xc8 (the GPU table's "AMD Radeon Vega 11 Graphics", gfx902), KFD node 1 with gfx_target_version 90002 (kfd_device.c gives Raven/Picasso 90002), 11 CUs (simd_count 44, 4 SIMDs per CU, wave64), name `raven`, a 512 MiB carve-out and its mem bank;
- the RX 6600: PCI 0x73ff rev 0xc7 ("AMD Radeon RX 6600"), KFD node 2 with gfx_target_version 100302, 28 CUs (simd_count 56), 8 GiB;
- Ubuntu 22.04.4 (`/etc/os-release` as the thread quotes it) on its HWE kernel 6.5.0-41-generic (`/proc/version`, `/proc/cmdline`, uname, `/lib/modules/6.5.0-41-generic`);
- `HSA_OVERRIDE_GFX_VERSION=10.3.0` in the environment: **inferred** - the thread does not show the variables; an RX 6600 runs PyTorch's gfx1030 code only with this override (ROCm/ROCm#2353 and the support data), and AMD's reproduction was fixed by hiding the iGPU alone, so the discrete GPU's code was in place.

Inferred, not in the thread: the ROCm release (the base's 6.2.0; the thread predates it by a month), the BDFs, boards and carve-out, and that KFD put the iGPU first (AMD's fix, `HIP_VISIBLE_DEVICES=1`, says so for this host; on other boards the dGPU comes first).

## What the doctor must conclude

Both root causes name the iGPU, as AMD's reproduction did. First `runtime.env.gfx_override_invalid` (fail): the global `HSA_OVERRIDE_GFX_VERSION=10.3.0` the RX 6600 needs also makes the gfx902 iGPU at 0000:0e:00.0 run gfx1030 code, another family - the 'invalid device function' / crash of the thread. Then `runtime.igpu.first` (warn): the unsupported gfx902 is HIP device 0 before the RX 6600; fix `export ROCR_VISIBLE_DEVICES=1`, computed from the KFD order (AMD's `HIP_VISIBLE_DEVICES=1` is the same position here). With the override every GPU reports gfx1030, so the rocBLAS check passes and no library finding blames the RX 6600. `hardware.apu_memory` passes (the discrete GPU computes). Exit 1.

`EXPECT`:

```
""" + '\n'.join(EXPECT) + """
```
"""
