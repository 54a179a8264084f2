#include "review/reportdoc.h"

#include "rubric/jsonin.h"

#include <QCryptographicHash>
#include <QFile>

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
    const QString format = in.string(*doc, {}, QStringLiteral("format"));
    if (!in.failed() && format != QLatin1StringView("kwb.report/1"))
        in.fail(QStringLiteral("/format"), QStringLiteral("expected \"kwb.report/1\", found \"%1\"").arg(format));
    r.action = in.string(*doc, {}, QStringLiteral("action"));
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
