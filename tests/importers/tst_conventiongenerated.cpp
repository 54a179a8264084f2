// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Imported tasks beyond their declared cases: held-out sizes and stress inputs drawn through the task's own generator
// (an imported KernelBench problem with its size constants), and kwb bench on imported KernelBench and GPU MODE
// bundles (input sets from the task's generator, every timed call checked). Apart from tst_conventionruns so that
// ctest runs the two side by side.
#include "../helpers/frameworks.h"
#include "conventiontesthelpers.h"
#include "core/bench/benchengine.h"
#include "core/env/toolprobe.h"
#include "core/exec/sandboxprobe.h"
#include "core/importers/gpumode.h"
#include "core/importers/kernelbench.h"
#include "core/run/runengine.h"
#include "core/task/taskloader.h"
#include "core/tensor/tensor.h"
#include "tests/helpers/testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

using namespace kwb::test;

class TestConventionGenerated : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;

    RunRequest request(const QString& dir) const { return conventionRequest(dir); }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("KWB_CACHE_DIR", KWB_TEST_CACHE_DIR.toLocal8Bit());
        QVERIFY(m_tmp.isValid());
    }

    void kernelBenchGeneratedCases()
    {
        KWB_NEED_PYTHON_MODULE("torch");
        KWB_NEED_PYTHON_MODULE("triton");
        auto s = importKernelBench({ (KWB_FIXTURES_DIR + QStringLiteral("/kernelbench/level1/2_Relu_Unit.py")),
            m_tmp.filePath(QStringLiteral("kb-generated")),
            (KWB_FIXTURES_DIR + QStringLiteral("/candidates-generated")) });
        QVERIFY(s && s->imported() == 1);
        RunRequest r = request(s->bundles.first().dir);
        r.trials = 1;
        r.heldOut = 3;
        r.stress = true;
        auto result = runCorrectness(r);
        QVERIFY2(result, qPrintable(result ? QString() : result.error().oneLine()));
        QStringList heldOut, stress;
        for (const Case& c : result->task.cases) {
            if (c.origin == CaseOrigin::HeldOut)
                heldOut << c.varied;
            else if (c.origin == CaseOrigin::Stress)
                stress << c.stress;
        }
        QCOMPARE(heldOut,
            (QStringList {
                QStringLiteral("batch_size=15"), QStringLiteral("dim=63"), QStringLiteral("batch_size=9") }));
        QCOMPARE(stress, stressPatternNames());
        const auto errorsOf = [&](const QString& impl) { return errorIds(*result, impl); };
        QVERIFY2(errorsOf(QStringLiteral("2_relu_unit_triton")).isEmpty(), qPrintable(ids(*result)));
        QVERIFY2(has(*result, QStringLiteral("correct.pass"), QStringLiteral("2_relu_unit_triton")),
            qPrintable(ids(*result)));
        QCOMPARE(errorsOf(QStringLiteral("2_relu_unit_tailbug")),
            QStringList { QStringLiteral("correct.heldout-mismatch") });
        QCOMPARE(errorsOf(QStringLiteral("2_relu_unit_identity")),
            QStringList { QStringLiteral("correct.distribution-sensitive") });
        QVERIFY(!has(*result, QStringLiteral("scope.fixed-sizes")));
    }

    // kwb bench on imported bundles: the input sets come from the task's own generator (one per call), every timed
    // call is compared with the reference on its set, and the Triton candidates' verdicts are INVALID here (the
    // interpreter). A GPU MODE submission that stops working once the calls outnumber a short run's is caught.
    void benchOnImportedBundles()
    {
        KWB_NEED_PYTHON_MODULE("torch");
        KWB_NEED_PYTHON_MODULE("triton");
        const auto bench = [&](const QString& dir, const QString& impl, const QString& onlyCase) {
            BenchRequest b;
            b.taskDir = dir;
            b.implIds = { impl };
            if (!onlyCase.isEmpty())
                b.cases = { onlyCase };
            b.budgetS = 0.5;
            b.rounds = 1; // the sizing round and one more: every call checked in both
            b.maxRounds = 1;
            b.seed = 7;
            b.sandbox = sandboxAvailable().available;
            return runBench(b);
        };
        auto kb = importKernelBench({ (KWB_FIXTURES_DIR + QStringLiteral("/kernelbench/level1/2_Relu_Unit.py")),
            m_tmp.filePath(QStringLiteral("kb-bench")), (KWB_FIXTURES_DIR + QStringLiteral("/candidates-kernel")) });
        QVERIFY(kb && kb->imported() == 1);
        auto r = bench(kb->bundles.first().dir, QStringLiteral("2_relu_unit_triton"), {});
        QVERIFY2(r, qPrintable(r ? QString() : r.error().oneLine()));
        for (const ImplBench& b : r->impls) {
            QVERIFY2(b.ok(), qPrintable(b.id + QStringLiteral(": ") + b.error));
            QVERIFY2(!b.cases.isEmpty() && b.cases.first().samplesNs.size() >= 3, qPrintable(b.id));
        }
        for (const Finding& f : r->findings)
            QVERIFY2(f.id != u"bench.wrong-result", qPrintable(f.impl + QStringLiteral(": ") + f.message));
        QVERIFY(!r->cases.isEmpty());
        const QList<ImplCaseResult>& measured = r->cases.first().candidates;
        const auto triton = std::find_if(
            measured.begin(), measured.end(), [](const ImplCaseResult& x) { return x.id == u"2_relu_unit_triton"; });
        QVERIFY(triton != measured.end());
        QVERIFY(triton->verdict && *triton->verdict == Verdict::Invalid);
        QVERIFY2(triton->compared >= 3 && triton->wrong == 0, qPrintable(QString::number(triton->compared)));
        // The run's stress patterns among the calls, drawn from the task's own generator and reshaped as in a run.
        QVERIFY2(triton->stressCompared >= 2 && triton->stressWrong == 0,
            qPrintable(QStringLiteral("%1 stress calls, %2 wrong: %3")
                           .arg(triton->stressCompared)
                           .arg(triton->stressWrong)
                           .arg(triton->stressNotCounted.join(QStringLiteral("; ")))));

        const QString src = KWB_FIXTURES_DIR + QStringLiteral("/gpumode-torch/vectoradd_buf_py");
        auto gm = importGpuMode(
            { src, m_tmp.filePath(QStringLiteral("gm-bench")), src + QStringLiteral("/submission_cadence.py") });
        QVERIFY(gm && gm->imported() == 1);
        RunRequest run = request(gm->bundles.first().dir);
        run.trials = 1;
        run.cases = { QStringLiteral("test-1") };
        auto checked = runCorrectness(run);
        QVERIFY2(checked, qPrintable(checked ? QString() : checked.error().oneLine()));
        QVERIFY2(
            has(*checked, QStringLiteral("correct.pass"), QStringLiteral("submission")), qPrintable(ids(*checked)));
        auto timed = bench(gm->bundles.first().dir, QStringLiteral("submission"), QStringLiteral("test-2"));
        QVERIFY2(timed, qPrintable(timed ? QString() : timed.error().oneLine()));
        const bool caught = std::any_of(timed->findings.begin(), timed->findings.end(), [](const Finding& f) {
            return f.id == u"bench.wrong-result" && f.impl == u"submission" && f.severity == Severity::Error;
        });
        QVERIFY(caught);
    }
};

QTEST_GUILESS_MAIN(TestConventionGenerated)
#include "tst_conventiongenerated.moc"
