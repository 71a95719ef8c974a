# SPDX-License-Identifier: MIT
"""bmc-card0-suspended: server whose card0 is the BMC's ASPEED VGA; the AMD GPUs behind card1..
are runtime-suspended (ROCm/rocm_smi_lib#217). A healthy host: information, no failure."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'bmc-card0-suspended'
BASE = 'mi300x-healthy'
_ASPEED = 'sys/devices/pci0000:00/0000:00:07.1/0000:02:00.0'
_AMD = ['sys/devices/pci0000:00/0000:00:01.1/0000:0a:00.0',
        'sys/devices/pci0000:a0/0000:a0:01.1/0000:a4:00.0',
        'sys/devices/pci0000:c0/0000:c0:01.1/0000:c8:00.0',
        'sys/devices/pci0001:00/0001:00:01.1/0001:0b:00.0',
        'sys/devices/pci0001:80/0001:80:01.1/0001:81:00.0',
        'sys/devices/pci0001:a0/0001:a0:01.1/0001:a5:00.0',
        'sys/devices/pci0001:c0/0001:c0:01.1/0001:c9:00.0']
MACHINE = {'description': 'server with an ASPEED BMC VGA as card0 (active) and runtime-suspended '
                          'AMD GPUs behind card1..: healthy'}
FILES = {_ASPEED + '/power/runtime_status': 'active\n', _ASPEED + '/power/control': 'auto\n',
         'sys/module/amdgpu/parameters/runpm': '-1\n'}
for _dir in _AMD:
    FILES[_dir + '/power/runtime_status'] = 'suspended\n'
    FILES[_dir + '/power/control'] = 'auto\n'
EXPECT = ['exit 0',
 'check hardware.gpus pass',
 'check driver.gpu_init pass',
 'check driver.gpu_health pass',
 'finding driver.gpu.runtime_suspended info',
 'check runtime.hip_load pass']
README = """\
# bmc-card0-suspended

A server whose first DRM card, `card0`, is the BMC's ASPEED VGA (PCI 0000:02:00.0, vendor 0x1a03, driver `ast`) and whose AMD GPUs sit behind `card1` onwards. The ASPEED device is `active`; the idle AMD GPUs are runtime-suspended (`power/control` `auto`, `power/runtime_status` `suspended`). Nothing is broken: the ROCm runtime wakes a suspended GPU when it opens it.

## The real ticket

ROCm/rocm_smi_lib#217 (https://github.com/ROCm/rocm_smi_lib/issues/217), "ROCm-SMI Producing Error Messages After Upgrade". AMD asked for `cat /sys/class/drm/card0/device/power/runtime_status`; the reporter answered "But the status is `active`", then found: "Card0 is an ASPEED GPU on motherboard and AMD cards start from card1. After running the script below, `rocm-smi` works well": `echo "on" | sudo tee /sys/bus/pci/drivers/amdgpu/*/power/control`. Confirmed cause: the AMD GPUs were runtime-suspended, so rocm-smi's sysfs reads came back empty (`Expected integer value from monitor, but got ""`); card0's state said nothing about them.

## Made from

`tools/machines/records/bmc_card0_suspended.py`: a copy of [`mi300x-healthy`](../mi300x-healthy/) (an MI300X server whose card0 is already an ASPEED BMC VGA; see its README for sources) plus `power/runtime_status` and `power/control` for the ASPEED function (`active`, `auto`: the state the reporter saw on card0) and for seven of the AMD GPUs (`suspended`, `auto`: the state AMD's advice addresses), and `/sys/module/amdgpu/parameters/runpm` `-1` (the default). The thread does not name the GPU model: the GPUs are the base's MI300X, an assumption; one GPU is left without power files (a capture that did not read them).

## What the doctor must conclude

A healthy host (exit 0): `driver.gpu_health` passes with the information `driver.gpu.runtime_suspended` for each suspended AMD GPU, chosen by vendor and driver; nothing about card0's ASPEED device, whose state is not the GPUs'.

`EXPECT`:

```
exit 0
check hardware.gpus pass
check driver.gpu_init pass
check driver.gpu_health pass
finding driver.gpu.runtime_suspended info
check runtime.hip_load pass
```
"""
