# SPDX-License-Identifier: MIT
"""code-object-missing-gfx: RX 7900 XTX (gfx1100) desktop, ROCm 6.2.0 with a rocSPARSE built for
gfx90a and gfx1030 only."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'code-object-missing-gfx'
BASE = 'rx7900xtx-healthy'
MACHINE = {'description': 'RX 7900 XTX (gfx1100) desktop, ROCm 6.2.0 with a rocSPARSE built for gfx90a and '
                'gfx1030 only'}
FILES = {'opt/rocm-6.2.0/lib/librocsparse.so.1.0.60200': Fixture('tests/fixtures/libraries/libfx_gfx90a_gfx1030.so', executable=True)}
LINKS = {'opt/rocm-6.2.0/lib/librocsparse.so': 'librocsparse.so.1',
 'opt/rocm-6.2.0/lib/librocsparse.so.1': 'librocsparse.so.1.0.60200'}
EXPECT = ['exit 1',
 'root_cause libraries.code_object.missing_gfx',
 'check runtime.rocm pass',
 'check runtime.gfx_support pass',
 'check libraries.inventory pass',
 'check libraries.rocblas_kernels skip',
 'check libraries.code_objects fail',
 'finding libraries.code_object.missing_gfx fail']
README = """\
# code-object-missing-gfx

A desktop with one Radeon RX 7900 XTX (gfx1100), ROCm 6.2.0 under /opt/rocm-6.2.0, and a
rocSPARSE in its lib dir whose device code was built for gfx90a:xnack- and gfx1030 only — the
situation of failure-modes.md #45 (`hipErrorNoBinaryForGpu: Unable to find code object for all
current devices!`), e.g. a self-built library with the wrong `-DAMDGPU_TARGETS`.

## Sources

Built by hand from `rx7900xtx-healthy` (`cp -a`; see its README for the sysfs sources).

## Added by hand (and why)

- `/opt/rocm-6.2.0/lib/librocsparse.so.1.0.60200` (with `.so.1` and `.so` links): a real HIP
  shared library, `tests/fixtures/libraries/libfx_gfx90a_gfx1030.so` — built with Debian's hipcc
  from `tests/fixtures/libraries/k.hip` (`hipcc -O2 -fPIC -shared --offload-arch=gfx90a:xnack-
  --offload-arch=gfx1030`, then `strip --strip-unneeded`), 31 KB. Its `.hip_fatbin` holds one
  offload bundle: host-x86_64-unknown-linux, hipv4-amdgcn-amd-amdhsa--gfx1030,
  hipv4-amdgcn-amd-amdhsa--gfx90a:xnack- (as `roc-obj-ls` lists it).

## What the doctor must conclude

`libraries.code_object.missing_gfx` (rocSPARSE carries gfx1030 and gfx90a:xnack-, not gfx1100) is
the root cause. No override is suggested: gfx1030 is not of gfx1100's family.

`EXPECT`: see the file.
"""
