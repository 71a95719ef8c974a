# SPDX-License-Identifier: MIT
"""gfx-unsupported: RX 6700 XT (gfx1031) desktop, Ubuntu 24.04, ROCm 6.2.0, no
HSA_OVERRIDE_GFX_VERSION."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'gfx-unsupported'
BASE = 'rx7900xtx-healthy'
REMOVE = ['sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/gpu_busy_percent',
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
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/vbios_version']
MACHINE = {'description': 'RX 6700 XT (gfx1031) desktop, Ubuntu 24.04, ROCm 6.2.0, no '
                'HSA_OVERRIDE_GFX_VERSION'}
PROBES = {'kernel-log': {'state': 'ok',
                'source': '/dev/kmsg',
                'lines': ['[drm] amdgpu kernel modesetting enabled.',
                          'amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from VFCT',
                          'amdgpu 0000:03:00.0: amdgpu: VRAM: 12272M 0x0000008000000000 - '
                          '0x00000082FEFFFFFF (12272M used)',
                          '[drm] Initialized amdgpu 3.57.0 20150101 for 0000:03:00.0 on minor 0',
                          'kfd kfd: amdgpu: added device 1002:73df']}}
FILES = {'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/device': '0x73df\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/mem_info_vis_vram_total': '12868124672\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/mem_info_vram_total': '12868124672\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/revision': '0xc1\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/subsystem_device': '0xe445\n',
 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/uevent': 'DRIVER=amdgpu\n'
                                                                                      'PCI_CLASS=30000\n'
                                                                                      'PCI_ID=1002:73DF\n'
                                                                                      'PCI_SUBSYS_ID=1DA2:E445\n'
                                                                                      'PCI_SLOT_NAME=0000:03:00.0\n'
                                                                                      'MODALIAS=pci:v00001002d000073DFsv00001DA2sd0000E445bc03sc00i00\n',
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
                                                            'simd_arrays_per_engine 2\n'
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
                                                            'max_engine_clk_fcompute 2581\n'
                                                            'local_mem_size 0\n'
                                                            'fw_version 2250\n'
                                                            'capability 671588992\n'
                                                            'debug_prop 1511\n'
                                                            'sdma_fw_version 20\n'
                                                            'unique_id 0\n'
                                                            'num_xcc 1\n'
                                                            'max_engine_clk_ccompute 3800\n'}
EXPECT = ['exit 1',
 'root_cause runtime.gfx.unsupported',
 'check hardware.gpus pass',
 'check driver.kfd_topology pass',
 'check runtime.rocm pass',
 'check runtime.gfx_support fail',
 'check runtime.gfx_override pass']
README = """\
# gfx-unsupported

A desktop with one Radeon RX 6700 XT (Navi22, gfx1031, 1002:73df rev 0xc1, 40 CUs, 12 GiB) and ROCm 6.2.0, without `HSA_OVERRIDE_GFX_VERSION` — the single most common ROCm report family (failure-modes.md #33).

## Sources

Built by hand from `rx7900xtx-healthy` (`cp -a`, then the edits below; not generated by `tools/make_machines.py`). Its sources and hand-added files are those of `rx7900xtx-healthy/README.md` (LACT `tests/snapshots/amd/rx7900xtx/` @ 238e315b812ae1dbf1c17c1a57503a161de51500, MIT; /opt/rocm -> /opt/rocm-6.2.0 with a recorded `hip-load` probe).
- The GPU's facts from ROCm/ROCm#2620 (https://github.com/ROCm/ROCm/issues/2620, `rocminfo --support` of an RX 6700 XT: gfx1031, Chip ID 0x73df, 40 compute units), as recorded in the team's capture notes (tests/data/captures/PROVENANCE.md); the transcribed capture file itself is not in this checkout.

## Added by hand (and why)

- The RX 7900 XTX of the template turned into the RX 6700 XT: PCI `device` 0x73df, `revision` 0xc1 (RX 6700 XT in libdrm amdgpu.ids), subsystem 1da2:e445 (a Sapphire board id, assumed), `uevent` PCI_ID/PCI_SUBSYS_ID/MODALIAS to match, `mem_info_vram_total`/`mem_info_vis_vram_total` 12 GiB (Resizable BAR on, assumed); the template's RX 7900 XTX power-play, hwmon and VBIOS files removed (they described the other card). The BDF stays 0000:03:00.0 (the issue's BDFID 10240 is 28:00.0; the template's switch layout was kept).
- KFD GPU node 1: `gfx_target_version` 100301, `device_id` 29663 (0x73df), `simd_count` 80 (40 CUs x 2 SIMDs), `cu_per_simd_array` 10, `array_count` 4.
- The kernel log lines name 1002:73df and 12272M of VRAM.

## What the doctor must conclude

Fail: hardware and driver are healthy, ROCm 6.2.0 is installed and loads, but gfx1031 is not in ROCm 6.2.0's target list (rocm_support.csv: override 10.3.0) — root cause runtime.gfx.unsupported, remediation `export HSA_OVERRIDE_GFX_VERSION=10.3.0`. Exit 1.

`EXPECT`:

```
exit 1
root_cause runtime.gfx.unsupported
check hardware.gpus pass
check driver.kfd_topology pass
check runtime.rocm pass
check runtime.gfx_support fail
check runtime.gfx_override pass
```
"""
