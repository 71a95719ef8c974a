# SPDX-License-Identifier: MIT
"""igpu-hidden-rocr (negative control): the igpu-raphael-tensile host after the fix of
CS1o/Stable-Diffusion-Info#6, the Raphael iGPU hidden with ROCR_VISIBLE_DEVICES=1."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'igpu-hidden-rocr'
BASE = 'igpu-raphael-tensile'
MACHINE = {'description': 'Ryzen 7000 desktop: Raphael iGPU first, RX 6800 XT second, the iGPU '
                          'hidden with ROCR_VISIBLE_DEVICES=1',
           'env': {'ROCR_VISIBLE_DEVICES': '1'}}
EXPECT = ['# Negative control: the iGPU is hidden, so neither its order nor its missing',
          '# rocBLAS library is a finding.',
          'exit 0',
          'check runtime.igpu_order pass',
          'check libraries.rocblas_kernels pass',
          'check hardware.apu_memory skip',
          'check runtime.visible_devices pass']
README = """\
# igpu-hidden-rocr

Negative control for `libraries.rocblas_kernels`, `runtime.igpu_order` and `hardware.apu_memory`: the host of [`igpu-raphael-tensile`](../igpu-raphael-tensile/) (Raphael iGPU gfx1036 as KFD GPU 0, RX 6800 XT gfx1030 as GPU 1, rocBLAS without gfx1036) with the fix applied: `ROCR_VISIBLE_DEVICES=1` in the environment.

## The real ticket

CS1o/Stable-Diffusion-Info#6 (https://github.com/CS1o/Stable-Diffusion-Info/issues/6): the repo owner's fix, "disable the Radeon TM Graphics. Or you can add: HIP_VISIBLE_DEVICES=1" (issue closed). ROCR_VISIBLE_DEVICES with the same position hides the iGPU one layer lower (ROCr), which is the value the doctor computes for `igpu-raphael-tensile`.

## Made from

`tools/machines/records/igpu_hidden_rocr.py`: a copy of `igpu-raphael-tensile` with `ROCR_VISIBLE_DEVICES=1` in machine.json's `env`.

## What the doctor must conclude

Healthy: the iGPU is hidden from HIP, so `runtime.igpu_order` passes ("hidden"), `libraries.rocblas_kernels` passes for gfx1030 and says the hidden gfx1036 was not judged, `hardware.apu_memory` skips (HIP uses no integrated GPU). Exit 0.

`EXPECT`:

```
""" + '\n'.join(EXPECT) + """
```
"""
