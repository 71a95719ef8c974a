# SPDX-License-Identifier: MIT
"""dkms-built-loaded-healthy: Ubuntu 25.10, kernel 6.17.0-8, ROCm 7.1.1 with amdgpu-dkms 6.16.6 built
and loaded for the running kernel (AMD's verification in ROCm/ROCm#5624): a negative control."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'dkms-built-loaded-healthy'
BASE = 'rx7900xtx-healthy'
REL = '6.17.0-8-generic'
BUILT = ['6.17.0-5-generic', '6.17.0-8-generic']
DKMS = '6.16.6-2255209.24.04'
ROCM, LIBV, HSAV = '7.1.1', '7.1.70101', '1.18.70101'
IN_TREE = 'kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst'
# `lsmod | grep amdgpu` of the thread, in /proc/modules' columns (name size refcount users state
# address taint; lsmod prints the first four).
LSMOD = [('amdgpu', 20152320, 0, '-'), ('amddrm_ttm_helper', 12288, 1, 'amdgpu,'),
         ('amdttm', 135168, 2, 'amdgpu,amddrm_ttm_helper,'), ('amddrm_buddy', 28672, 1, 'amdgpu,'),
         ('amdxcp', 12288, 1, 'amdgpu,'), ('amddrm_exec', 12288, 1, 'amdgpu,'),
         ('amd_sched', 61440, 1, 'amdgpu,'),
         ('amdkcl', 32768, 4, 'amd_sched,amdttm,amddrm_exec,amdgpu,'),
         ('drm_panel_backlight_quirks', 12288, 1, 'amdgpu,'),
         ('drm_suballoc_helper', 24576, 1, 'amdgpu,'), ('drm_display_helper', 294912, 1, 'amdgpu,'),
         ('cec', 106496, 2, 'drm_display_helper,amdgpu,'), ('i2c_algo_bit', 16384, 1, 'amdgpu,'),
         ('video', 77824, 1, 'amdgpu,'), ('drm_ttm_helper', 16384, 2, 'qxl,amdgpu,')]
OOT = {'amdgpu', 'amddrm_ttm_helper', 'amdttm', 'amddrm_buddy', 'amdxcp', 'amddrm_exec',
       'amd_sched', 'amdkcl'}
PROC_MODULES = ''.join(f'{n} {size} {refs} {users} Live 0x0000000000000000'
                       f'{" (OE)" if n in OOT else ""}\n' for n, size, refs, users in LSMOD)
OS_RELEASE = ('PRETTY_NAME="Ubuntu 25.10"\nNAME="Ubuntu"\nVERSION_ID="25.10"\n'
              'VERSION="25.10 (Questing Quokka)"\nVERSION_CODENAME=questing\nID=ubuntu\n'
              'ID_LIKE=debian\nUBUNTU_CODENAME=questing\n')


def banner(rel):
    return (f'Linux version {rel} (buildd@lcy02-amd64-080) (x86_64-linux-gnu-gcc-15 (Ubuntu '
            '15.2.0-4ubuntu4) 15.2.0, GNU ld (GNU Binutils for Ubuntu) 2.45) '
            f'#{rel.split("-")[1]}-Ubuntu SMP PREEMPT_DYNAMIC Mon Nov 10 12:00:00 UTC 2025')


def host(rel, built, dpkg_status):
    """The files of an Ubuntu 25.10 host running `rel` with amdgpu-dkms built for `built`."""
    files = {
        'proc/version': banner(rel) + '\n',
        'proc/cmdline': f'BOOT_IMAGE=/boot/vmlinuz-{rel} root=UUID=0b7a1f6e-3c55-4c1e-9d0a-'
                        '5f2a5b9e1c11 ro quiet splash\n',
        'etc/os-release': OS_RELEASE,
        'etc/depmod.d/ubuntu.conf': 'search updates ubuntu built-in\n',
        f'lib/modules/{rel}/modules.builtin': 'kernel/drivers/pci/pcieport.ko\n',
        f'lib/modules/{rel}/{IN_TREE}': '',
        f'usr/src/amdgpu-{DKMS}/dkms.conf': f'PACKAGE_NAME="amdgpu"\nPACKAGE_VERSION="{DKMS}"\n'
                                            'AUTOINSTALL="yes"\n',
        'var/lib/dpkg/status': f'Package: amdgpu-dkms\nStatus: {dpkg_status}\nArchitecture: all\n'
                               f'Version: 1:6.16.6.70101-2255209.24.04\n\n',
        f'opt/rocm-{ROCM}/.info/version': f'{ROCM}-38\n',
        f'opt/rocm-{ROCM}/lib/libamdhip64.so.{LIBV}': '',
        f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so.{HSAV}': '',
    }
    links = {f'var/lib/dkms/amdgpu/{DKMS}/source': f'/usr/src/amdgpu-{DKMS}',
             'opt/rocm': f'/opt/rocm-{ROCM}',
             f'opt/rocm-{ROCM}/lib/libamdhip64.so': 'libamdhip64.so.7',
             f'opt/rocm-{ROCM}/lib/libamdhip64.so.7': f'libamdhip64.so.{LIBV}',
             f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
             f'opt/rocm-{ROCM}/lib/libhsa-runtime64.so.1': f'libhsa-runtime64.so.{HSAV}'}
    for k in built:
        files[f'var/lib/dkms/amdgpu/{DKMS}/{k}/x86_64/module/amdgpu.ko.zst'] = ''
        files[f'lib/modules/{k}/updates/dkms/amdgpu.ko.zst'] = ''
        links[f'var/lib/dkms/amdgpu/kernel-{k}-x86_64'] = f'{DKMS}/{k}/x86_64'
    dep_amdgpu = 'updates/dkms/amdgpu.ko.zst' if rel in built else IN_TREE
    files[f'lib/modules/{rel}/modules.dep'] = (
        'kernel/drivers/gpu/drm/drm.ko.zst:\n'
        f'{dep_amdgpu}: kernel/drivers/gpu/drm/drm.ko.zst\n')
    machine = {'uname': {'release': rel, 'version': banner(rel).split(') ')[-1]}}
    hip_load = {'name': 'hip-load',
                'argv': ['/usr/bin/rocm-doctor', 'probe-load', f'/opt/rocm-{ROCM}/lib/libamdhip64.so.7'],
                'state': 'exited', 'exit_code': 0, 'signal': None,
                'stdout': STDOUT_JSON([{'library': f'/opt/rocm-{ROCM}/lib/libamdhip64.so.7',
                                        'loaded': True, 'error': None}]),
                'stderr': '', 'truncated': False, 'error': '', 'wall_seconds': 0.05}
    return files, links, machine, hip_load


REMOVE = ['lib/modules/6.8.0-45-generic', 'opt/rocm-6.2.0']
FILES, LINKS, MACHINE, _hip_load = host(REL, BUILT, 'install ok installed')
FILES['proc/modules'] = PROC_MODULES
FILES['sys/module/amdgpu/version'] = '6.16.6\n'
MACHINE['description'] = ('RX 7900 XTX, Ubuntu 25.10, kernel 6.17.0-8, ROCm 7.1.1: amdgpu-dkms '
                          '6.16.6 built and loaded for the running kernel')
PROBES = {'hip-load': _hip_load,
          'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
              '[drm] amdgpu kernel modesetting enabled.',
              '[drm] amdgpu version: 6.16.6',
              'amdgpu: Virtual CRAT table created for CPU',
              'amdgpu: Topology: Add CPU node',
              'amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from VFCT',
              '[drm] Initialized amdgpu 3.64.0 for 0000:03:00.0 on minor 0',
              'kfd kfd: amdgpu: added device 1002:744c']}}
EXPECT = ['exit 0',
 'root_cause driver.kernel.unsupported',
 'check driver.amdgpu pass',
 'check driver.amdgpu_module pass',
 'check driver.kfd pass',
 'check runtime.hip_load pass']
README = f"""\
# dkms-built-loaded-healthy

A negative control for the DKMS rules: Ubuntu 25.10, kernel {REL}, ROCm {ROCM} with amdgpu-dkms {DKMS} built and installed for the running kernel (and for 6.17.0-5), the DKMS amdgpu loaded and driving the RX 7900 XTX. The DKMS copy in updates/dkms shadows the in-tree one by design; nothing is broken in the driver.

## The real ticket

ROCm/ROCm#5624 (https://github.com/ROCm/ROCm/issues/5624), "[Issue]: AMDGPU DKMS fails to build on kernel 6.17.0-6 (Ubuntu 25.10)". AMD's verification on the newer kernel (verbatim, carried here): `sudo dkms status` → "amdgpu/6.16.6-2255209.24.04, 6.17.0-5-generic, x86_64: installed (Original modules exist)" and "amdgpu/6.16.6-2255209.24.04, 6.17.0-8-generic, x86_64: installed (Original modules exist)"; `lsmod | grep amdgpu` (amdgpu, amddrm_ttm_helper, amdttm, amddrm_buddy, amdxcp, amddrm_exec, amd_sched, amdkcl, drm_panel_backlight_quirks, drm_suballoc_helper, drm_display_helper, cec, i2c_algo_bit, video, drm_ttm_helper with their sizes and users, written here as /proc/modules lines); `dmesg | grep -i amdgpu` → "[drm] amdgpu kernel modesetting enabled.", "[drm] amdgpu version: 6.16.6", "amdgpu: Virtual CRAT table created for CPU", "amdgpu: Topology: Add CPU node". "I tested this with ROCm `7.1.1`, Ubuntu `25.10` (Questing Quokka), and the `6.17.0-8-generic` kernel (slightly newer), and the issue appears to be resolved".

## Made from

`tools/machines/records/dkms_built_loaded_healthy.py`: a copy of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) (its GPU sysfs, KFD topology, groups) with Ubuntu 25.10's os-release, kernel {REL}, `/etc/depmod.d/ubuntu.conf`, the DKMS tree and updates/dkms modules for both kernels, modules.dep naming updates/dkms/amdgpu.ko.zst, `/sys/module/amdgpu/version` 6.16.6, the lsmod and dmesg lines above (plus the base's VBIOS/KFD lines), dpkg `install ok installed`, and ROCm {ROCM} in /opt/rocm-{ROCM}.

Inferred, not in the thread: the GPU (the thread names none: the base's RX 7900 XTX), the soname versions ({LIBV}, {HSAV}) and the .info/version build number of ROCm {ROCM}, the taint flags, the kernel build strings, the DRM minor line.

## What the doctor must conclude

`driver.amdgpu` and `driver.amdgpu_module` pass (the latter says modprobe loads updates/dkms/amdgpu.ko.zst, shadowing the in-tree file); no `driver.dkms.*` or `driver.secure_boot.*` finding. The one root cause is `driver.kernel.unsupported` (warn): ROCm 7.1.1's compatibility matrix does not list Ubuntu 25.10. Exit 0.

`EXPECT`:

```
{chr(10).join(EXPECT)}
```
"""
