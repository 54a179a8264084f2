// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI's memory stays bounded: a 100 MB log streamed into the console, and a comparison of two 1 GiB
// float32 outputs shown in the correctness pane. Measured as anonymous resident memory (RssAnon): mapped
// tensor files are page cache the kernel can drop, not the workbench's own memory.
#include "core/compare/comparison.h"
#include "core/tensor/tensor.h"
#include "ui/correctness/comparisonview.h"
#include "ui/correctness/correctnesspane.h"
#include "ui/panes/consolepane.h"
#include "ui/window/session.h"

#include <QApplication>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace kwb;
using namespace kwb::ui;
using namespace Qt::StringLiterals;

namespace {
qint64 rssAnonKiB()
{
    QFile f(u"/proc/self/status"_s);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith("RssAnon:"))
            return line.mid(8).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

/// A float32 .npy of `count` elements: header from the writer, data sparse (zeros) except `marks` runs of
/// ones, so creating a 1 GiB file costs no disk and still gives mismatches where they differ.
QString sparseNpy(const QString& path, qint64 count, const QList<qint64>& marks)
{
    // writeNpy takes the whole data; the header is written by hand in the same layout (v1.0, '<f4').
    const float one = 1.0f;
    QByteArray dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + QByteArray::number(count) + ",), }";
    const qsizetype headerLen = ((10 + dict.size() + 1 + 63) / 64) * 64 - 10;
    dict += QByteArray(headerLen - dict.size() - 1, ' ') + '\n';
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    QByteArray head("\x93NUMPY\x01\x00", 8);
    head += char(headerLen & 0xff);
    head += char(headerLen >> 8);
    f.write(head + dict);
    const qint64 dataStart = f.pos();
    f.resize(dataStart + count * qint64(sizeof(float)));
    for (qint64 m : marks) {
        f.seek(dataStart + m * qint64(sizeof(float)));
        for (int i = 0; i < 1024; ++i)
            f.write(reinterpret_cast<const char*>(&one), sizeof one);
    }
    return path;
}
} // namespace

class TestGuiMemory : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void hundredMegabyteLog()
    {
        Session session;
        ConsolePane console(&session);
        console.resize(800, 400);
        console.show();
        QCoreApplication::processEvents();
        const qint64 before = rssAnonKiB();
        QVERIFY(before > 0);
        // 100 MB in 64 KiB chunks of 100-byte lines, the way a runner's output arrives.
        QString line = u"step %1: loss=0.123456 grad_norm=7.654321 tokens/s=123456.7 "_s;
        line += QString(100 - line.size() - 1, u'.') + u'\n';
        QString chunk;
        for (int i = 0; i < 655; ++i)
            chunk += line;
        qint64 written = 0;
        qint64 peak = before;
        for (int i = 0; written < 100'000'000; ++i) {
            console.appendOutput(u"candidate"_s, chunk, i % 50 == 0);
            written += chunk.size();
            if (i % 64 == 0) {
                QCoreApplication::processEvents();
                peak = std::max(peak, rssAnonKiB());
            }
        }
        QCoreApplication::processEvents();
        peak = std::max(peak, rssAnonKiB());
        qInfo("console: %lld MB streamed; anonymous memory %lld MiB before, %lld MiB peak", written / 1'000'000,
            before / 1024, peak / 1024);
        QVERIFY2(peak - before < 160 * 1024, "the console's memory grows with the log instead of staying bounded");
    }

    void gibibyteComparison()
    {
        QTemporaryDir dir;
        const qint64 count = (qint64(1) << 30) / 4; // 1 GiB of float32 each
        const QString a = sparseNpy(dir.filePath(u"actual.npy"_s), count, { 0, count / 3, count - 1024 });
        const QString e = sparseNpy(dir.filePath(u"expected.npy"_s), count, { 0 });
        CorrectnessPane pane;
        pane.resize(1000, 600);
        pane.show();
        QCoreApplication::processEvents();
        const qint64 before = rssAnonKiB();
        {
            auto actual = loadTensor(a);
            auto expected = loadTensor(e);
            QVERIFY2(actual && expected, "cannot load the sparse tensors");
            auto cmp = compareTensors(*actual, *expected, defaultTolerance(DType::Float32));
            QVERIFY2(cmp.ok(), qPrintable(cmp ? QString() : cmp.error().oneLine()));
            QCOMPARE(cmp->mismatches, std::int64_t(2048));
            pane.setComparisons({ ComparisonView { u"out"_s, u"big"_s, std::make_shared<const Comparison>(*cmp) } });
            QCoreApplication::processEvents();
        }
        const qint64 after = rssAnonKiB();
        qInfo("comparison of 2 × 1 GiB: anonymous memory %lld MiB before, %lld MiB after", before / 1024, after / 1024);
        QVERIFY2(after - before < 128 * 1024, "comparing and showing 1 GiB outputs holds them in anonymous memory");
    }
};

QTEST_MAIN(TestGuiMemory)
#include "tst_guimemory.moc"
