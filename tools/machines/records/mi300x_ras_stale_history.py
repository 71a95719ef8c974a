# SPDX-License-Identifier: MIT
"""mi300x-ras-stale-history: one GPU of the MI308X hive carries retired pages from an earlier boot
(kept in the board's EEPROM) while this boot counts no error: history, the node must NOT be
drained (ROCm/device-metrics-exporter#506: a 15-hour-old record cordoned a healthy node)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..scenarios.ras import RAS_ADDED, bad_page_lines, ras_files

NAME = 'mi300x-ras-stale-history'
BASE = 'mi300x-healthy'
FILES = ras_files({'0000:c8:00.0': bad_page_lines(3, first_pfn=0x5e100)},
                  uptime='54000.00 410000.00\n')
EXPECT = ['exit 0',
 'check hardware.ras pass',
 'check hardware.ras_pages pass',
 'finding hardware.ras.pages_retired info']
README = f"""\
# mi300x-ras-stale-history

The 8 × MI308X hive of [`mi300x-healthy`](../mi300x-healthy/) where GPU 0000:c8:00.0 lists 3
retired (R) VRAM pages while every RAS counter of this boot reads `ue: 0` / `ce: 0`, 15 hours
after boot.

## The real ticket

ROCm/device-metrics-exporter#506 (https://github.com/ROCm/device-metrics-exporter/issues/506),
"CPER_SEVERITY_FATAL and GPU Health=0 on Mi300X on 6.16.13": the exporter marked a GPU unhealthy
for a persisted fatal RAS (CPER) record with `TimeStamp=2026-05-27 17:59:09`, logged at
`2026-05-28T08:32:40Z`; the reporter: "The GPU seems fully functional, other metrics are reported
as expected and there are no related errors in `dmesg`." The fix, PR #507
(https://github.com/ROCm/device-metrics-exporter/pull/507), says the record "was roughly **15
hours** old" and that health "treated every fatal CPER returned by GPUCPERGet as a current
failure", which "caused false unhealthy state and unnecessary node cordoning in Kubernetes"; it
made only the latest record within an age window count (GPU_CPER_MAX_AGE, PR #521).

rocm-doctor does not read CPER records (amdgpu exposes them only in root-only binary debugfs);
the record that persists across boots in sysfs is the retired-page list, which lives in the
board's EEPROM, while the `<block>_err_count` counters start at 0 at each driver load. This
machine is that shape: a persisted record, no error in this boot.

## Made from

`tools/machines/records/mi300x_ras_stale_history.py`: mi300x-healthy plus:

- {RAS_ADDED}
- 3 R pages in the `gpu_vram_bad_pages` of 0000:c8:00.0 (pfns invented); `/proc/uptime` 54000 s
  (15 hours).

## What the doctor must conclude

`hardware.ras.pages_retired` (info, action monitor): history, well below the threshold (1966),
never a reason to take the node out. hardware.ras passes. The Slurm gate leaves the node in
service. Exit 0.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
