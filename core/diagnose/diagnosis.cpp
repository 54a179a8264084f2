#include "core/diagnose/diagnosis.h"

#include "core/diagnose/prefilter.h"
#include "core/diagnose/rules.h"

#include <QRegularExpression>

#include <algorithm>
#include <array>

namespace kwb {

namespace {
// Longer lines are matched and reported by their head only: a megabyte-long line of tensor dump
// must not make diagnosis slow, and error messages sit at the start of their line.
constexpr qsizetype kMaxLineLength = 2000;
// kMaxLineLength UTF-16 units never need more than 3 bytes each (4-byte sequences give 2 units), so this
// many bytes of a line always decode to at least kMaxLineLength units.
constexpr qsizetype kMaxLineBytes = 3 * kMaxLineLength;
constexpr qsizetype kMaxEvidenceText = 400;
// A second failure is reported when its strongest sign is at least this definite (weight tier 80–100).
constexpr int kSecondaryMinScore = 80;

// A warning is not the failure: a CPU run of a JAX or PyTorch program warns that no GPU was found, and the
// error that failed it must still win. Rules matched on a warning line count 70 % of their weight.
bool isWarningLine(const QString& text)
{
    static const QRegularExpression re(
        QStringLiteral(R"re(\b[A-Z]\w*Warning\b|\bWARNING\b|^W\d{4} |^\S+ [\d:.]+: W )re"));
    return re.match(text).hasMatch();
}

// A glog or Python-logging INFO line reports what a library tried, not what failed: JAX logs every backend
// it could not start that way on a machine where another backend works. Its signs count 30 %.
bool isInfoLine(const QString& text)
{
    static const QRegularExpression re(QStringLiteral(R"re(^I\d{4} |^\S+ [\d:.]+: I |\bINFO\b)re"));
    return re.match(text).hasMatch();
}

struct CompiledRule {
    const DiagnosisRule* rule;
    QRegularExpression re;
};

// The classifying rules followed by the informative-line rules, compiled once, and the prefilter over both.
struct RuleSet {
    QList<CompiledRule> rules;
    int classifying = 0; ///< rules[0, classifying) vote for classes; the rest only pick lines for `unknown`
    LinePrefilter prefilter;

    static QList<std::optional<QList<QByteArray>>> literalsOf()
    {
        QList<std::optional<QList<QByteArray>>> l;
        for (const auto* table : { &diagnosisRules(), &informativeLineRules() }) {
            for (const auto& r : *table)
                l.append(requiredLiterals(r.pattern));
        }
        return l;
    }

    RuleSet()
        : prefilter(literalsOf())
    {
        for (const auto* table : { &diagnosisRules(), &informativeLineRules() }) {
            for (const auto& r : *table) {
                QRegularExpression re(QString::fromUtf8(r.pattern), QRegularExpression::CaseInsensitiveOption);
                re.optimize();
                rules.append({ &r, std::move(re) });
            }
            if (table == &diagnosisRules())
                classifying = int(rules.size());
        }
    }
};

const RuleSet& ruleSet()
{
    static const RuleSet set;
    return set;
}

QString cleanLine(QStringView raw)
{
    static const QRegularExpression ansi(QStringLiteral("\x1b\\[[0-9;?]*[ -/]*[@-~]"));
    QString s = raw.left(kMaxLineLength).toString();
    if (s.contains(QChar(0x1b)))
        s.remove(ansi);
    while (!s.isEmpty() && s.back().isSpace())
        s.chop(1);
    return s;
}

QString signalName(int sig)
{
    switch (sig) {
    case 1:
        return QStringLiteral("SIGHUP");
    case 2:
        return QStringLiteral("SIGINT");
    case 4:
        return QStringLiteral("SIGILL");
    case 6:
        return QStringLiteral("SIGABRT");
    case 7:
        return QStringLiteral("SIGBUS");
    case 8:
        return QStringLiteral("SIGFPE");
    case 9:
        return QStringLiteral("SIGKILL");
    case 11:
        return QStringLiteral("SIGSEGV");
    case 13:
        return QStringLiteral("SIGPIPE");
    case 15:
        return QStringLiteral("SIGTERM");
    default:
        return QStringLiteral("signal %1").arg(sig);
    }
}

// A shell reports death by signal N as exit status 128+N; Python's subprocess as -N.
std::optional<int> effectiveSignal(const FailureContext& c)
{
    if (c.signal && *c.signal > 0)
        return c.signal;
    if (c.exitCode && *c.exitCode < 0)
        return -*c.exitCode;
    if (c.exitCode && *c.exitCode > 128 && *c.exitCode <= 128 + 64)
        return *c.exitCode - 128;
    return std::nullopt;
}

struct Hit {
    int line;
    int weight;
    QString text;
};

// The strongest sign of one class and the lines that would be its evidence: at most maxEvidenceLines,
// kept ordered by weight, then by line (earliest first, or latest first for the informative lines, where
// the last error of a log says most). Memory stays bounded however long the log is.
struct Vote {
    int score = 0;
    QList<Hit> hits;

    void add(int line, int weight, const QString& text, bool latestFirst)
    {
        score = std::max(score, weight);
        qsizetype at = 0;
        while (at < hits.size() && (hits[at].weight > weight || (hits[at].weight == weight && !latestFirst)))
            ++at;
        if (at >= maxEvidenceLines)
            return;
        hits.insert(at, { line, weight, text });
        if (hits.size() > maxEvidenceLines)
            hits.removeLast();
    }
};

QString contextSentence(const FailureContext& c, std::optional<int> sig)
{
    if (c.timedOut)
        return QStringLiteral(" The process was killed at the wall-clock limit.");
    if (sig)
        return QStringLiteral(" The process was terminated by %1 (signal %2).").arg(signalName(*sig)).arg(*sig);
    if (c.exitCode && *c.exitCode != 0)
        return QStringLiteral(" The process exited with status %1.").arg(*c.exitCode);
    return {};
}

QList<EvidenceLine> evidenceFrom(const QList<Hit>& hits)
{
    QList<EvidenceLine> out;
    for (const auto& h : hits) {
        QString t = h.text;
        if (t.size() > kMaxEvidenceText)
            t = t.left(kMaxEvidenceText) + QStringLiteral("…");
        out.append({ h.line, t });
    }
    std::sort(out.begin(), out.end(), [](const EvidenceLine& a, const EvidenceLine& b) { return a.line < b.line; });
    return out;
}

// Collects the votes of a log's lines; the filtered and the unfiltered paths feed it the same way.
class Ballot {
public:
    Ballot()
        : m_classes(failureClassesByPrecedence())
    {
    }

    // One line, with the rules to try on it (indices into ruleSet().rules).
    template <typename Indices> void line(int lineNo, const QString& text, const Indices& candidates)
    {
        if (text.trimmed().isEmpty())
            return;
        const auto& set = ruleSet();
        // Whether the line is a warning or an INFO line is asked only once a classifying rule matched it.
        int kind = -1; // -1 not asked yet, 0 plain, 1 warning, 2 info
        std::array<int, 16> best {}; // per class: this line's strongest weight
        int informative = 0;
        for (int i : candidates) {
            const CompiledRule& r = set.rules[i];
            if (!r.re.match(text).hasMatch())
                continue;
            if (i >= set.classifying) {
                informative = std::max(informative, r.rule->weight);
                continue;
            }
            if (kind < 0)
                kind = isWarningLine(text) ? 1 : isInfoLine(text) ? 2 : 0;
            const bool warning = kind == 1;
            const bool info = kind == 2;
            const int weight = warning ? r.rule->weight * 7 / 10
                : info                 ? std::max(1, r.rule->weight * 3 / 10)
                                       : r.rule->weight;
            int& b = best[size_t(m_classes.indexOf(r.rule->cls))];
            b = std::max(b, weight);
        }
        for (size_t c = 0; c < best.size(); ++c) {
            if (best[c] > 0)
                m_votes[c].add(lineNo, best[c], text, false);
        }
        if (informative > 0)
            m_informative.add(lineNo, informative, text, true);
    }

    Diagnosis finish(const FailureContext& context)
    {
        // How the process ended votes too, without evidence lines: a timeout is a fact, a signal is the
        // fallback explanation when the log names no cause.
        const std::optional<int> sig = effectiveSignal(context);
        if (context.timedOut) {
            Vote& v = m_votes[size_t(m_classes.indexOf(FailureClass::TimeoutHang))];
            v.score = std::max(v.score, 100);
        } else if (sig) {
            Vote& v = m_votes[size_t(m_classes.indexOf(FailureClass::Crash))];
            v.score = std::max(v.score, 70);
        }

        Diagnosis d;
        int best = -1;
        for (int i = 0; i < m_classes.size(); ++i) {
            if (m_votes[size_t(i)].score > 0 && (best < 0 || m_votes[size_t(i)].score > m_votes[size_t(best)].score))
                best = i;
        }
        if (best >= 0) {
            d.cls = m_classes[best];
            d.score = m_votes[size_t(best)].score;
            d.evidence = evidenceFrom(m_votes[size_t(best)].hits);
        } else {
            // Nothing known: still point at the lines a reader looks at first (the last exception, errors).
            d.evidence = evidenceFrom(m_informative.hits);
        }
        for (int i = 0; i < m_classes.size(); ++i) {
            if (i != best && m_votes[size_t(i)].score > 0)
                d.alternatives.append({ m_classes[i], m_votes[size_t(i)].score });
        }
        std::stable_sort(d.alternatives.begin(), d.alternatives.end(),
            [](const auto& a, const auto& b) { return a.second > b.second; });
        if (!d.alternatives.isEmpty() && d.alternatives.first().second >= kSecondaryMinScore)
            d.secondary = d.alternatives.first().first;
        d.title = failureTitle(d.cls);
        d.explanation = failureExplanation(d.cls) + contextSentence(context, sig);
        return d;
    }

private:
    const QList<FailureClass>& m_classes;
    std::array<Vote, 16> m_votes {};
    Vote m_informative;
};
} // namespace

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
    if (secondary)
        o.insert(QStringLiteral("second_class"), failureClassName(*secondary));
    return o;
}

Finding Diagnosis::toFinding() const
{
    Finding f;
    f.id = findingId();
    f.severity = cls == FailureClass::Unknown ? Severity::Warning : Severity::Error;
    f.message = title;
    f.evidence = QJsonObject { { QStringLiteral("class"), className() }, { QStringLiteral("explanation"), explanation },
        { QStringLiteral("log_lines"), evidenceToJson(evidence) } };
    if (secondary)
        f.evidence.insert(QStringLiteral("second_class"), failureClassName(*secondary));
    return f;
}

Diagnosis diagnoseUtf8(QByteArrayView log, const FailureContext& context)
{
    const auto& set = ruleSet();
    Ballot ballot;
    set.prefilter.scan(log, [&](int lineNo, qsizetype begin, qsizetype end, const std::vector<int>& candidates) {
        const QByteArrayView raw = log.sliced(begin, std::min(end - begin, kMaxLineBytes));
        ballot.line(lineNo, cleanLine(QString::fromUtf8(raw)), candidates);
    });
    return ballot.finish(context);
}

Diagnosis diagnose(QStringView log, const FailureContext& context)
{
    return diagnoseUtf8(log.toUtf8(), context);
}

namespace detail {
Diagnosis diagnoseUnfiltered(QStringView log, const FailureContext& context)
{
    const auto& set = ruleSet();
    std::vector<int> all(size_t(set.rules.size()));
    for (size_t i = 0; i < all.size(); ++i)
        all[i] = int(i);
    Ballot ballot;
    int lineNo = 0;
    qsizetype pos = 0;
    while (pos <= log.size()) {
        qsizetype end = log.indexOf(u'\n', pos);
        if (end < 0)
            end = log.size();
        ++lineNo;
        ballot.line(lineNo, cleanLine(log.mid(pos, end - pos)), all);
        pos = end + 1;
    }
    return ballot.finish(context);
}
} // namespace detail

} // namespace kwb
