#!/usr/bin/python3 -s
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes random tensor pairs the engine has never seen into OUTDIR, and cases.json with the metrics numpy
computes for them (tests/fixtures/compare/npcompare.py). Usage: random_cases.py FIXTURES_DIR OUTDIR SEED"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, sys.argv[1])
import npcompare as nc  # noqa: E402

out = sys.argv[2]
rng = np.random.default_rng(int(sys.argv[3]))


def plain(o):
    if isinstance(o, dict):
        return {k: plain(v) for k, v in o.items()}
    if isinstance(o, list):
        return [plain(v) for v in o]
    if isinstance(o, float) and not np.isfinite(o):
        return "nan" if np.isnan(o) else ("inf" if o > 0 else "-inf")
    return o


def stored(v, dtype):
    if dtype in ("bfloat16", "float8_e4m3fn", "float8_e5m2"):
        return nc.encode_small(v, dtype)
    if dtype == "bool":
        return v != 0
    return v.astype(nc.STORAGE[dtype])


def write(path, dtype, raw):
    with open(path, "wb") as f:
        if dtype in ("bfloat16", "float8_e4m3fn", "float8_e5m2"):
            f.write(nc.safetensors_bytes([("t", dtype, raw)]))
        else:
            np.save(f, raw)


cases = []
specs = [("float32", "float32", (517, 1031)), ("float16", "float16", (70001,)), ("bfloat16", "bfloat16", (300, 301)),
         ("float64", "float64", (2, 3, 40007)), ("float8_e4m3fn", "float8_e4m3fn", (5000,)),
         ("float8_e5m2", "float8_e5m2", (64, 65)), ("int32", "int32", (100003,)), ("uint8", "uint8", (3000,)),
         ("bfloat16", "float32", (9001,)), ("float16", "float64", (4097,)), ("float32", "int64", (1234,))]
for k, (ad, ed, shape) in enumerate(specs):
    n = int(np.prod(shape))
    scale = rng.choice([1e-3, 1.0, 100.0])
    e = rng.standard_normal(n) * scale
    if ad in nc.INTS or ed in nc.INTS:
        e = np.rint(e * 50)
    rel = {"float64": 1e-9, "float32": 1e-6, "float16": 1e-3, "bfloat16": 1e-2}.get(ad, 0.05)
    a = e * (1 + rel * rng.standard_normal(n))
    if ad in nc.INTS:
        a = np.rint(a)
        a[rng.integers(0, n, 3)] += 1
    if ad in nc.FLOATS and ed in nc.FLOATS:
        for arr in (a, e):
            for special in (np.nan, np.inf, -np.inf, 0.0, -0.0):
                arr[rng.integers(0, n, 2)] = special
        a[rng.integers(0, n, 5)] *= 1.5
    if ad == "uint8":
        a, e = np.abs(a) % 256, np.abs(e) % 256
    a_raw = stored(a, ad).reshape(shape)
    e_raw = stored(e, ed).reshape(shape)
    rtol, atol = nc.DEFAULT_TOL.get(ad, (0.0, 0.0))
    max_ulp = [None, 4.0][k % 2] if ad in nc.FLOATS else None
    nan = ["match", "forbid"][(k // 2) % 2]
    ext = lambda d: ".safetensors" if d in ("bfloat16", "float8_e4m3fn", "float8_e5m2") else ".npy"  # noqa: E731
    fa = os.path.join(out, "a%d%s" % (k, ext(ad)))
    fe = os.path.join(out, "e%d%s" % (k, ext(ed)))
    write(fa, ad, a_raw)
    write(fe, ed, e_raw)
    with np.errstate(over="ignore", invalid="ignore"):
        r = nc.compare(a_raw, ad, e_raw, ed, rtol, atol, max_ulp, nan, None, 8)
    cases.append({"actual": fa, "expected": fe, "max_ulp": max_ulp, "nan": nan, "result": r})
with open(os.path.join(out, "cases.json"), "w") as f:
    json.dump(plain(cases), f)
