# SPDX-License-Identifier: MIT
"""dev-noexec: RX 7900 XTX desktop whose /dev is mounted noexec (ROCm/rocminfo#40)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'dev-noexec'
BASE = 'rx7900xtx-healthy'
MACHINE = {'description': 'RX 7900 XTX desktop, /dev mounted noexec: /dev/kfd mode allows '
                          'read-write but the runtime cannot map it'}
FILES = {'proc/self/mountinfo':
         '22 28 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw\n'
         '23 28 0:22 / /sys rw,nosuid,nodev,noexec,relatime shared:7 - sysfs sysfs rw\n'
         '24 28 0:5 / /dev rw,nosuid,noexec,relatime shared:2 - devtmpfs udev '
         'rw,size=16336076k,nr_inodes=4084019,mode=755\n'
         '28 1 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw,errors=remount-ro\n'}
EXPECT = ['exit 1',
 'root_cause driver.dev.noexec',
 'check hardware.gpus pass',
 'check driver.kfd pass',
 'check driver.kfd_access pass',
 'check driver.dev_mount fail',
 'finding driver.dev.noexec fail']
README = """\
# dev-noexec

The healthy RX 7900 XTX desktop of `rx7900xtx-healthy` (gfx1100, amdgpu bound, /dev/kfd 0660 root:render and alice in render), with `/dev` mounted `noexec`. The node's mode allows read-write, yet the ROCm runtime cannot map /dev/kfd on a noexec filesystem, so rocminfo and HIP fail.

## The real ticket

ROCm/rocminfo#40 (https://github.com/ROCm/rocminfo/issues/40), "rocminfo fails with Ubuntu 20.04 and Vega 10 graphics": `/dev/kfd` was `crw-rw-r-- 1 root render` and the user in render, yet rocminfo failed. The confirmed fix, from the thread: "rocminfo fails because /dev is not mounted with exec priv ... After 'mount -o remount,exec /dev' i now see good output for rocminfo and clinfo" (Ubuntu 20.04, ROCm 4.1.1), and the reporter: "executing the mount command does allow me to run rocminfo and clinfo!". The same command closed ROCm/legacy-rocm-build#1185 ("Unable to open /dev/kfd read-write: Cannot allocate memory").

## Made from

`tools/machines/records/dev_noexec.py`: a copy of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) (see its README for the sources of the GPU's sysfs) plus:

- `/proc/self/mountinfo` in the kernel's format (Documentation/filesystems/proc.rst): /proc and /sys with their usual options, `/` ext4 on an NVMe partition, and `/dev` a devtmpfs mounted `rw,nosuid,noexec,relatime`. The thread did not post its mount table: the lines are written in the format the kernel prints, with the one option the thread names as the cause.

## What the doctor must conclude

/dev/kfd exists and its mode grants alice read-write (`driver.kfd_access` passes), but the filesystem under it is mounted noexec: root cause `driver.dev.noexec` (check `driver.dev_mount` fails) with the mountinfo line as evidence and `sudo mount -o remount,exec /dev` as the fix. Exit 1.

`EXPECT`:

```
exit 1
root_cause driver.dev.noexec
check hardware.gpus pass
check driver.kfd pass
check driver.kfd_access pass
check driver.dev_mount fail
finding driver.dev.noexec fail
```
"""
