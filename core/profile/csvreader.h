// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

#include <optional>

namespace kwb {

/// A CSV table: the header row and the data rows (each padded or checked to the header's width).
struct CsvTable {
    QStringList header;
    QList<QStringList> rows;
    QList<int> rowLines; ///< 1-based line in the text where each row starts

    /// Column index of `name` (exact match), -1 when absent.
    int column(const QString& name) const;
};

/// RFC 4180 CSV: fields separated by `separator`, optionally double-quoted; inside quotes the separator and
/// line breaks are literal and `""` is one quote; CRLF or LF line ends; a UTF-8 BOM is skipped. Lines before
/// the header that do not look like CSV (tool chatter such as `==PROF== Connected to process`) are skipped
/// when `headerMustContain` is set: the header is the first row holding that field. An unterminated quote or
/// a row wider than the header is an Error naming `fileName` and the line.
Result<CsvTable> parseCsv(const QByteArray& text, const QString& fileName, QChar separator = QLatin1Char(','),
    const QString& headerMustContain = {});

/// A number as profilers print it: `1234.5`, `1,234.5`, `1.234,5` (locale separators), `1e-3`, `12 %`;
/// std::nullopt for `n/a`, `N/A`, `-`, empty and anything else that is not a number.
std::optional<double> parseLocaleNumber(const QString& text);

} // namespace kwb
