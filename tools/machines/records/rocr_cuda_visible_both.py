# SPDX-License-Identifier: MIT
"""rocr-cuda-visible-both: an 8-GPU gfx90a node where a workflow engine sets both
ROCR_VISIBLE_DEVICES=1 and CUDA_VISIBLE_DEVICES=1: HIP indexes the one GPU ROCr left, so index 1
selects none (Parsl/parsl#3858)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from ..probe_records import hip_no_device

NAME = 'rocr-cuda-visible-both'
BASE = 'mi210-xgmi-healthy'
MACHINE = {'description': '8 gfx90a GPUs; ROCR_VISIBLE_DEVICES=1 and CUDA_VISIBLE_DEVICES=1 both '
                          'set: HIP sees no GPU',
           'env': {'ROCR_VISIBLE_DEVICES': '1', 'CUDA_VISIBLE_DEVICES': '1'}}
PROBES = {'hip-probe': hip_no_device(60241133, 0.38)}
EXPECT = ['exit 1',
 'root_cause runtime.env.devices_hidden',
 'check driver.kfd_topology pass',
 'check runtime.visible_devices fail',
 'finding runtime.env.devices_hidden fail']
README = f"""\
# rocr-cuda-visible-both

The 8-GPU gfx90a node of `mi210-xgmi-healthy` (two XGMI hives, every layer healthy), where the job's environment has both `ROCR_VISIBLE_DEVICES=1` and `CUDA_VISIBLE_DEVICES=1`. ROCr keeps one GPU (KFD's second); HIP then numbers the GPUs ROCr left from 0, so HIP index 1 names none and HIP sees no GPU.

## The real ticket

Parsl/parsl#3858 (https://github.com/Parsl/parsl/issues/3858), "Setting both `ROCR_VISIBLE_DEVICES` and `CUDA_VISIBLE_DEVICES` breaks pinning on HIP devices" (Frontier, MI250X nodes). The reporter's reproduction, verbatim: `CUDA_VISIBLE_DEVICES=1 python -c "import torch; print(torch.cuda.device_count()); ..."` prints `1`; `ROCR_VISIBLE_DEVICES=1 CUDA_VISIBLE_DEVICES=1 python -c ...` prints `0` and `RuntimeError: No HIP GPUs are available`; `ROCR_VISIBLE_DEVICES=1 CUDA_VISIBLE_DEVICES=0` prints `1`; `ROCR_VISIBLE_DEVICES=1` alone prints `1`. "Parsl sets both, which makes the GPU pinning fail on HIP systems (e.g., Frontier)". The same mechanism, fixed upstream by setting only one variable: mcmonkeyprojects/SwarmUI#565 ("ROCR_VISIBLE_DEVICES ids and HIP device are redundant and dont refer to the same ids ... can end up with _no_ device available since you have masked away all gpus", closed after the maintainer stopped setting HIP_VISIBLE_DEVICES on Linux). The rule that HIP indices count what ROCr left is AMD's (ROCm/ROCR-Runtime#155; gpuopen.com affinity part 2: "only the subset of GPU devices made visible by ROCR_VISIBLE_DEVICES may be restricted further by HIP_VISIBLE_DEVICES").

## Made from

`tools/machines/records/rocr_cuda_visible_both.py`: a copy of [`mi210-xgmi-healthy`](../mi210-xgmi-healthy/) with the two variables in machine.json's environment and its recorded `hip-probe` replaced by the no-device answer a HIP program gives in that environment (`device_count` 0, hipErrorNoDevice from hipGetDeviceCount — torch's "No HIP GPUs are available" is that count).

Inferred, not in the thread: the GPUs (Frontier's MI250X GCDs are gfx90a like the base's MI210s; the base's 8 GPUs stand for a node's 8 GCDs), the OS and ROCm release (the base's Ubuntu 22.04 and ROCm 6.2.0), the hip-probe's values other than the count and error.

## What the doctor must conclude

Root cause `runtime.env.devices_hidden` (check `runtime.visible_devices` fails): ROCR_VISIBLE_DEVICES=1 leaves one GPU, CUDA_VISIBLE_DEVICES=1 (HIP's variable being unset) then asks for the second of one. Fix: set one variable only (ROCR_VISIBLE_DEVICES on Linux), or index HIP from 0. Exit 1.

`EXPECT`:

```
{{chr(10).join(EXPECT)}}
```
""".replace('{chr(10).join(EXPECT)}', '\n'.join(EXPECT))
