// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/audit/audit.h"

#include "core/review/reviewchecks.h"

namespace kwb {
namespace {
bool matches(const QString& pattern, const QString& id)
{
    return pattern.endsWith(QLatin1StringView(".*")) ? id.startsWith(pattern.chopped(1)) : pattern == id;
}

bool anyMatches(const QString& pattern, const QStringList& ids)
{
    return std::any_of(ids.begin(), ids.end(), [&](const QString& id) { return matches(pattern, id); });
}
} // namespace

QList<AuditFlag> crossReviewContradictions(const QList<Review>& reviews, const QList<ReportDoc>& reports)
{
    QList<QStringList> cited;
    for (const Review& r : reviews)
        cited << citedFindings(r, reports);
    QList<AuditFlag> out;
    for (int b = 0; b < reviews.size(); ++b) {
        const Review& high = reviews.at(b);
        QSet<QString> reported;
        for (const ContradictionRule& rule : contradictionRules()) {
            if (rule.criterion == QLatin1StringView("verdict"))
                continue;
            const Score s = high.scores.value(rule.criterion);
            // The review's own evidence is review.contradicts-evidence of the single-review check already.
            if (!s.value || *s.value < rule.minValue || anyMatches(rule.finding, cited.at(b)))
                continue;
            for (int a = 0; a < reviews.size(); ++a) {
                const Review& other = reviews.at(a);
                if (a == b || other.taskId != high.taskId || other.reviewer == high.reviewer)
                    continue;
                for (const QString& id : cited.at(a)) {
                    const QString key = rule.criterion + u'|' + id + u'|' + other.reviewer;
                    if (!matches(rule.finding, id) || reported.contains(key))
                        continue;
                    reported.insert(key);
                    out.append({ high.identity(), high.taskId, high.reviewer,
                        QStringLiteral("review.contradicts-evidence"), Severity::Error,
                        QStringLiteral("%1 = %2, but %3's review of this task cites %4 (%5), which this review "
                                       "does not address")
                            .arg(rule.criterion)
                            .arg(*s.value)
                            .arg(other.reviewer, id, rule.why),
                        QStringLiteral("/scores/") + rule.criterion });
                }
            }
        }
    }
    return out;
}

} // namespace kwb
