# SPDX-License-Identifier: MIT
"""torch-cuda-rocm-image: a ROCm container image that shipped torch 2.12.0+cu130
(YanWenKun/ComfyUI-Docker#187)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from .. import torch_wheel as tw

NAME = 'torch-cuda-rocm-image'
BASE = 'rx7900xtx-healthy'
SITE = 'usr/local/lib/python3.12/dist-packages'
MACHINE = {'description': 'YanWenKun/ComfyUI-Docker#187: ROCm container image rocm7-20260601 '
                          'with torch 2.12.0+cu130 on an AMD GPU',
           'env': {'HOME': '/root'}}
FILES = {
    '.dockerenv': '',
    'usr/bin/python3.12': '',
    'usr/lib/python3/dist-packages/README.txt': tw.SITE_README,
    SITE + '/nvidia/cublas/__init__.py': '',
    SITE + '/nvidia/cuda_runtime/__init__.py': '',
}
FILES.update(tw.torch(SITE, '2.12.0+cu130', None, '13.0', tw.CUDA_LIBS,
                      'b3c5e8a1d2f4c6b7a8e9d0c1b2a3f4e5d6c7b8a9'))
LINKS = {'usr/bin/python3': 'python3.12'}
PROBES = tw.probe('python-torch-0', '/usr/bin/python3', '3.12.3', {
    'version': '2.12.0+cu130', 'hip': None, 'cuda': '13.0', 'available': False,
    'device_count': 0, 'arch_list': [], 'file': '/' + SITE + '/torch/__init__.py'})
EXPECT = ['exit 1',
          'root_cause frameworks.torch.cuda_build',
          'check hardware.gpus pass',
          'check frameworks.torch fail',
          'finding frameworks.torch.cuda_build fail']
README = """\
# torch-cuda-rocm-image

A ROCm container image for ComfyUI whose rebuild resolved torch from PyPI's default index: the image holds torch 2.12.0+cu130 (`torch.version.hip` None), so on an AMD GPU ComfyUI stops with "Found no NVIDIA driver on your system".

## The real ticket

YanWenKun/ComfyUI-Docker#187 (https://github.com/YanWenKun/ComfyUI-Docker/issues/187), "rocm7-20260601 ships a CUDA-only torch (2.12.0+cu130), won't start on AMD" (closed). Verbatim: "The traceback ends in comfy/model_management.py calling torch.cuda.current_device(), which then raises `RuntimeError: Found no NVIDIA driver on your system`"; "Inside the container, `python -c \\"import torch; print(torch.__version__, torch.version.hip)\\"` prints `2.12.0+cu130` and `None`. The previous snapshot rocm7-20260521 has `2.9.1+rocm7.2.3` with hip set to 7.2.x and runs fine on the exact same hardware"; "a cu130 wheel has no HIP code at all (torch.version.hip is None), so the only way to make it run is a torch build with rocm. I've pinned back to rocm7-20260521 for now and that's working again."

## Made from

`tools/machines/records/torch_cuda_rocm_image.py`: a copy of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) seen from inside a Docker container (`/.dockerenv`), with /usr/bin/python3 -> python3.12 and torch 2.12.0+cu130 in /usr/local/lib/python3.12/dist-packages (version.py with cuda = '13.0', hip = None; torch/lib with libtorch_cuda.so and no libamdhip64; nvidia/ packages beside it), and a `python-torch-0` recording of it: version 2.12.0+cu130, hip None, cuda 13.0, is_available() False. Not from the thread: the GPU (the reporter's is a Radeon 890M, gfx1150; no capture of it is in the corpus, so the base's RX 7900 XTX stands in: the rule does not depend on the model), the image's distribution, Python and site directory, and the git hash (a placeholder).

## What the doctor must conclude

Root cause `frameworks.torch.cuda_build`: torch 2.12.0+cu130 is a CUDA 13.0 build on a host whose GPU is AMD; the fix installs a ROCm build from PyTorch's ROCm index (here: the previous image, 2.9.1+rocm7.2.3). Exit 1, never "ready".

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
