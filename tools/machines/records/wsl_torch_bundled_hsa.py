# SPDX-License-Identifier: MIT
"""wsl-torch-bundled-hsa: WSL2, ROCm 6.2.3, the pytorch.org rocm6.2 wheel loads its own
libhsa-runtime64 (ROCm/HIP#3710)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from .. import torch_wheel as tw

NAME = 'wsl-torch-bundled-hsa'
BASE = 'wsl2'
ROCM = 'opt/rocm-6.2.3'
SITE = 'home/alice/.local/lib/python3.10/site-packages'
WHEEL_HSA = ('stand-in for the libhsa-runtime64.so that the torch 2.5.1+rocm6.2 wheel from '
             'download.pytorch.org bundles (ROCr built for /dev/kfd, no WSL path)\n')
WSL_HSA = ('stand-in for /opt/rocm-6.2.3/lib/libhsa-runtime64.so.1.14.60203 of package '
           'hsa-runtime-rocr4wsl-amdgpu (ROCr for WSL: /dev/dxg through librocdxg)\n')
HIP_WARNING = ('UserWarning: HIP initialization: Unexpected error from hipGetDeviceCount(). Did '
               'you run some cuda functions before calling NumHipDevices() that might have '
               'already set an error? Error 100: hipErrorNoDevice (Triggered internally at '
               '../c10/hip/HIPFunctions.cpp:110.)')
REMOVE = ['opt/rocm', 'opt/rocm-6.3.2']
MACHINE = {'description': 'ROCm/HIP#3710: WSL2, ROCm 6.2.3, pytorch.org torch wheel with its own '
                          'libhsa-runtime64',
           'env': {'HOME': '/home/alice'}}
FILES = {
    ROCM + '/.info/version': '6.2.3-119\n',
    ROCM + '/lib/libhsa-runtime64.so.1.14.60203': WSL_HSA,
    ROCM + '/lib/libamdhip64.so.6.2.60203': '',
    'usr/bin/python3.10': '',
    'usr/lib/python3/dist-packages/.keep': '',
}
FILES.update(tw.torch(SITE, '2.5.1+rocm6.2', '6.2.41133-dd7f95766', None,
                      tw.ROCM_LIBS, 'a8d6afb511a69687bbb2b7e88a3cf67917e1697e',
                      {'libhsa-runtime64.so': WHEEL_HSA}))
LINKS = {
    'opt/rocm': '/opt/rocm-6.2.3',
    ROCM + '/lib/libhsa-runtime64.so.1': 'libhsa-runtime64.so.1.14.60203',
    ROCM + '/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
    ROCM + '/lib/libamdhip64.so.6': 'libamdhip64.so.6.2.60203',
    ROCM + '/lib/libamdhip64.so': 'libamdhip64.so.6',
    'usr/bin/python3': 'python3.10',
}
PROBES = {
    'hip-load': {
        'name': 'hip-load', 'argv': ['/usr/bin/rocm-doctor', 'probe-load',
                                     '/opt/rocm-6.2.3/lib/libamdhip64.so.6'],
        'state': 'exited', 'exit_code': 0, 'signal': None,
        'stdout': '[{"library":"/opt/rocm-6.2.3/lib/libamdhip64.so.6","loaded":true,'
                  '"error":null}]\n',
        'stderr': '', 'truncated': False, 'error': '', 'wall_seconds': 0.05},
}
PROBES.update(tw.probe('python-torch-0', '/usr/bin/python3', '3.10.12', {
    'version': '2.5.1+rocm6.2', 'hip': '6.2.41133-dd7f95766', 'available': False,
    'device_count': 0, 'arch_list': [],
    'file': '/' + SITE + '/torch/__init__.py', 'warnings': [HIP_WARNING]}))
EXPECT = ['exit 1',
          'root_cause frameworks.torch.wsl_bundled_hsa',
          'check driver.kfd skip',
          'check frameworks.torch pass',
          'check frameworks.torch_runtime fail',
          'finding frameworks.torch.wsl_bundled_hsa fail',
          'finding frameworks.gpu.not_visible_wsl fail',
          'finding platform.wsl.no_kfd info']
README = """\
# wsl-torch-bundled-hsa

Ubuntu 22.04 under WSL2 with ROCm 6.2.3's WSL user space, where `rocminfo` works ("WSL environment detected.") but `torch.cuda.is_available()` fails with hipErrorNoDevice: the PyTorch installed from download.pytorch.org's rocm6.2 index loads the libhsa-runtime64.so its wheel bundles in torch/lib, a ROCr that only knows /dev/kfd, instead of AMD's WSL runtime in /opt/rocm/lib.

## The real ticket

ROCm/HIP#3710 (https://github.com/ROCm/HIP/issues/3710), "[Issue]: hipErrorNoDevice error when printing `torch.cuda.is_available()`", WSL2, ROCm 6.2.3, cp310 wheels. Verbatim from the thread: `rocminfo --support` begins "WSL environment detected."; the reporter installed with "pip3 install torch torchvision torchaudio --index-url https://download.pytorch.org/whl/rocm6.2" and resolved it: "Previously I installed PyTorch using the command directly. It used the original pytorch wheel, so it can not work." The fix that worked: AMD's repo.radeon.com wheels (torch-2.3.0+rocm6.2.3-cp310) and, in torch/lib, `rm libhsa-runtime64.so*` then `cp /opt/rocm/lib/libhsa-runtime64.so.1.2 libhsa-runtime64.so` (AMD's WSL guide; the .so.1.2 suffix was later called a documentation error, ROCm/ROCm#4881: the file is libhsa-runtime64.so.1.14.x).

## Made from

`tools/machines/records/wsl_torch_bundled_hsa.py`: a copy of [`wsl2`](../wsl2/) (ROCm/ROCm#4403's WSL2 host: /proc/version of a WSL kernel, /dev/dxg, WSLInterop, no amdgpu, no /dev/kfd) with:

- ROCm 6.2.3 instead of 6.3.2 (the thread's release): /opt/rocm -> /opt/rocm-6.2.3, `lib/libhsa-runtime64.so.1.14.60203` with its soname links and libamdhip64.so.6.2.60203, and the `hip-load` recording for it. The runtime's bytes are a stand-in text (the WSL build's real bytes are not in the corpus); what matters is that they differ from the wheel's.
- Python 3.10 (Ubuntu 22.04's; the thread's wheels are cp310): /usr/bin/python3 -> python3.10, and torch 2.5.1+rocm6.2 (the rocm6.2 index's torch in December 2024, the date of the thread; inferred) in the user site `~/.local/lib/python3.10/site-packages` (pip3 install as a user; where it went is not in the thread), with the wheel's torch/lib and its own `libhsa-runtime64.so` (stand-in bytes).
- A `python-torch-0` recording: torch imports, `is_available()` False, device count 0, and torch's HIP initialization warning ending in "Error 100: hipErrorNoDevice" (the error name is the thread's; the warning's wording is PyTorch's c10/hip text, reconstructed).

## What the doctor must conclude

Root cause `frameworks.torch.wsl_bundled_hsa` (check `frameworks.torch_runtime` fails): on WSL2 torch/lib/libhsa-runtime64.so is not the host's /opt/rocm-6.2.3/lib/libhsa-runtime64.so.1.14.60203; the fix names the files (`rm libhsa-runtime64.so*`, `cp /opt/rocm-6.2.3/lib/libhsa-runtime64.so.1.14.60203 .../libhsa-runtime64.so`). The probe's "sees no GPU" is `frameworks.gpu.not_visible_wsl` (WSL advice, no render group), listed under it. `frameworks.torch` passes: it is a ROCm build. Exit 1.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
