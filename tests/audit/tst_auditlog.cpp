// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The audit log's hash chain: every edited byte, removed, reordered or rewritten entry is detected and named.
#include "core/audit/auditlog.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

namespace {
QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}
} // namespace

class TestAuditLog : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_log;

    void makeLog()
    {
        m_log = m_dir.filePath(QStringLiteral("audit.log.jsonl"));
        QFile::remove(m_log);
        QFile::remove(m_log + QStringLiteral(".head"));
        AuditVerdict v { QStringLiteral("t/alice/2026-11-29T20:00:00Z"), QStringLiteral("return"),
            { { QStringLiteral("NC4"), QStringLiteral("cite the tail-case mismatch") } }, {}, {} };
        QVERIFY(auditlog::append(m_log, QStringLiteral("verdict"), QStringLiteral("lead"), auditlog::verdictData(v)));
        Adjudication a { QStringLiteral("t"), QStringLiteral("NC4"), 2, QStringLiteral("the report shows 1 mismatch"),
            { QStringLiteral("t/alice/2026-11-29T20:00:00Z"), QStringLiteral("t/bob/2026-11-29T21:00:00Z") }, {}, {} };
        QVERIFY(auditlog::append(
            m_log, QStringLiteral("adjudicate"), QStringLiteral("lead"), auditlog::adjudicationData(a)));
        QVERIFY(auditlog::append(m_log, QStringLiteral("note"), QStringLiteral("lead"),
            { { QStringLiteral("text"), QStringLiteral("ünïcode ok") } }));
        v.decision = QStringLiteral("accept");
        v.review = QStringLiteral("t/bob/2026-11-29T21:00:00Z");
        v.notes.clear();
        QVERIFY(auditlog::append(m_log, QStringLiteral("verdict"), QStringLiteral("lead"), auditlog::verdictData(v)));
    }

    int badLine()
    {
        const auto r = auditlog::read(m_log);
        return r ? 0 : r.error().line;
    }

private Q_SLOTS:
    void appendAndRead()
    {
        makeLog();
        const auto entries = auditlog::read(m_log);
        QVERIFY2(entries, qPrintable(entries ? QString() : entries.error().oneLine()));
        QCOMPARE(entries->size(), 4);
        QCOMPARE(entries->at(0).prev, auditlog::genesisHash());
        for (int i = 1; i < 4; ++i)
            QCOMPARE(entries->at(i).prev, entries->at(i - 1).hash);
        QCOMPARE(auditlog::adjudications(*entries).size(), 1);
        QCOMPARE(auditlog::adjudications(*entries).first().reviews.size(), 2);
        QCOMPARE(auditlog::verdicts(*entries).size(), 2);
        QCOMPARE(auditlog::verdicts(*entries).first().notes.value(QStringLiteral("NC4")),
            QStringLiteral("cite the tail-case mismatch"));
    }

    // Every single-byte edit anywhere in the file is detected, and the line holding the byte is named.
    void everyByteEdit()
    {
        makeLog();
        const QByteArray original = readAll(m_log);
        QVERIFY(original.size() > 400);
        int lineOf = 1;
        for (qsizetype i = 0; i < original.size(); ++i) {
            QByteArray edited = original;
            edited[i] = char(edited[i] ^ 0x01);
            writeAll(m_log, edited);
            const auto r = auditlog::read(m_log);
            QVERIFY2(!r, qPrintable(QStringLiteral("edit at byte %1 not detected").arg(i)));
            if (original.at(i) != '\n')
                QVERIFY2(r.error().line == lineOf,
                    qPrintable(QStringLiteral("byte %1 is on line %2, error names: %3")
                                   .arg(i)
                                   .arg(lineOf)
                                   .arg(r.error().oneLine())));
            if (original.at(i) == '\n')
                ++lineOf;
        }
        writeAll(m_log, original);
        QVERIFY(auditlog::read(m_log));
    }

    void removedReorderedRewritten_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("says");
        QTest::newRow("middle removed") << QStringLiteral("remove2") << 2 << QStringLiteral("does not follow");
        QTest::newRow("first removed") << QStringLiteral("remove1") << 1 << QStringLiteral("does not follow");
        QTest::newRow("last removed") << QStringLiteral("remove4") << 4 << QStringLiteral("missing");
        QTest::newRow("reordered") << QStringLiteral("swap23") << 2 << QStringLiteral("does not follow");
        QTest::newRow("torn last line") << QStringLiteral("truncate") << 4 << QStringLiteral("newline");
    }
    void removedReorderedRewritten()
    {
        QFETCH(QString, how);
        QFETCH(int, line);
        QFETCH(QString, says);
        makeLog();
        QList<QByteArray> lines = readAll(m_log).split('\n');
        lines.removeLast();
        QByteArray out;
        if (how == QLatin1StringView("truncate")) {
            out = readAll(m_log);
            out.chop(5);
        } else {
            if (how.startsWith(QLatin1StringView("remove")))
                lines.removeAt(how.right(1).toInt() - 1);
            else
                lines.swapItemsAt(1, 2);
            out = lines.join('\n') + '\n';
        }
        writeAll(m_log, out);
        const auto r = auditlog::read(m_log);
        QVERIFY(!r);
        QCOMPARE(r.error().line, line);
        QVERIFY2(r.error().what.contains(says), qPrintable(r.error().oneLine()));
        QCOMPARE(r.error().findingId, QStringLiteral("audit.log-tampered"));
        // Nothing is appended to a log that does not verify.
        const auto appended = auditlog::append(m_log, QStringLiteral("note"), QStringLiteral("x"), {});
        QVERIFY(!appended);
        QCOMPARE(readAll(m_log), out);
    }

    void logRemovedButHeadKept()
    {
        makeLog();
        QVERIFY(QFile::remove(m_log));
        QCOMPARE(badLine(), 1);
    }
};

QTEST_GUILESS_MAIN(TestAuditLog)
#include "tst_auditlog.moc"
