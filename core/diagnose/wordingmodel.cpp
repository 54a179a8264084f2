// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnose/wordingmodel.h"

#include "core/diagnose/corpus.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace kwb::detail {

namespace {
bool isWordByte(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool startsWord(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

} // namespace

qsizetype wordingTailStart(QByteArrayView log)
{
    if (log.size() <= wordingTailBytes)
        return 0;
    const qsizetype from = log.size() - wordingTailBytes;
    const qsizetype nl = log.indexOf('\n', from - 1);
    return nl < 0 ? from : nl + 1;
}

namespace {

// The words of `text` in order: a run of word bytes counts from its first letter or `_`.
QList<QByteArray> wordsInOrder(QByteArrayView text)
{
    QList<QByteArray> words;
    qsizetype i = 0;
    while (i < text.size()) {
        if (!isWordByte(text[i])) {
            ++i;
            continue;
        }
        qsizetype end = i;
        while (end < text.size() && isWordByte(text[end]))
            ++end;
        qsizetype start = i;
        while (start < end && !startsWord(text[start]))
            ++start;
        if (end - start >= 3)
            words.append(text.sliced(start, end - start).toByteArray().toLower());
        i = end;
    }
    return words;
}

std::vector<QByteArray> featuresOf(const QList<QByteArray>& words)
{
    std::vector<QByteArray> out;
    out.reserve(size_t(words.size()) * 2);
    for (qsizetype i = 0; i < words.size(); ++i) {
        out.push_back(words[i]);
        if (i > 0)
            out.push_back(words[i - 1] + ' ' + words[i]);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

QByteArray digestOf(const QString& log)
{
    return QCryptographicHash::hash(log.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
}

// The words of a labelled log, as the model counts them: of the lines the rules alone find reporting its failure.
std::vector<QByteArray> countedFeatures(const CorpusEntry& e)
{
    const QByteArray log = e.log.toUtf8();
    return wordingFeatures(wordingText(diagnoseWithModel(log, e.context, nullptr), log));
}

int classIndex(FailureClass c)
{
    return int(c);
}

} // namespace

std::vector<QByteArray> wordingFeatures(QByteArrayView log)
{
    return featuresOf(wordsInOrder(log.sliced(wordingTailStart(log))));
}

QByteArray wordingText(const Diagnosis& rules, QByteArrayView log)
{
    if (rules.evidence.isEmpty())
        return log.toByteArray();
    QByteArray text;
    for (const EvidenceLine& e : rules.evidence)
        text += e.text.toUtf8() + '\n';
    return text;
}

void WordingModel::add(const CorpusEntry& e, int sign)
{
    const int c = classIndex(e.expected);
    m_logs += sign;
    m_perClass[size_t(c)] += sign;
    for (const QByteArray& w : countedFeatures(e)) {
        auto it = m_words.find(w);
        if (it != m_words.end())
            (*it)[size_t(c)] += sign;
    }
}

WordingModel WordingModel::train(const QList<CorpusEntry>& entries)
{
    WordingModel m;
    QHash<QByteArray, Counts> all;
    for (const CorpusEntry& e : entries) {
        const QByteArray digest = digestOf(e.log);
        if (m.m_trained.contains(digest))
            continue;
        m.m_trained.insert(digest, classIndex(e.expected));
        ++m.m_logs;
        ++m.m_perClass[size_t(classIndex(e.expected))];
        for (const QByteArray& w : countedFeatures(e))
            ++all[w][size_t(classIndex(e.expected))];
    }
    for (auto it = all.cbegin(); it != all.cend(); ++it) {
        int total = 0;
        for (int n : it.value())
            total += n;
        if (total >= 2)
            m.m_words.insert(it.key(), it.value());
    }
    return m;
}

QByteArray WordingModel::serialise() const
{
    QByteArray out;
    out += "# Kernel Review Workbench wording model: for each failure class, how many labelled logs contain each word\n"
           "# and each pair of adjacent words (docs/diagnosis.md, \"When no rule decides\"). Written by\n"
           "# kwb diagnose --train-wording-model resources/diagnose/wording-model.tsv "
           "tests/diagnose/fixtures/*.jsonl\n";
    out += "logs\t" + QByteArray::number(m_logs) + '\n';
    for (int c = 0; c < classCount; ++c)
        out += "class\t" + QByteArray::number(c) + '\t' + failureClassName(FailureClass(c)).toUtf8() + '\t'
            + QByteArray::number(m_perClass[size_t(c)]) + '\n';
    QList<QByteArray> digests = m_trained.keys();
    std::sort(digests.begin(), digests.end());
    for (const QByteArray& d : digests)
        out += "log\t" + d + '\t' + QByteArray::number(m_trained.value(d)) + '\n';
    QList<QByteArray> words = m_words.keys();
    std::sort(words.begin(), words.end());
    for (const QByteArray& w : words) {
        out += "word\t" + w + '\t';
        const Counts& n = m_words.value(w);
        bool first = true;
        for (int c = 0; c < classCount; ++c) {
            if (n[size_t(c)] == 0)
                continue;
            if (!first)
                out += ' ';
            out += QByteArray::number(c) + ':' + QByteArray::number(n[size_t(c)]);
            first = false;
        }
        out += '\n';
    }
    return out;
}

Result<WordingModel> WordingModel::parse(const QByteArray& text, const QString& path)
{
    WordingModel m;
    int lineNo = 0;
    int classesSeen = 0;
    for (const QByteArray& line : text.split('\n')) {
        ++lineNo;
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const QList<QByteArray> f = line.split('\t');
        bool ok = true;
        if (f[0] == "logs" && f.size() == 2) {
            m.m_logs = f[1].toInt(&ok);
        } else if (f[0] == "class" && f.size() == 4) {
            const int c = f[1].toInt(&ok);
            if (!ok || c != classesSeen || c >= classCount || failureClassName(FailureClass(c)).toUtf8() != f[2])
                return errorAtLine(path, lineNo,
                    QStringLiteral("class %1 is not \"%2\": the file was written for other classes")
                        .arg(QString::fromUtf8(f[1]), QString::fromUtf8(f[2])));
            m.m_perClass[size_t(c)] = f[3].toInt(&ok);
            ok = ok && m.m_perClass[size_t(c)] >= 0;
            ++classesSeen;
        } else if (f[0] == "log" && f.size() == 3) {
            const int c = f[2].toInt(&ok);
            ok = ok && c >= 0 && c < classCount;
            m.m_trained.insert(f[1], c);
        } else if (f[0] == "word" && f.size() == 3) {
            Counts n {};
            for (const QByteArray& cell : f[2].split(' ')) {
                const qsizetype colon = cell.indexOf(':');
                bool okClass = false;
                bool okCount = false;
                const int c = cell.left(colon).toInt(&okClass);
                const int count = cell.mid(colon + 1).toInt(&okCount);
                if (colon < 0 || !okClass || !okCount || c < 0 || c >= classCount || count < 0) {
                    ok = false;
                    break;
                }
                n[size_t(c)] = count;
            }
            m.m_words.insert(f[1], n);
        } else {
            ok = false;
        }
        if (!ok)
            return errorAtLine(path, lineNo,
                QStringLiteral("expected \"logs\", \"class\", \"log\" or \"word\" with its fields, tab-separated"));
    }
    if (classesSeen != classCount || m.m_logs <= 0)
        return errorAtLine(
            path, lineNo, QStringLiteral("no \"logs\" count or not every class: the file is incomplete"));
    return m;
}

namespace {
struct Installed {
    std::optional<WordingModel> model;
    QString problem;
};

const Installed& installedModel()
{
    static const Installed once = [] {
        Installed i;
        const QString path = QStringLiteral(":/diagnose/wording-model.tsv");
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            i.problem = QStringLiteral("%1: cannot read: %2").arg(path, f.errorString());
            return i;
        }
        auto parsed = WordingModel::parse(f.readAll(), path);
        if (parsed)
            i.model = std::move(parsed.value());
        else
            i.problem = QStringLiteral("%1: %2: %3").arg(path, parsed.error().where, parsed.error().what);
        return i;
    }();
    return once;
}
} // namespace

const WordingModel* WordingModel::installed()
{
    const Installed& i = installedModel();
    return i.model ? &*i.model : nullptr;
}

QString WordingModel::installedProblem()
{
    return installedModel().problem;
}

int WordingModel::leaveOut(const QList<CorpusEntry>& entries)
{
    int n = 0;
    for (const CorpusEntry& e : entries) {
        const QByteArray digest = digestOf(e.log);
        auto it = m_trained.find(digest);
        if (it == m_trained.end() || it.value() != classIndex(e.expected) || m_out.contains(digest))
            continue;
        m_out.insert(digest);
        add(e, -1);
        ++n;
    }
    return n;
}

void WordingModel::putBack(const QList<CorpusEntry>& entries)
{
    for (const CorpusEntry& e : entries) {
        if (m_out.remove(digestOf(e.log)))
            add(e, +1);
    }
}

std::optional<WordingVerdict> WordingModel::read(QByteArrayView text) const
{
    const double logs = m_logs;
    std::array<double, classCount> score {};
    std::vector<std::pair<double, QByteArray>> forWinner;
    const std::vector<QByteArray> features = wordingFeatures(text);
    struct Known {
        const Counts* counts; ///< logs of each class that hold the word
        const QByteArray* word;
        int total; ///< logs that hold it
    };
    std::vector<Known> known;
    for (const QByteArray& w : features) {
        auto it = m_words.constFind(w);
        if (it == m_words.cend())
            continue;
        int total = 0;
        for (int n : it.value())
            total += n;
        if (total < 2)
            continue; // what is left of a word once the log it came from was taken out
        known.push_back({ &it.value(), &it.key(), total });
    }
    if (known.empty())
        return std::nullopt;
    auto term = [&](const Known& k, int c) {
        const int inClassWithWord = (*k.counts)[size_t(c)];
        const double inClass = m_perClass[size_t(c)];
        return std::log((inClassWithWord + 0.5) / (inClass + 1.0))
            - std::log((k.total - inClassWithWord + 0.5) / (logs - inClass + 1.0));
    };
    std::vector<int> ranked;
    for (int c = 0; c < classCount; ++c) {
        const double inClass = m_perClass[size_t(c)];
        if (inClass <= 0 || inClass >= logs)
            continue;
        double s = std::log(inClass / logs);
        for (const Known& k : known)
            s += term(k, c);
        score[size_t(c)] = s;
        ranked.push_back(c);
    }
    if (ranked.size() < 2)
        return std::nullopt;
    std::stable_sort(ranked.begin(), ranked.end(), [&](int a, int b) { return score[size_t(a)] > score[size_t(b)]; });
    WordingVerdict v;
    v.cls = FailureClass(ranked[0]);
    v.runnerUp = FailureClass(ranked[1]);
    v.margin = score[size_t(ranked[0])] - score[size_t(ranked[1])];
    const int unknown = classIndex(FailureClass::Unknown);
    const bool unknownRanked = std::find(ranked.begin(), ranked.end(), unknown) != ranked.end();
    v.marginOverUnknown = unknownRanked ? score[size_t(ranked[0])] - score[size_t(unknown)] : v.margin;
    for (const Known& k : known) {
        const double t = term(k, ranked[0]);
        if (t > 0)
            forWinner.emplace_back(t, *k.word);
    }
    std::stable_sort(
        forWinner.begin(), forWinner.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (size_t i = 0; i < forWinner.size() && i < 8; ++i)
        v.words.append(forWinner[i].second);
    return v;
}

} // namespace kwb::detail
