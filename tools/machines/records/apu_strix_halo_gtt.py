# SPDX-License-Identifier: MIT
"""apu-strix-halo-gtt: Ryzen AI Max+ 395 (gfx1151), 512 MiB carve-out, 108 GiB GTT on kernel
6.14 (ollama/ollama#12062; kernel of ROCm/ROCm#5595)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..gpu_parts import KFD_NODES, PHOENIX, kernel_release, mem_bank, pci_identity

NAME = 'apu-strix-halo-gtt'
BASE = 'phoenix-apu'
_GTT = 115964116992  # 108 GiB
_COPY, _REMOVE, _KFILES, _UNAME = kernel_release(
    'phoenix-apu', '6.8.0-45-generic', '6.14.0-1014-oem',
    '(buildd@lcy02-amd64-100) (x86_64-linux-gnu-gcc-13 (Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0, '
    'GNU ld (GNU Binutils for Ubuntu) 2.42) #14-Ubuntu SMP PREEMPT_DYNAMIC Thu Sep 11 10:15:06 '
    'UTC 2025',
    'root=UUID=d55f0c3f-88f5-4c65-a93a-285c1a30361c ro quiet splash vt.handoff=7')
COPY = _COPY
REMOVE = _REMOVE
MACHINE = {'description': 'Ryzen AI Max+ 395 (Strix Halo, gfx1151) with a 512 MiB carve-out and '
                          '108 GiB GTT, kernel 6.14.0-1014-oem',
           'uname': _UNAME}
FILES = {
    **_KFILES,
    **pci_identity(PHOENIX, '0000:64:00.0', 0x1586, 0xc1, 0x1f66, 0x0101, 0x030000,
                   vram=536870912, gtt=_GTT),
    # From 6.10 KFD gives a small APU's GTT as its memory bank (the LACT Phoenix capture, 6.10+,
    # has the GTT size there too).
    f'{KFD_NODES}/1/mem_banks/0/properties': mem_bank(_GTT, 256, 1000),
    f'{KFD_NODES}/1/properties': open(__file__.replace(
        'tools/machines/records/apu_strix_halo_gtt.py',
        'tests/machines/phoenix-apu/' + KFD_NODES + '/1/properties')).read()
        .replace('gfx_target_version 110003', 'gfx_target_version 110501')
        .replace('device_id 5567', 'device_id 5510')
        .replace('simd_count 24', 'simd_count 80')
        .replace('cu_per_simd_array 6', 'cu_per_simd_array 10')
        .replace('array_count 2', 'array_count 4'),
    'proc/meminfo': 'MemTotal:       130530868 kB\nMemFree:        126441272 kB\n'
                    'MemAvailable:   127950112 kB\n',
}
PROBES = {'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
    '[drm] amdgpu kernel modesetting enabled.',
    'amdgpu 0000:64:00.0: amdgpu: Fetched VBIOS from VFCT',
    '[drm] amdgpu: 512M of VRAM memory ready',
    '[drm] amdgpu: 110592M of GTT memory ready.',
    '[drm] Initialized amdgpu 3.61.0 20150101 for 0000:64:00.0 on minor 1',
    'kfd kfd: amdgpu: added device 1002:1586']}}
EXPECT = ['# ROCm 6.2.0 (the base install) predates Strix Halo: gfx1151 and kernel 6.14 are not',
          '# in its lists, two findings of their own; the carve-out is information only.',
          'exit 1',
          'root_cause runtime.gfx.unsupported',
          'root_cause driver.kernel.unsupported',
          'check hardware.apu_memory pass',
          'finding hardware.apu.carveout_small_gtt info']
README = """\
# apu-strix-halo-gtt

A Ryzen AI Max+ 395 ("Strix Halo", Radeon 8060S, gfx1151, 1002:1586 rev 0xc1) at 0000:64:00.0 with 128 GB of RAM, the firmware's 512 MiB UMA carve-out (`mem_info_vram_total` 536870912) and 108 GiB of GTT (`mem_info_gtt_total` 115964116992), on Ubuntu 24.04's OEM kernel 6.14.0-1014-oem.

## The real ticket

ollama/ollama#12062 (https://github.com/ollama/ollama/issues/12062), "AMD APU (gfx1151) - VRAM reported as total memory, large GTT ignored -> GPU wrongly rejected / underutilized". Quoted:

```
* Hardware: AMD Ryzen AI Strix Halo  / gfx1151 APU
* VRAM 512 MiB
* GTT 108 GB (out of total 128GB)
```

> The relevant code is in **`discover/amd_linux.go`**, which reads `mem_info_vram_total` but does not add `mem_info_gtt_total`.

Fixed by the merged ollama PR #13196 ("amd: use GTT on iGPUs on linux": "On Linux, look at the GTT memory information for iGPUs", "Fixes #12062"). The kernel side: drm/amdkfd commit 89773b85599a ("Let VRAM allocations go to GTT domain on small APUs", Linux 6.10) makes HIP allocate such an APU's memory from GTT.

## Made from

`tools/machines/records/apu_strix_halo_gtt.py`: a copy of [`phoenix-apu`](../phoenix-apu/) (the LACT Phoenix capture) turned into Strix Halo: PCI `device` 0x1586 rev 0xc1 ("AMD Radeon 8060S Graphics" in the GPU table), subsystem 1f66:0101 (assumed), the thread's VRAM and GTT sizes, KFD node 1 with gfx_target_version 110501, device_id 0x1586, 40 CUs (simd_count 80) and its memory bank at the GTT size (what KFD reports from 6.10, as the Phoenix capture's bank does), MemTotal 130530868 kB (128 GB less the carve-out and firmware reservations), the kernel log's VRAM/GTT lines in amdgpu's format, and kernel 6.14.0-1014-oem (`/proc/version`, `/proc/cmdline`, uname, `/lib/modules`) - the kernel of the Strix Halo report ROCm/ROCm#5595 (quoted command line `BOOT_IMAGE=/boot/vmlinuz-6.14.0-1014-oem root=UUID=d55f0c3f-88f5-4c65-a93a-285c1a30361c ro quiet splash ... vt.handoff=7`, without its misspelt gtt_size parameter). #12062 does not give its kernel: inferred.

Inferred, not in the thread: kernel, BDF, board, and the ROCm install (the base's 6.2.0; the thread used ollama's bundled ROCm).

## What the doctor must conclude

`hardware.apu.carveout_small_gtt` (information, `hardware.apu_memory` passes): the 512 MiB carve-out is what tools reading `mem_info_vram_total` see (ollama before PR #13196 skips the iGPU), but kernel 6.14 lets HIP allocate up to the 108 GiB of GTT - less urgent than `apu-780m-carveout-512` on kernel 6.8. The base's ROCm 6.2.0 predates the chip: `runtime.gfx.unsupported` (gfx1151) and `driver.kernel.unsupported` (6.14 is not in 6.2.0's list) are root causes of their own. Exit 1.

`EXPECT`:

```
""" + '\n'.join(EXPECT) + """
```
"""
