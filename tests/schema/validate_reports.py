#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Validates rocm-doctor's JSON output against docs/report.schema.json (python3-jsonschema).

Covers the live host, a policy run, interrupted runs, the error document that JSON mode prints
for bad usage, and every replayed machine through its golden report (--goldens: test_machines
requires each machine's report to equal its golden copy, timings and start time taken out, so
the copy stands for the report without running every machine a second time). Exits non-zero if
any document is invalid.
"""
import argparse
import json
import os
import signal
import subprocess
import sys

import jsonschema


def run(binary, args, pending_signal=None):
    def pending():
        # The signal is there, blocked, before the doctor's first instruction: an interrupted
        # run's partial report (exit 130/143, "interrupted": true).
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGINT, signal.SIGTERM])
        os.kill(os.getpid(), pending_signal)

    proc = subprocess.run([binary] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=60, check=False,
                          preexec_fn=pending if pending_signal else None)
    return proc.returncode, proc.stdout.decode("utf-8")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--schema", required=True)
    parser.add_argument("--machines", required=True)
    parser.add_argument("--goldens", required=True)
    args = parser.parse_args()
    with open(args.schema, encoding="utf-8") as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema, format_checker=jsonschema.FormatChecker())

    cases = [("live host", ["check", "--format", "json"]),
             ("bad usage", ["check", "--format", "json", "--only", "no.such_check"]),
             ("missing sysroot", ["check", "--format", "json", "--sysroot", "/nonexistent/x"])]
    # A policy run (the policy layer, "policy", waived findings) and a redacted one ("redacted").
    policy = os.path.join(args.machines, "..", "..", "docs", "policies", "mi300x-node.toml")
    cases += [("policy", ["check", "--format", "json", "--policy", policy, "--sysroot",
                          os.path.join(args.machines, "mi300x-healthy")]),
              ("redacted live host", ["check", "--format", "json", "--redact"])]
    # Interrupted before the checks started: the partial report, exit 130 / 143.
    interrupted = {"interrupted by SIGINT": signal.SIGINT, "interrupted by SIGTERM": signal.SIGTERM}
    cases += [(name, ["check", "--format", "json", "--sysroot",
                      os.path.join(args.machines, "mi300x-healthy")]) for name in interrupted]
    failures = 0
    goldens = 0
    for name in sorted(os.listdir(args.machines)):
        if not os.path.isfile(os.path.join(args.machines, name, "EXPECT")):
            continue
        golden = os.path.join(args.goldens, name + ".json")
        try:
            with open(golden, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, json.JSONDecodeError) as e:
            print(f"FAIL {name}: no golden report ({e})")
            failures += 1
            continue
        # What tests/machines/replay_test.cpp Normalized() takes out, put back as a run has it.
        doc.setdefault("started_at", "2026-12-05T00:00:00Z")
        doc.setdefault("duration_ms", 0)
        for check in doc.get("checks", []):
            if isinstance(check, dict):
                check.setdefault("duration_ms", 0)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        goldens += 1
        if errors:
            failures += 1
            for e in errors[:5]:
                print(f"FAIL {name} (golden): {'/'.join(map(str, e.path))}: {e.message}")
    print(f"{goldens} machines' golden reports validated")
    if goldens < 50:
        print("FAIL: fewer than 50 machines found")
        failures += 1
    for name, argv in cases:
        code, out = run(args.binary, argv, interrupted.get(name))
        try:
            doc = json.loads(out)
        except json.JSONDecodeError as e:
            print(f"FAIL {name}: stdout is not JSON ({e}): {out[:200]!r}")
            failures += 1
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        if errors:
            failures += 1
            for e in errors[:5]:
                print(f"FAIL {name}: {'/'.join(map(str, e.path))}: {e.message}")
        elif doc["exit_code"] != code:
            failures += 1
            print(f"FAIL {name}: exit_code {doc['exit_code']} but the process exited {code}")
        else:
            print(f"ok   {name} (verdict {doc['verdict']}, exit {code})")
    print(f"{len(cases) + goldens - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
