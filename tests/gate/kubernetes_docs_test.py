#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""docs/kubernetes/: the files parse, and they agree with what the binary does.

- npd-rocm-doctor-plugin.json: a valid node-problem-detector custom plugin monitor (the rules NPD's
  pkg/custompluginmonitor/types/config.go Validate() applies: plugin "custom", a rule's timeout
  not above the global one, every permanent rule's condition declared), 80-byte output, and a
  rule that runs `rocm-doctor gate --npd`, whose deadline fits inside the rule's timeout.
- rocm-doctor-daemonset.yaml (when python3-yaml is installed): a DaemonSet whose mounts name
  declared volumes, with node-exporter's textfile directory as a hostPath; the check command of
  its container, run here against a replayed machine with the paths moved into a temporary
  directory, writes a Prometheus textfile and a JSON report.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

FAILURES = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        FAILURES.append(message)


def seconds(duration):
    """Go's time.ParseDuration for the forms NPD configs use: 5s, 500ms, 1m30s."""
    total = 0.0
    parts = re.findall(r"(\d+(?:\.\d+)?)(ms|s|m|h)", duration)
    if not parts or "".join(n + u for n, u in parts) != duration:
        raise ValueError("not a duration: %r" % duration)
    for number, unit in parts:
        total += float(number) * {"ms": 0.001, "s": 1, "m": 60, "h": 3600}[unit]
    return total


def check_npd(path, binary):
    with open(path) as f:
        config = json.load(f)
    check(config.get("plugin") == "custom", "npd: plugin is \"custom\"")
    plugin = config.get("pluginConfig", {})
    global_timeout = seconds(plugin.get("timeout", "5s"))
    check(plugin.get("max_output_length", 80) == 80, "npd: max_output_length is NPD's default 80")
    conditions = {c["type"] for c in config.get("conditions", [])}
    rules = config.get("rules", [])
    check(len(rules) == 1, "npd: one rule")
    for rule in rules:
        timeout = seconds(rule.get("timeout", plugin.get("timeout", "5s")))
        check(timeout <= global_timeout, "npd: rule timeout %.1f s <= global %.1f s"
              % (timeout, global_timeout))
        if rule.get("type") == "permanent":
            check(rule.get("condition") in conditions,
                  "npd: permanent rule's condition %s has a default" % rule.get("condition"))
        check(rule.get("path", "").endswith("/rocm-doctor"), "npd: the rule runs rocm-doctor")
        rule_args = rule.get("args", [])
        check(rule_args[:2] == ["gate", "--npd"], "npd: with gate --npd")
        deadline = 4.0
        if "--deadline" in rule_args:
            deadline = float(rule_args[rule_args.index("--deadline") + 1])
        check(deadline < timeout, "npd: the gate's deadline %.1f s is inside the rule's %.1f s"
              % (deadline, timeout))
        # The gate's own help must know every flag the rule passes.
        help_text = subprocess.run([binary, "gate", "--help"], capture_output=True,
                                   text=True).stdout
        for arg in rule_args[1:]:
            if arg.startswith("--"):
                check(arg in help_text, "npd: gate knows %s" % arg)


def check_daemonset(path, binary, machines):
    try:
        import yaml
    except ImportError:
        print("note: python3-yaml is not installed; %s not parsed" % path)
        return
    with open(path) as f:
        docs = [d for d in yaml.safe_load_all(f) if d]
    kinds = [d.get("kind") for d in docs]
    check("DaemonSet" in kinds, "daemonset: parses, has a DaemonSet (%s)" % ", ".join(kinds))
    ds = next(d for d in docs if d.get("kind") == "DaemonSet")
    spec = ds["spec"]["template"]["spec"]
    check(ds["spec"]["selector"]["matchLabels"].items() <=
          ds["spec"]["template"]["metadata"]["labels"].items(),
          "daemonset: the selector matches the pod labels")
    volumes = {v["name"]: v for v in spec["volumes"]}
    container = spec["containers"][0]
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    check(all(name in volumes for name in mounts.values()),
          "daemonset: every mount names a declared volume")
    textfile = volumes[mounts["/textfile"]]
    check("textfile" in textfile.get("hostPath", {}).get("path", ""),
          "daemonset: /textfile is node-exporter's textfile directory on the host")

    # The container's check command, run for real on a replayed machine.
    script = "\n".join(container["args"])
    script = script.replace("\\\n", " ")
    line = next(l for l in script.splitlines() if "rocm-doctor check" in l)
    argv = shlex.split(line.strip())
    check(argv[0] == "/usr/bin/rocm-doctor" and argv[1] == "check",
          "daemonset: the container runs rocm-doctor check")
    with tempfile.TemporaryDirectory(prefix="rocmdoc-k8s-") as tmp:
        os.mkdir(os.path.join(tmp, "textfile"))
        os.mkdir(os.path.join(tmp, "reports"))
        moved = [binary]
        for a in argv[1:]:
            a = a.replace("${NODE_NAME}", "node-1")
            a = a.replace("=/textfile/", "=%s/textfile/" % tmp)
            a = a.replace("=/reports/", "=%s/reports/" % tmp)
            moved.append(a)
        moved += ["--sysroot", os.path.join(machines, "mi300x-healthy")]
        r = subprocess.run(moved, capture_output=True, text=True, timeout=120)
        check(r.returncode == 0, "daemonset: its check command runs (exit %d) %s"
              % (r.returncode, r.stderr.strip()[:300]))
        prom = os.path.join(tmp, "textfile", "rocm-doctor.prom")
        report = os.path.join(tmp, "reports", "node-1.json")
        check(os.path.exists(prom) and "rocm_doctor_" in open(prom).read(),
              "daemonset: it wrote the Prometheus textfile")
        ok = False
        if os.path.exists(report):
            with open(report) as f:
                ok = json.load(f).get("verdict") == "pass"
        check(ok, "daemonset: it wrote the JSON report")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--docs", required=True)
    parser.add_argument("--machines", default=os.path.join(os.path.dirname(__file__), "..",
                                                           "machines"))
    args = parser.parse_args()
    check_npd(os.path.join(args.docs, "npd-rocm-doctor-plugin.json"), args.binary)
    check_daemonset(os.path.join(args.docs, "rocm-doctor-daemonset.yaml"), args.binary,
                    os.path.abspath(args.machines))
    if FAILURES:
        print("%d failed" % len(FAILURES))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
