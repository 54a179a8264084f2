// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/diagnose/diagnosis.h"
#include "core/result.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace kwb {

/// One labelled log of a failure corpus (JSONL: one object per line with "id", "class", "log",
/// optionally "second" (a second class the log shows), "framework" (the ecosystem), "source" (where the
/// log was posted), "repo" (owner/name; taken from a GitHub "source" when absent), "split" (e.g. "dev" for
/// logs used while writing rules, "heldout" for logs never used), "tuned" (true: rules were written against the
/// log before the split was made, so it may never be held out), "reason" (why the label), how the process that
/// wrote the log ended ("exit_code", "signal", "timed_out": what a runner knows besides its log) and
/// "log_states_cause" (the labeller's judgement, made before any diagnosis: could a reader name the class from
/// the log alone, or is the cause only in the thread the log was posted to?).
struct CorpusEntry {
    QString id;
    FailureClass expected = FailureClass::Unknown;
    std::optional<FailureClass> second;
    QString framework;
    QString source;
    QString repo;
    QString split;
    bool tuned = false;
    QString log;
    FailureContext context;
    std::optional<bool> logStatesCause;
    int fileLine = 0; ///< 1-based line of the entry in the JSONL file
};

/// Reads a corpus. Errors name the file and line: unparsable JSON, a missing "id"/"class"/"log", an optional
/// field of the wrong type, an unknown class name, a duplicate id. Blank lines are skipped.
Result<QList<CorpusEntry>> loadFailureCorpus(const QString& path);

/// Per-class figures of a corpus evaluation.
struct ClassScore {
    FailureClass cls;
    int truePositives = 0;
    int falsePositives = 0;
    int falseNegatives = 0;
    double precision() const; ///< 1 when the class was never predicted
    double recall() const; ///< 1 when the class never occurs
};

/// A corpus entry classified as something else than its label.
struct Confusion {
    QString id;
    FailureClass expected;
    FailureClass got;
    QList<EvidenceLine> evidence;
};

/// Right/total of a group of entries.
struct Tally {
    int correct = 0;
    int total = 0;
    double rate() const { return total == 0 ? 1.0 : double(correct) / total; }
};

/// The result of classifying every entry of a corpus.
struct CorpusEvaluation {
    int total = 0;
    int correct = 0;
    QMap<QString, Tally> byFramework; ///< framework ("" when the entry names none) -> tally
    Tally causeInLog; ///< entries whose labeller said the log states the cause
    Tally causeNotInLog; ///< entries whose labeller said the cause is only outside the log
    QList<ClassScore> classes; ///< classes that occur or were predicted, in precedence order
    QList<Confusion> confusions; ///< in corpus order

    /// `{"total", "correct", "accuracy", "classes": [{"class", "tp", "fp", "fn", "precision", "recall"}],
    /// "frameworks": {framework: {"correct", "total"}}, "log_states_cause": {"yes": …, "no": …} (only when
    /// some entry says), "confusions": [{"id", "expected", "got", "evidence_lines"}]}`
    QJsonObject toJson() const;
};

/// Classifies every entry. The wording model (wordingmodel.h) was counted from the labelled corpora, so each
/// repository's entries are read with that repository's logs taken out of its counts: no log is scored with its own
/// words.
CorpusEvaluation evaluateFailureCorpus(const QList<CorpusEntry>& entries);

/// A corpus evaluated fold by fold, the folds made of whole source repositories, and split by split
/// ("dev", "heldout", …): the rules are hand-written, so a fold's figure is how well they carry over to
/// repositories; the split says whether the logs shaped the rules.
struct CrossValidation {
    struct Fold {
        QStringList repos;
        QMap<QString, Tally> bySplit; ///< split -> tally ("" for entries without a split)
        Tally all;
    };
    QList<Fold> folds;
    QMap<QString, CorpusEvaluation> bySplit; ///< per split: per-class precision/recall and confusions
    QMap<QString, QMap<QString, Tally>> byFramework; ///< framework -> split -> tally
    QMap<QString, Tally> secondFound; ///< per split: entries with a "second" class whose diagnosis names it
    CorpusEvaluation all;

    /// `{"folds": [{"repos", "splits": {split: {"correct", "total"}}}], "splits": {split: evaluation},
    /// "frameworks": {framework: {split: {"correct", "total"}}}, "second": {split: {...}}, "all": evaluation}`
    QJsonObject toJson() const;
};

/// Assigns whole repositories to `folds` folds (largest repository first, each to the fold with the fewest
/// entries so far; ties by name, so the assignment is deterministic) and evaluates every entry once, with the fold's
/// logs taken out of the wording model's counts.
CrossValidation crossValidateFailureCorpus(const QList<CorpusEntry>& entries, int folds);

namespace detail {
/// An error at a line of a file the diagnosis reads (a corpus, the wording model): it names the file and the line.
Error errorAtLine(const QString& path, int line, const QString& what);
} // namespace detail

} // namespace kwb
