# SPDX-License-Identifier: MIT
"""torch-cpu-old-python: a CPU-only torch in a Python 3.7 conda environment, for which the ROCm
index had no wheel (ROCm/ROCm#2354)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from .. import torch_wheel as tw

NAME = 'torch-cpu-old-python'
BASE = 'rx7900xtx-healthy'
ENV = 'home/alice/miniconda3/envs/sd'
SITE = ENV + '/lib/python3.7/site-packages'
MACHINE = {'description': 'ROCm/ROCm#2354: torch-cpu in a Python 3.7 environment on an AMD GPU '
                          'host',
           'env': {'HOME': '/home/alice', 'CONDA_PREFIX': '/home/alice/miniconda3/envs/sd',
                   'CONDA_EXE': '/home/alice/miniconda3/bin/conda',
                   'PATH': '/home/alice/miniconda3/envs/sd/bin:/home/alice/miniconda3/condabin:'
                           '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'}}
FILES = {
    ENV + '/bin/python3.7': '',
    ENV + '/conda-meta/history': '==> 2023-07-28 10:12:03 <==\n# cmd: '
                                 '/home/alice/miniconda3/bin/conda create -n sd python=3.7\n',
    'usr/bin/python3.12': '',
}
FILES.update(tw.torch(SITE, '1.13.1+cpu', None, None, tw.CPU_LIBS,
                      '49444c3e546bf240bed24a101e747422d1f8a0ee'))
LINKS = {'usr/bin/python3': 'python3.12',
         ENV + '/bin/python': 'python3.7',
         ENV + '/bin/python3': 'python3.7'}
PROBES = tw.probe('python-torch-0', '/home/alice/miniconda3/envs/sd/bin/python3', '3.7.16', {
    'version': '1.13.1+cpu', 'hip': None, 'cuda': None, 'available': False,
    'device_count': 0, 'arch_list': [], 'file': '/' + SITE + '/torch/__init__.py'})
EXPECT = ['exit 1',
          'root_cause frameworks.torch.cpu_build',
          'check hardware.gpus pass',
          'check frameworks.python pass',
          'check frameworks.torch fail',
          'finding frameworks.torch.cpu_build fail']
README = """\
# torch-cpu-old-python

An AMD GPU host whose ROCm is healthy, but the Python environment the user runs (a conda environment with Python 3.7) holds a CPU-only torch: `pip3 install --pre torch ... --extra-index-url https://download.pytorch.org/whl/nightly/rocm5.4.3/` found no ROCm wheel for cp37 and took a CPU build, so `torch.cuda.is_available()` is False.

## The real ticket

ROCm/ROCm#2354 (https://github.com/ROCm/ROCm/issues/2354), "torch.cuda.is_available() return false with ROCm5.4.3 and RX6800" (closed). Verbatim, the reporter's resolution: "Finally I find the problem is that I use torch-cpu rather than torch-gpu. But it is wired that I use the command on the official website to install pytorch, just change the rocm version like below: `pip3 install --pre torch torchvision torchaudio --extra-index-url https://download.pytorch.org/whl/nightly/rocm5.4.3/`" and "Maybe that is because I use python 3.7, So there is no sutiable torch-gpu for me."

## Made from

`tools/machines/records/torch_cpu_old_python.py`: a copy of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) with an activated conda environment /home/alice/miniconda3/envs/sd (conda-meta/history, bin/python3 -> python3.7, $CONDA_PREFIX, $CONDA_EXE, PATH) holding torch 1.13.1+cpu (version.py hip = None, cuda = None; torch/lib with libtorch_cpu.so only), and a `python-torch-0` recording of it (is_available() False). Not from the thread: the GPU (an RX 6800, gfx1030, in the thread; the base's RX 7900 XTX stands in - the rule does not depend on it), the host's ROCm (6.2 of the base, 5.4.3 in the thread), conda (the thread does not say how Python 3.7 was installed) and the exact torch version (1.13.1 was the last release for Python 3.7).

## What the doctor must conclude

Root cause `frameworks.torch.cpu_build`: the active environment's torch is CPU-only; never "ready" although every lower link is healthy. Exit 1.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
