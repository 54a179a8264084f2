// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// "Is it a kernel?" on a Triton task (fixtures/relu-kernel-scope, NOTES.md there): the static scan finds
// fallbacks in the source, the runner's dispatch record finds calls that launched no kernel, launches that raised
// and ops the task forbids; an honest Triton kernel passes clean in Triton's interpreter. And whose fault a
// failure is: a framework missing from the runner python makes the implementation "not run" with an env.*
// warning, while a candidate that only claims so is failed.
#include "../helpers/frameworks.h"
#include "core/bench/benchengine.h"
#include "core/exec/sandboxprobe.h"
#include "core/run/kernelscope.h"
#include "core/run/runengine.h"
#include "core/task/taskloader.h"
#include "tests/helpers/testpaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;
using namespace Qt::StringLiterals;

namespace {
const QString kTask = KWB_FIXTURES_DIR + QStringLiteral("/relu-kernel-scope");

QStringList idsFor(const RunResult& r, const QString& impl, std::optional<Severity> severity = {})
{
    QStringList ids;
    for (const Finding& f : r.findings) {
        if (f.impl == impl && (!severity || f.severity == *severity))
            ids << f.id;
    }
    ids.removeDuplicates();
    ids.sort();
    return ids;
}

QString describe(const RunResult& r, const QString& impl)
{
    QStringList out;
    for (const Finding& f : r.findings) {
        if (f.impl == impl)
            out << QStringLiteral("%1 %2: %3").arg(severityName(f.severity), f.id, f.message.left(300));
    }
    for (const ImplRun& run : r.impls) {
        if (run.id == impl)
            out << QStringLiteral("status %1 %2 | log %3")
                       .arg(implStatusName(run.status), run.error, run.log.right(800));
    }
    return out.join(u'\n');
}
} // namespace

class TestKernelScope : public QObject {
    Q_OBJECT
    std::optional<RunResult> m_run;

    // One run of every candidate (each in its own sandboxed process), shared by the tests below.
    const RunResult* fullRun()
    {
        if (!m_run) {
            auto r = runCorrectness(request());
            if (!r)
                qWarning("%s", qPrintable(r.error().oneLine()));
            else
                m_run = *r;
        }
        return m_run ? &*m_run : nullptr;
    }

    RunRequest request(const QStringList& impls = {}) const
    {
        RunRequest r;
        r.taskDir = kTask;
        r.implIds = impls;
        r.trials = 1;
        r.seed = 20261201;
        r.sandbox = sandboxAvailable().available;
        return r;
    }

private Q_SLOTS:
    void initTestCase() { qputenv("KWB_CACHE_DIR", KWB_TEST_CACHE_DIR.toLocal8Bit()); }

    // The scan reads the source only: no framework needed.
    void staticScan_data()
    {
        QTest::addColumn<QString>("impl");
        QTest::addColumn<bool>("kernels");
        QTest::addColumn<int>("fallbacks");
        QTest::newRow("honest") << QStringLiteral("honest") << true << 0;
        QTest::newRow("torch only") << QStringLiteral("torch-only") << false << 0;
        QTest::newRow("try/except") << QStringLiteral("try-fallback") << true << 1;
        QTest::newRow("if on the device") << QStringLiteral("device-fallback") << true << 1;
        QTest::newRow("decoration") << QStringLiteral("decoration") << true << 0;
    }
    void staticScan()
    {
        QFETCH(QString, impl);
        QFETCH(bool, kernels);
        QFETCH(int, fallbacks);
        auto loaded = loadTask(kTask);
        QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().oneLine()));
        QCOMPARE(loaded->task.requiredKernelLanguage(), QStringLiteral("triton"));
        const Implementation* cand = loaded->task.implementation(impl);
        QVERIFY(cand);
        const KernelScan scan = scanCandidateKernels(loaded->task, *cand, request());
        QVERIFY2(scan.scanned, qPrintable(scan.error));
        QCOMPARE(!scan.kernels.isEmpty(), kernels);
        QCOMPARE(int(scan.fallbacks.size()), fallbacks);
        const Findings f = kernelScopeFindings(loaded->task, *cand, scan, nullptr, nullptr);
        QCOMPARE(std::any_of(f.begin(), f.end(), [](const Finding& x) { return x.id == u"scope.reference-fallback"; }),
            fallbacks > 0);
        QCOMPARE(
            std::any_of(f.begin(), f.end(), [](const Finding& x) { return x.id == u"scope.no-kernel"; }), !kernels);
        if (fallbacks > 0) {
            const Finding& fb = *std::find_if(
                f.begin(), f.end(), [](const Finding& x) { return x.id == u"scope.reference-fallback"; });
            QVERIFY(fb.line > 0);
            QCOMPARE(fb.file, cand->source);
        }
    }

    // Public cheat and honest candidates (fixtures/public-kernel-scope, README.md there), statically: an extension
    // is a kernel only when its C++/CUDA source launches a __global__ it defines; what its host functions do
    // instead is a finding of its own, as are timer patches and writes into the harness — also beside a real
    // kernel; TileLang and CuTe are kernels; a DSL the scan does not know is "not recognised", not "no kernel".
    void publicStaticScan_data()
    {
        QTest::addColumn<QString>("impl");
        QTest::addColumn<QStringList>("errors");
        QTest::addColumn<QStringList>("warnings");
        const QString noKernel = QStringLiteral("scope.no-kernel");
        QTest::newRow("KernelBench result reuse")
            << QStringLiteral("result-reuse") << QStringList { noKernel, QStringLiteral("scope.uninitialised-output") }
            << QStringList {};
        QTest::newRow("KernelBench zero out")
            << QStringLiteral("zero-out") << QStringList { noKernel, QStringLiteral("scope.writes-inputs") }
            << QStringList {};
        QTest::newRow("KernelBench side stream") << QStringLiteral("non-default-stream") << QStringList { noKernel }
                                                 << QStringList { QStringLiteral("scope.unsynchronised-stream") };
        QTest::newRow("KernelBench CUDA example") << QStringLiteral("kb-cuda-add") << QStringList {} << QStringList {};
        QTest::newRow("KernelBench TileLang example")
            << QStringLiteral("kb-tilelang-add") << QStringList {} << QStringList {};
        QTest::newRow("KernelBench CuTe example") << QStringLiteral("kb-cute-add") << QStringList {} << QStringList {};
        QTest::newRow("KernelGuard aliased timer")
            << QStringLiteral("kg-aliased-timer") << QStringList { noKernel, QStringLiteral("scope.timer-patched") }
            << QStringList {};
        QTest::newRow("KernelGuard frame write")
            << QStringLiteral("kg-frame-arg-mutation")
            << QStringList { QStringLiteral("scope.harness-patched"), noKernel } << QStringList {};
        QTest::newRow("KernelGuard clean timing")
            << QStringLiteral("kg-clean-elapsed-time") << QStringList { noKernel } << QStringList {};
        QTest::newRow("pygpubench gc NaN")
            << QStringLiteral("pgb-gc-nan") << QStringList { QStringLiteral("scope.harness-patched"), noKernel }
            << QStringList {};
        QTest::newRow("Triton kernel beside a timer patch")
            << QStringLiteral("decoy-timer-patch") << QStringList { QStringLiteral("scope.timer-patched") }
            << QStringList {};
        QTest::newRow("CUDA kernel beside zeroed input")
            << QStringLiteral("decoy-zero-inputs") << QStringList { QStringLiteral("scope.writes-inputs") }
            << QStringList {};
        QTest::newRow("cpp_extension.load of a .cu file")
            << QStringLiteral("cpp-extension-files") << QStringList {} << QStringList {};
        QTest::newRow("unknown DSL") << QStringLiteral("unknown-dsl") << QStringList {}
                                     << QStringList { QStringLiteral("scope.kernel-unrecognised") };
    }
    void publicStaticScan()
    {
        QFETCH(QString, impl);
        QFETCH(QStringList, errors);
        QFETCH(QStringList, warnings);
        auto loaded = loadTask(KWB_FIXTURES_DIR + QStringLiteral("/public-kernel-scope"));
        QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().oneLine()));
        const Implementation* cand = loaded->task.implementation(impl);
        QVERIFY(cand);
        const KernelScan scan = scanCandidateKernels(loaded->task, *cand, request());
        QVERIFY2(scan.scanned, qPrintable(scan.error));
        const Findings found = kernelScopeFindings(loaded->task, *cand, scan, nullptr, nullptr);
        QStringList gotErrors, gotWarnings, text;
        for (const Finding& f : found) {
            (f.severity == Severity::Error ? gotErrors : gotWarnings) << f.id;
            text << f.id + QStringLiteral(": ") + f.message;
        }
        gotErrors.removeDuplicates();
        gotErrors.sort();
        gotWarnings.removeDuplicates();
        gotWarnings.sort();
        errors.sort();
        QVERIFY2(gotErrors == errors, qPrintable(text.join(u'\n')));
        QVERIFY2(gotWarnings == warnings, qPrintable(text.join(u'\n')));
        // The evidence names the trick, not only "no kernel": the extension's own function and what it does.
        if (impl == u"result-reuse") {
            const auto nk
                = std::find_if(found.begin(), found.end(), [](const Finding& f) { return f.id == u"scope.no-kernel"; });
            QVERIFY2(nk->message.contains(QStringLiteral("matmul_cuda allocates")), qPrintable(nk->message));
        }
    }

    void everyCandidateGetsItsFinding_data()
    {
        QTest::addColumn<QString>("impl");
        QTest::addColumn<QStringList>("errors");
        QTest::addColumn<QStringList>("warnings");
        QTest::newRow("honest") << QStringLiteral("honest") << QStringList {} << QStringList {};
        QTest::newRow("torch only") << QStringLiteral("torch-only") << QStringList { QStringLiteral("scope.no-kernel") }
                                    << QStringList {};
        // Where the fallback or a forbidden op did the work, the framework's share is said too (how much, beside how).
        QTest::newRow("try/except") << QStringLiteral("try-fallback")
                                    << QStringList { QStringLiteral("scope.framework-compute"),
                                           QStringLiteral("scope.reference-fallback") }
                                    << QStringList {};
        QTest::newRow("if on the device")
            << QStringLiteral("device-fallback")
            << QStringList { QStringLiteral("scope.no-kernel"), QStringLiteral("scope.reference-fallback") }
            << QStringList {};
        // Decoration: the cost-weighted share (an error, the framework did all the work) replaces the coverage warning.
        QTest::newRow("decoration") << QStringLiteral("decoration")
                                    << QStringList { QStringLiteral("scope.framework-compute") } << QStringList {};
        QTest::newRow("forbidden op") << QStringLiteral("forbidden")
                                      << QStringList { QStringLiteral("scope.forbidden-op"),
                                             QStringLiteral("scope.framework-compute") }
                                      << QStringList {};
    }
    void everyCandidateGetsItsFinding()
    {
        KWB_NEED_PYTHON_MODULE("torch");
        KWB_NEED_PYTHON_MODULE("triton");
        QFETCH(QString, impl);
        QFETCH(QStringList, errors);
        QFETCH(QStringList, warnings);
        QVERIFY(fullRun());
        const RunResult& r = *fullRun();
        QStringList gotErrors = idsFor(r, impl, Severity::Error);
        gotErrors.removeAll(QStringLiteral("correct.mismatch")); // the broken kernels' own results, not the point here
        // On a failure, every finding of the candidate with its message (a loaded machine's limits show here).
        QVERIFY2(gotErrors == errors, qPrintable(gotErrors.join(u',') + QStringLiteral(" | ") + describe(r, impl)));
        QStringList gotWarnings = idsFor(r, impl, Severity::Warning);
        QVERIFY2(gotWarnings == warnings, qPrintable(describe(r, impl)));
        const auto run = std::find_if(r.impls.begin(), r.impls.end(), [&](const ImplRun& x) { return x.id == impl; });
        QVERIFY(run != r.impls.end());
        QVERIFY2(run->ok(), qPrintable(describe(r, impl)));
        if (impl == u"honest") {
            QVERIFY2(idsFor(r, impl).contains(QStringLiteral("correct.pass")), qPrintable(describe(r, impl)));
            // Triton ran in its interpreter (no GPU here), and the report says so.
            if (!acceleratorPresent())
                QCOMPARE(run->provenance.value(QStringLiteral("interpret")).toBool(), true);
        }
    }

    // A JAX candidate's record is the trace of its entry (fixtures/pallas-kernel-scope), and the call runs the compiled
    // program of that very trace: an entry that shows a kernel to a trace and computes with numpy on arrays runs the
    // kernel; the framework's einsum beside a copying kernel is weighed by its FLOPs; the case's dims are fixed for the
    // trace (they were traced as arrays, and every candidate failed); an entry JAX cannot trace runs as written,
    // unrecorded, and says so.
    void jaxRecordIsTheProgramRun()
    {
        KWB_NEED_PYTHON_MODULE("jax");
        RunRequest req = request();
        req.taskDir = KWB_FIXTURES_DIR + QStringLiteral("/pallas-kernel-scope");
        req.heldOut = 0;
        auto r = runCorrectness(req);
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().oneLine()));
        for (const QString& id :
            { QStringLiteral("kernel"), QStringLiteral("kernel-to-numpy"), QStringLiteral("trace-aware") }) {
            QVERIFY2(idsFor(*r, id).contains(QStringLiteral("correct.pass")), qPrintable(describe(*r, id)));
            QVERIFY2(idsFor(*r, id, Severity::Error).isEmpty(), qPrintable(describe(*r, id)));
        }
        QVERIFY2(!idsFor(*r, QStringLiteral("kernel")).contains(QStringLiteral("scope.unrecorded")),
            qPrintable(describe(*r, u"kernel"_s)));
        QVERIFY2(idsFor(*r, QStringLiteral("kernel-to-numpy"), Severity::Warning)
                     .contains(QStringLiteral("scope.unrecorded")),
            qPrintable(describe(*r, u"kernel-to-numpy"_s)));
        QVERIFY2(idsFor(*r, QStringLiteral("token-einsum"), Severity::Error)
                     .contains(QStringLiteral("scope.framework-compute")),
            qPrintable(describe(*r, u"token-einsum"_s)));
        // What ran was the traced kernel: every recorded call of the trace-aware entry launched it.
        const auto aware
            = std::find_if(r->impls.begin(), r->impls.end(), [](const ImplRun& x) { return x.id == u"trace-aware"; });
        QVERIFY(aware != r->impls.end());
        QVERIFY(!aware->calls.isEmpty());
        for (const CallRecord& c : aware->calls)
            QVERIFY2(
                c.dispatch.value(QStringLiteral("kernels")).toObject().contains(QStringLiteral("pallas:pallas_call")),
                qPrintable(c.label));
    }

    // Whose work is it (fixtures/linear-relu-triton): a ReLU kernel beside a framework matmul does 2 % of the
    // task's FLOPs (scope.framework-compute), a numpy matmul on the tensors' memory leaves the framework
    // (scope.offload), a matmul compiled by torch.compile, done in a worker thread, a forked child, inside the
    // kernel's body or with the recording switched off is no way around the record; the fused kernel gets none.
    void workWeighedByCost()
    {
        KWB_NEED_PYTHON_MODULE("torch");
        KWB_NEED_PYTHON_MODULE("triton");
        RunRequest req = request();
        req.taskDir = KWB_FIXTURES_DIR + QStringLiteral("/linear-relu-triton");
        req.heldOut = 0;
        req.stress = false;
        auto r = runCorrectness(req);
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().oneLine()));
        QVERIFY2(idsFor(*r, QStringLiteral("fused"), Severity::Error).isEmpty(), qPrintable(describe(*r, u"fused"_s)));
        QVERIFY2(idsFor(*r, QStringLiteral("fused")).contains(QStringLiteral("correct.pass")),
            qPrintable(describe(*r, u"fused"_s)));
        QVERIFY2(
            idsFor(*r, QStringLiteral("token"), Severity::Error).contains(QStringLiteral("scope.framework-compute")),
            qPrintable(describe(*r, u"token"_s)));
        QVERIFY2(idsFor(*r, QStringLiteral("numpy-gemm"), Severity::Error).contains(QStringLiteral("scope.offload")),
            qPrintable(describe(*r, u"numpy-gemm"_s)));
        // A product compiled by torch.compile beside the token kernel: eagerly (Dynamo does not trace under the
        // recording) its ops are recorded; with fullgraph=True the call fails and says why in words, the candidate's
        // failure (never "not run here": nothing about this machine stops it).
        QVERIFY2(idsFor(*r, QStringLiteral("compiled-gemm-eager"), Severity::Error)
                     .contains(QStringLiteral("scope.framework-compute")),
            qPrintable(describe(*r, u"compiled-gemm-eager"_s)));
        // Nor is a worker thread (started at import, fed through a queue) or, in Triton's interpreter, a framework
        // call in the kernel's own body: the record is every thread's, inside launches too.
        QVERIFY2(idsFor(*r, QStringLiteral("worker-thread-gemm"), Severity::Error)
                     .contains(QStringLiteral("scope.framework-compute")),
            qPrintable(describe(*r, u"worker-thread-gemm"_s)));
        // Nor is another process: a forked child computing into shared memory is a route out (scope.offload).
        const auto forked = std::find_if(r->findings.begin(), r->findings.end(), [](const Finding& f) {
            return f.impl == u"fork-gemm" && f.id == u"scope.offload" && f.severity == Severity::Error;
        });
        QVERIFY2(forked != r->findings.end() && forked->message.contains(QStringLiteral("os.fork")),
            qPrintable(describe(*r, u"fork-gemm"_s)));
        // Nor is switching the recording off: torch's switches are named in the source (scope.harness-patched).
        QVERIFY2(idsFor(*r, QStringLiteral("dispatch-off-gemm"), Severity::Error)
                     .contains(QStringLiteral("scope.harness-patched")),
            qPrintable(describe(*r, u"dispatch-off-gemm"_s)));
        // Nor is switching it off where no scan of the source can see the switch named: what the recorded ops and
        // launches were handed, and what the call returns, must be something the record saw made (an input, a recorded
        // op's or launch's product, a tensor there before the calls) and last written by it.
        for (const QString& id : { QStringLiteral("hidden-product-gemm"), QStringLiteral("hidden-result-gemm") }) {
            const auto unseen = std::find_if(r->findings.begin(), r->findings.end(), [&](const Finding& f) {
                return f.impl == id && f.id == u"scope.offload" && f.severity == Severity::Error
                    && f.evidence.value(QStringLiteral("unseen_share")).toDouble()
                        + f.evidence.value(QStringLiteral("unseen_results")).toBool()
                    >= 0.5;
            });
            QVERIFY2(unseen != r->findings.end(), qPrintable(describe(*r, id)));
            QVERIFY2(!idsFor(*r, id).contains(QStringLiteral("scope.harness-patched")), qPrintable(describe(*r, id)));
        }
        for (const QString& id : { QStringLiteral("token"), QStringLiteral("worker-thread-gemm"),
                 QStringLiteral("compiled-gemm-eager") }) // their framework ops are recorded: nothing unseen
            QVERIFY2(!idsFor(*r, id).contains(QStringLiteral("scope.offload")), qPrintable(describe(*r, id)));
        const auto inBody = std::find_if(
            r->impls.begin(), r->impls.end(), [](const ImplRun& x) { return x.id == u"kernel-body-gemm"; });
        QVERIFY(inBody != r->impls.end());
        if (inBody->provenance.value(QStringLiteral("interpret")).toBool())
            QVERIFY2(idsFor(*r, inBody->id, Severity::Error).contains(QStringLiteral("scope.framework-compute")),
                qPrintable(describe(*r, inBody->id)));
        else // compiled for a GPU, Triton refuses the body: a failed candidate
            QVERIFY2(inBody->status == ImplStatus::Failed, qPrintable(describe(*r, inBody->id)));
        // Numpy called from the kernel's body is counted (the interpreter's own numpy is not).
        if (inBody->provenance.value(QStringLiteral("interpret")).toBool())
            QVERIFY2(idsFor(*r, QStringLiteral("kernel-body-numpy"), Severity::Error)
                         .contains(QStringLiteral("scope.offload")),
                qPrintable(describe(*r, u"kernel-body-numpy"_s)));
        const auto compiled
            = std::find_if(r->impls.begin(), r->impls.end(), [](const ImplRun& x) { return x.id == u"compiled-gemm"; });
        QVERIFY(compiled != r->impls.end());
        QVERIFY2(compiled->status == ImplStatus::Failed && !compiled->notRunHere()
                && compiled->error.startsWith(QStringLiteral("CompiledUnderRecording: torch.compile could not trace")),
            qPrintable(describe(*r, u"compiled-gemm"_s)));
        QVERIFY2(idsFor(*r, QStringLiteral("compiled-gemm"), Severity::Error)
                     .contains(QStringLiteral("runtime.unsupported_on_target")),
            qPrintable(describe(*r, u"compiled-gemm"_s)));
        // The record's error says it; the static scan's warning of the same route is not repeated beside it.
        QVERIFY2(!idsFor(*r, QStringLiteral("numpy-gemm"), Severity::Warning).contains(QStringLiteral("scope.offload")),
            qPrintable(describe(*r, u"numpy-gemm"_s)));
        // Nor is rewriting the record after the fact: each call's dispatch record is written beside its outputs the
        // moment it completes and its digest goes out on its marker; result.json's copy rewritten (through frames
        // walked from inspect's, which no audit event names) is seen, and the record judged is the one the call left.
        const auto tamperedWith = [&](const QString& impl, const QString& says) {
            return std::any_of(r->findings.begin(), r->findings.end(), [&](const Finding& f) {
                return f.impl == impl && f.id == u"sandbox.harness-tampered" && f.severity == Severity::Error
                    && f.message.contains(says);
            });
        };
        QVERIFY2(tamperedWith(QStringLiteral("record-rewrite-gemm"), QStringLiteral("is not the one each left")),
            qPrintable(describe(*r, u"record-rewrite-gemm"_s)));
        QVERIFY2(idsFor(*r, QStringLiteral("record-rewrite-gemm"), Severity::Error)
                     .contains(QStringLiteral("scope.framework-compute")),
            qPrintable(describe(*r, u"record-rewrite-gemm"_s)));
        // Nor is reaching the records among every object of the process, under a name no text search finds: the
        // runner's audit hook names the call and where the implementation's code made it.
        QVERIFY2(tamperedWith(QStringLiteral("gc-reach-gemm"), QStringLiteral("gc.get_objects@gc_reach_gemm.py:")),
            qPrintable(describe(*r, u"gc-reach-gemm"_s)));
        // Honest candidates reach into nothing (torch, triton and numpy use some of these calls for their own ends).
        QVERIFY2(!tamperedWith(QStringLiteral("fused"), QString()), qPrintable(describe(*r, u"fused"_s)));
        QVERIFY2(!tamperedWith(QStringLiteral("token"), QString()), qPrintable(describe(*r, u"token"_s)));
        // A candidate that runs its kernel for a run's few calls passes the run clean (benchJudgesItsTimedCalls).
        QVERIFY2(idsFor(*r, QStringLiteral("cadence-gemm"), Severity::Error).isEmpty(),
            qPrintable(describe(*r, u"cadence-gemm"_s)));
    }

    // Every timed call is a checked call, for whose work it was too: a candidate that runs its kernel for the few
    // dozen calls a correctness run makes and the framework's product beside a token kernel after that (right
    // answers, the framework's speed) is caught on the benchmark's own calls; its verdict is INVALID for it.
    void benchJudgesItsTimedCalls()
    {
        KWB_NEED_PYTHON_MODULE("torch");
        KWB_NEED_PYTHON_MODULE("triton");
        BenchRequest req;
        req.taskDir = KWB_FIXTURES_DIR + QStringLiteral("/linear-relu-triton");
        req.implIds = QStringList { QStringLiteral("cadence-gemm"), QStringLiteral("fused"),
            QStringLiteral("record-rewrite-gemm"), QStringLiteral("hidden-product-gemm") };
        req.seed = 20261206;
        req.sandbox = sandboxAvailable().available;
        // An interpreted candidate is timed in one round, whose calls the sizing round's pace decides: one round of the
        // whole budget gives the runner process enough calls for the candidate to switch (after its 16th) on most of
        // them even on a loaded machine. The rule reads the median call of each round (and of all rounds pooled), so
        // the switch must come before the round's middle. No cache flush: flushing twice the last-level cache before
        // each call (520 MiB here) took most of the budget on a loaded CI machine, which then made 26 to 34 timed
        // calls, too few for the switch to reach the median; without it, 116 under three busy loops (58 with it).
        req.rounds = 1;
        req.maxRounds = 1;
        req.budgetS = 6;
        req.flushBytes = 0;
        auto r = runBench(req);
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().oneLine()));
        const auto scopeError = [&](const QString& impl) {
            return std::any_of(r->findings.begin(), r->findings.end(), [&](const Finding& f) {
                return f.impl == impl && f.id == u"scope.framework-compute" && f.severity == Severity::Error
                    && f.message.startsWith(QStringLiteral("in the benchmark's timed calls"));
            });
        };
        const auto benchDescribe = [&](const QString& impl) {
            QStringList out;
            for (const Finding& f : r->findings) {
                if (f.impl == impl)
                    out << QStringLiteral("%1 %2: %3").arg(severityName(f.severity), f.id, f.message.left(300));
            }
            for (const BenchCase& c : r->cases) {
                for (const ImplCaseResult& x : c.candidates) {
                    if (x.id == impl)
                        out << QStringLiteral("case %1: %2 calls compared").arg(c.name).arg(x.compared);
                }
            }
            return out.join(u'\n');
        };
        QVERIFY2(scopeError(QStringLiteral("cadence-gemm")), qPrintable(benchDescribe(QStringLiteral("cadence-gemm"))));
        QVERIFY(!scopeError(QStringLiteral("fused")));
        // A record rewritten after its call completed: the one the call left is judged, and the rewrite is tampering.
        QVERIFY2(scopeError(QStringLiteral("record-rewrite-gemm")),
            qPrintable(benchDescribe(QStringLiteral("record-rewrite-gemm"))));
        QVERIFY2(std::any_of(r->findings.begin(), r->findings.end(),
                     [](const Finding& f) {
                         return f.impl == u"record-rewrite-gemm" && f.id == u"bench.timer-tampered"
                             && f.message.contains(QStringLiteral("dispatch record"));
                     }),
            qPrintable(benchDescribe(QStringLiteral("record-rewrite-gemm"))));
        // The product made with the record switched off, in every timed call: INVALID.
        QVERIFY2(std::any_of(r->findings.begin(), r->findings.end(),
                     [](const Finding& f) {
                         return f.impl == u"hidden-product-gemm" && f.id == u"scope.offload"
                             && f.severity == Severity::Error
                             && f.message.startsWith(QStringLiteral("in the benchmark's timed calls"));
                     }),
            qPrintable(benchDescribe(QStringLiteral("hidden-product-gemm"))));
        for (const BenchCase& c : r->cases) {
            for (const ImplCaseResult& x : c.candidates) {
                if (x.id == u"hidden-product-gemm")
                    QVERIFY2(x.verdict == Verdict::Invalid && x.invalidReason.contains(u"scope.offload"),
                        qPrintable(x.invalidReason));
                if (x.id == u"cadence-gemm")
                    QVERIFY2(x.verdict == Verdict::Invalid && x.invalidReason.contains(u"scope.framework-compute"),
                        qPrintable(x.invalidReason));
            }
        }
    }

    // A decorator of a DSL the scan does not know, imported under an alias, neither stops the scan nor hides what
    // else the source does: the kernel is "not recognised" and a timer patch beside it is still reported.
    void unknownDslDecoratorKeepsTheScanGoing()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const QString& f : QDir(kTask).entryList(QDir::Files))
            QVERIFY(QFile::copy(QDir(kTask).filePath(f), dir.filePath(f)));
        QFile cand(dir.filePath(QStringLiteral("torch_only.py")));
        QVERIFY(cand.open(QIODevice::WriteOnly | QIODevice::Truncate));
        cand.write("import time\nimport mydsl as md\nimport torch.nn.functional as F\n\n"
                   "time.perf_counter = lambda: 0.0\n\n\n@md.kernel\ndef relu_kernel(x):\n    pass\n\n\n"
                   "def relu(x):\n    return F.relu(x)\n");
        cand.close();
        auto loaded = loadTask(dir.path());
        QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().oneLine()));
        const Implementation* impl = loaded->task.implementation(QStringLiteral("torch-only"));
        QVERIFY(impl);
        const KernelScan scan = scanCandidateKernels(loaded->task, *impl, request());
        QVERIFY2(scan.scanned, qPrintable(scan.error));
        const Findings f = kernelScopeFindings(loaded->task, *impl, scan, nullptr, nullptr);
        QStringList ids;
        for (const Finding& x : f)
            ids << x.id;
        QVERIFY2(ids.contains(QStringLiteral("scope.kernel-unrecognised")), qPrintable(ids.join(u' ')));
        QVERIFY2(ids.contains(QStringLiteral("scope.timer-patched")), qPrintable(ids.join(u' ')));
    }

    // The static half alone (no framework needed): numpy's matmul on the tensors' memory, read from the source.
    void offloadReadFromTheSource()
    {
        auto loaded = loadTask(KWB_FIXTURES_DIR + QStringLiteral("/linear-relu-triton"));
        QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().oneLine()));
        for (const QString& id : { QStringLiteral("numpy-gemm"), QStringLiteral("fused") }) {
            const Implementation* cand = loaded->task.implementation(id);
            QVERIFY(cand);
            const KernelScan scan = scanCandidateKernels(loaded->task, *cand, request());
            QVERIFY2(scan.scanned, qPrintable(scan.error));
            const Findings f = kernelScopeFindings(loaded->task, *cand, scan, nullptr, nullptr);
            const auto offload
                = std::find_if(f.begin(), f.end(), [](const Finding& x) { return x.id == u"scope.offload"; });
            QCOMPARE(offload != f.end(), id == u"numpy-gemm");
            if (offload != f.end()) {
                QCOMPARE(offload->severity, Severity::Warning);
                QVERIFY2(offload->message.contains(QStringLiteral("numpy.matmul (line 19)")) && offload->line == 19,
                    qPrintable(offload->message));
            }
        }
    }

    // A candidate whose own code raises "No module named 'torch'" while torch is installed is not believed.
    void claimedMissingFrameworkIsTheCandidatesFailure()
    {
        KWB_NEED_PYTHON_MODULE("torch");
        KWB_NEED_PYTHON_MODULE("triton");
        QVERIFY(fullRun());
        const RunResult* r = fullRun();
        const auto it
            = std::find_if(r->impls.begin(), r->impls.end(), [](const ImplRun& x) { return x.id == u"fake-missing"; });
        QVERIFY(it != r->impls.end());
        const ImplRun& run = *it;
        QCOMPARE(run.status, ImplStatus::Failed);
        QVERIFY(!run.notRunHere());
        QVERIFY2(!idsFor(*r, run.id).join(u' ').contains(QStringLiteral("env.")), qPrintable(describe(*r, run.id)));
    }

    // An honest kernel that asserts CUDA tensors (written for a GPU harness): without a GPU the harness hands it CPU
    // tensors, so its assert fails there — the machine's fault (env.no-device, not run), never the candidate's.
    void deviceAssertionWithoutGpuIsNotRun()
    {
        KWB_NEED_PYTHON_MODULE("torch");
        KWB_NEED_PYTHON_MODULE("triton");
        QVERIFY(fullRun());
        const RunResult& r = *fullRun();
        const auto run
            = std::find_if(r.impls.begin(), r.impls.end(), [](const ImplRun& x) { return x.id == u"device-assert"; });
        QVERIFY(run != r.impls.end());
        QVERIFY2(idsFor(r, run->id, Severity::Error).isEmpty(), qPrintable(describe(r, run->id)));
        if (acceleratorPresent())
            QVERIFY2(idsFor(r, run->id).contains(QStringLiteral("correct.pass")), qPrintable(describe(r, run->id)));
        else
            QVERIFY2(run->notRunHere() && idsFor(r, run->id).contains(QStringLiteral("env.no-device")),
                qPrintable(describe(r, run->id)));
    }

    // A runner python without torch: the environment's fault, so the implementations are "not run" with a warning.
    void missingFrameworkIsNotRun()
    {
        const QString bare = QStringLiteral("/usr/bin/python3");
        if (!QFileInfo::exists(bare))
            QSKIP("no /usr/bin/python3 to stand for a python without torch");
        const QByteArray saved = qgetenv("KWB_PYTHON");
        qputenv("KWB_PYTHON", bare.toUtf8());
        const bool bareHasTorch = runnerPythonHas(QStringLiteral("torch"));
        std::optional<RunResult> result;
        if (!bareHasTorch) {
            auto r = runCorrectness(request({ QStringLiteral("honest") }));
            if (r)
                result = *r;
        }
        if (saved.isEmpty())
            qunsetenv("KWB_PYTHON");
        else
            qputenv("KWB_PYTHON", saved);
        if (bareHasTorch)
            QSKIP("/usr/bin/python3 has torch: no python without it to test with");
        QVERIFY(result);
        for (const ImplRun& run : result->impls) {
            QVERIFY2(run.notRunHere(), qPrintable(describe(*result, run.id)));
            QVERIFY(idsFor(*result, run.id, Severity::Warning).contains(QStringLiteral("env.missing-framework")));
        }
        QVERIFY2(!hasErrors(result->findings), qPrintable(describe(*result, QStringLiteral("honest"))));
    }
};

QTEST_GUILESS_MAIN(TestKernelScope)
#include "tst_kernelscope.moc"
