# SPDX-License-Identifier: MIT
"""wsl-torch-hsa-replaced: negative control of wsl-torch-bundled-hsa - AMD's WSL wheel with the
host's runtime copied into torch/lib, as AMD's WSL guide and ROCm/HIP#3710's fix do."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from .. import torch_wheel as tw
from . import wsl_torch_bundled_hsa as broken

NAME = 'wsl-torch-hsa-replaced'
BASE = 'wsl2'
SITE = broken.SITE
REMOVE = broken.REMOVE
MACHINE = {'description': 'ROCm/HIP#3710 after the fix: WSL2, ROCm 6.2.3, AMD WSL torch wheel '
                          'with /opt/rocm/lib/libhsa-runtime64.so.1.14.60203 copied into torch/lib',
           'env': {'HOME': '/home/alice'}}
FILES = {k: v for k, v in broken.FILES.items() if '/torch' not in k and 'site-packages' not in k}
FILES.update(tw.torch(SITE, '2.3.0+rocm6.2.3', '6.2.41134-65d174c3e', None, tw.ROCM_LIBS,
                      '97ff6cfd9c86c5c09d7ce775ab64ec5c99230f5d',
                      {'libhsa-runtime64.so': broken.WSL_HSA}))
LINKS = broken.LINKS
PROBES = {'hip-load': broken.PROBES['hip-load']}
PROBES.update(tw.probe('python-torch-0', '/usr/bin/python3', '3.10.12', {
    'version': '2.3.0+rocm6.2.3', 'hip': '6.2.41134-65d174c3e', 'available': True,
    'device_count': 1,
    'arch_list': ['gfx900', 'gfx906', 'gfx908', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100',
                  'gfx1101'],
    'devices': [{'arch': 'gfx1100', 'error': None, 'name': 'AMD Radeon RX 7900 XTX',
                 'platform': None}],
    'file': '/' + SITE + '/torch/__init__.py',
    'op': {'device': 'cuda:0', 'error': None, 'expected': 256.0, 'result': 256.0}}))
EXPECT = ['exit 0',
          'check driver.kfd skip',
          'check frameworks.torch pass',
          'check frameworks.torch_runtime pass',
          'check frameworks.torch_gpu pass',
          'finding platform.wsl.no_kfd info']
README = """\
# wsl-torch-hsa-replaced

Negative control of [`wsl-torch-bundled-hsa`](../wsl-torch-bundled-hsa/): the same WSL2 host (ROCm 6.2.3's WSL user space) after the fix of ROCm/HIP#3710 (https://github.com/ROCm/HIP/issues/3710). AMD's WSL wheel torch-2.3.0+rocm6.2.3-cp310 is installed, and, as the reporter did following AMD's WSL guide (`rm libhsa-runtime64.so*`, `cp /opt/rocm/lib/libhsa-runtime64.so.1.x libhsa-runtime64.so`), torch/lib/libhsa-runtime64.so holds the same bytes as /opt/rocm-6.2.3/lib/libhsa-runtime64.so.1.14.60203.

## Made from

`tools/machines/records/wsl_torch_hsa_replaced.py`: the host of `wsl-torch-bundled-hsa` (a copy of [`wsl2`](../wsl2/) with ROCm 6.2.3 and Python 3.10), with torch 2.3.0+rocm6.2.3 (the wheel name is the thread's; `torch.version.hip` 6.2.41134-65d174c3e is inferred and the git hash a placeholder) whose torch/lib/libhsa-runtime64.so is a byte copy of the host's runtime stand-in, and a `python-torch-0` recording in which torch sees the RX 7900 XTX (the GPU of the `wsl2` base, gfx1100) and a tensor op gives 256.

## What the doctor must conclude

No failure: `frameworks.torch_runtime` passes (torch/lib's runtime is the host's), `frameworks.torch_gpu` passes; WSL2 is reported as info (`platform.wsl.no_kfd`). Exit 0.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
