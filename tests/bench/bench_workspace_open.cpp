// How long a 10,000-assignment batch workspace takes to open as a queue, beside peers measured in the same run:
// reading workspace.json alone, stat-ing every bundle's task.json, and walking the folder for bundles (what
// opening a plain folder of tasks does before it lints each one).
//   bench_workspace_open [N]     (default 10000; the workspace is generated in a temporary folder first)
#include "importers/batch.h"
#include "task/taskloader.h"

#include <QCoreApplication>
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
    return 0;
}
