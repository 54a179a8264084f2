// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The item models of the window: findings and the task list, checked with QAbstractItemModelTester
// and for the values they show.
#include "ui/panes/findingsmodel.h"
#include "ui/panes/tasklistmodel.h"
#include "uitest.h"

#include <QAbstractItemModelTester>
#include <QIcon>

using namespace kwb;
using namespace kwb::ui;

namespace {
Finding finding(const QString& id, Severity s, const QString& file = {}, int line = 0, const QString& jsonPath = {})
{
    Finding f;
    f.id = id;
    f.severity = s;
    f.message = QStringLiteral("message of ") + id;
    f.file = file;
    f.line = line;
    f.jsonPath = jsonPath;
    return f;
}
} // namespace

class TestFindingsModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void passesModelTester()
    {
        FindingsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFindings({ finding(QStringLiteral("a.one"), Severity::Info, QStringLiteral("x.cu"), 3),
            finding(QStringLiteral("b.two"), Severity::Error) });
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(FindingsModel::ColumnCount));
        model.setFindings({});
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.finding(model.index(0, 0)), nullptr);
    }

    void errorsFirstStable()
    {
        FindingsModel model;
        model.setFindings({ finding(QStringLiteral("i1"), Severity::Info),
            finding(QStringLiteral("w1"), Severity::Warning), finding(QStringLiteral("e1"), Severity::Error),
            finding(QStringLiteral("w2"), Severity::Warning), finding(QStringLiteral("e2"), Severity::Error) });
        QStringList ids;
        for (int r = 0; r < model.rowCount(); ++r)
            ids << model.data(model.index(r, FindingsModel::IdColumn)).toString();
        QCOMPARE(ids,
            (QStringList { QStringLiteral("e1"), QStringLiteral("e2"), QStringLiteral("w1"), QStringLiteral("w2"),
                QStringLiteral("i1") }));
    }

    void cells_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("jsonPath");
        QTest::addColumn<QString>("location");
        QTest::newRow("file and line") << "candidate.cu" << 12 << ""
                                       << "candidate.cu:12";
        QTest::newRow("json path") << "task.json" << 0 << "/cases"
                                   << "task.json /cases";
        QTest::newRow("line wins over path") << "task.json" << 7 << "/cases/1"
                                             << "task.json:7";
        QTest::newRow("file only") << "spec.md" << 0 << ""
                                   << "spec.md";
        QTest::newRow("nowhere") << "" << 0 << ""
                                 << "";
    }

    void cells()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, jsonPath);
        QFETCH(QString, location);
        FindingsModel model;
        model.setFindings({ finding(QStringLiteral("scope.spec-gap"), Severity::Warning, file, line, jsonPath) });
        QCOMPARE(model.data(model.index(0, FindingsModel::LocationColumn)).toString(), location);
        QCOMPARE(model.data(model.index(0, FindingsModel::SeverityColumn)).toString(), QStringLiteral("warning"));
        QCOMPARE(model.data(model.index(0, FindingsModel::MessageColumn)).toString(),
            QStringLiteral("message of scope.spec-gap"));
        QVERIFY(!model.data(model.index(0, FindingsModel::SeverityColumn), Qt::DecorationRole).value<QIcon>().isNull());
        QVERIFY(model.data(model.index(0, FindingsModel::IdColumn), Qt::ToolTipRole)
                    .toString()
                    .contains(u"scope.spec-gap"));
    }

    void tooltipSaysWhoseFaultTheIdIs()
    {
        FindingsModel model;
        model.setFindings({ finding(QStringLiteral("env.no-device"), Severity::Warning),
            finding(QStringLiteral("scope.spec-gap"), Severity::Warning, QStringLiteral("spec.md")),
            finding(QStringLiteral("a.one"), Severity::Info, QStringLiteral("x.cu"), 3) });
        const auto tip = [&](int row) { return model.data(model.index(row, 0), Qt::ToolTipRole).toString(); };
        QCOMPARE(tip(0),
            QStringLiteral("env.no-device (warning)\nenvironment: no accelerator on this machine for a CUDA "
                           "implementation\nmessage of env.no-device"));
        QVERIFY2(tip(1).contains(u"\ntask: "), qPrintable(tip(1)));
        QCOMPARE(tip(2), QStringLiteral("a.one (info)\nmessage of a.one\nx.cu:3")); // an id the catalogue lacks
    }

    void taskListPassesModelTester()
    {
        TaskListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        LintReport ok;
        ok.path = QStringLiteral("/tasks/a");
        ok.id = QStringLiteral("task-a");
        ok.loaded = true;
        ok.findings = { finding(QStringLiteral("scope.no-edge-cases"), Severity::Warning) };
        LintReport bad;
        bad.path = QStringLiteral("/tasks/broken");
        bad.loadError = QStringLiteral("task.json: /: expected an object");
        bad.findings = { finding(QStringLiteral("scope.invalid-manifest"), Severity::Error) };
        model.setBundles({ ok, bad }, QStringLiteral("/tasks"));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.data(model.index(0, TaskListModel::TaskColumn)).toString(), QStringLiteral("task-a"));
        QCOMPARE(model.data(model.index(0, TaskListModel::StatusColumn)).toString(), QStringLiteral("1 warning"));
        QCOMPARE(model.data(model.index(1, TaskListModel::TaskColumn)).toString(), QStringLiteral("broken"));
        QCOMPARE(model.data(model.index(1, TaskListModel::StatusColumn)).toString(), QStringLiteral("invalid"));
        QVERIFY(model.data(model.index(1, 0), Qt::ToolTipRole).toString().contains(bad.loadError));
        model.setBundles({}, {});
        QCOMPARE(model.rowCount(), 0);
    }
};

KWB_UI_TEST_MAIN(TestFindingsModel)
#include "tst_findingsmodel.moc"
