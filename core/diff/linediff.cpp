// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diff/linediff.h"

#include <QHash>

#include <algorithm>
#include <vector>

namespace kwb {

namespace {

enum class Op { Equal, Delete, Insert };

struct Edit {
    Op op;
    int left; // valid for Equal and Delete
    int right; // valid for Equal and Insert
};

// Myers's greedy forward search over the middle part a[0,n) / b[0,m). `trace[d]` keeps the furthest
// x of each diagonal before step d, restricted to the diagonals step d can read, so memory is O(D²)
// instead of O(D·(N+M)). Returns false when no script of at most maxD edits exists.
bool myers(const int* a, int n, const int* b, int m, int maxD, std::vector<Edit>& script)
{
    const int maxSteps = std::min(n + m, maxD);
    std::vector<int> v(2 * static_cast<size_t>(maxSteps) + 3, 0);
    const int off = maxSteps + 1;
    std::vector<std::vector<int>> trace;
    for (int d = 0; d <= maxSteps; ++d) {
        trace.emplace_back(v.begin() + (off - d - 1), v.begin() + (off + d + 2));
        for (int k = -d; k <= d; k += 2) {
            int x = (k == -d || (k != d && v[off + k - 1] < v[off + k + 1])) ? v[off + k + 1] : v[off + k - 1] + 1;
            int y = x - k;
            while (x < n && y < m && a[x] == b[y]) {
                ++x;
                ++y;
            }
            v[off + k] = x;
            if (x >= n && y >= m) {
                // Walk back from (n, m) through the saved frontiers.
                std::vector<Edit> reversed;
                int cx = n;
                int cy = m;
                for (int s = d; s >= 0; --s) {
                    const std::vector<int>& t = trace[s];
                    auto at = [&](int kk) { return t[kk + s + 1]; };
                    const int ck = cx - cy;
                    const int prevK = (ck == -s || (ck != s && at(ck - 1) < at(ck + 1))) ? ck + 1 : ck - 1;
                    const int prevX = s == 0 ? 0 : at(prevK);
                    const int prevY = s == 0 ? 0 : prevX - prevK;
                    while (cx > prevX && cy > prevY) {
                        --cx;
                        --cy;
                        reversed.push_back({ Op::Equal, cx, cy });
                    }
                    if (s > 0) {
                        if (cx == prevX)
                            reversed.push_back({ Op::Insert, -1, cy - 1 });
                        else
                            reversed.push_back({ Op::Delete, cx - 1, -1 });
                    }
                    cx = prevX;
                    cy = prevY;
                }
                script.assign(reversed.rbegin(), reversed.rend());
                return true;
            }
        }
    }
    return false;
}

QString key(const QString& line, bool ignoreTrailing)
{
    if (!ignoreTrailing)
        return line;
    qsizetype end = line.size();
    while (end > 0 && line.at(end - 1).isSpace())
        --end;
    return line.left(end);
}

// Turns a block of deletions and insertions into rows: pairs first (Changed), then the rest.
void flushBlock(LineDiff& diff, QList<int>& dels, QList<int>& ins, int leftPos, int rightPos)
{
    if (dels.isEmpty() && ins.isEmpty())
        return;
    DiffHunk h;
    h.firstRow = static_cast<int>(diff.rows.size());
    h.leftStart = dels.isEmpty() ? leftPos : dels.first();
    h.leftCount = static_cast<int>(dels.size());
    h.rightStart = ins.isEmpty() ? rightPos : ins.first();
    h.rightCount = static_cast<int>(ins.size());
    const qsizetype paired = std::min(dels.size(), ins.size());
    for (qsizetype i = 0; i < paired; ++i)
        diff.rows.append({ DiffRow::Changed, dels[i], ins[i] });
    for (qsizetype i = paired; i < dels.size(); ++i)
        diff.rows.append({ DiffRow::Removed, dels[i], -1 });
    for (qsizetype i = paired; i < ins.size(); ++i)
        diff.rows.append({ DiffRow::Added, -1, ins[i] });
    h.rowCount = static_cast<int>(diff.rows.size()) - h.firstRow;
    diff.hunks.append(h);
    dels.clear();
    ins.clear();
}

} // namespace

LineDiff diffLines(const QStringList& left, const QStringList& right, const DiffOptions& options)
{
    // Lines become integers so the search compares ints, not strings.
    QHash<QString, int> ids;
    auto intern = [&](const QStringList& lines) {
        std::vector<int> out;
        out.reserve(static_cast<size_t>(lines.size()));
        for (const QString& l : lines) {
            const QString k = key(l, options.ignoreTrailingWhitespace);
            auto it = ids.constFind(k);
            if (it == ids.constEnd())
                it = ids.insert(k, static_cast<int>(ids.size()));
            out.push_back(it.value());
        }
        return out;
    };
    const std::vector<int> a = intern(left);
    const std::vector<int> b = intern(right);
    const int n = static_cast<int>(a.size());
    const int m = static_cast<int>(b.size());

    int prefix = 0;
    while (prefix < n && prefix < m && a[prefix] == b[prefix])
        ++prefix;
    int suffix = 0;
    while (suffix < n - prefix && suffix < m - prefix && a[n - 1 - suffix] == b[m - 1 - suffix])
        ++suffix;

    LineDiff diff;
    for (int i = 0; i < prefix; ++i)
        diff.rows.append({ DiffRow::Equal, i, i });

    std::vector<Edit> script;
    const int midN = n - prefix - suffix;
    const int midM = m - prefix - suffix;
    if (!myers(a.data() + prefix, midN, b.data() + prefix, midM, std::max(0, options.maxEditDistance), script)) {
        diff.exact = false;
        script.clear();
        for (int i = 0; i < midN; ++i)
            script.push_back({ Op::Delete, i, -1 });
        for (int j = 0; j < midM; ++j)
            script.push_back({ Op::Insert, -1, j });
    }

    QList<int> dels;
    QList<int> ins;
    int leftPos = prefix;
    int rightPos = prefix;
    for (const Edit& e : script) {
        switch (e.op) {
        case Op::Equal:
            flushBlock(diff, dels, ins, leftPos, rightPos);
            diff.rows.append({ DiffRow::Equal, prefix + e.left, prefix + e.right });
            leftPos = prefix + e.left + 1;
            rightPos = prefix + e.right + 1;
            break;
        case Op::Delete:
            dels.append(prefix + e.left);
            break;
        case Op::Insert:
            ins.append(prefix + e.right);
            break;
        }
    }
    flushBlock(diff, dels, ins, leftPos, rightPos);

    for (int i = 0; i < suffix; ++i)
        diff.rows.append({ DiffRow::Equal, n - suffix + i, m - suffix + i });
    return diff;
}

IntralineRange intralineChange(const QString& left, const QString& right)
{
    const qsizetype maxPrefix = std::min(left.size(), right.size());
    qsizetype p = 0;
    while (p < maxPrefix && left.at(p) == right.at(p))
        ++p;
    qsizetype s = 0;
    while (
        s < left.size() - p && s < right.size() - p && left.at(left.size() - 1 - s) == right.at(right.size() - 1 - s))
        ++s;
    return { static_cast<int>(p), static_cast<int>(left.size() - s), static_cast<int>(p),
        static_cast<int>(right.size() - s) };
}

QStringList splitLines(const QString& text)
{
    QStringList lines;
    qsizetype start = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c != u'\n' && c != u'\r')
            continue;
        lines.append(text.mid(start, i - start));
        if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n')
            ++i;
        start = i + 1;
    }
    if (start < text.size())
        lines.append(text.mid(start));
    return lines;
}

} // namespace kwb
