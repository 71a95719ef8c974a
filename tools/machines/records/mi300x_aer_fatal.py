# SPDX-License-Identifier: MIT
"""mi300x-aer-fatal: one GPU of the MI308X hive counted a fatal PCIe error (AER, Surprise Down)
since boot: isolate."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..scenarios.ras import AER_ADDED, RAS_ADDED, aer_files, ras_files

NAME = 'mi300x-aer-fatal'
BASE = 'mi300x-healthy'
FILES = ras_files(uptime='7200.00 50000.00\n')
FILES.update(aer_files({'0000:a4:00.0': {'fatal': {'SDES': 1},
                                         'correctable': {'RxErr': 3, 'BadTLP': 1}},
                        '0001:81:00.0': {'nonfatal': {'CmpltTO': 2}}}))
EXPECT = ['exit 1',
 'root_cause hardware.pcie.aer_fatal',
 'root_cause hardware.pcie.aer_nonfatal',
 'check hardware.pcie_aer fail',
 'finding hardware.pcie.aer_fatal fail',
 'finding hardware.pcie.aer_nonfatal warn']
README = f"""\
# mi300x-aer-fatal

The 8 × MI308X hive of [`mi300x-healthy`](../mi300x-healthy/) two hours after boot, where GPU
0000:a4:00.0 counted one fatal PCIe error (SDES, Surprise Down) and 4 corrected ones, and GPU
0001:81:00.0 two non-fatal completion timeouts.

## Made from

`tools/machines/records/mi300x_aer_fatal.py`: mi300x-healthy plus:

- {RAS_ADDED}
- {AER_ADDED}
- 0000:a4:00.0: `aer_dev_fatal` SDES 1 (TOTAL_ERR_FATAL 1), `aer_dev_correctable` RxErr 3,
  BadTLP 1; 0001:81:00.0: `aer_dev_nonfatal` CmpltTO 2. Counts invented; `/proc/uptime` 7200 s.

## What the doctor must conclude

Root cause `hardware.pcie.aer_fatal` on 0000:a4:00.0, action **isolate** (the Slurm gate drains
the node with reason `rocm-doctor: hardware.pcie.aer_fatal`); `hardware.pcie.aer_nonfatal` on
0001:81:00.0, action monitor (a warning). The 4 corrected errors of 0000:a4:00.0 are under the
10-error floor: no correctable finding. Exit 1.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
