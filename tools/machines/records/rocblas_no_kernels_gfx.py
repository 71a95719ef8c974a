# SPDX-License-Identifier: MIT
"""rocblas-no-kernels-gfx: RX 6700 XT (gfx1031) desktop, ROCm 6.2.0 whose rocBLAS has Tensile files
for gfx1030 and gfx90a only."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'rocblas-no-kernels-gfx'
BASE = 'rx7900xtx-healthy'
MACHINE = {'description': 'RX 6700 XT (gfx1031) desktop, ROCm 6.2.0 whose rocBLAS has Tensile files for '
                'gfx1030 and gfx90a only'}
PROBES = {'kernel-log': {'state': 'ok',
                'source': '/dev/kmsg',
                'lines': ['[drm] amdgpu kernel modesetting enabled.',
                          'amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from VFCT',
                          'amdgpu 0000:03:00.0: amdgpu: VRAM: 24560M 0x0000008000000000 - '
                          '0x00000085FEFFFFFF (24560M used)',
                          '[drm] Initialized amdgpu 3.57.0 20150101 for 0000:03:00.0 on minor 0',
                          'kfd kfd: amdgpu: added device 1002:73df']}}
FILES = {'opt/rocm-6.2.0/lib/librocblas.so.4.2.60200': '',
 'opt/rocm-6.2.0/lib/rocblas/library/Kernels.so-000-gfx1030.hsaco': '',
 'opt/rocm-6.2.0/lib/rocblas/library/Kernels.so-000-gfx90a-xnack+.hsaco': '',
 'opt/rocm-6.2.0/lib/rocblas/library/Kernels.so-000-gfx90a-xnack-.hsaco': '',
 'opt/rocm-6.2.0/lib/rocblas/library/TensileLibrary_Type_SS_Contraction_l_Alik_Bljk_Cijk_Dijk_gfx1030.co': '',
 'opt/rocm-6.2.0/lib/rocblas/library/TensileLibrary_Type_SS_Contraction_l_Alik_Bljk_Cijk_Dijk_gfx90a.co': '',
 'opt/rocm-6.2.0/lib/rocblas/library/TensileLibrary_lazy_gfx1030.dat': '',
 'opt/rocm-6.2.0/lib/rocblas/library/TensileLibrary_lazy_gfx90a.dat': '',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/device': '0x73df\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/uevent': 'DRIVER=amdgpu\n'
                                                                                      'PCI_CLASS=30000\n'
                                                                                      'PCI_ID=1002:73DF\n'
                                                                                      'PCI_SUBSYS_ID=1DA2:E471\n'
                                                                                      'PCI_SLOT_NAME=0000:03:00.0\n'
                                                                                      'MODALIAS=pci:v00001002d000073DFsv00001DA2sd0000E471bc03sc00i00\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/properties': 'cpu_cores_count 0\n'
                                                            'simd_count 80\n'
                                                            'mem_banks_count 1\n'
                                                            'caches_count 0\n'
                                                            'io_links_count 1\n'
                                                            'p2p_links_count 0\n'
                                                            'cpu_core_id_base 0\n'
                                                            'simd_id_base 2147487744\n'
                                                            'max_waves_per_simd 16\n'
                                                            'lds_size_in_kb 64\n'
                                                            'gds_size_in_kb 0\n'
                                                            'num_gws 64\n'
                                                            'wave_front_size 32\n'
                                                            'array_count 4\n'
                                                            'simd_arrays_per_engine 1\n'
                                                            'cu_per_simd_array 10\n'
                                                            'simd_per_cu 2\n'
                                                            'max_slots_scratch_cu 32\n'
                                                            'gfx_target_version 100301\n'
                                                            'vendor_id 4098\n'
                                                            'device_id 29663\n'
                                                            'location_id 768\n'
                                                            'domain 0\n'
                                                            'drm_render_minor 128\n'
                                                            'hive_id 0\n'
                                                            'num_sdma_engines 2\n'
                                                            'num_sdma_xgmi_engines 0\n'
                                                            'num_sdma_queues_per_engine 8\n'
                                                            'num_cp_queues 24\n'
                                                            'max_engine_clk_fcompute 2526\n'
                                                            'local_mem_size 0\n'
                                                            'fw_version 2250\n'
                                                            'capability 671588992\n'
                                                            'debug_prop 1511\n'
                                                            'sdma_fw_version 20\n'
                                                            'unique_id 0\n'
                                                            'num_xcc 1\n'
                                                            'max_engine_clk_ccompute 3800\n'}
LINKS = {'opt/rocm-6.2.0/lib/librocblas.so': 'librocblas.so.4',
 'opt/rocm-6.2.0/lib/librocblas.so.4': 'librocblas.so.4.2.60200'}
EXPECT = ['exit 1',
 '# gfx1031 is not official in ROCm 6.2.0 (runtime layer), and rocBLAS has no gfx1031 Tensile',
 '# files: two independent root causes, the runtime one first.',
 'root_cause runtime.gfx.unsupported',
 'root_cause libraries.rocblas.no_kernels_for_gfx',
 'check runtime.rocm pass',
 'check libraries.inventory pass',
 'check libraries.rocblas_kernels fail',
 'check libraries.code_objects info',
 'finding libraries.rocblas.no_kernels_for_gfx fail']
README = """\
# rocblas-no-kernels-gfx

A desktop with one Radeon RX 6700 XT (Navi 22, 1002:73df, gfx1031) at 0000:03:00.0, Ubuntu
24.04, in-tree amdgpu, ROCm 6.2.0 under /opt/rocm-6.2.0 with rocBLAS — whose Tensile library
directory has files for gfx1030 and gfx90a only. The failure of failure-modes.md #41
(`rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: ... for GPU arch :
gfx1031`): gfx1031 is not an official ROCm target, its RDNA2 sibling gfx1030 is, and users run it
with `HSA_OVERRIDE_GFX_VERSION=10.3.0`.

## Sources

Built by hand from `rx7900xtx-healthy` (`cp -a`; see its README for the sysfs sources).

## Changed by hand (and why)

- The GPU's identity: PCI `device` 0x73df and `uevent` PCI_ID/MODALIAS, KFD node 1
  `gfx_target_version 100301`, `device_id 29663`, `simd_count 80`, `array_count 4`,
  `cu_per_simd_array 10` (40 CUs, the RX 6700 XT's), the kernel-log "added device" line. The
  other sysfs files (pp_table, hwmon, gpu_od, BAR sizes) stay the 7900 XTX's: no check reads them
  against the device id.
- rocBLAS: `/opt/rocm-6.2.0/lib/librocblas.so.4.2.60200` (empty placeholder, with the
  `.so.4` and `.so` links ROCm 6.2.0's package installs) and `lib/rocblas/library/` with
  empty files named as rocBLAS 6.2 names them: `TensileLibrary_lazy_gfx1030.dat`,
  `TensileLibrary_lazy_gfx90a.dat`, `Kernels.so-000-gfx1030.hsaco`,
  `Kernels.so-000-gfx90a-xnack±.hsaco` and one `TensileLibrary_Type_..._gfx<...>.co` each.

## What the doctor must conclude

rocBLAS has no Tensile library for gfx1031: `libraries.rocblas.no_kernels_for_gfx` is the root
cause, and the fix suggests `HSA_OVERRIDE_GFX_VERSION=10.3.0` (gfx1030 is covered) or a rocBLAS
built for gfx1031. The empty librocblas placeholder is not judged for code objects.

`EXPECT`: see the file.
"""
