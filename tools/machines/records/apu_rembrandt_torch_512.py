# SPDX-License-Identifier: MIT
"""apu-rembrandt-torch-512: Ryzen 7 6800U laptop, Radeon 680M (gfx1035) with the default 512 MiB
carve-out on kernel 6.8: PyTorch sees 'a total capacity of 512.00 MiB' (drm/amdkfd
89773b85599a)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..gpu_parts import KFD_NODES, PHOENIX, mem_bank, pci_identity

NAME = 'apu-rembrandt-torch-512'
BASE = 'phoenix-apu'
_GTT = 16106127360  # 15 GiB: the default, half of the RAM
MACHINE = {'description': 'Ryzen 7 6800U laptop, Radeon 680M (gfx1035) with a 512 MiB UMA '
                          'carve-out, kernel 6.8, HSA_OVERRIDE_GFX_VERSION=10.3.0',
           'env': {'HSA_OVERRIDE_GFX_VERSION': '10.3.0'}}
FILES = {
    **pci_identity(PHOENIX, '0000:64:00.0', 0x1681, 0xc8, 0x17aa, 0x3b1a, 0x030000,
                   vram=536870912, gtt=_GTT),
    f'{KFD_NODES}/1/mem_banks/0/properties': mem_bank(536870912, 128, 3200),
    f'{KFD_NODES}/1/properties': open(__file__.replace(
        'tools/machines/records/apu_rembrandt_torch_512.py',
        'tests/machines/phoenix-apu/' + KFD_NODES + '/1/properties')).read()
        .replace('gfx_target_version 110003', 'gfx_target_version 100305')
        .replace('device_id 5567', 'device_id 5761'),
    'proc/meminfo': 'MemTotal:       32587012 kB\nMemFree:        24117248 kB\n'
                    'MemAvailable:   27262976 kB\n',
}
PROBES = {'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
    '[drm] amdgpu kernel modesetting enabled.',
    'amdgpu 0000:64:00.0: amdgpu: Fetched VBIOS from VFCT',
    'amdgpu 0000:64:00.0: amdgpu: VRAM: 512M 0x000000F400000000 - 0x000000F41FFFFFFF (512M used)',
    '[drm] amdgpu: 512M of VRAM memory ready',
    '[drm] amdgpu: 15360M of GTT memory ready.',
    '[drm] Initialized amdgpu 3.57.0 20150101 for 0000:64:00.0 on minor 1',
    'kfd kfd: amdgpu: added device 1002:1681']}}
EXPECT = ['exit 0',
          'root_cause hardware.apu.carveout_small',
          'check hardware.apu_memory warn',
          'finding hardware.apu.carveout_small warn']
README = """\
# apu-rembrandt-torch-512

A Ryzen 7 6800U laptop (32 GB RAM) whose Radeon 680M (Rembrandt, gfx1035, 1002:1681 rev 0xc8) at 0000:64:00.0 has the firmware's default 512 MiB UMA carve-out and 15 GiB of GTT (the default, half of RAM), on Ubuntu 24.04's kernel 6.8.0-45-generic, ROCm 6.2.0, with `HSA_OVERRIDE_GFX_VERSION=10.3.0` (PyTorch's gfx1030 code for an RDNA2 APU).

## The real ticket

Linux kernel commit 89773b85599a, "drm/amdkfd: Let VRAM allocations go to GTT domain on small APUs" (Lang Yu, AMD; Reviewed-by Felix Kuehling; Linux 6.10; https://gitlab.freedesktop.org/drm/kernel/-/commit/89773b85599affe89dfc030aa1cb70d6ca7de4d3). Quoted from the commit message:

> Small APUs(i.e., consumer, embedded products) usually have a small carveout device memory which can't satisfy most compute workloads memory allocation requirements. We can't even run a Basic MNIST Example with a default 512MB carveout.

```
"torch.cuda.OutOfMemoryError: HIP out of memory. Tried to allocate
84.00 MiB. GPU 0 has a total capacity of 512.00 MiB of which 0 bytes
is free.
```

> Though we can change BIOS settings to enlarge carveout size, which is inflexible and may bring complaint. The solution is MI300A approach, i.e., let VRAM allocations go to GTT.

The confirmed fixes, from AMD's own commit: enlarge the carve-out in the firmware, or run a kernel with the commit (6.10+).

## Made from

`tools/machines/records/apu_rembrandt_torch_512.py`: a copy of [`phoenix-apu`](../phoenix-apu/) (the LACT Phoenix capture) turned into Rembrandt: PCI `device` 0x1681 rev 0xc8 ("AMD Radeon 680M" in the GPU table), subsystem 17aa:3b1a (assumed), `mem_info_vram_total` 536870912, `mem_info_gtt_total` 16106127360, KFD node 1 with gfx_target_version 100305 and device_id 0x1681 and its memory bank at the carve-out (before 6.10 KFD reports the carve-out), MemTotal 32587012 kB, the kernel log's VRAM/GTT lines in amdgpu's format, and the override in the environment. The commit names no machine: the laptop, its ids and the override are inferred; the 512 MiB carve-out and the PyTorch message are the commit's.

## What the doctor must conclude

`hardware.apu.carveout_small` (warn): the 680M, the only GPU, has a 512 MiB carve-out and kernel 6.8 is before 6.10, so PyTorch sees 512 MiB in all; raise UMA Frame Buffer Size, or move to Linux 6.10+ to allocate from the 15 GiB of GTT. Exit 0.

`EXPECT`:

```
""" + '\n'.join(EXPECT) + """
```
"""
