#include "batch/batchrun.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

namespace kwb {

Result<BatchSummary> runBatch(
    const BatchRequest& request, const BatchProgressFn& progress, const std::atomic_bool* cancel)
{
    if (!QDir().mkpath(QDir(request.outDir).filePath(QStringLiteral("tasks"))))
        return Error { request.outDir, {}, QStringLiteral("cannot create the output folder"), QStringLiteral("env") };
    BatchSummary summary;
    summary.action = request.action.action;
    summary.executor = request.action.executor.name();
    summary.jobs = request.jobs;
    summary.started = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    QElapsedTimer clock;
    clock.start();

    QList<ElementState>& states = summary.elements;
    QList<int> pending;
    for (const BatchItem& item : request.items) {
        ElementState s;
        s.id = item.id;
        s.taskDir = item.taskDir;
        s.digest = item.digest;
        s.executor = summary.executor;
        const auto previous = readElementState(request.outDir, item.id);
        const bool reportThere
            = QFileInfo::exists(QDir(elementDir(request.outDir, item.id)).filePath(QStringLiteral("report.json")));
        if (request.resume && previous && previous->complete() && previous->digest == item.digest && reportThere) {
            s = *previous;
            s.resumed = true;
        } else {
            pending << int(states.size());
        }
        states << s;
    }

    const auto changed = [&](int index) {
        if (!progress)
            return;
        BatchProgress p;
        p.total = int(states.size());
        for (const ElementState& s : states) {
            p.finished += s.status != u"pending" && s.status != u"running";
            p.running += s.status == u"running";
            p.skipped += s.resumed;
            p.failed += s.status == u"failed" || s.status == u"timeout" || s.status == u"cancelled";
        }
        progress(p, states.at(index));
    };
    for (int i = 0; i < states.size(); ++i) {
        if (states[i].resumed)
            changed(i);
    }
    if (request.action.executor.kind == ExecutorSpec::Kind::Slurm) {
        if (auto s = runSlurmElements(request, states, pending, changed, cancel, &summary.slurmJob); !s)
            return s.error();
    } else {
        runLocalElements(request, states, pending, changed, cancel);
    }
    summary.cancelled = cancel && cancel->load();
    summary.wallS = clock.elapsed() / 1000.0;

    QSaveFile f(QDir(request.outDir).filePath(QStringLiteral("summary.json")));
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(batchSummaryJson(summary)).toJson()) < 0 || !f.commit())
        return Error { f.fileName(), {}, QStringLiteral("cannot write: %1").arg(f.errorString()),
            QStringLiteral("env") };
    return summary;
}

} // namespace kwb
