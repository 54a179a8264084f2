#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The device check (tests/gpu/README.md): kwb's GPU paths exercised in one call on a GPU host, results under $OUT.

Started by tests/gpu/device-check.sh; needs only python3's standard library (the runner python with torch and
triton is found separately). Environment:

  OUT                          results folder (created): summary.json, summary.md, device-check.log, raw.tar.gz
                               (raw-2.tar.gz … only when one part is not enough) — at most 8 files of 16 MiB
  KWB_DEVICE_CHECK_DRY=1       skip every step that needs the GPU host ("skipped (dry run)"); the rest runs for real
  KWB_DEVICE_CHECK_CARRY       the kwb bundle (default build/device-check/kwb-carry.tar.gz, made by pack_kwb.sh)
  KWB_BIN                      use this kwb instead of the bundle
  KWB_DEVICE_CHECK_DEADLINE_S  seconds for all the steps (default 450); a step that no longer fits is
                               "skipped (time budget)", one that overruns its own limit "timeout"
  KWB_DEVICE_CHECK_JOBS        steps side by side in the correctness phase (default: a third of the cores, 2 to 6)
  KWB_DEVICE_CHECK_ONLY        regular expression: run only the steps whose names match (setup steps always run)
  KWB_DEVICE_CHECK_WORK        work folder (default: a fresh temporary one, removed at the end)
  KWB_PYTHON                   the runner python (default: the first python3 that has torch and triton)

Exit: 0 every step passed or was skipped, 1 a step failed, timed out or found something unexpected, 2 no usable OUT.
"""

import concurrent.futures
import datetime
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
import outdir  # noqa: E402

PACK_RESERVE_S = 20  # kept back from the deadline for packing and the summary
MIN_STEP_S = 10  # a step that would get less than this is skipped


def now_utc():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class Interrupted(BaseException):
    """Raised in the main thread by a signal: not an error of a step (execute() must not catch it)."""


class Ran:
    def __init__(self, rc, timed_out, wall, out, err):
        self.rc, self.timed_out, self.wall, self.out, self.err = rc, timed_out, wall, out, err

    def tail(self, n=3):
        for path in (self.err, self.out):
            if path and path.exists():
                lines = [ln for ln in path.read_text(errors="replace").splitlines() if ln.strip()]
                if lines:
                    return " | ".join(lines[-n:])[-400:]
        return ""


class DeviceCheck:
    def __init__(self, out):
        self.out = out
        self.dry = os.environ.get("KWB_DEVICE_CHECK_DRY") == "1"
        self.t0 = time.monotonic()
        self.deadline_s = float(os.environ.get("KWB_DEVICE_CHECK_DEADLINE_S", "450"))
        self.only = re.compile(os.environ["KWB_DEVICE_CHECK_ONLY"]) if os.environ.get("KWB_DEVICE_CHECK_ONLY") else None
        cores = os.cpu_count() or 2
        self.jobs = int(os.environ.get("KWB_DEVICE_CHECK_JOBS", str(min(6, max(2, cores // 3)))))
        self.keep_work = bool(os.environ.get("KWB_DEVICE_CHECK_WORK"))
        self.work = Path(os.environ.get("KWB_DEVICE_CHECK_WORK") or tempfile.mkdtemp(prefix="kwb-device-check."))
        self.raw = self.work / "raw"
        self.raw.mkdir(parents=True, exist_ok=True)
        self.lock = threading.RLock()  # re-entrant: the signal handler takes it in the main thread
        self.active = set()  # process groups of the commands running now
        self.interrupted = False
        self.no_gpu = False
        for old in [*out.glob("raw*.tar.gz"), out / "summary.json", out / "summary.md"]:
            old.unlink(missing_ok=True)  # a previous check's files (never anything else in OUT)
        self.logfile = open(self.out / "device-check.log", "w", encoding="utf-8")
        self.kwb = None
        self.kwb_env = {}
        self.python = None
        self.sandbox_args = []
        self.facts = {"dry_run": self.dry, "started": now_utc(), "repo": str(REPO), "work": str(self.work)}
        self.steps = []
        self.expect = json.loads((HERE / "expectations.json").read_text())["steps"]

    # -- output ------------------------------------------------------------------------------------------------
    def log(self, msg):
        line = f"[{time.monotonic() - self.t0:6.1f}s] {msg}"
        with self.lock:
            print(line, flush=True)
            self.logfile.write(line + "\n")
            self.logfile.flush()

    def step_dir(self, step):
        d = self.raw / step.name
        d.mkdir(parents=True, exist_ok=True)
        return d

    # -- processes ---------------------------------------------------------------------------------------------
    def remaining(self):
        return self.deadline_s - (time.monotonic() - self.t0) - PACK_RESERVE_S

    def run(self, step, argv, timeout, tag, env=None, cwd=None, stdout_name=None):
        """Runs argv with its own process group, killed at timeout; stdout to <tag>.out.txt (or stdout_name),
        stderr to <tag>.err.txt in the step's raw folder."""
        d = self.step_dir(step)
        out = d / (stdout_name or f"{tag}.out.txt")
        err = d / f"{tag}.err.txt"
        full_env = dict(os.environ)
        full_env.update(env or {})
        start = time.monotonic()
        timed_out = False
        with open(out, "wb") as fo, open(err, "wb") as fe:
            try:
                proc = subprocess.Popen([str(a) for a in argv], stdout=fo, stderr=fe, stdin=subprocess.DEVNULL,
                                        env=full_env, cwd=cwd or REPO, start_new_session=True)
            except OSError as e:
                fe.write(f"cannot start {argv[0]}: {e}\n".encode())
                return Ran(127, False, 0.0, out, err)
            with self.lock:
                self.active.add(proc.pid)
            try:
                rc = proc.wait(timeout=max(1, timeout))
            except subprocess.TimeoutExpired:
                timed_out = True
                for sig, grace in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
                    try:
                        os.killpg(proc.pid, sig)
                    except ProcessLookupError:
                        pass
                    try:
                        proc.wait(timeout=grace)
                        break
                    except subprocess.TimeoutExpired:
                        continue
                rc = proc.returncode if proc.returncode is not None else -9
            finally:
                with self.lock:
                    self.active.discard(proc.pid)
        wall = time.monotonic() - start
        with open(d / "commands.txt", "a") as f:
            f.write(f"$ {shlex.join(str(a) for a in argv)}\n  rc={rc} wall={wall:.1f}s"
                    f"{' TIMEOUT' if timed_out else ''}\n")
        self.log(f"  {step.name}: {Path(str(argv[0])).name} {' '.join(str(a) for a in argv[1:3])} … rc={rc} "
                 f"{wall:.1f}s{' (timeout)' if timed_out else ''}")
        return Ran(rc, timed_out, wall, out, err)

    def kwb_cmd(self, step, args, timeout, tag="kwb", stdout_name="report.json"):
        return self.run(step, [self.kwb, *args], timeout, tag, env=self.kwb_env, stdout_name=stdout_name)

    # -- step execution ----------------------------------------------------------------------------------------
    def execute(self, step):
        r = step.result
        if self.interrupted:
            r["status"] = "skipped (interrupted)"
            return
        if self.only and not step.phase == "setup" and not self.only.search(step.name):
            r["status"] = "skipped (not selected)"
            return
        if step.device and self.dry:
            r["status"] = "skipped (dry run)"
            r["detail"] = step.note
            return
        if step.device and self.no_gpu and not step.name.startswith("compile."):
            r["status"] = "skipped (no GPU: see gpu.nvidia-smi)"
            return
        if step.name != "kwb.locate" and getattr(step.action, "needs_kwb", False) and not self.kwb:
            r["status"] = "skipped (no kwb: see kwb.locate)"
            return
        budget = self.remaining() if step.phase != "setup" else self.deadline_s
        if budget < MIN_STEP_S:
            r["status"] = "skipped (time budget)"
            r["detail"] = f"{max(0, budget):.0f} s left of the {self.deadline_s:.0f} s deadline"
            return
        timeout = min(step.timeout, budget)
        r["timeout_s"] = round(timeout)
        self.log(f"{step.name}: start (limit {timeout:.0f} s)")
        r["status"] = "running"
        start = time.monotonic()
        try:
            status, detail, extra = step.action(self, step, timeout)
        except Exception as e:  # a bug here must not lose the other steps' results
            status, detail, extra = "failed", f"device_check.py: {type(e).__name__}: {e}", {}
        r["wall_s"] = round(time.monotonic() - start, 1)
        if self.interrupted:
            status, detail = "interrupted", f"killed by the interruption ({detail})"
        r["status"], r["detail"] = status, detail
        r.update(extra or {})
        self.log(f"{step.name}: {status} ({r['wall_s']} s){' — ' + detail if detail else ''}")

    def interrupt(self, signum, frame):
        """SIGTERM or SIGINT (an outer timeout, Ctrl+C), or the watchdog past the deadline: stop what runs, start
        nothing more, and still write the summary."""
        self.interrupted = True
        with self.lock:
            groups = list(self.active)
        for pgid in groups:
            try:
                os.killpg(pgid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        raise Interrupted(signal.Signals(signum).name)

    def run_all(self):
        signal.signal(signal.SIGTERM, self.interrupt)
        signal.signal(signal.SIGINT, self.interrupt)
        # The step limits keep inside the deadline; this is for a step that does not end when killed.
        watchdog = threading.Timer(self.deadline_s + 30, lambda: os.kill(os.getpid(), signal.SIGTERM))
        watchdog.daemon = True
        watchdog.start()
        try:
            self._run_phases()
        except Interrupted as e:
            self.log(f"interrupted ({e}): the running steps were killed, the rest is skipped")
            for s in self.steps:
                if s.result["status"] == "running":
                    s.result["status"] = "interrupted"
                elif s.result["status"] == "not started":
                    s.result["status"] = "skipped (interrupted)"
        finally:
            watchdog.cancel()
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_DFL)

    def _run_phases(self):
        for phase in ("setup", "first"):
            for s in [s for s in self.steps if s.phase == phase]:
                self.execute(s)
        gpu = next((s for s in self.steps if s.name == "gpu.nvidia-smi"), None)
        if gpu and gpu.result["status"] == "failed" and not os.path.exists("/dev/nvidiactl"):
            self.no_gpu = True
            self.log("no GPU visible (gpu.nvidia-smi failed, no /dev/nvidiactl): only the compile steps run")
        parallel = [s for s in self.steps if s.phase == "parallel"]
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.jobs) as pool:
            list(pool.map(self.execute, parallel))
        for s in [s for s in self.steps if s.phase == "serial"]:
            self.execute(s)

    # -- results -----------------------------------------------------------------------------------------------
    def finish(self):
        self.facts["finished"] = now_utc()
        self.facts["interrupted"] = self.interrupted
        self.facts["wall_s"] = round(time.monotonic() - self.t0, 1)
        results = [s.result for s in self.steps]
        counts = {}
        for r in results:
            key = r["status"].split(" ")[0]
            counts[key] = counts.get(key, 0) + 1
        shutil.copy(HERE / "expectations.json", self.raw / "expectations.json")
        parts, left_out = outdir.pack_raw(self.raw, self.out)
        summary = {"format": "kwb.device-check/1", **self.facts, "deadline_s": self.deadline_s, "jobs": self.jobs,
                   "counts": counts, "steps": results,
                   "out": {"files": parts + ["summary.json", "summary.md", "device-check.log"],
                           "raw_left_out": left_out}}
        bad = [r for r in results if r["status"].split(" ")[0] in ("failed", "timeout", "unexpected", "interrupted")]
        self.log(f"done in {self.facts['wall_s']} s: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
        self.logfile.close()
        (self.out / "summary.md").write_text(render_markdown(summary), encoding="utf-8")
        summary["out"]["problems"] = outdir.check(self.out)  # summary.json itself is small
        (self.out / "summary.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
        problems = outdir.check(self.out)
        for p in problems:
            print(f"device-check: $OUT breaks a limit: {p}", file=sys.stderr)
        if not self.keep_work:
            shutil.rmtree(self.work, ignore_errors=True)
        return 1 if bad or problems or self.interrupted else 0


def render_markdown(summary):
    lines = [f"# Device check {'(dry run) ' if summary['dry_run'] else ''}— {summary['started']}", ""]
    host = summary.get("host", {})
    gpu = summary.get("gpu", {})
    lines.append(f"Host: {host.get('os', '?')}, {host.get('cpus', '?')} CPUs; GPU: {gpu.get('name', 'n/a')} "
                 f"(driver {gpu.get('driver', 'n/a')}); kwb: {summary.get('kwb', {}).get('version', 'n/a')} from "
                 f"{summary.get('kwb', {}).get('source', 'n/a')}; runner python: "
                 f"{summary.get('python', {}).get('path', 'n/a')}; sandbox: {summary.get('sandbox', 'n/a')}.")
    lines.append(f"Wall time {summary['wall_s']} s (deadline {summary['deadline_s']:.0f} s). "
                 + ", ".join(f"{v} {k}" for k, v in sorted(summary["counts"].items())) + ".")
    lines += ["", "| step | status | wall s | detail |", "|---|---|---|---|"]
    for r in summary["steps"]:
        detail = r.get("detail", "").replace("|", "\\|").replace("\n", " ")
        lines.append(f"| `{r['name']}` | {r['status']} | {r['wall_s']} | {detail[:300]} |")
    comparisons = [r["comparison"] for r in summary["steps"] if r.get("comparison")]
    if comparisons:
        lines += ["", "## kwb bench vs triton.testing.do_bench vs torch CUDA events (median, same inputs)", "",
                  "| kernel | case | kwb | do_bench | events | do_bench/kwb | events/kwb |",
                  "|---|---|---|---|---|---|---|"]
        for c in comparisons:
            ratios = c.get("ratios", {})
            lines.append(f"| {c.get('task')} `{c.get('impl')}` | {c.get('case')} | {_us(c, 'kwb')} | "
                         f"{_us(c, 'do_bench')} | {_us(c, 'events')} | {_ratio(ratios.get('do_bench/kwb'))} | "
                         f"{_ratio(ratios.get('events/kwb'))} |")
    failed_checks = [(r["name"], c) for r in summary["steps"] for c in r.get("checks", []) if not c["ok"]]
    if failed_checks:
        lines += ["", "## Expectations not met", ""]
        for name, c in failed_checks:
            lines.append(f"- `{name}`: {'(soft) ' if c['soft'] else ''}{c['check']} — got {c['got']}")
    lines += ["", "Raw outputs: " + ", ".join(summary["out"]["files"][:-3])
              + " (tests/gpu/README.md: turning them into tests/gpu/recorded/ fixtures).", ""]
    return "\n".join(lines)


def _us(c, key):
    v = (c.get(key) or {}).get("median_ns")
    return f"{v / 1000:.2f} µs" if isinstance(v, (int, float)) else "n/a"


def _ratio(v):
    return f"{v:.3f}" if isinstance(v, (int, float)) else "n/a"


def main():
    out = os.environ.get("OUT")
    if not out:
        print("device-check: set OUT to the results folder (tests/gpu/README.md)", file=sys.stderr)
        return 2
    out = Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        print(f"device-check: {out}: {e}", file=sys.stderr)
        return 2
    import steps  # noqa: E402  (the step list: tests/gpu/steps.py)
    check = DeviceCheck(out)
    check.log(f"device check{' (dry run: GPU steps skipped)' if check.dry else ''}: repo {REPO}, work {check.work}, "
              f"OUT {out}, deadline {check.deadline_s:.0f} s, {check.jobs} parallel")
    check.steps = steps.plan(check)
    check.run_all()
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
