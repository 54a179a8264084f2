// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "findingcatalogue.h"

#include "core/diagnose/failureclass.h"

namespace kwb {

namespace {
constexpr auto Impl = FindingOrigin::Implementation;
constexpr auto Task = FindingOrigin::Task;
constexpr auto Review = FindingOrigin::Review;
constexpr auto Env = FindingOrigin::Environment;
constexpr auto Host = FindingOrigin::Host;

struct Row {
    const char* id;
    const char* severities; ///< letters, most severe first: "E", "W", "I", "EW", "IW"
    FindingOrigin origin;
    const char* title;
};

/// Stands for `runtime.<class>`: one row per failure class, with the class's title.
constexpr const char* kRuntimeClasses = "runtime.<class>";

// The order of docs/findings.md: grouped by area.
const Row kRows[] = {
    { "scope.invalid-manifest", "E", Task, "task.json does not parse or violates the format" },
    { "scope.missing-field", "W", Task, "the spec, target, a tolerance, the cases or the benchmark are missing" },
    { "scope.missing-file", "E", Task, "a file the manifest names does not exist" },
    { "scope.unknown-field", "W", Task, "task.json holds a key the format does not define" },
    { "scope.unknown-hardware", "I", Task, "the target hardware is not in the hardware table" },
    { "scope.no-edge-cases", "W", Task, "no case has a tail: every size is a multiple of 32 or a power of two" },
    { "scope.oversized-case", "W", Task, "a case's tensors exceed the target device's memory" },
    { "scope.undersized-case", "W", Task, "a case moves so few bytes that launch overhead dominates" },
    { "scope.tolerance-too-loose", "W", Task, "the tolerance passes a non-solution such as zeros" },
    { "scope.tolerance-too-tight", "W", Task, "the reference itself misses the tolerance against the oracle" },
    { "scope.tolerance-admits-lower-precision", "W", Task,
        "the tolerance passes a lower precision, and the task does not say which it allows" },
    { "scope.weak-checker", "E", Task, "a non-solution (zeros, a copy of an input, a constant) passes the check" },
    { "scope.degenerate-output", "W", Task, "the reference's outputs are near-constant or ignore the inputs" },
    { "scope.spec-gap", "W", Task, "the spec does not mention a dtype or dim the manifest uses" },
    { "scope.unbounded-dims", "I", Task, "the spec promises a range of sizes the dims do not bound" },
    { "scope.fixed-sizes", "I", Task, "the task's own generator takes no size: no held-out size is tried" },
    { "scope.flags-undeclared", "W", Task, "the spec names a compiler option no build carries" },
    { "scope.no-kernel", "E", Impl, "the task asks for a kernel, and the candidate defines or launches none" },
    { "scope.reference-fallback", "E", Impl, "the code falls back from its kernel to framework ops" },
    { "scope.forbidden-op", "E", Impl, "the candidate dispatched an op the task forbids" },
    { "scope.framework-compute", "EW", Impl, "the framework's ops did work the kernels should do" },
    { "scope.offload", "EW", Impl, "the work ran outside the kernels and the framework (numpy, a foreign library)" },
    { "scope.kernel-unrecognised", "W", Impl, "a kernel language the scan does not model: a reviewer reads it" },
    { "scope.writes-inputs", "E", Impl, "an extension's host function writes its inputs in place" },
    { "scope.uninitialised-output", "E", Impl, "an extension returns memory that no kernel wrote" },
    { "scope.unsynchronised-stream", "W", Impl, "an extension's own stream is never joined to the caller's" },
    { "scope.timer-patched", "E", Impl, "the source replaces a timer or synchronisation function" },
    { "scope.harness-patched", "E", Impl, "the source writes into the harness's state instead of computing" },
    { "scope.scan-failed", "W", Impl, "the static scan of the python source did not run" },
    { "scope.unrecorded", "W", Impl,
        "the runner could not record what the calls dispatched: the source alone decides" },
    { "scope.harness-name", "E", Impl, "an implementation's file is named like a runner harness file" },

    { "compile.error", "E", Impl, "the compiler reports an error" },
    { "compile.warning", "W", Impl, "the compiler reports a warning" },
    { "compile.spills", "W", Impl, "a kernel spills registers on an arch" },
    { "compile.arch-mismatch", "E", Impl, "the build lacks code for the target arch, or uses a feature it lacks" },
    { "launch.invalid-config", "E", Impl, "a launch or a kernel's resources break an arch limit" },
    { "launch.low-occupancy", "I", Impl, "theoretical occupancy below 25 %" },

    { kRuntimeClasses, "E", Impl, nullptr },
    { "runtime.memcheck", "E", Impl, "compute-sanitizer memcheck: an invalid memory access or device fault" },
    { "runtime.race", "EW", Impl, "compute-sanitizer racecheck: a shared-memory data race" },
    { "runtime.initcheck", "E", Impl, "compute-sanitizer initcheck: a read of uninitialised global memory" },
    { "runtime.synccheck", "E", Impl, "compute-sanitizer synccheck: an invalid use of a barrier" },

    { "sandbox.timeout", "E", Impl, "killed at the wall-clock limit" },
    { "sandbox.memory-limit", "EW", Impl, "killed, or allocations failed, at the memory limit" },
    { "sandbox.process-limit", "E", Impl, "hit the process-count limit" },
    { "sandbox.file-size-limit", "E", Impl, "a file it wrote reached the file-size limit" },
    { "sandbox.output-limit", "W", Impl, "log output truncated at the limit" },
    { "sandbox.write-denied", "E", Impl, "tried to write outside its work folder" },
    { "sandbox.network-denied", "E", Impl, "tried to open a network connection" },
    { "sandbox.harness-tampered", "E", Impl,
        "removed the runner's recording hooks, rewrote a call's record, or reached into the runner's state" },
    { "sandbox.connection-lost", "E", Env, "the SSH connection to the execution host failed or was lost" },
    { "sandbox.not-isolated", "W", Env, "the execution host has no working bubblewrap: rlimits only" },

    { "env.missing-framework", "W", Env, "the runner python lacks the implementation's framework" },
    { "env.no-device", "W", Env, "no accelerator on this machine for a CUDA implementation" },
    { "env.driver-mismatch", "W", Env,
        "this machine's NVIDIA driver supports an older CUDA than its toolkit: a CUDA implementation is not run" },
    { "env.toolkit-arch", "W", Env, "this machine's nvcc cannot build for a target arch of the task" },
    { "env.missing-tool", "W", Env, "no compiler or python to build the runner with" },
    { "env.limits", "W", Env,
        "the reference, or the runner's own setup, failed at a sandbox limit: the task does not fit this host's "
        "limits" },

    { "correct.mismatch", "E", Impl, "elements outside the tolerance" },
    { "correct.nan-mismatch", "E", Impl, "NaN or ±Inf where the reference is finite, or the reverse" },
    { "correct.shape-mismatch", "E", Impl, "an output's shape differs from the manifest" },
    { "correct.dtype-mismatch", "E", Impl, "an output's dtype differs from the manifest" },
    { "correct.unwritten-output", "E", Impl, "the poison pattern survives in an output" },
    { "correct.nondeterministic", "W", Impl, "two calls on the same inputs differ bitwise" },
    { "correct.stale-output", "E", Impl, "an output equals an earlier trial's answer, not this trial's" },
    { "correct.input-independent", "E", Impl, "the output does not change when the inputs do" },
    { "correct.inputs-modified", "E", Impl, "the candidate wrote to its inputs" },
    { "correct.pass", "I", Impl, "every case and trial within tolerance" },
    { "correct.oracle-comparison", "I", Impl, "candidate and reference compared with the higher-precision oracle" },
    { "correct.error-above-reference", "W", Impl, "its error against the oracle is many times the reference's" },
    { "correct.heldout-mismatch", "E", Impl, "fails a generated held-out size that the reference handles" },
    { "correct.distribution-sensitive", "E", Impl, "fails a stress input pattern that the reference handles" },
    { "correct.error-budget", "W", Impl, "its worst error is far above what its arithmetic explains" },
    { "correct.precision-lowered", "EW", Impl, "its error is what a precision below the allowed ones gives" },
    { "correct.late-write", "E", Impl, "an output changed after the call returned" },
    { "correct.leftover-threads", "W", Impl, "threads still ran after the call returned" },
    { "correct.lazy-result", "E", Impl, "the entry returned something that is not a computed array or tensor" },

    { "bench.below-floor", "E", Impl, "faster than the roofline floor" },
    { "bench.noisy", "W", Host, "the timing is noisy: CV above 5 % after the stopping rule" },
    { "bench.too-short", "W", Task, "the median is so short that launch and timer overhead dominate" },
    { "bench.warmup-transient", "I", Host, "the first call was much slower than the median" },
    { "bench.not-significant", "I", Impl, "the speedup's confidence interval contains 1.0" },
    { "bench.precision-mismatch", "W", Impl, "the candidate computes at another precision than its baseline" },
    { "bench.weak-baseline", "W", Task, "the baseline is a naive loop where a vendor library exists" },
    { "bench.throttled", "W", Host, "clocks were throttled during the samples" },
    { "bench.wrong-result", "E", Impl, "benchmark calls gave outputs outside the tolerance" },
    { "bench.timer-tampered", "E", Impl, "the runner's timing disagrees with the workbench's own witnesses" },
    { "bench.untimed-work", "E", Impl, "work runs where it is not timed" },
    { "bench.skipped-work", "E", Impl, "benchmark calls left the poisoned outputs untouched" },
    { "bench.flags-mismatch", "W", Impl, "built with other optimisation or math options than its baseline" },

    { "import.not-static", "IW", Task, "a constant, shape or dtype of the import could not be evaluated" },
    { "import.missing-definition", "EW", Task, "the imported file lacks what its format requires" },
    { "import.unsupported-lang", "W", Task, "a CUDA submission is kept for review; only the python reference runs" },
    { "import.no-license", "W", Task, "no licence file beside or above the imported task" },
    { "import.case-arguments", "W", Task, "generate_input and the cases disagree on its arguments" },
    { "import.random-in-forward", "W", Task, "the reference draws random numbers outside the case's generator" },
    { "gpumode.check-failed", "EW", Impl, "the task's own check rejects an output, or did not run" },
    { "gpumode.checker-disagrees", "W", Task, "the task's own check and the comparison engine disagree" },

    { "review.incomplete", "E", Review, "a required criterion has no score, or a low score no comment" },
    { "review.no-evidence", "IW", Review, "a score cites no evidence that counts" },
    { "review.contradicts-evidence", "E", Review, "a score contradicts the evidence a finding gives" },
    { "review.stale-task", "W", Review, "the task's files changed after the review" },
    { "review.text-score-conflict", "W", Review, "the comment describes a defect the score ignores" },
    { "audit.low-agreement", "W", Review, "a criterion's agreement (Krippendorff α) is below 0.667" },
    { "audit.score-disagreement", "W", Review, "two reviewers' scores of a criterion differ by two levels or more" },
    { "audit.log-tampered", "E", Review, "the audit log's hash chain is broken" },
};

Severity severityOfLetter(char letter)
{
    return letter == 'W' ? Severity::Warning : letter == 'I' ? Severity::Info : Severity::Error;
}

FindingKind kindOf(const Row& row)
{
    FindingKind k { QString::fromUtf8(row.id), {}, row.origin, QString::fromUtf8(row.title) };
    for (const char* s = row.severities; *s; ++s)
        k.severities << severityOfLetter(*s);
    return k;
}

// A missing device or a driver that does not fit is this machine's; every other class is the code's (an unknown
// failure is only a warning: nothing says what failed).
FindingKind kindOf(FailureClass c)
{
    const bool machine = c == FailureClass::NoDevice || c == FailureClass::DriverRuntimeMismatch;
    QString title = failureTitle(c);
    title[0] = title[0].toLower();
    return FindingKind { failureFindingId(c), { failureSeverity(c) }, machine ? Env : Impl, title };
}
} // namespace

QStringView FindingKind::area() const
{
    return QStringView(id).left(id.indexOf(u'.'));
}

QString FindingKind::severityLetters() const
{
    QStringList letters;
    for (Severity s : severities)
        letters << severityName(s).left(1).toUpper();
    return letters.join(QStringLiteral(" / "));
}

const QList<FindingKind>& findingKinds()
{
    static const QList<FindingKind> kinds = [] {
        QList<FindingKind> out;
        for (const Row& row : kRows) {
            if (qstrcmp(row.id, kRuntimeClasses) != 0) {
                out << kindOf(row);
                continue;
            }
            for (FailureClass c : failureClassesByPrecedence())
                out << kindOf(c);
        }
        return out;
    }();
    return kinds;
}

const FindingKind* findingKind(QStringView id)
{
    for (const FindingKind& k : findingKinds()) {
        if (k.id == id)
            return &k;
    }
    return nullptr;
}

QStringList findingAreas()
{
    QStringList areas;
    for (const FindingKind& k : findingKinds()) {
        if (!areas.contains(k.area()))
            areas << k.area().toString();
    }
    return areas;
}

QString findingKindSummary(QStringView id)
{
    const FindingKind* k = findingKind(id);
    return k ? findingOriginName(k->origin) + QStringLiteral(": ") + k->title : QString();
}

} // namespace kwb
