// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace kwb {

/// One level of a scale, e.g. 3 "Adequate" with what a 3 means for this criterion.
struct ScaleLevel {
    int value = 0;
    QString label;
    QString description;
};

/// An integer scale min..max with a described level for every value.
struct Scale {
    int min = 1;
    int max = 5;
    QList<ScaleLevel> levels; ///< one per value, ascending

    bool contains(int value) const { return value >= min && value <= max; }
    /// The level for `value`, nullptr outside the scale.
    const ScaleLevel* level(int value) const;
};

/// One scored criterion (NC4, BF1, …).
struct Criterion {
    QString id;
    QString title;
    QString guidance;
    Scale scale;
    bool naAllowed = false;
    bool required = true;
    int commentRequiredBelow = 0; ///< a score below this needs a comment
    QStringList appliesTo; ///< task kinds
    QStringList evidence; ///< finding ids that count as evidence; `area.*` matches a whole area
    QString dimension; ///< id of the dimension holding it

    bool appliesToKind(const QString& kind) const { return kind.isEmpty() || appliesTo.contains(kind); }
    /// Whether a finding with `findingId` counts as evidence for this criterion.
    bool acceptsEvidence(const QString& findingId) const;
};

/// A group of criteria (Numerical correctness, …).
struct Dimension {
    QString id;
    QString title;
    QString description;
    QList<Criterion> criteria;
};

struct VerdictOption {
    QString value; ///< accept | minor | major | reject
    QString description;
};

/// The overall part of a review: a verdict, a summary, the reviewer's confidence.
struct Overall {
    QList<VerdictOption> verdicts;
    bool summaryRequired = true;
    Scale confidence;
};

/// A versioned rubric (kwb.rubric/1, rubrics/schema.json).
struct Rubric {
    QString file; ///< where it was loaded from, may be empty
    QString id;
    int version = 0;
    QString title;
    QString description;
    QList<Dimension> dimensions;
    Overall overall;

    /// The criterion with `id`, nullptr when none.
    const Criterion* criterion(const QString& criterionId) const;
    /// Every criterion, in rubric order.
    QList<const Criterion*> criteria() const;
    /// The criteria that apply to tasks of `kind` (all when `kind` is empty), in rubric order.
    QList<const Criterion*> criteriaFor(const QString& kind) const;
    bool hasVerdict(const QString& verdict) const;
};

/// Verdict values of kwb.review/1, in order of severity.
inline const QStringList kVerdicts { QStringLiteral("accept"), QStringLiteral("minor"), QStringLiteral("major"),
    QStringLiteral("reject") };

} // namespace kwb
