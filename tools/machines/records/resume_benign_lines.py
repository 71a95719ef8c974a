# SPDX-License-Identifier: MIT
"""resume-benign-lines: healthy RX 7900 XTX after a normal runtime suspend/resume, whose kernel
log holds the benign lines of a resume (negative control for driver.gpu_health)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'resume-benign-lines'
BASE = 'rx7900xtx-healthy'
_GPU = 'sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0'
MACHINE = {'description': 'RX 7900 XTX desktop, healthy after a runtime suspend and resume; benign '
                          'resume lines in the kernel log'}
FILES = {_GPU + '/power/runtime_status': 'active\n', _GPU + '/power/control': 'auto\n',
         'sys/module/amdgpu/parameters/runpm': '-1\n'}
JSON = {'.rocm-doctor/probes/kernel-log.json': {
    'state': 'ok',
    'source': '/dev/kmsg',
    'lines': [
        '[drm] amdgpu kernel modesetting enabled.',
        'amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from VFCT',
        'amdgpu 0000:03:00.0: amdgpu: VRAM: 24560M 0x0000008000000000 - 0x00000085FEFFFFFF '
        '(24560M used)',
        '[drm] Initialized amdgpu 3.57.0 20150101 for 0000:03:00.0 on minor 0',
        'kfd kfd: amdgpu: added device 1002:744c',
        'amdgpu 0000:03:00.0: amdgpu: PSP is resuming...',
        'amdgpu 0000:03:00.0: amdgpu: RAP: optional rap ta ucode is not available',
        'amdgpu 0000:03:00.0: amdgpu: SMU is resuming...',
        'amdgpu 0000:03:00.0: amdgpu: SMU is resumed successfully!',
    ]}}
EXPECT = ['exit 0',
 'check driver.gpu_init pass',
 'check driver.gpu_health pass',
 'check driver.kernel_log pass']
README = """\
# resume-benign-lines

The healthy RX 7900 XTX desktop of `rx7900xtx-healthy`, after the idle GPU was runtime-suspended and resumed normally: its kernel log holds the lines every PSP and SMU resume prints, and `power/runtime_status` is `active`. A negative control: none of these lines is a failure.

## The real threads

- ROCm/amdgpu#183 (https://github.com/ROCm/amdgpu/issues/183) quotes a resume whose first lines are the normal ones: `amdgpu: PSP is resuming...`, `amdgpu: RAP: optional rap ta ucode is not available`, `amdgpu: SMU is resuming...`; the failure there starts only with `SMC is not ready`. The RAP line is printed on every PSP load or resume of healthy cards too (pop-os/pop#1543 shows it on a working RX 5500 XT).
- ROCm/ROCm#6101 (https://github.com/ROCm/ROCm/issues/6101): "For a working system, runtime_status is 'active'".
- `SMU is resumed successfully!` is amdgpu's own line after a good SMU resume (amdgpu_smu.c smu_resume()); not from a thread.

## Made from

`tools/machines/records/resume_benign_lines.py`: a copy of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) plus `power/runtime_status` `active`, `power/control` `auto`, `/sys/module/amdgpu/parameters/runpm` `-1`, and the four resume lines appended to the base's kernel log.

## What the doctor must conclude

Healthy (exit 0): `driver.gpu_health` passes, no finding from the resume lines.

`EXPECT`:

```
exit 0
check driver.gpu_init pass
check driver.gpu_health pass
check driver.kernel_log pass
```
"""
