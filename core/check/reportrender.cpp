// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/reportmodel.h"

#include "core/check/svgplots.h"

namespace kwb {
namespace {
QString mdCell(QString s)
{
    s.replace(u'|', QStringLiteral("\\|"));
    s.replace(u'\n', u' ');
    return s;
}

QString renderMarkdown(const ReportModel& m)
{
    QString md = QStringLiteral("# %1\n\n**Verdict: %2**\n\n").arg(m.title, m.verdict.toUpper());
    int plots = 0;
    for (const ReportSection& s : m.sections) {
        md += QStringLiteral("## %1\n\n").arg(s.title);
        for (const ReportBlock& b : s.blocks) {
            switch (b.kind) {
            case ReportBlock::Kind::Paragraph:
                md += b.text + QStringLiteral("\n\n");
                break;
            case ReportBlock::Kind::Table: {
                QStringList head;
                QStringList rule;
                for (const QString& h : b.header) {
                    head << mdCell(h);
                    rule << QStringLiteral("---");
                }
                md += QStringLiteral("| ") + head.join(QStringLiteral(" | ")) + QStringLiteral(" |\n|")
                    + rule.join(u'|') + QStringLiteral("|\n");
                for (const QStringList& row : b.rows) {
                    QStringList cells;
                    for (const QString& c : row)
                        cells << mdCell(c);
                    md += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
                }
                md += u'\n';
                break;
            }
            case ReportBlock::Kind::Bullets:
                for (const QString& i : b.items)
                    md += QStringLiteral("- ") + QString(i).replace(u'\n', u' ') + u'\n';
                md += u'\n';
                break;
            case ReportBlock::Kind::Code:
                md += QStringLiteral("```\n") + QString(b.text).replace(QStringLiteral("```"), QStringLiteral("'''"))
                    + QStringLiteral("\n```\n\n");
                break;
            case ReportBlock::Kind::Plot:
                ++plots;
                md += QStringLiteral("*(plot %1: see report.html)*\n\n").arg(plots);
                break;
            }
        }
    }
    return md;
}

const char* const kStyle = R"(body{font-family:sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.6em 0 1.2em}th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top;font-size:13px}
th{background:#f3f3f3}pre{background:#f7f7f7;border:1px solid #ddd;padding:8px;overflow-x:auto;font-size:12px}
.verdict{font-size:1.3em;font-weight:bold;padding:4px 10px;border-radius:4px;display:inline-block}
.pass{background:#d4edda}.fail{background:#f8d7da}.incomplete{background:#fff3cd}
td.s-error,td.s-failed,td.s-FAILED,td.s-SLOW{color:#a00;font-weight:bold}td.s-warning,td.s-AMBIGUOUS{color:#8a6d00}
td.s-passed,td.s-PASSED,td.s-FAST{color:#176b2c;font-weight:bold}figure{margin:0 0 1em})";

QString renderHtml(const ReportModel& m)
{
    QString h
        = QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%1</title>\n"
                         "<style>%2</style>\n</head>\n<body>\n<h1>%1</h1>\n")
              .arg(xmlEscape(m.title), QString::fromLatin1(kStyle));
    h += QStringLiteral("<p><span class=\"verdict %1\">Verdict: %2</span></p>\n").arg(m.verdict, m.verdict.toUpper());
    for (const ReportSection& s : m.sections) {
        h += QStringLiteral("<section>\n<h2>%1</h2>\n").arg(xmlEscape(s.title));
        for (const ReportBlock& b : s.blocks) {
            switch (b.kind) {
            case ReportBlock::Kind::Paragraph:
                h += QStringLiteral("<p>%1</p>\n").arg(xmlEscape(b.text));
                break;
            case ReportBlock::Kind::Table:
                h += QStringLiteral("<table>\n<thead><tr>");
                for (const QString& c : b.header)
                    h += QStringLiteral("<th>%1</th>").arg(xmlEscape(c));
                h += QStringLiteral("</tr></thead>\n<tbody>\n");
                for (const QStringList& row : b.rows) {
                    h += QStringLiteral("<tr>");
                    for (const QString& c : row) {
                        // Status words get a class so they can be coloured (`s-FAST`, `s-error`, …).
                        const bool word = !c.isEmpty() && !c.contains(u' ') && c.size() < 12;
                        h += word ? QStringLiteral("<td class=\"s-%1\">%1</td>").arg(xmlEscape(c))
                                  : QStringLiteral("<td>%1</td>").arg(xmlEscape(c));
                    }
                    h += QStringLiteral("</tr>\n");
                }
                h += QStringLiteral("</tbody>\n</table>\n");
                break;
            case ReportBlock::Kind::Bullets:
                h += QStringLiteral("<ul>\n");
                for (const QString& i : b.items)
                    h += QStringLiteral("<li>%1</li>\n").arg(xmlEscape(i));
                h += QStringLiteral("</ul>\n");
                break;
            case ReportBlock::Kind::Code:
                h += QStringLiteral("<pre>%1</pre>\n").arg(xmlEscape(b.text));
                break;
            case ReportBlock::Kind::Plot:
                h += QStringLiteral("<figure>\n%1</figure>\n").arg(b.text);
                break;
            }
        }
        h += QStringLiteral("</section>\n");
    }
    h += QStringLiteral("</body>\n</html>\n");
    return h;
}
} // namespace

QString checkReportMarkdown(const CheckResult& result)
{
    return renderMarkdown(buildReportModel(result));
}

QString checkReportHtml(const CheckResult& result)
{
    return renderHtml(buildReportModel(result));
}

} // namespace kwb
