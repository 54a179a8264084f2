// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// How long a 10,000-assignment batch workspace takes to open as a queue, beside peers measured in the same run:
// reading workspace.json alone, stat-ing every bundle's task.json, and walking the folder for bundles (what
// opening a plain folder of tasks does before it lints each one). Then what every move of the queue costs: reading
// the review states (stored reviews and drafts) of R reviewed assignments from the review database and mapping them
// onto the queue, beside reading the database file's bytes.
//   bench_workspace_open [N] [R]     (defaults 10000 and 2000; generated in a temporary folder first)
#include "core/importers/batch.h"
#include "core/importers/feedback.h"
#include "core/review/reviewstore.h"
#include "core/task/taskloader.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cstdio>

using namespace kwb;

namespace {
QByteArray line(int i)
{
    const QJsonObject manifest { { QStringLiteral("dims"),
                                     QJsonObject { { QStringLiteral("N"), QStringLiteral("n") } } },
        { QStringLiteral("inputs"),
            QJsonArray { QJsonObject { { QStringLiteral("name"), QStringLiteral("x") },
                { QStringLiteral("dtype"), QStringLiteral("float32") },
                { QStringLiteral("shape"), QJsonArray { QStringLiteral("N") } } } } },
        { QStringLiteral("outputs"),
            QJsonArray { QJsonObject { { QStringLiteral("name"), QStringLiteral("y") },
                { QStringLiteral("dtype"), QStringLiteral("float32") },
                { QStringLiteral("shape"), QJsonArray { QStringLiteral("N") } } } } },
        { QStringLiteral("cases"),
            QJsonArray { QJsonObject { { QStringLiteral("name"), QStringLiteral("c") },
                { QStringLiteral("dims"), QJsonObject { { QStringLiteral("N"), 1000 + i % 97 } } } } } } };
    const QJsonObject impl { { QStringLiteral("file"), QStringLiteral("reference.cpp") },
        { QStringLiteral("backend"), QStringLiteral("cpp") },
        { QStringLiteral("source"),
            QStringLiteral("extern \"C\" void f(const float* x, float* y, long n) { for (long i = 0; i < n; ++i) y[i] "
                           "= x[i]; }\n") },
        { QStringLiteral("entry"), QStringLiteral("f") },
        { QStringLiteral("args"), QJsonArray { QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("N") } } };
    const QJsonObject o { { QStringLiteral("task_id"), QStringLiteral("bench/%1").arg(i, 5, 10, QLatin1Char('0')) },
        { QStringLiteral("kind"), QStringLiteral("optimization") },
        { QStringLiteral("spec"), QStringLiteral("# Copy\n") }, { QStringLiteral("reference"), impl },
        { QStringLiteral("manifest"), manifest },
        { QStringLiteral("metadata"), QJsonObject { { QStringLiteral("row"), i } } } };
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

double ms(const QElapsedTimer& t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

// R assignments get a review (three in four submitted, the rest a draft); then the states are re-read as the
// queue does on every move.
void reviewStates(const QString& ws, const QString& dbPath, int reviewed)
{
    auto q = BatchQueue::open(ws);
    ReviewStore store;
    if (const Status s = store.open(dbPath); !q || !s) {
        std::fprintf(stderr, "%s\n", qPrintable(q ? s.error().oneLine() : q.error().oneLine()));
        return;
    }
    reviewed = int(std::min<qsizetype>(reviewed, q->size()));
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < reviewed; ++i) {
        Review r;
        r.taskId = q->assignments()[i].bundleId;
        r.reviewer = QStringLiteral("bench");
        r.rubricId = QStringLiteral("kernel-task-review");
        r.rubricVersion = 1;
        r.taskDigest = QStringLiteral("sha256:") + QString(64, u'b');
        r.created = r.updated = QDateTime::currentDateTimeUtc();
        r.verdict = i % 3 ? QStringLiteral("accept") : QStringLiteral("major");
        r.status = i % 4 == 3 ? Review::Status::Draft : Review::Status::Submitted;
        QString failure;
        if (r.status == Review::Status::Draft) {
            if (const Status d = store.saveDraft(r); !d)
                failure = d.error().oneLine();
        } else if (const auto saved = store.save(r, 0); !saved) {
            failure = saved.error().oneLine();
        }
        if (!failure.isEmpty()) {
            std::fprintf(stderr, "%s\n", qPrintable(failure));
            return;
        }
    }
    std::printf("setup: %d reviews stored: %.0f ms\n", reviewed, ms(t));
    for (int round = 0; round < 3; ++round) {
        t.restart();
        qint64 bytes = 0; // the database and its write-ahead log
        for (const QString& file : { dbPath, dbPath + QStringLiteral("-wal") }) {
            QFile f(file);
            bytes += f.open(QIODevice::ReadOnly) ? f.readAll().size() : 0;
        }
        const double rawMs = ms(t);
        t.restart(); // peer: every review and draft document read and parsed
        const auto stored = store.reviews();
        const auto drafts = store.drafts();
        if (!stored || !drafts)
            return;
        const double fullMs = ms(t);
        t.restart(); // what the queue reads on every move
        const auto headers = store.reviewHeaders();
        if (!headers)
            return;
        const double readMs = ms(t);
        t.restart();
        q->setReviews(queueReviewsByBundle(*headers));
        const double mapMs = ms(t);
        std::printf("round %d: review states of %lld assignments: read %.1f ms + map onto the queue %.1f ms "
                    "(%lld reviewed, %lld draft) | peers: read the database files %.1f ms (%lld bytes), read and "
                    "parse every review and draft %.1f ms\n",
            round, qlonglong(q->size()), readMs, mapMs, qlonglong(q->reviewedCount()), qlonglong(q->draftCount()),
            rawMs, qlonglong(bytes), fullMs);
    }
}
} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int n = argc > 1 ? std::atoi(argv[1]) : 10000;
    QTemporaryDir tmp;
    const QString batch = tmp.filePath(QStringLiteral("batch.jsonl"));
    {
        QFile f(batch);
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        for (int i = 0; i < n; ++i)
            f.write(line(i));
    }
    const QString ws = tmp.filePath(QStringLiteral("ws"));
    QElapsedTimer t;
    t.start();
    auto imported = importBatch(batch, ws);
    if (!imported) {
        std::fprintf(stderr, "%s\n", qPrintable(imported.error().oneLine()));
        return 1;
    }
    std::printf(
        "setup: kwb import batch of %d assignments: %.0f ms (%d do not load)\n", n, ms(t), imported->loadFailures);

    for (int round = 0; round < 3; ++round) { // the first round also warms the page cache
        t.restart();
        QFile f(QDir(ws).filePath(QStringLiteral("workspace.json")));
        const qint64 bytes = f.open(QIODevice::ReadOnly) ? f.readAll().size() : 0;
        const double readMs = ms(t);

        t.restart();
        auto q = BatchQueue::open(ws);
        if (!q)
            return 1;
        q->setReviewed(QSet<QString> {});
        const double openMs = ms(t);

        // Queue fluidity: mark each assignment reviewed in turn and step to the next unreviewed one.
        t.restart();
        qsizetype at = -1, steps = 0;
        while (auto next = q->nextUnreviewed(at)) {
            q->setReviewed(*next, true);
            at = *next;
            ++steps;
        }
        const double walkMs = ms(t);

        t.restart();
        int present = 0;
        for (qsizetype i = 0; i < q->size(); ++i)
            present += QFileInfo::exists(QDir(q->bundlePath(i)).filePath(QStringLiteral("task.json")));
        const double statMs = ms(t);

        t.restart();
        const qsizetype found = findTaskBundles(ws).size();
        const double walkDirMs = ms(t);

        std::printf(
            "round %d: open queue %.1f ms (%lld assignments) | peers: read workspace.json %.1f ms (%lld bytes), "
            "stat %d task.json %.1f ms, find bundles by folder walk %.1f ms (%lld) | next-unreviewed walk of "
            "%lld steps %.1f ms\n",
            round, openMs, qlonglong(q->size()), readMs, qlonglong(bytes), present, statMs, walkDirMs, qlonglong(found),
            qlonglong(steps), walkMs);
    }
    reviewStates(ws, tmp.filePath(QStringLiteral("reviews.sqlite")), argc > 2 ? std::atoi(argv[2]) : 2000);
    return 0;
}
