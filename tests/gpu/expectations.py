# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a device-check step should have found, checked against the kwb JSON document it printed.

An expectation (tests/gpu/expectations.json, keyed by step name) has any of:

- "require": [{"id": ID or [ID, ...], "impl": IMPL (optional), "soft": bool}]: a finding with one of the ids (for
  that implementation) is in the document's findings;
- "forbid": [{"id": ID or [ID, ...], "impl": IMPL (optional)}]: no such finding;
- "verdicts": [{"impl": IMPL, "case": CASE (optional), "allowed": [VERDICT, ...], "soft": bool}]: kwb.bench/1 only,
  every verdict of that candidate (in that case) is one of these;
- "json": [{"path": "implementations[id=x].runner.interpret", "equals": VALUE | "nonempty": true, "soft": bool}].

A soft expectation that is not met makes the step "unobserved" (a race that did not show in this run), a hard one
"unexpected". Each check comes back as {"check", "ok", "soft", "got"}.
"""

import re

MISSING = object()


def _ids(spec):
    ids = spec["id"]
    return [ids] if isinstance(ids, str) else list(ids)


def _matching(findings, spec):
    ids = _ids(spec)
    impl = spec.get("impl")
    return [f for f in findings if f.get("id") in ids and (impl is None or f.get("impl") == impl)]


def _describe(spec):
    ids = _ids(spec)
    what = ids[0] if len(ids) == 1 else "one of " + ", ".join(ids)
    return what + (f" on {spec['impl']}" if spec.get("impl") else "")


def resolve(doc, path):
    """'a.b[key=value].c' over dicts and lists; MISSING where the path leads nowhere."""
    node = doc
    for part in path.split("."):
        m = re.fullmatch(r"([^\[\]]+)(?:\[([^=\]]+)=([^\]]*)\])?", part)
        if not m or not isinstance(node, dict) or m.group(1) not in node:
            return MISSING
        node = node[m.group(1)]
        if m.group(2):
            if not isinstance(node, list):
                return MISSING
            hits = [e for e in node if isinstance(e, dict) and str(e.get(m.group(2))) == m.group(3)]
            if not hits:
                return MISSING
            node = hits[0]
    return node


def _bench_verdicts(doc, impl, case):
    out = []
    for c in doc.get("cases", []):
        if case and c.get("name") != case:
            continue
        for cand in c.get("candidates", []):
            if cand.get("id") == impl:
                out.append((c.get("name"), cand.get("verdict")))
    return out


def check(expect, doc):
    """The list of checks of one expectation against one document (an empty expectation: no checks)."""
    findings = doc.get("findings", []) if isinstance(doc, dict) else []
    results = []
    for spec in expect.get("require", []):
        hits = _matching(findings, spec)
        results.append({"check": "finds " + _describe(spec), "ok": bool(hits), "soft": bool(spec.get("soft")),
                        "got": sorted({f"{f.get('id')}@{f.get('impl') or '-'}" for f in hits})})
    for spec in expect.get("forbid", []):
        hits = _matching(findings, spec)
        results.append({"check": "does not find " + _describe(spec), "ok": not hits, "soft": bool(spec.get("soft")),
                        "got": sorted({f"{f.get('id')}@{f.get('impl') or '-'}: {f.get('message', '')[:160]}"
                                       for f in hits})})
    for spec in expect.get("verdicts", []):
        got = _bench_verdicts(doc, spec["impl"], spec.get("case"))
        ok = bool(got) and all(v in spec["allowed"] for _, v in got)
        where = f" in {spec['case']}" if spec.get("case") else ""
        results.append({"check": f"verdict of {spec['impl']}{where} is one of {', '.join(spec['allowed'])}",
                        "ok": ok, "soft": bool(spec.get("soft")), "got": [f"{c}: {v}" for c, v in got]})
    for spec in expect.get("json", []):
        value = resolve(doc, spec["path"])
        if "equals" in spec:
            ok = value is not MISSING and value == spec["equals"]
            what = f"{spec['path']} == {spec['equals']!r}"
        else:
            ok = value is not MISSING and bool(value)
            what = f"{spec['path']} is not empty"
        results.append({"check": what, "ok": ok, "soft": bool(spec.get("soft")),
                        "got": "(missing)" if value is MISSING else _short(value)})
    return results


def _short(value):
    text = repr(value)
    return text if len(text) <= 200 else text[:200] + "…"


def status_of(results):
    """passed, unexpected (a hard check failed) or unobserved (only soft checks failed)."""
    if any(not r["ok"] and not r["soft"] for r in results):
        return "unexpected"
    if any(not r["ok"] for r in results):
        return "unobserved"
    return "passed"


def finding_counts(doc):
    """{"id@impl": count} of a document's findings: the facts a summary line shows."""
    counts = {}
    for f in doc.get("findings", []) if isinstance(doc, dict) else []:
        key = f"{f.get('id')}@{f.get('impl') or '-'}"
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))


def environment_notes(doc):
    """Why something did not run: implementations not run (with the reason), a profiler's missing tools and its
    runs that did not complete — the first thing to read when a step on a GPU host did not go as expected."""
    notes = []
    if not isinstance(doc, dict):
        return notes
    for impl in doc.get("implementations", []):
        if impl.get("status") not in ("ok", "passed", "failed", None):
            notes.append(f"{impl.get('id')} {impl.get('status')}: {impl.get('not_run_reason') or impl.get('error', '')}"
                         .strip()[:240])
    notes += [f"missing: {m}"[:240] for m in doc.get("missing", [])]
    for run in doc.get("runs", []):
        if run.get("status") not in ("ok", "passed", "completed"):
            notes.append(f"{run.get('tool')} {run.get('impl')}/{run.get('case') or '-'}: {run.get('status')}: "
                         f"{run.get('note', '')}"[:240])
    return notes


def bench_facts(doc):
    """Per case and implementation: median (ns), samples, verdict and speedup of a kwb.bench/1 document."""
    facts = []
    for c in doc.get("cases", []) if isinstance(doc, dict) else []:
        ref = c.get("reference") or {}
        facts.append({"case": c.get("name"), "impl": "reference", "median_ns": ref.get("median_ns"),
                      "samples": ref.get("samples")})
        for cand in c.get("candidates", []):
            speedup = cand.get("speedup") or {}
            facts.append({"case": c.get("name"), "impl": cand.get("id"), "median_ns": cand.get("median_ns"),
                          "samples": cand.get("samples"), "verdict": cand.get("verdict"),
                          "speedup": speedup.get("estimate"), "ci": [speedup.get("ci_low"), speedup.get("ci_high")],
                          "invalid_reason": cand.get("invalid_reason")})
    return facts
