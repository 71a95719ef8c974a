# SPDX-License-Identifier: MIT
"""mi300x-ras-ue-current: one GPU of the MI308X hive counts uncorrectable UMC (HBM) errors in this
boot, and amdgpu retired the pages: a current fault, the node must be drained (isolate)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..scenarios.datacenter import mi308_dir
from ..scenarios.ras import RAS_ADDED, bad_page_lines, ras_files

NAME = 'mi300x-ras-ue-current'
BASE = 'mi300x-healthy'
FILES = ras_files({'0000:80:00.0': bad_page_lines(2)}, uptime='7380.40 58000.10\n')
FILES[mi308_dir('0000:80:00.0') + '/ras/umc_err_count'] = 'ue: 2\nce: 14\n'
EXPECT = ['exit 1',
 'root_cause hardware.ras.uncorrectable',
 'root_cause hardware.ras.correctable_rate',
 'check hardware.ras fail',
 'finding hardware.ras.uncorrectable fail',
 'finding hardware.ras.correctable_rate warn',
 'finding hardware.ras.pages_retired info']
README = f"""\
# mi300x-ras-ue-current

The 8 × MI308X hive of [`mi300x-healthy`](../mi300x-healthy/) where GPU 0000:80:00.0 counts 2
uncorrectable and 14 correctable errors on its UMC (HBM memory controller) block, 2 hours after
boot, and amdgpu has retired the 2 pages (R).

## Made from

`tools/machines/records/mi300x_ras_ue_current.py`: mi300x-healthy plus:

- {RAS_ADDED}
- `ras/umc_err_count` of 0000:80:00.0 = `ue: 2` / `ce: 14` (amdgpu_ras.c's format; counts
  invented) and 2 R pages in its `gpu_vram_bad_pages`; `/proc/uptime` 7380 s.

## What the doctor must conclude

The `<block>_err_count` counters start at 0 when the driver loads, so these uncorrectable errors
happened in this boot: a current fault. Root cause `hardware.ras.uncorrectable`, action
**isolate**: a gate drains the node (Slurm reason `rocm-doctor: hardware.ras.uncorrectable`),
the next step is to read the kernel log and the retired-page list and decide reset or RMA. The
2 retired pages are far below the threshold (1966): `hardware.ras.pages_retired` (info, monitor)
on its own. The 14 corrected errors in 2.05 hours (6.8 per hour, over rocm-doctor's 1 per hour
with at least 10): `hardware.ras.correctable_rate` (warn, monitor). Exit 1.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
