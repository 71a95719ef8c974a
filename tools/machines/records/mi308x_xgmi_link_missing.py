# SPDX-License-Identifier: MIT
"""mi308x-xgmi-link-missing: the MI308X hive with one XGMI link gone from the KFD topology."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..scenarios.datacenter import MI308_HIVE_ADDED, merged, mi308_hive_edits

NAME = 'mi308x-xgmi-link-missing'
BASE = 'mi300x-healthy'
_FILES, LINKS, MACHINE = mi308_hive_edits()
_TOPO = 'sys/devices/virtual/kfd/kfd/topology/nodes'
# Node 2 (partition 0 of 0000:0a:00.0) and node 6 (partition 0 of 0000:80:00.0): the XGMI links
# 2->6 (io_links/4) and 6->2 (io_links/1), type 11, weight 41 in the capture.
REMOVE = [f'{_TOPO}/2/io_links/4', f'{_TOPO}/6/io_links/1']
FILES = _FILES
EXPECT = ['exit 1',
 'root_cause hardware.xgmi.link_missing',
 'root_cause hardware.xgmi.link_missing',
 'check hardware.xgmi_links fail',
 'finding hardware.xgmi.link_missing fail',
 'check hardware.partition pass']
README = f"""\
# mi308x-xgmi-link-missing

The 8 × MI308X hive of [`mi300x-healthy`](../mi300x-healthy/) (the real KFD topology of ROCm/k8s-device-plugin `topology-parsing-mi308`: 32 GPU nodes in one hive, each with an XGMI io_link to each of the other 31) with the link between KFD node 2 (0000:0a:00.0, partition 0) and node 6 (0000:80:00.0, partition 0) gone in both directions.

## Made from

`tools/machines/records/mi308x_xgmi_link_missing.py`: mi300x-healthy plus:

- {MI308_HIVE_ADDED}
- `nodes/2/io_links/4` (2→6) and `nodes/6/io_links/1` (6→2) removed: type 11, weight 41 in the capture. Invented: no public capture of a hive with a link down was found; the shape (a peer missing from a node's XGMI links) is what the topology shows when a link does not come up. The nodes' io_links_count is left as captured (the doctor counts the links it finds).

## What the doctor must conclude

Root cause `hardware.xgmi.link_missing`, twice: node 2 (0000:0a:00.0) has XGMI links to 30 of the 31 other GPU nodes of hive 2095653680343411291, none to node 6 (0000:80:00.0), and node 6 likewise. Exit 1.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
