# SPDX-License-Identifier: MIT
"""dkms-unbuilt-ubuntu2510: Ubuntu 25.10, kernel 6.17.0-6, ROCm 7.1.1: amdgpu-dkms 6.16.6 failed to
build for the running kernel (built only for 6.17.0-5) and the in-tree amdgpu drives the GPU
(ROCm/ROCm#5624)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from .dkms_built_loaded_healthy import DKMS, IN_TREE, ROCM, host

NAME = 'dkms-unbuilt-ubuntu2510'
BASE = 'rx7900xtx-healthy'
REL = '6.17.0-6-generic'
REMOVE = ['lib/modules/6.8.0-45-generic', 'opt/rocm-6.2.0']
FILES, LINKS, MACHINE, _hip_load = host(REL, ['6.17.0-5-generic'], 'install ok half-configured')
FILES[f'var/lib/dkms/amdgpu/{DKMS}/build/make.log'] = (
    f'DKMS make.log for amdgpu-{DKMS} for kernel {REL} (x86_64)\n')
MACHINE['description'] = ('RX 7900 XTX, Ubuntu 25.10, kernel 6.17.0-6, ROCm 7.1.1: amdgpu-dkms '
                          'did not build for the running kernel; the in-tree amdgpu drives the GPU')
PROBES = {'hip-load': _hip_load}
EXPECT = ['exit 0',
 'root_cause driver.dkms.in_tree_fallback',
 'root_cause driver.kernel.unsupported',
 'check driver.amdgpu pass',
 'check driver.amdgpu_module warn',
 'finding driver.dkms.in_tree_fallback warn',
 'check driver.kfd pass']
README = f"""\
# dkms-unbuilt-ubuntu2510

Ubuntu 25.10, kernel {REL}, ROCm {ROCM} with amdgpu-dkms {DKMS}: DKMS built amdgpu for 6.17.0-5-generic but its build for the running {REL} failed, dpkg left amdgpu-dkms half-configured, and the kernel's own amdgpu drives the GPU.

## The real ticket

ROCm/ROCm#5624 (https://github.com/ROCm/ROCm/issues/5624), "[Issue]: AMDGPU DKMS fails to build on kernel 6.17.0-6 (Ubuntu 25.10)" (title, verbatim). AMD's verification shows the `dkms status` format per kernel ("amdgpu/6.16.6-2255209.24.04, 6.17.0-5-generic, x86_64: installed (Original modules exist)") and that 6.17.0-8 builds and loads (the negative control [`dkms-built-loaded-healthy`](../dkms-built-loaded-healthy/) is that host). Confirmed cause: amdgpu-dkms did not compile for 6.17.0-6; fix: a newer kernel (6.17.0-8) with ROCm 7.1.1's amdgpu-dkms.

## Made from

`tools/machines/records/dkms_unbuilt_ubuntu2510.py`: a copy of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) with the Ubuntu 25.10 host of `dkms-built-loaded-healthy` (same helper, `host()` in its record) running {REL}: the DKMS tree holds a build for 6.17.0-5-generic only, `build/make.log` carries DKMS's header line for {REL}, modules.dep of {REL} names the in-tree {IN_TREE}, dpkg says `install ok half-configured`, and amdgpu is the in-tree one (no /sys/module/amdgpu/version, no amdkcl/amdttm; the base's /proc/modules and kernel log).

Inferred, not in the thread: the GPU (none named: the base's RX 7900 XTX), the make.log body (not shown: header only), that the in-tree amdgpu of 6.17 drives the GPU on the failed kernel (what the in-tree driver does for an RX 7900 XTX; ROCm/ROCm#6121 shows ROCm working on the in-tree driver), the ROCm {ROCM} file versions.

## What the doctor must conclude

`driver.amdgpu` passes (bound, in-tree); `driver.amdgpu_module` warns `driver.dkms.in_tree_fallback` (built only for 6.17.0-5-generic; {REL} runs the in-tree driver; dpkg half-configured, make.log). Also `driver.kernel.unsupported` (warn): ROCm 7.1's matrix does not list Ubuntu 25.10. Exit 0.

`EXPECT`:

```
{chr(10).join(EXPECT)}
```
"""
