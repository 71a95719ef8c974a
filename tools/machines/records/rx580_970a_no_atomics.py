# SPDX-License-Identifier: MIT
"""rx580-970a-no-atomics: RX 580 (Polaris 10, gfx803, 1002:67df) on an MSI 970A-G46 (AMD 970,
PCIe 2.0) with the ROCm 1.6 kernel: "kfd kfd: skipped device 1002:67df, PCI rejects atomics"
(ROCm/ROCm#192: "Your main board doesn't support PCIe atomics")."""
from ..bdf_move import move
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'rx580-970a-no-atomics'
BASE = 'pcie-atomics-unsupported'
REL = '4.11.0-kfd-compute-rocm-rel-1.6-148'
_OLD = 'sys/devices/pci0000:00/0000:00:1c.4'
_PORT = 'sys/devices/pci0000:00/0000:00:02.0'
GPU = _PORT + '/0000:01:00.0'
_VERSION = '#1 SMP Thu Jun 22 14:06:33 CDT 2017'
_CMDLINE = (f'BOOT_IMAGE=/boot/vmlinuz-{REL} root=UUID=6a0c31f2-5d7e-4b88-9e4a-0f2d7c51b9e3 ro '
            'quiet splash amdgpu.vm_fragment_size=9')
_rm, _files, _links = move(BASE, {
    '0000:00:1c.4/0000:02:00.0/0000:03:00.0/0000:04:00.0': '0000:00:02.0/0000:01:00.0',
    '0000:04:00.0': '0000:01:00.0'})
REMOVE = [_OLD] + [r for r in _rm if not r.startswith(_OLD)] + [
    f'sys/bus/pci/{d}/{b}' for d in ('devices', 'drivers/pcieport')
    for b in ('0000:00:1c.4', '0000:02:00.0', '0000:03:00.0')] + [
    'lib/modules/6.8.0-45-generic', 'opt/rocm-6.2.0', 'opt/rocm',
    'etc/ld.so.conf.d/10-rocm-opencl.conf', '.rocm-doctor/probes/hip-load.json']
# Attributes amdgpu of Linux 4.11 does not have (gpu_busy_percent, vbios_version, pp_features,
# the OD and power-profile tables came later; socclk is Navi's).
_NEWER = ('gpu_busy_percent', 'vbios_version', 'pp_features', 'pp_dpm_socclk',
          'pp_od_clk_voltage', 'pp_power_profile_mode')
FILES = {k: v for k, v in _files.items() if k.rsplit('/', 1)[-1] not in _NEWER}
LINKS = dict(_links)
# The GPU now sits one bridge below the root complex: its driver link climbs four levels.
LINKS[f'{GPU}/driver'] = '../../../../bus/pci/drivers/amdgpu'
FILES.update({
    # AMD RD890/970 root port (PCIe 2.0, 5 GT/s): no AtomicOp routing or completion.
    f'{_PORT}/vendor': '0x1002\n', f'{_PORT}/device': '0x5a16\n', f'{_PORT}/class': '0x060400\n',
    f'{_PORT}/current_link_speed': '5 GT/s\n', f'{_PORT}/max_link_speed': '5 GT/s\n',
    f'{_PORT}/current_link_width': '16\n', f'{_PORT}/max_link_width': '16\n',
    f'{GPU}/device': '0x67df\n', f'{GPU}/revision': '0xe7\n',
    f'{GPU}/subsystem_vendor': '0x1da2\n', f'{GPU}/subsystem_device': '0xe366\n',
    f'{GPU}/uevent': 'DRIVER=amdgpu\nPCI_CLASS=30000\nPCI_ID=1002:67DF\nPCI_SUBSYS_ID=1DA2:E366\n'
                     'PCI_SLOT_NAME=0000:01:00.0\n'
                     'MODALIAS=pci:v00001002d000067DFsv00001DA2sd0000E366bc03sc00i00\n',
    f'{GPU}/current_link_speed': '5 GT/s\n', f'{GPU}/max_link_speed': '8 GT/s\n',
    f'{GPU}/mem_info_vram_total': '8589934592\n', f'{GPU}/mem_info_vis_vram_total': '268435456\n',
    'proc/version': f'Linux version {REL} (root@jenkins) (gcc version 5.4.0 20160609 (Ubuntu '
                    f'5.4.0-6ubuntu1~16.04.4) ) {_VERSION}\n',
    'proc/cmdline': _CMDLINE + '\n',
    # Ubuntu 16.04's own ld.so.conf.d (libc6); ROCm 1.6 registered no directory there.
    'etc/ld.so.conf.d/libc.conf': '# libc default configuration\n/usr/local/lib\n',
    'etc/ld.so.conf.d/x86_64-linux-gnu.conf': '# Multiarch support\n/lib/x86_64-linux-gnu\n'
                                              '/usr/lib/x86_64-linux-gnu\n',
    'etc/group': 'root:x:0:\nadm:x:4:alice\nsudo:x:27:alice\nvideo:x:44:alice\nalice:x:1000:\n'
                 'nogroup:x:65534:\n',
    'proc/cpuinfo': 'processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 21\nmodel\t\t: 2\n'
                    'model name\t: AMD FX(tm)-6300 Six-Core Processor\nstepping\t: 0\n'
                    'cpu MHz\t\t: 3500.000\ncache size\t: 2048 KB\nflags\t\t: fpu vme de pse tsc '
                    'msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse '
                    'sse2 ht syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm constant_tsc rep_good '
                    'nopl cpuid pni pclmulqdq ssse3 fma cx16 sse4_1 sse4_2 popcnt aes xsave avx '
                    'f16c lahf_lm cmp_legacy svm extapic cr8_legacy abm sse4a misalignsse '
                    '3dnowprefetch osvw ibs xop skinit wdt lwp fma4 tce nodeid_msr tbm topoext '
                    'perfctr_core perfctr_nb cpb hw_pstate bmi1 arat npt lbrv svm_lock '
                    'nrip_save tsc_scale vmcb_clean flushbyasid decodeassists pausefilter '
                    'pfthreshold\n\n',
    'etc/os-release': 'NAME="Ubuntu"\nVERSION="16.04.3 LTS (Xenial Xerus)"\nID=ubuntu\n'
                      'ID_LIKE=debian\nPRETTY_NAME="Ubuntu 16.04.3 LTS"\nVERSION_ID="16.04"\n'
                      'HOME_URL="http://www.ubuntu.com/"\nSUPPORT_URL="http://help.ubuntu.com/"\n'
                      'BUG_REPORT_URL="http://bugs.launchpad.net/ubuntu/"\n'
                      'VERSION_CODENAME=xenial\nUBUNTU_CODENAME=xenial\n',
    f'lib/modules/{REL}/modules.dep':
        'kernel/drivers/gpu/drm/drm.ko:\n'
        'kernel/drivers/gpu/drm/ttm/ttm.ko: kernel/drivers/gpu/drm/drm.ko\n'
        'kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko: kernel/drivers/gpu/drm/amd/amdkfd/amdkfd.ko '
        'kernel/drivers/gpu/drm/ttm/ttm.ko kernel/drivers/gpu/drm/drm.ko\n'
        'kernel/drivers/gpu/drm/amd/amdkfd/amdkfd.ko:\n',
    f'lib/modules/{REL}/modules.builtin': 'kernel/drivers/pci/pcie/pcieportdrv.ko\n',
    f'lib/modules/{REL}/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko': '',
    f'lib/modules/{REL}/kernel/drivers/gpu/drm/amd/amdkfd/amdkfd.ko': '',
    # ROCm 1.6's layout: the runtime under /opt/rocm/hsa, thunk under /opt/rocm/libhsakmt, HIP as
    # libhip_hcc (no libamdhip64 before ROCm 3.5).
    'opt/rocm/hsa/lib/libhsa-runtime64.so.1.0.0': '',
    'opt/rocm/libhsakmt/lib/libhsakmt.so.1.0.0': '',
    'opt/rocm/hip/lib/libhip_hcc.so': '',
})
LINKS.update({'opt/rocm/hsa/lib/libhsa-runtime64.so.1': 'libhsa-runtime64.so.1.0.0',
              'opt/rocm/hsa/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
              'opt/rocm/libhsakmt/lib/libhsakmt.so.1': 'libhsakmt.so.1.0.0',
              f'{_PORT}/driver': '../../../bus/pci/drivers/pcieport',
              'sys/bus/pci/devices/0000:00:02.0': '../../../devices/pci0000:00/0000:00:02.0',
              'sys/bus/pci/drivers/pcieport/0000:00:02.0':
                  '../../../../devices/pci0000:00/0000:00:02.0'})
MACHINE = {'description': 'RX 580 (gfx803) on an MSI 970A-G46 (AMD 970, PCIe 2.0), Ubuntu 16.04 '
                          'with the ROCm 1.6 kernel: KFD skips the GPU, PCI rejects atomics',
           'uname': {'release': REL, 'version': _VERSION},
           'user': {'groups': REPLACE(['alice', 'sudo', 'video'])},
           # Ubuntu 16.04 has no render group: its udev gives DRM nodes to video; ROCm 1.x's
           # kfd udev rule made /dev/kfd world read-write.
           'nodes': {'/dev/dri/renderD128': {'group': 'video'},
                     '/dev/kfd': {'mode': '0666', 'group': 'root'}}}
PROBES = {'kernel-log': {'state': 'ok', 'source': '/dev/kmsg', 'lines': [
    f'Linux version {REL} (root@jenkins) (gcc version 5.4.0 20160609 (Ubuntu '
    f'5.4.0-6ubuntu1~16.04.4) ) {_VERSION}',
    'Command line: ' + _CMDLINE,
    '[drm] amdgpu kernel modesetting enabled.',
    'kfd kfd: Initialized module',
    '[drm] initializing kernel modesetting (POLARIS10 0x1002:0x67DF 0x1DA2:0xE366 0xE7).',
    # Verbatim from ROCm/ROCm#192 (fxkamd's quote of the reporter's log; timestamps dropped):
    'kfd kfd: skipped device 1002:67df, PCI rejects atomics',
    '[drm] Initialized amdgpu 3.18.0 20150101 for 0000:01:00.0 on minor 0']}}
EXPECT = ['exit 1',
          'root_cause hardware.pcie.atomics_unsupported',
          'root_cause hardware.bar.small',
          'root_cause runtime.rocm.too_old',
          'check hardware.gpus pass',
          'check hardware.pcie_atomics fail',
          'finding hardware.pcie.atomics_unsupported fail',
          'check driver.gpu_init pass',
          'check driver.kfd_topology skip']
README = """\
# rx580-970a-no-atomics

A 2017 mining rig: an AMD Radeon RX 580 (Polaris 10, gfx803, 1002:67df rev 0xe7, 8 GiB) at 0000:01:00.0 in the PCIe 2.0 slot of an MSI 970A-G46 (AMD 970 chipset, AM3+ FX CPU), Ubuntu 16.04.3 with the ROCm 1.6 kernel (REL). amdgpu drives the card, but KFD refuses it because the platform does not route PCIe AtomicOps, which gfx8 GPUs need: the KFD topology has only the CPU node and ROCm sees no GPU.

## The real ticket

ROCm/ROCm#192 (https://github.com/ROCm/ROCm/issues/192, stored as ROCm/legacy-rocm-build#192), "MSI 970A- G46 (AMD) Motherboard - ROCm - Question on Why PCIe Gen2 x1 lanes to not work". The reporter (Angel996): a rig "with 4 AMD GPUs (RX 470/480/570, mixed), motherboard MSI 970A- G46 (AMD)", ROCm tried beside amdgpu-pro 17.30 with `amdgpu.vm_fragment_size=9` on the kernel command line, previous kernel 4.4.0-62-generic. AMD's answer (fxkamd, 2017-09-05), the confirmed cause: "Your main board doesn't support PCIe atomics, and the KFD initialization is failing. That means, whatever you're testing isn't actually using ROCm. ... As it is, your system can't support ROCm. You'll need a mainboard with PCIe v3 support. The relevant log messages are below:"

```
[    9.331640] kfd kfd: skipped device 1002:67df, PCI rejects atomics
[    9.331845] [drm] Initialized amdgpu 3.18.0 20150101 for 0000:01:00.0 on minor 0
```

## Made from

`tools/machines/records/rx580_970a_no_atomics.py`: a copy of [`pcie-atomics-unsupported`](../pcie-atomics-unsupported/) with:

- The GPU moved (tools/machines/bdf_move.py) from behind the base's Navi14 switch ports to 0000:01:00.0 directly under an AMD RD890/970 root port 0000:00:02.0 (1002:5a16, 5 GT/s), and made the RX 580: PCI 0x67df rev 0xe7, subsystem 1da2:e366 (a Sapphire board, the ids of the Polaris 10 init line quoted in ollama/ollama#2453), 8 GiB VRAM with the 256 MiB BAR of a board without Resizable BAR, link 5 GT/s of 8 GT/s; the sysfs attributes amdgpu of 4.11 does not have are dropped.
- The thread's era: Ubuntu 16.04.3 (os-release, no render group: DRM nodes belong to video, /dev/kfd 0666 from ROCm 1.x's udev rule), the ROCm 1.6 kernel REL with amdgpu and amdkfd as modules, the thread's `amdgpu.vm_fragment_size=9` on the command line, an FX-6300 in /proc/cpuinfo, ROCm 1.6's userspace layout (/opt/rocm/hsa/lib/libhsa-runtime64.so.1, /opt/rocm/libhsakmt, HIP as /opt/rocm/hip/lib/libhip_hcc.so).
- The kernel log: the two lines fxkamd quoted, verbatim (timestamps dropped), with the modesetting and Polaris init lines around them.

Inferred, not in the thread: one GPU instead of the rig's four (the thread's log skips each of them the same way), the CPU model, the kernel's build banner, the board's subsystem ids, the ROCm 1.6 library names, the node modes.

## What the doctor must conclude

Root cause `hardware.pcie.atomics_unsupported` (check `hardware.pcie_atomics` fails) with the `skipped device 1002:67df, PCI rejects atomics` line (the pre-4.17 form without the `amdgpu:` prefix) as evidence; the KFD topology check is blocked by it rather than reported as a second failure. Two warning-level root causes are true of this host and not the failure: the ROCm 1.6 install is HCC-era (`runtime.rocm.too_old`) and the 256 MiB BAR (`hardware.bar.small`). Exit 1.

`EXPECT`:

```
EXPECTLINES
```
""".replace('REL', REL).replace('EXPECTLINES', '\n'.join(EXPECT))
