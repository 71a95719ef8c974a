# SPDX-License-Identifier: MIT
"""hip-no-devices: RX 7900 XTX desktop, every layer below HIP healthy, HIP reports no device."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'hip-no-devices'
BASE = 'rx7900xtx-healthy'
MACHINE = {'description': 'RX 7900 XTX desktop, every layer below HIP healthy, HIP reports no device'}
PROBES = {'hip-probe': {'name': 'hip-probe',
               'argv': ['/usr/libexec/rocm-doctor/rocm-doctor-hip', '--probe'],
               'state': 'exited',
               'exit_code': 0,
               'signal': None,
               'stdout': STDOUT_JSON({'helper': 'rocm-doctor-hip',
 'version': 1,
 'backend': 'hip',
 'targets': ['gfx90a', 'gfx1030'],
 'runtime_version': 60241133,
 'driver_version': 60241133,
 'device_count': 0,
 'error': {'code': 100,
           'name': 'hipErrorNoDevice',
           'message': 'no ROCm-capable device is detected',
           'call': 'hipGetDeviceCount'},
 'devices': []}),
               'stderr': '',
               'truncated': False,
               'error': '',
               'wall_seconds': 0.31}}
EXPECT = ['exit 1',
 'root_cause runtime.hip.no_devices_unexplained',
 'check hardware.gpus pass',
 'check driver.kfd_access pass',
 'check driver.render_access pass',
 'check runtime.rocm pass',
 'check runtime.hip_load pass',
 'check runtime.hip_devices fail',
 'finding runtime.hip.no_devices_unexplained fail']
README = """\
# hip-no-devices

The healthy RX 7900 XTX desktop of `rx7900xtx-healthy` (gfx1100, amdgpu bound, /dev/kfd and renderD128 usable by alice, ROCm 6.2.0 installed and loadable), where the HIP runtime nevertheless enumerates no device: the "No HIP GPUs are available" case whose first broken link is HIP itself.

Made by hand, not by `tools/make_machines.py`: a copy (`cp -a`) of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) as that script generated it, with one recorded probe added. Everything below is that machine's provenance, then the change.

## Sources

- LACT `tests/snapshots/amd/rx7900xtx/` — https://github.com/ilya-zlobintsev/LACT @ 238e315b812ae1dbf1c17c1a57503a161de51500, licence MIT: `card0/device/*` copied verbatim into the PCI device dir (incl. NUL-padded files, `hwmon/`, `gpu_od/`, binary `pp_table`).

## Added by hand (and why)

- `/etc/os-release`, `/etc/group`, `/etc/passwd`, `/proc/{version,cmdline,meminfo,cpuinfo,modules,self/cgroup,self/uid_map}`, `/lib/modules/<release>/modules.{dep,builtin}`, the efivars `SecureBoot-…` variable (off unless stated) and `.rocm-doctor/machine.json` (uname, user, device nodes): the captures are sysfs only, and a whole host has these. Values follow the distribution's real formats; user `alice` (uid 1000) is invented.
- The PCI directory layout: `/sys/bus/pci/devices/<BDF>` are relative symlinks into `/sys/devices/pci…/<bridges>/<BDF>` as in real sysfs, with `driver` links to `/sys/bus/pci/drivers/<driver>` and back-links from the driver dir. Bridges carry only vendor/class/link attributes (and the device id where it is a known AMD switch port 1002:1478/1479).
- DRM `cardN`/`renderD*` dirs under the PCI device with `dev`/`uevent` and `device` links, `/sys/class/drm/*` links, and the matching `/dev/dri/*` nodes in machine.json (card 0660 root:video, render 0660 root:render — the udev defaults).
- PCI attributes the snapshot lacks: `device` 0x744c, subsystem ids and `class` 0x030000 from the snapshot's own `uevent` (PCI_ID, PCI_SUBSYS_ID, PCI_CLASS); `max_link_*` 16.0 GT/s x16 from its `pp_dpm_pcie` ("16.0GT/s, x16"); `revision` 0xc8 (the XTX revision in libdrm amdgpu.ids — an assumption: the snapshot is named rx7900xtx but the revision was not captured); `mem_info_vram_total` and `mem_info_vis_vram_total` 25753026560 (24 GiB board, Resizable BAR on — assumed).
- A KFD topology (CPU node 0 + GPU node 1, gfx_target_version 110000, simd_count 192 = 96 CUs × 2, location_id 0x300, drm_render_minor 128) and `/dev/kfd` (234:0, 0660 root:render): LACT did not capture KFD; the values follow kfd_topology.c and the RX 7900 XTX agent in ROCm/ROCm#4403's rocminfo (96 CUs, Chip ID 0x744c).
- A short kernel log of a normal amdgpu boot (message formats of amdgpu 6.8).
- The ROCm userspace (the runtime layer fails every machine without one): /opt/rocm -> /opt/rocm-6.2.0 with `.info/version` `6.2.0-66`, `lib/libamdhip64.so.6.2.60200` and `lib/libhsa-runtime64.so.1.14.60200` as empty placeholders with their soname and dev links (`.so -> .so.6 -> .so.6.2.60200`, the names ROCm 6.2.0's packages install), `/etc/ld.so.conf.d/10-rocm-opencl.conf` naming /opt/rocm/lib (rocm-opencl registers /opt/rocm/lib with ldconfig: ROCm/clr PR #231) and a recorded `hip-load` probe that loaded it. Invented for this machine; its story is not about ROCm.
- `.rocm-doctor/probes/hip-probe.json` (and the description in `machine.json`): a recorded `rocm-doctor-hip --probe` that exited 0 with `device_count` 0 and `{"code":100,"name":"hipErrorNoDevice","message":"no ROCm-capable device is detected","call":"hipGetDeviceCount"}`. The JSON is the helper's format 1 (docs/hip-helper.md) with the values its no-device run prints on this project's CI VM, except what a ROCm 6.2.0 runtime says instead of Debian's 5.2: `runtime_version` 60241133 (HIP 6.2.41133, the version ROCm 6.2.0's `hipcc --version` prints) and newer HIP's prose for `hipGetErrorString` ("no ROCm-capable device is detected", quoted in docs/hip-helper.md). Invented for this machine: no real host was captured in this state.

## What the doctor must conclude

Every check below the runtime passes; the HIP probe says hipErrorNoDevice while KFD exposes the GPU node, and nothing the doctor reads explains it (no failed resume or reset, runtime PM not in error, no variable hiding the GPU): root cause `runtime.hip.no_devices_unexplained` (check `runtime.hip_devices` fails), which lists what was checked and what to capture next (AMD_LOG_LEVEL=4, HSAKMT_DEBUG_LEVEL=7, the kernel log) instead of presenting the symptom as its cause (issue 16 rule 9). Exit 1.

`EXPECT`:

```
exit 1
root_cause runtime.hip.no_devices_unexplained
check hardware.gpus pass
check driver.kfd_access pass
check driver.render_access pass
check runtime.rocm pass
check runtime.hip_load pass
check runtime.hip_devices fail
finding runtime.hip.no_devices_unexplained fail
```
"""
