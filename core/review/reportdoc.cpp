// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/review/reportdoc.h"

#include "core/rubric/jsonin.h"

#include <QCryptographicHash>

#include <QFile>
#include <algorithm>

namespace kwb {

QString contentDigest(const QByteArray& bytes)
{
    return QStringLiteral("sha256:")
        + QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

Result<ReportDoc> parseReportDoc(const QByteArray& bytes, const QString& file)
{
    const Result<QJsonObject> doc = JsonIn::parseObject(bytes, file);
    if (!doc)
        return doc.error();
    JsonIn in(file, bytes);
    ReportDoc r;
    r.file = file;
    r.bytes = bytes;
    r.digest = contentDigest(bytes);
    // The evidence documents of the engine's actions: run (kwb.report/1, which names its action), compile, bench
    // and check. All hold `task.id` and `findings`.
    static const QList<std::pair<QString, QString>> formats { { QStringLiteral("kwb.report/1"), QString() },
        { QStringLiteral("kwb.compile/1"), QStringLiteral("compile") },
        { QStringLiteral("kwb.bench/1"), QStringLiteral("bench") },
        { QStringLiteral("kwb.check/1"), QStringLiteral("check") } };
    const QString format = in.string(*doc, {}, QStringLiteral("format"));
    const auto known = std::find_if(formats.begin(), formats.end(), [&](const auto& f) { return f.first == format; });
    if (!in.failed() && known == formats.end())
        in.fail(QStringLiteral("/format"),
            QStringLiteral(
                "expected \"kwb.report/1\", \"kwb.compile/1\", \"kwb.bench/1\" or \"kwb.check/1\", found \"%1\"")
                .arg(format));
    if (!in.failed())
        r.action = known->second.isEmpty() ? in.string(*doc, {}, QStringLiteral("action")) : known->second;
    const QJsonObject task = in.object(*doc, {}, QStringLiteral("task"));
    r.taskId = in.string(task, QStringLiteral("/task"), QStringLiteral("id"));
    r.taskDigest = in.string(task, QStringLiteral("/task"), QStringLiteral("digest"), false, true);
    const QJsonArray findings = in.array(*doc, {}, QStringLiteral("findings"), false);
    for (qsizetype i = 0; i < findings.size() && !in.failed(); ++i) {
        const QString p = JsonIn::join(QStringLiteral("/findings"), i);
        const QJsonObject f = in.asObject(findings.at(i), p);
        ReportFinding rf;
        rf.id = in.string(f, p, QStringLiteral("id"));
        rf.severity = in.string(f, p, QStringLiteral("severity"), false);
        rf.impl = in.string(f, p, QStringLiteral("impl"), false, true);
        rf.caseName = in.string(f, p, QStringLiteral("case"), false, true);
        rf.message = in.string(f, p, QStringLiteral("message"), false, true);
        rf.origin = f.value(QStringLiteral("origin")).toString();
        rf.evidence = f.value(QStringLiteral("evidence")).toObject();
        rf.file = f.value(QStringLiteral("file")).toString();
        rf.line = f.value(QStringLiteral("line")).toInt();
        r.findings.append(rf);
    }
    if (in.failed())
        return in.error();
    return r;
}

Result<ReportDoc> loadReportDoc(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error { path, {}, QStringLiteral("cannot read report: %1").arg(f.errorString()) };
    return parseReportDoc(f.readAll(), path);
}

} // namespace kwb
