// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnose/wordingdecision.h"

#include "core/diagnose/wordingmodel.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace kwb::detail {

namespace {
struct WordLines {
    QList<EvidenceLine> lines; ///< in log order
    int strongest = 0; ///< the line that holds the most of them
};

// The lines of the log's end that hold the most of the model's strongest words: the evidence.
WordLines linesWithWords(QByteArrayView log, const QList<QByteArray>& words)
{
    struct Scored {
        int line;
        int weight;
        QByteArrayView text;
    };
    std::vector<Scored> scored;
    const qsizetype start = wordingTailStart(log);
    int lineNo = 1 + int(log.first(start).count('\n'));
    qsizetype pos = start;
    while (pos < log.size()) {
        qsizetype end = log.indexOf('\n', pos);
        if (end < 0)
            end = log.size();
        const QByteArrayView text = log.sliced(pos, end - pos);
        int weight = 0;
        const std::vector<QByteArray> inLine = wordingFeatures(text);
        for (qsizetype rank = 0; rank < words.size(); ++rank) {
            if (std::binary_search(inLine.begin(), inLine.end(), words[rank]))
                weight += int(words.size() - rank);
        }
        if (weight > 0)
            scored.push_back({ lineNo, weight, text });
        ++lineNo;
        pos = end + 1;
    }
    // Strongest first, the later line first among equals (the last report says most).
    std::stable_sort(scored.begin(), scored.end(),
        [](const Scored& a, const Scored& b) { return a.weight != b.weight ? a.weight > b.weight : a.line > b.line; });
    WordLines out;
    if (scored.empty())
        return out;
    out.strongest = scored.front().line;
    if (scored.size() > size_t(maxEvidenceLines))
        scored.resize(size_t(maxEvidenceLines));
    std::sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) { return a.line < b.line; });
    for (const Scored& s : scored) {
        out.lines.append({ s.line, evidenceText(cleanLine(QString::fromUtf8(s.text))) });
    }
    return out;
}

QString odds(double margin)
{
    return margin >= std::log(1000.0) ? QStringLiteral("more than 1000") : QString::number(std::exp(margin), 'f', 0);
}

QString quoted(const QList<QByteArray>& words, int n)
{
    QStringList parts;
    for (qsizetype i = 0; i < words.size() && i < n; ++i)
        parts.append(QStringLiteral("“%1”").arg(QString::fromUtf8(words[i])));
    return parts.join(QStringLiteral(", "));
}
} // namespace

Diagnosis consultWording(Diagnosis rules, QByteArrayView log, const WordingModel* model)
{
    // Signs the rules read and set aside (all on INFO lines: what a library tried, not a failure) were judged: the
    // words of the same lines do not overrule that.
    if (model == nullptr || rules.cls != FailureClass::Unknown || !rules.outsideStack.isEmpty()
        || !rules.alternatives.isEmpty())
        return rules;
    const auto verdict = model->read(wordingText(rules, log));
    if (!verdict || verdict->cls == FailureClass::Unknown || verdict->marginOverUnknown < wordingMarginOverUnknown)
        return rules;
    const WordLines evidence = linesWithWords(log, verdict->words);
    if (evidence.lines.isEmpty())
        return rules;

    Diagnosis d;
    d.cls = verdict->cls;
    d.score = 0;
    d.scoreKind = QStringLiteral("wording");
    d.confidence = wordingConfidence;
    d.title = failureTitle(d.cls);
    d.evidence = evidence.lines;
    for (const EvidenceLine& e : evidence.lines) {
        if (e.line == evidence.strongest)
            d.cause = MarkedLine { e, {} };
    }
    d.wrapper = rules.wrapper;
    d.explanation
        = QStringLiteral("No rule names a failure in this log. The lines that report it read most like the "
                         "labelled logs of this class (%1), ahead of %2 by odds of %3 to 1: a reading of the wording, "
                         "not a rule, right about half the time on logs it had not seen — check it against "
                         "the lines below. %4")
              .arg(quoted(verdict->words, 4), failureClassName(verdict->runnerUp), odds(verdict->margin),
                  failureExplanation(d.cls));
    return d;
}

} // namespace kwb::detail
