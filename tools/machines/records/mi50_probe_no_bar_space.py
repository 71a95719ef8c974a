# SPDX-License-Identifier: MIT
"""mi50-probe-no-bar-space: MI50 on a 2019 B450 BIOS; amdgpu's probe fails with -12 until
Above 4G decoding is enabled (lamikr/rocm_sdk_builder#180)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'mi50-probe-no-bar-space'
BASE = 'init-failed'
_GPU = 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0'
_REL = '6.12.1'
_DEP = ('kernel/drivers/gpu/drm/drm.ko:\n'
        'kernel/drivers/gpu/drm/scheduler/gpu-sched.ko: kernel/drivers/gpu/drm/drm.ko\n'
        'kernel/drivers/gpu/drm/ttm/ttm.ko: kernel/drivers/gpu/drm/drm.ko\n'
        'kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko: kernel/drivers/gpu/drm/scheduler/gpu-sched.ko '
        'kernel/drivers/gpu/drm/ttm/ttm.ko kernel/drivers/gpu/drm/drm.ko\n')
REMOVE = ['lib/modules/6.8.0-45-generic']
MACHINE = {'description': 'MI50 (gfx906) on a Gigabyte B450 board with its 2019 BIOS: amdgpu probe '
                          'fails with -12, no GPU for ROCm',
           'uname': {'release': _REL, 'version': '#1 SMP PREEMPT_DYNAMIC'}}
FILES = {
    _GPU + '/device': '0x66a1\n',
    _GPU + '/subsystem_vendor': '0x1002\n',
    _GPU + '/subsystem_device': '0x0834\n',
    _GPU + '/revision': '0x02\n',
    _GPU + '/class': '0x038000\n',
    _GPU + '/uevent': 'PCI_CLASS=38000\nPCI_ID=1002:66A1\nPCI_SUBSYS_ID=1002:0834\n'
                      'PCI_SLOT_NAME=0000:03:00.0\n'
                      'MODALIAS=pci:v00001002d000066A1sv00001002sd00000834bc03sc80i00\n',
    _GPU + '/max_link_speed': '16.0 GT/s PCIe\n',
    'proc/version': f'Linux version {_REL} (lamikr@localhost) #1 SMP PREEMPT_DYNAMIC\n',
    'proc/cmdline': f'BOOT_IMAGE=/boot/vmlinuz-{_REL} '
                    'root=UUID=0b7a1f6e-3c55-4c1e-9d0a-5f2a5b9e1c11 ro quiet splash\n',
    f'lib/modules/{_REL}/modules.dep': _DEP,
    f'lib/modules/{_REL}/modules.builtin': 'kernel/drivers/pci/pcieport.ko\n',
    f'lib/modules/{_REL}/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko': '',
    'sys/class/dmi/id/sys_vendor': 'Gigabyte Technology Co., Ltd.\n',
    'sys/class/dmi/id/board_name': 'B450 I AORUS PRO WIFI-CF\n',
    'sys/class/dmi/id/product_name': 'B450 I AORUS PRO WIFI\n',
    'sys/class/dmi/id/bios_version': 'F5\n',
    'sys/class/dmi/id/bios_date': '01/25/2019\n',
}
JSON = {'.rocm-doctor/probes/kernel-log.json': {
    'state': 'ok',
    'source': '/dev/kmsg',
    'lines': [
        '[    5.380107] [drm] amdgpu kernel modesetting enabled.',
        '[    5.408749] [drm] initializing kernel modesetting (VEGA20 0x1002:0x66A1 '
        '0x1002:0x0834 0x02).',
        '[    5.408757] amdgpu 0000:03:00.0: amdgpu: Fatal error during GPU init',
        '[    5.408787] amdgpu 0000:03:00.0: probe with driver amdgpu failed with error -12',
        '[    5.408823] ------------[ cut here ]------------',
        '[    5.408825] WARNING: CPU: 2 PID: 462 at arch/x86/mm/ioremap.c:461 iounmap+0x33/0x100',
        '[    5.408858] Hardware name: Gigabyte Technology Co., Ltd. B450 I AORUS PRO WIFI/B450 I '
        'AORUS PRO WIFI-CF, BIOS F5 01/25/2019',
    ]}}
EXPECT = ['exit 1',
 'root_cause driver.amdgpu.probe_no_bar_space',
 'root_cause driver.kernel.unsupported',
 'check hardware.gpus pass',
 'check driver.amdgpu pass',
 'check driver.gpu_init fail',
 'finding driver.amdgpu.probe_no_bar_space fail']
README = """\
# mi50-probe-no-bar-space

An AMD Instinct MI50 / Radeon Pro VII class board (Vega 20, gfx906, PCI 1002:66a1 subsystem 1002:0834, rev 02) in a desktop with a Gigabyte B450 I AORUS PRO WIFI and its original BIOS F5 (01/25/2019). amdgpu is loaded, but its probe of the GPU fails with error -12 (ENOMEM): the firmware gave the GPU's BARs no room in the PCI address space. The GPU has no driver, no DRM card, no KFD node; rocminfo shows only the CPU.

## The real ticket

lamikr/rocm_sdk_builder#180 (https://github.com/lamikr/rocm_sdk_builder/issues/180), "gfx906 (AMD MI60) is failing on run_and_save_benchmarks.sh and llama.cpp": the maintainer's own test PC. `lspci`: `03:00.0 Display controller: Advanced Micro Devices, Inc. [AMD/ATI] Vega 20 [Radeon Pro VII/Radeon Instinct MI50 32GB] (rev 02)`; "But amdgpu probe seems to fail and rocminfo can not detect it." The kernel log lines of this machine are quoted verbatim from the thread. The fix, confirmed there: "It took a day to struggle with bios update but I got the MI50 now showing up on rocminfo! ... In my case I only found from bios the option to 'Enable above 4G decoding'." The same signature with the same advice: ROCm/ROCm#6281 (MI210, AMD: "try enabling Above 4G Decoding + Resizable BAR").

## Made from

`tools/machines/records/mi50_probe_no_bar_space.py`: a copy of [`init-failed`](../init-failed/) (a desktop whose amdgpu is loaded with its GPU at 0000:03:00.0 left unbound) plus:

- The GPU's generic PCI attributes for the thread's device: `device` 0x66a1, subsystem 1002:0834, revision 0x02, class 0x038000 ("Display controller"), and the matching `uevent`; the link attributes are the base's (not in the thread).
- The kernel of the thread, a custom 6.12.1 (uname, `/proc/version`, `/proc/cmdline`, `/lib/modules/6.12.1/` with an in-tree amdgpu; the build host name in /proc/version is invented) and the DMI strings of the `Hardware name:` line.
- The kernel log: the thread's seven lines verbatim (the `[drm] amdgpu kernel modesetting enabled.` line before them is the base's).
- The ROCm userspace is the base's (ROCm 6.2.0), not the SDK builder's own build.

## What the doctor must conclude

The installed ROCm 6.2.0 (the base's) does not list this kernel, so `driver.kernel.unsupported` is a second, warning-level root cause; true of such a host, and not the failure.

amdgpu is loaded but not bound to the GPU and the probe failed with -12: root cause `driver.amdgpu.probe_no_bar_space` (check `driver.gpu_init`), with the probe lines as evidence and "enable Above 4G Decoding, update the BIOS" as the fix. Exit 1.

`EXPECT`:

```
exit 1
root_cause driver.amdgpu.probe_no_bar_space
root_cause driver.kernel.unsupported
check hardware.gpus pass
check driver.amdgpu pass
check driver.gpu_init fail
finding driver.amdgpu.probe_no_bar_space fail
```
"""
