# SPDX-License-Identifier: MIT
"""mi308x-cpx-expect-logical: --expect-gpus 32 on 8 x MI308X in CPX (ROCm/rocm-systems#8529)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..scenarios.datacenter import MI308_HIVE_ADDED, mi308_hive_edits

NAME = 'mi308x-cpx-expect-logical'
BASE = 'mi300x-healthy'
FILES, LINKS, MACHINE = mi308_hive_edits()
EXPECT = ['expect-gpus 32',
 'exit 0',
 'root_cause hardware.gpu.count_is_logical',
 'check hardware.gpu_count warn',
 'finding hardware.gpu.count_is_logical warn',
 'check hardware.partition pass']
README = f"""\
# mi308x-cpx-expect-logical

The 8 × MI308X node of [`mi300x-healthy`](../mi300x-healthy/) (the real 32-GPU-node KFD topology of ROCm/k8s-device-plugin `topology-parsing-mi308`, one XGMI hive), checked with `--expect-gpus 32`: the operator counted the logical GPUs of CPX mode, while `--expect-gpus` counts physical GPUs, the PCI functions.

## The real ticket

ROCm/rocm-systems#8529 (https://github.com/ROCm/rocm-systems/issues/8529), "[rdc] CPX partition enumeration": "In CPX mode each socket exposes multiple GPU processors (partitions), but RDC enumerates only the first processor per socket. This miscounts GPUs (e.g. 8 instead of 32 on an 8x MI308X box)". Fixed by ROCm/rocm-systems#8526 (a flat table of all logical GPUs). The doctor counts both and says which number it was given.

## Made from

`tools/machines/records/mi308x_cpx_expect_logical.py`: mi300x-healthy plus:

- {MI308_HIVE_ADDED}

The replay test passes `--expect-gpus 32` (EXPECT `expect-gpus 32`).

## What the doctor must conclude

hardware.gpu_count warns with `hardware.gpu.count_is_logical`: 32 is the number of logical GPUs (KFD GPU nodes), `--expect-gpus` counts physical GPUs and there are 8 on the PCI bus; the fix line is `rocm-doctor check --expect-gpus 8`. hardware.partition passes (8 GPUs in CPX, 4 KFD nodes each). A warning: exit 0.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
