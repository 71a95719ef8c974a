# SPDX-License-Identifier: MIT
"""apu-780m-carveout-512: Ryzen 9 7940HS laptop, Radeon 780M with the default 512 MiB UMA
carve-out on kernel 6.8 (ollama/ollama#2637)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..gpu_parts import KFD_NODES, PHOENIX, mem_bank, pci_identity

NAME = 'apu-780m-carveout-512'
BASE = 'phoenix-apu'
MACHINE = {'description': 'Ryzen 9 7940HS laptop, Radeon 780M (gfx1103) with a 512 MiB UMA '
                          'carve-out, kernel 6.8, HSA_OVERRIDE_GFX_VERSION=11.0.0',
           'env': {'HSA_OVERRIDE_GFX_VERSION': '11.0.0'}}
FILES = {
    **pci_identity(PHOENIX, '0000:64:00.0', 0x15bf, 0xc1, 0x17aa, 0x50da, 0x030000,
                   vram=536870912, gtt=31433977856),
    # Before Linux 6.10 KFD reports an APU's carve-out as its local memory bank.
    f'{KFD_NODES}/1/mem_banks/0/properties': mem_bank(536870912, 128, 800),
}
PROBES = {'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
    '[drm] amdgpu kernel modesetting enabled.',
    'amdgpu 0000:64:00.0: amdgpu: Fetched VBIOS from VFCT',
    'amdgpu 0000:64:00.0: amdgpu: VRAM: 512M 0x0000008000000000 - 0x000000801FFFFFFF (512M used)',
    '[drm] amdgpu: 512M of VRAM memory ready',
    '[drm] amdgpu: 29977M of GTT memory ready.',
    '[drm] Initialized amdgpu 3.57.0 20150101 for 0000:64:00.0 on minor 1',
    'kfd kfd: amdgpu: added device 1002:15bf']}}
EXPECT = ['exit 0',
          'root_cause hardware.apu.carveout_small',
          'root_cause runtime.env.gfx_override_risky',
          'check hardware.apu_memory warn',
          'finding hardware.apu.carveout_small warn']
README = """\
# apu-780m-carveout-512

A Ryzen 7040 laptop whose Radeon 780M (gfx1103, 1002:15bf rev 0xc1) at 0000:64:00.0 has the firmware's default 512 MiB UMA carve-out (`mem_info_vram_total` 536870912) and about 29 GiB of GTT, on Ubuntu 24.04's kernel 6.8.0-45-generic, ROCm 6.2.0, with `HSA_OVERRIDE_GFX_VERSION=11.0.0` (the usual community override for gfx1103).

## The real ticket

ollama/ollama#2637 (https://github.com/ollama/ollama/issues/2637), "Integrated GPU support" (Ryzen 5800U, Radeon 780M and 5700G hosts in the thread, kernels 6.9/6.10 discussed). Quoted cause (contributor MaciejMogilany): "ollama officially bypasses integrated graphics. It does this by checking if VRAM is smaller than 1GB. And AMD set VRAM to 512MB by default", with the fix "go to your bios and increase VRAM size" or "install 6.9.9+ kernel"; the code quoted in the thread:

```
 		if totalMemory < IGPUMemLimit {
 			slog.Info("unsupported Radeon iGPU detected skipping", "id", gpuID, "total", format.HumanBytes2(totalMemory))
```

and ollama's log line on such a host (ollama#4836): `msg="unsupported Radeon iGPU detected skipping" id=1 total="512.0 MiB"`. Resolved for ollama by PR #13196 ("amd: use GTT on iGPUs on linux", "Fixes #2637").

## Made from

`tools/machines/records/apu_780m_carveout_512.py`: a copy of [`phoenix-apu`](../phoenix-apu/) (the LACT Phoenix capture; its carve-out was 4 GiB) with `mem_info_vram_total`/`mem_info_vis_vram_total` 536870912, the capture's `mem_info_gtt_total` 31433977856, the KFD mem bank at the carve-out (what KFD reports before 6.10), PCI revision 0xc1 ("AMD Radeon 780M Graphics" in the GPU table), the kernel log lines in amdgpu's format (`[drm] amdgpu: 512M of VRAM memory ready`, quoted in ROCm/ROCm#5562) and `HSA_OVERRIDE_GFX_VERSION=11.0.0` in the environment (inferred: the thread notes gfx1103 also needs it; a second, independent blocker).

## What the doctor must conclude

`hardware.apu.carveout_small` (warn): HIP and the frameworks see 512 MiB for the only GPU; kernel 6.8 is before 6.10, so KFD does not allocate from the 29 GiB of GTT; raise UMA Frame Buffer Size in the firmware setup (or move to Linux 6.10+). The override is `runtime.env.gfx_override_risky` as in `gfx-override-risky`. Warnings, exit 0.

`EXPECT`:

```
""" + '\n'.join(EXPECT) + """
```
"""
