// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/batch/batchview.h"

#include "core/batch/batchstate.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kwb {

int BatchView::count(const QString& status) const
{
    return int(std::count_if(
        elements.cbegin(), elements.cend(), [&](const BatchElementView& e) { return e.status == status; }));
}

namespace {
QJsonObject readObject(const QString& path, QJsonParseError* error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll(), error).object();
}

BatchElementView viewOf(const ElementState& s, const QString& outDir)
{
    BatchElementView v { s.id, s.status == u"pending" ? QStringLiteral("queued") : s.status, {}, s.note, s.elapsedS,
        s.node };
    if (s.status != u"running" && s.status != u"pending") { // a check that could not finish still says why
        QJsonParseError e {};
        const QJsonObject report
            = readObject(QDir(elementDir(outDir, s.id)).filePath(QStringLiteral("report.json")), &e);
        v.verdict = report.value(QStringLiteral("verdict")).toString();
    }
    return v;
}
} // namespace

Result<BatchView> readBatchView(const QString& outDir)
{
    BatchView view;
    view.outDir = QDir(outDir).absolutePath();
    const QString summaryPath = QDir(outDir).filePath(QStringLiteral("summary.json"));
    const QString tasksDir = QDir(outDir).filePath(QStringLiteral("tasks"));
    if (!QFileInfo::exists(summaryPath) && !QFileInfo(tasksDir).isDir())
        return Error { outDir, {}, QStringLiteral("not a batch output folder (no summary.json, no tasks/)") };
    if (QFileInfo::exists(summaryPath)) {
        QJsonParseError e {};
        const QJsonObject summary = readObject(summaryPath, &e);
        if (e.error != QJsonParseError::NoError)
            return Error { summaryPath, QStringLiteral("offset %1").arg(e.offset), e.errorString() };
        if (summary.value(QStringLiteral("format")).toString() != u"kwb.batch/1")
            return Error { summaryPath, QStringLiteral("/format"), QStringLiteral("expected \"kwb.batch/1\"") };
        view.finished = true;
        view.action = summary.value(QStringLiteral("action")).toString();
        view.executor = summary.value(QStringLiteral("executor")).toString();
        for (const QJsonValue& v : summary.value(QStringLiteral("elements")).toArray()) {
            const ElementState s = ElementState::fromJson(v.toObject());
            if (!s.id.isEmpty())
                view.elements.insert(s.id, viewOf(s, outDir));
        }
    }
    // State files are newer than a summary of an earlier batch into the same folder.
    const QStringList ids = QDir(tasksDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& id : ids) {
        if (const auto s = readElementState(outDir, id)) {
            if (view.finished && view.elements.contains(id)
                && QFileInfo(QDir(elementDir(outDir, id)).filePath(QStringLiteral("state.json"))).lastModified()
                    <= QFileInfo(summaryPath).lastModified())
                continue;
            if (view.finished && s->status == u"running")
                view.finished = false; // a new batch into the same folder
            view.elements.insert(id, viewOf(*s, outDir));
            if (view.executor.isEmpty())
                view.executor = s->executor;
        }
    }
    return view;
}

} // namespace kwb
