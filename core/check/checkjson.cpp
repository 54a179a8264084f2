// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/checkengine.h"
#include "core/check/checkstages.h"
#include "core/env/hostpeaks.h"
#include "core/exec/toolrun.h"

#include "core/env/toolprobe.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QSysInfo>

namespace kwb {
namespace {
QJsonObject lintJson(const LintReport& r)
{
    QJsonArray findings;
    for (const Finding& f : r.findings)
        findings.append(f.toJson());
    const QJsonObject task { { QStringLiteral("path"), r.path },
        { QStringLiteral("id"), r.loaded ? QJsonValue(r.id) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("digest"), r.loaded ? QJsonValue(r.digest) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("findings"), findings } };
    return { { QStringLiteral("format"), QStringLiteral("kwb.lint/1") },
        { QStringLiteral("tasks"), QJsonArray { task } } };
}

} // namespace

namespace detail {
Findings mergedFindings(const CheckResult& r)
{
    Findings all = r.lint.findings;
    if (r.compile)
        all << r.compile->findings;
    if (r.run)
        all << r.run->findings;
    if (r.bench)
        all << r.bench->findings;
    if (r.profile)
        all << r.profile->findings;
    all << r.staticFindings;
    Findings out;
    QSet<QString> seen;
    for (const Finding& f : all) {
        const QString key = QStringList { f.id, f.impl, f.caseName, f.file, QString::number(f.line) }.join(u'\x1f');
        if (seen.contains(key))
            continue;
        seen.insert(key);
        out << f;
    }
    return out;
}

QJsonObject checkProvenance(const CheckContext& ctx, const QDateTime& started)
{
    QJsonObject tools;
    for (const ToolInfo& t : probeTools())
        tools.insert(
            t.name, t.found ? QJsonValue(t.version.isEmpty() ? t.path : t.version) : QJsonValue(QJsonValue::Null));
    const QString python = runnerPython();
    const QJsonObject seeds { { QStringLiteral("seed"), QString::number(ctx.seed) },
        { QStringLiteral("source"), ctx.request.seed ? QStringLiteral("--seed") : QStringLiteral("os") },
        { QStringLiteral("run_trials"),
            QStringLiteral("seed, seed+1, ... (one per trial; see run.provenance.trial_seeds)") },
        { QStringLiteral("bench_inputs"), QStringLiteral("seed + round") },
        { QStringLiteral("bench_bootstrap"), QString::number(ctx.seed) },
        { QStringLiteral("profile_inputs"), QString::number(ctx.seed) } };
    return QJsonObject { { QStringLiteral("kwb_version"), QStringLiteral(KWB_VERSION) },
        { QStringLiteral("qt_version"), QString::fromLatin1(qVersion()) },
        { QStringLiteral("host"), QSysInfo::machineHostName() }, { QStringLiteral("cpu"), cpuModel() },
        { QStringLiteral("os"), QSysInfo::prettyProductName() + QStringLiteral(" / ") + QSysInfo::kernelVersion() },
        { QStringLiteral("runner_python"),
            QJsonObject { { QStringLiteral("path"), python },
                { QStringLiteral("version"),
                    python.isEmpty() ? QString() : probeOutput(python, { QStringLiteral("--version") }).trimmed() } } },
        { QStringLiteral("tools"), tools }, { QStringLiteral("seeds"), seeds },
        { QStringLiteral("sandbox"), ctx.request.sandbox }, { QStringLiteral("executor"), ctx.request.executor.name() },
        { QStringLiteral("started"), started.toString(Qt::ISODate) },
        { QStringLiteral("finished"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate) } };
}
} // namespace detail

QString checkVerdict(const CheckResult& r)
{
    if (hasErrors(r.findings))
        return QStringLiteral("fail");
    if (r.cancelled || !r.notCheckedHere.isEmpty())
        return QStringLiteral("incomplete");
    for (const StageOutcome& s : r.stages) {
        // The profile stage is optional evidence: missing profilers do not make a check incomplete.
        if (s.stage == CheckStage::Profile)
            continue;
        if (s.status == StageStatus::Skipped || s.status == StageStatus::Cancelled
            || (s.status == StageStatus::Failed && !s.note.isEmpty()))
            return QStringLiteral("incomplete");
    }
    return QStringLiteral("pass");
}

QJsonObject checkReportJson(const CheckResult& r)
{
    QJsonArray stages;
    for (const StageOutcome& s : r.stages) {
        QJsonObject o { { QStringLiteral("stage"), checkStageName(s.stage) },
            { QStringLiteral("status"), stageStatusName(s.status) }, { QStringLiteral("summary"), s.summary },
            { QStringLiteral("seconds"), s.seconds } };
        if (!s.note.isEmpty())
            o.insert(QStringLiteral("note"), s.note);
        stages.append(o);
    }
    QJsonArray findings;
    for (const Finding& f : r.findings)
        findings.append(f.toJson());
    const auto orNull
        = [](bool present, const auto& make) { return present ? QJsonValue(make()) : QJsonValue(QJsonValue::Null); };
    int errors = 0;
    int warnings = 0;
    for (const Finding& f : r.findings) {
        errors += f.severity == Severity::Error ? 1 : 0;
        warnings += f.severity == Severity::Warning ? 1 : 0;
    }
    return QJsonObject { { QStringLiteral("format"), QStringLiteral("kwb.check/1") },
        { QStringLiteral("task"),
            QJsonObject { { QStringLiteral("path"), r.taskDir },
                { QStringLiteral("id"), r.lint.loaded ? QJsonValue(r.lint.id) : QJsonValue(QJsonValue::Null) },
                { QStringLiteral("digest"),
                    r.lint.loaded ? QJsonValue(r.lint.digest) : QJsonValue(QJsonValue::Null) } } },
        { QStringLiteral("verdict"), checkVerdict(r) }, { QStringLiteral("cancelled"), r.cancelled },
        { QStringLiteral("not_checked_here"), QJsonArray::fromStringList(r.notCheckedHere) },
        { QStringLiteral("counts"),
            QJsonObject { { QStringLiteral("errors"), errors }, { QStringLiteral("warnings"), warnings },
                { QStringLiteral("findings"), r.findings.size() } } },
        { QStringLiteral("stages"), stages }, { QStringLiteral("lint"), lintJson(r.lint) },
        { QStringLiteral("compile"), orNull(r.compile.has_value(), [&] { return r.compile->toJson(); }) },
        { QStringLiteral("run"), orNull(r.run.has_value(), [&] { return runReportJson(*r.run); }) },
        { QStringLiteral("bench"), orNull(r.bench.has_value(), [&] { return benchReportJson(*r.bench); }) },
        { QStringLiteral("profile"), orNull(r.profile.has_value(), [&] { return profileReportJson(*r.profile); }) },
        { QStringLiteral("findings"), findings }, { QStringLiteral("provenance"), r.provenance } };
}

Status writeCheckReports(const CheckResult& result, const QString& dir)
{
    if (!QDir().mkpath(dir))
        return Error { dir, {}, QStringLiteral("cannot create the report folder") };
    const std::pair<const char*, QByteArray> files[] = {
        { "report.json", QJsonDocument(checkReportJson(result)).toJson(QJsonDocument::Indented) },
        { "report.md", checkReportMarkdown(result).toUtf8() },
        { "report.html", checkReportHtml(result).toUtf8() },
    };
    for (const auto& [name, bytes] : files) {
        const QString path = QDir(dir).filePath(QString::fromLatin1(name));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
            return Error { path, {}, QStringLiteral("cannot write: %1").arg(f.errorString()) };
    }
    return Ok {};
}

} // namespace kwb
