// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnose/ruleset.h"

#include "core/diagnose/layers.h"
#include "core/diagnose/logstructure.h"
#include "core/diagnose/rules.h"

#include <cstring>

namespace kwb::detail {

namespace {
struct Source {
    Segment segment;
    int index;
    const char* pattern;
};

QList<Source> allPatterns()
{
    QList<Source> all;
    for (int i = 0; i < diagnosisRules().size(); ++i)
        all.append({ Segment::Classifying, i, diagnosisRules()[i].pattern });
    for (int i = 0; i < informativeLineRules().size(); ++i)
        all.append({ Segment::Informative, i, informativeLineRules()[i].pattern });
    for (int i = 0; i < shapeRules().size(); ++i)
        all.append({ Segment::Shape, i, shapeRules()[i].pattern });
    for (int i = 0; i < layerRules().size(); ++i)
        all.append({ Segment::Layer, i, layerRules()[i].pattern });
    return all;
}

QList<std::optional<QList<QByteArray>>> literalsOf(const QList<Source>& all)
{
    QList<std::optional<QList<QByteArray>>> l;
    for (const auto& s : all)
        l.append(requiredLiterals(s.pattern));
    return l;
}
} // namespace

RuleSet::RuleSet()
    : prefilter(literalsOf(allPatterns()))
{
    for (const auto& s : allPatterns()) {
        if (s.segment == Segment::Layer && s.index == 0)
            layerBase = int(patterns.size());
        // Not optimize()d here: Qt compiles (and JIT-compiles) a pattern the first time it matches, under the
        // pattern's own lock, so a log pays only for the patterns its lines are candidates for — most logs for a
        // few dozen of the several hundred, and a short log no longer waits for all of them.
        QRegularExpression re(QString::fromUtf8(s.pattern), QRegularExpression::CaseInsensitiveOption);
        patterns.append({ s.segment, s.index, std::move(re), std::strchr(s.pattern, '^') != nullptr });
    }
}

const RuleSet& RuleSet::instance()
{
    static const RuleSet set;
    return set;
}

} // namespace kwb::detail
