# SPDX-License-Identifier: MIT
"""r9700-headless-runpm-error: headless Radeon AI PRO R9700 (gfx1201), Ubuntu 26.04 kernel 7.0,
whose runtime PM failed: power/runtime_status 'error' with amdgpu.runpm -1; the reporter's fix was
amdgpu.runpm=0 (ROCm/ROCm#6101)."""
import os

from ..core import REPO
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..gpu_parts import pci_identity
from ..probe_records import hip_load, hip_no_device

NAME = 'r9700-headless-runpm-error'
BASE = 'rx7900xtx-healthy'
REL = '7.0.0-14-generic'
ROCM, LIBV, HSAV = '7.1.0', '7.1.70100', '1.18.70100'
GPU = 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0'
NODE = 'sys/devices/virtual/kfd/kfd/topology/nodes/1/properties'
_VERSION = '#14-Ubuntu SMP PREEMPT_DYNAMIC Mon Apr 13 09:12:41 UTC 2026'
_CMDLINE = (f'BOOT_IMAGE=/boot/vmlinuz-{REL} root=UUID=3d9f0c2b-7a41-4e8b-b5c6-91e2f4a7d038 ro '
            'quiet splash')
REMOVE = ['lib/modules/6.8.0-45-generic', 'opt/rocm-6.2.0', 'opt/rocm']
MACHINE = {'description': 'Headless Radeon AI PRO R9700 (gfx1201), Ubuntu 26.04 kernel 7.0, ROCm '
                          '7.1: power/runtime_status error with amdgpu.runpm auto',
           'uname': {'release': REL, 'version': _VERSION}}
FILES = pci_identity(GPU, '0000:03:00.0', 0x7551, 0xc0, 0x1002, 0x0e0c, 0x030000,
                     vram=34208743424)
FILES.update({
    f'{GPU}/vbios_version': '115-G287BP00-100\n',
    # The reporter's states: "For a non-working system, runtime_status is 'error', power_state is
    # D0." power/control 'auto' is the udev default that lets the PM core runtime-suspend it.
    f'{GPU}/power/runtime_status': 'error\n',
    f'{GPU}/power/control': 'auto\n',
    f'{GPU}/power_state': 'D0\n',
    # -1 (auto) until the reporter booted with amdgpu.runpm=0 and read 0 back from this file.
    'sys/module/amdgpu/parameters/runpm': '-1\n',
    'proc/version': f'Linux version {REL} (buildd@lcy02-amd64-071) (x86_64-linux-gnu-gcc-15 '
                    f'(Ubuntu 15.2.0-16ubuntu1) 15.2.0, GNU ld (GNU Binutils for Ubuntu) 2.46) '
                    f'{_VERSION}\n',
    'proc/cmdline': _CMDLINE + '\n',
    'etc/os-release': 'PRETTY_NAME="Ubuntu 26.04 LTS"\nNAME="Ubuntu"\nVERSION_ID="26.04"\n'
                      'VERSION="26.04 LTS (Resolute Raccoon)"\nVERSION_CODENAME=resolute\n'
                      'ID=ubuntu\nID_LIKE=debian\nHOME_URL="https://www.ubuntu.com/"\n'
                      'SUPPORT_URL="https://help.ubuntu.com/"\n'
                      'BUG_REPORT_URL="https://bugs.launchpad.net/ubuntu/"\n'
                      'PRIVACY_POLICY_URL="https://www.ubuntu.com/legal/terms-and-policies/'
                      'privacy-policy"\nUBUNTU_CODENAME=resolute\n',
    f'lib/modules/{REL}/modules.dep':
        'kernel/drivers/gpu/drm/drm.ko.zst:\n'
        'kernel/drivers/gpu/drm/scheduler/gpu-sched.ko.zst: kernel/drivers/gpu/drm/drm.ko.zst\n'
        'kernel/drivers/gpu/drm/ttm/ttm.ko.zst: kernel/drivers/gpu/drm/drm.ko.zst\n'
        'kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst: '
        'kernel/drivers/gpu/drm/scheduler/gpu-sched.ko.zst kernel/drivers/gpu/drm/ttm/ttm.ko.zst '
        'kernel/drivers/gpu/drm/drm.ko.zst\n',
    f'lib/modules/{REL}/modules.builtin': 'kernel/drivers/pci/pcieport.ko\n'
                                          'kernel/drivers/virtio/virtio_pci.ko\n',
    f'lib/modules/{REL}/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst': '',
    f'opt/rocm-{ROCM}/.info/version': f'{ROCM}-20\n',
    f'opt/rocm-{ROCM}/lib/libamdhip64.so.{LIBV}': '',
    f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so.{HSAV}': '',
})
# Headless: the card's four DisplayPort connectors, none connected ("I do not have any displays
# attached"), as drm_sysfs writes them.
for _i in range(1, 5):
    FILES[f'{GPU}/drm/card0/card0-DP-{_i}/status'] = 'disconnected\n'
    FILES[f'{GPU}/drm/card0/card0-DP-{_i}/enabled'] = 'disabled\n'
LINKS = {'opt/rocm': f'rocm-{ROCM}',
         f'opt/rocm-{ROCM}/lib/libamdhip64.so': 'libamdhip64.so.7',
         f'opt/rocm-{ROCM}/lib/libamdhip64.so.7': f'libamdhip64.so.{LIBV}',
         f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
         f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so.1': f'libhsa-runtime64.so.{HSAV}'}
# The base's KFD node made the R9700's: gfx1201, device 0x7551, 64 CUs of 2 SIMDs, wave32.
with open(os.path.join(REPO, 'tests', 'machines', BASE, NODE)) as _f:
    FILES[NODE] = (_f.read().replace('gfx_target_version 110000', 'gfx_target_version 120001')
                   .replace('device_id 29772', 'device_id 30033')
                   .replace('simd_count 192', 'simd_count 128')
                   .replace('array_count 12', 'array_count 8')
                   .replace('max_engine_clk_fcompute 2526', 'max_engine_clk_fcompute 2920'))
PROBES = {
    'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
        f'Linux version {REL} (buildd@lcy02-amd64-071) (x86_64-linux-gnu-gcc-15 (Ubuntu '
        f'15.2.0-16ubuntu1) 15.2.0, GNU ld (GNU Binutils for Ubuntu) 2.46) {_VERSION}',
        'Command line: ' + _CMDLINE,
        '[drm] amdgpu kernel modesetting enabled.',
        'amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from VFCT',
        'amdgpu 0000:03:00.0: amdgpu: ATOM BIOS: 115-G287BP00-100',
        'amdgpu 0000:03:00.0: amdgpu: VRAM: 32624M 0x0000008000000000 - 0x00000087F6FFFFFF '
        '(32624M used)',
        'amdgpu 0000:03:00.0: amdgpu: Using BACO for runtime pm',
        '[drm] Initialized amdgpu 3.64.0 20150101 for 0000:03:00.0 on minor 0',
        'kfd kfd: amdgpu: added device 1002:7551']},
    'hip-load': hip_load(f'/opt/rocm-{ROCM}/lib/libamdhip64.so.7'),
    'hip-probe': hip_no_device(70125424, 0.41)}
EXPECT = ['exit 1',
 'root_cause driver.gpu.runtime_pm_error',
 'root_cause driver.kernel.unsupported',
 'check hardware.gpus pass',
 'check driver.gpu_init pass',
 'check driver.gpu_health fail',
 'check driver.kernel_support warn',
 'finding driver.gpu.runtime_pm_error fail',
 'check runtime.hip_devices fail',
 'finding runtime.hip.no_devices fail']
README = """\
# r9700-headless-runpm-error

A headless Radeon AI PRO R9700 (Navi 48, gfx1201, 1002:7551) on Ubuntu 26.04 with kernel REL and the in-tree amdgpu, ROCm ROCM, `amdgpu.runpm` left at its default (-1, auto). No display is attached, so the idle card is runtime-suspended (BACO); it did not come back: amdgpu stays bound, but power/runtime_status reads `error` and the ROCm runtime sees no GPU.

## The real ticket

ROCm/ROCm#6101 (https://github.com/ROCm/ROCm/issues/6101, stored as ROCm/legacy-rocm-build#6101), "AMDGPU SMU driver interface version mismatch on R9700 - fan does not spin under load - persists on kernel 7.0 / Ubuntu 26.04". Verbatim from the reporter (jlninrr, 2026-04-22): "I do not have any displays attached." "amdgpu.runpm=0 seems to be a magic bullet. Totally different behavior! I added it manually on boot just to check quickly, and verified with `cat /sys/module/amdgpu/parameters/runpm` (it's zero, as expected)." "In this state, I get back lots of info, and the card is cool." "For a working system, runtime_status is 'active' . power_state is D0." "For a non-working system, runtime_status is 'error', power_state is D0." "in the non-working state (everything up to now), I get a pile of amdgpu crashes after issuing a reboot command". AMD (amd-nicknick) acknowledged the workaround. Confirmed cause: the headless card's runtime PM (the reporter's before/after with `amdgpu.runpm=0`); a driver fix is not in the stored thread.

## Made from

`tools/machines/records/r9700_headless_runpm_error.py`: a copy of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) with:

- The GPU made the R9700: PCI device 0x7551 revision 0xc0 (the R9700 row of libdrm's amdgpu.ids), 32 GiB VRAM, KFD node gfx1201 (`gfx_target_version` 120001, `device_id` 30033, 64 CUs); four DisplayPort connectors under card0, all `disconnected` (headless).
- The thread's states: `power/runtime_status` `error`, `power_state` `D0`; `power/control` `auto` and `/sys/module/amdgpu/parameters/runpm` `-1` (the default before the reporter's `amdgpu.runpm=0`); /proc/cmdline without `amdgpu.runpm=0`.
- Ubuntu 26.04 (os-release, kernel REL: uname, /proc/version, /lib/modules with the in-tree amdgpu.ko.zst), ROCm ROCM under /opt/rocm-ROCM.
- A kernel log of a clean boot that chose BACO for runtime PM (`Using BACO for runtime pm`), and a HIP probe with `hipErrorNoDevice`.

Inferred, not in the thread: the kernel's ABI number, the ROCm release (the thread's amd-smi logs are attachments not stored), the subsystem ids, the PCI slot, the VBIOS string (the R9700 VBIOS quoted in ROCm/ROCm#6078 by another R9700 owner in the same discussion), the boot lines (the reporter posted no dmesg text here), the HIP probe.

## What the doctor must conclude

Root cause `driver.gpu.runtime_pm_error` (check `driver.gpu_health` fails) with power/runtime_status and amdgpu.runpm (-1, auto) as evidence and `amdgpu.runpm=0` as the fix; `runtime.hip_devices` fails as its symptom. Ubuntu 26.04 is not a distribution ROCm ROCM lists, so `driver.kernel.unsupported` is a second, warning-level root cause (true of the host, not the failure). Exit 1.

`EXPECT`:

```
EXPECTLINES
```
""".replace('REL', REL).replace('ROCM', ROCM).replace('EXPECTLINES', '\n'.join(EXPECT))
