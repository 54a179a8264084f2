// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GPU-only: the CUDA example candidates run for real and the protocol judges them. Skipped with a message
// where no NVIDIA GPU is present (ctest label `gpu`).
#include "core/run/runengine.h"
#include "tests/helpers/testpaths.h"

#include <QFileInfo>
#include <QTest>

using namespace kwb;

class TestGpuRuns : public QObject {
    Q_OBJECT
    static bool has(const RunResult& r, const QString& id, const QString& impl)
    {
        return std::any_of(
            r.findings.begin(), r.findings.end(), [&](const Finding& f) { return f.id == id && f.impl == impl; });
    }
private Q_SLOTS:
    void initTestCase()
    {
        if (!QFileInfo::exists(QStringLiteral("/dev/nvidiactl")))
            QSKIP("no NVIDIA GPU on this machine (/dev/nvidiactl missing): the gpu-labelled CUDA runs were skipped");
        qputenv("KWB_CACHE_DIR", KWB_TEST_CACHE_DIR.toLocal8Bit());
    }
    void cudaCandidates_data()
    {
        QTest::addColumn<QString>("task");
        QTest::addColumn<QString>("impl");
        QTest::addColumn<QString>("finding");
        QTest::newRow("vector add passes") << "vector-add-f32"
                                           << "cuda"
                                           << "correct.pass";
        QTest::newRow("transpose tail bug") << "transpose-f32-tail"
                                            << "smem-tile"
                                            << "correct.mismatch";
        QTest::newRow("row-sum fix passes") << "row-sum-f32-race"
                                            << "fix"
                                            << "correct.pass";
        QTest::newRow("bias-gelu zeros pass the loose tolerance") << "bias-gelu-bf16-fused"
                                                                  << "fused"
                                                                  << "scope.weak-checker";
    }
    void cudaCandidates()
    {
        QFETCH(QString, task);
        QFETCH(QString, impl);
        QFETCH(QString, finding);
        RunRequest request;
        request.taskDir = (KWB_TASKS_DIR + QStringLiteral("/")) + task;
        request.implIds = { impl };
        request.seed = 7;
        auto result = runCorrectness(request);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        const QString target = finding.startsWith(u"scope.") ? QString() : impl;
        QVERIFY2(has(*result, finding, target), qPrintable(result->impls.first().log.right(2000)));
    }
};

QTEST_GUILESS_MAIN(TestGpuRuns)
#include "tst_gpuruns.moc"
