// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnose/diagnosis.h"

#include "core/diagnose/ballot.h"
#include "core/diagnose/ruleset.h"
#include "core/diagnose/softwrap.h"
#include "core/diagnose/wordingdecision.h"
#include "core/diagnose/wordingmodel.h"

#include <QRegularExpression>

namespace kwb {

namespace {
// Longer lines are matched and reported by their head only: a megabyte-long line of tensor dump
// must not make diagnosis slow, and error messages sit at the start of their line.
constexpr qsizetype kMaxLineLength = 2000;
// kMaxLineLength UTF-16 units never need more than 3 bytes each (4-byte sequences give 2 units), so this
// many bytes of a line always decode to at least kMaxLineLength units.
constexpr qsizetype kMaxLineBytes = 3 * kMaxLineLength;

QJsonObject markedToJson(const MarkedLine& m)
{
    QJsonObject o { { QStringLiteral("line"), m.line.line }, { QStringLiteral("text"), m.line.text } };
    if (!m.layer.isEmpty())
        o.insert(QStringLiteral("layer"), m.layer);
    return o;
}

QJsonArray alternativesToJson(const QList<Alternative>& alternatives)
{
    QJsonArray a;
    for (const auto& alt : alternatives)
        a.append(QJsonObject { { QStringLiteral("class"), failureClassName(alt.cls) },
            { QStringLiteral("score"), alt.score }, { QStringLiteral("kind"), alt.kind } });
    return a;
}

// What JSON and finding evidence share beyond their first fields.
void insertDecision(QJsonObject& o, const Diagnosis& d)
{
    o.insert(QStringLiteral("confidence"), d.confidence);
    if (!d.scoreKind.isEmpty())
        o.insert(QStringLiteral("sign"),
            QJsonObject { { QStringLiteral("kind"), d.scoreKind }, { QStringLiteral("weight"), d.score } });
    o.insert(QStringLiteral("alternatives"), alternativesToJson(d.alternatives));
    if (d.cause)
        o.insert(QStringLiteral("cause"), markedToJson(*d.cause));
    if (d.wrapper)
        o.insert(QStringLiteral("wrapper"), markedToJson(*d.wrapper));
    if (d.secondary)
        o.insert(QStringLiteral("second_class"), failureClassName(*d.secondary));
    if (!d.outsideStack.isEmpty())
        o.insert(QStringLiteral("outside_stack"), d.outsideStack);
}
} // namespace

QString detail::cleanLine(QStringView raw)
{
    static const QRegularExpression ansi(QStringLiteral("\x1b\\[[0-9;?]*[ -/]*[@-~]"));
    QString s = raw.left(kMaxLineLength).toString();
    if (s.contains(QChar(0x1b)))
        s.remove(ansi);
    while (!s.isEmpty() && s.back().isSpace())
        s.chop(1);
    return s;
}

QString detail::evidenceText(const QString& cleaned)
{
    constexpr qsizetype maxEvidenceText = 400;
    return cleaned.size() > maxEvidenceText ? cleaned.left(maxEvidenceText) + QStringLiteral("…") : cleaned;
}

QJsonArray evidenceToJson(const QList<EvidenceLine>& evidence)
{
    QJsonArray lines;
    for (const auto& e : evidence)
        lines.append(QJsonObject { { QStringLiteral("line"), e.line }, { QStringLiteral("text"), e.text } });
    return lines;
}

QJsonObject Diagnosis::toJson() const
{
    QJsonObject o { { QStringLiteral("class"), className() }, { QStringLiteral("finding"), findingId() },
        { QStringLiteral("title"), title }, { QStringLiteral("explanation"), explanation },
        { QStringLiteral("evidence_lines"), evidenceToJson(evidence) } };
    insertDecision(o, *this);
    return o;
}

Finding Diagnosis::toFinding() const
{
    Finding f;
    f.id = findingId();
    f.severity = failureSeverity(cls);
    f.message = title;
    f.evidence = QJsonObject { { QStringLiteral("class"), className() }, { QStringLiteral("explanation"), explanation },
        { QStringLiteral("log_lines"), evidenceToJson(evidence) } };
    insertDecision(f.evidence, *this);
    return f;
}

namespace {
// One reading of a log; `lineOf` maps its lines to the original's when soft-wrapped lines were joined.
Diagnosis readFiltered(QByteArrayView log, const std::vector<int>* lineOf, const FailureContext& context)
{
    const auto& set = detail::RuleSet::instance();
    detail::Ballot ballot(log);
    set.prefilter.scan(log, [&](int lineNo, qsizetype begin, qsizetype end, const std::vector<int>& candidates) {
        const QByteArrayView raw = log.sliced(begin, std::min(end - begin, kMaxLineBytes));
        ballot.line(lineOf ? (*lineOf)[size_t(lineNo - 1)] : lineNo, begin, detail::cleanLine(QString::fromUtf8(raw)),
            candidates);
    });
    return ballot.finish(context);
}

Diagnosis readUnfiltered(QByteArrayView log, const std::vector<int>* lineOf, const FailureContext& context)
{
    const auto& set = detail::RuleSet::instance();
    std::vector<int> all(size_t(set.patterns.size()));
    for (size_t i = 0; i < all.size(); ++i)
        all[i] = int(i);
    detail::Ballot ballot(log);
    int lineNo = 0;
    qsizetype pos = 0;
    while (pos <= log.size()) {
        qsizetype end = log.indexOf('\n', pos);
        if (end < 0)
            end = log.size();
        ++lineNo;
        const QByteArrayView raw = log.sliced(pos, std::min(end - pos, kMaxLineBytes));
        ballot.line(
            lineOf ? (*lineOf)[size_t(lineNo - 1)] : lineNo, pos, detail::cleanLine(QString::fromUtf8(raw)), all);
        pos = end + 1;
    }
    return ballot.finish(context);
}

// When no cause decided, the log is read again as pasted text, its soft-wrapped lines joined and its markdown
// emphasis removed (softwrap.h): a message split by a terminal's width or marked up in a post keeps its sign. The
// second reading counts only when it finds a cause.
template <typename Read> Diagnosis readJoiningSoftWraps(QByteArrayView log, const FailureContext& context, Read read)
{
    Diagnosis d = read(log, nullptr, context);
    if (d.scoreKind == u"cause" || !d.outsideStack.isEmpty())
        return d;
    const detail::JoinedLog joined = detail::joinSoftWrappedLines(log);
    if (joined.joins == 0 && joined.unmarked == 0)
        return d;
    Diagnosis again = read(QByteArrayView(joined.text), &joined.firstLine, context);
    return again.scoreKind == u"cause" ? again : d;
}
} // namespace

Diagnosis diagnoseUtf8(QByteArrayView log, const FailureContext& context)
{
    return detail::diagnoseWithModel(log, context, detail::WordingModel::installed());
}

Diagnosis diagnose(QStringView log, const FailureContext& context)
{
    return diagnoseUtf8(log.toUtf8(), context);
}

namespace detail {
Diagnosis diagnoseUnfiltered(QStringView log, const FailureContext& context)
{
    const QByteArray utf8 = log.toUtf8();
    return consultWording(readJoiningSoftWraps(utf8, context, readUnfiltered), utf8, WordingModel::installed());
}

Diagnosis diagnoseWithModel(QByteArrayView log, const FailureContext& context, const WordingModel* model)
{
    return consultWording(readJoiningSoftWraps(log, context, readFiltered), log, model);
}
} // namespace detail

} // namespace kwb
