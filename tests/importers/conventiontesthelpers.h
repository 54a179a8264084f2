// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What tst_conventionruns and tst_conventiongenerated share: finding lookups and the run request they start from.
#include "core/exec/sandboxprobe.h"
#include "core/run/runengine.h"

#include <QStringList>

#include <algorithm>

namespace kwb::test {

inline bool has(const RunResult& r, const QString& id, const QString& impl = {})
{
    return std::any_of(r.findings.begin(), r.findings.end(),
        [&](const Finding& f) { return f.id == id && (impl.isEmpty() || f.impl == impl); });
}

/// The ids of the error findings on `impl`, each once, sorted.
inline QStringList errorIds(const RunResult& r, const QString& impl)
{
    QStringList out;
    for (const Finding& f : r.findings) {
        if (f.impl == impl && f.severity == Severity::Error)
            out << f.id;
    }
    out.removeDuplicates();
    out.sort();
    return out;
}

/// Every finding, one line each, for a failure message.
inline QString ids(const RunResult& r)
{
    QStringList out;
    for (const Finding& f : r.findings)
        out << f.id + QLatin1Char('[') + f.impl + QStringLiteral("] ") + f.message.left(160);
    return out.join(u'\n');
}

/// Two seeded trials, sandboxed where this machine can, declared cases only (the tests that want generated cases
/// turn them on).
inline RunRequest conventionRequest(const QString& dir)
{
    RunRequest r;
    r.taskDir = dir;
    r.trials = 2;
    r.seed = 20261130;
    r.sandbox = sandboxAvailable().available;
    r.heldOut = 0;
    r.stress = false;
    return r;
}

} // namespace kwb::test
