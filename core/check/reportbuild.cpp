// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/reportmodel.h"

#include "core/check/svgplots.h"
#include "core/run/implverdict.h"

#include <QJsonArray>

namespace kwb {

namespace detail {
ReportBlock paragraph(const QString& text)
{
    ReportBlock b;
    b.text = text;
    return b;
}

ReportBlock table(const QStringList& header, const QList<QStringList>& rows)
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Table;
    b.header = header;
    b.rows = rows;
    return b;
}

ReportBlock bullets(const QStringList& items)
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Bullets;
    b.items = items;
    return b;
}

ReportBlock code(const QString& text)
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Code;
    b.text = text;
    return b;
}

ReportBlock plot(const QString& svg)
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Plot;
    b.text = svg;
    return b;
}
} // namespace detail

namespace {
using namespace detail;

QString countsLine(const Findings& fs)
{
    int e = 0, w = 0, i = 0;
    for (const Finding& f : fs) {
        e += f.severity == Severity::Error;
        w += f.severity == Severity::Warning;
        i += f.severity == Severity::Info;
    }
    return QStringLiteral("%1 error(s), %2 warning(s), %3 info").arg(e).arg(w).arg(i);
}

ReportSection summarySection(const CheckResult& r)
{
    ReportSection s { QStringLiteral("Summary"), {} };
    const QString verdict = checkVerdict(r);
    s.blocks << paragraph(QStringLiteral("Verdict: %1 — %2. Task %3 (%4), digest %5.")
                              .arg(verdict.toUpper(), countsLine(r.findings),
                                  r.lint.loaded ? r.lint.id : QStringLiteral("(did not load)"), r.taskDir,
                                  r.lint.digest.isEmpty() ? QStringLiteral("n/a") : r.lint.digest));
    for (const QString& why : r.notCheckedHere)
        s.blocks << paragraph(QStringLiteral("Not checked here: %1.").arg(why));
    QList<QStringList> rows;
    for (const StageOutcome& st : r.stages) {
        QString text = st.summary;
        if (!st.note.isEmpty())
            text += (text.isEmpty() ? QString() : QStringLiteral(" — ")) + st.note;
        rows << QStringList { checkStageName(st.stage), stageStatusName(st.status).toUpper(), text,
            QString::number(st.seconds, 'f', 1) + QStringLiteral(" s") };
    }
    s.blocks << table(
        { QStringLiteral("stage"), QStringLiteral("status"), QStringLiteral("summary"), QStringLiteral("time") }, rows);
    return s;
}

QList<QStringList> findingRows(const Findings& fs)
{
    QList<QStringList> rows;
    for (const Finding& f : fs) {
        QString where = f.file;
        if (f.line > 0)
            where += u':' + QString::number(f.line);
        if (!f.jsonPath.isEmpty())
            where += (where.isEmpty() ? QString() : QStringLiteral(" ")) + f.jsonPath;
        rows << QStringList { severityName(f.severity), f.id, where, f.message };
    }
    return rows;
}

ReportSection lintSection(const CheckResult& r)
{
    ReportSection s { QStringLiteral("Lint (task scoping)"), {} };
    if (!r.lint.loaded) {
        s.blocks << paragraph(QStringLiteral("The task did not load: %1").arg(r.lint.loadError));
        return s;
    }
    s.blocks << paragraph(
        QStringLiteral("Static scoping checks of the manifest and spec: %1.").arg(countsLine(r.lint.findings)));
    if (!r.lint.findings.isEmpty())
        s.blocks << table(
            { QStringLiteral("severity"), QStringLiteral("id"), QStringLiteral("where"), QStringLiteral("message") },
            findingRows(r.lint.findings));
    return s;
}

ReportSection compileSection(const CheckResult& r)
{
    ReportSection s { QStringLiteral("Compile"), {} };
    if (!r.compile) {
        s.blocks << paragraph(QStringLiteral("Not run: %1").arg(r.stage(CheckStage::Compile).note));
        return s;
    }
    QList<QStringList> rows;
    for (const ImplementationCompile& c : r.compile->implementations) {
        int errors = 0, warnings = 0;
        for (const Diagnostic& d : c.diagnostics) {
            errors += d.severity == DiagnosticSeverity::Error;
            warnings += d.severity == DiagnosticSeverity::Warning;
        }
        QStringList kernels;
        for (const KernelResources& k : c.kernels)
            kernels << QStringLiteral("%1 %2: %3 regs, %4 B smem, spills %5/%6")
                           .arg(k.demangled.section(u'(', 0, 0), k.arch)
                           .arg(k.registers)
                           .arg(k.smemBytes)
                           .arg(k.spillStores)
                           .arg(k.spillLoads);
        rows << QStringList { c.id, c.backend,
            c.ok ? QStringLiteral("ok")
                 : (c.toolMissing ? QStringLiteral("not compiled here") : QStringLiteral("FAILED")),
            QStringLiteral("%1 / %2").arg(errors).arg(warnings), c.compilerVersion,
            kernels.join(QStringLiteral("; ")) };
    }
    s.blocks << paragraph(QStringLiteral("Each implementation compiled on its own for %1.")
                              .arg(r.compile->archs.isEmpty() ? QStringLiteral("the host")
                                                              : r.compile->archs.join(QStringLiteral(", "))));
    s.blocks << table({ QStringLiteral("implementation"), QStringLiteral("backend"), QStringLiteral("result"),
                          QStringLiteral("errors / warnings"), QStringLiteral("compiler"), QStringLiteral("kernels") },
        rows);
    for (const ImplementationCompile& c : r.compile->implementations) {
        if (!c.ok && !c.toolMissing)
            s.blocks << paragraph(QStringLiteral("%1: %2").arg(c.id, c.command)) << code(c.log.left(4000));
    }
    return s;
}

ReportSection runSection(const CheckResult& r)
{
    ReportSection s { QStringLiteral("Correctness (run)"), {} };
    if (!r.run) {
        s.blocks << paragraph(QStringLiteral("Not run: %1").arg(r.stage(CheckStage::Run).note));
        return s;
    }
    QList<QStringList> rows;
    for (const ImplRun& run : r.run->impls) {
        const CandidateJudgement j = r.run->judgements.value(run.id);
        int outputs = 0, passed = 0;
        double worstAbs = 0;
        for (const CaseVerdict& c : j.cases) {
            if (!generatedCaseNotCounted(*r.run, c.name).isEmpty())
                continue; // it judges nobody
            for (const TrialVerdict& t : c.trials) {
                for (const OutputVerdict& o : t.outputs) {
                    ++outputs;
                    passed += o.pass;
                    worstAbs = std::max(worstAbs, o.maxAbs);
                }
            }
        }
        rows << QStringList { run.id, implRoleName(run.role), implVerdict(*r.run, run).text.left(200),
            run.role == ImplRole::Candidate ? QStringLiteral("%1 / %2").arg(passed).arg(outputs) : QStringLiteral("—"),
            run.role == ImplRole::Candidate && outputs ? QString::number(worstAbs, 'g', 4) : QStringLiteral("—"),
            run.peakRssKiB >= 0 ? QStringLiteral("%1 MiB").arg(run.peakRssKiB / 1024.0, 0, 'f', 1)
                                : QStringLiteral("—") };
    }
    s.blocks << paragraph(
        QStringLiteral("%1 trial(s) per case with fresh seeds; each candidate called twice per trial on "
                       "poisoned buffers and compared with the reference.")
            .arg(r.run->trials.isEmpty() ? 0 : r.run->trials.last().trial + 1));
    s.blocks << table(
        { QStringLiteral("implementation"), QStringLiteral("role"), QStringLiteral("status"),
            QStringLiteral("outputs within tolerance"), QStringLiteral("worst |error|"), QStringLiteral("peak RSS") },
        rows);
    // Generated cases (held-out sizes, stress patterns) apart from the declared ones, with whether they count.
    QList<QStringList> generated;
    for (const Case& c : r.run->task.cases) {
        if (c.origin == CaseOrigin::Declared)
            continue;
        const QString why = generatedCaseNotCounted(*r.run, c.name);
        generated << QStringList { c.name,
            c.origin == CaseOrigin::Stress ? QStringLiteral("stress '%1' on '%2'").arg(c.stress, c.basedOn)
                                           : QStringLiteral("%1 (from '%2')").arg(c.varied, c.basedOn),
            why.isEmpty() ? QStringLiteral("counts") : QStringLiteral("not counted: ") + why };
    }
    if (!generated.isEmpty()) {
        s.blocks << paragraph(
            QStringLiteral("Generated cases (one trial each, seed %1):")
                .arg(r.run->generatedTrials.isEmpty() ? QString()
                                                      : QString::number(r.run->generatedTrials.first().seed)));
        s.blocks << table({ QStringLiteral("case"), QStringLiteral("what"), QStringLiteral("judged") }, generated);
    }
    return s;
}

ReportSection provenanceSection(const CheckResult& r)
{
    ReportSection s { QStringLiteral("Provenance"), {} };
    QStringList items;
    for (auto it = r.provenance.constBegin(); it != r.provenance.constEnd(); ++it) {
        const QJsonValue v = it.value();
        QString text;
        if (v.isObject()) {
            QStringList parts;
            const QJsonObject o = v.toObject();
            for (auto jt = o.constBegin(); jt != o.constEnd(); ++jt)
                parts << jt.key() + QStringLiteral(": ")
                        + (jt.value().isNull() ? QStringLiteral("not found") : jt.value().toVariant().toString());
            text = parts.join(QStringLiteral("; "));
        } else {
            text = v.toVariant().toString();
        }
        items << it.key() + QStringLiteral(": ") + text;
    }
    s.blocks << bullets(items);
    return s;
}
} // namespace

ReportModel buildReportModel(const CheckResult& r)
{
    ReportModel m;
    m.title = QStringLiteral("kwb check: %1").arg(r.lint.loaded ? r.lint.id : r.taskDir);
    m.verdict = checkVerdict(r);
    m.sections << summarySection(r) << lintSection(r) << compileSection(r) << runSection(r) << benchSection(r)
               << profileSection(r) << findingsSection(r) << methodSection(r) << provenanceSection(r);
    return m;
}

} // namespace kwb
