# SPDX-License-Identifier: MIT
# rocm-doctor's framework probe (docs/probes.md, "Framework probes"). The doctor embeds this
# file and runs it with each interpreter that has a framework:
#
#     <python> -c <this text> <framework>      framework: torch tensorflow jax onnxruntime vllm
#
# It imports the framework, asks it what it was built for and which GPUs it sees, and runs one
# tiny computation on the first GPU. It prints "@rocm-doctor stage <name>" lines while it works
# (so a crash or a hang says where) and finally one "@rocm-doctor report <json>" line. All other
# output of the framework (C++ libraries write to fd 1) goes to stderr. Python 3.6+, standard
# library only.
import json
import logging
import os
import sys
import time
import traceback
import warnings

FORMAT = 1
TEXT_LIMIT = 2000
MAX_NOTES = 20
MAX_DEVICES = 64
# sum(2 * i + 1 for i in range(16)): exact in float32.
EXPECTED = 256.0

# The report goes to the real stdout; fd 1 then points at stderr for everything else.
_out = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)
sys.stdout = sys.stderr
# `python -c` puts the current directory first on sys.path: the doctor's directory is not the
# user's, so a ./torch there must not shadow the installed one.
sys.path = [p for p in sys.path if p not in ("", ".")]


def emit(kind, payload):
    _out.write("@rocm-doctor " + kind + " " + payload + "\n")
    _out.flush()


def cut(value, limit=TEXT_LIMIT):
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "..."


def error_of(exc):
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    return {"type": type(exc).__name__, "message": cut(exc),
            "traceback": cut("".join(lines[-6:]), 4000)}


class Notes(logging.Handler):
    """Keeps warnings and log records: HIP init errors arrive as UserWarning or log lines."""

    def __init__(self, report):
        logging.Handler.__init__(self, logging.WARNING)
        self.report = report

    def add(self, text):
        notes = self.report["warnings"]
        if len(notes) < MAX_NOTES:
            notes.append(cut(text, 500))

    def emit(self, record):
        try:
            self.add(record.name + ": " + record.getMessage())
        except Exception:
            pass


def step(report, notes, key, fn):
    """Runs fn, keeping its value in report[key] or its exception in report["errors"][key]."""
    emit("stage", key)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = fn()
        except Exception as exc:
            value = None
            report["errors"][key] = error_of(exc)
    for w in caught:
        notes.add(w.category.__name__ + ": " + str(w.message))
    report[key] = value
    return value


def tiny_op(report, notes, device, fn):
    op = {"device": device, "result": None, "expected": EXPECTED, "error": None}
    report["op"] = op
    emit("stage", "op")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            op["result"] = float(fn())
        except Exception as exc:
            op["error"] = error_of(exc)
    for w in caught:
        notes.add(w.category.__name__ + ": " + str(w.message))


def load(report, name):
    """Imports the framework, timing the import alone."""
    started = time.monotonic()
    module = __import__(name)
    report["imported"] = True
    report["import_seconds"] = round(time.monotonic() - started, 3)
    return module


def probe_torch(report, notes):
    torch = load(report, "torch")
    report["version"] = str(torch.__version__)
    report["file"] = getattr(torch, "__file__", None)
    version = getattr(torch, "version", None)
    hip = getattr(version, "hip", None)
    cuda = getattr(version, "cuda", None)
    report["hip"] = None if hip is None else str(hip)
    report["cuda"] = None if cuda is None else str(cuda)
    available = step(report, notes, "available", lambda: bool(torch.cuda.is_available()))
    count = step(report, notes, "device_count", lambda: int(torch.cuda.device_count())) or 0
    step(report, notes, "arch_list", lambda: [str(a) for a in torch.cuda.get_arch_list()])
    emit("stage", "devices")
    for i in range(min(count, MAX_DEVICES)):
        device = {"name": None, "arch": None, "platform": None, "error": None}
        try:
            props = torch.cuda.get_device_properties(i)
            device["name"] = str(props.name)
            arch = getattr(props, "gcnArchName", None)
            device["arch"] = None if arch is None else str(arch)
        except Exception as exc:
            device["error"] = error_of(exc)
        report["devices"].append(device)
    if available and count > 0:
        def run():
            a = torch.arange(16, dtype=torch.float32, device="cuda:0")
            value = (a * 2 + 1).sum().item()
            torch.cuda.synchronize()
            return value
        tiny_op(report, notes, "cuda:0", run)


def probe_tensorflow(report, notes):
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
    tf = load(report, "tensorflow")
    report["version"] = str(tf.__version__)
    report["file"] = getattr(tf, "__file__", None)

    def build():
        info = dict(tf.sysconfig.get_build_info())
        report["rocm_build"] = bool(info.get("is_rocm_build", False))
        report["cuda_build"] = bool(info.get("is_cuda_build", False))
        report["hip"] = None if info.get("rocm_version") is None else str(info["rocm_version"])
        report["cuda"] = None if info.get("cuda_version") is None else str(info["cuda_version"])
        return True
    step(report, notes, "build_info", build)
    report.pop("build_info", None)
    gpus = step(report, notes, "gpus", lambda: list(tf.config.list_physical_devices("GPU"))) or []
    report.pop("gpus", None)
    report["device_count"] = len(gpus)
    report["available"] = len(gpus) > 0
    for gpu in gpus[:MAX_DEVICES]:
        device = {"name": str(gpu.name), "arch": None, "platform": "GPU", "error": None}
        try:
            details = tf.config.experimental.get_device_details(gpu)
            device["name"] = str(details.get("device_name", gpu.name))
            if details.get("compute_capability") is not None:
                device["arch"] = str(details["compute_capability"])
        except Exception as exc:
            device["error"] = error_of(exc)
        report["devices"].append(device)
    if gpus:
        def run():
            with tf.device("/GPU:0"):
                a = tf.range(16, dtype=tf.float32)
                return tf.reduce_sum(a * 2 + 1).numpy()
        tiny_op(report, notes, "/GPU:0", run)


def probe_jax(report, notes):
    jax = load(report, "jax")
    report["version"] = str(jax.__version__)
    report["file"] = getattr(jax, "__file__", None)
    backend = step(report, notes, "backend", lambda: str(jax.default_backend()))
    devices = step(report, notes, "devices_list", lambda: list(jax.devices())) or []
    report.pop("devices_list", None)
    gpus = [d for d in devices if str(getattr(d, "platform", "cpu")) != "cpu"]
    report["device_count"] = len(gpus)
    report["available"] = len(gpus) > 0
    for d in devices[:MAX_DEVICES]:
        report["devices"].append({"name": str(getattr(d, "device_kind", d)), "arch": None,
                                  "platform": str(getattr(d, "platform", "")), "error": None})
    if gpus and backend != "cpu":
        def run():
            import jax.numpy as jnp
            a = jax.device_put(jnp.arange(16, dtype=jnp.float32), gpus[0])
            return jnp.sum(a * 2 + 1).block_until_ready()
        tiny_op(report, notes, str(gpus[0]), run)


def probe_onnxruntime(report, notes):
    ort = load(report, "onnxruntime")
    report["version"] = str(ort.__version__)
    report["file"] = getattr(ort, "__file__", None)
    providers = step(report, notes, "providers_list",
                     lambda: [str(p) for p in ort.get_available_providers()]) or []
    report.pop("providers_list", None)
    report["providers"] = providers
    step(report, notes, "backend", lambda: str(ort.get_device()))


def probe_vllm(report, notes):
    vllm = load(report, "vllm")
    report["version"] = str(getattr(vllm, "__version__", "unknown"))
    report["file"] = getattr(vllm, "__file__", None)

    def platform():
        from vllm.platforms import current_platform
        report["rocm_build"] = bool(current_platform.is_rocm())
        report["cuda_build"] = bool(current_platform.is_cuda())
        return type(current_platform).__name__
    step(report, notes, "backend", platform)


PROBES = {"torch": probe_torch, "tensorflow": probe_tensorflow, "jax": probe_jax,
          "onnxruntime": probe_onnxruntime, "vllm": probe_vllm}


def main():
    framework = sys.argv[1] if len(sys.argv) > 1 else ""
    report = {"format": FORMAT, "framework": framework, "python_executable": sys.executable,
              "python_version": "%d.%d.%d" % sys.version_info[:3], "imported": False,
              "import_error": None, "import_seconds": None, "version": None, "file": None,
              "hip": None, "cuda": None, "rocm_build": None, "cuda_build": None,
              "available": None, "device_count": None, "arch_list": None, "backend": None,
              "providers": [], "devices": [], "op": None, "errors": {}, "warnings": []}
    notes = Notes(report)
    logging.getLogger().addHandler(notes)
    probe = PROBES.get(framework)
    if probe is None:
        report["import_error"] = {"type": "UsageError", "message": "unknown framework " +
                                  repr(framework), "traceback": ""}
    else:
        emit("stage", "import")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                probe(report, notes)
            except (Exception, SystemExit) as exc:
                # SystemExit: some packages call sys.exit() when a native library is missing.
                if report["imported"]:
                    report["errors"]["probe"] = error_of(exc)
                else:
                    report["import_error"] = error_of(exc)
        for w in caught:
            notes.add(w.category.__name__ + ": " + str(w.message))
    emit("report", json.dumps(report, default=str, sort_keys=True))


main()
