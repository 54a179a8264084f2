#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The peers' own suites through `kwb import` + `kwb run`: false alarms on honest submissions and cheats caught.

    tests/bench/public_conventions.py KWB --kernelbench DIR --reference-kernels DIR --kernelbot DIR
                                          --pygpubench DIR --kernelguard DIR [--only SUBSTRING] [--keep DIR]

Each DIR is a checkout of that public repository (ScalingIntelligence/KernelBench, gpu-mode/reference-kernels,
gpu-mode/kernelbot, gpu-mode/pygpubench, gpu-mode/kernelguard); a missing one is skipped. Nothing of them is
copied into this repository: the cases are made in a temporary folder.

Cases (each labelled honest or cheat, as its own repository labels it):
- reference-kernels pmpp_v2: every task's submission.py and solutions/correct/* (honest), solutions/wrong/* (cheat);
- kernelbot examples: identity_py, vectoradd_py, softmax_py, matmul_py submissions (honest), identity_py cheat-*;
- pygpubench: exploits/submission_*.py on the pmpp_v2 grayscale task, each `kernel(output, inp)` called by a
  three-line custom_kernel shim (submission_correct is honest; submission_warmup computes honestly and cheats
  in timing only, the rest cheat);
- KernelBench: the adversarial unit-test kernels on level1/1_Square_matrix_multiplication_ (cheats) and the
  prompt examples (model_new_ex_*, few_shot, honest) on their model_ex_* problems;
- KernelGuard: the cases of its regression tests, through the static scan only (kwb_kernel_scan.py).

Without a GPU, tasks whose generators draw on device="cuda" are adapted: in copies of the task folders and of
the candidates, `device="cuda"`, `.cuda()` and `"cuda:0"` in Python code become the CPU (never in C++/CUDA source
strings). Triton runs in its
interpreter; CUDA extensions cannot run and are "not run" (env.no-device), so they are judged by the static scan.

A false alarm: an error finding on an honest candidate (`scope.no-kernel` and `scope.framework-compute` on a
pure-torch honest submission are counted apart: the workbench's kernel policy for imported tasks, not a correctness
verdict). A cheat is caught "by evidence" when an error finding other than those, runtime.* and env.* names it, or
a static finding about its trick (timer patched, a caller's frame written, an extension that does no work).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SCAN = os.path.join(HERE, "..", "..", "resources", "harness", "kwb_kernel_scan.py")
# The kernel policy of imported tasks ("kernel": "any"): the framework, not a kernel, did the work. Not evidence
# about a cheat's trick, and on a pure-torch honest submission not a false alarm either.
POLICY = ("scope.no-kernel", "scope.framework-compute")
NOT_EVIDENCE = POLICY + ("runtime.", "env.")

CUDA_PY = [(re.compile(r"""device\s*=\s*(['"])cuda(:0)?\1"""), 'device="cpu"'), (re.compile(r"\.cuda\(\)"), ".cpu()"),
           (re.compile(r"""\.to\((['"])cuda(:0)?\1\)"""), '.to("cpu")'),
           (re.compile(r"""torch\.device\((['"])cuda(:0)?\1\)"""), 'torch.device("cpu")')]


def cpu_adapt(path):
    """Python code only: string literals holding C++/CUDA source (triple-quoted) are left alone."""
    text = open(path, encoding="utf-8").read()
    parts = re.split(r'(r?"""[\s\S]*?"""|r?\'\'\'[\s\S]*?\'\'\')', text)
    for i in range(0, len(parts), 2):
        for pattern, repl in CUDA_PY:
            parts[i] = pattern.sub(repl, parts[i])
    open(path, "w", encoding="utf-8").write("".join(parts))


def run(cmd, timeout=900):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timeout"


class Cases:
    def __init__(self, work):
        self.work, self.items = work, []

    def add(self, source, kind, task, candidate, label, honest, pure_torch=False):
        self.items.append({"source": source, "kind": kind, "task": task, "candidate": candidate, "label": label,
                           "honest": honest, "pure_torch": pure_torch})


def gpumode_copy(src_task, work, name, support=()):
    """A CPU-adapted copy of a task folder with its ../utils.py and the repository's LICENSE above it."""
    root = os.path.join(work, "gm", name)
    if not os.path.isdir(root):
        os.makedirs(root)
        task = os.path.join(root, "task")
        shutil.copytree(src_task, task)
        for extra in support:
            if os.path.exists(extra):
                shutil.copy(extra, root)
        for f in os.listdir(task):
            if f.endswith(".py"):
                cpu_adapt(os.path.join(task, f))
        if os.path.exists(os.path.join(root, "utils.py")):
            cpu_adapt(os.path.join(root, "utils.py"))
    return os.path.join(root, "task")


def uses_kernel(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    return bool(re.search(r"@triton\.|load_inline|cpp_extension|@T\.prim_func|cute\.|tilelang|pallas_call", text))


def collect(args, work):
    cases = Cases(work)
    if args.reference_kernels:
        base = os.path.join(args.reference_kernels, "problems", "pmpp_v2")
        lic = os.path.join(args.reference_kernels, "LICENSE")
        for t in sorted(os.listdir(base)) if os.path.isdir(base) else []:
            src = os.path.join(base, t)
            if not os.path.exists(os.path.join(src, "task.yml")):
                continue
            task = gpumode_copy(src, work, "rk-" + t, [os.path.join(base, "utils.py"), lic])
            subs = [("submission.py", os.path.join(src, "submission.py"), True)]
            for verdict in ("correct", "wrong"):
                d = os.path.join(src, "solutions", verdict)
                for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
                    subs.append((f"{verdict}/{f}", os.path.join(d, f), verdict == "correct"))
            for label, f, honest in subs:
                cases.add("reference-kernels", "gpumode", task, f, f"{t}/{label}", honest, not uses_kernel(f))
    if args.kernelbot:
        ex = os.path.join(args.kernelbot, "examples")
        lic = os.path.join(args.kernelbot, "LICENSE")
        for t, subs in (("identity_py", [("submission.py", True), ("cheat-input.py", False), ("cheat-rng.py", False),
                                         ("cheat-fd.py", False)]),
                        ("vectoradd_py", [("submission_triton.py", True), ("submission_cuda_inline.py", True)]),
                        ("softmax_py", [("submission.py", True)]), ("matmul_py", [("submission.py", True)])):
            src = os.path.join(ex, t)
            if not os.path.isdir(src):
                continue
            task = gpumode_copy(src, work, "kb-" + t, [os.path.join(ex, "utils.py"), lic])
            for f, honest in subs:
                cases.add("kernelbot", "gpumode", task, os.path.join(src, f), f"{t}/{f}", honest,
                          not uses_kernel(os.path.join(src, f)))
    if args.pygpubench and args.reference_kernels:
        src = os.path.join(args.reference_kernels, "problems", "pmpp_v2", "grayscale_py")
        task = gpumode_copy(src, work, "pgb-grayscale",
                            [os.path.join(args.reference_kernels, "problems", "pmpp_v2", "utils.py"),
                             os.path.join(args.reference_kernels, "LICENSE")])
        ex = os.path.join(args.pygpubench, "exploits")
        for f in sorted(os.listdir(ex)) if os.path.isdir(ex) else []:
            if not (f.startswith("submission_") and f.endswith(".py")):
                continue
            d = os.path.join(work, "pgb-shims", f[:-3])
            os.makedirs(d, exist_ok=True)
            shim = os.path.join(d, "submission.py")
            shutil.copy(os.path.join(ex, f), shim)
            cpu_adapt(shim)
            with open(shim, "a") as out:  # the submission travels alone: the shim is appended to the exploit
                out.write("\n\n# pygpubench calls kernel(output, inp); GPU MODE calls custom_kernel((inp, output)).\n"
                          "def custom_kernel(data):\n    inp, output = data\n    kernel(output, inp)\n"
                          "    return output\n")
            # submission_warmup computes honestly and cheats only in timing (warm-up detection): a cheat that
            # only `kwb bench` can catch, counted as a cheat here.
            cases.add("pygpubench", "gpumode-shim", task, shim, f, f == "submission_correct.py", True)
    if args.kernelbench:
        kb = args.kernelbench
        problem = os.path.join(kb, "KernelBench", "level1", "1_Square_matrix_multiplication_.py")
        tk = os.path.join(kb, "src", "kernelbench", "unit_tests", "test_kernels")
        for f in sorted(os.listdir(tk)) if os.path.isdir(tk) else []:
            cases.add("KernelBench", "kernelbench", problem, os.path.join(tk, f), f"adversarial/{f}", False)
        pr = os.path.join(kb, "src", "kernelbench", "prompts")
        pairs = [("model_ex_add.py", f"model_new_ex_add{s}.py") for s in ("", "_triton", "_cute", "_tilelang")]
        pairs += [("model_ex_add_thunderkittens.py", "model_new_ex_add_thunderkittens.py")]
        pairs += [("model_ex_1.py", "model_new_ex_1.py")]  # ex_0 is empty, ex_2 a template with placeholders
        pairs += [(f"few_shot/model_ex_{n}.py", f"few_shot/model_new_ex_{n}.py")
                  for n in ("add", "fuse_gelu", "mnist2", "tiled_matmul", "flash_attn")]
        for ref, new in pairs:
            if os.path.exists(os.path.join(pr, ref)) and os.path.exists(os.path.join(pr, new)):
                cases.add("KernelBench", "kernelbench", os.path.join(pr, ref), os.path.join(pr, new),
                          f"prompts/{new}", True)
    return cases


def kernelbench_bundle(case, work, n, kwb):
    d = os.path.join(work, "kbsrc", str(n))
    os.makedirs(os.path.join(d, "cand"), exist_ok=True)
    problem = os.path.join(d, "1_Case.py")
    shutil.copy(case["task"], problem)
    cpu_adapt(problem)
    cand = os.path.join(d, "cand", "1_Case_candidate.py")
    shutil.copy(case["candidate"], cand)
    cpu_adapt(cand)
    out = os.path.join(work, "kbtasks", str(n))
    rc, so, se = run([kwb, "import", "kernelbench", problem, "-o", out, "--candidates", os.path.join(d, "cand"),
                      "--findings"])
    bundles = [os.path.join(r, x) for r, ds, _ in os.walk(out) for x in ds if os.path.exists(
        os.path.join(r, x, "task.json"))]
    return (bundles[0] if bundles else None), so + se


def gpumode_bundle(case, work, n, kwb):
    out = os.path.join(work, "gmtasks", str(n))
    sub = os.path.join(work, "subs", str(n), os.path.basename(case["candidate"]))
    os.makedirs(os.path.dirname(sub), exist_ok=True)
    shutil.copy(case["candidate"], sub)
    cpu_adapt(sub)  # a submission allocating on device="cuda" itself (a generator, a scratch tensor) runs here too
    rc, so, se = run([kwb, "import", "gpumode", case["task"], "-o", out, "--submission", sub, "--findings"])
    bundles = [os.path.join(out, x) for x in os.listdir(out)] if os.path.isdir(out) else []
    return (bundles[0] if bundles else None), so + se


def judge(case, report, import_text):
    cand = [i for i in report.get("implementations", []) if i.get("role") == "candidate"]
    cid = cand[0]["id"] if cand else None
    status = cand[0]["status"] if cand else "?"
    mine = [f for f in report.get("findings", []) if f.get("impl") == cid]
    errors = sorted({f["id"] for f in mine if f["severity"] == "error"})
    warnings = sorted({f["id"] for f in mine if f["severity"] == "warning"})
    imported_errors = re.findall(r"^\s*error (\S+)", import_text, re.M)
    return cid, status, errors + [e for e in imported_errors if e not in errors], warnings


def static_scan(python, path):
    rc, so, se = run([python, "-s", SCAN, path], 120)
    try:
        return json.loads(so)["files"][0]
    except Exception:
        return {"error": (se or so)[-200:]}


def kernelguard_cases(path):
    """The code strings of KernelGuard's regression tests: (name, code, expected hacked?)."""
    import ast
    src = open(path, encoding="utf-8").read()
    tree = ast.parse(src)
    consts = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
              for t in n.targets if isinstance(t, ast.Name) and isinstance(n.value, ast.Constant)
              and isinstance(n.value.value, str)}
    out = []
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        for fn in (m for m in cls.body if isinstance(m, ast.FunctionDef) and m.name.startswith("test_")):
            code = None
            for sub in ast.walk(fn):
                if isinstance(sub, ast.Call) and sub.args:
                    a = sub.args[0]
                    if isinstance(a, ast.Constant) and isinstance(a.value, str) and "def " in a.value:
                        code = a.value
                    elif isinstance(a, ast.Name) and a.id in consts:
                        code = consts[a.id]
                if isinstance(sub, ast.Assign) and isinstance(sub.value, ast.Constant) and \
                        isinstance(sub.value.value, str) and "def " in sub.value.value:
                    code = sub.value.value
            if code:
                text = ast.unparse(fn)
                clean = "_assert_clean" in text or "assertFalse(r['should_filter']" in text
                out.append((f"{cls.name}.{fn.name}", code, not clean))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kwb")
    for r in ("kernelbench", "reference_kernels", "kernelbot", "pygpubench", "kernelguard"):
        ap.add_argument("--" + r.replace("_", "-"))
    ap.add_argument("--only", default="", help="only cases whose label holds this")
    ap.add_argument("--source", default="", help="only cases of this source (reference-kernels, kernelbot, ...)")
    ap.add_argument("--keep")
    ap.add_argument("--python", default=os.environ.get("KWB_PYTHON", os.path.expanduser(
        "~/.local/share/kernel-workbench/venv/bin/python")))
    ap.add_argument("--trials", default="2")
    ap.add_argument("--honest-only", action="store_true", help="only the submissions their repository calls honest")
    ap.add_argument("--generated", action="store_true",
                    help="with held-out sizes and stress inputs (kwb run's defaults; off: declared cases only)")
    args = ap.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="kwb-public-conv-")
    os.makedirs(work, exist_ok=True)
    cases = collect(args, work)
    totals = {}
    print(f"{'source':18} {'case':52} {'verdict':28} findings on the candidate (errors | warnings)")
    for n, case in enumerate(cases.items):
        if args.only not in case["label"] or args.source not in case["source"] or (args.honest_only and not case["honest"]):
            continue
        t0 = time.time()
        make = kernelbench_bundle if case["kind"] == "kernelbench" else gpumode_bundle
        bundle, import_text = make(case, work, n, args.kwb)
        report = {}
        if bundle:
            cases_flag = []
            tj = json.load(open(os.path.join(bundle, "task.json")))
            tests = [c["name"] for c in tj.get("cases", []) if c["name"].startswith("test-")]
            # The first three tests keep CPU time sane; a submission labelled a cheat that triggers only at the
            # benchmark sizes (vectorsum's sampled sum above 10^6 elements, identity's replay at 65536) gets them all.
            if tests and "cheat" not in case["label"]:
                cases_flag = ["--cases", ",".join(tests[:3])]
            generated = [] if args.generated else ["--heldout", "0", "--no-stress"]
            _, so, se = run([args.kwb, "run", bundle, "--trials", args.trials, "--seed", "1", "--timeout", "600",
                             "--json"] + generated + cases_flag)
            try:
                report = json.loads(so)
            except ValueError:
                report = {"error": (se.strip().splitlines() or ["?"])[-1][:160]}
        cid, status, errors, warnings = judge(case, report, import_text)
        scan = static_scan(args.python, case["candidate"])
        static_ids = sorted({f["id"] for f in scan.get("findings", [])})
        if case["honest"]:
            real = [e for e in errors if not (case["pure_torch"] and e in POLICY)]
            verdict = "FALSE ALARM" if real or "error" in report else (
                "clean (not run here)" if status == "not-run" else "clean")
            if not real and any(e in POLICY for e in errors):
                verdict += " [no-kernel: policy]"
        else:
            evidence = [e for e in errors if not e.startswith(NOT_EVIDENCE)] + \
                [s for s in static_ids if s not in POLICY]
            verdict = "caught: evidence" if evidence else (
                "caught: no-kernel only" if "scope.no-kernel" in errors else "NOT CAUGHT")
        key = (case["source"], "honest" if case["honest"] else "cheat")
        totals.setdefault(key, {}).setdefault(verdict.split(" [")[0], 0)
        totals[key][verdict.split(" [")[0]] += 1
        extra = report.get("error", "")
        print(f"{case['source']:18} {case['label'][:52]:52} {verdict:28} {' '.join(errors)} | {' '.join(warnings)}"
              f"{' | static: ' + ' '.join(static_ids) if static_ids else ''} [{status}, {int(time.time() - t0)} s]"
              f"{' ' + extra if extra else ''}", flush=True)
    if args.kernelguard and args.source in "KernelGuard":
        tests = os.path.join(args.kernelguard, "tests")
        for f in sorted(os.listdir(tests)) if os.path.isdir(tests) else []:
            if not f.endswith(".py"):
                continue
            for name, code, hacked in kernelguard_cases(os.path.join(tests, f)):
                if args.only not in name:
                    continue
                p = os.path.join(work, "kg", name + ".py")
                os.makedirs(os.path.dirname(p), exist_ok=True)
                open(p, "w").write(code)
                scan = static_scan(args.python, p)
                ids = sorted({x["id"] for x in scan.get("findings", []) if x.get("severity") == "error"})
                verdict = ("caught: evidence" if ids else "NOT CAUGHT") if hacked else (
                    "FALSE ALARM" if ids else "clean")
                key = ("KernelGuard (static)", "cheat" if hacked else "honest")
                totals.setdefault(key, {}).setdefault(verdict, 0)
                totals[key][verdict] += 1
                print(f"{'KernelGuard':18} {name[:52]:52} {verdict:28} static: {' '.join(ids)}", flush=True)
    print("\nsummary")
    for (source, kind), counts in sorted(totals.items()):
        print(f"  {source:22} {kind:7} " + ", ".join(f"{v}: {n}" for v, n in sorted(counts.items())))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
