// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../review/testreview.h"
#include "core/cli/cli.h"
#include "core/importers/batch.h"
#include "core/importers/feedback.h"
#include "core/review/reviewstore.h"
#include "core/task/taskloader.h"
#include "tests/helpers/testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

// A JSONL batch round trip: import ▸ queue ▸ a review saved in the store ▸ feedback keyed by task_id.
class TestBatchWorkspace : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;

    QString workspace() const { return m_tmp.filePath(QStringLiteral("ws")); }

    static int cli(const QStringList& args, QString* err = nullptr)
    {
        QString o, e;
        QTextStream os(&o), es(&e);
        cli::Io io { os, es };
        const int rc = cli::run(QStringList { QStringLiteral("kwb") } + args, io);
        es.flush();
        if (err)
            *err = e;
        return rc;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        auto s = importBatch(KWB_FIXTURES_DIR + QStringLiteral("/batch/batch.jsonl"), workspace());
        QVERIFY2(s, qPrintable(s ? QString() : s.error().oneLine()));
        QCOMPARE(s->assignments.size(), 3);
        QCOMPARE(s->loadFailures, 1);
    }

    void bundlesAndWorkspace()
    {
        auto q = BatchQueue::open(workspace());
        QVERIFY2(q, qPrintable(q ? QString() : q.error().oneLine()));
        QCOMPARE(q->size(), 3);
        QCOMPARE(q->assignments()[0].taskId, QStringLiteral("proj-7/asg:001"));
        QCOMPARE(q->assignments()[0].bundleId, QStringLiteral("proj-7-asg-001"));
        QCOMPARE(q->assignments()[1].metadata.value(QStringLiteral("platform_row")).toInt(), 101);
        auto t = loadTask(q->bundlePath(0));
        QVERIFY2(t, qPrintable(t ? QString() : t.error().oneLine()));
        QCOMPARE(t->task.candidates.first().id, QStringLiteral("cand"));
        QVERIFY(QFile::exists(t->task.path(QStringLiteral("spec.md"))));
        QVERIFY(q->assignments()[2].loadError.contains(QStringLiteral("M")));
        QVERIFY(!loadTask(q->bundlePath(2)));
    }

    void queueWalksUnreviewed()
    {
        auto q = BatchQueue::open(workspace());
        QVERIFY(q);
        QCOMPARE(q->reviewedCount(), 0);
        q->setReviewed(QSet<QString> { QStringLiteral("proj-7-asg-002") });
        QCOMPARE(q->reviewedCount(), 1);
        QCOMPARE(q->nextUnreviewed(0), std::optional<qsizetype>(2));
        QCOMPARE(q->nextUnreviewed(2), std::optional<qsizetype>(0));
        QCOMPARE(q->previousUnreviewed(0), std::optional<qsizetype>(2));
        q->setReviewed(0, true);
        q->setReviewed(2, true);
        QCOMPARE(q->reviewedCount(), 3);
        QVERIFY(!q->nextUnreviewed(1));
    }

    void malformedLineWritesNothing()
    {
        const QString ws = m_tmp.filePath(QStringLiteral("bad"));
        auto s = importBatch(KWB_FIXTURES_DIR + QStringLiteral("/batch/batch-bad-line.jsonl"), ws);
        QVERIFY(!s);
        QCOMPARE(s.error().line, 2);
        QVERIFY2(s.error().oneLine().contains(QStringLiteral("batch-bad-line.jsonl: line 2: /reference/file")),
            qPrintable(s.error().oneLine()));
        QVERIFY(!QDir(ws).exists());
        QVERIFY(
            !importBatch(KWB_FIXTURES_DIR + QStringLiteral("/batch/batch.jsonl"), workspace())); // not over a workspace
    }

    void feedbackRoundTrip()
    {
        auto q = BatchQueue::open(workspace());
        QVERIFY(q);
        Review r = test::completeReview();
        r.taskId = q->assignments()[0].bundleId;
        r.reviewer = QStringLiteral("alice");
        r.status = Review::Status::Submitted;
        ReviewStore store;
        const QString db = m_tmp.filePath(QStringLiteral("reviews.sqlite"));
        QVERIFY(store.open(db));
        QVERIFY(store.import(r));
        Review draft = r;
        draft.taskId = q->assignments()[1].bundleId;
        draft.status = Review::Status::Draft;
        QVERIFY(store.import(draft));

        const QString out = m_tmp.filePath(QStringLiteral("feedback.jsonl"));
        QString err;
        QCOMPARE(
            cli({ QStringLiteral("export"), QStringLiteral("--workspace"), workspace(), db, QStringLiteral("-o"), out },
                &err),
            0);
        QVERIFY2(err.contains(QStringLiteral("1 assignments reviewed, 2 unreviewed")), qPrintable(err));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        const QJsonObject first = QJsonDocument::fromJson(lines[0]).object();
        QCOMPARE(first.value(QStringLiteral("task_id")).toString(), QStringLiteral("proj-7/asg:001"));
        QCOMPARE(first.value(QStringLiteral("status")).toString(), QStringLiteral("submitted"));
        QCOMPARE(first.value(QStringLiteral("reviewer")).toString(), QStringLiteral("alice"));
        QCOMPARE(first.value(QStringLiteral("verdict")).toString(), r.verdict);
        QCOMPARE(first.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("queue")).toString(),
            QStringLiteral("kernels-q4"));
        const Result<Review> back = parseReview(
            QJsonDocument(first.value(QStringLiteral("review")).toObject()).toJson(), QStringLiteral("feedback"));
        QVERIFY(back);
        QCOMPARE(back->scores.keys(), r.scores.keys());
        const QJsonObject second = QJsonDocument::fromJson(lines[1]).object();
        QCOMPARE(second.value(QStringLiteral("task_id")).toString(), QStringLiteral("proj-7/asg:002"));
        QCOMPARE(
            second.value(QStringLiteral("status")).toString(), QStringLiteral("unreviewed")); // a draft is not feedback

        // The queue counts what the store says is reviewed.
        auto all = store.reviews();
        QVERIFY(all);
        QList<Review> reviews;
        for (const auto& s : *all)
            reviews << s.review;
        q->setReviewed(reviewedBundleIds(reviews));
        QCOMPARE(q->reviewedCount(), 1);
        QCOMPARE(q->nextUnreviewed(-1), std::optional<qsizetype>(1));
    }
};

QTEST_GUILESS_MAIN(TestBatchWorkspace)
#include "tst_batchworkspace.moc"
