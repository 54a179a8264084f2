// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rubric/rubric.h"

namespace kwb {

const ScaleLevel* Scale::level(int value) const
{
    for (const ScaleLevel& l : levels) {
        if (l.value == value)
            return &l;
    }
    return nullptr;
}

bool Criterion::acceptsEvidence(const QString& findingId) const
{
    for (const QString& pattern : evidence) {
        if (pattern.endsWith(QLatin1StringView(".*"))) {
            if (findingId.startsWith(pattern.chopped(1)))
                return true;
        } else if (pattern == findingId) {
            return true;
        }
    }
    return false;
}

const Criterion* Rubric::criterion(const QString& criterionId) const
{
    for (const Dimension& d : dimensions) {
        for (const Criterion& c : d.criteria) {
            if (c.id == criterionId)
                return &c;
        }
    }
    return nullptr;
}

QList<const Criterion*> Rubric::criteria() const
{
    return criteriaFor({});
}

QList<const Criterion*> Rubric::criteriaFor(const QString& kind) const
{
    QList<const Criterion*> out;
    for (const Dimension& d : dimensions) {
        for (const Criterion& c : d.criteria) {
            if (c.appliesToKind(kind))
                out.append(&c);
        }
    }
    return out;
}

bool Rubric::hasVerdict(const QString& verdict) const
{
    for (const VerdictOption& v : overall.verdicts) {
        if (v.value == verdict)
            return true;
    }
    return false;
}

} // namespace kwb
