# SPDX-License-Identifier: MIT
"""rocblas-kernels-unknown: RX 7900 XTX desktop; rocBLAS built from source with one merged
TensileLibrary.dat."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401

NAME = 'rocblas-kernels-unknown'
BASE = 'rx7900xtx-healthy'
MACHINE = {'description': 'RX 7900 XTX desktop; rocBLAS built from source with one merged '
                'TensileLibrary.dat'}
FILES = {'opt/rocm-6.2.0/lib/librocblas.so.4.2.60200': '',
 'opt/rocm-6.2.0/lib/rocblas/library/Kernels.so-000-gfx1100.hsaco': '',
 'opt/rocm-6.2.0/lib/rocblas/library/TensileLibrary.dat': '',
 'opt/rocm-6.2.0/lib/rocblas/library/TensileLibrary_gfx1100.co': ''}
LINKS = {'opt/rocm-6.2.0/lib/librocblas.so': 'librocblas.so.4',
 'opt/rocm-6.2.0/lib/librocblas.so.4': 'librocblas.so.4.2.60200'}
EXPECT = ['exit 2',
 'check runtime.rocm pass',
 'check libraries.rocblas_kernels unknown',
 'finding libraries.rocblas.kernels_unknown unknown']
README = """\
# rocblas-kernels-unknown

The RX 7900 XTX desktop of [`rx7900xtx-healthy`](../rx7900xtx-healthy/), with a rocBLAS 6.2.0 built from source with Tensile's merged (non-separate-architecture) output: its `rocblas/library` holds one multi-architecture `TensileLibrary.dat`, so which gfx targets it covers is not in the file names.

Made by hand, not by `tools/make_machines.py`: a copy (`cp -a`) of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) as that script generated it, then the edits below. That machine's README gives the provenance of everything else (sources, what was added by hand).

## Changed from `rx7900xtx-healthy` (and why)

- `/opt/rocm-6.2.0/lib/librocblas.so.4.2.60200` (empty placeholder) with `.so.4`/`.so` links, and `lib/rocblas/library/` with `TensileLibrary.dat`, `TensileLibrary_gfx1100.co` and `Kernels.so-000-gfx1100.hsaco` (empty placeholders; only names are read). Description in machine.json updated.

## What the doctor must conclude

`libraries.rocblas_kernels` is UNKNOWN with `libraries.rocblas.kernels_unknown` (only a multi-architecture TensileLibrary.dat); the runtime layer passes. No root cause; exit 2.

`EXPECT`:

```
exit 2
check runtime.rocm pass
check libraries.rocblas_kernels unknown
finding libraries.rocblas.kernels_unknown unknown
```
"""
