// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "testreview.h"

#include "core/review/reviewstore.h"
#include "core/review/storeschema.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>

using namespace kwb;
using namespace Qt::StringLiterals;

class TestReviewStore : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    int m_n = 0;

    QString freshPath() { return m_dir.filePath(QStringLiteral("db%1.sqlite").arg(++m_n)); }

private Q_SLOTS:
    void createsLatestSchemaInWalMode()
    {
        ReviewStore store;
        const QString path = freshPath();
        QVERIFY(store.open(path).ok());
        QCOMPARE(store.schemaVersion(), ReviewStore::latestSchemaVersion());
        QCOMPARE(ReviewStore::latestSchemaVersion(), storeMigrations().size());
        {
            // WAL is a property of the file: a separate connection sees it.
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("walcheck"));
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            QSqlQuery q(raw);
            QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode")) && q.next());
            QCOMPARE(q.value(0).toString(), QStringLiteral("wal"));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("walcheck"));
    }

    void migratesVersion1()
    {
        const QString path = freshPath();
        const Review r = test::completeReview();
        {
            ReviewStore v1;
            QVERIFY(v1.open(path, 1).ok());
            QCOMPARE(v1.schemaVersion(), 1);
            // Write a row the way version 1 did (no task_digest column, no links).
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            q.prepare(QStringLiteral("INSERT INTO reviews (task_id, reviewer, created, status, updated, revision, body)"
                                     " VALUES (?, ?, ?, 'submitted', ?, 3, ?)"));
            q.addBindValue(r.taskId);
            q.addBindValue(r.reviewer);
            q.addBindValue(reviewTimestamp(r.created));
            q.addBindValue(reviewTimestamp(r.updated));
            q.addBindValue(QString::fromUtf8(QJsonDocument(reviewToJson(r)).toJson(QJsonDocument::Compact)));
            QVERIFY(q.exec());
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw"));
        ReviewStore store;
        QVERIFY(store.open(path).ok());
        QCOMPARE(store.schemaVersion(), ReviewStore::latestSchemaVersion());
        const Result<StoredReview> loaded = store.load(r.taskId, r.reviewer, r.created);
        QVERIFY(loaded.ok());
        QCOMPARE(loaded->revision, 3);
        QCOMPARE(loaded->review, r);
        // The migration filled the new column and the report links from the stored bodies.
        QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw2"));
        raw.setDatabaseName(path);
        QVERIFY(raw.open());
        QSqlQuery q(raw);
        QVERIFY(q.exec(QStringLiteral("SELECT task_digest FROM reviews")) && q.next());
        QCOMPARE(q.value(0).toString(), r.taskDigest);
        QVERIFY(q.exec(QStringLiteral("SELECT digest FROM review_reports")) && q.next());
        QCOMPARE(q.value(0).toString(), r.reports.first().digest);
        raw.close();
        raw = {};
        QSqlDatabase::removeDatabase(QStringLiteral("raw2"));
    }

    void refusesNewerSchema()
    {
        const QString path = freshPath();
        {
            ReviewStore s;
            QVERIFY(s.open(path).ok());
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw3"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QVERIFY(QSqlQuery(db).exec(QStringLiteral("UPDATE schema_version SET version = 99")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw3"));
        ReviewStore s;
        const Status st = s.open(path);
        QVERIFY(!st.ok());
        QVERIFY2(
            st.error().what.contains(QLatin1StringView("schema version 99, newer")), qPrintable(st.error().oneLine()));
    }

    void historyAndRevisions()
    {
        ReviewStore store;
        QVERIFY(store.open(freshPath()).ok());
        Review r = test::completeReview();
        r.status = Review::Status::Draft;
        QCOMPARE(*store.save(r, 0), 1);
        r.status = Review::Status::Submitted;
        QCOMPARE(*store.save(r, 1), 2);
        r.summary = QStringLiteral("Revised after the re-run.");
        r.updated = r.updated.addSecs(60);
        QCOMPARE(*store.save(r, 2), 3);
        const auto history = store.history(r);
        QVERIFY(history.ok());
        QCOMPARE(history->size(), 2); // only submitted versions
        QCOMPARE(history->first().summary, test::completeReview().summary);
        QCOMPARE(history->last(), r);
        QCOMPARE(store.reviews()->size(), 1);
        QCOMPARE(store.load(r.taskId, r.reviewer, r.created)->revision, 3);
        const auto missing = store.load(r.taskId, QStringLiteral("bob"), r.created);
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().findingId, QStringLiteral("store.not-found"));
    }

    void conflictBetweenTwoWindows()
    {
        const QString path = freshPath();
        ReviewStore a;
        ReviewStore b;
        QVERIFY(a.open(path).ok());
        QVERIFY(b.open(path).ok());
        Review r = test::completeReview();
        QCOMPARE(*a.save(r, 0), 1);
        const StoredReview inB = *b.load(r.taskId, r.reviewer, r.created);
        r.summary = QStringLiteral("edited in window A");
        QCOMPARE(*a.save(r, 1), 2);
        Review edited = inB.review;
        edited.summary = QStringLiteral("edited in window B");
        const Result<qint64> conflict = b.save(edited, inB.revision);
        QVERIFY(!conflict.ok());
        QCOMPARE(conflict.error().findingId, QStringLiteral("store.conflict"));
        QVERIFY(conflict.error().what.startsWith(
            QLatin1StringView("conflict: the review was saved elsewhere (stored revision 2")));
        QCOMPARE(b.load(r.taskId, r.reviewer, r.created)->review.summary, QStringLiteral("edited in window A"));
        // A second "new" review with the same identity is a conflict too, not a duplicate.
        QVERIFY(!b.save(test::completeReview(), 0).ok());
    }

    void draftsPerTaskAndReviewer()
    {
        ReviewStore store;
        QVERIFY(store.open(freshPath()).ok());
        Review r = test::completeReview();
        r.status = Review::Status::Draft;
        QVERIFY(!store.loadDraft(r.taskId, r.reviewer)->has_value());
        QVERIFY(store.saveDraft(r).ok());
        Review bob = r;
        bob.reviewer = QStringLiteral("bob");
        bob.summary = QStringLiteral("bob's draft");
        QVERIFY(store.saveDraft(bob).ok());
        r.summary = QStringLiteral("autosaved");
        QVERIFY(store.saveDraft(r).ok()); // replaces
        QCOMPARE(store.loadDraft(r.taskId, r.reviewer)->value(), r);
        QCOMPARE(store.loadDraft(r.taskId, QStringLiteral("bob"))->value().summary, QStringLiteral("bob's draft"));
        // Submitting removes the reviewer's draft, not the others'.
        r.status = Review::Status::Submitted;
        QVERIFY(store.save(r, 0).ok());
        QVERIFY(!store.loadDraft(r.taskId, r.reviewer)->has_value());
        QVERIFY(store.loadDraft(r.taskId, QStringLiteral("bob"))->has_value());
    }

    // Two windows editing one draft: a save based on an outdated revision is a conflict, not an overwrite.
    void draftConflict()
    {
        const QString path = freshPath();
        ReviewStore a, b;
        QVERIFY(a.open(path).ok() && b.open(path).ok());
        Review r = test::completeReview();
        r.status = Review::Status::Draft;
        QCOMPARE(*a.saveDraft(r, 0), 1);
        QCOMPARE(b.loadDraftRevision(r.taskId, r.reviewer)->value().revision, 1);
        r.summary = QStringLiteral("window A");
        QCOMPARE(*a.saveDraft(r, 1), 2);
        r.summary = QStringLiteral("window B");
        const Result<qint64> stale = b.saveDraft(r, 1);
        QVERIFY(!stale.ok());
        QCOMPARE(stale.error().findingId, QStringLiteral("store.conflict"));
        const Result<qint64> again = b.saveDraft(r, 0); // "new" while one exists is a conflict too
        QVERIFY(!again.ok());
        QCOMPARE(b.loadDraft(r.taskId, r.reviewer)->value().summary, QStringLiteral("window A"));
        QCOMPARE(*b.saveDraft(r, 2), 3);
    }

    void importWithoutDuplicates()
    {
        ReviewStore store;
        QVERIFY(store.open(freshPath()).ok());
        Review r = test::completeReview();
        QCOMPARE(*store.import(r), ImportOutcome::Inserted);
        QCOMPARE(*store.import(r), ImportOutcome::Unchanged);
        Review older = r;
        older.summary = QStringLiteral("older");
        older.updated = r.updated.addSecs(-60);
        QCOMPARE(*store.import(older), ImportOutcome::Kept);
        Review newer = r;
        newer.summary = QStringLiteral("newer");
        newer.updated = r.updated.addSecs(60);
        QCOMPARE(*store.import(newer), ImportOutcome::Updated);
        QCOMPARE(store.reviews()->size(), 1);
        QCOMPARE(store.reviews()->first().review.summary, QStringLiteral("newer"));
    }

    void reportsByDigest()
    {
        ReviewStore store;
        QVERIFY(store.open(freshPath()).ok());
        QFile f(test::reportFixture());
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const Result<ReportDoc> added = store.addReport(bytes, f.fileName());
        QVERIFY(added.ok());
        QVERIFY(store.addReport(bytes, f.fileName()).ok()); // deduplicated
        const Review r = test::completeReview();
        QCOMPARE(added->digest, r.reports.first().digest);
        const auto forReview = store.reportsFor(r);
        QVERIFY(forReview.ok());
        QCOMPARE(forReview->size(), 1);
        QCOMPARE(forReview->first().bytes, bytes);
        QCOMPARE(forReview->first().findings.first().id, QStringLiteral("correct.mismatch"));
        QVERIFY(!store.addReport("{\"format\": \"kwb.report/1\"}", QStringLiteral("r.json")).ok());
    }

    // Kill a process mid-autosave: the draft row and the autosave file hold the last completed edit or a later one.
    void draftSurvivesKill()
    {
        const QString db = freshPath();
        const QString file = m_dir.filePath(QStringLiteral("autosave.json"));
        QProcess writer;
        writer.start(::kwb::test::builtFile(QStringLiteral(KWB_DRAFTWRITER)),
            { db, file, (KWB_SOURCE_DIR + QStringLiteral("/tests/review/fixtures/complete.review.json")) });
        QVERIFY(writer.waitForStarted(10000));
        int last = 0;
        while (last < 25 && writer.waitForReadyRead(10000)) {
            const QList<QByteArray> lines = writer.readAllStandardOutput().trimmed().split('\n');
            last = lines.last().toInt();
        }
        QVERIFY2(last >= 25, "the draft writer stopped early");
        writer.kill(); // SIGKILL: no cleanup runs
        QVERIFY(writer.waitForFinished(10000));
        ReviewStore store;
        QVERIFY(store.open(db).ok());
        const auto draft = store.loadDraft(QStringLiteral("vector-add-f32"), QStringLiteral("alice"));
        QVERIFY2(draft.ok(), qPrintable(draft ? QString() : draft.error().oneLine()));
        QVERIFY(draft->has_value());
        QVERIFY2((*draft)->timeSpentS >= last, qPrintable(QString::number((*draft)->timeSpentS)));
        QCOMPARE((*draft)->status, Review::Status::Draft);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const Result<Review> saved = parseReview(f.readAll(), file);
        QVERIFY2(saved.ok(), qPrintable(saved ? QString() : saved.error().oneLine()));
        QVERIFY(saved->timeSpentS >= last);
    }

    void unwritableLocation()
    {
        ReviewStore store;
        const Status s = store.open(QStringLiteral("/proc/kwb-nope/db.sqlite"));
        QVERIFY(!s.ok());
        QVERIFY(!s.error().oneLine().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestReviewStore)
#include "tst_reviewstore.moc"
