// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Crash safety of the CLI: `kwb import` (store writes) and `kwb export` (file writes) are killed with SIGKILL
// at many points; afterwards the store opens and passes SQLite's integrity check, nothing saved before is lost,
// and the export file is either the previous complete export or a complete new one — never half-written.
#include "../review/testreview.h"

#include "core/review/atomicfile.h"
#include "core/review/reviewstore.h"
#include "tests/helpers/testpaths.h"

#include <QJsonDocument>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>

using namespace kwb;
using namespace Qt::StringLiterals;

class TestKillSafety : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_db;

    /// `count` distinct reviews (one reviewer each) as a JSONL file.
    QString writeBatch(const QString& name, const QString& reviewerPrefix, int count)
    {
        Review r = test::completeReview();
        QByteArray lines;
        for (int i = 0; i < count; ++i) {
            r.reviewer = u"%1-%2"_s.arg(reviewerPrefix).arg(i, 5, 10, QLatin1Char('0'));
            r.summary = u"Summary %1 of %2: "_s.arg(i).arg(reviewerPrefix) + QString(400, u's');
            lines += QJsonDocument(reviewToJson(r)).toJson(QJsonDocument::Compact) + '\n';
        }
        const QString path = m_dir.filePath(name);
        if (!writeFileAtomically(path, lines))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    static QProcess* startKwb(const QStringList& args, QObject* parent)
    {
        auto* p = new QProcess(parent);
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p->start(KWB_BIN_DIR + QStringLiteral("/kwb"), args);
        return p;
    }

    static void killAfter(QProcess* p, int ms)
    {
        QVERIFY(p->waitForStarted(10000));
        if (!p->waitForFinished(ms)) {
            p->kill(); // SIGKILL: no cleanup runs
            QVERIFY(p->waitForFinished(10000));
        }
    }

    void checkStore(int atLeast, const QStringList& mustHave)
    {
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"integrity"_s);
            db.setDatabaseName(m_db);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(u"PRAGMA integrity_check"_s));
            QVERIFY(q.next());
            QCOMPARE(q.value(0).toString(), u"ok"_s);
        }
        QSqlDatabase::removeDatabase(u"integrity"_s);
        ReviewStore store;
        const Status opened = store.open(m_db);
        QVERIFY2(opened.ok(), qPrintable(opened ? QString() : opened.error().oneLine()));
        const auto all = store.reviews();
        QVERIFY2(all.ok(), qPrintable(all ? QString() : all.error().oneLine()));
        QVERIFY2(all->size() >= atLeast, qPrintable(u"%1 reviews left, %2 were saved"_s.arg(all->size()).arg(atLeast)));
        QSet<QString> reviewers;
        for (const auto& s : *all)
            reviewers.insert(s.review.reviewer);
        for (const QString& r : mustHave)
            QVERIFY2(reviewers.contains(r), qPrintable(u"saved review of %1 lost"_s.arg(r)));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(u"reviews.sqlite"_s);
        const QString base = writeBatch(u"base.jsonl"_s, u"base"_s, 300);
        QProcess p;
        p.start(KWB_BIN_DIR + QStringLiteral("/kwb"), { u"import"_s, u"--db"_s, m_db, base });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        checkStore(300, { u"base-00000"_s, u"base-00299"_s });
    }

    void killedImports()
    {
        int saved = 300;
        for (int round = 0; round < 6; ++round) {
            const QString batch = writeBatch(u"batch%1.jsonl"_s.arg(round), u"b%1"_s.arg(round), 1500);
            QProcess* p = startKwb({ u"import"_s, u"--db"_s, m_db, batch }, this);
            killAfter(p, 40 + round * 90);
            checkStore(saved, { u"base-00000"_s, u"base-00150"_s, u"base-00299"_s });
            if (p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0)
                saved += 1500; // it finished before the kill: all of it must stay
            delete p;
        }
    }

    void killedExports()
    {
        const QString out = m_dir.filePath(u"out.jsonl"_s);
        QProcess first;
        first.start(
            KWB_BIN_DIR + QStringLiteral("/kwb"), { u"export"_s, u"--format"_s, u"jsonl"_s, m_db, u"-o"_s, out });
        QVERIFY(first.waitForFinished(60000));
        QCOMPARE(first.exitCode(), 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray complete = f.readAll();
        f.close();
        QVERIFY(complete.count('\n') >= 300);

        for (int round = 0; round < 6; ++round) {
            QProcess* p = startKwb({ u"export"_s, u"--format"_s, u"jsonl"_s, m_db, u"-o"_s, out }, this);
            killAfter(p, 30 + round * 60);
            delete p;
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray now = f.readAll();
            f.close();
            // The same store gives the same export: anything else is a torn write.
            QVERIFY2(now == complete,
                qPrintable(u"export file changed after a kill at round %1 (%2 of %3 bytes)"_s.arg(round)
                               .arg(now.size())
                               .arg(complete.size())));
        }
    }
};

QTEST_GUILESS_MAIN(TestKillSafety)
#include "tst_killsafety.moc"
