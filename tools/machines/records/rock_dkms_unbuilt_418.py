# SPDX-License-Identifier: MIT
"""rock-dkms-unbuilt-418: Ubuntu 18.04, HWE kernel 4.18.0-16, ROCm 2.2 with a Radeon VII: rock-dkms
2.2-31 failed to build for 4.18 and the kernel's own amdgpu does not drive the GPU
(ROCm/ROCm#731)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'rock-dkms-unbuilt-418'
BASE = 'dkms-not-built'
REL = '4.18.0-16-generic'
DKMS = '2.2-31'
GPU = 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0'
BANNER = (f'Linux version {REL} (buildd@lgw01-amd64-011) (gcc version 7.3.0 (Ubuntu '
          '7.3.0-16ubuntu3)) #17~18.04.1-Ubuntu SMP Tue Feb 12 13:35:51 UTC 2019')
# The apt run's tail, as the thread quotes it; make.log holds the compiler error (the thread
# did not post it: only where to find it).
APT_TAIL = ("ERROR: Cannot create report: [Errno 17] File exists: '/var/crash/rock-dkms.0.crash'\n"
            f'Error! Bad return status for module build on kernel: {REL} (x86_64)\n'
            f'Consult /var/lib/dkms/amdgpu/{DKMS}/build/make.log for more information.\n')
REMOVE = ['lib/modules/6.5.0-45-generic', 'lib/modules/6.8.0-52-generic',
          'var/lib/dkms/amdgpu/6.10.5-2084815.22.04', 'opt/rocm-6.2.0', 'opt/rocm',
          'etc/ld.so.conf.d', '.rocm-doctor/probes/hip-load.json']
MACHINE = {'description': 'Radeon VII, Ubuntu 18.04, HWE kernel 4.18.0-16, ROCm 2.2: rock-dkms 2.2-31 '
                          'did not build for 4.18 and nothing drives the GPU',
           'uname': {'release': REL,
                     'version': '#17~18.04.1-Ubuntu SMP Tue Feb 12 13:35:51 UTC 2019'}}
PROBES = {'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
    BANNER,
    f'Command line: BOOT_IMAGE=/boot/vmlinuz-{REL} root=UUID=3f1c9a52-8d0e-4b7a-a1c3-6e2d5f9b0a17 '
    'ro quiet splash vt.handoff=1']}}
FILES = {
    f'{GPU}/device': '0x66af\n',
    f'{GPU}/revision': '0xc1\n',
    f'{GPU}/subsystem_vendor': '0x1002\n',
    f'{GPU}/subsystem_device': '0x081e\n',
    f'{GPU}/max_link_speed': '8.0 GT/s PCIe\n',
    f'{GPU}/current_link_speed': '8.0 GT/s PCIe\n',
    f'{GPU}/uevent': 'PCI_CLASS=30000\nPCI_ID=1002:66AF\nPCI_SUBSYS_ID=1002:081E\n'
                     'PCI_SLOT_NAME=0000:03:00.0\n'
                     'MODALIAS=pci:v00001002d000066AFsv00001002sd0000081Ebc03sc00i00\n',
    'proc/version': BANNER + '\n',
    'proc/cmdline': f'BOOT_IMAGE=/boot/vmlinuz-{REL} root=UUID=3f1c9a52-8d0e-4b7a-a1c3-6e2d5f9b0a17 '
                    'ro quiet splash vt.handoff=1\n',
    'etc/os-release': 'NAME="Ubuntu"\nVERSION="18.04.2 LTS (Bionic Beaver)"\nID=ubuntu\n'
                      'ID_LIKE=debian\nPRETTY_NAME="Ubuntu 18.04.2 LTS"\nVERSION_ID="18.04"\n'
                      'VERSION_CODENAME=bionic\nUBUNTU_CODENAME=bionic\n',
    'etc/depmod.d/ubuntu.conf': 'search updates ubuntu built-in\n',
    f'lib/modules/{REL}/modules.dep':
        'kernel/drivers/gpu/drm/drm.ko:\n'
        'kernel/drivers/gpu/drm/ttm/ttm.ko: kernel/drivers/gpu/drm/drm.ko\n'
        'kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko: kernel/drivers/gpu/drm/ttm/ttm.ko '
        'kernel/drivers/gpu/drm/drm.ko\n',
    f'lib/modules/{REL}/modules.builtin': 'kernel/drivers/pci/pcieport.ko\n',
    f'lib/modules/{REL}/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko': '',
    f'usr/src/amdgpu-{DKMS}/dkms.conf': f'PACKAGE_NAME="amdgpu"\nPACKAGE_VERSION="{DKMS}"\n'
                                        'AUTOINSTALL="yes"\n',
    f'var/lib/dkms/amdgpu/{DKMS}/build/make.log':
        f'DKMS make.log for amdgpu-{DKMS} for kernel {REL} (x86_64)\n',
    'var/crash/rock-dkms.0.crash': 'ProblemType: Package\nPackage: rock-dkms 2.2-31\n'
                                   'SourcePackage: rock-dkms\nTitle: rock-dkms 2.2-31: rock-dkms '
                                   f'kernel module failed to build\n',
    'var/log/apt/term.log': APT_TAIL,
    'var/lib/dpkg/status': 'Package: rock-dkms\nStatus: install ok half-configured\n'
                           'Architecture: all\nVersion: 2.2-31\n\n',
    'opt/rocm/.info/version': '2.2.31\n',
    'opt/rocm/hsa/lib/libhsa-runtime64.so.1.1.9': '',
    'opt/rocm/hip/lib/libhip_hcc.so': '',
    # HIP 1.5 of ROCm 2.2: CMake's add_to_config lines, the patch from the roc-2.2.0 commit
    # date (%y%U%w = 19055), as ROCm/HIP roc-2.2.0 CMakeLists.txt writes bin/.hipVersion.
    'opt/rocm/hip/bin/.hipVersion': 'HIP_VERSION_MAJOR=1\nHIP_VERSION_MINOR=5\nHIP_VERSION_PATCH=19055\n',
}
LINKS = {f'var/lib/dkms/amdgpu/{DKMS}/source': f'/usr/src/amdgpu-{DKMS}',
         'opt/rocm/hsa/lib/libhsa-runtime64.so.1': 'libhsa-runtime64.so.1.1.9',
         'opt/rocm/hsa/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
         # hip_hcc's postinst (roc-2.2.0 packaging/hip_hcc.postinst): ln -s $HIPLIBDIR/$f in /opt/rocm/lib
         'opt/rocm/lib/libhip_hcc.so': '/opt/rocm/hip/lib/libhip_hcc.so'}
# ROCm 2.2 is found (HCC-era HIP, hip/lib/libhip_hcc.so) and reported as too old for the doctor's
# HIP checks: a warning-level second root cause (nothing above it explains it), after the driver's fail.
EXPECT = ['exit 1',
 'root_cause driver.dkms.not_built_for_kernel',
 'root_cause runtime.rocm.too_old',
 'check driver.amdgpu fail',
 'finding driver.dkms.not_built_for_kernel fail',
 'check runtime.rocm warn',
 'finding runtime.rocm.too_old warn']
README = f"""\
# rock-dkms-unbuilt-418

A Radeon VII (Vega 20, gfx906, 1002:66af rev 0xc1) desktop on Ubuntu 18.04 with the HWE kernel {REL}, upgraded from ROCm 2.1 to 2.2 with `apt install rocm-dkms`. rock-dkms {DKMS} does not compile against 4.18, so DKMS built no amdgpu for the running kernel; the kernel's own amdgpu (kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko) is on disk but does not claim the GPU. No driver is bound, /dev/kfd does not exist.

## The real ticket

ROCm/ROCm#731 (https://github.com/ROCm/ROCm/issues/731), "Driver not building on Ubuntu 18.04 with kernel 4.18". Verbatim from the reporter: `sudo apt install rocm-dkms` ending in "ERROR: Cannot create report: [Errno 17] File exists: '/var/crash/rock-dkms.0.crash'" / "Error! Bad return status for module build on kernel: 4.18.0-16-generic (x86_64)" / "Consult /var/lib/dkms/amdgpu/2.2-31/build/make.log for more information." Maintainer (kentrussell, AMD), confirming the cause: "This is a known issue with 2.2 with the 4.18 kernel. The fix will be included in 2.3. For now, you'll need to stick with the upstream kernel, or downgrade to 4.15." The sibling ROCm/ROCm#738 shows the same machine state after the failed build: "There is no /dev/kfd folder and dmesg | grep amdkfd gives nothing."

## Made from

`tools/machines/records/rock_dkms_unbuilt_418.py`: a copy of [`dkms-not-built`](../dkms-not-built/) (an unbound AMD GPU whose PCI dir holds only the generic PCI attributes, no DRM or KFD nodes, no amdgpu in /proc/modules) with the GPU made a Radeon VII (device 0x66af, revision 0xc1, subsystem 1002:081e, 8.0 GT/s link; the values of the project's radeon-vii-deprecated machine) and the thread's host: Ubuntu 18.04's os-release, kernel {REL} (uname, /proc/version, /proc/cmdline), `/etc/depmod.d/ubuntu.conf`, `/lib/modules/{REL}/` with only the in-tree `amdgpu.ko` (uncompressed, as 4.18 kernels shipped it) and modules.dep naming it, the DKMS source tree `amdgpu/{DKMS}` with `build/make.log` and no build for any kernel, `/var/crash/rock-dkms.0.crash` and the apt lines above in /var/log/apt/term.log, dpkg's `install ok half-configured` for rock-dkms (the post-install script failed), and ROCm 2.2's /opt/rocm layout (.info/version 2.2.31, hsa/lib, hip/lib/libhip_hcc.so with the hip_hcc package's link to it in /opt/rocm/lib and hip/bin/.hipVersion, as ROCm/HIP's roc-2.2.0 packaging installs them). The kernel log holds the boot banner and command line only: the thread quotes no amdgpu line, and #738 says there was none.

Inferred, not in the thread: the board (subsystem ids), the PCI slot, make.log's content (the thread only points to it), the crash file's fields, the kernel build string, that the in-tree 4.18 amdgpu does not bind a Radeon VII (Vega 20 support was still experimental in 4.18/4.19 kernels — the thread says only that nothing worked), the dpkg state (half-configured is what a failed post-install leaves).

## What the doctor must conclude

Root cause `driver.dkms.not_built_for_kernel` (check `driver.amdgpu` fails): rock-dkms {DKMS} is installed but DKMS built it for no kernel; {REL} has only its own amdgpu.ko, which did not load for the GPU; dpkg half-configured and make.log are the evidence. Fix: the build's error is in make.log; boot a kernel it builds for (4.15) or the one AMD names, or a ROCm release whose DKMS supports 4.18 (2.3). Exit 1.

`runtime.rocm` warns `runtime.rocm.too_old`: ROCm 2.2.31 is installed at /opt/rocm, but it is of the HCC era — HIP is `hip/lib/libhip_hcc.so` (HIP 1.5.19055 from `hip/bin/.hipVersion`), not the libamdhip64 of ROCm 3.5 and later — so the doctor cannot load or judge that runtime, and its support data starts at ROCm 5.0.0. It is a second, warning-level root cause (no failing check explains it; AMD no longer supports ROCm 2.2), after the driver's fail. Before the finder knew libhip_hcc.so the doctor said `runtime.rocm.not_installed` (fail), which was false: ROCm is installed.

`EXPECT`:

```
{chr(10).join(EXPECT)}
```
"""
