# SPDX-License-Identifier: MIT
"""mi300x-ras-pages-pending: one GPU of the MI308X hive has VRAM pages marked bad but pending
retirement (P): they retire at the next GPU reset (reset)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..scenarios.ras import RAS_ADDED, bad_page_lines, ras_files

NAME = 'mi300x-ras-pages-pending'
BASE = 'mi300x-healthy'
FILES = ras_files({'0001:0b:00.0': bad_page_lines(4, first_pfn=0x2c400) +
                   bad_page_lines(2, state='P', first_pfn=0x2c404)})
EXPECT = ['exit 1',
 'root_cause hardware.ras.pages_pending',
 'check hardware.ras_pages fail',
 'finding hardware.ras.pages_pending fail']
README = f"""\
# mi300x-ras-pages-pending

The 8 × MI308X hive of [`mi300x-healthy`](../mi300x-healthy/) where GPU 0001:0b:00.0 lists 4
retired (R) pages and 2 pending (P) ones.

## Made from

`tools/machines/records/mi300x_ras_pages_pending.py`: mi300x-healthy plus:

- {RAS_ADDED}
- 4 R and 2 P pages in the `gpu_vram_bad_pages` of 0001:0b:00.0 (pfns invented).

## The rule

amdgpu_ras.c (Documentation/gpu/amdgpu/ras.rst): "P: pending for reserve, this gpu page is
marked as bad, will be reserved in next window of page_reserve." Until then the page is in use.

## What the doctor must conclude

Root cause `hardware.ras.pages_pending`, action **reset**: the Slurm gate drains the node with
reason `rocm-doctor: hardware.ras.pages_pending (action: reset)`; the fix line resets the GPU
(on an XGMI hive the whole hive resets with it). Exit 1.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
