// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace kwb {

/// One row of a side-by-side view: a line of the left text, of the right text, or of both.
struct DiffRow {
    enum Kind {
        Equal, ///< the same line on both sides
        Changed, ///< a left line replaced by a right line (paired within a change block)
        Removed, ///< a left line with nothing opposite (the right side shows a filler line)
        Added, ///< a right line with nothing opposite (the left side shows a filler line)
    };
    Kind kind = Equal;
    int left = -1; ///< 0-based line in the left text, -1 for a filler
    int right = -1; ///< 0-based line in the right text, -1 for a filler
};

/// A run of consecutive non-equal rows: one change a reviewer steps to with next/previous change.
struct DiffHunk {
    int firstRow = 0; ///< index into LineDiff::rows
    int rowCount = 0;
    int leftStart = 0; ///< 0-based first left line of the hunk (where it would be when it has none)
    int leftCount = 0;
    int rightStart = 0;
    int rightCount = 0;
};

/// The aligned comparison of two texts: every left and every right line appears exactly once in
/// `rows`, in order, so both sides can be shown with filler lines and scroll together.
struct LineDiff {
    QList<DiffRow> rows;
    QList<DiffHunk> hunks;
    bool exact = true; ///< false when the edit distance exceeded the budget and a coarser answer was given

    bool identical() const { return hunks.isEmpty(); }
};

/// Options of diffLines.
struct DiffOptions {
    bool ignoreTrailingWhitespace = true; ///< `x = 1;  ` equals `x = 1;`
    /// The largest edit distance searched exactly (Myers's D). Beyond it the unmatched middle is one
    /// hunk: the memory of the search grows with D², and such texts have little in common anyway.
    int maxEditDistance = 4000;
};

/// Myers's O(ND) line diff of `left` against `right`, with common prefix and suffix stripped first.
/// Within each change block the first lines are paired as Changed and the rest are Removed/Added.
LineDiff diffLines(const QStringList& left, const QStringList& right, const DiffOptions& options = {});

/// The changed part of a pair of lines: the characters between their common prefix and suffix,
/// as [start, end) ranges of each line. Used to highlight the edit inside a Changed row.
struct IntralineRange {
    int leftStart = 0;
    int leftEnd = 0;
    int rightStart = 0;
    int rightEnd = 0;
};
IntralineRange intralineChange(const QString& left, const QString& right);

/// Splits text into lines the way an editor shows them (`\n`, `\r\n` or `\r`); a final line break
/// does not start another line.
QStringList splitLines(const QString& text);

} // namespace kwb
