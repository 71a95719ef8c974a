# SPDX-License-Identifier: MIT
"""mi300x-ras-pages-over-threshold: one GPU of the MI308X hive has retired as many VRAM pages as
the driver's default threshold allows (1966 for 192 GiB): replace (RMA)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..scenarios.ras import RAS_ADDED, bad_page_lines, ras_files

NAME = 'mi300x-ras-pages-over-threshold'
BASE = 'mi300x-healthy'
FILES = ras_files({'0000:a4:00.0': bad_page_lines(1966, first_pfn=0x100000)})
EXPECT = ['exit 1',
 'root_cause hardware.ras.pages_over_threshold',
 'check hardware.ras pass',
 'check hardware.ras_pages fail',
 'finding hardware.ras.pages_over_threshold fail']
README = f"""\
# mi300x-ras-pages-over-threshold

The 8 × MI308X hive of [`mi300x-healthy`](../mi300x-healthy/) where GPU 0000:a4:00.0 lists 1966
retired (R) VRAM pages, the driver's default threshold for its 192 GiB of VRAM.

## Made from

`tools/machines/records/mi300x_ras_pages_over_threshold.py`: mi300x-healthy plus:

- {RAS_ADDED}
- 1966 R pages in the `gpu_vram_bad_pages` of 0000:a4:00.0 (consecutive pfns, invented).

## The rule

amdgpu_ras.c, amdgpu_ras_validate_threshold: with `bad_page_threshold` below 0 the threshold is
`mc_vram_size / RAS_BAD_PAGE_COVER` ("typical ECC bad page rate is 1 bad page per 100MB VRAM",
100 MiB), capped at the EEPROM's record count: 192 GiB / 100 MiB = 1966. At the threshold the
driver refuses to initialise the GPU at its next load (amd-gfx: "Once the threshold is hit, the
GPU will not be initialized."), and `bad_page_threshold`'s own documentation calls the threshold
an RMA (Return Merchandise Authorization) policy. docs/research/amdgpu-ras.md has the texts.

## What the doctor must conclude

Root cause `hardware.ras.pages_over_threshold`, action **replace**: the Slurm gate drains the node
with reason `rocm-doctor: hardware.ras.pages_over_threshold (action: replace)`. hardware.ras
passes (no error counted in this boot). Exit 1.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
