// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/importers/scanner.h"

#include "core/importers/bundlewriter.h"

#include "core/env/resourcepaths.h"
#include "core/env/toolprobe.h"
#include "core/exec/runtocompletion.h"
#include "core/exec/toolrun.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

namespace kwb {

QString scannerPath()
{
    return QDir(resourcesDir()).filePath(QStringLiteral("importers/kwb_scan.py"));
}

Result<ScanOutput> runScanner(const QString& mode, const QStringList& paths)
{
    ScanOutput out;
    out.python = runnerPython();
    if (out.python.isEmpty())
        return Error::environment({}, {}, QStringLiteral("no python3 to run the importer's scanner (set KWB_PYTHON)"));
    const QString script = scannerPath();
    if (!QFileInfo::exists(script))
        return Error::environment(script, {}, QStringLiteral("scanner missing (resources not installed?)"));
    out.pythonVersion = probeOutput(out.python, { QStringLiteral("--version") }).trimmed();
    // The scanner parses the set's files (never imports them), as every process runs: exec/runToCompletion, with
    // its process group, output cap and timeout.
    ProcessSpec spec;
    spec.program = out.python;
    spec.arguments = QStringList { QStringLiteral("-s"), script, mode } + paths;
    spec.workDir = QDir::tempPath();
    spec.sandbox = false;
    spec.bindGpu = false;
    spec.limits.timeoutMs = 300000; // a few hundred files take a second or two; one stuck for minutes is broken
    spec.limits.memoryMiB = 0;
    spec.limits.cpuSeconds = 0;
    spec.limits.outputCapBytes = 256 * 1024 * 1024; // the JSON document is read whole
    spec.environment.insert(QStringLiteral("PATH"), qEnvironmentVariable("PATH", QStringLiteral("/usr/bin:/bin")));
    QByteArray stdoutBytes, stderrBytes;
    const auto collect = [&](OutputChannel channel, const QByteArray& bytes) {
        (channel == OutputChannel::Stdout ? stdoutBytes : stderrBytes) += bytes;
    };
    const Result<RunOutcome> ran = runToCompletion(spec, collect);
    if (!ran)
        return Error::environment(out.python, {}, QStringLiteral("cannot start: %1").arg(ran.error().oneLine()));
    if (ran->status == RunStatus::TimedOut)
        return Error::environment(script, {}, QStringLiteral("the scanner did not finish in 300 s"));
    const QString stderrText = QString::fromUtf8(stderrBytes).trimmed();
    if (!ran->succeeded())
        return Error::environment(script, {},
            QStringLiteral("the scanner failed (exit %1): %2")
                .arg(ran->exitCode)
                .arg(stderrText.isEmpty() ? QStringLiteral("no message") : stderrText.section(QLatin1Char('\n'), -1)));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(stdoutBytes, &error);
    if (!doc.isObject())
        return Error::environment(
            script, {}, QStringLiteral("the scanner's output is not JSON: %1").arg(error.errorString()));
    out.document = doc.object();
    return out;
}

Result<QHash<QString, QJsonObject>> moduleBindings(const QString& name, const QStringList& files)
{
    QHash<QString, QJsonObject> out;
    if (files.isEmpty())
        return out;
    // The scanner runs in a folder of its own: it gets absolute paths, and the answers are keyed by the names given.
    QHash<QString, QString> given;
    QStringList absolute;
    for (const QString& f : files) {
        absolute << QFileInfo(f).absoluteFilePath();
        given.insert(absolute.last(), f);
    }
    auto scan = runScanner(QStringLiteral("defines"), QStringList { name } + absolute);
    if (!scan)
        return scan.error();
    for (const auto& v : scan->document.value(QStringLiteral("files")).toArray()) {
        const QJsonObject o = v.toObject();
        const QString file = o.value(QStringLiteral("file")).toString();
        out.insert(given.value(file, file), o);
    }
    return out;
}

std::optional<Finding> bindingFinding(const QJsonObject& binding, const QString& file, const QString& what)
{
    const QString bound = binding.value(QStringLiteral("bound")).toString();
    const int line = binding.value(QStringLiteral("line")).toInt();
    if (bound == u"yes")
        return std::nullopt;
    if (bound == u"dynamic")
        return importFinding(QStringLiteral("import.not-static"), Severity::Info, file, line,
            QStringLiteral("%1 may be bound dynamically (%2): the first run shows whether it exists")
                .arg(what, binding.value(QStringLiteral("how")).toString()));
    if (bound == u"error")
        return importFinding(QStringLiteral("import.missing-definition"), Severity::Error, file, line,
            QStringLiteral("%1 cannot be found: %2").arg(what, binding.value(QStringLiteral("message")).toString()));
    return importFinding(QStringLiteral("import.missing-definition"), Severity::Error, file, 1,
        QStringLiteral("the module binds no %1 at its top level (no def, class, assignment or import of it)")
            .arg(what));
}

} // namespace kwb
