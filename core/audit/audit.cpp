// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/audit/audit.h"

#include "core/review/evidenceref.h"
#include "core/review/findingblame.h"
#include "core/review/reviewchecks.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace kwb {
namespace {
int metricIndex(AlphaMetric m)
{
    return m == AlphaMetric::Nominal ? 0 : m == AlphaMetric::Ordinal ? 1 : 2;
}

// Cohen's κ needs the same two raters on every item: returns their columns, or nothing.
std::optional<std::pair<int, int>> twoRaterColumns(const RatingTable& t)
{
    QSet<int> used;
    for (const auto& unit : t.units) {
        QList<int> rated;
        for (int r = 0; r < unit.size(); ++r) {
            if (unit.at(r))
                rated << r;
        }
        if (rated.size() < 2)
            continue;
        if (rated.size() != 2)
            return std::nullopt;
        used.insert(rated.at(0));
        used.insert(rated.at(1));
    }
    if (used.size() != 2)
        return std::nullopt;
    QList<int> cols = used.values();
    std::sort(cols.begin(), cols.end());
    return std::make_pair(cols.at(0), cols.at(1));
}

void addReviewerAgreement(const RatingTable& t, const QStringList& raters, const QStringList& tasks,
    const QString& criterion, const QList<Adjudication>& adjudications, QMap<QString, ReviewerAgreement>& out,
    QMap<QString, std::pair<double, int>>& offsets, QMap<QString, int>& agreeing, QMap<QString, int>& adjAgreeing)
{
    for (int u = 0; u < t.units.size(); ++u) {
        const auto& unit = t.units.at(u);
        std::optional<int> adjudicated;
        for (const Adjudication& a : adjudications) {
            if (a.taskId == tasks.at(u) && a.criterion == criterion)
                adjudicated = a.value; // the latest entry wins: the log is in time order
        }
        for (int r = 0; r < unit.size(); ++r) {
            if (!unit.at(r))
                continue;
            ReviewerAgreement& ra = out[raters.at(r)];
            ra.reviewer = raters.at(r);
            if (adjudicated) {
                ++ra.adjudicated;
                adjAgreeing[ra.reviewer] += *unit.at(r) == *adjudicated ? 1 : 0;
            }
            double others = 0;
            int count = 0;
            for (int s = 0; s < unit.size(); ++s) {
                if (s == r || !unit.at(s))
                    continue;
                ++ra.pairs;
                agreeing[ra.reviewer] += *unit.at(r) == *unit.at(s) ? 1 : 0;
                others += *unit.at(s);
                ++count;
            }
            if (count > 0) {
                offsets[ra.reviewer].first += *unit.at(r) - others / count;
                offsets[ra.reviewer].second += 1;
            }
        }
    }
}

AuditFlag flagFor(const Review& r, const Finding& f)
{
    return { r.identity(), r.taskId, r.reviewer, f.id, f.severity, f.message, f.jsonPath };
}
} // namespace

QList<Review> latestSubmitted(const QList<Review>& reviews)
{
    QMap<std::pair<QString, QString>, Review> latest;
    for (const Review& r : reviews) {
        if (r.status != Review::Status::Submitted)
            continue;
        const auto key = std::make_pair(r.taskId, r.reviewer);
        const auto it = latest.constFind(key);
        if (it == latest.cend() || it->updated < r.updated)
            latest.insert(key, r);
    }
    return latest.values();
}

RatingTable ratingTable(
    const QList<Review>& reviews, const Criterion& criterion, QStringList* raters, QStringList* tasks)
{
    QStringList names;
    QStringList units;
    for (const Review& r : reviews) {
        if (!names.contains(r.reviewer))
            names << r.reviewer;
        if (!units.contains(r.taskId))
            units << r.taskId;
    }
    names.sort();
    units.sort();
    RatingTable t;
    t.scaleMin = criterion.scale.min;
    t.scaleMax = criterion.scale.max;
    t.units.fill(QList<std::optional<int>>(names.size()), units.size());
    for (const Review& r : reviews) {
        const Score s = r.scores.value(criterion.id);
        if (s.value && criterion.scale.contains(*s.value))
            t.units[units.indexOf(r.taskId)][names.indexOf(r.reviewer)] = *s.value;
    }
    if (raters)
        *raters = names;
    if (tasks)
        *tasks = units;
    return t;
}

CriterionAgreement criterionAgreement(const QString& criterion, const RatingTable& all, quint64 seed, int resamples)
{
    CriterionAgreement a;
    a.criterion = criterion;
    const RatingTable t = itemsOnly(all);
    QSet<int> raters;
    for (const auto& unit : t.units) {
        int rated = 0;
        for (const auto& v : unit)
            rated += v ? 1 : 0;
        if (rated < 2)
            continue;
        ++a.items;
        for (int r = 0; r < unit.size(); ++r) {
            if (unit.at(r))
                raters.insert(r);
        }
    }
    a.raters = int(raters.size());
    a.percent = percentAgreement(t);
    if (a.items < 2)
        return a; // one task: agreement beyond chance cannot be told from one item
    if (const auto cols = twoRaterColumns(t)) {
        a.cohen[0] = cohenKappa(t, cols->first, cols->second, KappaWeights::Unweighted);
        a.cohen[1] = cohenKappa(t, cols->first, cols->second, KappaWeights::Linear);
        a.cohen[2] = cohenKappa(t, cols->first, cols->second, KappaWeights::Quadratic);
    }
    a.fleiss = fleissKappa(t);
    for (AlphaMetric m : { AlphaMetric::Nominal, AlphaMetric::Ordinal, AlphaMetric::Interval })
        a.alpha[size_t(metricIndex(m))] = krippendorffAlpha(t, m);
    a.ac1 = gwetAc1(t);
    a.alphaCi = alphaBootstrapCi(t, AlphaMetric::Ordinal, seed, resamples);
    return a;
}

QList<TaskAgreement> taskAgreement(const QList<Review>& reviews, const QList<const Criterion*>& criteria)
{
    QMap<QString, QList<const Review*>> byTask;
    for (const Review& r : reviews)
        byTask[r.taskId] << &r;
    QList<TaskAgreement> out;
    for (auto it = byTask.cbegin(); it != byTask.cend(); ++it) {
        TaskAgreement a;
        a.task = it.key();
        for (const Review* r : it.value())
            a.reviewers << r->reviewer;
        RatingTable t;
        if (!criteria.isEmpty()) {
            t.scaleMin = criteria.first()->scale.min;
            t.scaleMax = criteria.first()->scale.max;
        }
        for (const Criterion* c : criteria) {
            if (c->scale.min != t.scaleMin || c->scale.max != t.scaleMax)
                continue; // one scale per table
            QList<std::optional<int>> unit;
            QStringList scores;
            int lo = t.scaleMax;
            int hi = t.scaleMin;
            for (const Review* r : it.value()) {
                const Score s = r->scores.value(c->id);
                const bool valid = s.value && c->scale.contains(*s.value);
                unit << (valid ? s.value : std::nullopt);
                if (valid) {
                    scores << QStringLiteral("%1 %2").arg(r->reviewer).arg(*s.value);
                    lo = std::min(lo, *s.value);
                    hi = std::max(hi, *s.value);
                }
            }
            if (scores.size() >= 2 && hi - lo >= 2)
                a.disagreements << QStringLiteral("%1 (%2)").arg(c->id, scores.join(QStringLiteral(", ")));
            t.units << unit;
        }
        const RatingTable items = itemsOnly(t);
        a.items = int(items.units.size());
        a.percent = percentAgreement(items);
        if (a.items >= 2)
            a.alpha = krippendorffAlpha(items, AlphaMetric::Ordinal);
        out << a;
    }
    return out;
}

QList<AuditFlag> scoreDisagreements(
    const QList<Review>& reviews, const QList<const Criterion*>& criteria, int minLevels)
{
    QMap<QString, QList<const Review*>> byTask;
    for (const Review& r : reviews)
        byTask[r.taskId] << &r;
    QList<AuditFlag> out;
    for (auto it = byTask.cbegin(); it != byTask.cend(); ++it) {
        for (const Criterion* c : criteria) {
            QList<std::pair<const Review*, int>> scored;
            for (const Review* r : it.value()) {
                const Score s = r->scores.value(c->id);
                if (s.value && c->scale.contains(*s.value))
                    scored.append({ r, *s.value });
            }
            if (scored.size() < 2)
                continue;
            const auto [lo, hi] = std::minmax_element(
                scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
            if (hi->second - lo->second < minLevels)
                continue;
            // The review whose score lies farthest from the mean of the others' carries the flag.
            const Review* outlier = nullptr;
            double farthest = -1;
            QStringList all;
            for (const auto& [r, v] : scored) {
                double others = 0;
                for (const auto& [o, w] : scored)
                    others += o == r ? 0 : w;
                const double distance = std::abs(v - others / double(scored.size() - 1));
                if (distance > farthest) {
                    farthest = distance;
                    outlier = r;
                }
                all << QStringLiteral("%1 %2").arg(r->reviewer).arg(v);
            }
            out.append({ outlier->identity(), outlier->taskId, outlier->reviewer,
                QStringLiteral("audit.score-disagreement"), Severity::Warning,
                QStringLiteral("%1: the reviewers' scores differ by %2 levels (%3)")
                    .arg(c->id)
                    .arg(hi->second - lo->second)
                    .arg(all.join(QStringLiteral(", "))),
                QStringLiteral("/scores/") + c->id });
        }
    }
    return out;
}

int flagRank(const AuditFlag& f)
{
    static const QStringList order { QStringLiteral("review.contradicts-evidence"),
        QStringLiteral("audit.low-agreement"), QStringLiteral("audit.score-disagreement"),
        QStringLiteral("review.text-score-conflict"), QStringLiteral("review.incomplete"),
        QStringLiteral("review.stale-task") };
    const int kind = f.id == u"review.no-evidence" ? 9 : (order.contains(f.id) ? int(order.indexOf(f.id)) : 7);
    const int severity = f.severity == Severity::Error ? 0 : f.severity == Severity::Warning ? 1 : 2;
    return severity * 10 + kind;
}

void sortFlags(QList<AuditFlag>& flags)
{
    QMap<std::pair<QString, QString>, int> groupRank;
    for (const AuditFlag& f : flags) {
        const auto key = std::make_pair(f.task, f.reviewer);
        const int r = f.task.isEmpty() ? -1 : flagRank(f); // criterion-wide flags lead
        groupRank[key] = groupRank.contains(key) ? std::min(groupRank.value(key), r) : r;
    }
    std::stable_sort(flags.begin(), flags.end(), [&](const AuditFlag& a, const AuditFlag& b) {
        const auto ka = std::make_pair(a.task, a.reviewer);
        const auto kb = std::make_pair(b.task, b.reviewer);
        const auto ga = std::make_tuple(groupRank.value(ka), a.task, a.reviewer);
        const auto gb = std::make_tuple(groupRank.value(kb), b.task, b.reviewer);
        if (ga != gb)
            return ga < gb;
        return std::make_pair(flagRank(a), a.message) < std::make_pair(flagRank(b), b.message);
    });
}

QStringList citedFindings(const Review& review, const QList<ReportDoc>& reports)
{
    QStringList out;
    QSet<QString> digests;
    for (const ReportRef& a : review.reports)
        digests.insert(a.digest);
    for (const Score& s : review.scores) {
        for (const QString& text : s.evidence) {
            const Result<EvidenceRef> ref = parseEvidenceRef(text);
            if (ref && ref->kind == EvidenceRef::Kind::Finding && !out.contains(ref->target))
                out << ref->target;
            else if (ref && ref->kind == EvidenceRef::Kind::Report)
                digests.insert(ref->target);
        }
    }
    for (const ReportDoc& d : reports) {
        if (!digests.contains(d.digest) || (!review.taskId.isEmpty() && d.taskId != review.taskId))
            continue;
        for (const ReportFinding& f : d.findings) {
            if (!out.contains(f.id) && againstCandidate(f))
                out << f.id;
        }
    }
    return out;
}

QMap<QString, TaskBundleRef> taskBundlesUnder(const QString& dir)
{
    QMap<QString, TaskBundleRef> bundles;
    const QDir tasks(dir);
    for (const QString& name : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile f(tasks.filePath(name + QStringLiteral("/task.json")));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        const QString id = o.value(QStringLiteral("id")).toString();
        if (!id.isEmpty())
            bundles.insert(id, { tasks.filePath(name), o.value(QStringLiteral("kind")).toString() });
    }
    return bundles;
}

QMap<QString, QString> taskKinds(const QMap<QString, TaskBundleRef>& bundles)
{
    QMap<QString, QString> kinds;
    for (auto it = bundles.cbegin(); it != bundles.cend(); ++it)
        kinds.insert(it.key(), it->kind);
    return kinds;
}

Result<AuditResult> auditReviews(const QList<Review>& reviews, const Rubric& rubric, const AuditOptions& options)
{
    QList<const Criterion*> criteria;
    if (options.criteria.isEmpty()) {
        criteria = rubric.criteria();
    } else {
        for (const QString& id : options.criteria) {
            const Criterion* c = rubric.criterion(id);
            if (!c)
                return Error { rubric.file, {},
                    QStringLiteral("'%1' is not a criterion of rubric %2 v%3").arg(id, rubric.id).arg(rubric.version) };
            criteria << c;
        }
    }
    AuditResult result;
    result.reviews = int(reviews.size());
    result.seed = options.seed;
    result.resamples = options.resamples;
    const QList<Review> used = latestSubmitted(reviews);
    result.submitted = int(used.size());
    QSet<QString> tasks;
    for (const Review& r : reviews) {
        tasks.insert(r.taskId);
        if (!result.reviewers.contains(r.reviewer))
            result.reviewers << r.reviewer;
    }
    result.tasks = int(tasks.size());
    result.reviewers.sort();

    QMap<QString, ReviewerAgreement> perReviewer;
    QMap<QString, std::pair<double, int>> offsets;
    QMap<QString, int> agreeing;
    QMap<QString, int> adjAgreeing;
    for (const Criterion* c : criteria) {
        QStringList raters;
        QStringList units;
        const RatingTable t = ratingTable(used, *c, &raters, &units);
        CriterionAgreement a = criterionAgreement(c->id, t, options.seed, options.resamples);
        addReviewerAgreement(
            t, raters, units, c->id, options.adjudications, perReviewer, offsets, agreeing, adjAgreeing);
        if (a.items >= 2 && a.alpha[1] && *a.alpha[1] < kLowAgreementAlpha)
            result.flags.append({ {}, {}, {}, QStringLiteral("audit.low-agreement"), Severity::Warning,
                QStringLiteral("%1: Krippendorff's α (ordinal) = %2 over %3 tasks, below %4")
                    .arg(c->id)
                    .arg(*a.alpha[1], 0, 'f', 3)
                    .arg(a.items)
                    .arg(kLowAgreementAlpha, 0, 'f', 3),
                {} });
        result.criteria << a;
    }
    result.perTask = taskAgreement(used, criteria);
    result.flags << scoreDisagreements(used, criteria);
    for (auto it = perReviewer.begin(); it != perReviewer.end(); ++it) {
        ReviewerAgreement ra = *it;
        if (ra.pairs > 0)
            ra.withOthers = double(agreeing.value(ra.reviewer)) / ra.pairs;
        if (ra.adjudicated > 0)
            ra.withAdjudicated = double(adjAgreeing.value(ra.reviewer)) / ra.adjudicated;
        const auto off = offsets.value(ra.reviewer);
        if (off.second > 0)
            ra.meanOffset = off.first / off.second;
        result.perReviewer << ra;
    }

    ReviewCheckContext ctx;
    ctx.reports = options.reports;
    for (const Review& r : reviews) {
        ctx.taskKind = options.taskKinds.value(r.taskId);
        for (const Finding& f : checkReview(r, rubric, ctx)) {
            // With a criteria selection, score flags of other criteria are out of scope.
            const QString scored = f.jsonPath.startsWith(QLatin1StringView("/scores/")) ? f.jsonPath.mid(8) : QString();
            if (f.severity != Severity::Info
                && (options.criteria.isEmpty() || scored.isEmpty() || options.criteria.contains(scored)))
                result.flags << flagFor(r, f);
        }
    }
    for (const AuditFlag& f : crossReviewContradictions(used, options.reports)) {
        if (options.criteria.isEmpty() || options.criteria.contains(f.jsonPath.mid(8)))
            result.flags << f;
    }
    sortFlags(result.flags);
    return result;
}

} // namespace kwb
