// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `kwb run` on the bundled example tasks finds what their NOTES.md say (resources/tasks/expected.json,
// "run_cpu": the verdict per case of every candidate that runs without a GPU), and a CUDA candidate on
// a machine without a GPU is "not run" with an environment warning — never failed.
#include "../helpers/frameworks.h"
#include "core/env/toolprobe.h"
#include "core/exec/toolrun.h"
#include "core/run/implverdict.h"
#include "core/run/runengine.h"
#include "tests/helpers/taskcopy.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

namespace {
bool hasFinding(const RunResult& r, const QString& id, const QString& impl, const QString& caseName = {})
{
    return std::any_of(r.findings.begin(), r.findings.end(), [&](const Finding& f) {
        return f.id == id && f.impl == impl && (caseName.isEmpty() || f.caseName == caseName);
    });
}

// `kwb run` of the task at `taskDir`'s CUDA candidate, one trial, seed 1.
Result<RunResult> runCudaCandidate(const QString& taskDir)
{
    RunRequest request;
    request.taskDir = taskDir;
    request.implIds = { QStringLiteral("cuda") };
    request.trials = 1;
    request.seed = 1;
    return runCorrectness(request);
}
} // namespace

class TestBundledRuns : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("KWB_CACHE_DIR", KWB_TEST_CACHE_DIR.toLocal8Bit()); }

    void verdictsMatchNotes_data()
    {
        QTest::addColumn<QString>("task");
        QTest::addColumn<QString>("impl");
        QTest::addColumn<QJsonObject>("cases");
        QFile f(KWB_TASKS_DIR + QStringLiteral("/expected.json"));
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
        const QString dir = (KWB_TASKS_DIR + QStringLiteral("/")) + task;
        QFile manifest(dir + QStringLiteral("/task.json"));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        const QByteArray m = manifest.readAll();
        if (m.contains("\"framework\": \"triton\""))
            KWB_NEED_PYTHON_MODULE("triton");
        if (m.contains("\"framework\": \"torch\"") || m.contains("\"framework\": \"triton\""))
            KWB_NEED_PYTHON_MODULE("torch");
        if (m.contains("\"framework\": \"jax\""))
            KWB_NEED_PYTHON_MODULE("jax");

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

    // Here nvcc builds the CUDA runner (a build error would be the candidate's); with no device it is not run.
    void cudaWithoutGpuIsNotRun()
    {
        if (QFileInfo::exists(QStringLiteral("/dev/nvidiactl")))
            QSKIP("a GPU is present: the gpu-labelled tests cover CUDA runs");
        if (probeOutput(QStringLiteral("nvcc"), { QStringLiteral("--version") }).isEmpty())
            QSKIP("nvcc is not installed: the CUDA runner cannot be built here");
        auto result = runCudaCandidate(KWB_TASKS_DIR + QStringLiteral("/vector-add-f32"));
        QVERIFY(result.ok());
        const auto& cand = result->impls.first();
        QCOMPARE(cand.id, QStringLiteral("cuda"));
        QVERIFY2(cand.build.compiled, qPrintable(cand.build.log));
        QCOMPARE(cand.status, ImplStatus::NotRun);
        QVERIFY(cand.notRunHere());
        QVERIFY(hasFinding(*result, QStringLiteral("env.no-device"), QStringLiteral("cuda")));
        for (const Finding& f : result->findings) {
            if (f.impl == u"cuda")
                QVERIFY2(f.severity != Severity::Error, qPrintable(f.id + QStringLiteral(": ") + f.message));
        }
        QVERIFY(!hasFinding(*result, QStringLiteral("correct.pass"), QStringLiteral("cuda")));
    }

    // A task whose target this machine's nvcc cannot build for (sm_20: no nvcc since CUDA 9 knows it) stops every
    // CUDA build whatever the code: by nvcc's own --list-gpu-arch the machine's, so not run — never "build failed".
    // With a second arch it knows, the runner is built for that one and the warning says what was left out.
    void targetArchThisToolkitLacksIsNotRun()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("nvcc")).isEmpty())
            QSKIP("nvcc is not installed: the CUDA runner cannot be built here");
        if (nvccKnownArchs(QStandardPaths::findExecutable(QStringLiteral("nvcc"))).isEmpty())
            QSKIP("this nvcc cannot list its archs (before CUDA 11)");
        for (const QJsonValue& archs : { QJsonValue(QStringLiteral("sm_20")),
                 QJsonValue(QJsonArray { QStringLiteral("sm_20"), QStringLiteral("sm_80") }) }) {
            QTemporaryDir dir;
            QVERIFY(test::copyBundledTask(QStringLiteral("vector-add-f32"), dir.path(),
                [&](QJsonObject& task) { test::setTargetArch(task, archs); }));
            auto result = runCudaCandidate(dir.path());
            QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
            const ImplRun& cand = result->impls.first();
            QVERIFY(hasFinding(*result, QStringLiteral("env.toolkit-arch"), QStringLiteral("cuda")));
            for (const Finding& f : result->findings) {
                if (f.impl == u"cuda")
                    QVERIFY2(f.severity != Severity::Error, qPrintable(f.id + QStringLiteral(": ") + f.message));
            }
            if (archs.isString()) {
                QCOMPARE(cand.status, ImplStatus::NotRun);
                QVERIFY(cand.notRunHere());
                QVERIFY2(cand.notRunReason.contains(u"sm_20"), qPrintable(cand.notRunReason));
            } else {
                QVERIFY2(cand.build.compiled, qPrintable(cand.build.log));
                QCOMPARE(cand.build.archsNotBuilt, QStringList { QStringLiteral("sm_20") });
                QVERIFY(!cand.build.compileCommand.contains(u"compute_20"));
            }
        }
    }

    // The witness is the toolkit's list, never the candidate's words: a candidate whose own source makes the compiler
    // print the toolkit's message for an arch this nvcc knows still failed to build.
    void forgedToolkitMessageStillFailsTheBuild()
    {
        const QString nvcc = QStandardPaths::findExecutable(QStringLiteral("nvcc"));
        if (nvcc.isEmpty() || !nvccKnownArchs(nvcc).contains(QStringLiteral("sm_80")))
            QSKIP("no nvcc that builds sm_80 here");
        QTemporaryDir dir;
        QVERIFY(test::copyBundledTask(QStringLiteral("vector-add-f32"), dir.path(),
            [](QJsonObject& task) { test::setTargetArch(task, QStringLiteral("sm_80")); }));
        QFile source(dir.filePath(QStringLiteral("candidate.cu")));
        QVERIFY(source.open(QIODevice::WriteOnly | QIODevice::Truncate));
        source.write("#error \"nvcc fatal   : Unsupported gpu architecture 'compute_80'\"\n");
        source.close();
        auto result = runCudaCandidate(dir.path());
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        const ImplRun& cand = result->impls.first();
        QCOMPARE(cand.status, ImplStatus::BuildFailed);
        QVERIFY(cand.build.archsNotBuilt.isEmpty());
        QCOMPARE(implVerdict(*result, cand).state, VerdictState::Failed);
        QVERIFY(!hasFinding(*result, QStringLiteral("env.toolkit-arch"), QStringLiteral("cuda")));
    }
};

QTEST_GUILESS_MAIN(TestBundledRuns)
#include "tst_bundledruns.moc"
