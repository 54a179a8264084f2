// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Required-literal analysis of the rule patterns and the Aho–Corasick automaton that scans a log once.
// The analysis follows the idea of RE2's prefilter (and Russ Cox's trigram index), reduced to what a
// per-line filter needs: for each pattern, a set of strings one of which every match contains.
#include "core/diagnose/prefilter.h"

#include <QSet>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <deque>

namespace kwb {

namespace {
// What is known about the strings a regex fragment matches.
struct Info {
    bool exactKnown = false; ///< `exact` is the whole set of strings the fragment can match
    QSet<QByteArray> exact;
    bool reqKnown = false; ///< every match contains one of `req`
    QSet<QByteArray> req;
};

constexpr int kMaxExact = 64;
constexpr int kMaxExactLength = 48;

Info exactly(const QByteArray& s)
{
    Info i;
    i.exactKnown = true;
    i.exact.insert(s);
    return i;
}

Info unknown()
{
    return {};
}

int minLength(const QSet<QByteArray>& s)
{
    int m = INT32_MAX;
    for (const auto& x : s)
        m = std::min(m, int(x.size()));
    return s.isEmpty() ? 0 : m;
}

// The strings one of which every match contains, or nothing.
std::optional<QSet<QByteArray>> required(const Info& i)
{
    if (i.exactKnown && !i.exact.isEmpty() && !i.exact.contains(QByteArray()))
        return i.exact;
    if (i.reqKnown && !i.req.isEmpty() && !i.req.contains(QByteArray()))
        return i.req;
    return std::nullopt;
}

// The more selective of two required sets: longer shortest string, then fewer strings.
std::optional<QSet<QByteArray>> better(
    const std::optional<QSet<QByteArray>>& a, const std::optional<QSet<QByteArray>>& b)
{
    if (!a)
        return b;
    if (!b)
        return a;
    const int la = minLength(*a), lb = minLength(*b);
    if (la != lb)
        return la > lb ? a : b;
    return a->size() <= b->size() ? a : b;
}

Info fromRequired(const std::optional<QSet<QByteArray>>& r)
{
    Info i;
    if (r) {
        i.reqKnown = true;
        i.req = *r;
    }
    return i;
}

Info concat(const Info& a, const Info& b)
{
    if (a.exactKnown && b.exactKnown && qsizetype(a.exact.size()) * b.exact.size() <= kMaxExact) {
        Info i;
        i.exactKnown = true;
        bool tooLong = false;
        for (const auto& x : a.exact) {
            for (const auto& y : b.exact) {
                i.exact.insert(x + y);
                tooLong = tooLong || x.size() + y.size() > kMaxExactLength;
            }
        }
        if (!tooLong)
            return i;
    }
    return fromRequired(better(required(a), required(b)));
}

Info alternate(const Info& a, const Info& b)
{
    if (a.exactKnown && b.exactKnown && a.exact.size() + b.exact.size() <= kMaxExact) {
        Info i = a;
        i.exact.unite(b.exact);
        return i;
    }
    const auto ra = required(a), rb = required(b);
    if (!ra || !rb)
        return unknown();
    Info i;
    i.reqKnown = true;
    i.req = *ra;
    i.req.unite(*rb);
    return i;
}

class Parser {
public:
    explicit Parser(const char* p)
        : m_p(p)
    {
    }

    Info parse()
    {
        Info i = alternation();
        // An unbalanced ')' leaves input, an unsupported construct sets the flag: claim nothing.
        return *m_p || m_unsupported ? unknown() : i;
    }

private:
    Info alternation()
    {
        Info acc = sequence();
        while (*m_p == '|') {
            ++m_p;
            acc = alternate(acc, sequence());
        }
        return acc;
    }

    Info sequence()
    {
        Info acc = exactly(QByteArray());
        while (*m_p && *m_p != '|' && *m_p != ')') {
            // A run of plain characters is one string, so "ValueError: x" after a \w+ stays one literal.
            QByteArray run;
            char ch = 0;
            while (plainCharAhead(ch))
                run += ch;
            if (!run.isEmpty())
                acc = concat(acc, exactly(run));
            else
                acc = concat(acc, quantified());
        }
        return acc;
    }

    static bool isQuantifierAt(const char* q)
    {
        return *q == '?' || *q == '*' || *q == '+' || (*q == '{' && q[1] >= '0' && q[1] <= '9');
    }

    // An ASCII character that matches itself (possibly escaped punctuation) and carries no quantifier:
    // consumes it and returns it lower-cased.
    bool plainCharAhead(char& out)
    {
        const char c = *m_p;
        const char* after = m_p + 1;
        char lit = c;
        if (c == '\\') {
            const char e = m_p[1];
            if (!e || std::isalnum(static_cast<unsigned char>(e)))
                return false; // \d, \b, \x1b, back-references: not plain
            lit = e;
            after = m_p + 2;
        } else if (!c || static_cast<unsigned char>(c) >= 0x80 || std::strchr("()[]{}|.^$?*+", c)) {
            return false;
        }
        if (isQuantifierAt(after))
            return false;
        out = char(std::tolower(static_cast<unsigned char>(lit)));
        m_p = after;
        return true;
    }

    Info quantified()
    {
        Info atomInfo = atom();
        for (;;) {
            int min = -1, max = -1;
            if (*m_p == '?') {
                min = 0;
                max = 1;
                ++m_p;
            } else if (*m_p == '*') {
                min = 0;
                ++m_p;
            } else if (*m_p == '+') {
                min = 1;
                ++m_p;
            } else if (*m_p == '{' && braceQuantifier(min, max)) {
                // consumed
            } else {
                return atomInfo;
            }
            if (*m_p == '?' || *m_p == '+')
                ++m_p; // lazy or possessive: same strings
            if (min == 0 && max == 1 && atomInfo.exactKnown && atomInfo.exact.size() < kMaxExact) {
                atomInfo.exact.insert(QByteArray());
            } else if (min == 0) {
                atomInfo = unknown();
            } else if (!(min == 1 && max == 1)) {
                atomInfo = fromRequired(required(atomInfo));
            }
        }
    }

    // {n}, {n,}, {n,m}; anything else is a literal '{' in PCRE2.
    bool braceQuantifier(int& min, int& max)
    {
        const char* q = m_p + 1;
        auto number = [&q]() {
            int v = -1;
            while (*q >= '0' && *q <= '9') {
                v = (v < 0 ? 0 : v * 10) + (*q - '0');
                ++q;
            }
            return v;
        };
        const int n = number();
        if (n < 0)
            return false;
        int m = n;
        if (*q == ',') {
            ++q;
            m = number(); // -1: unbounded
        }
        if (*q != '}')
            return false;
        m_p = q + 1;
        min = n;
        max = m;
        return true;
    }

    Info literalChar(unsigned char c)
    {
        if (c >= 0x80)
            return unknown(); // non-ASCII: case folding is Unicode's, not ours
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
        return exactly(QByteArray(1, char(c)));
    }

    Info atom()
    {
        const char c = *m_p++;
        switch (c) {
        case '(':
            return group();
        case '[':
            skipClass();
            return unknown();
        case '.':
            return unknown();
        case '^':
        case '$':
            return exactly(QByteArray());
        case '\\':
            return escape();
        default:
            if (static_cast<unsigned char>(c) >= 0x80)
                return nonAsciiChar(c);
            return literalChar(static_cast<unsigned char>(c));
        }
    }

    // A UTF-8 encoded character of the pattern (its first byte already consumed). A character without
    // case variants (CJK, most symbols) matches only its own bytes, so they are a literal; a cased one
    // (é, ß, Greek, Cyrillic) folds in ways this analysis does not model, so it claims nothing.
    Info nonAsciiChar(char first)
    {
        const auto b0 = static_cast<unsigned char>(first);
        const int extra = b0 >= 0xf0 ? 3 : b0 >= 0xe0 ? 2 : b0 >= 0xc0 ? 1 : 0;
        char32_t cp = extra == 3 ? b0 & 0x07 : extra == 2 ? b0 & 0x0f : b0 & 0x1f;
        QByteArray bytes(1, first);
        for (int k = 0; k < extra; ++k) {
            const auto b = static_cast<unsigned char>(*m_p);
            if ((b & 0xc0) != 0x80)
                return unknown(); // malformed: leave the byte to the next atom
            cp = (cp << 6) | (b & 0x3f);
            bytes.append(char(b));
            ++m_p;
        }
        if (extra == 0 || isQuantifierAt(m_p))
            return unknown(); // a quantifier applies to the whole character; keep it simple
        const bool uncased = QChar::toLower(cp) == cp && QChar::toUpper(cp) == cp && QChar::toTitleCase(cp) == cp
            && QChar::toCaseFolded(cp) == cp;
        return uncased ? exactly(bytes) : unknown();
    }

    Info group()
    {
        bool zeroWidth = false;
        if (*m_p == '?') {
            ++m_p;
            if (*m_p == ':' || *m_p == '>' || *m_p == '|') {
                ++m_p;
            } else if (*m_p == '=' || *m_p == '!') {
                ++m_p;
                zeroWidth = true;
            } else if (*m_p == '<' && (m_p[1] == '=' || m_p[1] == '!')) {
                m_p += 2;
                zeroWidth = true;
            } else if (*m_p == '<' || *m_p == 'P' || *m_p == '\'') {
                while (*m_p && *m_p != '>' && *m_p != '\'')
                    ++m_p; // (?<name> (?P<name> (?'name'
                if (*m_p)
                    ++m_p;
            } else {
                // An inline option group such as (?i) or (?x): changes how literals match; claim nothing.
                while (*m_p && *m_p != ')')
                    ++m_p;
                if (*m_p)
                    ++m_p;
                m_unsupported = true;
                return unknown();
            }
        }
        Info inner = alternation();
        if (*m_p == ')')
            ++m_p;
        if (m_unsupported)
            return unknown();
        return zeroWidth ? exactly(QByteArray()) : inner;
    }

    void skipClass()
    {
        if (*m_p == '^')
            ++m_p;
        if (*m_p == ']')
            ++m_p; // a leading ']' is literal
        while (*m_p && *m_p != ']') {
            if (*m_p == '\\' && m_p[1])
                ++m_p;
            ++m_p;
        }
        if (*m_p)
            ++m_p;
    }

    Info escape()
    {
        const char c = *m_p;
        if (!c)
            return unknown();
        ++m_p;
        switch (c) {
        case 'b':
        case 'B':
        case 'A':
        case 'z':
        case 'Z':
        case 'G':
            return exactly(QByteArray()); // assertions
        case 'd':
        case 'D':
        case 'w':
        case 'W':
        case 's':
        case 'S':
        case 'h':
        case 'H':
        case 'v':
        case 'V':
        case 'R':
        case 'N':
        case 'X':
        case 'C':
            return unknown();
        case 'p':
        case 'P':
            if (*m_p == '{') {
                while (*m_p && *m_p != '}')
                    ++m_p;
                if (*m_p)
                    ++m_p;
            } else if (*m_p) {
                ++m_p;
            }
            return unknown();
        case 'n':
            return literalChar('\n');
        case 't':
            return literalChar('\t');
        case 'r':
            return literalChar('\r');
        case 'x': {
            // \xHH or \x{H...}
            int v = 0, digits = 0;
            const bool braced = *m_p == '{';
            if (braced)
                ++m_p;
            while (std::isxdigit(static_cast<unsigned char>(*m_p)) && (braced || digits < 2)) {
                v = v * 16
                    + (std::isdigit(static_cast<unsigned char>(*m_p)) ? *m_p - '0' : (std::tolower(*m_p) - 'a' + 10));
                ++m_p;
                ++digits;
            }
            if (braced && *m_p == '}')
                ++m_p;
            return v < 0x80 ? literalChar(static_cast<unsigned char>(v)) : unknown();
        }
        default:
            if (c >= '1' && c <= '9' && !(*m_p >= '0' && *m_p <= '9'))
                return unknown(); // a back-reference \1–\9: the text of a group, not known here
            if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
                m_unsupported = true; // octal, \Q, \K, \g…: not used by the rules, claim nothing
                return unknown();
            }
            return literalChar(static_cast<unsigned char>(c)); // an escaped punctuation character
        }
    }

    const char* m_p;
    bool m_unsupported = false;
};
} // namespace

std::optional<QList<QByteArray>> requiredLiterals(const char* pattern)
{
    Parser parser(pattern);
    const Info info = parser.parse();
    const auto r = required(info);
    if (!r)
        return std::nullopt;
    QList<QByteArray> l(r->cbegin(), r->cend());
    std::sort(l.begin(), l.end());
    return l;
}

LinePrefilter::LinePrefilter(const QList<std::optional<QList<QByteArray>>>& literals)
    : m_rules(int(literals.size()))
{
    // The alphabet: one class per byte that occurs in a literal (upper-case letters share their lower-case
    // letter's class), class 0 for every other byte.
    for (const auto& l : literals) {
        if (!l)
            continue;
        for (const auto& s : *l) {
            for (const char ch : s) {
                const auto b = static_cast<unsigned char>(ch);
                if (m_classOf[b] == 0) {
                    m_classOf[b] = static_cast<unsigned char>(m_classes++);
                    if (b >= 'a' && b <= 'z')
                        m_classOf[b - 'a' + 'A'] = m_classOf[b];
                }
            }
        }
    }

    // The trie.
    std::vector<std::vector<int>> child(1, std::vector<int>(size_t(m_classes), -1));
    std::vector<std::vector<int>> out(1);
    for (int r = 0; r < m_rules; ++r) {
        const auto& l = literals[r];
        if (!l || l->isEmpty()) {
            m_always.push_back(r);
            continue;
        }
        for (const auto& s : *l) {
            int state = 0;
            for (const char ch : s) {
                const int c = m_classOf[static_cast<unsigned char>(ch)];
                if (child[size_t(state)][size_t(c)] < 0) {
                    child[size_t(state)][size_t(c)] = int(child.size());
                    child.emplace_back(size_t(m_classes), -1);
                    out.emplace_back();
                }
                state = child[size_t(state)][size_t(c)];
            }
            out[size_t(state)].push_back(r);
        }
    }

    // Failure links, breadth first, turned into a complete transition table; each state's outputs include
    // those of its failure chain.
    const size_t states = child.size();
    m_next.assign(states * size_t(m_classes), 0);
    std::vector<int> fail(states, 0);
    std::deque<int> queue;
    for (int c = 0; c < m_classes; ++c) {
        const int s = child[0][size_t(c)];
        if (s > 0) {
            fail[size_t(s)] = 0;
            m_next[size_t(c)] = s;
            queue.push_back(s);
        }
    }
    while (!queue.empty()) {
        const int s = queue.front();
        queue.pop_front();
        auto& o = out[size_t(s)];
        for (int r : out[size_t(fail[size_t(s)])])
            o.push_back(r);
        std::sort(o.begin(), o.end());
        o.erase(std::unique(o.begin(), o.end()), o.end());
        for (int c = 0; c < m_classes; ++c) {
            const int t = child[size_t(s)][size_t(c)];
            if (t > 0) {
                fail[size_t(t)] = m_next[size_t(fail[size_t(s)]) * size_t(m_classes) + size_t(c)];
                m_next[size_t(s) * size_t(m_classes) + size_t(c)] = t;
                queue.push_back(t);
            } else {
                m_next[size_t(s) * size_t(m_classes) + size_t(c)]
                    = m_next[size_t(fail[size_t(s)]) * size_t(m_classes) + size_t(c)];
            }
        }
    }
    m_outBegin.assign(states + 1, 0);
    for (size_t s = 0; s < states; ++s) {
        m_outBegin[s] = int(m_out.size());
        m_out.insert(m_out.end(), out[s].begin(), out[s].end());
    }
    m_outBegin[states] = int(m_out.size());
    // The table the scan walks: the target's row offset, doubled, plus 1 when the target has outputs, so
    // one load per byte both moves and says whether to look at the outputs.
    m_scan.assign(m_next.size(), 0);
    for (size_t k = 0; k < m_next.size(); ++k) {
        const auto t = size_t(m_next[k]);
        m_scan[k] = int(t * size_t(m_classes) * 2 + (m_outBegin[t + 1] > m_outBegin[t] ? 1 : 0));
    }
}

} // namespace kwb
