# SPDX-License-Identifier: MIT
"""dkms-shadows-gfx1150: Ubuntu 24.04.3, kernel 6.14.0-29, ROCm 7.0.1 with amdgpu-dkms 6.14.14 on a
Radeon 890M (gfx1150, 1002:150e): the DKMS amdgpu in updates/dkms shadows the in-tree driver and
the ROCm runtime finds no GPU (ROCm/ROCm#5433)."""
import os

from ..core import REPO
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..probe_records import hip_load, hip_no_device

NAME = 'dkms-shadows-gfx1150'
BASE = 'phoenix-apu'
REL = '6.14.0-29-generic'
DKMS = '6.14.14-2212064.24.04'   # illustrative build id of ROCm 7.0.1's amdgpu-dkms 6.14.14
ROCM, LIBV, HSAV = '7.0.1', '7.0.70001', '1.18.70001'
IN_TREE = 'kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst'
GPU = 'sys/devices/pci0000:00/0000:00:08.1/0000:64:00.0'
NODE = 'sys/devices/virtual/kfd/kfd/topology/nodes/1/properties'
BANNER = (f'Linux version {REL} (buildd@lcy02-amd64-100) (x86_64-linux-gnu-gcc-13 (Ubuntu '
          '13.3.0-6ubuntu2~24.04) 13.3.0, GNU ld (GNU Binutils for Ubuntu) 2.42) '
          '#29~24.04.1-Ubuntu SMP PREEMPT_DYNAMIC Thu Aug 14 16:52:50 UTC 2')
# lsmod of a DKMS amdgpu (the module names of ROCm/ROCm#5624's lsmod; this thread posted none),
# in /proc/modules' columns.
OOT = ['amdgpu', 'amddrm_ttm_helper', 'amdttm', 'amddrm_buddy', 'amdxcp', 'amddrm_exec',
       'amd_sched', 'amdkcl']
PROC_MODULES = (
    'amdgpu 19861504 12 - Live 0x0000000000000000 (OE)\n'
    'amddrm_ttm_helper 12288 1 amdgpu, Live 0x0000000000000000 (OE)\n'
    'amdttm 118784 2 amdgpu,amddrm_ttm_helper, Live 0x0000000000000000 (OE)\n'
    'amddrm_buddy 28672 1 amdgpu, Live 0x0000000000000000 (OE)\n'
    'amdxcp 12288 1 amdgpu, Live 0x0000000000000000 (OE)\n'
    'amddrm_exec 12288 1 amdgpu, Live 0x0000000000000000 (OE)\n'
    'amd_sched 61440 1 amdgpu, Live 0x0000000000000000 (OE)\n'
    'amdkcl 32768 4 amd_sched,amdttm,amddrm_exec,amdgpu, Live 0x0000000000000000 (OE)\n'
    'drm_suballoc_helper 20480 1 amdgpu, Live 0x0000000000000000\n'
    'drm_display_helper 237568 1 amdgpu, Live 0x0000000000000000\n'
    'cec 94208 2 drm_display_helper,amdgpu, Live 0x0000000000000000\n'
    'i2c_algo_bit 16384 1 amdgpu, Live 0x0000000000000000\n'
    'video 77824 1 amdgpu, Live 0x0000000000000000\n')
REMOVE = ['lib/modules/6.8.0-45-generic', 'opt/rocm-6.2.0', 'opt/rocm']
MACHINE = {'description': 'Radeon 890M (gfx1150) APU, Ubuntu 24.04.3, kernel 6.14.0-29, ROCm 7.0.1 '
                          'with amdgpu-dkms 6.14.14 loaded over the in-tree amdgpu: rocminfo fails',
           'uname': {'release': REL,
                     'version': '#29~24.04.1-Ubuntu SMP PREEMPT_DYNAMIC Thu Aug 14 16:52:50 UTC 2'}}
PROBES = {
    'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
        BANNER,
        'secureboot: Secure boot enabled',
        'amdkcl: loading out-of-tree module taints kernel.',
        '[drm] amdgpu kernel modesetting enabled.',
        '[drm] amdgpu version: 6.14.14',
        'amdgpu: Virtual CRAT table created for CPU',
        'amdgpu: Topology: Add CPU node',
        'amdgpu 0000:64:00.0: amdgpu: Fetched VBIOS from VFCT',
        'amdgpu 0000:64:00.0: amdgpu: VRAM: 4096M 0x0000008000000000 - 0x00000080FFFFFFFF '
        '(4096M used)',
        '[drm] Initialized amdgpu 3.64.0 for 0000:64:00.0 on minor 1',
        'kfd kfd: amdgpu: added device 1002:150e']},
    'hip-load': hip_load(f'/opt/rocm-{ROCM}/lib/libamdhip64.so.7'),
    'hip-probe': hip_no_device(70051831, 0.42)}
# The base's KFD node, as committed (a generated machine: the same bytes a regeneration writes).
_props_path = os.path.join(REPO, 'tests', 'machines', BASE, NODE)
FILES = {
    f'{GPU}/device': '0x150e\n',
    f'{GPU}/revision': '0xc1\n',
    f'{GPU}/uevent': 'DRIVER=amdgpu\nPCI_CLASS=30000\nPCI_ID=1002:150E\nPCI_SUBSYS_ID=17AA:50DA\n'
                     'PCI_SLOT_NAME=0000:64:00.0\n'
                     'MODALIAS=pci:v00001002d0000150Esv000017AAsd000050DAbc03sc00i00\n',
    'proc/version': BANNER + '\n',
    'proc/cmdline': f'BOOT_IMAGE=/boot/vmlinuz-{REL} root=UUID=5c1d7e0a-2f44-4b8e-9a51-3e7f0c2d9b14 '
                    'ro quiet splash\n',
    'proc/modules': PROC_MODULES,
    'sys/module/amdgpu/version': '6.14.14\n',
    'sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c': b'\x06\x00\x00\x00\x01',
    'etc/os-release': 'PRETTY_NAME="Ubuntu 24.04.3 LTS"\nNAME="Ubuntu"\nVERSION_ID="24.04"\n'
                      'VERSION="24.04.3 LTS (Noble Numbat)"\nVERSION_CODENAME=noble\nID=ubuntu\n'
                      'ID_LIKE=debian\nUBUNTU_CODENAME=noble\n',
    'etc/depmod.d/ubuntu.conf': 'search updates ubuntu built-in\n',
    f'lib/modules/{REL}/modules.dep':
        'kernel/drivers/gpu/drm/drm.ko.zst:\n'
        'updates/dkms/amdgpu.ko.zst: kernel/drivers/gpu/drm/drm.ko.zst\n',
    f'lib/modules/{REL}/modules.builtin': 'kernel/drivers/pci/pcieport.ko\n',
    f'lib/modules/{REL}/{IN_TREE}': '',
    f'lib/modules/{REL}/updates/dkms/amdgpu.ko.zst': '',
    f'lib/modules/{REL}/updates/dkms/amdkcl.ko.zst': '',
    f'lib/modules/{REL}/updates/dkms/amdttm.ko.zst': '',
    'lib/firmware/updates/amdgpu/gc_11_5_0_mes_2.bin': '',
    f'usr/src/amdgpu-{DKMS}/dkms.conf': f'PACKAGE_NAME="amdgpu"\nPACKAGE_VERSION="{DKMS}"\n'
                                        'AUTOINSTALL="yes"\n',
    f'var/lib/dkms/amdgpu/{DKMS}/{REL}/x86_64/module/amdgpu.ko.zst': '',
    'var/lib/dkms/mok.pub': b'0\x82\x03\x00',
    'var/lib/dpkg/status': 'Package: amdgpu-dkms\nStatus: install ok installed\nArchitecture: all\n'
                           'Version: 1:6.14.14.30100100-2212064.24.04\n\n'
                           'Package: amdgpu-dkms-firmware\nStatus: install ok installed\n'
                           'Architecture: all\nVersion: 1:30.10.1.0.30100100-2212064.24.04\n\n',
    f'opt/rocm-{ROCM}/.info/version': f'{ROCM}-42\n',
    f'opt/rocm-{ROCM}/lib/libamdhip64.so.{LIBV}': '',
    f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so.{HSAV}': '',
}
with open(_props_path) as _f:
    FILES[NODE] = (_f.read().replace('gfx_target_version 110003', 'gfx_target_version 110500')
                   .replace('device_id 5567', 'device_id 5390'))
LINKS = {f'var/lib/dkms/amdgpu/{DKMS}/source': f'/usr/src/amdgpu-{DKMS}',
         f'var/lib/dkms/amdgpu/kernel-{REL}-x86_64': f'{DKMS}/{REL}/x86_64',
         'opt/rocm': f'/opt/rocm-{ROCM}',
         f'opt/rocm-{ROCM}/lib/libamdhip64.so': 'libamdhip64.so.7',
         f'opt/rocm-{ROCM}/lib/libamdhip64.so.7': f'libamdhip64.so.{LIBV}',
         f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
         f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so.1': f'libhsa-runtime64.so.{HSAV}'}
EXPECT = ['exit 1',
 'root_cause driver.dkms.shadows_in_tree',
 'root_cause runtime.gfx.unsupported',
 'check driver.amdgpu pass',
 'check driver.amdgpu_module fail',
 'finding driver.dkms.shadows_in_tree fail',
 # HIP's "no device" is the DKMS driver's symptom (shown under it), never the gfx target's: a
 # target the release does not support still enumerates.
 'check runtime.hip_devices fail',
 'finding runtime.hip.no_devices fail']
README = f"""\
# dkms-shadows-gfx1150

A Ryzen AI 9 HX PRO 370 laptop (Radeon 890M, gfx1150, PCI 1002:150e) on Ubuntu 24.04.3, kernel {REL}, Secure Boot on with the DKMS key enrolled, ROCm {ROCM} installed with `amdgpu-install --usecase=dkms,graphics,rocm`: amdgpu-dkms 6.14.14 (and amdgpu-dkms-firmware 30.10.1) is built for the running kernel and, because Ubuntu's depmod ranks `updates/` above the kernel tree, it is the amdgpu that loads. rocm-smi shows the device, rocminfo fails with HSA_STATUS_ERROR_OUT_OF_RESOURCES.

## The real ticket

ROCm/ROCm#5433 (https://github.com/ROCm/ROCm/issues/5433), "ROCm 7.0.1 on gfx1150 APU (0x150e): rocminfo fails with HSA_STATUS_ERROR_OUT_OF_RESOURCES on AMDGPU 6.14.14 + fw 30.10.1; works on AMDGPU 6.12.12". Verbatim from the thread: `hsa api call failure at .../rocminfo.cc:1304` / `HSA_STATUS_ERROR_OUT_OF_RESOURCES`; the reporter's steps "Enable Secure Boot, enroll MOK; kernel 6.14.0-29-generic", "amdgpu-install --usecase=dkms,graphics,rocm --accept-eula -y", "This installs amdgpu-dkms 6.14.14 and amdgpu-dkms-firmware 30.10.1", "rocm-smi # device shows", "rocminfo # FAILS". Confirmed fix (reporter, issue closed): purge amdgpu-dkms and amdgpu-dkms-firmware, `rm -rf /var/lib/dkms/amdgpu /usr/src/amdgpu-*`, `update-initramfs -u -k all`, reinstall with `amdgpu-install --usecase=rocm --no-dkms`, reboot; then `modinfo -n amdgpu` → `/lib/modules/6.14.0-29-generic/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst` (`signer: Build time autogenerated kernel key`) and rocminfo prints `ROCk module is loaded` / `Runtime Version: 1.18`.

## Made from

`tools/machines/records/dkms_shadows_gfx1150.py`: a copy of [`phoenix-apu`](../phoenix-apu/) (a real LACT capture of a Radeon 780M APU: its PCI dir, DRM nodes and KFD topology) with the GPU made the thread's 890M: PCI `device` 0x150e, `uevent`/`modalias` PCI_ID 1002:150E, KFD node 1 `gfx_target_version 110500` and `device_id 5390` (0x150e). Then the thread's host: Ubuntu 24.04.3's os-release, kernel {REL} (uname, /proc/version, /proc/cmdline), Secure Boot on (SecureBoot efivar 1, `secureboot: Secure boot enabled`, /var/lib/dkms/mok.pub), `/etc/depmod.d/ubuntu.conf` (`search updates ubuntu built-in`), `/lib/modules/{REL}/` holding both the in-tree `{IN_TREE}` (the file the reporter's `modinfo -n` names after the fix) and the DKMS `updates/dkms/amdgpu.ko.zst` with modules.dep naming the DKMS one, the DKMS tree built for {REL}, dpkg `install ok installed` for amdgpu-dkms and amdgpu-dkms-firmware, a firmware file under /lib/firmware/updates/amdgpu, `/sys/module/amdgpu/version` 6.14.14 (a DKMS amdgpu has MODULE_VERSION, the in-tree one none), /proc/modules with the DKMS-only amdkcl/amdttm/amddrm_* modules, a kernel log with `[drm] amdgpu version: 6.14.14` and `kfd kfd: amdgpu: added device 1002:150e`, ROCm {ROCM} in /opt/rocm-{ROCM}, and a recorded `hip-probe` that finds no device.

Inferred, not in the thread: the PCI revision (0xc1, an 890M revision in amdgpu.ids), the subsystem ids and the 780M's KFD/sysfs values the base carries (CU count, caches, VRAM carve-out), the DKMS build id, the kernel build string, the module sizes, the firmware file name, the ROCm .info build number and sonames ({LIBV}, {HSAV}), and the hip-probe's answer: the thread shows rocminfo's HSA_STATUS_ERROR_OUT_OF_RESOURCES, and a HIP program on a runtime whose HSA init fails reports hipErrorNoDevice with device_count 0 (HIP 7.0's runtime_version 70051831 is inferred).

## What the doctor must conclude

Root cause `driver.dkms.shadows_in_tree` (check `driver.amdgpu_module` fails): the loaded amdgpu is the DKMS one (version file 6.14.14, amdkcl/amdttm in /proc/modules), modprobe's choice is updates/dkms/amdgpu.ko.zst under depmod's `updates ubuntu built-in`, the kernel's own {IN_TREE} is on disk, and HIP finds no device. Fix: purge amdgpu-dkms, rebuild the initramfs, reboot, check `modinfo -n amdgpu`, install ROCm with `--no-dkms` — the thread's fix. `driver.amdgpu` passes (amdgpu is bound). A second root cause, from the support data rather than the thread: `runtime.gfx.unsupported` — gfx1150 is not in ROCm 7.0.1's GPU list (the doctor's table rates it override-only, 11.0.0, risky), which is true of this host but is not what the thread fixed; HIP's "no device" is shown under the DKMS root cause only (`runtime.hip.no_devices`, naming the DKMS amdgpu): a gfx target the release does not support still enumerates in HIP and fails at its first kernel, so it never explains "no device". Exit 1.

`EXPECT`:

```
{chr(10).join(EXPECT)}
```
"""
