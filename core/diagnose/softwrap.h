// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A log read as pasted text: a terminal's or a post's width splits one message over several lines ("… but this
// version of jax" / "requires version >= 0.9.2."), and a post's markdown breaks a message up ("no **CUDA-capable
// device is detected**"), and with it the sign a rule reads.
#include <QByteArray>
#include <QByteArrayView>

#include <vector>

namespace kwb::detail {

/// A log with every continuation line joined (by one space) to the line it continues, and markdown emphasis
/// (bold markers, paired backticks) taken out of every line.
struct JoinedLog {
    QByteArray text;
    std::vector<int> firstLine; ///< per line of `text` (0-based): the 1-based number of its first original line
    int joins = 0; ///< how many line breaks were joined
    int unmarked = 0; ///< how many lines lost markdown
};

/// A line continues the one before when that one stops mid-sentence (it ends in a letter, a digit, a comma or a
/// closing bracket, and is not a traceback frame or an assignment) and it starts, after its indentation, with a
/// lower-case word that is not a line of Python code (a keyword, an assignment). At most kMaxJoinedLines lines become
/// one.
JoinedLog joinSoftWrappedLines(QByteArrayView log);

inline constexpr int kMaxJoinedLines = 4;

} // namespace kwb::detail
