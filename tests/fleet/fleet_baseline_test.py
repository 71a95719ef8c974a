#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A fleet of replayed bench reports: outliers by MAD and a baseline that round-trips.

One report is what `rocm-doctor bench --sysroot tests/machines/mi300x-bench-healthy --level
standard --format json` writes; six nodes are made from it by varying its memory figures by a few
per mille, and node-04's memory.triad by -10% (3.90 TB/s, well above the built-in 3.45 TB/s
floor). Then:

  - `fleet summarize --format json` lists node-04's memory.triad as trailing its fleet, and
    nothing else; the terminal and HTML outputs name it first;
  - a fleet of two nodes flags nothing and says why;
  - `fleet baseline` writes a thresholds file that `bench --thresholds FILE` (and `check
    --thresholds FILE --level standard`) accept: the replayed machine passes it (exit 0) and each
    judged row names the file; a baseline of a fleet 15% faster than the machine fails its
    memory figures (exit 1), where the built-in floors pass them.

Partitions (issue 19): the machine's MI300X is in SPX/NPS1 (sysfs current_compute_partition,
current_memory_partition), which its report's gpus[] carries; four more nodes are made CPX
(their GPU's compute_partition set to CPX, their rates an eighth of the SPX figures). Then:

  - `fleet summarize` groups them apart ("AMD Instinct MI300X, CPX/NPS1") and flags no CPX
    node, and still only node-04;
  - `fleet baseline` writes one file per partition (FILE-amd-instinct-mi300x-cpx-nps1.csv and
    -spx-nps1.csv) whose rows carry the partition;
  - on the SPX machine the CPX file judges nothing (the built-in rows do) and the SPX file
    judges its figures; on a copy of the machine switched to CPX in sysfs, the other way round.
"""
import argparse
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile

MACHINE = "mi300x-bench-healthy"
FACTORS = [1.0, 1.004, 0.997, 0.90, 1.002, 0.999]  # memory.triad of node-01..06


def run(args, ok=(0,)):
    r = subprocess.run(args, capture_output=True, text=True, timeout=120)
    if r.returncode not in ok:
        raise RuntimeError("%s exited %d\nstdout: %s\nstderr: %s" %
                           (" ".join(args), r.returncode, r.stdout[-2000:], r.stderr[-2000:]))
    return r


def write_fleet(report, out_dir, factors, triad_only=True, scale_all=1.0):
    os.makedirs(out_dir)
    for i, f in enumerate(factors):
        node = copy.deepcopy(report)
        node["host"]["hostname"] = "node-%02d" % (i + 1)
        for b in node["benchmarks"]:
            if b["unit"] != "B/s" or b["median"] is None:
                continue
            k = f if b["name"] == "memory.triad" else (1 + 0.001 * i)
            if b["name"].startswith("memory."):
                k *= scale_all
            for key in ("best", "median", "worst"):
                if b.get(key) is not None:
                    b[key] *= k
        with open(os.path.join(out_dir, "node-%02d.json" % (i + 1)), "w") as out:
            json.dump(node, out)


def write_cpx_nodes(report, out_dir, count):
    """`count` nodes like `report` whose GPU is in CPX mode: rates an eighth, a few per mille
    apart."""
    for i in range(count):
        node = copy.deepcopy(report)
        node["host"]["hostname"] = "cpx-%02d" % (i + 1)
        for g in node["gpus"]:
            g["compute_partition"] = "CPX"
        for b in node["benchmarks"]:
            if b["unit"] in ("B/s", "FLOP/s") and b["median"] is not None:
                for key in ("best", "median", "worst"):
                    if b.get(key) is not None:
                        b[key] *= (1 + 0.002 * i) / 8
        with open(os.path.join(out_dir, "cpx-%02d.json" % (i + 1)), "w") as out:
            json.dump(node, out)


def judged_by(binary, machine, thresholds):
    """The benchmark names `bench --thresholds FILE` judged by FILE's rows on `machine`."""
    r = run([binary, "bench", "--sysroot", machine, "--thresholds", thresholds, "--format",
             "json"], ok=(0, 1, 2))
    return sorted(b["name"] for b in json.loads(r.stdout)["benchmarks"]
                  if (b["threshold"] or "").startswith(thresholds))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--machines", required=True)
    a = ap.parse_args()
    machine = os.path.join(a.machines, MACHINE)
    failures = []

    def expect(cond, what):
        print(("ok   " if cond else "FAIL ") + what)
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory() as tmp:
        one = os.path.join(tmp, "one.json")
        run([a.binary, "bench", "--sysroot", machine, "--level", "standard", "--format", "json",
             "-o", one])
        with open(one) as f:
            report = json.load(f)

        fleet = os.path.join(tmp, "fleet")
        write_fleet(report, fleet, FACTORS)
        summary = json.loads(run([a.binary, "fleet", "summarize", fleet, "--format",
                                  "json"]).stdout)
        flagged = [(t["node"], t["benchmark"]) for t in summary["trailing"]]
        expect(flagged == [("node-04", "memory.triad")],
               "the slow-but-passing node and only it trails: %s" % flagged)
        t = summary["trailing"][0] if summary["trailing"] else {}
        expect(t.get("verdict") == "pass" and t.get("limit_kind") == "floor",
               "it passed its own floor (%s, %s)" % (t.get("verdict"), t.get("limit")))
        terminal = run([a.binary, "fleet", "summarize", fleet]).stdout
        expect(terminal.find("Trailing the fleet") < terminal.find("Nodes by root cause") and
               "node-04 0000:0c:00.0  memory.triad" in terminal, "the terminal names it first")
        page = run([a.binary, "fleet", "summarize", fleet, "--format", "html"]).stdout
        expect(0 < page.find('id="trailing"') < page.find('id="nodes"'),
               "the page lists it before the node table")

        pair = os.path.join(tmp, "pair")
        write_fleet(report, pair, [1.0, 0.8])
        s2 = json.loads(run([a.binary, "fleet", "summarize", pair, "--format", "json"]).stdout)
        triad = [f for f in s2["benchmarks"] if f["name"] == "memory.triad"][0]
        expect(not s2["trailing"] and not triad["mad_judged"] and
               "fewer than 3" in (triad["not_judged"] or ""),
               "two nodes: no judgement, said so (%s)" % triad["not_judged"])

        baseline = os.path.join(tmp, "baseline.csv")
        run([a.binary, "fleet", "baseline", fleet, "-o", baseline])
        with open(baseline) as f:
            text = f.read()
        expect('"AMD Instinct MI300X",memory.triad,min,' in text and "over 6 nodes" in text,
               "the baseline has a memory.triad floor from 6 nodes")
        gpus = report["gpus"]
        expect(gpus and gpus[0].get("compute_partition") == "SPX" and
               gpus[0].get("memory_partition") == "NPS1" and ",,SPX/NPS1\n" in text,
               "the report says SPX/NPS1 and the baseline's rows hold for that partition (%s)" %
               [(g.get("compute_partition"), g.get("memory_partition")) for g in gpus])
        for command in (["bench"], ["check", "--level", "standard"]):
            # The same exit as with the built-in floors (check also judges checks that are not
            # benchmarks), and every figure the baseline has a row for judged by it.
            plain = run([a.binary] + command + ["--sysroot", machine], ok=(0, 1, 2)).returncode
            r = run([a.binary] + command + ["--sysroot", machine, "--thresholds", baseline,
                                            "--format", "json"], ok=(0, 1, 2))
            judged = json.loads(r.stdout)["benchmarks"]
            by_file = [b["name"] for b in judged if (b["threshold"] or "").startswith(baseline)]
            not_passed = [b["name"] for b in judged
                          if b["name"] in by_file and b["verdict"] != "pass"]
            expect(r.returncode == plain and "memory.triad" in by_file and
                   "launch.roundtrip" in by_file and not not_passed,
                   "%s --thresholds BASELINE: exit %d (%d without), judged by it: %s; not passed: %s"
                   % (command[0], r.returncode, plain, ", ".join(by_file), not_passed))

        faster = os.path.join(tmp, "faster")
        write_fleet(report, faster, [1.0, 1.001, 0.999, 1.0, 1.002, 0.998], scale_all=1.15)
        fast_baseline = os.path.join(tmp, "fast.csv")
        run([a.binary, "fleet", "baseline", faster, "-o", fast_baseline])
        r = run([a.binary, "bench", "--sysroot", machine, "--thresholds", fast_baseline,
                 "--format", "json"], ok=(0, 1, 2))
        judged = json.loads(r.stdout)["benchmarks"]
        failed = sorted(b["name"] for b in judged if b["verdict"] == "fail")
        expect(r.returncode == 1 and "memory.triad" in failed and
               all(n.startswith("memory.") for n in failed),
               "a baseline 15%% faster fails the machine's memory figures: exit %d, %s" %
               (r.returncode, failed))
        # SPX and CPX nodes of one model: two groups, no CPX node flagged.
        mixed = os.path.join(tmp, "mixed")
        write_fleet(report, mixed, FACTORS)
        write_cpx_nodes(report, mixed, 4)
        s3 = json.loads(run([a.binary, "fleet", "summarize", mixed, "--format", "json"]).stdout)
        flagged = [(t["node"], t["benchmark"]) for t in s3["trailing"]]
        expect(flagged == [("node-04", "memory.triad")],
               "with four CPX nodes, still only node-04 trails: %s" % flagged)
        triads = sorted((f["partition"], f["nodes"]) for f in s3["benchmarks"]
                        if f["name"] == "memory.triad")
        expect(triads == [("CPX/NPS1", 4), ("SPX/NPS1", 6)],
               "memory.triad is one group per partition: %s" % triads)
        expect(not any(o["node"].startswith("cpx") for f in s3["benchmarks"]
                       for o in f["outliers"]), "no CPX node is an outlier")
        base = os.path.join(tmp, "base.csv")
        r = run([a.binary, "fleet", "baseline", mixed, "-o", base])
        cpx_file = os.path.join(tmp, "base-amd-instinct-mi300x-cpx-nps1.csv")
        spx_file = os.path.join(tmp, "base-amd-instinct-mi300x-spx-nps1.csv")
        expect(os.path.isfile(cpx_file) and os.path.isfile(spx_file),
               "one baseline file per partition: %s" % r.stderr.strip())
        if os.path.isfile(cpx_file) and os.path.isfile(spx_file):
            with open(cpx_file) as f:
                cpx_text = f.read()
            expect(",,CPX/NPS1\n" in cpx_text and "over 4 nodes" in cpx_text,
                   "the CPX file's rows name the partition and its 4 nodes")
            on_spx = (judged_by(a.binary, machine, cpx_file),
                      judged_by(a.binary, machine, spx_file))
            expect(not on_spx[0] and "memory.triad" in on_spx[1],
                   "on the SPX machine the CPX file judges nothing (%s), the SPX file judges %s"
                   % (on_spx[0], on_spx[1]))
            # The same machine switched to CPX in sysfs: the other way round.
            cpx_machine = os.path.join(tmp, "cpx-machine")
            shutil.copytree(machine, cpx_machine, symlinks=True)
            with open(os.path.join(cpx_machine, "sys/bus/pci/devices/0000:0c:00.0/"
                                   "current_compute_partition"), "w") as f:
                f.write("CPX\n")
            on_cpx = (judged_by(a.binary, cpx_machine, cpx_file),
                      judged_by(a.binary, cpx_machine, spx_file))
            expect("memory.triad" in on_cpx[0] and not on_cpx[1],
                   "on a CPX machine the CPX file judges %s, the SPX file nothing (%s)"
                   % (on_cpx[0], on_cpx[1]))
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
