# SPDX-License-Identifier: MIT
"""libraries-version-mismatch: RX 7900 XTX desktop, ROCm 6.2.0 runtime with a rocSPARSE from ROCm
6.0.0 copied into its lib dir."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'libraries-version-mismatch'
BASE = 'rx7900xtx-healthy'
MACHINE = {'description': 'RX 7900 XTX desktop, ROCm 6.2.0 runtime with a rocSPARSE from ROCm 6.0.0 copied '
                'into its lib dir'}
FILES = {'opt/rocm-6.2.0/lib/librocblas.so.4.2.60200': '',
 'opt/rocm-6.2.0/lib/librocsparse.so.1.0.60000': '',
 'opt/rocm-6.2.0/lib/rocblas/library/Kernels.so-000-gfx1100.hsaco': '',
 'opt/rocm-6.2.0/lib/rocblas/library/TensileLibrary_lazy_gfx1100.dat': ''}
LINKS = {'opt/rocm-6.2.0/lib/librocblas.so.4': 'librocblas.so.4.2.60200',
 'opt/rocm-6.2.0/lib/librocsparse.so.1': 'librocsparse.so.1.0.60000'}
EXPECT = ['exit 0',
 'root_cause libraries.version.mismatch',
 'check runtime.rocm pass',
 'check libraries.inventory warn',
 'check libraries.rocblas_kernels pass',
 'check libraries.code_objects info',
 'finding libraries.version.mismatch warn']
README = """\
# libraries-version-mismatch

A desktop with one Radeon RX 7900 XTX (gfx1100), ROCm 6.2.0 under /opt/rocm-6.2.0, and a
rocSPARSE from ROCm 6.0.0 (`librocsparse.so.1.0.60000`) copied into the 6.2.0 lib dir — the mixed
user space of failure-modes.md #43/#44.

## Sources

Built by hand from `rx7900xtx-healthy` (`cp -a`; see its README for the sysfs sources).

## Added by hand (and why)

- `/opt/rocm-6.2.0/lib/librocblas.so.4.2.60200` (ROCm 6.2.0's rocBLAS, with `.so.4`) and
  `lib/rocblas/library/{TensileLibrary_lazy_gfx1100.dat,Kernels.so-000-gfx1100.hsaco}`: a
  consistent rocBLAS covering the GPU.
- `/opt/rocm-6.2.0/lib/librocsparse.so.1.0.60000` (with `.so.1`): the stray ROCm 6.0.0 build.
  Both are empty placeholders: only their names matter here (ROCm's CMake appends
  ROCM_LIBPATCH_VERSION, 60000 = 6.0.0, to every library version).

## What the doctor must conclude

`libraries.version.mismatch` (warn): rocSPARSE is from ROCm 6.0.0, the HIP runtime beside it from
6.2.0. Nothing fails; the warning is the only finding of the libraries layer.

`EXPECT`: see the file.
"""
