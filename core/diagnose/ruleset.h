// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every pattern diagnosis tries on a line — the classifying rules, the informative-line rules, the structural
// shapes and the layer names — and the prefilter over all of them. One scan of the log finds, per line, the
// patterns whose literals occur; only those run as regular expressions, each compiled the first time it runs.

#include "core/diagnose/prefilter.h"

#include <QList>
#include <QRegularExpression>

namespace kwb::detail {

/// Which table a compiled pattern comes from.
enum class Segment { Classifying, Informative, Shape, Layer };

struct CompiledPattern {
    Segment segment;
    int index; ///< index in its table (diagnosisRules(), informativeLineRules(), shapeRules(), layerRules())
    QRegularExpression re;
    bool anchored = false; ///< has a `^`: may match a line's payload but not the line with its prefix
};

struct RuleSet {
    QList<CompiledPattern> patterns; ///< the prefilter's candidate indices index this list
    int layerBase = 0; ///< patterns[layerBase + i] is layerRules()[i]
    LinePrefilter prefilter;

    static const RuleSet& instance();

private:
    RuleSet();
};

} // namespace kwb::detail
