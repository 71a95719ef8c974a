# SPDX-License-Identifier: MIT
"""mi308x-xgmi-wafl-errors: xgmi_error EINVAL (MI300 series) and uncorrectable XGMI WAFL RAS
errors on one GPU of the hive (ROCm/rocm-systems#11468)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..scenarios.datacenter import MI308_HIVE_ADDED, merged, mi308_dir, mi308_hive_edits

NAME = 'mi308x-xgmi-wafl-errors'
BASE = 'mi300x-healthy'
_FILES, LINKS, MACHINE = mi308_hive_edits()
FILES = merged(_FILES, {mi308_dir('0000:a4:00.0') + '/ras/xgmi_wafl_err_count': 'ue: 3\nce: 17\n'})
EXPECT = ['exit 1',
 'root_cause hardware.xgmi.wafl_uncorrectable',
 'check hardware.ras pass',
 'check hardware.xgmi_errors fail',
 'finding hardware.xgmi.wafl_uncorrectable fail']
README = f"""\
# mi308x-xgmi-wafl-errors

The 8 × MI308X hive of [`mi300x-healthy`](../mi300x-healthy/) (gfx942, MI300 series) where `xgmi_error` answers EINVAL on every GPU, as it does on all MI300 parts, and GPU 0000:a4:00.0 counts 3 uncorrectable and 17 correctable errors on its XGMI WAFL RAS block.

## The real ticket

ROCm/rocm-systems#11468 (https://github.com/ROCm/rocm-systems/issues/11468), "XGMI health check is never evaluated on MI300-series and later": "On MI300X/MI325X (gfx942) and MI355 (gfx950) the node exists but reading it returns `EINVAL`: amdgpu's `amdgpu_xgmi_show_error` requires DF FICA hooks (`df.funcs->get_fica/set_fica`) that the DF 4.x implementation does not provide." with

    $ cat /sys/class/drm/card1/device/xgmi_error
    cat: /sys/class/drm/card1/device/xgmi_error: Invalid argument

and "`xgmi_check` returns without ever evaluating XGMI health. The component silently reports nothing on the entire MI300 family. The same GPUs report XGMI faults as RAS errors on the `XGMI_WAFL` block". The kernel's text (drivers/gpu/drm/amd/amdgpu/amdgpu_xgmi.c, amdgpu_xgmi_show_error): `if ((!adev->df.funcs) || (!adev->df.funcs->get_fica) || (!adev->df.funcs->set_fica)) return -EINVAL;`.

## Made from

`tools/machines/records/mi308x_xgmi_wafl_errors.py`: mi300x-healthy plus:

- {MI308_HIVE_ADDED}
- `ras/xgmi_wafl_err_count` of 0000:a4:00.0 set to `ue: 3` / `ce: 17` (amdgpu_ras.c's format; the counts are invented, the thread's reporter saw zeros).

## What the doctor must conclude

Root cause `hardware.xgmi.wafl_uncorrectable` on 0000:a4:00.0, read from the RAS counter although xgmi_error is EINVAL (never silently skipped). Its action is a reset, and amdgpu resets an XGMI hive as one (one reset domain per hive, amdgpu_xgmi.c amdgpu_get_xgmi_hive): the finding lists the 8 GPUs that go down together, 0000:a4:00.0 first, from the sysfs hive id, and the fix line resets them by BDF. hardware.ras passes: it leaves the XGMI WAFL block to hardware.xgmi_errors, so one fault is one root cause (it counted the same counter as a second root cause until stop 24). Exit 1.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
