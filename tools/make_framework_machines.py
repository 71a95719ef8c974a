#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Builds the replayed machines of the frameworks layer (tests/machines/torch-*).

Each one is a copy of an existing machine (its README says which) with a Python environment and
a PyTorch install added, and a recording of the framework probe:

- the torch files: torch/version.py in the format PyTorch's tools/generate_torch_version.py
  writes, *.dist-info/METADATA headers, torch/lib with the libraries a ROCm (or CUDA) wheel
  bundles as empty stand-ins - except libtorch_hip.so, a tiny ELF64 file whose .hip_fatbin
  section holds a real clang offload bundle naming the wheel's gfx targets (write_hip_library),
  read by the doctor exactly like a real one - and the Tensile file names of the bundled rocBLAS;
- .rocm-doctor/probes/python-torch-<n>.json: src/collect/frameworks/framework_probe.py run on the build
  host by /usr/bin/python3 against the stand-in torch of tests/fixtures/frameworks/standins,
  configured with the answers of the story. sys.executable and the Python version in the report
  are then set to the machine's interpreter, the wall time rounded, and the probe's argv shows
  "<framework_probe.py>" for the script text.

    python3 tools/make_framework_machines.py [--out tests/machines]

Only the directories named here are replaced. python3 standard library only.
"""
import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROBE = os.path.join(REPO, "src", "collect", "frameworks", "framework_probe.py")
STANDINS = os.path.join(REPO, "tests", "fixtures", "frameworks", "standins")

# The targets of a PyTorch ROCm 6.2 wheel: the PYTORCH_ROCM_ARCH list of PyTorch's CI
# (pytorch/pytorch .ci/docker/libtorch/build.sh, rocm branch) before gfx1200/gfx1201 were added.
WHEEL_TARGETS = ["gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx1030", "gfx1100",
                 "gfx1101", "gfx1102"]
ROCM_WHEEL_LIBS = ["libamdhip64.so", "libhsa-runtime64.so", "libMIOpen.so", "librocblas.so",
                   "libhipblas.so", "libhipblaslt.so", "librccl.so", "libc10_hip.so",
                   "libtorch_cpu.so", "libtorch.so", "libc10.so"]
CUDA_WHEEL_LIBS = ["libtorch_cuda.so", "libc10_cuda.so", "libtorch_cpu.so", "libtorch.so",
                   "libc10.so"]
HIP_62 = "6.2.41133-dd7f95766"  # torch.version.hip of the torch 2.5.1+rocm6.2 wheel
GIT = "a8d6afb511a69687bbb2b7e88a3cf67917e1697e"

# The shim pyenv's rehash writes (as /root/.pyenv/shims/python3 of the build host, with the
# user's root).
PYENV_SHIM = ('#!/usr/bin/env bash\nset -e\n[ -n "$PYENV_DEBUG" ] && set -x\n\n'
              'program="${0##*/}"\n\nexport PYENV_ROOT="/home/alice/.pyenv"\n'
              'exec "/home/alice/.pyenv/libexec/pyenv" exec "$program" "$@"\n')
PATH_DEFAULT = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
VENV = "/home/alice/rocm-venv"
VENV_SITE = VENV + "/lib/python3.12/site-packages"
# CPython's Lib/site-packages/README.txt, installed into every site-packages directory.
SITE_README = ("This directory exists so that 3rd party packages can be installed\n"
               "here.  Read the source for site.py for more details.\n")
DIST = "/usr/lib/python3/dist-packages"


def write_hip_library(path, targets):
    """A minimal ELF64 x86-64 shared object whose .hip_fatbin section holds one clang offload
    bundle (clang/lib/Driver/OffloadBundler.cpp format) with a host entry and one
    hipv4-amdgcn-amd-amdhsa--<target> entry per target; each entry's code is 16 filler bytes."""
    ids = ["host-x86_64-unknown-linux-gnu-"] + [
        "hipv4-amdgcn-amd-amdhsa--" + t for t in targets]
    header = len(b"__CLANG_OFFLOAD_BUNDLE__") + 8 + sum(24 + len(i) for i in ids)
    bundle = bytearray(b"__CLANG_OFFLOAD_BUNDLE__" + struct.pack("<Q", len(ids)))
    offset = header
    for i in ids:
        bundle += struct.pack("<QQQ", offset, 16, len(i)) + i.encode()
        offset += 16
    for _ in ids:
        bundle += b"\xcc" * 16
    fatbin = bytes(bundle) + b"\0" * (-len(bundle) % 4096)
    shstrtab = b"\0.hip_fatbin\0.shstrtab\0"
    fatbin_at = 4096  # clang aligns __hip_fatbin to 4096
    strtab_at = fatbin_at + len(fatbin)
    shoff = (strtab_at + len(shstrtab) + 7) // 8 * 8
    ehdr = bytearray(64)
    ehdr[0:16] = b"\x7fELF\x02\x01\x01" + b"\0" * 9
    struct.pack_into("<HHIQQQIHHHHHH", ehdr, 16, 3, 62, 1, 0, 0, shoff, 0, 64, 0, 0, 64, 3, 2)
    out = bytearray(ehdr) + b"\0" * (fatbin_at - 64) + fatbin + shstrtab
    out += b"\0" * (shoff - len(out))
    out += b"\0" * 64  # SHN_UNDEF
    out += struct.pack("<IIQQQQIIQQ", 1, 1, 2, 0, fatbin_at, len(fatbin), 0, 0, 4096, 0)
    out += struct.pack("<IIQQQQIIQQ", 13, 3, 0, 0, strtab_at, len(shstrtab), 0, 0, 1, 0)
    with open(path, "wb") as f:
        f.write(out)


class Machine:
    def __init__(self, out, name, base):
        self.root = os.path.join(out, name)
        if os.path.exists(self.root):
            shutil.rmtree(self.root)
        shutil.copytree(os.path.join(out, base), self.root, symlinks=True)
        with open(self.meta_path()) as f:
            self.meta = json.load(f)

    def meta_path(self):
        return os.path.join(self.root, ".rocm-doctor", "machine.json")

    def write(self, path, data, mode="w"):
        full = self.root + path
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, mode) as f:
            f.write(data)

    def link(self, path, target):
        full = self.root + path
        os.makedirs(os.path.dirname(full), exist_ok=True)
        os.symlink(target, full)

    # git keeps no empty directory, so each directory a machine needs holds the file a real
    # install has there: CPython's site-packages/README.txt, the standard library's os.py.
    def site_dir(self, path):
        self.write(path + "/README.txt", SITE_README)

    def stdlib_dir(self, path):
        self.write(path + "/os.py", "")

    def env(self, **values):
        self.meta.setdefault("env", {}).update(values)

    def finish(self, description, readme, expect):
        self.meta["description"] = description
        with open(self.meta_path(), "w") as f:
            json.dump(self.meta, f, indent=2)
            f.write("\n")
        self.write("/README.md", readme)
        self.write("/EXPECT", expect)

    # --- Python and frameworks.
    def system_python(self, minor="3.12"):
        self.write(f"/usr/bin/python{minor}", "")
        self.link("/usr/bin/python3", f"python{minor}")
        self.stdlib_dir(f"/usr/lib/python{minor}")
        self.site_dir(DIST)

    def venv(self, version="3.12.3"):
        self.write(VENV + "/pyvenv.cfg",
                   f"home = /usr/bin\ninclude-system-site-packages = false\nversion = {version}\n"
                   f"executable = /usr/bin/python3.12\ncommand = /usr/bin/python3 -m venv {VENV}\n")
        self.link(VENV + "/bin/python", "/usr/bin/python3")
        self.link(VENV + "/bin/python3", "python")
        self.site_dir(VENV_SITE)
        self.env(VIRTUAL_ENV=VENV, PATH=VENV + "/bin:" + PATH_DEFAULT, HOME="/home/alice")

    def torch(self, site, version, hip, cuda, libs, targets=None, tensile=None,
              egg_info=False):
        def lit(v):
            return "None" if v is None else f"'{v}'"
        self.write(site + "/torch/__init__.py", "")
        self.write(site + "/torch/version.py",
                   "from typing import Optional\n\n__all__ = ['__version__', 'debug', 'cuda', "
                   "'git_version', 'hip']\n"
                   f"__version__ = '{version}'\ndebug = False\ncuda: Optional[str] = {lit(cuda)}\n"
                   f"git_version = '{GIT}'\nhip: Optional[str] = {lit(hip)}\n")
        if egg_info:
            self.write(f"{site}/torch-{version}.egg-info/PKG-INFO",
                       f"Metadata-Version: 2.1\nName: torch\nVersion: {version}\n"
                       "Summary: Tensors and Dynamic neural networks in Python with strong GPU "
                       "acceleration\n")
        else:
            self.write(f"{site}/torch-{version}.dist-info/METADATA",
                       f"Metadata-Version: 2.1\nName: torch\nVersion: {version}\n"
                       "Summary: Tensors and Dynamic neural networks in Python with strong GPU "
                       "acceleration\nHome-page: https://pytorch.org/\nRequires-Python: "
                       ">=3.8.0\n\n(description omitted)\n")
        for lib in libs:
            self.write(f"{site}/torch/lib/{lib}", "")
        if targets is not None:
            write_hip_library(f"{self.root}{site}/torch/lib/libtorch_hip.so", targets)
        for gfx in tensile or []:
            self.write(f"{site}/torch/lib/rocblas/library/TensileLibrary_lazy_{gfx}.dat", "")
            self.write(f"{site}/torch/lib/rocblas/library/Kernels.so-000-{gfx}.hsaco", "")

    def probe(self, name, framework, answers, executable, python_version, site=VENV_SITE):
        """Runs the real probe script against the stand-ins and records what it printed.

        The stand-ins' paths on the build host become the machine's: `site` for the package
        directory, torch/_tensor.py (where a real tensor op raises) for the stand-in's config
        module, so no recording names the checkout it was made in."""
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump({framework: answers}, f)
            config = f.name
        env = dict(os.environ, PYTHONPATH=STANDINS, ROCMDOC_STANDIN=config,
                   PYTHONDONTWRITEBYTECODE="1")
        with open(PROBE) as f:
            script = f.read()
        run = subprocess.run(["/usr/bin/python3", "-c", script, framework], env=env,
                             capture_output=True, text=True, timeout=60, cwd="/")
        os.unlink(config)
        lines = []
        for line in run.stdout.splitlines():
            if line.startswith("@rocm-doctor report "):
                report = json.loads(line[len("@rocm-doctor report "):])
                report["python_executable"] = executable
                report["python_version"] = python_version
                report["file"] = answers.get("_file", report["file"])
                if report.get("import_error"):
                    report["import_error"]["traceback"] = answers.get(
                        "_traceback", report["import_error"]["traceback"])
                if report.get("import_seconds") is not None:
                    report["import_seconds"] = answers.get("_import_seconds", 0.0)
                line = "@rocm-doctor report " + json.dumps(report, sort_keys=True)
            line = line.replace(os.path.join(STANDINS, "_standin_config.py"),
                                site + "/torch/_tensor.py").replace(STANDINS, site)
            lines.append(line)
        recording = {"name": name, "argv": [executable, "-c", "<framework_probe.py>", framework],
                     "state": "exited", "exit_code": run.returncode, "signal": None,
                     "stdout": "\n".join(lines) + "\n", "stderr": "", "truncated": False,
                     "error": "", "wall_seconds": round(answers.get("_import_seconds", 0.0) + 0.4,
                                                        1)}
        self.write(f"/.rocm-doctor/probes/{name}.json", json.dumps(recording, indent=2) + "\n")


RX7900 = {"name": "AMD Radeon RX 7900 XTX", "arch": "gfx1100"}
TORCH_251 = {"version": "2.5.1+rocm6.2", "hip": HIP_62, "arch_list": WHEEL_TARGETS,
             "_import_seconds": 2.1}


def readme(name, summary, base, added, conclusion, expect):
    return (f"# {name}\n\n{summary}\n\n## Sources\n\nBuilt by `tools/make_framework_machines.py` "
            f"from `{base}` (a copy; see its README for the sysfs sources). The PyTorch files "
            "are written by the script in the formats PyTorch's packaging uses; the probe "
            "recording is src/collect/frameworks/framework_probe.py run against the stand-in torch of "
            "tests/fixtures/frameworks/standins (the script's docstring says what is adjusted "
            f"after).\n\n## Added (and why)\n\n{added}\n\n## What the doctor must conclude\n\n"
            f"{conclusion}\n\n`EXPECT`:\n\n```\n{expect}```\n")


def healthy(out):
    m = Machine(out, "torch-rocm-healthy", "rx7900xtx-healthy")
    m.system_python()
    m.venv()
    m.torch(VENV_SITE, "2.5.1+rocm6.2", HIP_62, None, ROCM_WHEEL_LIBS, WHEEL_TARGETS,
            ["gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1101", "gfx1102"])
    m.probe("python-torch-0", "torch", dict(TORCH_251, devices=[RX7900]), VENV + "/bin/python3",
            "3.12.3")
    expect = ("exit 0\ncheck frameworks.python pass\ncheck frameworks.torch pass\n"
              "check frameworks.torch_arch pass\ncheck frameworks.torch_gpu pass\n"
              "check frameworks.tensorflow skip\n")
    m.finish("RX 7900 XTX with PyTorch 2.5.1+rocm6.2 in a venv",
             readme("torch-rocm-healthy",
                    "The RX 7900 XTX desktop of `rx7900xtx-healthy` with a venv "
                    f"(`{VENV}`, Python 3.12.3, activated: $VIRTUAL_ENV and PATH) holding the "
                    "PyTorch 2.5.1 wheel of PyTorch's ROCm 6.2 index.",
                    "rx7900xtx-healthy",
                    f"- /usr/bin/python3 -> python3.12 (an empty stand-in), the venv "
                    f"(pyvenv.cfg as `python3 -m venv` writes it, bin/python -> /usr/bin/python3).\n"
                    f"- {VENV_SITE}/torch: version.py (`hip = '{HIP_62}'`, the value of the "
                    "2.5.1+rocm6.2 wheel), the dist-info METADATA, torch/lib with the ROCm user "
                    "space the wheel bundles (empty stand-ins), libtorch_hip.so with an offload "
                    f"bundle for {', '.join(WHEEL_TARGETS)}, and Tensile file names of its rocBLAS.\n"
                    "- The probe recording: the GPU seen (AMD Radeon RX 7900 XTX, gfx1100), "
                    "get_arch_list() as above, the tensor op right; import time 2.1 s "
                    "(illustrative).",
                    "Healthy, exit 0: the torch is a ROCm build bundling ROCm 6.2 (the in-tree "
                    "driver of Linux 6.8 is not judged against it), carries gfx1100 code in its "
                    "bundles and Tensile files, and sees the GPU.", expect),
             expect)


def cuda_build(out):
    m = Machine(out, "torch-cuda-build", "rx7900xtx-healthy")
    m.system_python()
    m.venv()
    m.torch(VENV_SITE, "2.5.1+cu121", None, "12.1", CUDA_WHEEL_LIBS)
    m.probe("python-torch-0", "torch",
            {"version": "2.5.1+cu121", "cuda": "12.1", "available": False, "_import_seconds": 1.8},
            VENV + "/bin/python3", "3.12.3")
    expect = ("exit 1\nroot_cause frameworks.torch.cuda_build\ncheck frameworks.torch fail\n"
              "check frameworks.torch_arch skip\ncheck frameworks.torch_gpu fail\n"
              "finding frameworks.torch.cuda_build fail\n")
    m.finish("RX 7900 XTX with PyPI's CUDA build of PyTorch",
             readme("torch-cuda-build",
                    "The RX 7900 XTX desktop with `pip install torch` from PyPI in a venv: "
                    "torch 2.5.1+cu121, a CUDA 12.1 build.", "rx7900xtx-healthy",
                    "- The venv of `torch-rocm-healthy` with torch 2.5.1+cu121: version.py "
                    "`cuda = '12.1'`, `hip = None`; torch/lib with libtorch_cuda.so and "
                    "libc10_cuda.so (empty stand-ins).\n- The probe recording: "
                    "torch.version.cuda 12.1, hip None, is_available() False, no device.",
                    "Fail: frameworks.torch.cuda_build is the root cause (the files say it), and "
                    "the live probe's cuda_build is shown under it as its symptom; the GPU "
                    "target check is skipped (blocked by PyTorch build).", expect),
             expect)


def arch_missing(out):
    m = Machine(out, "torch-arch-missing", "gfx-unsupported")
    m.system_python()
    m.venv()
    targets = ["gfx1030", "gfx1100"]
    m.torch(VENV_SITE, "2.5.1+rocm6.2", HIP_62, None, ROCM_WHEEL_LIBS, targets, targets)
    m.probe("python-torch-0", "torch",
            dict(TORCH_251, arch_list=targets,
                 devices=[{"name": "AMD Radeon RX 6700 XT", "arch": "gfx1031"}],
                 op_error=["RuntimeError", "HIP error: invalid device function\nHIP kernel "
                           "errors might be asynchronously reported at some other API call, so "
                           "the stacktrace below might be incorrect."]),
            VENV + "/bin/python3", "3.12.3")
    expect = ("exit 1\nroot_cause runtime.gfx.unsupported\nroot_cause frameworks.torch.arch_missing\n"
              "check frameworks.torch pass\ncheck frameworks.torch_arch fail\n"
              "check frameworks.torch_gpu fail\nfinding frameworks.torch.arch_missing fail\n")
    m.finish("RX 6700 XT (gfx1031) with a PyTorch built for gfx1030 and gfx1100 only",
             readme("torch-arch-missing",
                    "The RX 6700 XT (gfx1031) desktop of `gfx-unsupported` with a PyTorch ROCm "
                    "6.2 build whose device code covers gfx1030 and gfx1100 only (a build with "
                    "PYTORCH_ROCM_ARCH=\"gfx1030;gfx1100\"): is_available() is True, but every "
                    "kernel fails with 'HIP error: invalid device function'.",
                    "gfx-unsupported",
                    "- The venv of `torch-rocm-healthy`; libtorch_hip.so's bundle and the "
                    "rocBLAS Tensile files carry gfx1030 and gfx1100 only.\n- The probe "
                    "recording: one device, AMD Radeon RX 6700 XT, gcnArchName gfx1031; "
                    "get_arch_list() [gfx1030, gfx1100]; the tensor op raises RuntimeError "
                    "'HIP error: invalid device function'.",
                    "Fail with two root causes sharing one fix: runtime.gfx.unsupported (ROCm "
                    "6.2.0 lists gfx1031 only through HSA_OVERRIDE_GFX_VERSION=10.3.0) and "
                    "frameworks.torch.arch_missing (no gfx1031 code in the wheel; gfx1030 is of "
                    "its family, so the same override). The live probe's arch_missing is the "
                    "symptom under the second.", expect),
             expect)


def import_failed(out):
    m = Machine(out, "torch-import-failed", "rx7900xtx-healthy")
    m.system_python()
    m.venv()
    m.torch(VENV_SITE, "2.5.1+rocm6.2", HIP_62, None, ROCM_WHEEL_LIBS, WHEEL_TARGETS)
    m.probe("python-torch-0", "torch",
            {"import_error": ["ModuleNotFoundError", "No module named 'typing_extensions'"],
             "_traceback": (f'  File "{VENV_SITE}/torch/__init__.py", line 28, in <module>\n'
                            "    from typing_extensions import ParamSpec as _ParamSpec\n"
                            "ModuleNotFoundError: No module named 'typing_extensions'\n")},
            VENV + "/bin/python3", "3.12.3")
    expect = ("exit 1\nroot_cause frameworks.import.failed\ncheck frameworks.torch pass\n"
              "check frameworks.torch_gpu fail\n")
    m.finish("RX 7900 XTX whose PyTorch fails to import",
             readme("torch-import-failed",
                    "The healthy RX 7900 XTX venv, but torch was installed with `pip install "
                    "--no-deps`: its dependency typing_extensions is missing and `import torch` "
                    "raises ModuleNotFoundError.", "rx7900xtx-healthy",
                    "- The torch files of `torch-rocm-healthy`.\n- The probe recording: the "
                    "import raised ModuleNotFoundError: No module named 'typing_extensions' "
                    "(traceback lines as torch 2.5's __init__.py would give them).",
                    "Fail: frameworks.import.failed is the root cause, with the exception text as "
                    "evidence; the files alone say the build is right (frameworks.torch passes).",
                    expect),
             expect)


def cpu_build(out):
    m = Machine(out, "torch-cpu-build", "rx7900xtx-healthy")
    m.system_python()
    m.torch(DIST, "2.1.2", None, None, ["libtorch_cpu.so", "libtorch.so", "libc10.so"],
            egg_info=True)
    pyenv = "/home/alice/.pyenv"
    m.write(pyenv + "/shims/python3", PYENV_SHIM)
    m.write(pyenv + "/version", "3.11.7\n")
    m.write(pyenv + "/versions/3.11.7/bin/python3.11", "")
    m.link(pyenv + "/versions/3.11.7/bin/python3", "python3.11")
    m.site_dir(pyenv + "/versions/3.11.7/lib/python3.11/site-packages")
    m.env(PATH=pyenv + "/shims:" + PATH_DEFAULT, HOME="/home/alice")
    # Environments: [pyenv 3.11.7 (python3 on PATH, active), /usr/bin/python3]: torch is env 1.
    m.probe("python-torch-1", "torch",
            {"version": "2.1.2", "available": False, "arch_list": [], "_import_seconds": 1.6,
             "_file": DIST + "/torch/__init__.py"},
            "/usr/bin/python3", "3.12.3", site=DIST)
    expect = ("exit 1\nroot_cause frameworks.torch.cpu_build\n"
              "root_cause frameworks.python.not_in_active\ncheck frameworks.python warn\n"
              "check frameworks.torch fail\ncheck frameworks.torch_gpu fail\n"
              "finding frameworks.torch.cpu_build fail\n")
    m.finish("RX 7900 XTX with the distribution's CPU-only torch and a pyenv python3",
             readme("torch-cpu-build",
                    "The RX 7900 XTX desktop with the distribution's python3-torch (CPU-only) "
                    "for /usr/bin/python3, while `python3` on PATH is a pyenv shim selecting "
                    "3.11.7, which has no torch - the situation of the development host, where "
                    "Debian's python3-torch 1.13.1 sits under pyenv.", "rx7900xtx-healthy",
                    f"- {DIST}/torch: version.py with `hip = None`, `cuda = None`, an "
                    "egg-info PKG-INFO as Debian's package installs it, torch/lib without "
                    "libtorch_hip.so or libtorch_cuda.so. The version (2.1.2, Ubuntu 24.04's "
                    "python3-torch) is assumed.\n- pyenv under /home/alice/.pyenv: the shim as "
                    "pyenv's rehash writes it, version file 3.11.7, versions/3.11.7 with an empty "
                    "site-packages; PATH starts with the shims, HOME is set.\n- The probe "
                    "recording (python-torch-1: /usr/bin/python3 is the second environment): "
                    "torch.version.hip and .cuda None, is_available() False.",
                    "Fail: frameworks.torch.cpu_build is a root cause of its own (a CPU-only "
                    "build never uses the GPU); the live probe confirms it as a symptom; and "
                    "frameworks.python.not_in_active warns that python3 runs pyenv 3.11.7 "
                    "without torch.", expect),
             expect)


def kfd_denied(out):
    m = Machine(out, "torch-kfd-denied", "kfd-permission-denied")
    m.system_python()
    m.venv()
    m.torch(VENV_SITE, "2.5.1+rocm6.2", HIP_62, None, ROCM_WHEEL_LIBS, WHEEL_TARGETS)
    m.probe("python-torch-0", "torch", dict(TORCH_251, available=False), VENV + "/bin/python3",
            "3.12.3")
    expect = ("exit 1\nroot_cause driver.kfd.permission_denied\ncheck frameworks.torch pass\n"
              "check frameworks.torch_gpu fail\nfinding frameworks.gpu.not_visible fail\n")
    m.finish("alice not in render, with a ROCm PyTorch that sees no GPU",
             readme("torch-kfd-denied",
                    "The machine of `kfd-permission-denied` (alice is not in the render group, "
                    "so /dev/kfd cannot be opened) with the ROCm PyTorch venv of "
                    "`torch-rocm-healthy`: torch.cuda.is_available() is False.",
                    "kfd-permission-denied",
                    "- The venv and torch files of `torch-rocm-healthy`.\n- The probe recording: "
                    "is_available() False and device_count() 0, without a warning (PyTorch "
                    "treats hipErrorNoDevice as no GPU: pytorch/pytorch#80405).",
                    "Fail: driver.kfd.permission_denied stays the only root cause; "
                    "frameworks.gpu.not_visible is shown as its symptom (this is why PyTorch "
                    "says no GPU), not as a root cause of its own.", expect),
             expect)


# {machine directory name: builder}, in build order.
BUILDERS = {"torch-rocm-healthy": healthy, "torch-cuda-build": cuda_build,
            "torch-arch-missing": arch_missing, "torch-import-failed": import_failed,
            "torch-cpu-build": cpu_build, "torch-kfd-denied": kfd_denied}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(REPO, "tests", "machines"))
    args = parser.parse_args()
    for build in BUILDERS.values():
        build(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
