# SPDX-License-Identifier: MIT
"""igpu-first: Ryzen 9 7900X desktop with an MI100 and the Raphael iGPU enumerated first, ROCm 6.2.0."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'igpu-first'
BASE = 'rx7900xtx-healthy'
COPY = [('phoenix-apu',
  'sys/devices/pci0000:00/0000:00:08.1/0000:64:00.0',
  'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0')]
REMOVE = ['sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/drm/card0',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/drm/renderD128',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/gpu_busy_percent',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/power_dpm_force_performance_level',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/pp_cur_state',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/pp_dpm_mclk',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/pp_dpm_pcie',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/pp_dpm_sclk',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/pp_dpm_socclk',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/pp_features',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/pp_force_state',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/pp_num_states',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/pp_od_clk_voltage',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/pp_power_profile_mode',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/pp_table',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/vbios_version',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/drm/card1',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/gpu_busy_percent',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/gpu_metrics',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/hwmon',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/power_dpm_force_performance_level',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/pp_cur_state',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/pp_dpm_dcefclk',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/pp_dpm_dclk',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/pp_dpm_fclk',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/pp_dpm_mclk',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/pp_dpm_pcie',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/pp_dpm_sclk',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/pp_dpm_socclk',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/pp_dpm_vclk',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/pp_force_state',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/pp_num_states',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/pp_od_clk_voltage',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/unique_id',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/vbios_build',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/vbios_version']
MACHINE = {'description': 'Ryzen 9 7900X desktop with an MI100 and the Raphael iGPU enumerated first, ROCm '
                '6.2.0',
 'nodes': REPLACE({'/dev/dri/card0': {'type': 'char',
                    'major': 226,
                    'minor': 0,
                    'mode': '0660',
                    'owner': 'root',
                    'group': 'video'},
 '/dev/dri/card1': {'type': 'char',
                    'major': 226,
                    'minor': 1,
                    'mode': '0660',
                    'owner': 'root',
                    'group': 'video'},
 '/dev/dri/renderD128': {'type': 'char',
                         'major': 226,
                         'minor': 128,
                         'mode': '0660',
                         'owner': 'root',
                         'group': 'render'},
 '/dev/dri/renderD129': {'type': 'char',
                         'major': 226,
                         'minor': 129,
                         'mode': '0660',
                         'owner': 'root',
                         'group': 'render'},
 '/dev/kfd': {'type': 'char',
              'major': 234,
              'minor': 0,
              'mode': '0660',
              'owner': 'root',
              'group': 'render'}})}
PROBES = {'kernel-log': {'state': 'ok',
                'source': '/dev/kmsg',
                'lines': ['[drm] amdgpu kernel modesetting enabled.',
                          'amdgpu 0000:0e:00.0: amdgpu: Fetched VBIOS from VFCT',
                          '[drm] Initialized amdgpu 3.57.0 20150101 for 0000:0e:00.0 on minor 0',
                          'kfd kfd: amdgpu: added device 1002:164e',
                          'amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from ROM BAR',
                          'amdgpu 0000:03:00.0: amdgpu: VRAM: 32752M 0x0000008000000000 - '
                          '0x00000087FEFFFFFF (32752M used)',
                          '[drm] Initialized amdgpu 3.57.0 20150101 for 0000:03:00.0 on minor 1',
                          'kfd kfd: amdgpu: added device 1002:738c']}}
FILES = {'dev/dri/card1': '',
 'dev/dri/renderD129': '',
 'proc/cmdline': 'BOOT_IMAGE=/boot/vmlinuz-6.8.0-45-generic '
                 'root=UUID=0b7a1f6e-3c55-4c1e-9d0a-5f2a5b9e1c11 ro quiet splash iommu=pt\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/class': '0x038000\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/device': '0x738c\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/drm/card1/dev': '226:1\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/drm/card1/uevent': 'MAJOR=226\n'
                                                                                                'MINOR=1\n'
                                                                                                'DEVNAME=dri/card1\n'
                                                                                                'DEVTYPE=drm_minor\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/drm/renderD129/dev': '226:129\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/drm/renderD129/uevent': 'MAJOR=226\n'
                                                                                                     'MINOR=129\n'
                                                                                                     'DEVNAME=dri/renderD129\n'
                                                                                                     'DEVTYPE=drm_minor\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/mem_info_vis_vram_total': '34342961152\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/mem_info_vram_total': '34342961152\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/revision': '0x01\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/subsystem_device': '0x0c34\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/subsystem_vendor': '0x1002\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/uevent': 'DRIVER=amdgpu\n'
                                                                                      'PCI_CLASS=38000\n'
                                                                                      'PCI_ID=1002:738C\n'
                                                                                      'PCI_SUBSYS_ID=1002:0C34\n'
                                                                                      'PCI_SLOT_NAME=0000:03:00.0\n'
                                                                                      'MODALIAS=pci:v00001002d0000738Csv00001002sd00000C34bc03sc80i00\n',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/device': '0x164e\n',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/drm/card0/boot_display': '1\n',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/drm/card0/dev': '226:0\n',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/drm/card0/uevent': 'MAJOR=226\n'
                                                                      'MINOR=0\n'
                                                                      'DEVNAME=dri/card0\n'
                                                                      'DEVTYPE=drm_minor\n',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/mem_info_vis_vram_total': '536870912\n',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/mem_info_vram_total': '536870912\n',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/revision': '0xc1\n',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/subsystem_device': '0x8877\n',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/subsystem_vendor': '0x1043\n',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/uevent': 'DRIVER=amdgpu\n'
                                                            'PCI_CLASS=30000\n'
                                                            'PCI_ID=1002:164E\n'
                                                            'PCI_SUBSYS_ID=1043:8877\n'
                                                            'PCI_SLOT_NAME=0000:0e:00.0\n'
                                                            'MODALIAS=pci:v00001002d0000164Esv00001043sd00008877bc03sc00i00\n',
 'sys/devices/pci0000:00/0000:00:08.1/class': '0x060400\n',
 'sys/devices/pci0000:00/0000:00:08.1/current_link_speed': '16.0 GT/s PCIe\n',
 'sys/devices/pci0000:00/0000:00:08.1/current_link_width': '16\n',
 'sys/devices/pci0000:00/0000:00:08.1/max_link_speed': '16.0 GT/s PCIe\n',
 'sys/devices/pci0000:00/0000:00:08.1/max_link_width': '16\n',
 'sys/devices/pci0000:00/0000:00:08.1/vendor': '0x1022\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/0/io_links/1/properties': 'type 2\n'
                                                                       'version_major 0\n'
                                                                       'version_minor 0\n'
                                                                       'node_from 0\n'
                                                                       'node_to 2\n'
                                                                       'weight 20\n'
                                                                       'min_latency 0\n'
                                                                       'max_latency 0\n'
                                                                       'min_bandwidth 0\n'
                                                                       'max_bandwidth 32000\n'
                                                                       'recommended_transfer_size '
                                                                       '0\n'
                                                                       'flags 3\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/0/properties': 'cpu_cores_count 32\n'
                                                            'simd_count 0\n'
                                                            'mem_banks_count 1\n'
                                                            'caches_count 0\n'
                                                            'io_links_count 2\n'
                                                            'p2p_links_count 0\n'
                                                            'cpu_core_id_base 0\n'
                                                            'simd_id_base 0\n'
                                                            'max_waves_per_simd 0\n'
                                                            'lds_size_in_kb 0\n'
                                                            'gds_size_in_kb 0\n'
                                                            'num_gws 0\n'
                                                            'wave_front_size 0\n'
                                                            'array_count 0\n'
                                                            'simd_arrays_per_engine 0\n'
                                                            'cu_per_simd_array 0\n'
                                                            'simd_per_cu 0\n'
                                                            'max_slots_scratch_cu 0\n'
                                                            'gfx_target_version 0\n'
                                                            'vendor_id 0\n'
                                                            'device_id 0\n'
                                                            'location_id 0\n'
                                                            'domain 0\n'
                                                            'drm_render_minor 0\n'
                                                            'hive_id 0\n'
                                                            'num_sdma_engines 0\n'
                                                            'num_sdma_xgmi_engines 0\n'
                                                            'num_sdma_queues_per_engine 0\n'
                                                            'num_cp_queues 0\n'
                                                            'max_engine_clk_ccompute 3800\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/0/properties': 'processor_id_low '
                                                                     '2147487744\n'
                                                                     'level 1\n'
                                                                     'size 32\n'
                                                                     'cache_line_size 128\n'
                                                                     'cache_lines_per_tag 0\n'
                                                                     'association 0\n'
                                                                     'latency 0\n'
                                                                     'type 9\n'
                                                                     'sibling_map '
                                                                     '1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/1/properties': 'processor_id_low '
                                                                     '2147487745\n'
                                                                     'level 1\n'
                                                                     'size 32\n'
                                                                     'cache_line_size 128\n'
                                                                     'cache_lines_per_tag 0\n'
                                                                     'association 0\n'
                                                                     'latency 0\n'
                                                                     'type 9\n'
                                                                     'sibling_map '
                                                                     '1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/10/properties': 'processor_id_low '
                                                                      '2147487754\n'
                                                                      'level 1\n'
                                                                      'size 32\n'
                                                                      'cache_line_size 128\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 9\n'
                                                                      'sibling_map '
                                                                      '1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/11/properties': 'processor_id_low '
                                                                      '2147487755\n'
                                                                      'level 1\n'
                                                                      'size 32\n'
                                                                      'cache_line_size 128\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 9\n'
                                                                      'sibling_map '
                                                                      '1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/12/properties': 'processor_id_low '
                                                                      '2147487744\n'
                                                                      'level 1\n'
                                                                      'size 32\n'
                                                                      'cache_line_size 128\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 10\n'
                                                                      'sibling_map '
                                                                      '1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/13/properties': 'processor_id_low '
                                                                      '2147487746\n'
                                                                      'level 1\n'
                                                                      'size 32\n'
                                                                      'cache_line_size 128\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 10\n'
                                                                      'sibling_map '
                                                                      '1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/14/properties': 'processor_id_low '
                                                                      '2147487748\n'
                                                                      'level 1\n'
                                                                      'size 32\n'
                                                                      'cache_line_size 128\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 10\n'
                                                                      'sibling_map '
                                                                      '1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/15/properties': 'processor_id_low '
                                                                      '2147487750\n'
                                                                      'level 1\n'
                                                                      'size 32\n'
                                                                      'cache_line_size 128\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 10\n'
                                                                      'sibling_map '
                                                                      '1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/16/properties': 'processor_id_low '
                                                                      '2147487752\n'
                                                                      'level 1\n'
                                                                      'size 32\n'
                                                                      'cache_line_size 128\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 10\n'
                                                                      'sibling_map '
                                                                      '1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/17/properties': 'processor_id_low '
                                                                      '2147487754\n'
                                                                      'level 1\n'
                                                                      'size 32\n'
                                                                      'cache_line_size 128\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 10\n'
                                                                      'sibling_map '
                                                                      '1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/18/properties': 'processor_id_low '
                                                                      '2147487744\n'
                                                                      'level 1\n'
                                                                      'size 16\n'
                                                                      'cache_line_size 64\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 9\n'
                                                                      'sibling_map '
                                                                      '1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/19/properties': 'processor_id_low '
                                                                      '2147487746\n'
                                                                      'level 1\n'
                                                                      'size 16\n'
                                                                      'cache_line_size 64\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 9\n'
                                                                      'sibling_map '
                                                                      '1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/2/properties': 'processor_id_low '
                                                                     '2147487746\n'
                                                                     'level 1\n'
                                                                     'size 32\n'
                                                                     'cache_line_size 128\n'
                                                                     'cache_lines_per_tag 0\n'
                                                                     'association 0\n'
                                                                     'latency 0\n'
                                                                     'type 9\n'
                                                                     'sibling_map '
                                                                     '1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/20/properties': 'processor_id_low '
                                                                      '2147487748\n'
                                                                      'level 1\n'
                                                                      'size 16\n'
                                                                      'cache_line_size 64\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 9\n'
                                                                      'sibling_map '
                                                                      '1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/21/properties': 'processor_id_low '
                                                                      '2147487750\n'
                                                                      'level 1\n'
                                                                      'size 16\n'
                                                                      'cache_line_size 64\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 9\n'
                                                                      'sibling_map '
                                                                      '1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/22/properties': 'processor_id_low '
                                                                      '2147487752\n'
                                                                      'level 1\n'
                                                                      'size 16\n'
                                                                      'cache_line_size 64\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 9\n'
                                                                      'sibling_map '
                                                                      '1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/23/properties': 'processor_id_low '
                                                                      '2147487754\n'
                                                                      'level 1\n'
                                                                      'size 16\n'
                                                                      'cache_line_size 64\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 9\n'
                                                                      'sibling_map '
                                                                      '1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/24/properties': 'processor_id_low '
                                                                      '2147487744\n'
                                                                      'level 1\n'
                                                                      'size 256\n'
                                                                      'cache_line_size 128\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 9\n'
                                                                      'sibling_map '
                                                                      '1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/25/properties': 'processor_id_low '
                                                                      '2147487750\n'
                                                                      'level 1\n'
                                                                      'size 256\n'
                                                                      'cache_line_size 128\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 9\n'
                                                                      'sibling_map '
                                                                      '1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/26/properties': 'processor_id_low '
                                                                      '2147487744\n'
                                                                      'level 2\n'
                                                                      'size 2048\n'
                                                                      'cache_line_size 128\n'
                                                                      'cache_lines_per_tag 0\n'
                                                                      'association 0\n'
                                                                      'latency 0\n'
                                                                      'type 9\n'
                                                                      'sibling_map '
                                                                      '1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/3/properties': 'processor_id_low '
                                                                     '2147487747\n'
                                                                     'level 1\n'
                                                                     'size 32\n'
                                                                     'cache_line_size 128\n'
                                                                     'cache_lines_per_tag 0\n'
                                                                     'association 0\n'
                                                                     'latency 0\n'
                                                                     'type 9\n'
                                                                     'sibling_map '
                                                                     '1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/4/properties': 'processor_id_low '
                                                                     '2147487748\n'
                                                                     'level 1\n'
                                                                     'size 32\n'
                                                                     'cache_line_size 128\n'
                                                                     'cache_lines_per_tag 0\n'
                                                                     'association 0\n'
                                                                     'latency 0\n'
                                                                     'type 9\n'
                                                                     'sibling_map '
                                                                     '1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/5/properties': 'processor_id_low '
                                                                     '2147487749\n'
                                                                     'level 1\n'
                                                                     'size 32\n'
                                                                     'cache_line_size 128\n'
                                                                     'cache_lines_per_tag 0\n'
                                                                     'association 0\n'
                                                                     'latency 0\n'
                                                                     'type 9\n'
                                                                     'sibling_map '
                                                                     '1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/6/properties': 'processor_id_low '
                                                                     '2147487750\n'
                                                                     'level 1\n'
                                                                     'size 32\n'
                                                                     'cache_line_size 128\n'
                                                                     'cache_lines_per_tag 0\n'
                                                                     'association 0\n'
                                                                     'latency 0\n'
                                                                     'type 9\n'
                                                                     'sibling_map '
                                                                     '1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/7/properties': 'processor_id_low '
                                                                     '2147487751\n'
                                                                     'level 1\n'
                                                                     'size 32\n'
                                                                     'cache_line_size 128\n'
                                                                     'cache_lines_per_tag 0\n'
                                                                     'association 0\n'
                                                                     'latency 0\n'
                                                                     'type 9\n'
                                                                     'sibling_map '
                                                                     '1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/8/properties': 'processor_id_low '
                                                                     '2147487752\n'
                                                                     'level 1\n'
                                                                     'size 32\n'
                                                                     'cache_line_size 128\n'
                                                                     'cache_lines_per_tag 0\n'
                                                                     'association 0\n'
                                                                     'latency 0\n'
                                                                     'type 9\n'
                                                                     'sibling_map '
                                                                     '1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/caches/9/properties': 'processor_id_low '
                                                                     '2147487753\n'
                                                                     'level 1\n'
                                                                     'size 32\n'
                                                                     'cache_line_size 128\n'
                                                                     'cache_lines_per_tag 0\n'
                                                                     'association 0\n'
                                                                     'latency 0\n'
                                                                     'type 9\n'
                                                                     'sibling_map '
                                                                     '1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/gpu_id': '35218\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/io_links/0/properties': 'type 2\n'
                                                                       'version_major 0\n'
                                                                       'version_minor 0\n'
                                                                       'node_from 1\n'
                                                                       'node_to 0\n'
                                                                       'weight 20\n'
                                                                       'min_latency 0\n'
                                                                       'max_latency 0\n'
                                                                       'min_bandwidth 0\n'
                                                                       'max_bandwidth 32000\n'
                                                                       'recommended_transfer_size '
                                                                       '0\n'
                                                                       'recommended_sdma_engine_id_mask '
                                                                       '1\n'
                                                                       'flags 1\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/mem_banks/0/properties': 'heap_type 1\n'
                                                                        'size_in_bytes 536870912\n'
                                                                        'flags 0\n'
                                                                        'width 64\n'
                                                                        'mem_clk_max 2400\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/1/properties': 'cpu_cores_count 0\n'
                                                            'simd_count 4\n'
                                                            'mem_banks_count 1\n'
                                                            'caches_count 27\n'
                                                            'io_links_count 1\n'
                                                            'p2p_links_count 0\n'
                                                            'cpu_core_id_base 0\n'
                                                            'simd_id_base 2147487744\n'
                                                            'max_waves_per_simd 16\n'
                                                            'lds_size_in_kb 64\n'
                                                            'gds_size_in_kb 0\n'
                                                            'num_gws 64\n'
                                                            'wave_front_size 32\n'
                                                            'array_count 1\n'
                                                            'simd_arrays_per_engine 1\n'
                                                            'cu_per_simd_array 2\n'
                                                            'simd_per_cu 2\n'
                                                            'max_slots_scratch_cu 32\n'
                                                            'gfx_target_version 100306\n'
                                                            'vendor_id 4098\n'
                                                            'device_id 5710\n'
                                                            'location_id 3584\n'
                                                            'domain 0\n'
                                                            'drm_render_minor 128\n'
                                                            'hive_id 0\n'
                                                            'num_sdma_engines 1\n'
                                                            'num_sdma_xgmi_engines 0\n'
                                                            'num_sdma_queues_per_engine 6\n'
                                                            'num_cp_queues 8\n'
                                                            'max_engine_clk_fcompute 2200\n'
                                                            'local_mem_size 0\n'
                                                            'fw_version 67\n'
                                                            'capability 709075584\n'
                                                            'capability2 0\n'
                                                            'debug_prop 1495\n'
                                                            'sdma_fw_version 23\n'
                                                            'unique_id 0\n'
                                                            'num_xcc 1\n'
                                                            'max_engine_clk_ccompute 3301\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/2/gpu_id': '53284\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/2/io_links/0/properties': 'type 2\n'
                                                                       'version_major 0\n'
                                                                       'version_minor 0\n'
                                                                       'node_from 2\n'
                                                                       'node_to 0\n'
                                                                       'weight 20\n'
                                                                       'min_latency 0\n'
                                                                       'max_latency 0\n'
                                                                       'min_bandwidth 0\n'
                                                                       'max_bandwidth 32000\n'
                                                                       'recommended_transfer_size '
                                                                       '0\n'
                                                                       'flags 1\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/2/mem_banks/0/properties': 'heap_type 1\n'
                                                                        'size_in_bytes '
                                                                        '34342961152\n'
                                                                        'flags 0\n'
                                                                        'width 4096\n'
                                                                        'mem_clk_max 1200\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/2/name': 'arcturus\n',
 'sys/devices/virtual/kfd/kfd/topology/nodes/2/properties': 'cpu_cores_count 0\n'
                                                            'simd_count 480\n'
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
                                                            'wave_front_size 64\n'
                                                            'array_count 8\n'
                                                            'simd_arrays_per_engine 1\n'
                                                            'cu_per_simd_array 15\n'
                                                            'simd_per_cu 4\n'
                                                            'max_slots_scratch_cu 32\n'
                                                            'gfx_target_version 90008\n'
                                                            'vendor_id 4098\n'
                                                            'device_id 29580\n'
                                                            'location_id 768\n'
                                                            'domain 0\n'
                                                            'drm_render_minor 129\n'
                                                            'hive_id 0\n'
                                                            'num_sdma_engines 2\n'
                                                            'num_sdma_xgmi_engines 0\n'
                                                            'num_sdma_queues_per_engine 8\n'
                                                            'num_cp_queues 24\n'
                                                            'max_engine_clk_fcompute 1502\n'
                                                            'local_mem_size 0\n'
                                                            'fw_version 2250\n'
                                                            'capability 671588992\n'
                                                            'debug_prop 1511\n'
                                                            'sdma_fw_version 20\n'
                                                            'unique_id 3815429405137715474\n'
                                                            'num_xcc 1\n'
                                                            'max_engine_clk_ccompute 3800\n'}
LINKS = {'sys/bus/pci/devices/0000:00:08.1': '../../../devices/pci0000:00/0000:00:08.1',
 'sys/bus/pci/devices/0000:0e:00.0': '../../../devices/pci0000:00/0000:00:08.1/0000:0e:00.0',
 'sys/bus/pci/drivers/amdgpu/0000:0e:00.0': '../../../../devices/pci0000:00/0000:00:08.1/0000:0e:00.0',
 'sys/bus/pci/drivers/pcieport/0000:00:08.1': '../../../../devices/pci0000:00/0000:00:08.1',
 'sys/class/drm/card0': '../../devices/pci0000:00/0000:00:08.1/0000:0e:00.0/drm/card0',
 'sys/class/drm/card1': '../../devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/drm/card1',
 'sys/class/drm/renderD128': '../../devices/pci0000:00/0000:00:08.1/0000:0e:00.0/drm/renderD128',
 'sys/class/drm/renderD129': '../../devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/drm/renderD129',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/drm/card1/device': '../../../0000:03:00.0',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/drm/renderD129/device': '../../../0000:03:00.0',
 'sys/devices/pci0000:00/0000:00:08.1/0000:0e:00.0/drm/card0/device': '../../../0000:0e:00.0',
 'sys/devices/pci0000:00/0000:00:08.1/driver': '../../../bus/pci/drivers/pcieport'}
EXPECT = ['exit 0',
 'root_cause runtime.igpu.first',
 'check hardware.gpus pass',
 'check driver.kfd_topology pass',
 'check runtime.igpu_order warn',
 'check runtime.gfx_support pass',
 'check runtime.visible_devices pass']
README = """\
# igpu-first

A Ryzen 9 7900X desktop with an AMD Instinct MI100 (gfx908, 1002:738c, 120 CUs, 32 GiB) at 0000:03:00.0 and the CPU's Raphael iGPU (gfx1036, 1002:164e, 2 CUs) at 0000:0e:00.0, which KFD enumerates first (node 1; the MI100 is node 2), on ROCm 6.2.0 with no device-selection variables. Modelled on ROCm/ROCm#2594 (https://github.com/ROCm/ROCm/issues/2594, MI100 + gfx1036 iGPU, ROCm 5.7.0).

## Sources

Built by hand from `rx7900xtx-healthy` (`cp -a`, then the edits below; not generated by `tools/make_machines.py`). Its sources and hand-added files are those of `rx7900xtx-healthy/README.md` (LACT `tests/snapshots/amd/rx7900xtx/` @ 238e315b812ae1dbf1c17c1a57503a161de51500, MIT; /opt/rocm -> /opt/rocm-6.2.0 with a recorded `hip-load` probe).
- The iGPU's KFD node and PCI function start from `phoenix-apu`'s real ones (LACT `tests/snapshots/amd/phoenix/` @ 238e315b812ae1dbf1c17c1a57503a161de51500, MIT) and are edited to Raphael.
- The capture of ROCm/ROCm#2594 (`rocminfo --support`) is **not in this checkout** (kept aside); the machine is built from the public facts recorded for it in the team's capture notes (tests/data/captures/PROVENANCE.md) (MI100: gfx908, 0x738c, 120 CU, BDFID 768 = 03:00.0; Raphael: gfx1036, 0x164e, 2 CU) and docs/research/failure-modes.md #32 (an iGPU enumerated before the dGPU; fix ROCR_VISIBLE_DEVICES).

## Added by hand (and why)

- The template's RX 7900 XTX turned into the MI100: PCI `device` 0x738c, `revision` 0x01, `class` 0x038000, subsystem 1002:0c34, VRAM 32 GiB, uevent to match; power-play/hwmon/VBIOS files removed; DRM minors card1/renderD129 (the iGPU, probed first, has card0/renderD128); KFD node 2 with gfx_target_version 90008, simd_count 480 (120 CUs x 4), wave_front_size 64, a non-zero unique_id (invented), drm_render_minor 129, a 32 GiB mem bank.
- The iGPU: phoenix-apu's PCI dir under bridge 0000:00:08.1 renamed to 0000:0e:00.0 (the BDF is invented: the issue gives none for the iGPU) with `device` 0x164e, `revision` 0xc1, subsystem 1043:8877 (assumed), a 512 MiB carve-out; phoenix's KFD GPU node as node 1 with gfx_target_version 100306, device_id 5710, simd_count 4 (2 CUs x 2), location_id 0xe00.
- The node order (iGPU first) is the premise of the machine, as the issue report describes; whether KFD really orders these two this way on such a board could not be checked here.
- `iommu=pt` on the kernel command line (AMD's multi-GPU recommendation), so that the IOMMU check does not add a second story; device nodes and /sys/class/drm links for both GPUs; a kernel log naming both.

## What the doctor must conclude

Warn: everything works for the MI100 (gfx908 is supported by ROCm 6.2.0), but the unsupported gfx1036 iGPU is HIP device 0 — root cause runtime.igpu.first (warn), fix `export ROCR_VISIBLE_DEVICES=1`. runtime.gfx_support passes and notes the iGPU. Warnings allow exit 0.

`EXPECT`:

```
exit 0
root_cause runtime.igpu.first
check hardware.gpus pass
check driver.kfd_topology pass
check runtime.igpu_order warn
check runtime.gfx_support pass
check runtime.visible_devices pass
```
"""
