# SPDX-License-Identifier: MIT
"""dkms-kernel-update-fallback: RX 7900 XTX on Ubuntu 24.04.1 after the 6.8.0-44 kernel update:
amdgpu-dkms (ROCm 6.2.0) failed to build for it and the in-tree amdgpu drives the GPU
(ROCm/ROCm#3701)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'dkms-kernel-update-fallback'
BASE = 'rx7900xtx-healthy'
OLD, NEW = '6.8.0-41-generic', '6.8.0-44-generic'
DKMS = '6.8.5-2009582.24.04'          # amdgpu-dkms of ROCm 6.2.0 (DKMS's <module>/<version>)
PKG = '1:6.8.5.60200-2009582.24.04'   # the same as a Debian version
IN_TREE = 'kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst'
REMOVE = ['lib/modules/6.8.0-45-generic']
MACHINE = {'description': 'RX 7900 XTX, Ubuntu 24.04.1, kernel 6.8.0-44: amdgpu-dkms of ROCm 6.2.0 '
                          'did not build for it, the in-tree amdgpu drives the GPU',
           'uname': {'release': NEW,
                     'version': '#44-Ubuntu SMP PREEMPT_DYNAMIC Tue Aug 13 13:35:26 UTC 2024'}}
FILES = {
    'proc/version': f'Linux version {NEW} (buildd@lcy02-amd64-075) (x86_64-linux-gnu-gcc-13 '
                    '(Ubuntu 13.2.0-23ubuntu4) 13.2.0, GNU ld (GNU Binutils for Ubuntu) 2.42) '
                    '#44-Ubuntu SMP PREEMPT_DYNAMIC Tue Aug 13 13:35:26 UTC 2024\n',
    'proc/cmdline': f'BOOT_IMAGE=/boot/vmlinuz-{NEW} root=UUID=0b7a1f6e-3c55-4c1e-9d0a-5f2a5b9e1c11 '
                    'ro quiet splash\n',
    # Ubuntu's kmod ships this file: DKMS modules in updates/ rank above the kernel's own.
    'etc/depmod.d/ubuntu.conf': 'search updates ubuntu built-in\n',
    f'lib/modules/{NEW}/modules.dep':
        'kernel/drivers/gpu/drm/drm.ko.zst:\n'
        'kernel/drivers/gpu/drm/scheduler/gpu-sched.ko.zst: kernel/drivers/gpu/drm/drm.ko.zst\n'
        'kernel/drivers/gpu/drm/ttm/ttm.ko.zst: kernel/drivers/gpu/drm/drm.ko.zst\n'
        f'{IN_TREE}: kernel/drivers/gpu/drm/scheduler/gpu-sched.ko.zst '
        'kernel/drivers/gpu/drm/ttm/ttm.ko.zst kernel/drivers/gpu/drm/drm.ko.zst\n',
    f'lib/modules/{NEW}/modules.builtin': 'kernel/drivers/pci/pcieport.ko\n'
                                          'kernel/drivers/virtio/virtio_pci.ko\n',
    f'lib/modules/{NEW}/{IN_TREE}': '',
    f'lib/modules/{OLD}/{IN_TREE}': '',
    f'lib/modules/{OLD}/updates/dkms/amdgpu.ko.zst': '',
    f'lib/modules/{OLD}/modules.dep': 'updates/dkms/amdgpu.ko.zst:\n',
    f'usr/src/amdgpu-{DKMS}/dkms.conf':
        f'PACKAGE_NAME="amdgpu"\nPACKAGE_VERSION="{DKMS}"\nAUTOINSTALL="yes"\n',
    f'var/lib/dkms/amdgpu/{DKMS}/{OLD}/x86_64/module/amdgpu.ko.zst': '',
    f'var/lib/dkms/amdgpu/{DKMS}/build/make.log':
        f'DKMS make.log for amdgpu-{DKMS} for kernel {NEW} (x86_64)\n',
    'var/lib/dpkg/status':
        'Package: amdgpu-dkms\nStatus: install ok half-configured\nPriority: optional\n'
        'Section: misc\nMaintainer: Advanced Micro Devices (AMD) <gpudriverdevsupport@amd.com>\n'
        f'Architecture: all\nVersion: {PKG}\nProvides: amdgpu-dkms-any\n'
        'Depends: dkms (>= 1.95), libc-dev | libc6-dev, autoconf, automake, amdgpu-dkms-firmware\n'
        'Description: amdgpu driver in DKMS format.\n\n',
}
LINKS = {f'var/lib/dkms/amdgpu/{DKMS}/source': f'/usr/src/amdgpu-{DKMS}',
         f'var/lib/dkms/amdgpu/kernel-{OLD}-x86_64': f'{DKMS}/{OLD}/x86_64'}
EXPECT = ['exit 0',
 'root_cause driver.dkms.in_tree_fallback',
 'check driver.amdgpu pass',
 'check driver.amdgpu_module warn',
 'finding driver.dkms.in_tree_fallback warn',
 'check driver.kfd pass']
README = f"""\
# dkms-kernel-update-fallback

An RX 7900 XTX desktop on Ubuntu 24.04.1 with ROCm 6.2.0 and its amdgpu-dkms ({DKMS}), after Ubuntu's kernel update from {OLD} to {NEW}: DKMS could not build amdgpu for the new kernel, dpkg left amdgpu-dkms half-configured, and the kernel's own amdgpu drives the GPU.

## The real ticket

ROCm/ROCm#3701 (https://github.com/ROCm/ROCm/issues/3701), "[Issue]: amdgpu-dkms fails with Ubuntu kernel 6.8.0-44" (Ubuntu 24.04.1, ROCm 6.2.0, RX 7900 XTX among the reporters' GPUs). Verbatim: "I was running ROCm 6.2 just fine with kernel 6.8.0-41 - Ubuntu just pushed kernel 6.8.0-44, however, `amdgpu-dkms` fails with that kernel. Rolling back to kernel 6.8.0-41 restored ROCm for me." Another user: "I confirm building for **6.8.0-40-generic** is **OK** / I confirm building for **6.8.0-44-generic** is **KO**". AMD reproduced the build failure; the fix shipped in ROCm 6.2.1 (ROCK-Kernel-Driver commit 2f767b9): "6.2.1 has this resolved", confirmed by users ("I have re-installed using ROCm 6.2.1 - works as expected").

## Made from

`tools/machines/records/dkms_kernel_update_fallback.py`: a copy of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) (see its README for the GPU's sysfs and the ROCm 6.2.0 user space) with the running kernel changed to {NEW} (uname, /proc/version, /proc/cmdline, /lib/modules/{NEW}/modules.dep naming the in-tree amdgpu) and:

- `/etc/depmod.d/ubuntu.conf` `search updates ubuntu built-in` (the file Ubuntu's kmod package installs).
- `/var/lib/dkms/amdgpu/{DKMS}/` with `source` (-> /usr/src/amdgpu-{DKMS}, which holds dkms.conf), the build for {OLD} (`{OLD}/x86_64/module/amdgpu.ko.zst` and DKMS's `kernel-{OLD}-x86_64` link) and no build for {NEW}; `build/make.log` with DKMS's header line. /lib/modules/{OLD}/updates/dkms/amdgpu.ko.zst from the old kernel's successful build.
- `/var/lib/dpkg/status`: amdgpu-dkms {PKG} `install ok half-configured` (its postinst DKMS build failed).

Inferred, not in the thread: the DKMS version string ({DKMS} is the amdgpu-dkms of ROCm 6.2.0), the make.log body (the thread shows no compiler error: only the header line is written), the dpkg stanza's fields other than Package/Status/Version, the kernel build timestamp. amdgpu still loads from the in-tree file on {NEW} (the GPU is bound, KFD lists it) — what Ubuntu's kernel does for an RX 7900 XTX; the thread does not say which part of ROCm failed for the reporter on the new kernel.

## What the doctor must conclude

amdgpu is bound (in-tree, no /sys/module/amdgpu/version, no amdkcl/amdttm), so `driver.amdgpu` passes; `driver.amdgpu_module` warns `driver.dkms.in_tree_fallback`: amdgpu-dkms is installed but DKMS built it only for {OLD}, the running {NEW} uses the kernel's own amdgpu, dpkg left the package half-configured (make.log named). A warning, not a failure: the in-tree driver supports this GPU (ROCm/ROCm#6121: "the dkms driver is not required").

`EXPECT`:

```
{chr(10).join(EXPECT)}
```
"""
