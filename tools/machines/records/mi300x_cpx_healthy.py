# SPDX-License-Identifier: MIT
"""mi300x-cpx-healthy: the real 8 x MI300X CPX topology completed with the partition it lacks."""
from ..core import REPO
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..scenarios.datacenter import (CPX_MISSING_PARTITION_LINKS, CPX_MISSING_PARTITION_MACHINE,
                                    cpx_missing_partition_files)

NAME = 'mi300x-cpx-healthy'
BASE = 'mi300x-cpx'
MACHINE = CPX_MISSING_PARTITION_MACHINE
FILES = cpx_missing_partition_files(REPO)
LINKS = CPX_MISSING_PARTITION_LINKS
EXPECT = ['exit 0',
 'check hardware.gpus pass',
 'check hardware.partition pass',
 'check hardware.xgmi_links pass',
 'check hardware.xgmi_errors pass',
 'check hardware.throttle pass']
README = """\
# mi300x-cpx-healthy

An 8 × AMD Instinct MI300X node in CPX compute partitioning and NPS1, one XGMI hive: 8 physical GPUs and 64 logical GPUs (KFD nodes), the count a scheduler must see (ROCm/k8s-device-plugin#184: "Verify KFD topology shows 64 GPU nodes ... → 64"; ROCm/rocm-systems#8529: RDC "enumerates only the first processor per socket. This miscounts GPUs (e.g. 8 instead of 32 on an 8x MI308X box)").

## Made from

`tools/machines/records/mi300x_cpx_healthy.py`: a copy of [`mi300x-cpx`](../mi300x-cpx/) (the real topology of ROCm/k8s-device-plugin `testdata/topo-mi300-cpx` at ed7646843003e8f0b6a0630346f01bb4d1ecff2e, Apache-2.0, with the host around it; see its README) plus the one partition the capture lacks, by hand (`cpx_missing_partition_files` in `tools/machines/scenarios/datacenter.py`):

- KFD node 65: partition 7 of 0000:e5:00.0, the properties of its sibling node 64 with location_id 0xe507 (the partition id in the function bits, as kfd_topology.c ORs it in) and drm_render_minor 191; its io_links are node 64's with node_from 65, plus a link to node 64 like 64's to 63 (XGMI, weight 13, as between every two partitions of one GPU in the capture).
- On every node that links to node 64, a link to node 65 (a copy with node_to 65: weight 13 from the sibling partitions, 41 from the other GPUs', PCIe from the CPU node), and io_links_count one more.
- Its render node: renderD191 on platform device amdgpu_xcp.55, /sys/class/drm/renderD191, /dev/dri/renderD191 (0660 root:render).

## What the doctor must conclude

Healthy: hardware.partition passes with "8 physical GPUs (8 in CPX/NPS1), 64 logical GPUs"; every one of the 64 GPU nodes has an XGMI link to each of the other 63; XGMI errors are read from the WAFL RAS counters because xgmi_error answers EINVAL, as on every MI300 (ROCm/rocm-systems#11468), and are zero; nothing throttles at rest. Exit 0.

`EXPECT`:

```
exit 0
check hardware.gpus pass
check hardware.partition pass
check hardware.xgmi_links pass
check hardware.xgmi_errors pass
check hardware.throttle pass
```
"""
