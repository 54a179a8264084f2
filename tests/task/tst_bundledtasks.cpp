// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/lint.h"
#include "core/task/taskloader.h"
#include "tests/helpers/testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace kwb;

// Every example bundle shipped in resources/tasks loads and lints without a load error; where
// resources/tasks/expected.json states a bundle's lint finding ids (warnings and errors), they match exactly.
class TestBundledTasks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void loadsAndLints_data()
    {
        QTest::addColumn<QString>("bundle");
        const QStringList bundles = findTaskBundles(KWB_TASKS_DIR);
        for (const QString& b : bundles)
            QTest::newRow(qPrintable(b.mid(KWB_TASKS_DIR.size() + 1))) << b;
    }
    void loadsAndLints()
    {
        QFETCH(QString, bundle);
        const LintReport r = lintBundle(bundle);
        QVERIFY2(r.loaded, qPrintable(r.loadError));
        QVERIFY(!r.id.isEmpty());
        QVERIFY(r.digest.startsWith(QStringLiteral("sha256:")));
        QStringList ids;
        for (const Finding& f : r.findings) {
            QVERIFY2(f.id != u"scope.invalid-manifest" && f.id != u"scope.missing-file", qPrintable(f.message));
            QVERIFY(!f.message.isEmpty());
            if (f.severity != Severity::Info && !ids.contains(f.id))
                ids << f.id;
        }
        QFile expectedFile(QDir(KWB_TASKS_DIR).filePath(QStringLiteral("expected.json")));
        if (!expectedFile.open(QIODevice::ReadOnly))
            return;
        const QJsonValue expected = QJsonDocument::fromJson(expectedFile.readAll())[QStringLiteral("lint")][r.id];
        if (!expected.isArray())
            return;
        QStringList want;
        for (const QJsonValue& v : expected.toArray())
            want << v.toString();
        ids.sort();
        want.sort();
        QCOMPARE(ids, want);
    }
    void thereAreBundles() { QVERIFY2(!findTaskBundles(KWB_TASKS_DIR).isEmpty(), qPrintable(KWB_TASKS_DIR)); }
};

QTEST_GUILESS_MAIN(TestBundledTasks)
#include "tst_bundledtasks.moc"
