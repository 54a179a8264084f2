# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The steps of the device check, in the order they run (tests/gpu/README.md says what each one checks).

Phases: "setup" (in order, never skipped in a dry run: finding kwb, the runner python, the sandbox, the task list,
lint and the KernelBench import), "first" (nvidia-smi), "parallel" (correctness, compiles and compute-sanitizer,
side by side: none of them times anything), "serial" (everything that times or profiles, one at a time on a quiet
GPU, most valuable first, so a deadline cuts the least useful ones).
"""

import json
import os
import py_compile
import re
import shutil
import subprocess
import tarfile
import time
from pathlib import Path

import expectations

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SEED = "7"  # tests/run/tst_gpuruns.cpp's seed: the run.* steps repeat its rows
PRIMARY_BENCH = {"gemm-f32-tf32-unfair-baseline", "row-norm-f32-sm80-to-sm90", "vector-add-f32"}
TASKS = REPO / "resources" / "tasks"
FIXTURES = HERE / "fixtures"
KB_PROBLEM = REPO / "tests/importers/fixtures/kernelbench/level1/2_Relu_Unit.py"
KB_CANDIDATES = REPO / "tests/importers/fixtures/candidates-kernel/level1"


class Step:
    """One step: its action (check, step, timeout) -> (status, detail, extra facts), where it runs, its limit."""

    def __init__(self, name, action, phase, device=True, timeout=120, note=""):
        self.name, self.action, self.phase, self.device, self.timeout, self.note = (
            name, action, phase, device, timeout, note)
        self.result = {"name": name, "phase": phase, "device": device, "status": "not started", "detail": "",
                       "wall_s": 0.0, "timeout_s": timeout}


def needs_kwb(fn):
    fn.needs_kwb = True
    return fn


def cuda_tasks():
    """Bundled tasks with a CUDA implementation, by id."""
    found = []
    for tj in sorted(TASKS.glob("*/task.json")):
        task = json.loads(tj.read_text())
        impls = [task.get("reference", {})] + task.get("candidates", [])
        if any(i.get("backend") == "cuda" for i in impls):
            found.append(task["id"])
    return found


# -- setup ---------------------------------------------------------------------------------------------------------
TOOLS = ["nvidia-smi", "nvcc", "ncu", "compute-sanitizer", "cuobjdump", "nvdisasm", "g++", "cmake", "ninja", "ctest",
         "bwrap", "prlimit", "python3"]


def host_facts(check, step, timeout):
    host = {"uname": os.uname().release, "machine": os.uname().machine, "cpus": os.cpu_count()}
    try:
        osr = dict(ln.split("=", 1) for ln in Path("/etc/os-release").read_text().splitlines() if "=" in ln)
        host["os"] = osr.get("PRETTY_NAME", "?").strip('"')
    except OSError:
        host["os"] = "?"
    try:
        mem = Path("/proc/meminfo").read_text().split("\n", 1)[0].split()
        host["mem_gib"] = round(int(mem[1]) / 2**20, 1)
    except (OSError, IndexError, ValueError):
        pass
    tools = {}
    for tool in TOOLS:
        path = shutil.which(tool)
        if not path:
            tools[tool] = None
            continue
        ran = check.run(step, [path, "--version"] if tool != "nvidia-smi" else [path, "-L"], 15, tool)
        first = [ln.strip() for ln in ran.out.read_text(errors="replace").splitlines() if ln.strip()]
        tools[tool] = {"path": path, "version": first[-1][:160] if tool in ("nvcc", "cuobjdump") and first
                       else (first[0][:160] if first else f"(rc {ran.rc})")}
    host["tools"] = tools
    check.facts["host"] = host
    missing = [t for t, v in tools.items() if v is None]
    detail = f"{host['os']}, {host['cpus']} CPUs" + (f"; not found: {', '.join(missing)}" if missing else "")
    return "passed", detail, {}


def _safe_extract(archive, dest):
    with tarfile.open(archive) as tar:
        for m in tar.getmembers():
            target = (dest / m.name).resolve()
            if not str(target).startswith(str(dest.resolve()) + os.sep) or not (m.isfile() or m.isdir()):
                raise ValueError(f"{archive}: unexpected member {m.name}")
        tar.extractall(dest)


def kwb_locate(check, step, timeout):
    bundle = None
    if os.environ.get("KWB_BIN"):
        kwb, source = Path(os.environ["KWB_BIN"]).resolve(), "KWB_BIN"
    else:
        carry = Path(os.environ.get("KWB_DEVICE_CHECK_CARRY") or REPO / "build/device-check/kwb-carry.tar.gz")
        if carry.is_file():
            _safe_extract(carry, check.work / "kwb")
            bundle = check.work / "kwb" / "kwb-carry"
            kwb, source = bundle / "kwb", f"the carried bundle {carry} ({carry.stat().st_size} bytes)"
            shutil.copy(bundle / "MANIFEST.txt", check.step_dir(step) / "MANIFEST.txt")
        elif (REPO / "build/dev/app/kwb").is_file():
            kwb, source = REPO / "build/dev/app/kwb", "this tree's build/dev"
        elif shutil.which("kwb"):
            kwb, source = Path(shutil.which("kwb")), "PATH"
        else:
            return "failed", "no kwb: no carried bundle (tests/gpu/pack_kwb.sh), no KWB_BIN, no build, none on PATH", {}
    check.kwb_env.update({
        "KWB_RESOURCES_DIR": str(REPO / "resources"), "KWB_RUBRICS_DIR": str(REPO / "rubrics"),
        "KWB_CACHE_DIR": str(check.work / "cache"), "KWB_CONFIG_DIR": str(check.work / "config"),
        "KWB_DB": str(check.work / "reviews.sqlite"), "TRITON_CACHE_DIR": str(check.work / "triton-cache")})
    ldd = check.run(step, ["ldd", kwb], 20, "ldd")
    libs = re.findall(r"^\s*(\S+) => (\S+)", ldd.out.read_text(errors="replace"), re.M)
    info = {"path": str(kwb), "source": source, "not_found": [n for n, p in libs if p == "not"]}
    if bundle:
        info["from_bundle"] = sorted(n for n, p in libs if p.startswith(str(bundle)))
        info["from_host"] = sorted(n for n, p in libs if p.startswith("/") and not p.startswith(str(bundle)))
    version = check.run(step, [kwb, "--version"], 30, "version", env=check.kwb_env)
    text = version.err.read_text(errors="replace")
    if version.rc != 0 and bundle and re.search(r"GLIBCXX|CXXABI|libstdc\+\+|libgcc_s", text):
        # The host's libstdc++ is older than the one kwb was built against: the carried one, for kwb alone.
        check.kwb_env["LD_LIBRARY_PATH"] = str(bundle / "fallback")
        info["fallback"] = "LD_LIBRARY_PATH=fallback/ (the host's libstdc++ is too old for kwb)"
        version = check.run(step, [kwb, "--version"], 30, "version-fallback", env=check.kwb_env)
    check.facts["kwb"] = info
    if version.rc != 0:
        return "failed", f"{kwb} does not start: {version.tail()}", {}
    info["version"] = version.out.read_text().strip()
    check.kwb = str(kwb)
    where = (f"; from the bundle: {len(info['from_bundle'])} libraries, from the host: "
             f"{', '.join(info['from_host'])}" if bundle else "")
    return "passed", f"{info['version']} ({source}){where}", {}


PY_PROBE = r"""
import importlib.metadata, importlib.util, json, site, sys
user = site.getusersitepackages() if hasattr(site, "getusersitepackages") else ""
def ver(names):
    for n in names:
        try:
            return importlib.metadata.version(n)
        except Exception:
            pass
    return "present"
mods = {"numpy": ["numpy"], "torch": ["torch"], "triton": ["triton"], "jax": ["jax"], "jaxlib": ["jaxlib"],
        "cupy": ["cupy", "cupy-cuda13x", "cupy-cuda12x"]}
found, user_only = {}, []
for m, dists in mods.items():
    spec = importlib.util.find_spec(m)
    found[m] = ver(dists) if spec else None
    where = spec.origin or next(iter(spec.submodule_search_locations or []), "") if spec else ""
    if spec and user and str(where).startswith(user):
        user_only.append(m)
print(json.dumps({"path": sys.executable, "version": sys.version.split()[0], "modules": found,
                  "user_site": user_only}))
"""


def python_runner(check, step, timeout):
    """The runner python: KWB_PYTHON, else the first python3 with torch and triton outside the user site-packages
    (kwb runs python with -s, which hides them), else one with numpy."""
    if os.environ.get("KWB_PYTHON"):
        candidates = [os.environ["KWB_PYTHON"]]
    else:
        candidates = [shutil.which("python3"), shutil.which("python"),
                      os.path.expanduser("~/.local/share/kernel-workbench/venv/bin/python"), "/usr/bin/python3"]
    seen, probes = set(), []
    for i, py in enumerate(c for c in candidates if c and os.path.exists(c)):
        real = os.path.realpath(py)
        if real in seen:
            continue
        seen.add(real)
        ran = check.run(step, [py, "-c", PY_PROBE], 30, f"probe{i}")
        try:
            probes.append(json.loads(ran.out.read_text().strip().splitlines()[-1]) | {"path": py})
        except (ValueError, IndexError):
            continue

    def usable(p, m):
        return p["modules"].get(m) and m not in p.get("user_site", [])

    good = [p for p in probes if usable(p, "torch") and usable(p, "triton")]
    chosen = (good or [p for p in probes if usable(p, "numpy")] or [None])[0]
    check.facts["python"] = chosen or {"path": None}
    check.facts["python_probes"] = probes
    if not chosen:
        return "failed", "no python3 with numpy outside the user site-packages: the python runners cannot run", {}
    check.python = chosen["path"]
    check.kwb_env["KWB_PYTHON"] = chosen["path"]
    mods = ", ".join(f"{m} {v}" for m, v in chosen["modules"].items() if v and m not in chosen.get("user_site", []))
    lacks = [m for m in ("torch", "triton") if not usable(chosen, m)]
    hidden = sorted({m for p in probes for m in p.get("user_site", [])})
    return "passed", f"{chosen['path']} (Python {chosen['version']}): {mods}" + (
        f"; lacks {', '.join(lacks)}" if lacks else "") + (
        f"; only in a user site-packages, which kwb's runners (python -s) do not see: {', '.join(hidden)}"
        if hidden else ""), {}


def sandbox_probe(check, step, timeout):
    bwrap, prlimit = shutil.which("bwrap"), shutil.which("prlimit")
    if bwrap and prlimit:
        ran = check.run(step, [bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-pid",
                               "--die-with-parent", "true"], 20, "bwrap")
        if ran.rc == 0:
            check.facts["sandbox"] = "bubblewrap"
            return "passed", "bubblewrap works here: kwb runs sandboxed", {}
        reason = f"bubblewrap does not start here ({ran.tail(1)})"
    else:
        reason = "no " + " and no ".join(n for n, p in (("bwrap", bwrap), ("prlimit", prlimit)) if not p)
    check.sandbox_args = ["--no-sandbox"]
    check.facts["sandbox"] = f"none: {reason}; kwb runs with --no-sandbox"
    return "passed", check.facts["sandbox"], {}


@needs_kwb
def kwb_doctor(check, step, timeout):
    ran = check.kwb_cmd(step, ["doctor", "--json"], timeout)
    try:
        doc = json.loads(ran.out.read_text())
    except ValueError:
        return "failed", f"kwb doctor printed no JSON (rc {ran.rc}): {ran.tail()}", {}
    missing = [t["name"] for t in doc.get("tools", []) if not t.get("found")]
    required = [t["name"] for t in doc.get("tools", []) if not t.get("found") and t.get("required")]
    check.facts["doctor_missing"] = missing
    status = "passed" if ran.rc in (0, 3) else "failed"
    return status, (f"missing (required): {', '.join(required)}; " if required else "") + (
        f"missing (optional): {', '.join(m for m in missing if m not in required)}" if missing else "all found"), {}


def plan_step(check, step, timeout):
    errors = []
    for py in sorted(HERE.glob("*.py")):
        try:
            py_compile.compile(str(py), cfile=str(check.work / "pyc" / (py.name + "c")), doraise=True)
        except py_compile.PyCompileError as e:
            errors.append(str(e))
    plan = [{"name": s.name, "phase": s.phase, "device": s.device, "timeout_s": s.timeout,
             "expectations": s.name in check.expect} for s in check.steps]
    (check.step_dir(step) / "plan.json").write_text(json.dumps(plan, indent=1))
    tasks = cuda_tasks()
    check.facts["cuda_tasks"] = tasks
    without = [s.name for s in check.steps if s.phase in ("parallel", "serial") and s.name not in check.expect
               and not s.name.startswith(("compare.", "ctest."))]
    detail = (f"{len(check.steps)} steps, {sum(s.device for s in check.steps)} on the device; CUDA tasks: "
              f"{', '.join(tasks)}" + (f"; without expectations: {', '.join(without)}" if without else ""))
    if errors:
        return "failed", "python files do not compile: " + "; ".join(errors), {}
    return "passed", detail, {}


@needs_kwb
def lint_bundled(check, step, timeout):
    ran = check.kwb_cmd(step, ["lint", str(TASKS), "--json"], timeout)
    try:
        doc = json.loads(ran.out.read_text())
    except ValueError:
        return "failed", f"kwb lint printed no JSON (rc {ran.rc}): {ran.tail()}", {}
    want = json.loads((TASKS / "expected.json").read_text())["lint"]
    got = {t["id"]: sorted({f["id"] for f in t.get("findings", []) if f.get("severity") in ("error", "warning")})
           for t in doc.get("tasks", [])}
    checks = [{"check": f"lint of {tid} is exactly {sorted(ids)}", "ok": got.get(tid) == sorted(ids), "soft": False,
               "got": got.get(tid, "(not linted)")} for tid, ids in sorted(want.items())]
    status = expectations.status_of(checks) if ran.rc in (0, 1) else "failed"
    return status, f"{len(got)} bundles linted, {sum(c['ok'] for c in checks)} of {len(checks)} as expected.json", {
        "checks": checks}


@needs_kwb
def lint_fixtures(check, step, timeout):
    ran = check.kwb_cmd(step, ["lint", str(FIXTURES), "--json"], timeout)
    try:
        doc = json.loads(ran.out.read_text())
    except ValueError:
        return "failed", f"kwb lint printed no JSON (rc {ran.rc}): {ran.tail()}", {}
    checks = [{"check": f"fixture {t['id']} has no error or warning", "soft": False,
               "ok": not [f for f in t.get("findings", []) if f.get("severity") in ("error", "warning")],
               "got": sorted({f["id"] for f in t.get("findings", [])})} for t in doc.get("tasks", [])]
    if not checks:
        return "failed", f"no fixture bundle found under {FIXTURES}", {}
    return expectations.status_of(checks), f"{len(checks)} fixture bundle(s)", {"checks": checks}


@needs_kwb
def import_kernelbench(check, step, timeout):
    dest = check.work / "kb"
    ran = check.kwb_cmd(step, ["import", "kernelbench", str(KB_PROBLEM), "-o", str(dest), "--candidates",
                               str(KB_CANDIDATES), "--hardware", "H200"], timeout, stdout_name="import.out.txt")
    bundle = dest / "level1" / KB_PROBLEM.stem
    if ran.rc != 0 or not (bundle / "task.json").is_file():
        return "failed", f"kwb import kernelbench: rc {ran.rc}: {ran.tail()}", {}
    cands = sorted(p.name for p in (bundle / "candidates").glob("*.py"))
    return "passed", f"{bundle.relative_to(check.work)} with candidates {', '.join(cands)}", {}


# -- device ----------------------------------------------------------------------------------------------------------
TORCH_PROBE = r"""
import json, torch
p = torch.cuda.get_device_properties(0)
print(json.dumps({"torch": torch.__version__, "torch_cuda": torch.version.cuda, "name": p.name,
                  "capability": f"{p.major}.{p.minor}", "sms": p.multi_processor_count,
                  "memory_gib": round(p.total_memory / 2**30, 1), "l2_bytes": getattr(p, "L2_cache_size", None)}))
"""


def nvidia_smi(check, step, timeout):
    ran = check.run(step, ["nvidia-smi"], 30, "nvidia-smi")
    if ran.rc != 0:
        return "failed", f"nvidia-smi: rc {ran.rc}: {ran.tail()}", {}
    check.run(step, ["nvidia-smi", "-q"], 30, "nvidia-smi-q")
    query = check.run(step, ["nvidia-smi", "--query-gpu=name,driver_version,memory.total,clocks.max.sm,"
                             "clocks.applications.graphics,power.limit,compute_mode,persistence_mode",
                             "--format=csv,noheader"], 30, "query")
    gpu = {}
    fields = ["name", "driver", "memory", "max_sm_clock", "app_clock", "power_limit", "compute_mode", "persistence"]
    first = query.out.read_text(errors="replace").strip().splitlines()
    if first:
        gpu = dict(zip(fields, (v.strip() for v in first[0].split(","))))
    if check.python:
        probe = check.run(step, [check.python, "-c", TORCH_PROBE], 60, "torch")
        try:
            gpu["torch"] = json.loads(probe.out.read_text().strip().splitlines()[-1])
        except (ValueError, IndexError):
            gpu["torch"] = f"(torch probe failed: {probe.tail(1)})"
    check.facts["gpu"] = gpu
    return "passed", f"{gpu.get('name', '?')}, driver {gpu.get('driver', '?')}, {gpu.get('memory', '?')}", {}


def _gpu_tests_built(ctest, tree):
    """True when every gpu-labelled test of the build tree has its program (ctest names none for an unbuilt one)."""
    try:
        listed = subprocess.run([ctest, "--test-dir", str(tree), "--show-only=json-v1", "-L", "gpu"],
                                capture_output=True, text=True, timeout=60)
        tests = json.loads(listed.stdout).get("tests", [])
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return False
    return bool(tests) and all(t.get("command") and os.path.exists(t["command"][0]) for t in tests)


def ctest_gpu(check, step, timeout):
    ctest = shutil.which("ctest")
    trees = [p.parent for p in sorted(REPO.glob("build/*/CTestTestfile.cmake"))]
    trees = [t for t in trees if ctest and _gpu_tests_built(ctest, t)]
    if not trees:
        return ("skipped (no build tree here)", "the gpu-labelled tests need a Qt build of this tree; their rows "
                "(tests/run/tst_gpuruns.cpp) are the run.* steps, with the same seed", {})
    ran = check.run(step, [ctest, "--test-dir", trees[0], "-L", "gpu", "--output-on-failure"], timeout, "ctest")
    status = "passed" if ran.rc == 0 else ("timeout" if ran.timed_out else "failed")
    return status, f"ctest -L gpu in {trees[0].relative_to(REPO)}: rc {ran.rc}: {ran.tail(2)}", {}


def _copy_text(src, dest):
    for p in src.rglob("*"):
        if p.is_file() and p.suffix in (".json", ".txt", ".log", ".csv") and p.stat().st_size < (8 << 20):
            target = dest / p.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(p, target)


def kwb_step(command, task, args=(), keep=False):
    """An action: `kwb COMMAND TASK ARGS --json`, judged by the step's expectations (tests/gpu/expectations.json)."""

    @needs_kwb
    def action(check, step, timeout):
        base = [command, str(task), *args]
        if command in ("run", "bench", "profile", "compile"):
            base += check.sandbox_args
        keep_dir = check.work / "keep" / step.name
        extra = ["--keep", str(keep_dir)] if keep else []
        ran = check.kwb_cmd(step, base + extra + ["--json"], timeout)
        if (ran.rc == 3 and "--no-sandbox" not in base
                and re.search(r"bwrap|bubblewrap|sandbox", ran.err.read_text(errors="replace"))):
            check.sandbox_args = ["--no-sandbox"]  # the probe passed but kwb's own sandbox did not start
            check.facts["sandbox"] = f"none: kwb's sandbox did not start in {step.name}; --no-sandbox from there on"
            ran = check.kwb_cmd(step, base + ["--no-sandbox"] + extra + ["--json"], timeout, tag="kwb-nosandbox")
        if keep and keep_dir.is_dir():
            _copy_text(keep_dir, check.step_dir(step) / "kept")
        extra_out = {"rc": ran.rc, "command": "kwb " + " ".join(base + ["--json"])}
        if ran.timed_out:
            return "timeout", f"killed after {timeout:.0f} s: {ran.tail(1)}", extra_out
        try:
            doc = json.loads(ran.out.read_text())
        except ValueError:
            return "failed", f"no JSON document (rc {ran.rc}): {ran.tail()}", extra_out
        extra_out["findings"] = expectations.finding_counts(doc)
        if command == "bench":
            extra_out["bench"] = expectations.bench_facts(doc)
        notes = expectations.environment_notes(doc)
        if notes:
            extra_out["notes"] = notes
        results = expectations.check(check.expect.get(step.name, {}), doc)
        extra_out["checks"] = results
        shown = ", ".join(f"{k}×{v}" if v > 1 else k for k, v in extra_out["findings"].items()
                          if not k.startswith(("bench.not-significant", "compile.warning")))
        if ran.rc not in (0, 1):
            return "failed", f"rc {ran.rc}: " + ("; ".join(notes) or ran.tail()), extra_out
        status = expectations.status_of(results)
        missed = [c["check"] for c in results if not c["ok"]]
        return status, (f"not met: {'; '.join(missed)}. " if missed else "") + (shown or "no findings") + (
            f" ({'; '.join(notes)})" if notes else ""), extra_out

    return action


def compare_step(task, impl, case):
    """An action: kwb bench of one implementation and case, then the same kernel on the same inputs under
    triton.testing.do_bench and torch CUDA events (tests/gpu/compare_timers.py)."""
    bench = kwb_step("bench", TASKS / task, ["--impl", impl, "--cases", case, "--seed", SEED, "--budget", "1",
                                             "--rounds", "4", "--max-rounds", "4", "--timeout", "60"], keep=True)

    @needs_kwb
    def action(check, step, timeout):
        start = time.monotonic()
        status, detail, extra = bench(check, step, timeout * 0.6)
        report = check.step_dir(step) / "report.json"
        if status in ("failed", "timeout") or not report.is_file():
            return status, "kwb bench: " + detail, extra
        left = max(30, timeout - (time.monotonic() - start))
        ran = check.run(step, [check.python, HERE / "compare_timers.py", "--task", TASKS / task, "--impl", impl,
                               "--case", case, "--inputs", check.work / "keep" / step.name, "--kwb-report", report,
                               "--build-dir", check.work / "compare" / step.name, "--out",
                               check.step_dir(step) / "compare.json"], left, "compare", env=check.kwb_env)
        try:
            comparison = json.loads((check.step_dir(step) / "compare.json").read_text())
        except (OSError, ValueError):
            return "failed", f"compare_timers.py: rc {ran.rc}: {ran.tail()}", extra
        extra["comparison"] = comparison
        r = comparison.get("ratios", {})
        figures = ", ".join(f"{k} {v:.3f}" for k, v in r.items() if isinstance(v, (int, float)))
        ok = comparison.get("within_2_percent")
        return ("passed" if ok else "unexpected"), (figures or comparison.get("error", "no figures")) + (
            "" if ok else " (goal: within 2 %)"), extra

    return action


def plan(check):
    tasks = cuda_tasks()
    kb = check.work / "kb" / "level1" / KB_PROBLEM.stem
    tamper = FIXTURES / "tamper-cuda"
    run_args = ["--seed", SEED, "--timeout", "90"]
    steps = [
        Step("host.facts", host_facts, "setup", device=False, timeout=120),
        Step("kwb.locate", kwb_locate, "setup", device=False, timeout=120),
        Step("python.runner", python_runner, "setup", device=False, timeout=120),
        Step("sandbox.probe", sandbox_probe, "setup", device=False, timeout=60),
        Step("kwb.doctor", kwb_doctor, "setup", device=False, timeout=120),
        Step("plan", plan_step, "setup", device=False, timeout=60),
        Step("lint.bundled", lint_bundled, "setup", device=False, timeout=120),
        Step("lint.fixtures", lint_fixtures, "setup", device=False, timeout=60),
        Step("import.kernelbench", import_kernelbench, "setup", device=False, timeout=120),
        # The path every kwb step takes (sandbox, --keep, JSON, expectations), on a CPU implementation: it runs in
        # a dry run too, so that code cannot rot unseen.
        Step("run.cpu-smoke", kwb_step("run", TASKS / "vector-add-f32", ["--impl", "cpu", "--cases", "tail",
                                                                         "--trials", "1", "--heldout", "0",
                                                                         "--no-stress", "--seed", SEED], keep=True),
             "setup", device=False, timeout=120),
        Step("gpu.nvidia-smi", nvidia_smi, "first", timeout=90),
    ]
    # Correctness first and side by side: it also builds every runner the timed steps reuse (content-hash cache).
    steps += [Step("run.tamper-cuda", kwb_step("run", tamper, run_args + ["--heldout", "0", "--no-stress"]),
                   "parallel", timeout=240)]
    steps += [Step(f"run.{t}", kwb_step("run", TASKS / t, run_args), "parallel", timeout=240) for t in tasks]
    steps += [Step("run.kernelbench-relu", kwb_step("run", kb, run_args), "parallel", timeout=240),
              Step("run.layernorm-triton-spec-gap", kwb_step("run", TASKS / "layernorm-triton-spec-gap", run_args),
                   "parallel", timeout=240)]
    steps += [Step(f"profile.sanitizer.{t}", kwb_step("profile", TASKS / t, ["--no-ncu", "--no-perf", "--seed", SEED],
                                                      keep=True), "parallel", timeout=240)
              for t in ("row-sum-f32-race", "transpose-f32-tail")]
    steps += [Step(f"compile.{t}", kwb_step("compile", TASKS / t), "parallel", timeout=180) for t in tasks]
    steps += [Step("ctest.gpu", ctest_gpu, "parallel", timeout=300)]
    # Timed and profiled: one at a time, most valuable first.
    bench_args = ["--seed", SEED, "--timeout", "60"]
    steps += [
        Step("bench.tamper-cuda", kwb_step("bench", tamper, bench_args + ["--budget", "0.5", "--rounds", "4",
                                                                          "--max-rounds", "4"], keep=True),
             "serial", timeout=180),
        Step("compare.vector-add-f32", compare_step("vector-add-f32", "cuda", "pow2"), "serial", timeout=180),
        Step("profile.ncu.vector-add-f32", kwb_step("profile", TASKS / "vector-add-f32",
                                                    ["--impl", "cuda", "--no-sanitizer", "--no-perf", "--seed", SEED],
                                                    keep=True), "serial", timeout=150),
        Step("compare.layernorm-triton-spec-gap", compare_step("layernorm-triton-spec-gap", "triton", "bert"),
             "serial", timeout=180),
    ]
    ordered = [t for t in tasks if t in PRIMARY_BENCH] + [t for t in tasks if t not in PRIMARY_BENCH]
    for t in ordered:
        primary = t in PRIMARY_BENCH
        args = bench_args + (["--budget", "0.5", "--rounds", "4", "--max-rounds", "6"] if primary
                             else ["--budget", "0.2", "--rounds", "2", "--max-rounds", "2"])
        steps.append(Step(f"bench.{t}", kwb_step("bench", TASKS / t, args), "serial", timeout=150 if primary else 90))
    notes = {"run.": "kwb run", "compile.": "kwb compile", "bench.": "kwb bench", "profile.": "kwb profile",
             "compare.": "kwb bench + compare_timers.py", "gpu.": "nvidia-smi", "ctest.": "ctest -L gpu"}
    for s in steps:
        s.note = next((v for k, v in notes.items() if s.name.startswith(k)), "")
    return steps
