# SPDX-License-Identifier: MIT
"""Files of a PyTorch install and of a venv, and a framework probe recording, for the records of
tools/machines/records/ (issue 16's real-ticket machines). The formats are those of
tools/make_framework_machines.py: torch/version.py as PyTorch's tools/generate_torch_version.py
writes it, *.dist-info/METADATA headers, torch/lib libraries as stand-ins (empty unless the story
needs their bytes), the probe's report line as src/collect/frameworks/framework_probe.py prints it.

python3 standard library only."""
import json

SITE_README = ("This directory exists so that 3rd party packages can be installed\n"
               "here.  Read the source for site.py for more details.\n")
ROCM_LIBS = ["libamdhip64.so", "libMIOpen.so", "librocblas.so", "libhipblas.so",
             "libhipblaslt.so", "librccl.so", "libc10_hip.so", "libtorch_hip.so",
             "libtorch_cpu.so", "libtorch.so", "libc10.so"]
CUDA_LIBS = ["libtorch_cuda.so", "libc10_cuda.so", "libtorch_cpu.so", "libtorch.so", "libc10.so"]
CPU_LIBS = ["libtorch_cpu.so", "libtorch.so", "libc10.so"]


def _lit(value):
    return "None" if value is None else "'" + value + "'"


def torch(site, version, hip, cuda, libs, git, lib_bytes=None):
    """FILES for torch `version` in site directory `site` (a host path without the leading /)."""
    files = {
        site + "/README.txt": SITE_README,
        site + "/torch/__init__.py": "",
        site + "/torch/version.py": (
            "from typing import Optional\n\n__all__ = ['__version__', 'debug', 'cuda', "
            "'git_version', 'hip']\n__version__ = '" + version + "'\ndebug = False\n"
            "cuda: Optional[str] = " + _lit(cuda) + "\ngit_version = '" + git + "'\n"
            "hip: Optional[str] = " + _lit(hip) + "\n"),
        site + "/torch-" + version + ".dist-info/METADATA": (
            "Metadata-Version: 2.1\nName: torch\nVersion: " + version + "\nSummary: Tensors and "
            "Dynamic neural networks in Python with strong GPU acceleration\nHome-page: "
            "https://pytorch.org/\nRequires-Python: >=3.8.0\n\n(description omitted)\n"),
    }
    for lib in libs:
        files[site + "/torch/lib/" + lib] = ""
    for lib, data in (lib_bytes or {}).items():
        files[site + "/torch/lib/" + lib] = data
    return files


def venv_cfg(prefix, version, executable):
    """pyvenv.cfg as `python3 -m venv` of CPython 3.11+ writes it."""
    return ("home = /usr/bin\ninclude-system-site-packages = false\nversion = " + version +
            "\nexecutable = " + executable + "\ncommand = " + executable + " -m venv " +
            "/" + prefix + "\n")


def probe(name, exe, python_version, report):
    """A recorded framework probe that printed `report` (fields over a torch default)."""
    full = {"arch_list": None, "available": None, "backend": None, "cuda": None,
            "cuda_build": None, "device_count": None, "devices": [], "errors": {}, "file": None,
            "format": 1, "framework": "torch", "hip": None, "import_error": None,
            "import_seconds": 2.1, "imported": True, "op": None, "providers": [],
            "python_executable": exe, "python_version": python_version, "rocm_build": None,
            "version": None, "warnings": []}
    full.update(report)
    stages = ["import"] + (["available", "device_count", "arch_list", "devices"]
                           if full["imported"] else [])
    if full["op"] is not None:
        stages.append("op")
    stdout = "".join("@rocm-doctor stage " + s + "\n" for s in stages)
    stdout += "@rocm-doctor report " + json.dumps(full, sort_keys=True) + "\n"
    return {name: {"name": name, "argv": [exe, "-c", "<framework_probe.py>", "torch"],
                   "state": "exited", "exit_code": 0, "signal": None, "stdout": stdout,
                   "stderr": "", "truncated": False, "error": "", "wall_seconds": 2.5}}
