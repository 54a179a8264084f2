// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <cstdint>
#include <optional>
#include <vector>

namespace kwb {

/// Substrings of which at least one occurs (ASCII-lowercased) in every line a case-insensitive PCRE2
/// pattern matches, or nothing when the pattern guarantees none (an optional-only or all-class pattern).
/// The analysis is conservative: it may return fewer or shorter literals than exist, never a literal a
/// match could lack. Non-ASCII pattern characters end a literal rather than being folded.
std::optional<QList<QByteArray>> requiredLiterals(const char* pattern);

/// One pass over a UTF-8 log that tells, line by line, which rules might match it: an Aho–Corasick
/// automaton over every rule's required literals. Lines are read the way diagnosis cleans them:
/// ASCII letters fold to lower case (and U+212A KELVIN SIGN, U+017F LONG S to `k`, `s`, which PCRE2's
/// caseless matching treats as the same letters), and ANSI CSI colour sequences are skipped, so a literal
/// split by a colour code is still seen. The result is a superset: a rule not reported for a line cannot
/// match it.
class LinePrefilter {
public:
    /// `literals[i]` are the required literals of rule `i`; a rule with none is reported on every line.
    explicit LinePrefilter(const QList<std::optional<QList<QByteArray>>>& literals);

    /// Calls `onLine(lineNumber, begin, end, candidates)` for each line (1-based, `end` excludes the
    /// newline) that has at least one candidate rule, in line order; `candidates` lists rule indices
    /// without repeats. Lines without any candidate cost one table step per byte and nothing else.
    template <typename F> void scan(QByteArrayView text, F&& onLine) const;

    /// The number of rules every line is a candidate for (rules without required literals).
    int alwaysCandidates() const { return int(m_always.size()); }

private:
    unsigned char m_classOf[256] = {}; ///< byte (lower-cased) -> alphabet class; 0 = no literal uses it
    int m_classes = 1;
    std::vector<int> m_next; ///< full DFA: state * m_classes + class -> state
    std::vector<int> m_scan; ///< the same, as (target * m_classes) * 2 + (target has outputs)
    std::vector<int> m_outBegin; ///< per state: [m_outBegin[s], m_outBegin[s+1]) in m_out
    std::vector<int> m_out; ///< rule indices
    std::vector<int> m_always;
    int m_rules = 0;
};

template <typename F> void LinePrefilter::scan(QByteArrayView text, F&& onLine) const
{
    std::vector<int> stamp(size_t(m_rules), 0);
    std::vector<int> candidates;
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const qsizetype n = text.size();
    const int* const table = m_scan.data(); // locals: the stores below could otherwise alias the members
    const unsigned char* const classOf = m_classOf;
    qsizetype pos = 0;
    int lineNo = 0;
    while (pos <= n) {
        ++lineNo;
        const qsizetype begin = pos;
        candidates.clear();
        for (int r : m_always) {
            stamp[size_t(r)] = lineNo;
            candidates.push_back(r);
        }
        size_t row = 0; // the current state's row offset in m_scan
        qsizetype i = pos;
        for (; i < n && p[i] != '\n'; ++i) {
            unsigned char c = p[i];
            if (c < 0x80 && c != 0x1b) {
                // the common case: plain ASCII
            } else if (c == 0x1b && i + 1 < n && p[i + 1] == '[') {
                // The colour-code grammar cleanLine() removes: ESC [ [0-9;?]* [ -/]* [@-~]
                qsizetype j = i + 2;
                while (j < n && ((p[j] >= '0' && p[j] <= '9') || p[j] == ';' || p[j] == '?'))
                    ++j;
                while (j < n && p[j] >= 0x20 && p[j] <= 0x2f)
                    ++j;
                if (j < n && p[j] >= 0x40 && p[j] <= 0x7e) {
                    i = j;
                    continue;
                }
            } else if (c == 0xe2 && i + 2 < n && p[i + 1] == 0x84 && p[i + 2] == 0xaa) {
                c = 'k';
                i += 2;
            } else if (c == 0xc5 && i + 1 < n && p[i + 1] == 0xbf) {
                c = 's';
                i += 1;
            }
            const int v = table[row + classOf[c]];
            row = size_t(v >> 1);
            if (!(v & 1))
                continue;
            const size_t state = row / size_t(m_classes);
            for (int k = m_outBegin[state]; k < m_outBegin[state + 1]; ++k) {
                const int r = m_out[size_t(k)];
                if (stamp[size_t(r)] != lineNo) {
                    stamp[size_t(r)] = lineNo;
                    candidates.push_back(r);
                }
            }
        }
        if (!candidates.empty())
            onLine(lineNo, begin, i, static_cast<const std::vector<int>&>(candidates));
        pos = i + 1;
    }
}

} // namespace kwb
