// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/profilerun.h"
#include "core/profile/profiletools.h"
#include "core/profile/sanitizer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace kwb::detail {
namespace {
QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Sanitizer findings name the file as the tool printed it; point them at the bundle's source when it is one.
void attachSource(Findings& findings, const Implementation& impl)
{
    const QString base = QFileInfo(impl.source).fileName();
    for (Finding& f : findings) {
        if (f.file.isEmpty())
            continue;
        if (f.file == base) {
            f.file = impl.source;
        } else { // glue or harness code: not a bundle file
            f.file.clear();
            f.line = 0;
        }
    }
}

QString lastLines(const QString& log)
{
    return log.trimmed().section(u'\n', -3).trimmed().left(200);
}
} // namespace

ProfileToolRun ncuRun(const Task& task, const Implementation& impl, const RunnerBuild& build, const TrialInputs& trial,
    const QString& ncuPath, const ProfileRequest& request, const QString& workDir, const QString& inputsRoot,
    const std::atomic_bool* cancel, QList<KernelProfile>& kernels)
{
    auto w = runWrapped(
        task, impl, build, trial, QStringLiteral("ncu"), ncuPath, ncuArguments(), request, workDir, inputsRoot, cancel);
    const QString csvPath = QDir(workDir).filePath(QStringLiteral("ncu.csv"));
    const QByteArray csv = readAll(csvPath);
    if (w.log.contains(QStringLiteral("ERR_NVGPUCTRPERM")) || csv.contains("ERR_NVGPUCTRPERM")) {
        w.run.status = QStringLiteral("failed");
        w.run.note = QStringLiteral("ncu: no permission to read GPU performance counters (ERR_NVGPUCTRPERM: the "
                                    "driver restricts profiling to administrators)");
    } else if (!csv.isEmpty()) {
        auto parsed = parseNcuCsv(csv, csvPath);
        if (!parsed) {
            w.run.status = QStringLiteral("failed");
            w.run.note = parsed.error().oneLine();
        } else {
            for (KernelProfile k : *parsed) {
                k.impl = impl.id;
                k.caseName = trial.caseName;
                kernels << k;
            }
            if (parsed->isEmpty()) {
                w.run.status = QStringLiteral("failed");
                w.run.note = QStringLiteral("ncu profiled no kernel")
                    + (w.run.note.isEmpty() ? QString() : QStringLiteral("; ") + w.run.note);
            } else if (w.run.status != u"skipped") {
                // The profile is what was asked for; a runner failing under instrumentation is noted, not fatal.
                w.run.status = QStringLiteral("ok");
            }
        }
    } else {
        w.run.status = QStringLiteral("failed");
        if (w.run.note.isEmpty())
            w.run.note = QStringLiteral("ncu wrote no CSV: %1").arg(lastLines(w.log));
    }
    return w.run;
}

ProfileToolRun sanitizerRun(const Task& task, const Implementation& impl, const RunnerBuild& build,
    const TrialInputs& trial, const QString& tool, const QString& sanitizerPath, const ProfileRequest& request,
    const QString& workDir, const QString& inputsRoot, const std::atomic_bool* cancel, Findings& findings)
{
    auto w = runWrapped(
        task, impl, build, trial, tool, sanitizerPath, sanitizerArguments(tool), request, workDir, inputsRoot, cancel);
    const QString log
        = QString::fromUtf8(readAll(QDir(workDir).filePath(QStringLiteral("sanitizer-%1.log").arg(tool))));
    const SanitizerReport report = parseSanitizerOutput(log.isEmpty() ? w.log : log, tool);
    Findings found = sanitizerFindings(report, impl.id, trial.caseName);
    attachSource(found, impl);
    findings << found;
    if (!report.summaryErrors) {
        w.run.status = w.run.status == u"skipped" ? w.run.status : QStringLiteral("failed");
        if (w.run.note.isEmpty())
            w.run.note
                = QStringLiteral("no ERROR SUMMARY line in the sanitizer's output: %1").arg(lastLines(log + w.log));
        return w.run;
    }
    w.run.note = QStringLiteral("%1 error(s)").arg(*report.summaryErrors)
        + (w.run.note.isEmpty() ? QString() : QStringLiteral("; runner: ") + w.run.note);
    // A runner that fails because the sanitizer stopped a faulting kernel still produced its report.
    w.run.status = QStringLiteral("ok");
    return w.run;
}

} // namespace kwb::detail
