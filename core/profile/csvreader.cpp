// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/csvreader.h"

#include <QRegularExpression>

namespace kwb {

int CsvTable::column(const QString& name) const
{
    return static_cast<int>(header.indexOf(name));
}

namespace {
struct Record {
    QStringList fields;
    int line = 0;
    bool quotedAny = false;
};

// Splits `text` into records; quoted fields may hold separators, `""` and line breaks.
Result<QList<Record>> splitRecords(const QString& text, const QString& fileName, QChar sep)
{
    QList<Record> records;
    Record cur;
    QString field;
    bool inQuotes = false;
    bool fieldStarted = false;
    int line = 1;
    int quoteLine = 0;
    cur.line = 1;
    const auto endField = [&] {
        cur.fields << field;
        field.clear();
        fieldStarted = false;
    };
    const auto endRecord = [&] {
        endField();
        // A blank line is no record.
        if (!(cur.fields.size() == 1 && cur.fields.first().isEmpty() && !cur.quotedAny))
            records << cur;
        cur = Record {};
        cur.line = line;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (inQuotes) {
            if (c == u'"') {
                if (i + 1 < text.size() && text.at(i + 1) == u'"') {
                    field += u'"';
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == u'\n')
                    ++line;
                field += c;
            }
            continue;
        }
        if (c == u'"' && !fieldStarted) {
            inQuotes = true;
            fieldStarted = true;
            cur.quotedAny = true;
            quoteLine = line;
        } else if (c == sep) {
            endField();
        } else if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n') {
            continue;
        } else if (c == u'\n') {
            ++line;
            endRecord();
        } else {
            // Text after a closing quote (`"a"b`) is kept: lenient, like Python's csv module.
            field += c;
            fieldStarted = true;
        }
    }
    if (inQuotes)
        return Error { fileName, QStringLiteral("line %1").arg(quoteLine), QStringLiteral("unterminated quoted field"),
            {}, quoteLine };
    if (fieldStarted || !cur.fields.isEmpty())
        endRecord();
    return records;
}
} // namespace

Result<CsvTable> parseCsv(const QByteArray& bytes, const QString& fileName, QChar sep, const QString& headerMustContain)
{
    QString text = QString::fromUtf8(bytes);
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    auto records = splitRecords(text, fileName, sep);
    if (!records)
        return records.error();
    qsizetype first = 0;
    if (!headerMustContain.isEmpty()) {
        while (first < records->size() && !records->at(first).fields.contains(headerMustContain))
            ++first;
        if (first == records->size())
            return Error { fileName, {}, QStringLiteral("no CSV header with a '%1' column").arg(headerMustContain) };
    } else if (records->isEmpty()) {
        return Error { fileName, {}, QStringLiteral("empty CSV") };
    }
    CsvTable table;
    table.header = records->at(first).fields;
    for (qsizetype i = first + 1; i < records->size(); ++i) {
        const Record& r = records->at(i);
        if (r.fields.size() > table.header.size())
            return Error { fileName, QStringLiteral("line %1").arg(r.line),
                QStringLiteral("%1 fields, the header has %2").arg(r.fields.size()).arg(table.header.size()), {},
                r.line };
        QStringList fields = r.fields;
        while (fields.size() < table.header.size())
            fields << QString();
        table.rows << fields;
        table.rowLines << r.line;
    }
    return table;
}

std::optional<double> parseLocaleNumber(const QString& input)
{
    QString s = input.trimmed();
    if (s.endsWith(u'%'))
        s.chop(1);
    s = s.trimmed();
    if (s.isEmpty())
        return std::nullopt;
    // Thin and no-break spaces and apostrophes are thousands separators in some locales.
    s.remove(QChar(0x202F));
    s.remove(QChar(0x00A0));
    s.remove(u'\'');
    s.remove(u' ');
    static const QRegularExpression plain(QStringLiteral("^[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?$"));
    if (!plain.match(s).hasMatch()) {
        const qsizetype lastDot = s.lastIndexOf(u'.');
        const qsizetype lastComma = s.lastIndexOf(u',');
        if (lastDot >= 0 && lastComma >= 0) {
            // Both present: the later one is the decimal mark.
            if (lastDot > lastComma) {
                s.remove(u',');
            } else {
                s.remove(u'.');
                s.replace(u',', u'.');
            }
        } else if (lastComma >= 0) {
            // Only commas: several, or exactly three digits after the only one, are thousands separators
            // (`1,234`); otherwise the comma is a decimal mark (`12,5`).
            const bool grouped = s.count(u',') > 1 || (s.size() - lastComma - 1 == 3);
            if (grouped)
                s.remove(u',');
            else
                s.replace(u',', u'.');
        } else if (s.count(u'.') > 1) {
            s.remove(u'.'); // `1.234.567`: dots as thousands separators
        }
        static const QRegularExpression grouping(QStringLiteral("^[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?$"));
        if (!grouping.match(s).hasMatch())
            return std::nullopt;
    }
    bool ok = false;
    const double v = s.toDouble(&ok);
    if (!ok)
        return std::nullopt;
    return v;
}

} // namespace kwb
