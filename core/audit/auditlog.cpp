// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/audit/auditlog.h"

#include "core/review/atomicfile.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>

#include <unistd.h>

namespace kwb::auditlog {
namespace {
QJsonObject contentJson(const AuditLogEntry& e)
{
    return { { QStringLiteral("seq"), e.seq }, { QStringLiteral("time"), e.time },
        { QStringLiteral("auditor"), e.auditor }, { QStringLiteral("action"), e.action },
        { QStringLiteral("data"), e.data }, { QStringLiteral("prev"), e.prev } };
}

QString hashOf(const QJsonObject& content)
{
    return QStringLiteral("sha256:")
        + QString::fromLatin1(
            QCryptographicHash::hash(QJsonDocument(content).toJson(QJsonDocument::Compact), QCryptographicHash::Sha256)
                .toHex());
}

QString headPath(const QString& path)
{
    return path + QStringLiteral(".head");
}

Error bad(const QString& path, int line, const QString& what)
{
    Error e { path, QStringLiteral("line %1").arg(line), what };
    e.line = line;
    e.findingId = QStringLiteral("audit.log-tampered");
    return e;
}

Status checkHead(const QString& path, const QList<AuditLogEntry>& entries)
{
    QFile head(headPath(path));
    if (!head.exists())
        return Ok {};
    if (!head.open(QIODevice::ReadOnly))
        return Error { head.fileName(), {}, head.errorString() };
    const QJsonObject h = QJsonDocument::fromJson(head.readAll()).object();
    const qint64 count = h.value(QStringLiteral("entries")).toInteger(-1);
    const QString hash = h.value(QStringLiteral("hash")).toString();
    if (count < 0)
        return Error { head.fileName(), {}, QStringLiteral("expected {\"entries\": N, \"hash\": \"sha256:…\"}") };
    if (count > entries.size())
        return bad(path, int(entries.size()) + 1,
            QStringLiteral("entry %1 is missing: the log ends after %2 entries, its head records %3 (entries were "
                           "removed from the end)")
                .arg(entries.size() + 1)
                .arg(entries.size())
                .arg(count));
    // A head one or more entries behind is a crash between appending and updating the head.
    const QString expected = count == 0 ? genesisHash() : entries.at(count - 1).hash;
    if (hash != expected)
        return bad(path, int(count),
            QStringLiteral("entry %1 is not the one the head recorded (hash %2, head %3): it was rewritten")
                .arg(count)
                .arg(expected.left(19), hash.left(19)));
    return Ok {};
}
} // namespace

QString defaultPath()
{
    const QByteArray env = qgetenv("KWB_AUDIT_LOG");
    if (!env.isEmpty())
        return QString::fromLocal8Bit(env);
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return QDir(base).filePath(QStringLiteral("kernel-workbench/audit.log.jsonl"));
}

QString genesisHash()
{
    return QStringLiteral("sha256:") + QString(64, u'0');
}

QByteArray entryLine(const AuditLogEntry& e)
{
    QJsonObject o = contentJson(e);
    o.insert(QStringLiteral("hash"), e.hash);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

Result<QList<AuditLogEntry>> read(const QString& path)
{
    QList<AuditLogEntry> entries;
    QFile f(path);
    if (!f.exists()) {
        if (QFileInfo::exists(headPath(path)))
            return bad(path, 1, QStringLiteral("the log is missing but its head exists: the log was removed"));
        return entries;
    }
    if (!f.open(QIODevice::ReadOnly))
        return Error { path, {}, f.errorString() };
    const QByteArray all = f.readAll();
    if (!all.isEmpty() && !all.endsWith('\n'))
        return bad(
            path, int(all.count('\n')) + 1, QStringLiteral("the last line has no newline (a torn or edited write)"));
    const QList<QByteArray> lines = all.split('\n');
    QString prev = genesisHash();
    for (int i = 0; i + 1 < lines.size(); ++i) {
        const int line = i + 1;
        const QByteArray& text = lines.at(i);
        QJsonParseError err;
        const QJsonDocument doc = QJsonDocument::fromJson(text, &err);
        if (err.error != QJsonParseError::NoError || !doc.isObject())
            return bad(path, line,
                QStringLiteral("entry %1 is not a JSON object (%2): it was edited").arg(line).arg(err.errorString()));
        const QJsonObject o = doc.object();
        AuditLogEntry e;
        e.seq = o.value(QStringLiteral("seq")).toInteger();
        e.time = o.value(QStringLiteral("time")).toString();
        e.auditor = o.value(QStringLiteral("auditor")).toString();
        e.action = o.value(QStringLiteral("action")).toString();
        e.data = o.value(QStringLiteral("data")).toObject();
        e.prev = o.value(QStringLiteral("prev")).toString();
        e.hash = o.value(QStringLiteral("hash")).toString();
        if (entryLine(e) != text)
            return bad(path, line, QStringLiteral("entry %1 is not in its canonical form: it was edited").arg(line));
        if (hashOf(contentJson(e)) != e.hash)
            return bad(path, line,
                QStringLiteral("entry %1 (seq %2) does not match its hash: it was edited").arg(line).arg(e.seq));
        if (e.prev != prev)
            return bad(path, line,
                QStringLiteral("entry %1 (seq %2) does not follow entry %3: an entry before it was removed, "
                               "reordered or rewritten")
                    .arg(line)
                    .arg(e.seq)
                    .arg(line - 1));
        if (e.seq != line)
            return bad(path, line,
                QStringLiteral("entry %1 has seq %2: entries were removed or reordered").arg(line).arg(e.seq));
        prev = e.hash;
        entries << e;
    }
    if (const Status h = checkHead(path, entries); !h)
        return h.error();
    return entries;
}

Result<AuditLogEntry> append(
    const QString& path, const QString& action, const QString& auditor, const QJsonObject& data)
{
    const Result<QList<AuditLogEntry>> entries = read(path);
    if (!entries)
        return Error { entries.error().file, entries.error().where,
            entries.error().what + QStringLiteral(" (nothing appended: the log does not verify)"),
            entries.error().findingId, entries.error().line };
    AuditLogEntry e;
    e.seq = entries->size() + 1;
    e.time = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    e.auditor = auditor;
    e.action = action;
    e.data = data;
    e.prev = entries->isEmpty() ? genesisHash() : entries->last().hash;
    e.hash = hashOf(contentJson(e));
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Append))
        return Error { path, {}, f.errorString() };
    const QByteArray line = entryLine(e) + '\n';
    if (f.write(line) != line.size() || !f.flush() || ::fsync(f.handle()) != 0)
        return Error { path, {}, QStringLiteral("could not append: %1").arg(f.errorString()) };
    f.close();
    const QJsonObject head { { QStringLiteral("entries"), e.seq }, { QStringLiteral("hash"), e.hash } };
    if (const Status s = writeFileAtomically(headPath(path), QJsonDocument(head).toJson(QJsonDocument::Compact)); !s)
        return s.error();
    return e;
}

QJsonObject verdictData(const AuditVerdict& v)
{
    QJsonObject notes;
    for (auto it = v.notes.begin(); it != v.notes.end(); ++it)
        notes.insert(it.key(), it.value());
    return { { QStringLiteral("review"), v.review }, { QStringLiteral("decision"), v.decision },
        { QStringLiteral("notes"), notes } };
}

QJsonObject adjudicationData(const Adjudication& a)
{
    return { { QStringLiteral("task"), a.taskId }, { QStringLiteral("criterion"), a.criterion },
        { QStringLiteral("value"), a.value }, { QStringLiteral("reason"), a.reason },
        { QStringLiteral("reviews"), QJsonArray::fromStringList(a.reviews) } };
}

QList<Adjudication> adjudications(const QList<AuditLogEntry>& entries)
{
    QList<Adjudication> out;
    for (const AuditLogEntry& e : entries) {
        if (e.action != QLatin1StringView("adjudicate"))
            continue;
        Adjudication a;
        a.taskId = e.data.value(QStringLiteral("task")).toString();
        a.criterion = e.data.value(QStringLiteral("criterion")).toString();
        a.value = e.data.value(QStringLiteral("value")).toInt();
        a.reason = e.data.value(QStringLiteral("reason")).toString();
        for (const QJsonValue& v : e.data.value(QStringLiteral("reviews")).toArray())
            a.reviews << v.toString();
        a.auditor = e.auditor;
        a.time = QDateTime::fromString(e.time, Qt::ISODateWithMs);
        out << a;
    }
    return out;
}

QList<AuditVerdict> verdicts(const QList<AuditLogEntry>& entries)
{
    QList<AuditVerdict> out;
    for (const AuditLogEntry& e : entries) {
        if (e.action != QLatin1StringView("verdict"))
            continue;
        AuditVerdict v;
        v.review = e.data.value(QStringLiteral("review")).toString();
        v.decision = e.data.value(QStringLiteral("decision")).toString();
        const QJsonObject notes = e.data.value(QStringLiteral("notes")).toObject();
        for (auto it = notes.begin(); it != notes.end(); ++it)
            v.notes.insert(it.key(), it.value().toString());
        v.auditor = e.auditor;
        v.time = QDateTime::fromString(e.time, Qt::ISODateWithMs);
        out << v;
    }
    return out;
}

} // namespace kwb::auditlog
