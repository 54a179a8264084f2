// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The wording model: what the labelled corpora say about words. For every failure class, how many labelled logs
// of that class report their failure in lines that contain each word and each pair of adjacent words. When no rule
// names a cause, the diagnosis asks it which class's logs a log's failure report reads most like (docs/diagnosis.md,
// "When no rule decides"). It is counted, not
// tuned: `kwb diagnose --train-wording-model` writes it from the corpora, and a test keeps the file in the
// repository equal to what the corpora give.

#include "core/diagnose/diagnosis.h"
#include "core/diagnose/failureclass.h"
#include "core/result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace kwb {
struct CorpusEntry;
}

namespace kwb::detail {

/// The words of a log the model reads (only its last `wordingTailBytes`, from a line start): runs of ASCII
/// letters, digits and `_` that start with a letter or `_` and are at least three long, lowercased, and each pair
/// of adjacent words ("cuda out", "out memory"). Each once, sorted.
std::vector<QByteArray> wordingFeatures(QByteArrayView log);

/// Where the part of a log the model reads begins: 0, or the first line start within its last `wordingTailBytes`.
qsizetype wordingTailStart(QByteArrayView log);

/// The model reads a log's end: the report of a failure is there, and a long log costs no more than this.
inline constexpr qsizetype wordingTailBytes = 32 * 1024;

/// What the model reads of a log: the lines the rules found reporting its failure (a diagnosis's evidence: the lines
/// that decided, or for `unknown` the last exception and the lines that say error, fatal, failed), one a line; the
/// log itself when they found none. The words around a failure (the job's progress, its GPU) are not its cause.
QByteArray wordingText(const Diagnosis& rules, QByteArrayView log);

/// Which class a text's words point to, and how far ahead of the next and of `unknown`.
struct WordingVerdict {
    FailureClass cls = FailureClass::Unknown;
    FailureClass runnerUp = FailureClass::Unknown;
    double margin = 0; ///< the winner's score minus the runner-up's (natural log of an odds ratio)
    double marginOverUnknown = 0; ///< the winner's score minus `unknown`'s (0 when the winner is `unknown`)
    QList<QByteArray> words; ///< the words that weighed most for the winner, strongest first (at most 8)
};

class WordingModel {
public:
    static constexpr int classCount = 13;

    /// Counts every entry once (an exact repeat of a log counts once), the words of its wordingText() as the rules
    /// alone read it. Words that occur in fewer than two of the logs are dropped: one log's words are its own, not its
    /// class's. The rules decide which lines are counted, so a change to them calls for counting again.
    static WordingModel train(const QList<CorpusEntry>& entries);

    /// The model file's text (resources/diagnose/wording-model.tsv): deterministic, so a test can compare it.
    QByteArray serialise() const;
    /// Reads a model file; errors name the file and line.
    static Result<WordingModel> parse(const QByteArray& text, const QString& path);

    /// The model the diagnosis uses: resources/diagnose/wording-model.tsv, compiled in as a Qt resource and read
    /// once; nothing when it cannot be read (the rules then decide alone, and `installedProblem()` says why).
    static const WordingModel* installed();
    static QString installedProblem();

    /// Takes logs the model was counted from out of it again (matched by their text and class), so that an
    /// evaluation never scores a log with its own counts. Returns how many were taken out.
    int leaveOut(const QList<CorpusEntry>& entries);
    /// Puts them back.
    void putBack(const QList<CorpusEntry>& entries);

    /// Reads a wordingText(). Nothing when it has no word the model knows.
    std::optional<WordingVerdict> read(QByteArrayView text) const;

    int logCount() const { return m_logs; }
    int wordCount() const { return int(m_words.size()); }

private:
    using Counts = std::array<int, classCount>;
    void add(const CorpusEntry& e, int sign);

    int m_logs = 0;
    Counts m_perClass {};
    QHash<QByteArray, Counts> m_words; ///< word -> logs of each class that contain it
    QHash<QByteArray, int> m_trained; ///< digest of a counted log's text -> its class
    QSet<QByteArray> m_out; ///< digests of the counted logs taken out again
};

} // namespace kwb::detail
