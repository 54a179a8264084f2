// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/review/reviewchecks.h"

#include "core/review/evidenceref.h"
#include "core/review/findingblame.h"

#include <QSet>

namespace kwb {
namespace {
Finding make(const QString& id, Severity s, const QString& path, const QString& message)
{
    Finding f;
    f.id = id;
    f.severity = s;
    f.jsonPath = path;
    f.message = message;
    return f;
}

QString scorePath(const QString& criterion)
{
    return QStringLiteral("/scores/") + criterion;
}

bool matches(const QString& pattern, const QString& id)
{
    return pattern.endsWith(QLatin1StringView(".*")) ? id.startsWith(pattern.chopped(1)) : pattern == id;
}

void checkComplete(const Review& r, const Rubric& rubric, const ReviewCheckContext& ctx, Findings& out)
{
    const QString incomplete = QStringLiteral("review.incomplete");
    if (r.rubricId != rubric.id || r.rubricVersion != rubric.version)
        out << make(incomplete, Severity::Error, QStringLiteral("/rubric"),
            QStringLiteral("written against rubric %1 v%2, checked with %3 v%4")
                .arg(r.rubricId)
                .arg(r.rubricVersion)
                .arg(rubric.id)
                .arg(rubric.version));
    for (const Criterion* c : rubric.criteriaFor(ctx.taskKind)) {
        const Score s = r.scores.value(c->id);
        const QString p = scorePath(c->id);
        if (!s.scored()) {
            if (c->required)
                out << make(
                    incomplete, Severity::Error, p, QStringLiteral("%1 (%2) has no score").arg(c->id, c->title));
        } else if (s.notApplicable && s.comment.trimmed().isEmpty()) {
            // Any criterion may be N/A (one that cannot be verified here: no GPU, no framework), never silently.
            out << make(incomplete, Severity::Error, p,
                c->naAllowed ? QStringLiteral("%1 is N/A without a reason: say why in its comment").arg(c->id)
                             : QStringLiteral("%1 is N/A without a reason: score it, or say why it cannot be verified "
                                              "here (\"not verifiable here: no GPU\")")
                                   .arg(c->id));
        } else if (s.value && !c->scale.contains(*s.value)) {
            out << make(incomplete, Severity::Error, p,
                QStringLiteral("%1 = %2 is outside the scale %3..%4")
                    .arg(c->id)
                    .arg(*s.value)
                    .arg(c->scale.min)
                    .arg(c->scale.max));
        } else if (s.value && *s.value < c->commentRequiredBelow && s.comment.trimmed().isEmpty()) {
            out << make(incomplete, Severity::Error, p,
                QStringLiteral("%1 = %2 needs a comment (scores below %3 must say why)")
                    .arg(c->id)
                    .arg(*s.value)
                    .arg(c->commentRequiredBelow));
        }
    }
    for (auto it = r.scores.begin(); it != r.scores.end(); ++it) {
        const Criterion* c = rubric.criterion(it.key());
        if (!c)
            out << make(incomplete, Severity::Error, scorePath(it.key()),
                QStringLiteral("'%1' is not a criterion of rubric %2").arg(it.key(), rubric.id));
        else if (!c->appliesToKind(ctx.taskKind) && it->value)
            out << make(incomplete, Severity::Error, scorePath(it.key()),
                QStringLiteral("%1 does not apply to %2 tasks: leave it unscored").arg(it.key(), ctx.taskKind));
    }
    for (qsizetype i = 0; i < r.comments.size(); ++i) {
        const QString& crit = r.comments.at(i).criterion;
        if (!crit.isEmpty() && !rubric.criterion(crit))
            out << make(incomplete, Severity::Error, QStringLiteral("/comments/%1/criterion").arg(i),
                QStringLiteral("'%1' is not a criterion of rubric %2").arg(crit, rubric.id));
    }
    if (r.verdict.isEmpty() || !rubric.hasVerdict(r.verdict))
        out << make(incomplete, Severity::Error, QStringLiteral("/verdict"),
            r.verdict.isEmpty() ? QStringLiteral("no verdict")
                                : QStringLiteral("verdict '%1' is not offered by the rubric").arg(r.verdict));
    if (rubric.overall.summaryRequired && r.summary.trimmed().isEmpty())
        out << make(incomplete, Severity::Error, QStringLiteral("/summary"), QStringLiteral("no summary"));
    if (!r.confidence)
        out << make(
            incomplete, Severity::Error, QStringLiteral("/confidence"), QStringLiteral("no reviewer confidence"));
    else if (!rubric.overall.confidence.contains(*r.confidence))
        out << make(incomplete, Severity::Error, QStringLiteral("/confidence"),
            QStringLiteral("confidence %1 is outside %2..%3")
                .arg(*r.confidence)
                .arg(rubric.overall.confidence.min)
                .arg(rubric.overall.confidence.max));
}

// A score is backed when it cites a report, a file range, or a finding the rubric counts for it.
void checkEvidence(const Review& r, const Rubric& rubric, const ReviewCheckContext& ctx, Findings& out)
{
    QSet<QString> available;
    for (const ReportDoc& d : ctx.reports)
        available.insert(d.digest);
    for (auto it = r.scores.begin(); it != r.scores.end(); ++it) {
        const Criterion* c = rubric.criterion(it.key());
        if (!c || !it->value)
            continue;
        bool backed = false;
        for (const QString& text : it->evidence) {
            const Result<EvidenceRef> ref = parseEvidenceRef(text);
            if (!ref)
                continue;
            if (ref->kind == EvidenceRef::Kind::Finding && !c->acceptsEvidence(ref->target)) {
                out << make(QStringLiteral("review.no-evidence"), Severity::Info, scorePath(c->id),
                    QStringLiteral("%1 cites %2, which the rubric does not count as evidence for it").arg(c->id, text));
                continue;
            }
            if (ref->kind == EvidenceRef::Kind::Report && !ctx.reports.isEmpty() && !available.contains(ref->target))
                out << make(QStringLiteral("review.no-evidence"), Severity::Warning, scorePath(c->id),
                    QStringLiteral("%1 cites report %2, which is not available to re-read").arg(c->id, ref->target));
            backed = true;
        }
        if (!backed)
            out << make(QStringLiteral("review.no-evidence"), Severity::Warning, scorePath(c->id),
                QStringLiteral("%1 = %2 cites no evidence").arg(c->id).arg(*it->value));
    }
}

struct Cited {
    QString finding;
    QString source; ///< where it came from, for the message
    bool blamesCandidate = true; ///< false for the environment's, the host's and declared-peaks findings
};

// A cited `finding:` reference, weighed like the report finding it names when an available report has one (same
// id, and the case and implementation the reference narrows it to); else by its id alone.
bool citedAgainstCandidate(const EvidenceRef& ref, const Review& r, const ReviewCheckContext& ctx)
{
    const QString wantCase = ref.qualifiers.value(QStringLiteral("case"));
    const QString wantImpl = ref.qualifiers.value(QStringLiteral("impl"));
    bool matched = false;
    for (const ReportDoc& d : ctx.reports) {
        if (!r.taskId.isEmpty() && d.taskId != r.taskId)
            continue;
        for (const ReportFinding& f : d.findings) {
            if (f.id != ref.target || (!wantCase.isEmpty() && f.caseName != wantCase)
                || (!wantImpl.isEmpty() && f.impl != wantImpl))
                continue;
            if (againstCandidate(f))
                return true;
            matched = true;
        }
    }
    return !matched && findingBlame(ref.target, {}, {}) == Blame::Candidate;
}

// The findings a score stands against: those it cites directly, every finding of the reports it cites,
// and every finding of the reports attached to the review (all scores answer to those).
QList<Cited> evidenceFor(const Review& r, const Score* s, const ReviewCheckContext& ctx)
{
    QSet<QString> digests;
    for (const ReportRef& a : r.reports)
        digests.insert(a.digest);
    QList<Cited> out;
    if (s) {
        for (const QString& text : s->evidence) {
            const Result<EvidenceRef> ref = parseEvidenceRef(text);
            if (ref && ref->kind == EvidenceRef::Kind::Finding)
                out.append({ ref->target, QStringLiteral("cited %1").arg(text), citedAgainstCandidate(*ref, r, ctx) });
            else if (ref && ref->kind == EvidenceRef::Kind::Report)
                digests.insert(ref->target);
        }
    }
    for (const ReportDoc& d : ctx.reports) {
        if (!digests.contains(d.digest) || (!r.taskId.isEmpty() && d.taskId != r.taskId))
            continue;
        for (const ReportFinding& f : d.findings)
            out.append(
                { f.id, QStringLiteral("report %1 (%2)").arg(d.digest.left(19), d.action), againstCandidate(f) });
    }
    return out;
}

void checkContradictions(const Review& r, const ReviewCheckContext& ctx, Findings& out)
{
    QSet<QString> reported;
    for (const ContradictionRule& rule : contradictionRules()) {
        const bool onVerdict = rule.criterion == QLatin1StringView("verdict");
        const Score* s = nullptr;
        if (onVerdict) {
            if (r.verdict != QLatin1StringView("accept"))
                continue;
        } else {
            const auto found = r.scores.constFind(rule.criterion);
            if (found == r.scores.cend() || !found->value || *found->value < rule.minValue)
                continue;
            s = &*found;
        }
        for (const Cited& c : evidenceFor(r, s, ctx)) {
            // What the environment, the host or the task's declared peaks produced is no evidence against the
            // candidate: it never contradicts a score (and so never keeps a review from being submitted).
            const QString key = rule.criterion + u'|' + c.finding;
            if (!c.blamesCandidate || !matches(rule.finding, c.finding) || reported.contains(key))
                continue;
            reported.insert(key);
            out << make(QStringLiteral("review.contradicts-evidence"), Severity::Error,
                onVerdict ? QStringLiteral("/verdict") : scorePath(rule.criterion),
                onVerdict ? QStringLiteral("verdict accept, but %1 shows %2: %3").arg(c.source, c.finding, rule.why)
                          : QStringLiteral("%1 = %2, but %3 shows %4: %5")
                                .arg(rule.criterion)
                                .arg(*s->value)
                                .arg(c.source, c.finding, rule.why));
        }
    }
}

void checkText(const Review& r, const Rubric& rubric, Findings& out)
{
    for (auto it = r.scores.begin(); it != r.scores.end(); ++it) {
        const Criterion* c = rubric.criterion(it.key());
        if (!c || !it->value || *it->value != c->scale.max)
            continue;
        QString word = defectWord(it->comment);
        QString where = QStringLiteral("its comment");
        for (const LineComment& lc : r.comments) {
            if (word.isEmpty() && lc.criterion == c->id) {
                word = defectWord(lc.text);
                where = QStringLiteral("the comment on %1:%2").arg(lc.file).arg(lc.startLine);
            }
        }
        if (!word.isEmpty())
            out << make(QStringLiteral("review.text-score-conflict"), Severity::Warning, scorePath(c->id),
                QStringLiteral("%1 has the top score %2, but %3 says \"%4\"")
                    .arg(c->id)
                    .arg(c->scale.max)
                    .arg(where, word));
    }
}
} // namespace

Findings unaddressedErrors(
    const Review& review, const Rubric& rubric, const Findings& findings, const QString& taskKind)
{
    QSet<QString> cited;
    for (const Score& s : review.scores) {
        for (const QString& text : s.evidence) {
            const Result<EvidenceRef> ref = parseEvidenceRef(text);
            if (ref && ref->kind == EvidenceRef::Kind::Finding)
                cited.insert(ref->target);
        }
    }
    Findings out;
    QSet<QString> seen;
    for (const Finding& f : findings) {
        if (f.severity != Severity::Error || !againstCandidate(f) || cited.contains(f.id) || seen.contains(f.id))
            continue;
        bool acknowledged = false;
        for (const Criterion* c : rubric.criteriaFor(taskKind)) {
            const Score s = review.scores.value(c->id);
            if (c->acceptsEvidence(f.id) && s.value && *s.value < 3)
                acknowledged = true;
        }
        if (acknowledged)
            continue;
        seen.insert(f.id);
        out << f;
    }
    return out;
}

Findings checkReview(const Review& review, const Rubric& rubric, const ReviewCheckContext& context)
{
    Findings out;
    checkComplete(review, rubric, context, out);
    checkEvidence(review, rubric, context, out);
    checkContradictions(review, context, out);
    if (!context.currentTaskId.isEmpty() && context.currentTaskId != review.taskId)
        out << make(QStringLiteral("review.stale-task"), Severity::Warning, QStringLiteral("/task/id"),
            QStringLiteral("the review is of task '%1', the bundle is '%2'").arg(review.taskId, context.currentTaskId));
    else if (!context.currentTaskDigest.isEmpty() && context.currentTaskDigest != review.taskDigest)
        out << make(QStringLiteral("review.stale-task"), Severity::Warning, QStringLiteral("/task/digest"),
            QStringLiteral("the task changed after the review (reviewed %1, now %2)")
                .arg(review.taskDigest.left(19), context.currentTaskDigest.left(19)));
    checkText(review, rubric, out);
    return out;
}

} // namespace kwb
