// Imported tasks run end to end through the foreign conventions: the gpumode fixtures (numpy references, so they
// run anywhere) with a correct and a wrong submission and with two outputs; KernelBench problems (a scalar input,
// init inputs and two outputs, static corners) where torch is installed in the runner python, and a clear "torch
// is missing" where it is not.
#include "../helpers/frameworks.h"
#include "core/env/toolprobe.h"
#include "core/exec/sandboxprobe.h"
#include "core/importers/gpumode.h"
#include "core/importers/kernelbench.h"
#include "core/run/runengine.h"
#include "tests/helpers/testpaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

namespace {
bool has(const RunResult& r, const QString& id, const QString& impl = {})
{
    return std::any_of(r.findings.begin(), r.findings.end(),
        [&](const Finding& f) { return f.id == id && (impl.isEmpty() || f.impl == impl); });
}

QString ids(const RunResult& r)
{
    QStringList out;
    for (const Finding& f : r.findings)
        out << f.id + QLatin1Char('[') + f.impl + QStringLiteral("] ") + f.message.left(160);
    return out.join(u'\n');
}

} // namespace

class TestConventionRuns : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;

    RunRequest request(const QString& dir) const
    {
        RunRequest r;
        r.taskDir = dir;
        r.trials = 2;
        r.seed = 20261130;
        r.sandbox = sandboxAvailable().available;
        return r;
    }

    QString importGpuModeTask(
        const QString& name, const QString& submission, const QString& task = QStringLiteral("vecadd_py"))
    {
        GpuModeOptions o { (KWB_FIXTURES_DIR + QStringLiteral("/gpumode/")) + task, m_tmp.filePath(name), submission };
        auto s = importGpuMode(o);
        if (!s || s->imported() != 1)
            return {};
        return s->bundles.first().dir;
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("KWB_CACHE_DIR", KWB_TEST_CACHE_DIR.toLocal8Bit());
        QVERIFY(m_tmp.isValid());
    }

    void gpuModeSubmissionPasses()
    {
        const QString dir = importGpuModeTask(QStringLiteral("ok"), {});
        QVERIFY(!dir.isEmpty());
        RunRequest r = request(dir);
        r.keepDir = m_tmp.filePath(QStringLiteral("ok-work"));
        auto result = runCorrectness(r);
        QVERIFY2(result, qPrintable(result ? QString() : result.error().oneLine()));
        QVERIFY2(has(*result, QStringLiteral("correct.pass"), QStringLiteral("submission")), qPrintable(ids(*result)));
        QVERIFY2(!has(*result, QStringLiteral("gpumode.check-failed")), qPrintable(ids(*result)));
        QVERIFY2(!has(*result, QStringLiteral("gpumode.checker-disagrees")), qPrintable(ids(*result)));
        // The generated inputs are kept as evidence: .npy files and their structure, with the trial's seed.
        QFile data(QDir(r.keepDir).filePath(QStringLiteral("inputs/test-2/t1/data.json")));
        QVERIFY(data.open(QIODevice::ReadOnly));
        const QJsonObject tree = QJsonDocument::fromJson(data.readAll()).object();
        QCOMPARE(tree.value(QStringLiteral("seed")).toInteger(), qint64(20261131));
        QCOMPARE(tree.value(QStringLiteral("task_seed")).toInt(), 5236);
        QCOMPARE(tree.value(QStringLiteral("params")).toObject().value(QStringLiteral("size")).toInt(), 1025);
        QVERIFY(QFile::exists(QDir(r.keepDir).filePath(QStringLiteral("inputs/test-2/t1/data0.npy"))));
    }

    void gpuModeWrongSubmissionFailsBothChecks()
    {
        const QString dir = importGpuModeTask(
            QStringLiteral("wrong"), KWB_FIXTURES_DIR + QStringLiteral("/gpumode/vecadd_py/submission_wrong.py"));
        QVERIFY(!dir.isEmpty());
        auto result = runCorrectness(request(dir));
        QVERIFY2(result, qPrintable(result ? QString() : result.error().oneLine()));
        QVERIFY2(
            has(*result, QStringLiteral("correct.mismatch"), QStringLiteral("submission")), qPrintable(ids(*result)));
        QVERIFY2(has(*result, QStringLiteral("gpumode.check-failed"), QStringLiteral("submission")),
            qPrintable(ids(*result)));
        QVERIFY(!has(*result, QStringLiteral("gpumode.check-failed"), QStringLiteral("reference")));
    }

    void gpuModeTwoOutputs()
    {
        const QString dir = importGpuModeTask(QStringLiteral("quant"), {}, QStringLiteral("quant_py"));
        QVERIFY(!dir.isEmpty());
        auto result = runCorrectness(request(dir));
        QVERIFY2(result, qPrintable(result ? QString() : result.error().oneLine()));
        QVERIFY2(has(*result, QStringLiteral("correct.pass"), QStringLiteral("submission")), qPrintable(ids(*result)));
        QVERIFY2(!has(*result, QStringLiteral("gpumode.check-failed")), qPrintable(ids(*result)));
    }

    // Problems without a candidate: the reference alone runs (init inputs, two outputs, the static corners).
    void kernelBenchReferencesRun_data()
    {
        QTest::addColumn<QString>("problem");
        QTest::newRow("init inputs, two outputs") << QStringLiteral("level2/3_Linear_Two_Outputs.py");
        QTest::newRow("chained constants") << QStringLiteral("level1/8_Chained_Constants.py");
    }

    void kernelBenchReferencesRun()
    {
        QFETCH(QString, problem);
        KWB_NEED_PYTHON_MODULE("torch");
        auto s = importKernelBench({ (KWB_FIXTURES_DIR + QStringLiteral("/kernelbench/")) + problem,
            m_tmp.filePath(QStringLiteral("kbref-") + QFileInfo(problem).baseName()) });
        QVERIFY(s && s->imported() == 1);
        auto result = runCorrectness(request(s->bundles.first().dir));
        QVERIFY2(result, qPrintable(result ? QString() : result.error().oneLine()));
        bool ran = false;
        for (const ImplRun& run : result->impls) {
            if (run.role == u"reference") {
                QVERIFY2(run.ok(), qPrintable(run.error + u'\n' + run.log.right(2000)));
                ran = true;
            }
        }
        QVERIFY(ran);
    }

    void kernelBenchRunsOrSaysTorchIsMissing()
    {
        auto s = importKernelBench({ (KWB_FIXTURES_DIR + QStringLiteral("/kernelbench/level1/1_Scaled_Add.py")),
            m_tmp.filePath(QStringLiteral("kb")), (KWB_FIXTURES_DIR + QStringLiteral("/candidates")) });
        QVERIFY(s && s->imported() == 1);
        auto result = runCorrectness(request(s->bundles.first().dir));
        if (!runnerPythonHas(QStringLiteral("torch"))) {
            QVERIFY(!result);
            QVERIFY2(result.error().oneLine().contains(QStringLiteral("torch is missing")),
                qPrintable(result.error().oneLine()));
            QVERIFY(result.error().isEnvironment());
            KWB_NEED_PYTHON_MODULE("torch");
        }
        QVERIFY2(result, qPrintable(result ? QString() : result.error().oneLine()));
        // Right answers, but from torch's own ops: KernelBench asks for a kernel.
        QVERIFY2(has(*result, QStringLiteral("correct.pass"), QStringLiteral("1_scaled_add_fused")),
            qPrintable(ids(*result)));
        QVERIFY2(has(*result, QStringLiteral("scope.no-kernel"), QStringLiteral("1_scaled_add_fused")),
            qPrintable(ids(*result)));
    }

    // A KernelBench ModelNew with a Triton kernel runs in Triton's interpreter here and passes clean; the
    // reference's own op under a new name and a fallback around a broken launch get their errors.
    void kernelBenchTritonModelNew()
    {
        KWB_NEED_PYTHON_MODULE("torch");
        KWB_NEED_PYTHON_MODULE("triton");
        auto s = importKernelBench({ (KWB_FIXTURES_DIR + QStringLiteral("/kernelbench/level1/2_Relu_Unit.py")),
            m_tmp.filePath(QStringLiteral("kb-kernel")), (KWB_FIXTURES_DIR + QStringLiteral("/candidates-kernel")) });
        QVERIFY(s && s->imported() == 1);
        auto result = runCorrectness(request(s->bundles.first().dir));
        QVERIFY2(result, qPrintable(result ? QString() : result.error().oneLine()));
        const auto errorsOf = [&](const QString& impl) {
            QStringList out;
            for (const Finding& f : result->findings) {
                if (f.impl == impl && f.severity == Severity::Error)
                    out << f.id;
            }
            out.removeDuplicates();
            out.sort();
            return out;
        };
        QCOMPARE(errorsOf(QStringLiteral("2_relu_unit_triton")), QStringList {});
        QVERIFY2(has(*result, QStringLiteral("correct.pass"), QStringLiteral("2_relu_unit_triton")),
            qPrintable(ids(*result)));
        QCOMPARE(errorsOf(QStringLiteral("2_relu_unit_torch")), QStringList { QStringLiteral("scope.no-kernel") });
        // The fallback did the work: how (the fallback) and how much (the framework's share) are both said.
        QCOMPARE(errorsOf(QStringLiteral("2_relu_unit_fallback")),
            (QStringList { QStringLiteral("scope.framework-compute"), QStringLiteral("scope.reference-fallback") }));
    }
};

QTEST_GUILESS_MAIN(TestConventionRuns)
#include "tst_conventionruns.moc"
