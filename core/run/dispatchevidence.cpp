// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A call's dispatch record, believed only as the call left it (docs/running.md "Whose work the calls were").
#include "core/run/dispatchevidence.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>

namespace kwb {

QByteArray markerWord(const QList<QByteArray>& words, const char* name)
{
    const QByteArray prefix = QByteArray(name) + '=';
    for (const QByteArray& w : words) {
        if (w.startsWith(prefix))
            return w.mid(prefix.size());
    }
    return {};
}

std::optional<WrittenMarker> parseWrittenMarker(const QByteArray& line)
{
    const QList<QByteArray> words = line.trimmed().split(' ');
    bool isIndex = false;
    const int index = words.value(1).toInt(&isIndex);
    if (words.value(0) != "w" || !isIndex)
        return std::nullopt;
    return WrittenMarker { index, QString::fromUtf8(markerWord(words, "label")), markerWord(words, "dispatch") };
}

bool noteGuardReport(const QByteArray& marker, QStringList& into)
{
    QStringList items;
    if (marker.startsWith("done")) {
        if (const qsizetype at = marker.indexOf(" tamper="); at >= 0)
            items = QString::fromUtf8(marker.mid(at + 8).trimmed()).split(u',', Qt::SkipEmptyParts);
    } else if (marker.startsWith("reach ")) {
        items << QString::fromUtf8(marker.mid(6).trimmed());
    } else {
        return false;
    }
    for (const QString& item : items) {
        if (!into.contains(item))
            into << item;
    }
    return true;
}

QStringList reachedIntoRunner(const QStringList& guardReport)
{
    QStringList out;
    for (const QString& t : guardReport) {
        if (t.contains(u'@'))
            out << t;
    }
    return out;
}

QString verifiedDispatch(
    const QJsonObject& recorded, const QByteArray& announced, const QString& outDir, QJsonObject* evidence)
{
    if (announced.isEmpty())
        return recorded.isEmpty() ? QString()
                                  : QStringLiteral("result.json holds a dispatch record the call's marker did not "
                                                   "announce when the call completed");
    QFile f(QDir(outDir).filePath(QStringLiteral("dispatch.json")));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("the dispatch record written when the call completed is gone (%1)").arg(f.fileName());
    const QByteArray bytes = f.readAll();
    if (QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex() != announced)
        return QStringLiteral("%1 was changed after the call completed (its digest is not the one the call's marker "
                              "announced)")
            .arg(f.fileName());
    const QJsonObject written = QJsonDocument::fromJson(bytes).object();
    if (evidence)
        *evidence = written;
    return written == recorded
        ? QString()
        : QStringLiteral("result.json's dispatch record is not the one written when the call completed");
}

} // namespace kwb
