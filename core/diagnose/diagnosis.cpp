#include "diagnose/diagnosis.h"

#include "diagnose/rules.h"

#include <QRegularExpression>

#include <algorithm>
#include <array>

namespace kwb {

namespace {
// Longer lines are matched and reported by their head only: a megabyte-long line of tensor dump
// must not make diagnosis slow, and error messages sit at the start of their line.
constexpr qsizetype kMaxLineLength = 2000;
constexpr qsizetype kMaxEvidenceText = 400;
// Of a very long log only the head (setup: driver and device errors) and the tail (where the fatal error
// is) are read, which bounds the time diagnosis takes; the executor caps logs the same way.
constexpr int kHeadLines = 5000;
constexpr int kTailLines = 20000;

// A warning is not the failure: a CPU run of a JAX or PyTorch program warns that no GPU was found, and the
// error that failed it must still win. Rules matched on a warning line count 70 % of their weight.
bool isWarningLine(const QString& text)
{
    static const QRegularExpression re(
        QStringLiteral(R"re(\b[A-Z]\w*Warning\b|\bWARNING\b|^W\d{4} |^\S+ [\d:.]+: W )re"));
    return re.match(text).hasMatch();
}

struct CompiledRule {
    const DiagnosisRule* rule;
    QRegularExpression re;
};

const QList<CompiledRule>& compiledRules()
{
    static const QList<CompiledRule> all = [] {
        QList<CompiledRule> l;
        for (const auto& r : diagnosisRules()) {
            QRegularExpression re(QString::fromUtf8(r.pattern), QRegularExpression::CaseInsensitiveOption);
            re.optimize();
            l.append({ &r, std::move(re) });
        }
        return l;
    }();
    return all;
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

struct Vote {
    int score = 0;
    QList<Hit> hits;
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
    return QJsonObject { { QStringLiteral("class"), className() }, { QStringLiteral("finding"), findingId() },
        { QStringLiteral("title"), title }, { QStringLiteral("explanation"), explanation },
        { QStringLiteral("evidence_lines"), evidenceToJson(evidence) } };
}

Finding Diagnosis::toFinding() const
{
    Finding f;
    f.id = findingId();
    f.severity = cls == FailureClass::Unknown ? Severity::Warning : Severity::Error;
    f.message = title;
    f.evidence = QJsonObject { { QStringLiteral("class"), className() }, { QStringLiteral("explanation"), explanation },
        { QStringLiteral("log_lines"), evidenceToJson(evidence) } };
    return f;
}

Diagnosis diagnose(QStringView log, const FailureContext& context)
{
    const auto& classes = failureClassesByPrecedence();
    std::array<Vote, 16> votes {};
    auto voteFor = [&](FailureClass c) -> Vote& { return votes[size_t(classes.indexOf(c))]; };

    const auto& rules = compiledRules();
    const int lineCount = int(log.count(u'\n')) + 1;
    int lineNo = 0;
    qsizetype pos = 0;
    while (pos <= log.size()) {
        qsizetype end = log.indexOf(u'\n', pos);
        if (end < 0)
            end = log.size();
        ++lineNo;
        const QStringView raw = log.mid(pos, end - pos);
        pos = end + 1;
        if (lineNo > kHeadLines && lineNo <= lineCount - kTailLines)
            continue;
        const QString text = cleanLine(raw);
        if (text.trimmed().isEmpty())
            continue;
        const bool warning = isWarningLine(text);
        for (const auto& r : rules) {
            if (!r.re.match(text).hasMatch())
                continue;
            const int weight = warning ? r.rule->weight * 7 / 10 : r.rule->weight;
            Vote& v = voteFor(r.rule->cls);
            v.score = std::max(v.score, weight);
            v.hits.append({ lineNo, weight, text });
        }
    }

    // How the process ended votes too, without evidence lines: a timeout is a fact, a signal is the
    // fallback explanation when the log names no cause.
    const std::optional<int> sig = effectiveSignal(context);
    if (context.timedOut) {
        Vote& v = voteFor(FailureClass::TimeoutHang);
        v.score = std::max(v.score, 100);
    } else if (sig) {
        Vote& v = voteFor(FailureClass::Crash);
        v.score = std::max(v.score, 70);
    }

    Diagnosis d;
    int best = -1;
    for (int i = 0; i < classes.size(); ++i) {
        if (votes[size_t(i)].score > 0 && (best < 0 || votes[size_t(i)].score > votes[size_t(best)].score))
            best = i;
    }
    if (best >= 0) {
        d.cls = classes[best];
        d.score = votes[size_t(best)].score;
        QList<Hit> hits = votes[size_t(best)].hits;
        std::stable_sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) { return a.weight > b.weight; });
        for (const auto& h : hits) {
            if (d.evidence.size() >= maxEvidenceLines)
                break;
            const bool seen = std::any_of(
                d.evidence.cbegin(), d.evidence.cend(), [&](const EvidenceLine& e) { return e.line == h.line; });
            if (!seen) {
                QString t = h.text;
                if (t.size() > kMaxEvidenceText)
                    t = t.left(kMaxEvidenceText) + QStringLiteral("…");
                d.evidence.append({ h.line, t });
            }
        }
        std::sort(d.evidence.begin(), d.evidence.end(),
            [](const EvidenceLine& a, const EvidenceLine& b) { return a.line < b.line; });
    }
    for (int i = 0; i < classes.size(); ++i) {
        if (i != best && votes[size_t(i)].score > 0)
            d.alternatives.append({ classes[i], votes[size_t(i)].score });
    }
    std::stable_sort(
        d.alternatives.begin(), d.alternatives.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    d.title = failureTitle(d.cls);
    d.explanation = failureExplanation(d.cls) + contextSentence(context, sig);
    return d;
}

} // namespace kwb
