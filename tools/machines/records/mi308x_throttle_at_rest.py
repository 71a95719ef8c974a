# SPDX-License-Identifier: MIT
"""mi308x-throttle-at-rest: one idle GPU's gpu_metrics shows throttling and thermal residency."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..scenarios.datacenter import (MI308_BDFS, MI308_HIVE_ADDED, gpu_metrics_v16, merged,
                                    mi308_dir, mi308_hive_edits)

NAME = 'mi308x-throttle-at-rest'
BASE = 'mi300x-healthy'
_FILES, LINKS, MACHINE = mi308_hive_edits()
_QUIET = {mi308_dir(b) + '/gpu_metrics': gpu_metrics_v16(counter=48000000) for b in MI308_BDFS}
FILES = merged(_FILES, _QUIET, {mi308_dir('0001:a5:00.0') + '/gpu_metrics': gpu_metrics_v16(
    throttle=0x1, socket_thm=1200000, hbm_thm=30000, counter=48000000)})
EXPECT = ['exit 0',
 'root_cause hardware.throttle.active_at_rest',
 'root_cause hardware.throttle.thermal_residency',
 'check hardware.throttle warn',
 'finding hardware.throttle.active_at_rest warn',
 'finding hardware.throttle.thermal_residency warn']
README = f"""\
# mi308x-throttle-at-rest

The 8 × MI308X node of [`mi300x-healthy`](../mi300x-healthy/) with a gpu_metrics v1.6 table on every GPU: seven quiet, and 0001:a5:00.0, idle (average_gfx_activity 0 %), reporting throttle_status 0x00000001 with socket-thermal (1200000) and HBM-thermal (30000) throttler residency accumulated over 48000000 cycles.

## Made from

`tools/machines/records/mi308x_throttle_at_rest.py`: mi300x-healthy plus:

- {MI308_HIVE_ADDED}
- `gpu_metrics` on each GPU: struct gpu_metrics_v1_6 of drivers/gpu/drm/amd/include/kgd_pp_interface.h (384 bytes, `gpu_metrics_v16` in tools/machines/scenarios/datacenter.py), 0xFF where unset as smu_cmn_init_soft_gpu_metrics leaves it; average_gfx_activity 0, accumulation_counter 48000000, residencies 0 and throttle_status 0 except on 0001:a5:00.0. The values are invented (no MI300-series table was captured): a GPU cooled worse than its peers.

## What the doctor must conclude

hardware.throttle warns twice on 0001:a5:00.0: `hardware.throttle.active_at_rest` (throttle_status 0x00000001 while 0 % busy) and `hardware.throttle.thermal_residency` (socket thermal 1200000, HBM thermal 30000: up to 2.50 % of 48000000 cycles). Both are "monitor": the node stays in service. Exit 0.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
