// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/sanitizer.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

namespace kwb {

QString sanitizerFindingId(const QString& tool)
{
    if (tool == u"racecheck")
        return QStringLiteral("runtime.race");
    if (tool == u"initcheck")
        return QStringLiteral("runtime.initcheck");
    if (tool == u"synccheck")
        return QStringLiteral("runtime.synccheck");
    return QStringLiteral("runtime.memcheck");
}

namespace {
// `=========` (any run of `=`, the tool's prefix), then one space, then the message; the message's own
// indentation tells a detail line from a headline.
const QRegularExpression& prefix()
{
    static const QRegularExpression re(QStringLiteral("^\\s*={5,} ?(.*)$"));
    return re;
}

bool isBanner(const QString& s)
{
    return s.startsWith(QStringLiteral("COMPUTE-SANITIZER")) || s.startsWith(QStringLiteral("CUDA-MEMCHECK"))
        || s.startsWith(QStringLiteral("Compute Sanitizer Output"));
}

bool isNote(const QString& s)
{
    static const char* const notes[] = { "Program hit", "Target application", "No CUDA-capable device",
        "Error: No attachable process", "Error: process didn't terminate", "Internal Sanitizer Error",
        "The application", "LEAK SUMMARY", "Saved host backtrace" };
    for (const char* n : notes) {
        if (s.startsWith(QString::fromLatin1(n)))
            return true;
    }
    return false;
}

// The source position of an access: `kernel(float*)+0x70 in row_sum.cu:42` (current tools) or
// `0x270 in /path/file.py:34:add_kernel_0d1d2d3` / `0x1b8 in kernel(float *)` (older ones).
void parseLocation(const QString& text, SanitizerError& e)
{
    static const QRegularExpression modern(
        QStringLiteral("\\bat (.+?)\\+(0x[0-9a-fA-F]+)(?: in (\\S+?):(\\d+))?(?=\\s|$)"));
    static const QRegularExpression older(
        QStringLiteral("\\bat (0x[0-9a-fA-F]+) in (.+?)(?: and \\w+ access at .*)?$"));
    static const QRegularExpression fileLine(QStringLiteral("^(.+?):(\\d+)(?::(.+))?$"));
    if (const auto m = modern.match(text); m.hasMatch()) {
        e.kernel = m.captured(1).trimmed();
        e.offset = m.captured(2);
        if (m.hasCaptured(3)) {
            e.file = m.captured(3).trimmed();
            e.line = m.captured(4).toInt();
        }
        return;
    }
    if (const auto m = older.match(text); m.hasMatch()) {
        e.offset = m.captured(1);
        const QString rest = m.captured(2).trimmed();
        if (const auto f = fileLine.match(rest); f.hasMatch() && !rest.contains(u'(')) {
            e.file = f.captured(1);
            e.line = f.captured(2).toInt();
            e.kernel = f.captured(3);
        } else {
            e.kernel = rest;
        }
    }
}

int countIn(const QString& s, const char* pattern)
{
    static QHash<QString, QRegularExpression> cache;
    const QString key = QString::fromLatin1(pattern);
    auto it = cache.find(key);
    if (it == cache.end())
        it = cache.insert(key, QRegularExpression(key));
    const auto m = it->match(s);
    return m.hasMatch() ? m.captured(1).remove(u',').toInt() : -1;
}
} // namespace

SanitizerReport parseSanitizerOutput(const QString& text, const QString& tool)
{
    SanitizerReport report;
    report.tool = tool;
    SanitizerError* current = nullptr;
    bool inNote = false;
    const QStringList lines = text.split(u'\n');
    for (QString raw : lines) {
        if (raw.endsWith(u'\r'))
            raw.chop(1);
        const auto m = prefix().match(raw);
        if (!m.hasMatch())
            continue; // the program's own output
        const QString body = m.captured(1);
        const QString trimmed = body.trimmed();
        if (trimmed.isEmpty()) {
            current = nullptr;
            inNote = false;
            continue;
        }
        const bool detail = body.startsWith(u' ') || body.startsWith(u'\t');
        if (!detail) {
            current = nullptr;
            inNote = false;
            if (isBanner(trimmed))
                continue;
            if (const int n = countIn(trimmed, "^ERROR SUMMARY:\\s*([\\d,]+)\\s+error"); n >= 0) {
                report.summaryErrors = n;
                continue;
            }
            // racecheck: `RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)`
            if (trimmed.startsWith(QStringLiteral("RACECHECK SUMMARY"))) {
                const int errors = countIn(trimmed, "\\(([\\d,]+) errors?");
                report.summaryErrors = errors >= 0 ? errors : countIn(trimmed, "^RACECHECK SUMMARY:\\s*([\\d,]+)");
                continue;
            }
            if (isNote(trimmed)) {
                report.notes << trimmed;
                inNote = true;
                continue;
            }
            report.errors << SanitizerError {};
            current = &report.errors.last();
            current->kind = trimmed;
            current->lines << raw;
            parseLocation(trimmed, *current); // racecheck puts the location in the headline
            continue;
        }
        if (inNote || !current)
            continue;
        current->lines << raw;
        if (trimmed.startsWith(QStringLiteral("at ")) && current->file.isEmpty() && current->kernel.isEmpty())
            parseLocation(trimmed, *current);
        else if (trimmed.startsWith(QStringLiteral("Address")) || trimmed.startsWith(QStringLiteral("Access to"))
            || trimmed.startsWith(QStringLiteral("and is")))
            current->address += (current->address.isEmpty() ? QString() : QStringLiteral(" ")) + trimmed;
    }
    return report;
}

Findings sanitizerFindings(const SanitizerReport& report, const QString& impl, const QString& caseName)
{
    struct Group {
        const SanitizerError* first;
        int count;
    };
    QList<QString> order;
    QHash<QString, Group> groups;
    for (const SanitizerError& e : report.errors) {
        const QString key = e.kind + QLatin1Char('\x1f') + e.file + QLatin1Char(':') + QString::number(e.line);
        if (!groups.contains(key)) {
            order << key;
            groups.insert(key, Group { &e, 0 });
        }
        ++groups[key].count;
    }
    Findings out;
    const QString id = sanitizerFindingId(report.tool);
    for (const QString& key : order) {
        const Group& g = groups.value(key);
        const SanitizerError& e = *g.first;
        Finding f;
        f.id = id;
        f.severity
            = e.kind.startsWith(QStringLiteral("Warning"), Qt::CaseInsensitive) ? Severity::Warning : Severity::Error;
        QString where;
        if (!e.kernel.isEmpty())
            where = QStringLiteral(" in %1").arg(e.kernel + (e.offset.isEmpty() ? QString() : u'+' + e.offset));
        if (!e.file.isEmpty())
            where += QStringLiteral(" (%1:%2)").arg(QFileInfo(e.file).fileName()).arg(e.line);
        f.message
            = QStringLiteral("%1: %2%3%4")
                  .arg(report.tool, e.kind, where, g.count > 1 ? QStringLiteral(", %1 times").arg(g.count) : QString());
        if (!e.file.isEmpty()) {
            f.file = QFileInfo(e.file).fileName();
            f.line = e.line;
        }
        f.impl = impl;
        f.caseName = caseName;
        QJsonArray lines;
        for (const QString& l : e.lines)
            lines.append(l);
        f.evidence = QJsonObject { { QStringLiteral("tool"), report.tool }, { QStringLiteral("count"), g.count },
            { QStringLiteral("kernel"), e.kernel }, { QStringLiteral("address"), e.address },
            { QStringLiteral("lines"), lines } };
        if (report.summaryErrors)
            f.evidence.insert(QStringLiteral("summary_errors"), *report.summaryErrors);
        out << f;
    }
    // API errors (`Program hit …`) count in memcheck's summary too; only errors beyond both are unseen ones.
    int apiErrors = 0;
    for (const QString& n : report.notes)
        apiErrors += n.startsWith(QStringLiteral("Program hit")) ? 1 : 0;
    if (report.summaryErrors && *report.summaryErrors > report.errors.size() + apiErrors) {
        Finding f;
        f.id = id;
        f.severity = Severity::Error;
        f.message = QStringLiteral("%1: the error summary counts %2 error(s); %3 were shown in detail")
                        .arg(report.tool)
                        .arg(*report.summaryErrors)
                        .arg(report.errors.size());
        f.impl = impl;
        f.caseName = caseName;
        f.evidence = QJsonObject { { QStringLiteral("tool"), report.tool },
            { QStringLiteral("summary_errors"), *report.summaryErrors },
            { QStringLiteral("notes"), QJsonArray::fromStringList(report.notes) } };
        out << f;
    }
    return out;
}

} // namespace kwb
