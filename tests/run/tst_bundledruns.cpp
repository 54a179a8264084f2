// `kwb run` on the bundled example tasks finds what their NOTES.md say (resources/tasks/expected.json,
// "run_cpu": the verdict per case of every candidate that runs without a GPU), and a CUDA candidate on
// a machine without a GPU fails cleanly with a runtime finding.
#include "env/toolprobe.h"
#include "run/runengine.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace kwb;

namespace {
bool hasFinding(const RunResult& r, const QString& id, const QString& impl, const QString& caseName = {})
{
    return std::any_of(r.findings.begin(), r.findings.end(), [&](const Finding& f) {
        return f.id == id && f.impl == impl && (caseName.isEmpty() || f.caseName == caseName);
    });
}

bool pythonHas(const QString& module)
{
    return probeOutput(runnerPython(),
        { QStringLiteral("-s"), QStringLiteral("-c"), QStringLiteral("import %1; print('ok')").arg(module) }, 120000)
        .contains(u"ok");
}
} // namespace

class TestBundledRuns : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("KWB_CACHE_DIR", KWB_TEST_CACHE_DIR); }

    void verdictsMatchNotes_data()
    {
        QTest::addColumn<QString>("task");
        QTest::addColumn<QString>("impl");
        QTest::addColumn<QJsonObject>("cases");
        QFile f(QStringLiteral(KWB_TASKS_DIR "/expected.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject runs
            = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("run_cpu")).toObject();
        QVERIFY(!runs.isEmpty());
        for (auto t = runs.begin(); t != runs.end(); ++t) {
            const QJsonObject impls = t.value().toObject();
            for (auto i = impls.begin(); i != impls.end(); ++i)
                QTest::newRow(qPrintable(t.key() + QLatin1Char('/') + i.key()))
                    << t.key() << i.key() << i.value().toObject();
        }
    }
    void verdictsMatchNotes()
    {
        QFETCH(QString, task);
        QFETCH(QString, impl);
        QFETCH(QJsonObject, cases);
        const QString dir = QStringLiteral(KWB_TASKS_DIR "/") + task;
        QFile manifest(dir + QStringLiteral("/task.json"));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        const QByteArray m = manifest.readAll();
        if (m.contains("\"framework\": \"triton\"") && !pythonHas(QStringLiteral("triton")))
            QSKIP("triton is not installed in the runner python: this Triton task was skipped");
        if (m.contains("\"framework\": \"torch\"") && !pythonHas(QStringLiteral("torch")))
            QSKIP("torch is not installed in the runner python: this task was skipped");
        if (m.contains("\"framework\": \"jax\"") && !pythonHas(QStringLiteral("jax")))
            QSKIP("jax is not installed in the runner python (packaging/install-python-deps.sh installs it): skipped");

        RunRequest request;
        request.taskDir = dir;
        request.implIds = { impl };
        request.trials = 2;
        request.seed = 20261129;
        auto result = runCorrectness(request);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        // "generated": a defect only the generated cases (held-out sizes, stress patterns) expose.
        const QString generated = cases.take(QStringLiteral("generated")).toString();
        if (!generated.isEmpty())
            QVERIFY2(hasFinding(*result, generated, impl), qPrintable(QStringLiteral("expected %1").arg(generated)));
        for (auto c = cases.begin(); c != cases.end(); ++c) {
            const bool mismatch = hasFinding(*result, QStringLiteral("correct.mismatch"), impl, c.key());
            QVERIFY2(mismatch == (c.value().toString() == u"mismatch"),
                qPrintable(QStringLiteral("case %1: expected %2").arg(c.key(), c.value().toString())));
        }
        const bool allPass
            = std::all_of(cases.begin(), cases.end(), [](const QJsonValue& v) { return v.toString() == u"pass"; });
        QCOMPARE(hasFinding(*result, QStringLiteral("correct.pass"), impl), allPass && generated.isEmpty());
    }

    // Here nvcc builds the CUDA runner, and with no driver or device it must fail as a clear runtime finding.
    void cudaWithoutGpuFailsCleanly()
    {
        if (QFileInfo::exists(QStringLiteral("/dev/nvidiactl")))
            QSKIP("a GPU is present: the gpu-labelled tests cover CUDA runs");
        if (probeOutput(QStringLiteral("nvcc"), { QStringLiteral("--version") }).isEmpty())
            QSKIP("nvcc is not installed: the CUDA runner cannot be built here");
        RunRequest request;
        request.taskDir = QStringLiteral(KWB_TASKS_DIR "/vector-add-f32");
        request.implIds = { QStringLiteral("cuda") };
        request.trials = 1;
        request.seed = 1;
        auto result = runCorrectness(request);
        QVERIFY(result.ok());
        const auto& cand = result->impls.first();
        QCOMPARE(cand.id, QStringLiteral("cuda"));
        QVERIFY2(cand.build.compiled, qPrintable(cand.build.log));
        QCOMPARE(cand.status, QStringLiteral("failed"));
        QVERIFY(cand.diagnosis.has_value());
        QVERIFY2(
            cand.diagnosis->className() == u"driver_runtime_mismatch" || cand.diagnosis->className() == u"no_device",
            qPrintable(cand.diagnosis->className() + QStringLiteral(": ") + cand.log));
        QVERIFY(!hasFinding(*result, QStringLiteral("correct.pass"), QStringLiteral("cuda")));
    }
};

QTEST_GUILESS_MAIN(TestBundledRuns)
#include "tst_bundledruns.moc"
