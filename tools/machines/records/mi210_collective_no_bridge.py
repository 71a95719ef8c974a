# SPDX-License-Identifier: MIT
"""mi210-collective-no-bridge: the 4x MI210 server without its XGMI bridge: collectives over PCIe,
below the floor."""
from ..scenarios.collective import collective_probes
from ..scenarios.platform import mi210_gpu_props

NAME = 'mi210-collective-no-bridge'
BASE = 'mi210-collective-healthy'
_TOPO = 'sys/devices/virtual/kfd/kfd/topology/nodes'
_GPUS = {2: 0x03, 3: 0x23, 4: 0x43, 5: 0x63}  # KFD node: PCI bus
# Without the bridge: no XGMI io_link (io_links 1-3 of each GPU node), hive_id 0, only the PCIe
# link to CPU node 0 (io_links/0) left.
REMOVE = [f'{_TOPO}/{node}/io_links/{i}' for node in _GPUS for i in (1, 2, 3)]
FILES = {f'{_TOPO}/{node}/properties': mi210_gpu_props(node, bus, 0, 1)
         for node, bus in _GPUS.items()}
ALL_REDUCE = (21.8e9, 45e-6)
ALL_GATHER = (20.9e9, 40e-6)
_BENCH, _ELAPSED, _FIG = collective_probes(4, ALL_REDUCE, ALL_GATHER)
MACHINE = {'description': '4x MI210 without their XGMI bridge: collectives over PCIe, below the '
                          'floor'}
PROBES = _BENCH
EXPECT = ['level extended',
          'exit 1',
          'root_cause bench.collective.below_floor',
          'check runtime.hip_devices pass',
          'check hardware.xgmi_links skip',
          'check bench.collective fail',
          'finding bench.collective.below_floor fail',
          'finding bench.collective.not_judged info']
_AR = _FIG['all_reduce'][0] / 1e9
_AG = _FIG['all_gather'][0] / 1e9
_PCIE = 16e9 * 16 * 128 / 130 / 8 / 1e9  # PCIe 4.0 x16, one direction, GB/s
README = f"""\
# mi210-collective-no-bridge

[`mi210-collective-healthy`](../mi210-collective-healthy/)'s server with its four MI210s reinstalled without the Infinity Fabric Link bridge (left off after a GPU swap, say; an MI210 is a PCIe card and works without one). Nothing fails: amdgpu forms no XGMI hive, and RCCL moves the collectives between the GPUs over PCIe 4.0, through the CPU's root complex, at about a third of the hive's bandwidth. Only the collective benchmark shows it.

## Made from

`tools/machines/records/mi210_collective_no_bridge.py`: a copy of mi210-collective-healthy (its README and that of [`gpu-count-mismatch`](../gpu-count-mismatch/) give the rest of the host, all made by hand) with:

- The KFD topology of the same GPUs without a bridge: in GPU nodes 2-5 the XGMI io_links (`io_links/1`-`3`, type 11) removed, and in their `properties` `hive_id 0` and `io_links_count 1` (the PCIe link to CPU node 0 is the one left), the rest as `mi210_gpu_props` writes it for the healthy host. amdgpu puts a GPU in an XGMI hive only when it reports more than one physical XGMI node (`amdgpu_device_ip_init`: `if (adev->gmc.xgmi.num_physical_nodes > 1)` ... `amdgpu_xgmi_add_device(adev)`), and KFD's hive_id is amdgpu's; that a bridgeless MI210 reports one node is our reading of the driver, not a captured host. `p2p_links` are not written, as on the base machine. The PCI side is unchanged: each GPU at 16.0 GT/s x16 under its own root port (0000:00/20/40/60:01.1).
- `.rocm-doctor/probes/hip-bench.collective.json`: the recorded `rocm-doctor-hip --bench --level standard --only collective` run, written by `tools/machines/scenarios/collective.py` like the healthy one, with PCIe figures: all-reduce busbw at 16 GiB {_AR:.1f} GB/s, all-gather {_AG:.1f} GB/s, t0 45 µs. **Hand-made**, anchored on the link: PCIe 4.0 x16 carries 16 GT/s x 16 lanes x 128/130 / 8 = {_PCIE:.1f} GB/s one way, and a ring's bus bandwidth is bounded by one hop's one-way rate, here a GPU-to-GPU copy through the EPYC root complex ({_AR / _PCIE:.0%} of it). The floor is the unconfirmed 30 GB/s for 4 x MI210 of checks/data/collective_floors.csv (see mi210-collective-healthy).
- The run took {_ELAPSED:.1f} s (elapsed_s) of the 300 s the doctor allows at the extended level: 110 all-reduces of 16 GiB at 1.18 s each are most of it. A slower PCIe path would not finish in time, and the doctor would report `bench.collective.failed` (the helper killed at its deadline) instead of the bandwidth.

## What the doctor must conclude

`rocm-doctor check --level extended` (every check, as on mi210-collective-healthy): every layer below holds (runtime.hip_devices passes: four MI210s, smoke kernels ok); hardware.xgmi_links is skipped (no KFD GPU nodes share an XGMI hive_id: without a hive the topology shows no link to be missing); bench.collective fails with `bench.collective.below_floor`, the root cause: collective.all_reduce over 4 GPUs (AMD Instinct MI210): busbw {_AR:.1f} GB/s at 16 GiB, below the floor of 30 GB/s for 4 x MI210 ({100 * _AR / 30:.0f}%), with the floor's source, marked unconfirmed, as evidence, and the only root cause; collective.all_gather is not judged (info). Exit 1.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
