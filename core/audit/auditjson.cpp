// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/audit/audit.h"

#include <QJsonArray>

namespace kwb {
namespace {
QJsonValue number(const std::optional<double>& v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QJsonObject criterionJson(const CriterionAgreement& a)
{
    const bool twoRaters = a.cohen[0] || a.cohen[1] || a.cohen[2];
    const QJsonValue cohen = twoRaters
        ? QJsonValue(QJsonObject { { QStringLiteral("unweighted"), number(a.cohen[0]) },
            { QStringLiteral("linear"), number(a.cohen[1]) }, { QStringLiteral("quadratic"), number(a.cohen[2]) } })
        : QJsonValue(QJsonValue::Null);
    return { { QStringLiteral("items"), a.items },
        { QStringLiteral("note"),
            a.items < 2 ? QJsonValue(QStringLiteral("n/a: fewer than two tasks scored by two or more reviewers"))
                        : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("percent_agreement"), number(a.percent) }, { QStringLiteral("cohen_kappa"), cohen },
        { QStringLiteral("fleiss_kappa"), number(a.fleiss) },
        { QStringLiteral("krippendorff_alpha"),
            QJsonObject { { QStringLiteral("nominal"), number(a.alpha[0]) },
                { QStringLiteral("ordinal"), number(a.alpha[1]) },
                { QStringLiteral("interval"), number(a.alpha[2]) } } },
        { QStringLiteral("gwet_ac1"), number(a.ac1) },
        { QStringLiteral("alpha_ci"),
            a.alphaCi ? QJsonValue(QJsonArray { a.alphaCi->first, a.alphaCi->second })
                      : QJsonValue(QJsonValue::Null) } };
}

QJsonValue text(const QString& s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}
} // namespace

QJsonObject auditJson(const AuditResult& r, bool details)
{
    QJsonObject criteria;
    for (const CriterionAgreement& a : r.criteria)
        criteria.insert(a.criterion, criterionJson(a));
    QJsonArray flags;
    for (const AuditFlag& f : r.flags)
        flags.append(
            QJsonObject { { QStringLiteral("review"), text(f.review) }, { QStringLiteral("task"), text(f.task) },
                { QStringLiteral("reviewer"), text(f.reviewer) }, { QStringLiteral("id"), f.id },
                { QStringLiteral("severity"), severityName(f.severity) }, { QStringLiteral("message"), f.message } });
    QJsonObject perTask;
    for (const TaskAgreement& t : r.perTask)
        perTask.insert(t.task,
            QJsonObject { { QStringLiteral("reviewers"), QJsonArray::fromStringList(t.reviewers) },
                { QStringLiteral("items"), t.items }, { QStringLiteral("percent_agreement"), number(t.percent) },
                { QStringLiteral("krippendorff_alpha_ordinal"), number(t.alpha) },
                { QStringLiteral("disagreements"), QJsonArray::fromStringList(t.disagreements) } });
    QJsonArray reviewers;
    for (const QString& name : r.reviewers)
        reviewers.append(name);
    QJsonObject doc { { QStringLiteral("format"), QStringLiteral("kwb.audit/1") },
        { QStringLiteral("reviews"), r.reviews }, { QStringLiteral("tasks"), r.tasks },
        { QStringLiteral("reviewers"), reviewers }, { QStringLiteral("criteria"), criteria },
        { QStringLiteral("task_agreement"), perTask }, { QStringLiteral("flags"), flags } };
    if (!details)
        return doc;
    QJsonObject per;
    for (const ReviewerAgreement& a : r.perReviewer)
        per.insert(a.reviewer,
            QJsonObject { { QStringLiteral("pairs"), a.pairs },
                { QStringLiteral("agreement_with_others"), number(a.withOthers) },
                { QStringLiteral("adjudicated"), a.adjudicated },
                { QStringLiteral("agreement_with_adjudicated"), number(a.withAdjudicated) },
                { QStringLiteral("mean_offset"), number(a.meanOffset) } });
    doc.insert(QStringLiteral("reviewer_agreement"), per);
    doc.insert(QStringLiteral("statistics"),
        QJsonObject { { QStringLiteral("submitted_reviews_used"), r.submitted },
            { QStringLiteral("alpha_ci"), QStringLiteral("percentile bootstrap over tasks, ordinal alpha") },
            { QStringLiteral("bootstrap_seed"), QString::number(r.seed) },
            { QStringLiteral("resamples"), r.resamples } });
    return doc;
}

} // namespace kwb
