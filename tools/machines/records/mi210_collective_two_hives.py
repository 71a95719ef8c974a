# SPDX-License-Identifier: MIT
"""mi210-collective-two-hives: 8x MI210 in two XGMI hives; no floor for 8 x MI210: not judged."""
from ..scenarios.collective import collective_probes

NAME = 'mi210-collective-two-hives'
BASE = 'mi210-xgmi-healthy'
ALL_REDUCE = (24.6e9, 70e-6)
ALL_GATHER = (22.9e9, 60e-6)
_BENCH, _ELAPSED, _FIG = collective_probes(8, ALL_REDUCE, ALL_GATHER)
MACHINE = {'description': '8x MI210 in two XGMI hives, collective run over all eight recorded'}
PROBES = _BENCH
EXPECT = ['level extended',
          'only hardware.xgmi_links',
          'only bench.collective',
          'exit 0',
          'check hardware.xgmi_links pass',
          'check bench.collective pass',
          'finding bench.collective.not_judged info']
_AR = _FIG['all_reduce'][0] / 1e9
_AG = _FIG['all_gather'][0] / 1e9
README = f"""\
# mi210-collective-two-hives

[`mi210-xgmi-healthy`](../mi210-xgmi-healthy/)'s 8 x MI210: two 4-GPU XGMI hives, GPUs 0-3 (0000:03-63:00.0) on NUMA node 0 and GPUs 4-7 (0000:83-e3:00.0) on node 1, no XGMI link between the hives. The collectives over all eight GPUs cross from one hive to the other over PCIe and the link between the two sockets, and checks/data/collective_floors.csv has no floor for 8 x MI210, so the figures are reported, not judged.

## Made from

`tools/machines/records/mi210_collective_two_hives.py`: a copy of mi210-xgmi-healthy (its README gives the host, all made by hand; its `hip-probe` sees the eight GPUs) with `.rocm-doctor/probes/hip-bench.collective.json`, a recorded `rocm-doctor-hip --bench --level standard --only collective` run over the eight GPUs written by `tools/machines/scenarios/collective.py` (see [`mi210-collective-healthy`](../mi210-collective-healthy/) for the format and the model): 8 ranks, all-reduce messages 1 MiB to 16 GiB, all-gather 1 MiB to 1 GiB per rank (8 MiB to 8 GiB gathered: the helper sends 1/8 of the 16 GiB buffer). **Hand-made**: all-reduce busbw at 16 GiB {_AR:.1f} GB/s and all-gather {_AG:.1f} GB/s at 8 GiB, t0 70 and 60 µs, below the one-hive figures of mi210-collective-healthy because every ring crosses between the hives twice over PCIe 4.0 x16 (31.5 GB/s one way) and the socket link. The run took {_ELAPSED:.1f} s (elapsed_s) of the 300 s the doctor allows at the extended level.

## What the doctor must conclude

The replay test runs `rocm-doctor check --level extended --only hardware.xgmi_links --only bench.collective` (EXPECT `level extended` and the two `only` lines; the other collective machines run every check): only those two checks run, and their prerequisites, not named, are not run. hardware.xgmi_links passes (two hives of four GPU nodes, each complete); bench.collective passes with two `bench.collective.not_judged` findings (info): collective.all_reduce over 8 GPUs (AMD Instinct MI210): busbw {_AR:.1f} GB/s at 16 GiB, and collective.all_gather {_AG:.1f} GB/s at 8 GiB, not judged: no floor for 8 x AMD Instinct MI210 (the 8-GPU MI250 row names another GPU). Exit 0.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
