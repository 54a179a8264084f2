// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/audit/reverify.h"

#include "core/audit/audit.h"
#include "core/review/evidenceref.h"
#include "core/review/reviewchecks.h"
#include "core/task/taskloader.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace kwb {
namespace {
QString qualified(const QString& id, const QString& caseName)
{
    return caseName.isEmpty() ? id : id + QStringLiteral("#case=") + caseName;
}

QString idOf(const QString& q)
{
    return q.section(u'#', 0, 0);
}

bool matches(const QString& pattern, const QString& id)
{
    return pattern.endsWith(QLatin1StringView(".*")) ? id.startsWith(pattern.chopped(1)) : pattern == id;
}

// A claim `id` is reproduced by any finding with that id; `id#case=c` only by one in case c.
bool reproduced(const QString& claim, const QStringList& found)
{
    return claim.contains(u'#')
        ? found.contains(claim)
        : std::any_of(found.begin(), found.end(), [&](const QString& f) { return idOf(f) == claim; });
}
} // namespace

bool isRunFinding(const QString& id)
{
    return id.startsWith(QLatin1StringView("correct.")) || id.startsWith(QLatin1StringView("runtime."))
        || id.startsWith(QLatin1StringView("sandbox."));
}

void recordedSeeds(const Review& review, const QList<ReportDoc>& reports, ReverifyResult& out)
{
    out.trials = 3;
    out.seedNote = QStringLiteral("no run report with recorded seeds is attached: fresh seeds");
    for (const ReportRef& ref : review.reports) {
        for (const ReportDoc& d : reports) {
            if (d.digest != ref.digest || d.action != QLatin1StringView("run"))
                continue;
            const QJsonObject prov
                = QJsonDocument::fromJson(d.bytes).object().value(QStringLiteral("provenance")).toObject();
            const QJsonArray seeds = prov.value(QStringLiteral("trial_seeds")).toArray();
            if (seeds.isEmpty())
                continue;
            bool ok = false;
            const quint64 first = seeds.first().toString().toULongLong(&ok);
            if (!ok)
                continue;
            out.seed = first;
            out.trials = int(seeds.size());
            bool consecutive = true;
            for (int k = 0; k < seeds.size(); ++k)
                consecutive = consecutive && seeds.at(k).toString().toULongLong() == first + quint64(k);
            out.seedNote = consecutive
                ? QStringLiteral("seeds %1..%2 recorded by report %3")
                      .arg(first)
                      .arg(first + quint64(seeds.size()) - 1)
                      .arg(d.digest.left(19))
                : QStringLiteral(
                    "report %1 recorded OS seeds: trial 1 re-runs with its seed %2, later trials with %2+k")
                      .arg(d.digest.left(19))
                      .arg(first);
            return;
        }
    }
}

QList<ReverifyDifference> compareClaims(const Review& review, const QStringList& claimed, const Findings& found)
{
    QStringList now;
    for (const Finding& f : found) {
        if (isRunFinding(f.id) && !now.contains(qualified(f.id, f.caseName)))
            now << qualified(f.id, f.caseName);
    }
    QList<ReverifyDifference> out;
    for (const QString& c : claimed) {
        if (!reproduced(c, now))
            out.append({ QStringLiteral("not-reproduced"), c, {},
                QStringLiteral("the review stands on %1, which the re-run does not show").arg(c) });
    }
    QStringList reportedNew;
    for (const Finding& f : found) {
        if (!isRunFinding(f.id) || f.severity != Severity::Error || reportedNew.contains(f.id))
            continue;
        const bool known
            = std::any_of(claimed.begin(), claimed.end(), [&](const QString& c) { return idOf(c) == f.id; });
        if (known)
            continue;
        reportedNew << f.id;
        out.append({ QStringLiteral("new-finding"), qualified(f.id, f.caseName), {},
            QStringLiteral("the re-run shows %1 (%2), which the review does not cite")
                .arg(qualified(f.id, f.caseName), f.message) });
    }
    for (const ContradictionRule& rule : contradictionRules()) {
        if (rule.criterion == QLatin1StringView("verdict") || !isRunFinding(rule.finding.section(u'.', 0, 0) + u'.'))
            continue;
        const Score s = review.scores.value(rule.criterion);
        if (!s.value || *s.value < rule.minValue)
            continue;
        for (const QString& f : now) {
            if (!matches(rule.finding, idOf(f)))
                continue;
            out.append({ QStringLiteral("score-contradicted"), f, rule.criterion,
                QStringLiteral("%1 = %2, but the re-run shows %3: %4")
                    .arg(rule.criterion)
                    .arg(*s.value)
                    .arg(f, rule.why) });
            break;
        }
    }
    return out;
}

Result<ReverifyResult> reverifyReview(
    const Review& review, const QList<ReportDoc>& reports, const QString& taskDir, bool sandbox, const JobContext& job)
{
    const Result<LoadedTask> task = loadTask(taskDir);
    if (!task)
        return task.error();
    if (task->task.id != review.taskId)
        return Error { taskDir, {},
            QStringLiteral("the bundle is task '%1', the review is of '%2'").arg(task->task.id, review.taskId) };
    ReverifyResult out;
    out.review = review.identity();
    out.taskDir = taskDir;
    recordedSeeds(review, reports, out);
    for (const QString& id : citedFindings(review, {})) {
        if (isRunFinding(id) && id != QLatin1StringView("correct.pass"))
            out.claimed << id;
    }
    // Qualified claims: the cases the review's evidence names, and the findings of attached run reports.
    for (const Score& s : review.scores) {
        for (const QString& text : s.evidence) {
            const Result<EvidenceRef> ref = parseEvidenceRef(text);
            if (ref && ref->kind == EvidenceRef::Kind::Finding && isRunFinding(ref->target)
                && ref->qualifiers.contains(QStringLiteral("case"))) {
                out.claimed.removeAll(ref->target);
                const QString q = qualified(ref->target, ref->qualifiers.value(QStringLiteral("case")));
                if (!out.claimed.contains(q))
                    out.claimed << q;
            }
        }
    }
    for (const ReportDoc& d : reports) {
        const bool attached = std::any_of(
            review.reports.begin(), review.reports.end(), [&](const ReportRef& r) { return r.digest == d.digest; });
        if (!attached || d.action != QLatin1StringView("run"))
            continue;
        for (const ReportFinding& f : d.findings) {
            const QString q = qualified(f.id, f.caseName);
            if (isRunFinding(f.id) && f.id != QLatin1StringView("correct.pass") && !out.claimed.contains(q))
                out.claimed << q;
        }
    }
    const QString runLabel = QStringLiteral("run (cited and attached)");
    const QList<Implementation> impls = task->task.implementations();
    const bool needsGpu = std::any_of(
        impls.begin(), impls.end(), [](const Implementation& i) { return i.backend == QLatin1StringView("cuda"); });
    if (needsGpu && !gpuPresent()) {
        for (const QString& c : out.claimed)
            out.claims.append({ runLabel, c, ClaimCheck::Status::CannotReverify, QStringLiteral("shown"), {},
                QStringLiteral("needs a GPU (the task has cuda implementations); this machine has none") });
    } else {
        RunRequest request;
        request.taskDir = taskDir;
        request.trials = out.trials;
        request.seed = out.seed;
        request.sandbox = sandbox;
        const Result<RunResult> run = runCorrectness(request, job);
        if (!run)
            return run.error();
        for (const Finding& f : run->findings) {
            if (isRunFinding(f.id) && !out.found.contains(qualified(f.id, f.caseName)))
                out.found << qualified(f.id, f.caseName);
        }
        out.differences = compareClaims(review, out.claimed, run->findings);
        out.report = runReportJson(*run);
        for (const QString& c : out.claimed) {
            const bool shown = reproduced(c, out.found);
            out.claims.append({ runLabel, c, shown ? ClaimCheck::Status::Confirmed : ClaimCheck::Status::Differs,
                QStringLiteral("shown"), shown ? QStringLiteral("shown") : QStringLiteral("not shown"), out.seedNote });
        }
    }
    const Result<QList<ClaimCheck>> others = reverifyReportClaims(review, reports, taskDir, sandbox, job);
    if (!others)
        return others.error();
    out.claims += *others;
    return out;
}

bool ReverifyResult::differs() const
{
    return !differences.isEmpty() || std::any_of(claims.begin(), claims.end(), [](const ClaimCheck& c) {
        return c.status == ClaimCheck::Status::Differs;
    });
}

QJsonObject reverifyJson(const ReverifyResult& r)
{
    QJsonArray diffs;
    QJsonArray claims;
    for (const ClaimCheck& c : r.claims)
        claims.append(claimCheckJson(c));
    for (const ReverifyDifference& d : r.differences)
        diffs.append(QJsonObject { { QStringLiteral("kind"), d.kind }, { QStringLiteral("finding"), d.finding },
            { QStringLiteral("criterion"), d.criterion }, { QStringLiteral("message"), d.message } });
    const QByteArray reportBytes = QJsonDocument(r.report).toJson(QJsonDocument::Indented);
    return { { QStringLiteral("review"), r.review }, { QStringLiteral("task_dir"), r.taskDir },
        { QStringLiteral("seed"), r.seed ? QJsonValue(QString::number(*r.seed)) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("trials"), r.trials }, { QStringLiteral("seed_note"), r.seedNote },
        { QStringLiteral("claimed"), QJsonArray::fromStringList(r.claimed) },
        { QStringLiteral("found"), QJsonArray::fromStringList(r.found) }, { QStringLiteral("differences"), diffs },
        { QStringLiteral("claims"), claims },
        { QStringLiteral("report_digest"), r.report.isEmpty() ? QString() : contentDigest(reportBytes) } };
}

} // namespace kwb
