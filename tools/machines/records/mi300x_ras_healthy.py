# SPDX-License-Identifier: MIT
"""mi300x-ras-healthy: the MI308X hive of mi300x-healthy with every RAS file amdgpu writes, all at
zero: no error counted, no page retired (issue 18's healthy control)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..scenarios.ras import RAS_ADDED, ras_files

NAME = 'mi300x-ras-healthy'
BASE = 'mi300x-healthy'
FILES = ras_files()
EXPECT = ['exit 0',
 'check hardware.ras pass',
 'check hardware.ras_pages pass']
README = f"""\
# mi300x-ras-healthy

The 8 × MI308X hive of [`mi300x-healthy`](../mi300x-healthy/) (gfx942, MI300 series) with the RAS
files amdgpu writes on a healthy Instinct node: every `<block>_err_count` at `ue: 0` / `ce: 0`,
an empty retired-page list on every GPU, the default retirement threshold.

## Made from

`tools/machines/records/mi300x_ras_healthy.py`: mi300x-healthy plus:

- {RAS_ADDED}

## What the doctor must conclude

hardware.ras passes (no uncorrectable error on 8 GPUs) and hardware.ras_pages passes (no retired
page, threshold 1966 per GPU). Exit 0.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
