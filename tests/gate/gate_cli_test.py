#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""rocm-doctor gate, the binary end to end, with a stand-in scontrol (no root, no Slurm needed).

The stand-in (written into a temporary directory) answers `scontrol show node NAME` from a state
file in the multi-line form Slurm 22.05 prints, records every argv it was run with, and applies
`update` to the state file. tests/slurm/slurm_gate_test.py does the same against the real Slurm.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

FAKE_SCONTROL = r'''#!/usr/bin/env python3
import json, os, sys
d = os.environ["FAKE_SCONTROL_DIR"]
with open(os.path.join(d, "calls.jsonl"), "a") as f:
    f.write(json.dumps(sys.argv[1:]) + "\n")
if os.path.exists(os.path.join(d, "down")):
    sys.stderr.write("slurm_load_node error: Unable to contact slurm controller (connect failure)\n")
    sys.exit(1)
state_file = os.path.join(d, "state.json")
nodes = json.load(open(state_file))
args = sys.argv[1:]
if args[:2] == ["show", "node"]:
    name = args[2]
    if name not in nodes:
        print("Node %s not found" % name)
        sys.exit(1)
    n = nodes[name]
    print("NodeName=%s Arch=x86_64 CoresPerSocket=1 " % name)
    print("   OS=Linux 6.1.0 #1 SMP PREEMPT_DYNAMIC @0 ")
    print("   State=%s ThreadsPerCore=1 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A" % n["state"])
    print("   Partitions=debug ")
    if n.get("reason"):
        print("   Reason=%s [root@2026-12-01T14:23:43]" % n["reason"])
    print()
    sys.exit(0)
if args[0] == "update":
    kv = dict(a.split("=", 1) for a in args[1:])
    n = nodes[kv["nodename"]]
    if kv["state"] == "drain":
        n["state"], n["reason"] = "IDLE+DRAIN", kv["reason"]
    elif kv["state"] == "resume":
        n["state"], n["reason"] = "IDLE", None
    json.dump(nodes, open(state_file, "w"))
    sys.exit(0)
sys.exit(2)
'''

FAILURES = []


def check(condition, message, result=None):
    if condition:
        print("ok   " + message)
        return
    detail = ""
    if result is not None:
        detail = "\n  exit %d\n  stdout: %s\n  stderr: %s" % (result.returncode, result.stdout,
                                                          result.stderr)
    FAILURES.append(message)
    print("FAIL " + message + detail)


def check_said_once(result, text):
    """An error reaches a person once, whether stdout and stderr share a terminal or not."""
    count = result.stdout.count(text) + result.stderr.count(text)
    check(count == 1, "said once, not %d times: %s" % (count, text), result)


class Fake:
    def __init__(self, tmp, binary):
        self.dir = tmp
        self.binary = binary
        self.scontrol = os.path.join(tmp, "scontrol")
        with open(self.scontrol, "w") as f:
            f.write(FAKE_SCONTROL)
        os.chmod(self.scontrol, 0o755)

    def set_node(self, name, state, reason=None):
        with open(os.path.join(self.dir, "state.json"), "w") as f:
            json.dump({name: {"state": state, "reason": reason}}, f)
        calls = os.path.join(self.dir, "calls.jsonl")
        if os.path.exists(calls):
            os.unlink(calls)

    def node(self, name):
        with open(os.path.join(self.dir, "state.json")) as f:
            return json.load(f)[name]

    def calls(self):
        path = os.path.join(self.dir, "calls.jsonl")
        if not os.path.exists(path):
            return []
        with open(path) as f:
            return [json.loads(line) for line in f]

    def gate(self, *args, env_extra=None):
        env = dict(os.environ, FAKE_SCONTROL_DIR=self.dir)
        env.pop("SLURMD_NODENAME", None)
        env.update(env_extra or {})
        return subprocess.run([self.binary, "gate"] + list(args), capture_output=True, text=True,
                              env=env, timeout=120)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--machines", required=True)
    args = parser.parse_args()
    healthy = os.path.join(args.machines, "mi300x-healthy")
    failing = os.path.join(args.machines, "kfd-permission-denied")
    reason = "rocm-doctor: driver.kfd.permission_denied"

    with tempfile.TemporaryDirectory(prefix="rocmdoc-gate-") as tmp:
        fake = Fake(tmp, args.binary)
        slurm = ["--slurm", "--scontrol", fake.scontrol]

        fake.set_node("gpu-07", "IDLE")
        r = fake.gate(*slurm, "--node", "gpu-07", "--sysroot", failing)
        check(r.returncode == 1, "failing gate exits 1", r)
        check(fake.calls() == [["show", "node", "gpu-07"],
                               ["update", "nodename=gpu-07", "state=drain", "reason=" + reason]],
              "it read the state, then drained with the root cause as one argv element: %s"
              % fake.calls())
        check(r.stdout.startswith("rocm-doctor gate: node gpu-07 (from --node): fail: "
                                  "driver.kfd.permission_denied"), "stdout names the cause", r)

        fake.set_node("gpu-07", "IDLE+DRAIN", reason)
        r = fake.gate(*slurm, "--sysroot", healthy, env_extra={"SLURMD_NODENAME": "gpu-07"})
        check(r.returncode == 0 and fake.node("gpu-07")["reason"] is None,
              "passing gate resumes its own drain; node from SLURMD_NODENAME", r)
        check(fake.calls()[-1] == ["update", "nodename=gpu-07", "state=resume"],
              "resume argv: %s" % fake.calls()[-1:])

        fake.set_node("gpu-07", "MIXED+DRAIN", "maintenance")
        for sysroot, code in ((failing, 1), (healthy, 0)):
            r = fake.gate(*slurm, "--node", "gpu-07", "--sysroot", sysroot)
            check(r.returncode == code and len(fake.calls()) == 1
                  and fake.node("gpu-07")["reason"] == "maintenance",
                  "a maintenance drain is left alone (exit %d)" % code, r)
            fake.set_node("gpu-07", "MIXED+DRAIN", "maintenance")

        fake.set_node("gpu-07", "IDLE")
        r = fake.gate(*slurm, "--node", "gpu-07", "--sysroot", failing, "--dry-run")
        check(r.returncode == 1 and len(fake.calls()) == 1 and fake.node("gpu-07")["reason"] is None
              and "would run: %s update nodename=gpu-07 state=drain 'reason=%s'"
              % (fake.scontrol, reason) in r.stdout, "--dry-run prints the update only", r)

        check("would drain node gpu-07 with reason \"%s\"" % reason in r.stdout
              and "drained with" not in r.stdout, "--dry-run says the plan in the future tense", r)

        fake.set_node("other", "IDLE")
        r = fake.gate(*slurm, "--node", "gpu-07", "--sysroot", failing)
        check(r.returncode == 3 and "Slurm does not know node gpu-07" in r.stderr
              and "node gpu-07 not changed" in r.stdout,
              "an unknown node is a Slurm error (exit 3), nothing changed", r)
        check_said_once(r, "Slurm does not know node gpu-07")
        open(os.path.join(tmp, "down"), "w").close()
        r = fake.gate(*slurm, "--node", "gpu-07", "--sysroot", healthy)
        check(r.returncode == 3 and "Unable to contact slurm controller" in r.stderr,
              "slurmctld down is a Slurm error (exit 3)", r)
        check_said_once(r, "Unable to contact slurm controller")
        # --dry-run without a slurmctld: the plan, in the future tense; the error once; the
        # verdict's exit (1: fail), not a Slurm error.
        fake.set_node("gpu-07", "IDLE")
        r = fake.gate(*slurm, "--node", "gpu-07", "--sysroot", failing, "--dry-run")
        check(r.returncode == 1 and "slurm (dry run): would drain node gpu-07 with reason \"%s\""
              % reason in r.stdout and "would run: %s update nodename=gpu-07 state=drain "
              "'reason=%s'" % (fake.scontrol, reason) in r.stdout
              and fake.calls() == [["show", "node", "gpu-07"]],
              "--dry-run without slurmctld prints the drain it would run", r)
        check_said_once(r, "Unable to contact slurm controller")
        r = fake.gate(*slurm, "--node", "gpu-07", "--sysroot", healthy, "--dry-run")
        check(r.returncode == 0 and "would resume node gpu-07 if rocm-doctor drained it"
              in r.stdout, "--dry-run without slurmctld, healthy: the resume it would run", r)
        os.unlink(os.path.join(tmp, "down"))
        r = fake.gate("--slurm", "--scontrol", os.path.join(tmp, "missing"), "--node", "n1",
                      "--sysroot", healthy)
        check(r.returncode == 3 and "No such file or directory" in r.stderr,
              "a missing scontrol is a Slurm error (exit 3)", r)
        check_said_once(r, "No such file or directory")

        for bad in ("gpu[01-04]", "a,b", "ALL"):
            fake.set_node("gpu-07", "IDLE")
            r = fake.gate(*slurm, "--node", bad, "--sysroot", failing)
            check(r.returncode == 2 and fake.calls() == [],
                  "--node %s is refused before any scontrol" % bad, r)
        r = fake.gate("--sysroot", healthy)
        check(r.returncode == 2 and "--slurm or --npd" in r.stderr, "gate needs a mode", r)

        # The JSON report beside the answer, e.g. for fleet summarize.
        report = os.path.join(tmp, "gpu-07.json")
        fake.set_node("gpu-07", "IDLE")
        r = fake.gate(*slurm, "--node", "gpu-07", "--sysroot", failing, "-o", report)
        with open(report) as f:
            codes = [c["code"] for c in json.load(f)["root_causes"]]
        check(codes == ["driver.kfd.permission_denied"], "-o FILE writes the JSON report", r)

        # node-problem-detector: exit 0/1/2 and one line of at most 80 bytes naming the code.
        r = fake.gate("--npd", "--sysroot", healthy)
        check(r.returncode == 0 and r.stdout.startswith("rocm-doctor: healthy (")
              and "probes skipped" in r.stdout, "npd: healthy exits 0", r)
        r = fake.gate("--npd", "--sysroot", failing)
        line = r.stdout.rstrip("\n")
        check(r.returncode == 1 and line.startswith("driver.kfd.permission_denied: ")
              and len(line.encode()) <= 80 and "\n" not in line,
              "npd: a problem exits 1 with the code in <= 80 bytes (%d)" % len(line.encode()), r)
        r = fake.gate("--npd", "--sysroot", os.path.join(tmp, "nowhere"))
        check(r.returncode == 2 and len(r.stdout.rstrip("\n").encode()) <= 80,
              "npd: a bad --sysroot is unknown (exit 2), still one short line", r)
        started = time.monotonic()
        r = fake.gate("--npd")
        took = time.monotonic() - started
        check(r.returncode in (0, 1, 2) and len(r.stdout.rstrip("\n").encode()) <= 80,
              "npd on this host answers (exit %d) in %.2f s: %s"
              % (r.returncode, took, r.stdout.strip()), r)
        check(took < 5, "npd on this host fits NPD's default 5 s plugin timeout")

    if FAILURES:
        print("%d failed" % len(FAILURES))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
