# SPDX-License-Identifier: MIT
"""File edits shared by the issue-16 iGPU/APU records (tools/machines/records/igpu_*.py, apu_*.py):
a GPU's KFD node properties, its PCI identity files and a kernel release swapped on a base
machine, written the way amdgpu and amdkfd write them (kfd_topology.c node_show, pci-sysfs).
python3 standard library only."""

# The PCI function dirs of the bases: igpu-first's iGPU and dGPU, phoenix-apu's APU.
IGPU_FIRST_IGPU = 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0'
IGPU_FIRST_DGPU = 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0'
PHOENIX = 'sys/devices/pci0000:00/0000:00:08.1/0000:64:00.0'
KFD_NODES = 'sys/devices/virtual/kfd/kfd/topology/nodes'


def node_properties(gfx_target_version, device_id, location_id, render_minor, simd_count,
                    simd_per_cu, wave_front_size, array_count, cu_per_simd_array, unique_id=0,
                    sdma=2, cp_queues=24, fcompute=2500, fw_version=2250, sdma_fw=20):
    """A GPU node's properties in node_show's key order (kfd_topology.c)."""
    keys = [('cpu_cores_count', 0), ('simd_count', simd_count), ('mem_banks_count', 1),
            ('caches_count', 0), ('io_links_count', 1), ('p2p_links_count', 0),
            ('cpu_core_id_base', 0), ('simd_id_base', 2147487744), ('max_waves_per_simd', 16),
            ('lds_size_in_kb', 64), ('gds_size_in_kb', 0), ('num_gws', 64),
            ('wave_front_size', wave_front_size), ('array_count', array_count),
            ('simd_arrays_per_engine', 1), ('cu_per_simd_array', cu_per_simd_array),
            ('simd_per_cu', simd_per_cu), ('max_slots_scratch_cu', 32),
            ('gfx_target_version', gfx_target_version), ('vendor_id', 4098),
            ('device_id', device_id), ('location_id', location_id), ('domain', 0),
            ('drm_render_minor', render_minor), ('hive_id', 0), ('num_sdma_engines', sdma),
            ('num_sdma_xgmi_engines', 0), ('num_sdma_queues_per_engine', 8),
            ('num_cp_queues', cp_queues), ('max_engine_clk_fcompute', fcompute),
            ('local_mem_size', 0), ('fw_version', fw_version), ('capability', 671588992),
            ('debug_prop', 1511), ('sdma_fw_version', sdma_fw), ('unique_id', unique_id),
            ('num_xcc', 1), ('max_engine_clk_ccompute', 3800)]
    return ''.join(f'{k} {v}\n' for k, v in keys)


def mem_bank(size, width=128, clk=1000):
    return f'heap_type 1\nsize_in_bytes {size}\nflags 0\nwidth {width}\nmem_clk_max {clk}\n'


def pci_identity(dev_dir, bdf, device, revision, subsys_vendor, subsys_device, pci_class,
                 vram=None, vis_vram=None, gtt=None):
    """The identity files of an amdgpu-bound function (device, revision, subsystem, uevent) and
    its memory sizes (amdgpu_vram_mgr.c / amdgpu_gtt_mgr.c write bytes, decimal)."""
    files = {
        f'{dev_dir}/device': f'0x{device:04x}\n',
        f'{dev_dir}/revision': f'0x{revision:02x}\n',
        f'{dev_dir}/subsystem_vendor': f'0x{subsys_vendor:04x}\n',
        f'{dev_dir}/subsystem_device': f'0x{subsys_device:04x}\n',
        f'{dev_dir}/class': f'0x{pci_class:06x}\n',
        f'{dev_dir}/uevent': (f'DRIVER=amdgpu\nPCI_CLASS={pci_class:X}\n'
                              f'PCI_ID=1002:{device:04X}\n'
                              f'PCI_SUBSYS_ID={subsys_vendor:04X}:{subsys_device:04X}\n'
                              f'PCI_SLOT_NAME={bdf}\n'
                              f'MODALIAS=pci:v00001002d0000{device:04X}sv0000{subsys_vendor:04X}'
                              f'sd0000{subsys_device:04X}bc{pci_class >> 16:02X}'
                              f'sc{(pci_class >> 8) & 0xff:02X}i00\n'),
    }
    if vram is not None:
        files[f'{dev_dir}/mem_info_vram_total'] = f'{vram}\n'
        files[f'{dev_dir}/mem_info_vis_vram_total'] = f'{vis_vram if vis_vram else vram}\n'
    if gtt is not None:
        files[f'{dev_dir}/mem_info_gtt_total'] = f'{gtt}\n'
    return files


def kernel_release(base, old, new, version, cmdline_tail, os_release=None):
    """COPY/REMOVE/FILES/MACHINE pieces that move a base machine to another kernel release:
    /lib/modules/<release>, /proc/version, /proc/cmdline, uname in machine.json."""
    copy = [(base, f'lib/modules/{old}', f'lib/modules/{new}')]
    remove = [f'lib/modules/{old}']
    files = {
        'proc/version': f'Linux version {new} {version}\n',
        'proc/cmdline': f'BOOT_IMAGE=/boot/vmlinuz-{new} {cmdline_tail}\n',
    }
    if os_release:
        files['etc/os-release'] = os_release
    uname = {'release': new, 'version': version.split(') ', 2)[-1] if ') ' in version else version}
    return copy, remove, files, uname


UBUNTU_2204 = ('PRETTY_NAME="Ubuntu 22.04.4 LTS"\nNAME="Ubuntu"\nVERSION_ID="22.04"\n'
               'VERSION="22.04.4 LTS (Jammy Jellyfish)"\nVERSION_CODENAME=jammy\nID=ubuntu\n'
               'ID_LIKE=debian\nHOME_URL="https://www.ubuntu.com/"\n'
               'SUPPORT_URL="https://help.ubuntu.com/"\n'
               'BUG_REPORT_URL="https://bugs.launchpad.net/ubuntu/"\n'
               'PRIVACY_POLICY_URL="https://www.ubuntu.com/legal/terms-and-policies/privacy-policy"\n'
               'UBUNTU_CODENAME=jammy\n')


def rocblas(root, targets):
    """An (empty placeholder) librocblas of ROCm 6.2.0 and its Tensile files for `targets`."""
    files = {f'{root}/lib/librocblas.so.4.2.60200': ''}
    for t in targets:
        files[f'{root}/lib/rocblas/library/TensileLibrary_lazy_{t}.dat'] = ''
        files[f'{root}/lib/rocblas/library/Kernels.so-000-{t}.hsaco'] = ''
    links = {f'{root}/lib/librocblas.so': 'librocblas.so.4',
             f'{root}/lib/librocblas.so.4': 'librocblas.so.4.2.60200'}
    return files, links


# rocBLAS 6.2's Tensile targets as AMD's packages ship them (the release's default
# AMDGPU_TARGETS as recalled, not read from a package here: none of gfx1031/1032/1035/1036/1103/
# 1150/1151, which is what the tickets' 'Cannot read ...TensileLibrary.dat ... for GPU arch'
# lines say).
ROCBLAS_620 = ['gfx1010', 'gfx1012', 'gfx1030', 'gfx1100', 'gfx1101', 'gfx1102', 'gfx900',
               'gfx906', 'gfx908', 'gfx90a', 'gfx940', 'gfx941', 'gfx942']
