// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/batch/batchrun.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

namespace kwb {

Result<BatchSummary> runBatch(const BatchRequest& request, const JobContext& job)
{
    const std::atomic_bool* cancel = job.cancel;
    if (!QDir().mkpath(QDir(request.outDir).filePath(QStringLiteral("tasks"))))
        return Error::environment(request.outDir, {}, QStringLiteral("cannot create the output folder"));
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
        if (!job.onProgress)
            return;
        int finished = 0, running = 0, skipped = 0, failed = 0;
        for (const ElementState& s : states) {
            finished += s.status != u"pending" && s.status != u"running";
            running += s.status == u"running";
            skipped += s.resumed;
            failed += s.status == u"failed" || s.status == u"timeout" || s.status == u"cancelled";
        }
        const ElementState& e = states.at(index);
        const QString text
            = QStringLiteral("[%1/%2] running %3, failed %4, resumed %5  %6 %7%8")
                  .arg(finished)
                  .arg(states.size())
                  .arg(running)
                  .arg(failed)
                  .arg(skipped)
                  .arg(e.id, e.status, e.jobId.isEmpty() ? QString() : QStringLiteral(" (Slurm ") + e.jobId + u')');
        job.progress(e.status == u"pending" ? QStringLiteral("queued") : QStringLiteral("batch"), text, finished,
            int(states.size()));
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
        return Error::environment(f.fileName(), {}, QStringLiteral("cannot write: %1").arg(f.errorString()));
    return summary;
}

} // namespace kwb
