#pragma once

#include "diagnose/diagnosis.h"
#include "result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace kwb {

/// One labelled log of a failure corpus (JSONL: one object per line with "id", "class", "log",
/// optionally "framework" and "source").
struct CorpusEntry {
    QString id;
    FailureClass expected = FailureClass::Unknown;
    QString framework;
    QString log;
    int fileLine = 0; ///< 1-based line of the entry in the JSONL file
};

/// Reads a corpus. Errors name the file and line: unparsable JSON, a missing "id"/"class"/"log", an
/// unknown class name, a duplicate id. Blank lines are skipped.
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

/// The result of classifying every entry of a corpus.
struct CorpusEvaluation {
    int total = 0;
    int correct = 0;
    QList<ClassScore> classes; ///< classes that occur or were predicted, in precedence order
    QList<Confusion> confusions; ///< in corpus order

    /// `{"total", "correct", "accuracy", "classes": [{"class", "tp", "fp", "fn", "precision", "recall"}],
    /// "confusions": [{"id", "expected", "got", "evidence_lines"}]}`
    QJsonObject toJson() const;
};

CorpusEvaluation evaluateFailureCorpus(const QList<CorpusEntry>& entries);

} // namespace kwb
