# SPDX-License-Identifier: MIT
"""apu-strix-halo-uma-4g (negative control): Ryzen AI Max+ 395 with a 4 GiB carve-out and 96 GiB
GTT set with ttm.pages_limit, the measured configuration of noamsto/nix-amd-ai#42."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..gpu_parts import KFD_NODES, PHOENIX, mem_bank, pci_identity

NAME = 'apu-strix-halo-uma-4g'
BASE = 'apu-strix-halo-gtt'
_GTT = 103079215104  # 96.00 GiB = 25165824 x 4096, as measured
MACHINE = {'description': 'Ryzen AI Max+ 395 (gfx1151) with a 4 GiB UMA carve-out and 96 GiB GTT '
                          'from ttm.pages_limit, kernel 6.14.0-1014-oem'}
FILES = {
    **pci_identity(PHOENIX, '0000:64:00.0', 0x1586, 0xc1, 0x1f66, 0x0101, 0x030000,
                   vram=4294967296, gtt=_GTT),
    f'{KFD_NODES}/1/mem_banks/0/properties': mem_bank(_GTT, 256, 1000),
    'proc/cmdline': 'BOOT_IMAGE=/boot/vmlinuz-6.14.0-1014-oem '
                    'root=UUID=d55f0c3f-88f5-4c65-a93a-285c1a30361c ro quiet splash '
                    'iommu.passthrough=0 ttm.pages_limit=25165824 ttm.page_pool_size=25165824 '
                    'vt.handoff=7\n',
    'proc/meminfo': 'MemTotal:       127386764 kB\nMemFree:        123318336 kB\n'
                    'MemAvailable:   124882000 kB\n',
}
PROBES = {'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
    '[drm] amdgpu kernel modesetting enabled.',
    'amdgpu 0000:64:00.0: amdgpu: Fetched VBIOS from VFCT',
    '[drm] amdgpu: 4096M of VRAM memory ready',
    '[drm] amdgpu: 98304M of GTT memory ready.',
    '[drm] Initialized amdgpu 3.61.0 20150101 for 0000:64:00.0 on minor 1',
    'kfd kfd: amdgpu: added device 1002:1586']}}
EXPECT = ['# Negative control: a 4 GiB carve-out is enough; no APU memory finding.',
          'exit 1',
          'root_cause runtime.gfx.unsupported',
          'root_cause driver.kernel.unsupported',
          'check hardware.apu_memory pass']
README = """\
# apu-strix-halo-uma-4g

Negative control for `hardware.apu_memory`: the Strix Halo host of [`apu-strix-halo-gtt`](../apu-strix-halo-gtt/) configured the way a working one was measured, with a 4 GiB UMA carve-out (`mem_info_vram_total` 4294967296) and 96 GiB of GTT from `ttm.pages_limit=25165824` on the kernel command line (`mem_info_gtt_total` 103079215104).

## The real ticket

noamsto/nix-amd-ai#42, quoted in the research notes of ROCm/ROCm#5595 (Ryzen AI MAX+ 395, 128 GB): the working configuration, measured:

```
/proc/cmdline: ... iommu.passthrough=0 ... ttm.pages_limit=25165824 ttm.page_pool_size=25165824
                  (no amdgpu.gttsize)

$ cat /sys/class/drm/card1/device/mem_info_gtt_total
103079215104                      # = 96.00 GiB exactly = 25165824 x 4096
$ cat /sys/class/drm/card1/device/mem_info_vram_total
4294967296                        # 4 GiB, the BIOS UMA carve-out
```

That host ran kernel 7.1.0 on NixOS; this machine keeps the base's Ubuntu 24.04 and kernel 6.14.0-1014-oem (inferred) and carries the measured sizes and parameters.

## Made from

`tools/machines/records/apu_strix_halo_uma_4g.py`: a copy of `apu-strix-halo-gtt` with the measured VRAM and GTT sizes, the command line's `ttm.*` parameters, the KFD mem bank at the GTT size, MemTotal 127386764 kB (128 GB less the 4 GiB carve-out and firmware reservations) and the kernel log's VRAM/GTT lines.

## What the doctor must conclude

`hardware.apu_memory` passes with no finding (4096 MiB carve-out, 96 GiB GTT). The base's ROCm 6.2.0 still predates the chip and the kernel (`runtime.gfx.unsupported`, `driver.kernel.unsupported`), as in the base. Exit 1.

`EXPECT`:

```
""" + '\n'.join(EXPECT) + """
```
"""
