# SPDX-License-Identifier: MIT
"""gfx1031-rocm60-rocblas: RX 6700 XT (gfx1031) on Ubuntu 22.04.3 with ROCm 6.0.0: rocBLAS has no
TensileLibrary for gfx1031; AMD: "gfx1031 is not officially supported" (ROCm/ROCm#2720)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..probe_records import hip_load

NAME = 'gfx1031-rocm60-rocblas'
BASE = 'gfx-unsupported'
REL = '6.2.0-39-generic'
ROCM, LIBV, HSAV = '6.0.0', '6.0.60000', '1.12.60000'
BANNER = (f'Linux version {REL} (buildd@lcy02-amd64-045) (x86_64-linux-gnu-gcc-11 (Ubuntu '
          '11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) '
          '#40~22.04.1-Ubuntu SMP PREEMPT_DYNAMIC Thu Nov 16 10:53:04 UTC 2')
REMOVE = ['lib/modules/6.8.0-45-generic', 'opt/rocm-6.2.0']
MACHINE = {'description': 'RX 6700 XT (gfx1031), Ubuntu 22.04.3, ROCm 6.0.0: no rocBLAS kernels for '
                          'gfx1031, no HSA_OVERRIDE_GFX_VERSION',
           'uname': {'release': REL,
                     'version': '#40~22.04.1-Ubuntu SMP PREEMPT_DYNAMIC Thu Nov 16 10:53:04 UTC 2'}}
PROBES = {'hip-load': hip_load(f'/opt/rocm-{ROCM}/lib/libamdhip64.so.6')}
FILES = {
    'proc/version': BANNER + '\n',
    'proc/cmdline': f'BOOT_IMAGE=/boot/vmlinuz-{REL} root=UUID=9a4e2c1b-7d3f-4e8a-b6c0-2f5d8e1a9c73 '
                    'ro quiet splash vt.handoff=7\n',
    'etc/os-release': 'PRETTY_NAME="Ubuntu 22.04.3 LTS"\nNAME="Ubuntu"\nVERSION_ID="22.04"\n'
                      'VERSION="22.04.3 LTS (Jammy Jellyfish)"\nVERSION_CODENAME=jammy\nID=ubuntu\n'
                      'ID_LIKE=debian\nUBUNTU_CODENAME=jammy\n',
    'etc/depmod.d/ubuntu.conf': 'search updates ubuntu built-in\n',
    f'lib/modules/{REL}/modules.dep':
        'kernel/drivers/gpu/drm/drm.ko:\n'
        'kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko: kernel/drivers/gpu/drm/drm.ko\n',
    f'lib/modules/{REL}/modules.builtin': 'kernel/drivers/pci/pcieport.ko\n',
    f'lib/modules/{REL}/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko': '',
    f'opt/rocm-{ROCM}/.info/version': f'{ROCM}-91\n',
    f'opt/rocm-{ROCM}/lib/libamdhip64.so.{LIBV}': '',
    f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so.{HSAV}': '',
}
LINKS = {'opt/rocm': f'/opt/rocm-{ROCM}',
         f'opt/rocm-{ROCM}/lib/libamdhip64.so': 'libamdhip64.so.6',
         f'opt/rocm-{ROCM}/lib/libamdhip64.so.6': f'libamdhip64.so.{LIBV}',
         f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
         f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so.1': f'libhsa-runtime64.so.{HSAV}'}
EXPECT = ['exit 1',
 'root_cause runtime.gfx.unsupported',
 'check hardware.gpus pass',
 'check driver.kfd_topology pass',
 'check runtime.rocm pass',
 'check runtime.gfx_support fail',
 'check runtime.gfx_override pass']
README = """\
# gfx1031-rocm60-rocblas

The RX 6700 XT (Navi22, gfx1031, 1002:73df) desktop of `gfx-unsupported` on Ubuntu 22.04.3 (HWE kernel REL) with ROCm ROCM and no `HSA_OVERRIDE_GFX_VERSION`: rocBLAS finds no TensileLibrary for gfx1031.

## The real ticket

ROCm/ROCm#2720 (https://github.com/ROCm/ROCm/issues/2720, also ROCm/legacy-rocm-build#2720), "Support for Radeon RX 6700 XT (gfx1031)", Ubuntu 22.04.3 LTS, component rocBLAS. Verbatim: "There is no TensileLibrary_lazy_gfx1031.dat which causes an error when trying to use rocBLAS with a RX 6700 XT." AMD's answer (nartmada), confirming the cause: "Sorry, gfx1031 is not officially supported by AMD." with the system-requirements link; the community fix in the thread: "Have you tried `export HSA_OVERRIDE_GFX_VERSION=10.3.0` in `.bashrc` or before running the command you are trying to use?" (danielzgtg). Issue closed.

## Made from

`tools/machines/records/gfx1031_rocm60_rocblas.py`: a copy of [`gfx-unsupported`](../gfx-unsupported/) (its RX 6700 XT, KFD node gfx_target_version 100301) with Ubuntu 22.04.3's os-release, the HWE kernel REL (uname, /proc/version, /proc/cmdline, /lib/modules with the in-tree amdgpu.ko and /etc/depmod.d/ubuntu.conf), and ROCm ROCM in /opt/rocm-ROCM (`.info/version`, libamdhip64.so.6.0.60000 and libhsa-runtime64.so.1.12.60000 with their links, a recorded hip-load).

Inferred, not in the thread: the ROCm release (the thread, of 2023-12-15, names none; 6.0.0 was released that day, and 5.7.1 lists gfx1031 no more than it), the kernel (22.04.3's HWE kernel of that month), the board and slot (the base's).

## What the doctor must conclude

Root cause `runtime.gfx.unsupported` (check `runtime.gfx_support` fails): gfx1031 is not in ROCm 6.0.0's target list; the remediation is the thread's `export HSA_OVERRIDE_GFX_VERSION=10.3.0`. Exit 1.

`EXPECT`:

```
EXPECTLINES
```
""".replace('REL', REL).replace('ROCM', ROCM).replace('EXPECTLINES', '\n'.join(EXPECT))
