# SPDX-License-Identifier: MIT
"""wsl-torch-nightly: WSL2, ROCm 6.1.3, a pytorch.org nightly 2.5.0.dev20240802+rocm6.1 in a
venv instead of AMD's WSL wheel (ROCm/ROCm#3470)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from .. import torch_wheel as tw

NAME = 'wsl-torch-nightly'
BASE = 'wsl2'
KERNEL = '5.15.153.1-microsoft-standard-WSL2'
ROCM = 'opt/rocm-6.1.3'
VENV = 'home/alice/venv'
SITE = VENV + '/lib/python3.10/site-packages'
VERSION = '2.5.0.dev20240802+rocm6.1'
HIP = '6.1.40091-a8dbc0c19'
COPY = [('wsl2', 'lib/modules/5.15.167.4-microsoft-standard-WSL2', 'lib/modules/' + KERNEL)]
REMOVE = ['opt/rocm', 'opt/rocm-6.3.2', 'lib/modules/5.15.167.4-microsoft-standard-WSL2']
MACHINE = {'description': 'ROCm/ROCm#3470: WSL2 Ubuntu 22.04, ROCm 6.1.3, RX 7900 XTX, '
                          'pytorch.org nightly torch ' + VERSION + ' in a venv',
           'uname': {'release': KERNEL, 'version': '#1 SMP Fri Mar 29 23:14:13 UTC 2024'},
           'env': {'HOME': '/home/alice', 'VIRTUAL_ENV': '/home/alice/venv',
                   'PATH': '/home/alice/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:'
                           '/usr/bin:/sbin:/bin'}}
FILES = {
    'proc/version': 'Linux version ' + KERNEL + ' (root@941d701f84f1) (gcc (GCC) 11.2.0, GNU ld '
                    '(GNU Binutils) 2.37) #1 SMP Fri Mar 29 23:14:13 UTC 2024\n',
    ROCM + '/.info/version': '6.1.3-122\n',
    ROCM + '/lib/libhsa-runtime64.so.1.13.60103': (
        'stand-in for /opt/rocm-6.1.3/lib/libhsa-runtime64.so.1.13.60103 of package '
        'hsa-runtime-rocr4wsl-amdgpu (ROCr for WSL)\n'),
    ROCM + '/lib/libamdhip64.so.6.1.60103': '',
    'usr/bin/python3.10': '',
    VENV + '/pyvenv.cfg': 'home = /usr/bin\ninclude-system-site-packages = false\n'
                          'version = 3.10.12\n',
}
FILES.update(tw.torch(SITE, VERSION, HIP, None, tw.ROCM_LIBS,
                      'a0a4f4b6a6b4d4b8f2b1d1a3c5e4f7d9b8c6e2a1',
                      {'libhsa-runtime64.so': 'stand-in for the libhsa-runtime64.so that the '
                                              'nightly rocm6.1 wheel bundles (no WSL path)\n'}))
LINKS = {
    'opt/rocm': '/opt/rocm-6.1.3',
    ROCM + '/lib/libhsa-runtime64.so.1': 'libhsa-runtime64.so.1.13.60103',
    ROCM + '/lib/libhsa-runtime64.so': 'libhsa-runtime64.so.1',
    ROCM + '/lib/libamdhip64.so.6': 'libamdhip64.so.6.1.60103',
    ROCM + '/lib/libamdhip64.so': 'libamdhip64.so.6',
    'usr/bin/python3': 'python3.10',
    VENV + '/bin/python': 'python3',
    VENV + '/bin/python3': '/usr/bin/python3',
    VENV + '/bin/python3.10': 'python3',
}
PROBES = {
    'hip-load': {
        'name': 'hip-load', 'argv': ['/usr/bin/rocm-doctor', 'probe-load',
                                     '/opt/rocm-6.1.3/lib/libamdhip64.so.6'],
        'state': 'exited', 'exit_code': 0, 'signal': None,
        'stdout': '[{"library":"/opt/rocm-6.1.3/lib/libamdhip64.so.6","loaded":true,'
                  '"error":null}]\n',
        'stderr': '', 'truncated': False, 'error': '', 'wall_seconds': 0.05},
}
PROBES.update(tw.probe('python-torch-0', '/home/alice/venv/bin/python3', '3.10.12', {
    'version': VERSION, 'hip': HIP, 'available': False, 'device_count': 0, 'arch_list': [],
    'file': '/' + SITE + '/torch/__init__.py'}))
EXPECT = ['exit 1',
          'root_cause frameworks.torch.wsl_bundled_hsa',
          'check frameworks.python pass',
          'check frameworks.torch_runtime fail',
          'finding frameworks.gpu.not_visible_wsl fail']
README = """\
# wsl-torch-nightly

Ubuntu 22.04 under WSL2 (kernel 5.15.153.1-microsoft-standard-WSL2), ROCm 6.1.3's WSL user space, RX 7900 XTX: rocminfo works, `torch.cuda.is_available()` is False. The venv holds a pytorch.org nightly, 2.5.0.dev20240802+rocm6.1, whose torch/lib carries its own libhsa-runtime64.so, instead of AMD's WSL wheel 2.1.2+rocm6.1.3 with the host's runtime in its place.

## The real ticket

ROCm/ROCm#3470 (https://github.com/ROCm/ROCm/issues/3470), "[Issue]: Torch can be installed in wsl, but not work ,rocminfo looks work good!" (WSL Ubuntu 22.04.2, WSL kernel 5.15.153.1-microsoft-standard-WSL2, ROCm 6.1.3, RX 7900 XTX). Verbatim: "The rocminfo is worked, but the output of the `torch.cuda.is_available()` is FALSE." AMD (schung-amd) to a second affected user: "Please reinstall using the instructions in https://rocm.docs.amd.com/projects/radeon/en/latest/docs/install/wsl/install-radeon.html. Afterward, `python3 -m torch.utils.collect_env` should show `PyTorch version: 2.1.2+rocm6.1.3` (you have `2.5.0.dev20240802+rocm6.1` here), and a special version of Adrenalin 24.6.1 with WSL support." The user confirmed: "thank you man, you saved my time a lot, now its working", from a prompt in `~/venv/lib/python3.10/site-packages/torch/lib` (the guide's step that replaces torch/lib/libhsa-runtime64.so* with /opt/rocm/lib's).

## Made from

`tools/machines/records/wsl_torch_nightly.py`: a copy of [`wsl2`](../wsl2/) with the thread's WSL kernel (uname, /proc/version, /lib/modules), ROCm 6.1.3 (/opt/rocm -> /opt/rocm-6.1.3, libhsa-runtime64.so.1.13.60103 and libamdhip64.so.6.1.60103 as stand-ins, `hip-load` recording), Python 3.10 and a venv at /home/alice/venv as Ubuntu's `python3 -m venv` makes it (bin/python3 -> /usr/bin/python3; the thread's user and venv path were fabz's ~/venv; the base's user alice is kept), holding torch 2.5.0.dev20240802+rocm6.1 (the thread's version) with a bundled libhsa-runtime64.so whose bytes differ from the host's. `torch.version.hip` 6.1.40091-a8dbc0c19 (ROCm 6.1.0's HIP build string) is inferred and the git hash is a placeholder. A `python-torch-0` recording: torch imports, `is_available()` False, 0 devices. The Windows driver (a regular Adrenalin instead of the WSL one) cannot be seen from Linux and is not modelled.

## What the doctor must conclude

Root cause `frameworks.torch.wsl_bundled_hsa`: on WSL2 the venv's torch loads its own torch/lib/libhsa-runtime64.so, not /opt/rocm-6.1.3/lib/libhsa-runtime64.so.1.13.60103; "sees no GPU" is `frameworks.gpu.not_visible_wsl` under it. The venv itself is healthy (`frameworks.python` passes). Exit 1.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
