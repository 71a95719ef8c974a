#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""rocm-doctor gate --slurm against a real one-node Slurm cluster on localhost.

Debian's munged, slurmctld and slurmd run from a private temporary directory (their own
slurm.conf, munge key and socket, state and spool directories, free TCP ports), in the
foreground, as children of this script; every path out of it stops them and removes the
directory, and PR_SET_PDEATHSIG kills them even if this script is killed outright.

What it proves:
  1. slurmd itself runs the gate as its HealthCheckProgram when it starts (as root, with only
     SLURMD_NODENAME in the environment); on this GPU-less host the gate fails and drains the node
     with reason "rocm-doctor: hardware.gpu.none_found". Run again, it changes nothing.
     (Every gate on this host skips the frameworks layer, see Cluster.skip.)
  2. A gate on a replayed healthy machine (--sysroot) resumes the node it drained.
  3. A node drained by someone else ("maintenance") is left alone by a failing and by a passing
     gate.
  4. --dry-run reads the state and prints the scontrol command without running it.
  5. As the Prolog of a job, a failing gate drains the node with its reason before the job
     starts; Slurm requeues the job held and keeps the rocm-doctor reason.

Needs root (slurmd and scontrol update) and the binaries; otherwise it says why and exits 77,
which ctest reports as skipped.
"""
import argparse
import ctypes
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

SKIP = 77
TMP_PREFIX = "rocmdoc-slurm-"
DAEMONS = ("munged", "slurmctld", "slurmd", "scontrol", "sinfo", "sbatch", "squeue", "scancel")
PR_SET_PDEATHSIG = 1
_libc = ctypes.CDLL(None, use_errno=True)


def die_with_parent():
    """preexec_fn: the daemon gets SIGKILL when this script dies, however it dies."""
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def remove_stale_dirs():
    """A run killed outright (SIGKILL) cannot remove its directory: the next run does, once the
    process named in the directory's name is gone."""
    base = tempfile.gettempdir()
    for name in os.listdir(base):
        if not name.startswith(TMP_PREFIX):
            continue
        pid = name[len(TMP_PREFIX):].split("-", 1)[0]
        if pid.isdigit() and not os.path.exists("/proc/" + pid):
            shutil.rmtree(os.path.join(base, name), ignore_errors=True)


def which(name):
    for d in ("/usr/sbin", "/usr/bin", "/sbin", "/bin"):
        p = os.path.join(d, name)
        if os.access(p, os.X_OK):
            return p
    return shutil.which(name)


def free_ports(n):
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    return ports


class Cluster:
    def __init__(self, tmp, bins, node, gate_binary, failing_sysroot):
        self.tmp = tmp
        self.bins = bins
        self.node = node
        self.procs = []
        self.cluster_name = "rdtest%d" % os.getpid()
        self.conf = os.path.join(tmp, "slurm.conf")
        self.env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "SLURM_CONF": self.conf,
                    "LANG": "C"}
        self.gate_binary = gate_binary
        self.failing_sysroot = failing_sysroot
        # The gates on this host skip the frameworks layer: importing torch takes seconds (tens
        # of seconds on a loaded CI VM) and has nothing to do with draining and resuming.
        self.skip = "" if failing_sysroot else " --skip frameworks"

    def start(self):
        tmp = self.tmp
        # munged wants every directory above its socket searchable by all, the key private.
        os.chmod(tmp, 0o755)
        munge_dir = os.path.join(tmp, "munge")
        os.mkdir(munge_dir, 0o755)
        for d in ("state", "spool"):
            os.mkdir(os.path.join(tmp, d), 0o755)
        key = os.path.join(tmp, "munge.key")
        with open(os.open(key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as f:
            f.write(os.urandom(1024))
        self.munge_socket = os.path.join(munge_dir, "munge.socket")
        self.spawn("munged", [self.bins["munged"], "-F", "--key-file=" + key,
                              "--socket=" + self.munge_socket,
                              "--pid-file=" + os.path.join(munge_dir, "munged.pid"),
                              "--seed-file=" + os.path.join(munge_dir, "munged.seed"),
                              "--log-file=" + os.path.join(tmp, "munged.log")])
        self.wait_for(lambda: os.path.exists(self.munge_socket), "munged's socket", 10)

        ctld_port, slurmd_port = free_ports(2)
        # The HealthCheckProgram slurmd runs: a wrapper, because slurmd gives it an environment
        # of SLURMD_NODENAME only, and scontrol must find this cluster's slurm.conf.
        health = os.path.join(tmp, "health-check.sh")
        sysroot = " --sysroot '%s'" % self.failing_sysroot if self.failing_sysroot else ""
        with open(health, "w") as f:
            f.write("#!/bin/sh\nexport SLURM_CONF='%s'\nenv > '%s/health-check.env'\n"
                    "exec '%s' gate --slurm%s >> '%s/health-check.log' 2>&1\n"
                    % (self.conf, tmp, self.gate_binary, sysroot + self.skip, tmp))
        os.chmod(health, 0o755)
        # The Prolog, as docs/slurm.md suggests it (runs only when a job starts: scenario 5).
        prolog = os.path.join(tmp, "prolog.sh")
        with open(prolog, "w") as f:
            f.write("#!/bin/sh\nexport SLURM_CONF='%s'\n"
                    "'%s' gate --slurm --deadline 8%s%s >> '%s/prolog.log' 2>&1 || exit 1\n"
                    % (self.conf, self.gate_binary, sysroot, self.skip, tmp))
        os.chmod(prolog, 0o755)
        with open(self.conf, "w") as f:
            f.write("\n".join([
                "ClusterName=%s" % self.cluster_name,
                "SlurmctldHost=localhost",
                "SlurmctldPort=%d" % ctld_port,
                "SlurmdPort=%d" % slurmd_port,
                "SlurmUser=root",
                "SlurmdUser=root",
                "AuthType=auth/munge",
                "AuthInfo=socket=%s" % self.munge_socket,
                "CredType=cred/munge",
                "StateSaveLocation=%s/state" % tmp,
                "SlurmdSpoolDir=%s/spool" % tmp,
                "SlurmctldPidFile=%s/slurmctld.pid" % tmp,
                "SlurmdPidFile=%s/slurmd.pid" % tmp,
                "SlurmctldLogFile=%s/slurmctld.log" % tmp,
                "SlurmdLogFile=%s/slurmd.log" % tmp,
                "ProctrackType=proctrack/linuxproc",
                "TaskPlugin=task/none",
                "SelectType=select/linear",
                "SchedulerType=sched/builtin",
                "MpiDefault=none",
                "MailProg=/bin/true",
                "JobCompType=jobcomp/none",
                "AccountingStorageType=accounting_storage/none",
                "ReturnToService=2",
                "HealthCheckProgram=%s" % health,
                "Prolog=%s" % prolog,
                # Only the run at slurmd's start matters here; no second run during the test.
                "HealthCheckInterval=3600",
                "NodeName=%s NodeAddr=127.0.0.1 CPUs=%d State=UNKNOWN"
                % (self.node, os.cpu_count() or 1),
                "PartitionName=debug Nodes=%s Default=YES State=UP" % self.node,
                ""]))
        self.spawn("slurmctld", [self.bins["slurmctld"], "-D", "-f", self.conf])
        self.wait_for(lambda: self.run(["scontrol", "ping"]).returncode == 0, "slurmctld", 30)
        # Never gate a real cluster by mistake: scontrol must be talking to this one.
        config = self.run(["scontrol", "show", "config"]).stdout
        if "ClusterName             = %s" % self.cluster_name not in config:
            raise RuntimeError("scontrol does not talk to the test cluster:\n" + config[:2000])
        self.spawn("slurmd", [self.bins["slurmd"], "-D", "-f", self.conf, "-N", self.node])

    def spawn(self, name, argv):
        log = open(os.path.join(self.tmp, name + ".out"), "w")
        proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=self.env,
                                cwd=self.tmp, preexec_fn=die_with_parent)
        self.procs.append((name, proc, log))

    def stop(self):
        for _, proc, _ in self.procs:
            if proc.poll() is None:
                proc.terminate()
        deadline = time.monotonic() + 5
        for _, proc, log in self.procs:
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            log.close()
        self.procs = []

    def run(self, argv, timeout=30):
        return subprocess.run(argv, env=self.env, capture_output=True, text=True, timeout=timeout)

    def wait_for(self, predicate, what, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for name, proc, _ in self.procs:
                if proc.poll() is not None:
                    raise RuntimeError("%s exited (%s) while waiting for %s:\n%s"
                                       % (name, proc.returncode, what, self.log(name)))
            if predicate():
                return
            time.sleep(0.1)
        raise RuntimeError("timed out waiting for %s\n%s" % (what, self.logs()))

    def log(self, name):
        try:
            with open(os.path.join(self.tmp, name + ".out"), errors="replace") as f:
                return f.read()[-3000:]
        except OSError:
            return ""

    def logs(self):
        text = ""
        for name in ("slurmctld", "slurmd", "health-check"):
            path = os.path.join(self.tmp, name + (".log" if name == "health-check" else ".out"))
            if os.path.exists(path):
                with open(path, errors="replace") as f:
                    text += "--- %s\n%s\n" % (name, f.read()[-3000:])
        return text

    def state(self):
        """(state, reason) as sinfo shows them: an independent reading from the gate's parser."""
        out = self.run(["sinfo", "-h", "-N", "-n", self.node, "-o", "%T|%E"]).stdout
        line = out.strip().splitlines()[0] if out.strip() else "|"
        state, _, reason = line.partition("|")
        return state, reason

    def gate(self, *args):
        argv = [self.gate_binary, "gate", "--slurm", "--node", self.node,
                "--scontrol", self.bins["scontrol"]] + list(args)
        return self.run(argv, timeout=60)


STARTED = time.monotonic()


def check(condition, message, cluster=None, result=None):
    if condition:
        print("ok   %5.1f s  %s" % (time.monotonic() - STARTED, message))
        return
    detail = ""
    if result is not None:
        detail += "\nexit %d\nstdout:\n%s\nstderr:\n%s" % (result.returncode, result.stdout,
                                                          result.stderr)
    if cluster is not None:
        detail += "\n" + cluster.logs()
    raise AssertionError(message + detail)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--machines", required=True, help="tests/machines")
    parser.add_argument("--healthy", default="mi300x-healthy")
    parser.add_argument("--no-gpu", default="vm-no-gpu")
    args = parser.parse_args()

    if os.geteuid() != 0:
        print("SKIP: needs root (slurmd and scontrol update run as root)")
        return SKIP
    bins = {name: which(name) for name in DAEMONS}
    missing = [name for name, path in bins.items() if not path]
    if missing:
        print("SKIP: not installed: %s (apt-get install slurm-wlm munge)" % ", ".join(missing))
        return SKIP

    healthy = os.path.abspath(os.path.join(args.machines, args.healthy))
    # The scenario needs a failing gate on this host: with no AMD GPU here it fails by itself; on
    # a host with one, the GPU-less replayed machine stands in for it.
    live = subprocess.run([args.binary, "check", "--only", "hardware.gpus", "--format", "json"],
                          capture_output=True, text=True)
    live_codes = [c["code"] for c in json.loads(live.stdout).get("root_causes", [])]
    failing_sysroot = None
    if "hardware.gpu.none_found" not in live_codes:
        failing_sysroot = os.path.join(args.machines, args.no_gpu)
        print("note: this host has an AMD GPU; the failing gate replays %s" % failing_sysroot)
    # Like the health check and the Prolog, the direct runs skip the frameworks layer.
    fail_args = ["--sysroot", failing_sysroot] if failing_sysroot else ["--skip", "frameworks"]
    reason = "rocm-doctor: hardware.gpu.none_found"

    node = socket.gethostname().split(".")[0]
    remove_stale_dirs()
    tmp = tempfile.mkdtemp(prefix="%s%d-" % (TMP_PREFIX, os.getpid()))
    cluster = Cluster(tmp, bins, node, os.path.abspath(args.binary),
                      os.path.abspath(failing_sysroot) if failing_sysroot else None)

    def on_signal(signum, _frame):
        raise SystemExit(128 + signum)

    for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(s, on_signal)
    started = time.monotonic()
    try:
        cluster.start()
        print("     cluster up in %.1f s" % (time.monotonic() - started))
        # 1. slurmd's own health check at its start drains the node.
        cluster.wait_for(lambda: cluster.state()[1] == reason, "the health check's drain", 60)
        state, why = cluster.state()
        check(state.startswith("drain"), "slurmd's HealthCheckProgram drained %s (%s, %s)"
              % (node, state, why), cluster)
        with open(os.path.join(tmp, "health-check.env")) as f:
            env_names = sorted(line.split("=", 1)[0] for line in f if "=" in line)
        check("SLURMD_NODENAME" in env_names,
              "slurmd gave the health check SLURMD_NODENAME (env: %s)" % " ".join(env_names))
        r = cluster.gate(*fail_args)
        check(r.returncode == 1 and "already drained" in r.stdout,
              "a second failing gate exits 1 and changes nothing", cluster, r)

        # 2. A healthy replayed machine resumes the node rocm-doctor drained.
        r = cluster.gate("--sysroot", healthy)
        state, why = cluster.state()
        check(r.returncode == 0 and "resumed" in r.stdout, "a passing gate exits 0: resumed",
              cluster, r)
        check("drain" not in state and why == "none",
              "the node is no longer drained (%s, reason %s)" % (state, why), cluster)

        # 4. --dry-run changes nothing and prints the command.
        r = cluster.gate("--dry-run", *fail_args)
        check(r.returncode == 1 and "would run: " in r.stdout and "state=drain" in r.stdout,
              "--dry-run prints the scontrol update it would run", cluster, r)
        check("drain" not in cluster.state()[0], "--dry-run left the node as it was", cluster)

        # 3. Someone else's drain is never touched.
        r = cluster.run(["scontrol", "update", "nodename=" + node, "state=drain",
                         "reason=maintenance"])
        check(r.returncode == 0, "an admin drains the node for maintenance", cluster, r)
        r = cluster.gate(*fail_args)
        check(r.returncode == 1 and cluster.state()[1] == "maintenance",
              "a failing gate leaves the maintenance reason", cluster, r)
        r = cluster.gate("--sysroot", healthy)
        state, why = cluster.state()
        check(r.returncode == 0 and state.startswith("drain") and why == "maintenance",
              "a passing gate does not resume a node drained for maintenance (%s)" % state,
              cluster, r)

        # 5. The gate as a job's Prolog.
        r = cluster.run(["scontrol", "update", "nodename=" + node, "state=resume"])
        check(r.returncode == 0, "the admin's maintenance is over: resumed", cluster, r)
        r = cluster.run(["sbatch", "-N1", "-o", "/dev/null", "--wrap", "true"])
        check(r.returncode == 0, "a job is submitted (%s)" % r.stdout.strip(), cluster, r)
        job = r.stdout.split()[-1]
        cluster.wait_for(lambda: cluster.state()[1] == reason, "the Prolog's drain", 60)
        cluster.wait_for(lambda: "held" in cluster.run(
            ["squeue", "-h", "-j", job, "-o", "%r"]).stdout, "the job to be requeued held", 60)
        state, why = cluster.state()
        check(state.startswith("drain") and why == reason,
              "the Prolog drained the node with its reason; Slurm kept it (%s, %s)"
              % (state, why), cluster)
        cluster.run(["scancel", job])
        return 0
    finally:
        cluster.stop()
        shutil.rmtree(tmp, ignore_errors=True)
        print("slurm gate test: %.1f s, daemons stopped" % (time.monotonic() - started))


if __name__ == "__main__":
    sys.exit(main())
