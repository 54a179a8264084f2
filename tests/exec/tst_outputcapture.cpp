// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/exec/outputcapture.h"

#include <QTest>

using namespace kwb;

class TestOutputCapture : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void capture_data()
    {
        QTest::addColumn<qint64>("cap");
        QTest::addColumn<int>("chunks");
        QTest::addColumn<int>("chunkSize");
        QTest::addColumn<qint64>("expectedDropped");
        QTest::newRow("fits") << qint64(1024) << 4 << 100 << qint64(0);
        QTest::newRow("exactly the cap") << qint64(1000) << 10 << 100 << qint64(0);
        QTest::newRow("one byte over") << qint64(1000) << 1 << 1001 << qint64(1);
        QTest::newRow("flood in small chunks") << qint64(1000) << 10000 << 7 << qint64(70000 - 1000);
        QTest::newRow("flood in one chunk") << qint64(64) << 1 << 100000 << qint64(100000 - 64);
        QTest::newRow("unlimited") << qint64(0) << 100 << 1000 << qint64(0);
    }
    void capture()
    {
        QFETCH(qint64, cap);
        QFETCH(int, chunks);
        QFETCH(int, chunkSize);
        QFETCH(qint64, expectedDropped);
        OutputCapture c(cap);
        QByteArray all;
        QByteArray live;
        for (int i = 0; i < chunks; ++i) {
            QByteArray chunk(chunkSize, Qt::Uninitialized);
            for (int j = 0; j < chunkSize; ++j)
                chunk[j] = char('a' + (i * chunkSize + j) % 26);
            all += chunk;
            live += c.append(chunk);
        }
        const CapturedOutput r = c.result();
        QCOMPARE(r.totalBytes, qint64(all.size()));
        QCOMPARE(r.droppedBytes, expectedDropped);
        QCOMPARE(r.truncated(), expectedDropped > 0);
        QVERIFY(all.startsWith(r.head));
        QVERIFY(all.endsWith(r.tail));
        QCOMPARE(live, r.head);
        if (cap > 0)
            QVERIFY(r.head.size() + r.tail.size() <= cap);
        if (expectedDropped == 0)
            QCOMPARE(r.text(), all);
        else
            QVERIFY(r.text().contains("[... " + QByteArray::number(expectedDropped) + " bytes dropped ...]"));
    }
};

QTEST_GUILESS_MAIN(TestOutputCapture)
#include "tst_outputcapture.moc"
