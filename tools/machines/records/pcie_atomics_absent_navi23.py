# SPDX-License-Identifier: MIT
"""pcie-atomics-absent-navi23: an RX 6600 XT (Navi 23, gfx1032) on a PCIe 2.0 Phenom II X4 965,
Fedora 36, ROCm OpenCL from Fedora's repositories: amdgpu says 'PCIE atomic ops is not supported',
KFD adds the GPU anyway and rocminfo works (ROCm/ROCm#157). A negative control: the atomics line
is a warning, not a failure."""
import os

from ..bdf_move import move
from ..core import REPO
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..gpu_parts import KFD_NODES

NAME = 'pcie-atomics-absent-navi23'
BASE = 'gfx1032-arch-no-override'
REL = '5.18.11-200.fc36.x86_64'
BANNER = (f'Linux version {REL} (mockbuild@bkernel01.iad2.fedoraproject.org) (gcc (GCC) 12.1.1 '
          '20220507 (Red Hat 12.1.1-1), GNU ld version 2.37-27.fc36) #1 SMP PREEMPT_DYNAMIC Tue Jul '
          '12 22:52:35 UTC 2022')
# The GPU behind Navi 23's own switch (upstream 03:00.0, downstream 04:00.0) on the 990FX
# chipset's graphics port 00:02.0: the thread's dmesg names it 0000:05:00.0.
_REMOVE, _FILES, _LINKS = move(BASE, {'0000:00:01.1': '0000:00:02.0', '0000:01:00.0': '0000:03:00.0',
                                      '0000:02:00.0': '0000:04:00.0', '0000:03:00.0': '0000:05:00.0'})
ROOT_PORT = 'sys/devices/pci0000:00/0000:00:02.0'
GPU = ROOT_PORT + '/0000:03:00.0/0000:04:00.0/0000:05:00.0'
CPU = ('processor\t: {n}\nvendor_id\t: AuthenticAMD\ncpu family\t: 16\nmodel\t\t: 4\n'
       'model name\t: AMD Phenom(tm) II X4 965 Processor\nstepping\t: 3\nmicrocode\t: 0x10000db\n'
       'cpu MHz\t\t: 3400.000\ncache size\t: 512 KB\nphysical id\t: 0\nsiblings\t: 4\n'
       'core id\t\t: {n}\ncpu cores\t: 4\napicid\t\t: {n}\nfpu\t\t: yes\nflags\t\t: fpu vme de pse '
       'tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht '
       'syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm 3dnowext 3dnow constant_tsc rep_good nopl '
       'nonstop_tsc cpuid extd_apicid pni monitor cx16 popcnt lahf_lm cmp_legacy svm extapic '
       'cr8_legacy abm sse4a misalignsse 3dnowprefetch osvw ibs skinit wdt hw_pstate vmmcall npt '
       'lbrv svm_lock nrip_save\n\n')
REMOVE = _REMOVE + ['lib/modules/6.2.11-arch1-1', 'opt', 'etc/ld.so.conf.d',
                    '.rocm-doctor/probes/hip-load.json']
MACHINE = {'description': 'RX 6600 XT (Navi 23, gfx1032) on a PCIe 2.0 Phenom II X4 965, Fedora 36, '
                          "ROCm OpenCL from Fedora: 'PCIE atomic ops is not supported', KFD adds "
                          'the GPU, rocminfo works',
           'uname': {'release': REL,
                     'version': '#1 SMP PREEMPT_DYNAMIC Tue Jul 12 22:52:35 UTC 2022'}}
PROBES = {
    'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
        BANNER,
        # The thread's `dmesg | grep atomic`, verbatim (without dmesg's timestamps, which
        # /dev/kmsg records do not carry in the text).
        'DMA: preallocated 1024 KiB GFP_KERNEL pool for atomic allocations',
        'DMA: preallocated 1024 KiB GFP_KERNEL|GFP_DMA pool for atomic allocations',
        'DMA: preallocated 1024 KiB GFP_KERNEL|GFP_DMA32 pool for atomic allocations',
        'atomic64_test: passed for x86-64 platform with CX8 and with SSE',
        '[drm] amdgpu kernel modesetting enabled.',
        'amdgpu 0000:05:00.0: amdgpu: Fetched VBIOS from VFCT',
        'amdgpu 0000:05:00.0: amdgpu: PCIE atomic ops is not supported',
        'amdgpu 0000:05:00.0: amdgpu: VRAM: 8176M 0x0000008000000000 - 0x00000081FEFFFFFF '
        '(8176M used)',
        '[drm] Initialized amdgpu 3.46.0 20150101 for 0000:05:00.0 on minor 0',
        'kfd kfd: amdgpu: added device 1002:73ff']}}
FILES = {
    **_FILES,
    f'{ROOT_PORT}/vendor': '0x1002\n',
    f'{ROOT_PORT}/device': '0x5a16\n',
    f'{ROOT_PORT}/current_link_speed': '5.0 GT/s PCIe\n',
    f'{ROOT_PORT}/max_link_speed': '5.0 GT/s PCIe\n',
    f'{GPU}/revision': '0xc1\n',
    f'{GPU}/current_link_speed': '5.0 GT/s PCIe\n',
    f'{GPU}/uevent': 'DRIVER=amdgpu\nPCI_CLASS=30000\nPCI_ID=1002:73FF\nPCI_SUBSYS_ID=1DA2:E448\n'
                     'PCI_SLOT_NAME=0000:05:00.0\n'
                     'MODALIAS=pci:v00001002d000073FFsv00001DA2sd0000E448bc03sc00i00\n',
    'proc/version': BANNER + '\n',
    'proc/cmdline': f'BOOT_IMAGE=(hd0,gpt2)/vmlinuz-{REL} root=UUID=3f1c9a52-7e0d-4b8a-9c61-'
                    '2d5e8f0a1b47 ro rootflags=subvol=root rhgb quiet\n',
    'proc/cpuinfo': ''.join(CPU.format(n=n) for n in range(4)),
    'etc/os-release': 'NAME="Fedora Linux"\nVERSION="36 (Workstation Edition)"\nID=fedora\n'
                      'VERSION_ID=36\nVERSION_CODENAME=""\nPLATFORM_ID="platform:f36"\n'
                      'PRETTY_NAME="Fedora Linux 36 (Workstation Edition)"\n'
                      'VARIANT="Workstation Edition"\nVARIANT_ID=workstation\n',
    f'lib/modules/{REL}/modules.dep':
        'kernel/drivers/gpu/drm/drm.ko.xz:\n'
        'kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.xz: kernel/drivers/gpu/drm/drm.ko.xz\n',
    f'lib/modules/{REL}/modules.builtin': 'kernel/drivers/pci/pcieport.ko\n',
    f'lib/modules/{REL}/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.xz': '',
    # Fedora 36's rocm-runtime, rocm-opencl and rocminfo (no HIP: Fedora packaged it later).
    'usr/lib64/libhsa-runtime64.so.1.5.0': '',
    'usr/lib64/libamdocl64.so': '',
    'usr/bin/rocminfo': '',
    'etc/OpenCL/vendors/amdocl64.icd': 'libamdocl64.so\n',
}
LINKS = {**_LINKS, 'usr/lib64/libhsa-runtime64.so.1': 'libhsa-runtime64.so.1.5.0'}
_NODES = os.path.join(REPO, 'tests', 'machines', BASE, KFD_NODES)
with open(os.path.join(_NODES, '0', 'properties')) as _f:
    FILES[f'{KFD_NODES}/0/properties'] = _f.read().replace('cpu_cores_count 32',
                                                           'cpu_cores_count 4')
with open(os.path.join(_NODES, '1', 'properties')) as _f:
    FILES[f'{KFD_NODES}/1/properties'] = _f.read().replace('location_id 768', 'location_id 1280')
with open(os.path.join(_NODES, '1', 'io_links', '0', 'properties')) as _f:
    # KFD's kfd_set_iolink_no_atomics: a GPU whose atomics request failed gets
    # NO_ATOMICS_32_BIT | NO_ATOMICS_64_BIT (bits 2, 3) on its link to the CPU.
    FILES[f'{KFD_NODES}/1/io_links/0/properties'] = _f.read().replace('flags 1\n', 'flags 13\n')
EXPECT = ['exit 1',
 # Fedora 36 packaged ROCr and ROCm OpenCL but not HIP: true of this host, not the atomics.
 'root_cause runtime.rocm.not_installed',
 'root_cause hardware.pcie.atomics_absent',
 'check hardware.pcie_atomics warn',
 'finding hardware.pcie.atomics_absent warn',
 'check driver.gpu_init pass',
 'check driver.kfd_topology pass']
README = f"""\
# pcie-atomics-absent-navi23

An RX 6600 XT (Navi 23, gfx1032, PCI 1002:73ff) at 0000:05:00.0 in a PC with an AMD Phenom II X4 965 on a PCIe 2.0 chipset, Fedora 36, ROCm OpenCL from Fedora's repositories. amdgpu logs `PCIE atomic ops is not supported`, yet KFD adds the GPU and rocminfo lists it: OpenCL works. A negative control for the atomics rule: the line is a warning (device-side hostcalls need atomics), never the failure of a host whose GPU enumerates.

## The real ticket

ROCm/ROCm#157 (https://github.com/ROCm/ROCm/issues/157), comment of 2022-07-17 (Espionage724): "OpenCL through ROCm seems to work fine even though `amdgpu` reports no `PCIE atomic ops` support", with `dmesg | grep atomic` (verbatim: the three `DMA: preallocated 1024 KiB ... pool for atomic allocations` lines, `atomic64_test: passed for x86-64 platform with CX8 and with SSE`, `amdgpu 0000:05:00.0: amdgpu: PCIE atomic ops is not supported`) and `sudo rocminfo` printing `ROCk module is loaded`, `Runtime Version: 1.1` and the agent `AMD Phenom(tm) II X4 965 Processor`. What the thread confirms: the GPU works for OpenCL without atomics. AMD on when atomics matter (kentrussell, ROCm/ROCm#825): "GFX9-and-newer (Vega) can get by without PCI atomics"; the fatal case is KFD's own refusal, `kfd kfd: amdgpu: skipped device ..., PCI rejects atomics` (see pcie-atomics-unsupported).

## Made from

`tools/machines/records/pcie_atomics_absent_navi23.py`: a copy of [`gfx1032-arch-no-override`](../gfx1032-arch-no-override/) (an RX 6600, gfx1032, 1002:73ff) with its PCI functions moved (`tools/machines/bdf_move.py`) so that the GPU is the thread's 0000:05:00.0 behind Navi 23's own switch (03:00.0 upstream, 04:00.0 downstream) on the chipset's graphics port 00:02.0 (AMD RD890 1002:5a16, 5.0 GT/s: PCIe 2.0); revision 0xc1 (an RX 6600 XT revision in amdgpu.ids), the GPU's current link 5.0 GT/s; KFD node 1 `location_id` 1280 (bus 5) and its CPU io_link `flags 13` (KFD's NO_ATOMICS_32_BIT and NO_ATOMICS_64_BIT set on a GPU whose atomics request failed, kfd_topology.c kfd_set_iolink_no_atomics), `kfd kfd: amdgpu: added device 1002:73ff`; the CPU node with 4 cores and /proc/cpuinfo of a Phenom II X4 965 (the model name rocminfo prints in the thread). The host: Fedora 36's os-release, kernel {REL} (a Fedora 36 kernel of July 2022; the thread names none), its modules tree, Fedora's ROCm packages in /usr/lib64 (`libhsa-runtime64.so.1`, `libamdocl64.so`, the OpenCL ICD) and /usr/bin/rocminfo. The kernel log carries the thread's lines verbatim (without dmesg's timestamps) among amdgpu's usual init lines.

Inferred, not in the thread: the kernel release and build string, the PCI topology above the GPU (the bridges, the root port's identity), the io_link flags (the thread posts no topology), the package versions (`libhsa-runtime64.so.1.5.0`: ROCm 5.0-era ROCr as Fedora 36 shipped it), the subsystem ids and VRAM of the base's RX 6600, the Phenom's cpuinfo flags beyond its model.

## What the doctor must conclude

`hardware.pcie_atomics` warns, `hardware.pcie.atomics_absent` for 0000:05:00.0 (gfx1032): KFD added the GPU (node 1, `added device 1002:73ff`) although the link has no atomics, so it runs and only device-side printf/malloc (hostcall) fail; no `hardware.pcie.atomics_unsupported`, and the GPU initialises (`driver.gpu_init`, `driver.kfd_topology` pass). The host's failure is another, real one: Fedora 36 packaged ROCr and ROCm OpenCL but no HIP runtime, so `runtime.rocm.not_installed` (fail) — true of this host (the reporter used OpenCL) and not what the thread is about. Exit 1.

`EXPECT`:

```
{chr(10).join(EXPECT)}
```
"""
