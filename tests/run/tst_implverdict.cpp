// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The verdicts of a run, decided once in core (implVerdict), on hand-made run results: what `kwb run` prints, its
// JSON, `kwb check` and the GUI all read; the task's selection rule (selectCases, selectCandidates); where an
// implementation runs (placementOf, runsAs).
#include "core/env/toolprobe.h"
#include "core/run/implrun.h"
#include "core/run/implverdict.h"
#include "core/task/placement.h"
#include "core/task/selection.h"

#include <QTest>

using namespace kwb;

namespace {
Implementation impl(const QString& id, const QString& backend, const QString& framework = {})
{
    Implementation i;
    i.id = id;
    i.backend = backend;
    i.framework = framework;
    return i;
}

ImplRun ran(const QString& id, ImplRole role, ImplStatus status = ImplStatus::Ok)
{
    ImplRun r;
    r.id = id;
    r.role = role;
    r.status = status;
    return r;
}

TrialVerdict trial(int n, bool pass)
{
    OutputVerdict o;
    o.output = QStringLiteral("y");
    o.pass = pass;
    return TrialVerdict { n, quint64(n), { o } };
}

Finding finding(const QString& id, Severity severity = Severity::Error)
{
    Finding f;
    f.id = id;
    f.severity = severity;
    return f;
}

RunResult twoCases()
{
    RunResult r;
    Case declared;
    declared.name = QStringLiteral("small");
    Case heldOut;
    heldOut.name = QStringLiteral("small-h1");
    heldOut.origin = CaseOrigin::HeldOut;
    Case stress;
    stress.name = QStringLiteral("small-s1");
    stress.origin = CaseOrigin::Stress;
    r.task.id = QStringLiteral("t");
    r.task.cases = { declared, heldOut, stress };
    r.generatedStatus.insert(heldOut.name, QString()); // counts
    r.generatedStatus.insert(stress.name, QStringLiteral("the reference rejected the pattern"));
    return r;
}
} // namespace

class TstImplVerdict : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void passedAndFailedTrials()
    {
        RunResult r = twoCases();
        r.judgements.insert(QStringLiteral("good"),
            CandidateJudgement { { CaseVerdict { QStringLiteral("small"), { trial(0, true), trial(1, true) } },
                                     CaseVerdict { QStringLiteral("small-h1"), { trial(0, true) } } },
                {} });
        r.judgements.insert(QStringLiteral("bad"),
            CandidateJudgement {
                { CaseVerdict { QStringLiteral("small"), { trial(0, true), trial(1, false) } } }, {} });
        r.impls = { ran(QStringLiteral("good"), ImplRole::Candidate), ran(QStringLiteral("bad"), ImplRole::Candidate),
            ran(QStringLiteral("reference"), ImplRole::Reference) };
        const ImplVerdict good = implVerdict(r, r.impls[0]);
        QCOMPARE(good.state, VerdictState::Passed);
        QCOMPARE(good.trials, 3);
        QCOMPARE(good.text, QStringLiteral("passed 3 trial(s)"));
        const ImplVerdict bad = implVerdict(r, r.impls[1]);
        QCOMPARE(bad.state, VerdictState::Failed);
        QCOMPARE(bad.failingTrials, 1);
        QCOMPARE(bad.text, QStringLiteral("failed 1 of 2 trial(s)"));
        QCOMPARE(implVerdict(r, r.impls[2]).state, VerdictState::Passed);
        QCOMPARE(failedCandidates(r).keys(), QStringList { QStringLiteral("bad") });
        QCOMPARE(verdictStateName(bad.state), QStringLiteral("failed"));
    }

    void uncountedGeneratedCaseJudgesNobody()
    {
        // A stress case the reference could not handle: a candidate's failure there is no failure.
        RunResult r = twoCases();
        r.judgements.insert(QStringLiteral("c"),
            CandidateJudgement { { CaseVerdict { QStringLiteral("small"), { trial(0, true) } },
                                     CaseVerdict { QStringLiteral("small-s1"), { trial(0, false) } } },
                {} });
        r.impls = { ran(QStringLiteral("c"), ImplRole::Candidate) };
        const ImplVerdict v = implVerdict(r, r.impls[0]);
        QCOMPARE(v.state, VerdictState::Passed);
        QCOMPARE(v.trials, 1);
        QCOMPARE(generatedCaseNotCounted(r, QStringLiteral("small-s1")),
            QStringLiteral("the reference rejected the pattern"));
        QVERIFY(generatedCaseNotCounted(r, QStringLiteral("small-h1")).isEmpty());
        QVERIFY(generatedCaseNotCounted(r, QStringLiteral("small")).isEmpty()); // declared: always counts
        r.generatedStatus.remove(QStringLiteral("small-h1")); // no word on it: the reference did not run
        QCOMPARE(generatedCaseNotCounted(r, QStringLiteral("small-h1")), QStringLiteral("the reference did not run"));
    }

    void codeErrorFailsEnvironmentDoesNot()
    {
        RunResult r = twoCases();
        r.judgements.insert(QStringLiteral("c"),
            CandidateJudgement { { CaseVerdict { QStringLiteral("small"), { trial(0, true) } } },
                { finding(QStringLiteral("scope.no-kernel")) } });
        r.impls = { ran(QStringLiteral("c"), ImplRole::Candidate) };
        QCOMPARE(implVerdict(r, r.impls[0]).text, QStringLiteral("failed: scope.no-kernel"));

        // An environment class read in a candidate's own output is its words: alone it fails the candidate (printing
        // "no CUDA-capable device is detected" and exiting is no way out of a verdict) ...
        r.task.reference = impl(QStringLiteral("reference"), QStringLiteral("python"), QStringLiteral("triton"));
        r.task.candidates = { impl(QStringLiteral("gpu"), QStringLiteral("python"), QStringLiteral("triton")) };
        ImplRun env = ran(QStringLiteral("gpu"), ImplRole::Candidate, ImplStatus::Failed);
        env.findings << finding(QStringLiteral("runtime.no_device"));
        const ImplVerdict claimed = implVerdict(r, env);
        QCOMPARE(claimed.state, VerdictState::Failed);
        QVERIFY2(claimed.text.contains(QStringLiteral("runtime.no_device, which nothing on this machine confirms")),
            qPrintable(claimed.text));
        // ... and it is not run only where trusted code of the same backend and framework met the same here.
        ImplRun reference = ran(QStringLiteral("reference"), ImplRole::Reference, ImplStatus::Failed);
        reference.findings << finding(QStringLiteral("runtime.no_device"));
        r.impls = { reference, env };
        const ImplVerdict notRun = implVerdict(r, env);
        QCOMPARE(notRun.state, VerdictState::NotRun);
        QVERIFY2(notRun.text.startsWith(QStringLiteral("not run (runtime.no_device")), qPrintable(notRun.text));
        r.task.reference.framework = QStringLiteral("numpy"); // another stack's trouble confirms nothing
        QCOMPARE(implVerdict(r, env).state, VerdictState::Failed);
        // The finding itself is then held against the candidate, as the verdict does (findings list, rubric, reports).
        r.impls = { reference, env };
        attributeUnconfirmedMachineFaults(r);
        QCOMPARE(r.impls[1].findings.first().evidence.value(QStringLiteral("origin")).toString(),
            QStringLiteral("implementation"));
        QVERIFY(!r.impls[0].findings.first().evidence.contains(QStringLiteral("origin"))); // trusted code's own words
        r.impls = { ran(QStringLiteral("c"), ImplRole::Candidate) };

        ImplRun crashed = ran(QStringLiteral("x"), ImplRole::Candidate, ImplStatus::Failed);
        crashed.error = QStringLiteral("killed by SIGSEGV\nmore");
        crashed.findings << finding(QStringLiteral("runtime.crash")) << finding(QStringLiteral("runtime.no_device"));
        QCOMPARE(implVerdict(r, crashed).text, QStringLiteral("failed: killed by SIGSEGV"));

        ImplRun stopped = ran(QStringLiteral("s"), ImplRole::Candidate, ImplStatus::Stopped);
        QCOMPARE(implVerdict(r, stopped).text, QStringLiteral("not run (stopped)"));
        ImplRun build = ran(QStringLiteral("b"), ImplRole::Candidate, ImplStatus::BuildFailed);
        QCOMPARE(implVerdict(r, build).state, VerdictState::Failed);
    }

    void notRunHere()
    {
        RunResult r = twoCases();
        ImplRun here = ran(QStringLiteral("c"), ImplRole::Candidate, ImplStatus::NotRun);
        r.impls = { here };
        QVERIFY(!anyNotRunHere(r)); // not attempted is not the environment's word
        r.impls[0].notRunReason = QStringLiteral("no GPU on this machine");
        QVERIFY(anyNotRunHere(r));
        QCOMPARE(implVerdict(r, r.impls[0]).text, QStringLiteral("not run (no GPU on this machine)"));
    }

    void selection()
    {
        Task t;
        t.id = QStringLiteral("t");
        Case a, b;
        a.name = QStringLiteral("a");
        b.name = QStringLiteral("b");
        t.cases = { a, b };
        t.reference = impl(QStringLiteral("reference"), QStringLiteral("cpp"));
        t.candidates
            = { impl(QStringLiteral("x"), QStringLiteral("cpp")), impl(QStringLiteral("y"), QStringLiteral("cpp")) };
        QCOMPARE(selectCases(t, {})->size(), 2);
        const auto inTaskOrder = selectCases(t, { QStringLiteral("b"), QStringLiteral("a") });
        QCOMPARE(inTaskOrder->first().name, QStringLiteral("a"));
        const auto unknown = selectCases(t, { QStringLiteral("huge") });
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().oneLine(), QStringLiteral("task 't' has no case 'huge' (its cases: a, b)"));
        QCOMPARE(selectCandidates(t, { QStringLiteral("y") })->first().id, QStringLiteral("y"));
        const auto ref = selectCandidates(t, { QStringLiteral("reference") });
        QVERIFY(!ref);
        QVERIFY(!ref.error().oneLine().contains(QStringLiteral("--"))); // core messages name no CLI flag
        Case odd;
        odd.name = QStringLiteral("a b");
        t.cases << odd;
        QVERIFY(selectCases(t, { QStringLiteral("a") })); // an unselected odd name is no obstacle
        QVERIFY(!selectCases(t, {}));
    }

    void placement()
    {
        QCOMPARE(placementOf(impl(QStringLiteral("c"), QStringLiteral("cuda"))), Placement::Gpu);
        QCOMPARE(placementOf(impl(QStringLiteral("c"), QStringLiteral("cpp"))), Placement::Host);
        QCOMPARE(
            placementOf(impl(QStringLiteral("c"), QStringLiteral("python"), QStringLiteral("numpy"))), Placement::Host);
        QCOMPARE(
            placementOf(impl(QStringLiteral("c"), QStringLiteral("python"), QStringLiteral("nki"))), Placement::Neuron);
        const Implementation triton = impl(QStringLiteral("c"), QStringLiteral("python"), QStringLiteral("triton"));
        QCOMPARE(placementOf(triton), Placement::GpuOrHost);
        QVERIFY(mayUseGpu(triton));
        QVERIFY(!mayUseGpu(impl(QStringLiteral("c"), QStringLiteral("python"), QStringLiteral("nki"))));
        QVERIFY(mayUseAccelerator(impl(QStringLiteral("c"), QStringLiteral("python"), QStringLiteral("nki"))));
        QCOMPARE(runsAs(triton, false), RunsAs::Interpreted);
        QCOMPARE(runsAs(triton, true), RunsAs::Device);
        QCOMPARE(runsAs(triton, true, true), RunsAs::Interpreted);
        const Implementation torch = impl(QStringLiteral("c"), QStringLiteral("python"), QStringLiteral("torch"));
        QCOMPARE(runsAs(torch, false), RunsAs::HostCode);
        QCOMPARE(runsAs(impl(QStringLiteral("c"), QStringLiteral("python"), QStringLiteral("jax")), false),
            RunsAs::Interpreted);
        QCOMPARE(runsAs(impl(QStringLiteral("c"), QStringLiteral("cuda")), false), RunsAs::Device);
        QCOMPARE(runsAs(impl(QStringLiteral("c"), QStringLiteral("python"), QStringLiteral("numpy")), true),
            RunsAs::HostCode);
    }

    void deviceMissingOnlyForCudaCodeRunHere()
    {
        // Nothing but CUDA code needs a device: a python candidate that prints "no CUDA-capable device" is not
        // turned into "not run" by its own words (the runner's environment report, checked by a probe, is the way).
        const QString id = QStringLiteral("runtime.no_device");
        QVERIFY(!deviceMissingHere(
            impl(QStringLiteral("c"), QStringLiteral("python"), QStringLiteral("torch")), id, false));
        QVERIFY(!deviceMissingHere(impl(QStringLiteral("c"), QStringLiteral("cpp")), id, false));
        QVERIFY(!deviceMissingHere(impl(QStringLiteral("c"), QStringLiteral("cuda")), id, true)); // a remote host
        QVERIFY(!deviceMissingHere(
            impl(QStringLiteral("c"), QStringLiteral("cuda")), QStringLiteral("runtime.crash"), false));
    }

    // A driver too old for the toolkit is the machine's only on the machine's own word: nvidia-smi's supported CUDA
    // below nvcc's release, for CUDA code run here.
    void driverTooOldOnTheMachinesOwnWord()
    {
        const QString smi
            = QStringLiteral("+-----------------------------------------------------------------------------+\n"
                             "| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2     |\n");
        const QString nvcc = QStringLiteral("nvcc: NVIDIA (R) Cuda compiler driver\n"
                                            "Cuda compilation tools, release 12.4, V12.4.131\n");
        QCOMPARE(driverCudaVersion(smi), QVersionNumber(12, 2));
        QCOMPARE(nvccRelease(nvcc), QVersionNumber(12, 4));
        QVERIFY(driverCudaVersion(QStringLiteral("NVIDIA-SMI has failed")).isNull());
        QVERIFY(nvccRelease(QString()).isNull());
        const QString id = QStringLiteral("runtime.driver_runtime_mismatch");
        QVERIFY(
            !driverTooOldHere(impl(QStringLiteral("c"), QStringLiteral("python"), QStringLiteral("torch")), id, false));
        QVERIFY(!driverTooOldHere(impl(QStringLiteral("c"), QStringLiteral("cuda")), id, true)); // a remote host
        QVERIFY(!driverTooOldHere(
            impl(QStringLiteral("c"), QStringLiteral("cuda")), QStringLiteral("runtime.crash"), false));
        // Here, only when this machine's tools say so.
        QCOMPARE(driverTooOldHere(impl(QStringLiteral("c"), QStringLiteral("cuda")), id, false),
            cudaToolkitNewerThanDriverHere());
    }

    // What nvcc itself says it builds for, read from its own --list-gpu-arch (CUDA 13.0 and 11.8 output, verbatim).
    void toolkitArchsByTheMachinesOwnList()
    {
        const QStringList cuda13 = nvccGpuArchs(QStringLiteral(
            "compute_75\ncompute_80\ncompute_86\ncompute_87\ncompute_88\ncompute_89\ncompute_90\ncompute_100\n"
            "compute_110\ncompute_103\ncompute_120\ncompute_121\n"));
        QCOMPARE(cuda13.size(), 12);
        QCOMPARE(cuda13.first(), QStringLiteral("sm_75"));
        const QStringList cuda118 = nvccGpuArchs(QStringLiteral("compute_35\ncompute_37\ncompute_50\ncompute_52\n"
                                                                "compute_53\ncompute_60\ncompute_61\ncompute_62\n"
                                                                "compute_70\ncompute_72\ncompute_75\ncompute_80\n"
                                                                "compute_86\ncompute_87\ncompute_89\ncompute_90\n"));
        QVERIFY(nvccGpuArchs(QStringLiteral("nvcc fatal   : Unknown option '--list-gpu-arch'")).isEmpty());
        const QStringList target { QStringLiteral("sm_70"), QStringLiteral("sm_90a"), QStringLiteral("sm_100f") };
        const QString here = QStringLiteral("this machine");
        const QString nvcc = QStringLiteral("/usr/local/cuda/bin/nvcc");
        const CudaTargetArchs on13 = cudaTargetArchs(target, cuda13, here, nvcc);
        QCOMPARE(on13.notBuilt, QStringList { QStringLiteral("sm_70") }); // dropped in CUDA 13
        QCOMPARE(on13.build, (QStringList { QStringLiteral("sm_90a"), QStringLiteral("sm_100f") }));
        QVERIFY2(on13.why.contains(u"sm_70") && on13.why.contains(u"sm_75 … sm_121"), qPrintable(on13.why));
        QCOMPARE(cudaTargetArchs(target, cuda118, here, nvcc).notBuilt, QStringList { QStringLiteral("sm_100f") });
        const CudaTargetArchs unsaid = cudaTargetArchs(target, {}, here, nvcc); // an nvcc that cannot say: no witness
        QVERIFY(unsaid.notBuilt.isEmpty() && unsaid.why.isEmpty());
        QCOMPARE(unsaid.build, target);
        QVERIFY(cudaTargetArchs({ QStringLiteral("x86-64-v3") }, cuda13, here, nvcc).notBuilt.isEmpty()); // not sm_
    }
};

QTEST_GUILESS_MAIN(TstImplVerdict)
#include "tst_implverdict.moc"
