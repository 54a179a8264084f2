// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace kwb {

/// Maps JSON pointers (`/inputs/1/dtype`) to the 1-based line where that value starts in a JSON text,
/// so that findings and errors about task.json can name a line the editor can jump to.
/// Built from the raw text in one pass; meant for texts that already parsed as JSON (on malformed text it
/// stops at the first surprise and keeps what it found so far).
class JsonLocator {
public:
    JsonLocator() = default;
    explicit JsonLocator(const QByteArray& text);

    /// The line of the value at `pointer`; for a pointer that does not exist, the line of its nearest
    /// existing ancestor (the root is line 1). Never 0 for a located text.
    int line(const QString& pointer) const;

    /// 1-based line and column of a byte offset into the text (for parse errors).
    static std::pair<int, int> lineColumn(const QByteArray& text, qsizetype offset);

    /// `~` and `/` escaped as RFC 6901 says.
    static QString escape(const QString& key);

private:
    QHash<QString, int> m_lines;
};

} // namespace kwb
