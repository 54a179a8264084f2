// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/lint.h"

#include "core/task/digest.h"
#include "core/task/lintcontext.h"
#include "core/task/taskloader.h"

#include <QFile>

namespace kwb {
namespace lint {
Context::Context(const Task& task)
    : m_task(task)
{
    QFile f(task.path(QStringLiteral("task.json")));
    if (f.open(QIODevice::ReadOnly))
        m_locator = JsonLocator(f.readAll());
}

Finding Context::at(const QString& id, Severity severity, const QString& pointer, const QString& message) const
{
    Finding f;
    f.id = id;
    f.severity = severity;
    f.message = message;
    f.file = QStringLiteral("task.json");
    f.jsonPath = pointer;
    f.line = m_locator.line(pointer);
    return f;
}

QString Context::specText() const
{
    if (m_task.spec.isEmpty())
        return {};
    QFile f(m_task.path(m_task.spec));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QString formatBytes(double bytes)
{
    static const char* units[] = { "B", "KB", "MB", "GB", "TB", "PB", "EB" };
    int u = 0;
    while (bytes >= 1000 && u < 6) {
        bytes /= 1000;
        ++u;
    }
    return QStringLiteral("%1 %2").arg(bytes, 0, 'f', u == 0 ? 0 : 1).arg(QLatin1StringView(units[u]));
}
} // namespace lint

Findings lintTask(const Task& task)
{
    const lint::Context c(task);
    Findings out;
    lint::missingFields(c, out);
    lint::caseSizes(c, out);
    lint::specGaps(c, out);
    lint::unboundedDims(c, out);
    lint::undeclaredFlags(c, out);
    lint::looseTolerances(c, out);
    lint::launchConfigs(c, out);
    lint::importedAnalysis(c, out);
    return out;
}

LintReport lintBundle(const QString& bundleDir)
{
    LintReport report;
    report.path = bundleDir;
    auto loaded = loadTask(bundleDir);
    if (!loaded) {
        const Error& e = loaded.error();
        Finding f;
        f.id = e.findingId.isEmpty() ? QStringLiteral("scope.invalid-manifest") : e.findingId;
        f.severity = Severity::Error;
        f.message = e.where.startsWith(u'/') || e.where.isEmpty() ? e.what : e.where + QStringLiteral(": ") + e.what;
        f.file = e.file;
        f.line = e.line;
        if (e.where.startsWith(u'/'))
            f.jsonPath = e.where;
        report.loadError = e.oneLine();
        report.findings << f;
        return report;
    }
    report.task = std::make_shared<const LoadedTask>(*loaded);
    const Task& task = loaded->task;
    report.loaded = true;
    report.id = task.id;
    const auto digest = taskDigest(task);
    if (digest) {
        report.digest = *digest;
    } else {
        Finding f;
        f.id = digest.error().findingId;
        f.severity = Severity::Error;
        f.message = digest.error().what;
        f.file = digest.error().file;
        report.findings << f;
    }
    report.findings << loaded->warnings << lintTask(task);
    return report;
}

} // namespace kwb
