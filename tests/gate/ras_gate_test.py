#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The action ladder end to end (issue 18): rocm-doctor gate on the RAS machines with the stand-in
scontrol of gate_cli_test.py. A current uncorrectable error drains (isolate); retired pages at the
threshold drain saying replace, pending pages saying reset; retired pages that are history never
drain, --fail-on warn or not (ROCm/device-metrics-exporter#506); the NPD answer agrees."""
import argparse
import importlib.util
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("gate_cli_test", os.path.join(HERE, "gate_cli_test.py"))
gate_cli = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gate_cli)

DRAINS = {
    "mi300x-ras-ue-current": "rocm-doctor: hardware.ras.uncorrectable",
    "mi300x-ras-pages-over-threshold":
        "rocm-doctor: hardware.ras.pages_over_threshold (action: replace)",
    "mi300x-ras-pages-pending": "rocm-doctor: hardware.ras.pages_pending (action: reset)",
    "mi300x-aer-fatal": "rocm-doctor: hardware.pcie.aer_fatal",
}
STAYS = ("mi300x-ras-healthy", "mi300x-ras-stale-history")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--machines", required=True)
    args = parser.parse_args()
    check = gate_cli.check
    with tempfile.TemporaryDirectory(prefix="rocmdoc-ras-gate-") as tmp:
        fake = gate_cli.Fake(tmp, args.binary)
        slurm = ["--slurm", "--scontrol", fake.scontrol, "--node", "gpu-07"]
        for name, reason in DRAINS.items():
            fake.set_node("gpu-07", "IDLE")
            r = fake.gate(*slurm, "--sysroot", os.path.join(args.machines, name))
            check(r.returncode == 1 and fake.calls()[-1:] == [
                ["update", "nodename=gpu-07", "state=drain", "reason=" + reason]],
                "%s drains with reason %r: %s" % (name, reason, fake.calls()), r)
        for name in STAYS:
            for extra in ([], ["--fail-on", "warn"]):
                fake.set_node("gpu-07", "IDLE")
                r = fake.gate(*slurm, *extra, "--sysroot", os.path.join(args.machines, name))
                check(r.returncode == 0 and fake.calls() == [["show", "node", "gpu-07"]]
                      and fake.node("gpu-07")["reason"] is None,
                      "%s %s leaves the node in service" % (name, " ".join(extra)), r)
        stale = os.path.join(args.machines, "mi300x-ras-stale-history")
        r = fake.gate("--npd", "--sysroot", stale)
        check(r.returncode == 0, "NPD: stale history is OK", r)
        r = fake.gate("--npd", "--sysroot", os.path.join(args.machines, "mi300x-ras-pages-pending"))
        check(r.returncode == 1 and r.stdout.startswith("hardware.ras.pages_pending [reset]"),
              "NPD: pending pages are a problem that says reset", r)
    if gate_cli.FAILURES:
        print("%d failed" % len(gate_cli.FAILURES))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
