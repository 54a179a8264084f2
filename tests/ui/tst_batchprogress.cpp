// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Batch progress in the task list: a `kwb batch` output folder shown in the Batch column, followed live while a
// real batch (the kwb binary, local -j 2) runs, and a folder that is not a batch's refused with a clear line.
#include "core/batch/batchrun.h"
#include "core/batch/batchview.h"
#include "tests/helpers/testpaths.h"
#include "ui/panes/tasklistmodel.h"
#include "ui/panes/tasklistpane.h"
#include "ui/window/session.h"
#include "uitest.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QSet>
#include <QTemporaryDir>
#include <QThread>
#include <QTreeView>

using namespace kwb;
using namespace kwb::ui;

namespace {
const QStringList kTasks { QStringLiteral("rmsnorm-f32-unrolled"), QStringLiteral("row-scale-f32-build-error"),
    QStringLiteral("vector-add-f32") };

bool copyFolder(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    for (const QFileInfo& f : QDir(from).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString target = to + QLatin1Char('/') + f.fileName();
        if (f.isDir() ? !copyFolder(f.absoluteFilePath(), target) : !QFile::copy(f.absoluteFilePath(), target))
            return false;
    }
    return true;
}

QString batchText(const QAbstractItemModel* model, const QString& taskId)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, TaskListModel::TaskColumn).data().toString() == taskId)
            return model->index(row, TaskListModel::BatchColumn).data().toString();
    }
    return QStringLiteral("(no row)");
}
} // namespace

class TestBatchProgress : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_tasks;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_tasks = m_tmp.filePath(QStringLiteral("tasks"));
        for (const QString& t : kTasks)
            QVERIFY(copyFolder((KWB_TASKS_DIR + QStringLiteral("/")) + t, m_tasks + QLatin1Char('/') + t));
    }

    void statesFromTheFolder()
    {
        Session session;
        TaskListPane pane(&session);
        QAbstractItemModelTester tester(pane.view()->model());
        QVERIFY(session.openPath(m_tasks));
        QVERIFY(pane.view()->isColumnHidden(TaskListModel::BatchColumn));

        // A batch that has just started: one element running, the others not yet.
        const QString out = m_tmp.filePath(QStringLiteral("out-manual"));
        ElementState running;
        running.id = kTasks[0];
        running.status = QStringLiteral("running");
        running.executor = QStringLiteral("local");
        QVERIFY(writeElementState(out, running));
        QString error;
        QVERIFY2(pane.showBatch(out, &error), qPrintable(error));
        const QAbstractItemModel* model = pane.view()->model();
        QVERIFY(!pane.view()->isColumnHidden(TaskListModel::BatchColumn));
        QCOMPARE(batchText(model, kTasks[0]), QStringLiteral("⟳ running"));
        QCOMPARE(batchText(model, kTasks[2]), QStringLiteral("queued"));
        auto* label = pane.findChild<QLabel*>(QStringLiteral("batchProgressLabel"));
        QVERIFY(label && label->text().contains(QStringLiteral("in progress")));

        // It finishes with a check report: the row follows without another call.
        QFile report(out + QStringLiteral("/tasks/") + kTasks[0] + QStringLiteral("/report.json"));
        QVERIFY(report.open(QIODevice::WriteOnly));
        report.write(R"({"format": "kwb.check/1", "verdict": "pass"})");
        report.close();
        ElementState done = running;
        done.status = QStringLiteral("passed");
        done.exitCode = 0;
        QVERIFY(writeElementState(out, done));
        QTRY_COMPARE_WITH_TIMEOUT(batchText(model, kTasks[0]), QStringLiteral("✓ pass"), 5000);

        QVERIFY(!pane.showBatch(m_tasks, &error));
        QVERIFY2(error.contains(QStringLiteral("not a batch output folder")), qPrintable(error));
    }

    void followsARealBatch()
    {
        Session session;
        TaskListPane pane(&session);
        QVERIFY(session.openPath(m_tasks));
        const QString out = m_tmp.filePath(QStringLiteral("out-real"));
        QDir().mkpath(out + QStringLiteral("/tasks"));
        QVERIFY(pane.showBatch(out));
        const QAbstractItemModel* model = pane.view()->model();

        BatchAction action;
        action.action = QStringLiteral("compile");
        auto items = collectBatchItems({ m_tasks }, action);
        QVERIFY(items.ok());
        BatchRequest request;
        request.items = *items;
        request.action = action;
        request.jobs = 2;
        request.outDir = out;
        request.kwb = KWB_BIN_DIR + QStringLiteral("/kwb");
        QSet<QString> seen; // what the list showed while the batch ran
        std::optional<Result<BatchSummary>> summary;
        QThread* worker = QThread::create([&] { summary = runBatch(request); });
        worker->start();
        while (!worker->wait(20)) {
            QCoreApplication::processEvents();
            for (const QString& t : kTasks)
                seen.insert(batchText(model, t));
        }
        delete worker;
        QVERIFY(summary && summary->ok());
        // The list ends as the batch's summary says, with the marks of each status.
        for (const ElementState& e : summary->value().elements) {
            const QString mark = e.status == u"passed" ? QStringLiteral("✓ ") : QStringLiteral("✗ ");
            QTRY_COMPARE_WITH_TIMEOUT(batchText(model, e.id), mark + e.status, 5000);
        }
        QCOMPARE(batchText(model, kTasks[0]), QStringLiteral("✓ passed"));
        QCOMPARE(batchText(model, kTasks[1]), QStringLiteral("✗ findings")); // it does not build
        QVERIFY2(seen.contains(QStringLiteral("⟳ running")), qPrintable(QStringList(seen.values()).join(u'|')));
        auto* label = pane.findChild<QLabel*>(QStringLiteral("batchProgressLabel"));
        QTRY_VERIFY_WITH_TIMEOUT(label->text().contains(QStringLiteral("finished")), 5000);
        QVERIFY2(label->text().contains(QStringLiteral("compile on local finished")), qPrintable(label->text()));
    }
};

KWB_UI_TEST_MAIN(TestBatchProgress)
#include "tst_batchprogress.moc"
