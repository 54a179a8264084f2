// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/export/exporter.h"

#include <QMap>

namespace kwb {
namespace {
QString duration(qint64 s)
{
    return s >= 3600 ? QStringLiteral("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60)
                     : QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60);
}

QString scoreText(const Score& s, const Criterion* c)
{
    if (s.notApplicable)
        return QStringLiteral("N/A");
    if (!s.value)
        return QStringLiteral("not scored");
    QString t = QString::number(*s.value);
    if (c) {
        t += QStringLiteral("/%1").arg(c->scale.max);
        if (const ScaleLevel* l = c->scale.level(*s.value))
            t += QStringLiteral(" (%1)").arg(l->label);
    }
    return t;
}

void criterionSection(QString& md, const QString& id, const Score& s, const Criterion* c)
{
    md += QStringLiteral("### %1%2: %3\n\n").arg(id, c ? QStringLiteral(" — ") + c->title : QString(), scoreText(s, c));
    if (c && s.value) {
        if (const ScaleLevel* l = c->scale.level(*s.value))
            md += QStringLiteral("> %1\n\n").arg(l->description);
    }
    if (!s.comment.isEmpty())
        md += s.comment + QStringLiteral("\n\n");
    if (!s.evidence.isEmpty()) {
        md += QStringLiteral("Evidence:\n");
        for (const QString& e : s.evidence)
            md += QStringLiteral("- `%1`\n").arg(e);
        md += u'\n';
    }
}

QString reviewMarkdown(const Review& r, const Rubric* rubric)
{
    QString md = QStringLiteral("# Review of %1 by %2\n\n").arg(r.taskId, r.reviewer);
    md += QStringLiteral(
        "- Task: `%1` (%2)\n- Rubric: %3 v%4\n- Status: %5\n- Created: %6, updated: %7\n- Time spent: %8\n\n")
              .arg(r.taskId, r.taskDigest.isEmpty() ? QStringLiteral("no digest") : r.taskDigest, r.rubricId)
              .arg(r.rubricVersion)
              .arg(
                  statusName(r.status), reviewTimestamp(r.created), reviewTimestamp(r.updated), duration(r.timeSpentS));
    md += QStringLiteral("**Verdict: %1** · Confidence: %2\n\n")
              .arg(r.verdict.isEmpty() ? QStringLiteral("none") : r.verdict,
                  r.confidence ? QString::number(*r.confidence) : QStringLiteral("not given"));
    md += QStringLiteral("## Summary\n\n%1\n\n").arg(r.summary.isEmpty() ? QStringLiteral("(none)") : r.summary);
    QStringList done;
    if (rubric) {
        for (const Dimension& d : rubric->dimensions) {
            md += QStringLiteral("## %1\n\n").arg(d.title);
            for (const Criterion& c : d.criteria) {
                if (r.scores.contains(c.id))
                    criterionSection(md, c.id, r.scores.value(c.id), &c);
                done << c.id;
            }
        }
    }
    for (auto it = r.scores.begin(); it != r.scores.end(); ++it) {
        if (!done.contains(it.key()))
            criterionSection(md, it.key(), it.value(), nullptr);
    }
    if (!r.comments.isEmpty()) {
        md += QStringLiteral("## Line comments\n\n");
        for (const LineComment& c : r.comments) {
            const QString lines = c.startLine == c.endLine ? QString::number(c.startLine)
                                                           : QStringLiteral("%1–%2").arg(c.startLine).arg(c.endLine);
            md += QStringLiteral("- `%1:%2`%3: %4\n")
                      .arg(c.file, lines, c.criterion.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(c.criterion),
                          c.text);
        }
        md += u'\n';
    }
    if (!r.reports.isEmpty()) {
        md += QStringLiteral("## Reports\n\n");
        for (const ReportRef& rr : r.reports)
            md += QStringLiteral("- %1 `%2` %3\n").arg(rr.action, rr.digest, reviewTimestamp(rr.created));
        md += u'\n';
    }
    return md;
}
} // namespace

QByteArray reviewsMarkdown(const QList<Review>& reviews, const Rubric* rubric)
{
    QStringList parts;
    for (const Review& r : reviews)
        parts << reviewMarkdown(r, rubric);
    return parts.join(QStringLiteral("---\n\n")).toUtf8();
}

} // namespace kwb
