// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/lintcontext.h"

#include <algorithm>

namespace kwb::lint {
namespace {
const QString kMissing = QStringLiteral("scope.missing-field");

bool anyBackend(const Task& t, const QString& backend)
{
    const auto impls = t.implementations();
    return std::any_of(impls.begin(), impls.end(), [&](const Implementation& i) { return i.backend == backend; });
}

// "float32 rtol 1.3e-06 atol 1e-05, …" for the outputs that fall back to dtype defaults.
QString defaultsText(const Task& t)
{
    QStringList parts;
    for (const TensorSpec& o : t.outputs) {
        if (o.tolerance)
            continue;
        const Tolerance d = defaultTolerance(o.dtype);
        const QString part = QStringLiteral("%1 rtol %2 atol %3").arg(dtypeName(o.dtype)).arg(d.rtol).arg(d.atol);
        if (!parts.contains(part))
            parts << part;
    }
    return parts.join(QStringLiteral(", "));
}
} // namespace

void missingFields(const Context& c, Findings& out)
{
    const Task& t = c.task();
    const auto warn = [&](const QString& pointer, const QString& message) {
        out << c.at(kMissing, Severity::Warning, pointer, message);
    };
    if (t.spec.isEmpty())
        warn(QStringLiteral("/spec"),
            QStringLiteral("no spec: nothing says what the kernel must compute (expected "
                           "'spec', a Markdown file)"));
    else if (c.specText().trimmed().isEmpty())
        warn(QStringLiteral("/spec"), QStringLiteral("the spec '%1' is empty").arg(t.spec));
    if (t.target.hardware.isEmpty())
        warn(QStringLiteral("/target/hardware"),
            QStringLiteral(
                "no target hardware: memory, bandwidth and peak rates are unknown (expected e.g. \"H100\")"));
    if (t.target.arch.isEmpty() && anyBackend(t, QStringLiteral("cuda")))
        warn(QStringLiteral("/target/arch"), QStringLiteral("no target arch for CUDA code (expected e.g. \"sm_90\")"));
    const bool allOwn
        = std::all_of(t.outputs.begin(), t.outputs.end(), [](const TensorSpec& o) { return bool(o.tolerance); });
    if (!t.tolerance && !allOwn)
        warn(QStringLiteral("/tolerance"),
            QStringLiteral("no tolerance: torch dtype defaults apply (%1); state one justified for this computation")
                .arg(defaultsText(t)));
    if (t.cases.isEmpty())
        warn(QStringLiteral("/cases"),
            QStringLiteral("no cases: nothing fixes the sizes the task is checked and timed on"));
    if (t.benchmarkFlops.isEmpty() && t.benchmarkBytes.isEmpty() && (t.kind == u"optimization" || t.kind == u"fusion"))
        warn(QStringLiteral("/benchmark"),
            QStringLiteral("no benchmark.flops/bytes for an %1 task: a claimed speedup has no roofline floor to check "
                           "against")
                .arg(t.kind));
}

} // namespace kwb::lint
