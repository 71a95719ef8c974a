# SPDX-License-Identifier: MIT
"""secure-boot-dkms-shadows: Ubuntu 24.10, kernel 6.11.0-14, ROCm 6.3.2 with amdgpu-dkms: after a
reboot Secure Boot keeps the DKMS amdgpu (which depmod ranks above the signed in-tree one) from
loading (ROCm/ROCm#4328)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'secure-boot-dkms-shadows'
BASE = 'secure-boot-blocked'
REL = '6.11.0-14-generic'
DKMS = '6.10.5-2109964.24.04'   # illustrative build id of ROCm 6.3.2's amdgpu-dkms 6.10.5
ROCM, LIBV, HSAV = '6.3.2', '6.3.60302', '1.14.60302'
IN_TREE = 'kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst'
BANNER = (f'Linux version {REL} (buildd@lcy02-amd64-050) (x86_64-linux-gnu-gcc-14 (Ubuntu '
          '14.2.0-4ubuntu2) 14.2.0, GNU ld (GNU Binutils for Ubuntu) 2.43.1) #14-Ubuntu SMP '
          'PREEMPT_DYNAMIC Sat Jan 11 01:01:52 UTC 2025')
REMOVE = ['lib/modules/6.1.0-30-amd64', 'var/lib/dkms/amdgpu/6.10.5-2111494.22.04',
          'opt/rocm-6.3.3']
MACHINE = {'description': 'Ubuntu 24.10, kernel 6.11.0-14, ROCm 6.3.2 + amdgpu-dkms, Secure Boot '
                          'on: the DKMS amdgpu shadows the signed in-tree one and is not loaded',
           'uname': {'release': REL,
                     'version': '#14-Ubuntu SMP PREEMPT_DYNAMIC Sat Jan 11 01:01:52 UTC 2025'}}
PROBES = {
    'kernel-log': {'state': 'ok', 'source': '/dev/kmsg',
                   'lines': [BANNER, 'secureboot: Secure boot enabled']},
    'hip-load': {'name': 'hip-load',
                 'argv': ['/usr/bin/rocm-doctor', 'probe-load', f'/opt/rocm-{ROCM}/lib/libamdhip64.so.6'],
                 'state': 'exited', 'exit_code': 0, 'signal': None,
                 'stdout': STDOUT_JSON([{'library': f'/opt/rocm-{ROCM}/lib/libamdhip64.so.6',
                                         'loaded': True, 'error': None}]),
                 'stderr': '', 'truncated': False, 'error': '', 'wall_seconds': 0.05}}
FILES = {
    'proc/version': BANNER + '\n',
    'proc/cmdline': f'BOOT_IMAGE=/boot/vmlinuz-{REL} root=UUID=0b7a1f6e-3c55-4c1e-9d0a-5f2a5b9e1c11 '
                    'ro quiet splash\n',
    'etc/os-release': 'PRETTY_NAME="Ubuntu 24.10"\nNAME="Ubuntu"\nVERSION_ID="24.10"\n'
                      'VERSION="24.10 (Oracular Oriole)"\nVERSION_CODENAME=oracular\nID=ubuntu\n'
                      'ID_LIKE=debian\nUBUNTU_CODENAME=oracular\n',
    'etc/depmod.d/ubuntu.conf': 'search updates ubuntu built-in\n',
    f'lib/modules/{REL}/modules.dep':
        'kernel/drivers/gpu/drm/drm.ko.zst:\n'
        'updates/dkms/amdgpu.ko.zst: kernel/drivers/gpu/drm/drm.ko.zst\n',
    f'lib/modules/{REL}/modules.builtin': 'kernel/drivers/pci/pcieport.ko\n',
    f'lib/modules/{REL}/{IN_TREE}': '',
    f'lib/modules/{REL}/updates/dkms/amdgpu.ko.zst': '',
    f'usr/src/amdgpu-{DKMS}/dkms.conf': f'PACKAGE_NAME="amdgpu"\nPACKAGE_VERSION="{DKMS}"\n'
                                        'AUTOINSTALL="yes"\n',
    f'var/lib/dkms/amdgpu/{DKMS}/{REL}/x86_64/module/amdgpu.ko.zst': '',
    'var/lib/dkms/mok.pub': b'0\x82\x03\x00',
    'var/lib/dpkg/status': 'Package: amdgpu-dkms\nStatus: install ok installed\n'
                           f'Architecture: all\nVersion: 1:{DKMS.replace("-", ".60302-", 1)}\n\n',
    f'opt/rocm-{ROCM}/.info/version': f'{ROCM}-66\n',
    f'opt/rocm-{ROCM}/lib/libamdhip64.so.{LIBV}': '',
    f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so.{HSAV}': '',
}
LINKS = {f'var/lib/dkms/amdgpu/{DKMS}/source': f'/usr/src/amdgpu-{DKMS}',
         f'var/lib/dkms/amdgpu/kernel-{REL}-x86_64': f'{DKMS}/{REL}/x86_64',
         'opt/rocm': f'/opt/rocm-{ROCM}',
         f'opt/rocm-{ROCM}/lib/libamdhip64.so': 'libamdhip64.so.6',
         f'opt/rocm-{ROCM}/lib/libamdhip64.so.6': f'libamdhip64.so.{LIBV}',
         f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
         f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so.1': f'libhsa-runtime64.so.{HSAV}'}
EXPECT = ['exit 1',
 'root_cause driver.secure_boot.module_blocked',
 'root_cause driver.kernel.unsupported',
 'check driver.amdgpu fail',
 'finding driver.secure_boot.module_blocked fail']
README = f"""\
# secure-boot-dkms-shadows

Ubuntu 24.10, kernel {REL}, ROCm {ROCM} installed with amdgpu-install and its DKMS driver, UEFI Secure Boot on. After the reboot the kernel does not load amdgpu: modprobe's choice is the DKMS copy in updates/dkms (Ubuntu's `search updates ubuntu built-in` ranks it above the kernel's signed {IN_TREE}), and Secure Boot refuses it. rocminfo and clinfo see no GPU.

## The real ticket

ROCm/ROCm#4328 (https://github.com/ROCm/ROCm/issues/4328), reporter's own diagnosis and fix (verbatim): "Everything was fine during the installation process, and I was able to load the amdgpu module twice. However, after restarting my system, I faced multiple issues trying to make my kernel (6.11.0-14-generic) load the graphics module. It became impossible to load the amdgpu module, and tools like rocminfo and clinfo indicated that the graphics were not loaded. The cause was related to Secure Boot, which was preventing the kernel from loading the amdgpu module." and "Kernel version: 6.11.0-14-generic / Dist: Ubuntu 24.10 / Issue: Secure Boot blocking the loading of the amdgpu module / Suggested fix: Disable Secure Boot in BIOS/UEFI". ROCm/ROCm#276 ("ROCm-dkms and secure boot": "I disabled secure boot on my system. Everything seems to be working fine.") is the same class.

## Made from

`tools/machines/records/secure_boot_dkms_shadows.py`: a copy of [`secure-boot-blocked`](../secure-boot-blocked/) (RX 6900 XT unbound, amdgpu not loaded, SecureBoot efivar 1; see its README for the GPU's sources) with: Ubuntu 24.10's os-release, kernel {REL} (uname, /proc/version, /proc/cmdline), `/etc/depmod.d/ubuntu.conf`, `/lib/modules/{REL}/` holding both the in-tree `{IN_TREE}` and the DKMS `updates/dkms/amdgpu.ko.zst` with modules.dep naming the DKMS one, the DKMS tree for {REL} (installed), /var/lib/dkms/mok.pub (DKMS's signing key, 4 placeholder bytes), dpkg's `install ok installed` amdgpu-dkms, and ROCm {ROCM} in /opt/rocm-{ROCM}. The kernel log holds the boot banner and `secureboot: Secure boot enabled` only: the thread shows no dmesg, so no rejection line is invented — the doctor must conclude from Secure Boot and depmod's choice alone.

Inferred, not in the thread: the GPU (the thread names none; the base machine's RX 6900 XT), the DKMS build id and .info/version build number (66), the kernel build timestamp. That the DKMS copy is the one refused follows from depmod's order and the reporter's "amdgpu-install" DKMS install; the thread does not quote modinfo.

## What the doctor must conclude

Root cause `driver.secure_boot.module_blocked` (check `driver.amdgpu` fails): Secure Boot is on, the module modprobe loads is updates/dkms/amdgpu.ko.zst, and it shadows the kernel's own signed {IN_TREE} (depmod search 'updates ubuntu built-in'). Fix: enrol the DKMS key with mokutil, disable Secure Boot, or remove amdgpu-dkms so the signed in-tree driver loads. A second, true root cause: `driver.kernel.unsupported` (warn) — ROCm 6.3.2's compatibility matrix lists Ubuntu 24.04.2 and 22.04.5, not 24.10. Exit 1.

`EXPECT`:

```
{chr(10).join(EXPECT)}
```
"""
