// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Collects the votes of a log's lines and turns them into a Diagnosis. The filtered path (prefilter) and the
// unfiltered reference feed it the same way, line by line in order.

#include "core/diagnose/diagnosis.h"
#include "core/diagnose/layers.h"
#include "core/diagnose/logstructure.h"

#include <QByteArrayView>

#include <array>
#include <vector>

namespace kwb::detail {

/// How much a sign counts, ordered: a cause beats any wrapper, a wrapper beats any consequence or weak
/// hint; the weight compares signs of one tier.
struct Strength {
    int tier = -1; ///< 2 cause, 1 wrapper, 0 consequence or weak hint, -1 nothing
    int weight = 0;
    bool operator<(const Strength& o) const { return tier != o.tier ? tier < o.tier : weight < o.weight; }
    bool operator==(const Strength& o) const = default;
};

struct Hit {
    int line;
    Strength strength;
    QString text;
    Layer layer;
    qsizetype at = 0; ///< where in `text` the deciding match starts, for quoting the part that matters
};

class Ballot {
public:
    /// `log` is the text being read: a few rules look at the lines above the one that matched.
    explicit Ballot(QByteArrayView log);

    /// One line (cleaned: no colour codes, no trailing blanks), starting at byte `begin` of the log, with
    /// the pattern indices to try on it (indices into RuleSet::instance().patterns).
    void line(int lineNo, qsizetype begin, const QString& text, const std::vector<int>& candidates);

    Diagnosis finish(const FailureContext& context);

private:
    // The strongest signs of one class: at most maxEvidenceLines, ordered by strength, then by line
    // (earliest first; latest first for the informative lines, where the last error says most).
    struct Vote {
        Strength best;
        bool onlyInfo = true; ///< every sign of it is on an INFO line: what a library tried, not a failure
        bool onlyAside = true; ///< every sign of it is on a warning or an INFO line: reported on the way
        QList<Hit> hits;
        void add(const Hit& h, bool latestFirst);
    };

    /// The nearest line above byte `begin` that is not blank and not a caret marker (`^^^^`): the source line a
    /// Python traceback quotes right above its exception.
    QString sourceLineAbove(qsizetype begin) const;

    QByteArrayView m_log;
    const QList<FailureClass>& m_classes;
    std::array<Vote, 16> m_votes {};
    Vote m_informative;
    StructureReader m_structure;
    Vote m_wrappers; ///< the strongest lines that reported a failure without its cause
    Vote m_results; ///< lines that print a result (a tensor, an array)
    QString m_lastPythonFrame; ///< the payload of the last Python frame line read
    QString m_lastFileFrame; ///< the last Python frame of a file (not generated code, `File "<string>"`)
    Layer m_lastFrameLayer = Layer::None; ///< the layer of that frame (a file of urllib3, botocore, pandas, …)
    bool m_endsOutside = false; ///< the last exception read was raised outside the accelerator stack
    std::optional<Hit> m_outside; ///< the first failure line of a layer outside the accelerator stack
    int m_hostStorageFullAt = -1; ///< the first line that reported the host's disk full as a failure, or -1
};

} // namespace kwb::detail
