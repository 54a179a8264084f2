// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/checkstages.h"

#include "core/compile/archlimits.h"
#include "core/compile/compiler.h"
#include "core/profile/profiletools.h"
#include "core/task/placement.h"

#include <QRegularExpression>

namespace kwb::detail {
namespace {
// Why `impl` cannot run at all here, or an empty string.
QString cannotRunHere(const Implementation& impl, bool gpu)
{
    if (placementOf(impl) == Placement::Gpu && !gpu)
        return QStringLiteral("%1 is a cuda implementation and this machine has no NVIDIA GPU").arg(impl.id);
    return {};
}

bool isGpuArch(const QString& a)
{
    return findArchLimits(a) || QRegularExpression(QStringLiteral(R"(^sm_\d+[af]?$)")).match(a).hasMatch();
}

// compileTask for every requested implementation; a task without cuda implementations whose target.arch names a
// CPU (`x86-64-v3`) is compiled without GPU archs instead of being refused for them.
Result<CompileResult> compileHostOnly(const Task& task, const CompileRequest& request, const JobContext& job)
{
    const bool anyCuda = std::any_of(request.implIds.cbegin(), request.implIds.cend(), [&](const QString& id) {
        const Implementation* i = task.implementation(id);
        return i && i->backend == u"cuda";
    });
    const bool archsValid = std::all_of(task.target.arch.cbegin(), task.target.arch.cend(), isGpuArch);
    if (anyCuda || archsValid)
        return compileTask(task, request, job);
    CompileResult r;
    r.taskId = task.id;
    r.taskDir = task.dir;
    r.archs = task.target.arch; // a TPU arch (tpu_v5e) is what a Pallas kernel is lowered for
    for (const QString& id : request.implIds) {
        if (job.cancelled())
            return Error::stopped();
        job.progress(QStringLiteral("compile"), id, static_cast<int>(r.implementations.size()),
            static_cast<int>(request.implIds.size()));
        ImplementationCompile c = compileImplementation(task, *task.implementation(id), r.archs, request, job);
        if (c.backend == u"python")
            r.findings << pythonKernelFindings(c);
        r.findings << compileFindings(c, {});
        r.implementations << c;
    }
    return r;
}
} // namespace

void compileStage(CheckContext& ctx, StageOutcome& out)
{
    if (!ctx.task) {
        out.note = QStringLiteral("the task did not load");
        return;
    }
    const Task& task = *ctx.task;
    CompileRequest request;
    request.implIds << task.reference.id;
    if (task.oracle)
        request.implIds << task.oracle->id;
    for (const Implementation& c : task.candidates) {
        if (ctx.request.implIds.isEmpty() || ctx.request.implIds.contains(c.id))
            request.implIds << c.id;
    }
    for (const QString& id : ctx.request.implIds) {
        if (!task.implementation(id)) {
            out.status = StageStatus::Failed;
            out.note = QStringLiteral("task '%1' has no candidate '%2'").arg(task.id, id);
            ctx.referenceRunnable = false;
            ctx.referenceNote = out.note;
            return;
        }
    }
    ctx.say(CheckStage::Compile, QStringLiteral("compiling %1 implementation(s)").arg(request.implIds.size()));
    request.executor = ctx.request.executor;
    const JobContext job = ctx.job.withProgress(
        [&](const JobProgress& p) { ctx.say(CheckStage::Compile, QStringLiteral("compiling ") + p.text); });
    auto compiled = compileHostOnly(task, request, job);
    if (!compiled) {
        if (compiled.error().isStopped()) {
            out.status = StageStatus::Cancelled;
            out.note = compiled.error().oneLine();
            return;
        }
        out.status = StageStatus::Failed;
        out.note = compiled.error().oneLine();
        ctx.referenceRunnable = false;
        ctx.referenceNote = QStringLiteral("the compile stage could not run: ") + out.note;
        return;
    }
    ctx.result.compile = *compiled;
    const bool gpu = nvidiaGpuPresent();
    int ok = 0;
    int failed = 0;
    int notHere = 0;
    for (const ImplementationCompile& c : compiled->implementations) {
        const Implementation* impl = task.implementation(c.id);
        const bool broken = !c.ok && !c.toolMissing;
        ok += c.ok ? 1 : 0;
        failed += broken ? 1 : 0;
        notHere += c.toolMissing ? 1 : 0;
        // A Triton kernel that does not compile for the target arch, or a Pallas call that does not lower for it,
        // still runs in its interpreter: the run says whether it computes the right thing.
        const bool kernelOnly = c.backend == u"python"
            && std::any_of(
                c.kernels.cbegin(), c.kernels.cend(), [](const KernelResources& k) { return !k.error.isEmpty(); });
        QString why
            = broken && !kernelOnly ? QStringLiteral("%1 did not compile").arg(c.id) : cannotRunHere(*impl, gpu);
        if (c.toolMissing && why.isEmpty())
            why = QStringLiteral("%1 cannot be built here (%2)")
                      .arg(c.id,
                          c.notes.isEmpty() ? QStringLiteral("its compiler or framework is missing") : c.notes.first());
        if (c.id == task.reference.id) {
            if (!why.isEmpty()) {
                ctx.referenceRunnable = false;
                ctx.referenceNote = QStringLiteral("the reference cannot run: ") + why;
            }
        } else if (!task.oracle || c.id != task.oracle->id) {
            if (why.isEmpty())
                ctx.runnable << c.id;
            else
                ctx.excludedNotes << why;
            if (!why.isEmpty() && !(broken && !kernelOnly))
                ctx.result.notCheckedHere << why; // the environment's, not a build failure of the code
        }
    }
    out.status = failed > 0 || hasErrors(compiled->findings) ? StageStatus::Failed : StageStatus::Passed;
    out.summary = QStringLiteral("%1 of %2 compiled").arg(ok).arg(compiled->implementations.size());
    if (failed)
        out.summary += QStringLiteral(", %1 failed").arg(failed);
    if (notHere)
        out.summary += QStringLiteral(", %1 not compiled here (no compiler for it on this machine)").arg(notHere);
    out.summary += QStringLiteral("; ") + findingCounts(compiled->findings);
}

} // namespace kwb::detail
