// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The evidence pane of ReviewDetailView: attached reports with their findings, cited references resolved
// against them, and the review's audit flags.
#include "ui/audit/reviewdetailview.h"

#include "core/review/evidenceref.h"

#include <QTreeWidget>

namespace kwb::ui {
namespace {
enum Role { FileRole = Qt::UserRole + 1, FirstLineRole, LastLineRole };

QTreeWidgetItem* item(QTreeWidgetItem* parent, const QString& text, const QString& detail = {})
{
    auto* i = new QTreeWidgetItem(parent, { text, detail });
    i->setToolTip(0, text);
    i->setToolTip(1, detail);
    return i;
}

QString findingText(const ReportFinding& f)
{
    QStringList where;
    if (!f.impl.isEmpty())
        where << QStringLiteral("impl=") + f.impl;
    if (!f.caseName.isEmpty())
        where << QStringLiteral("case=") + f.caseName;
    return QStringLiteral("%1 %2%3").arg(f.severity.isEmpty() ? QStringLiteral("-") : f.severity.left(1).toUpper(),
        f.id, where.isEmpty() ? QString() : QStringLiteral(" (") + where.join(QStringLiteral(", ")) + u')');
}

const ReportDoc* findReport(const QList<ReportDoc>& reports, const QString& digest)
{
    for (const ReportDoc& d : reports) {
        if (d.digest == digest)
            return &d;
    }
    return nullptr;
}

// Where a cited finding shows in the attached reports ("" when it does not).
QString whereShown(const EvidenceRef& ref, const Review& review, const QList<ReportDoc>& reports)
{
    for (const ReportRef& r : review.reports) {
        const ReportDoc* d = findReport(reports, r.digest);
        if (!d)
            continue;
        for (const ReportFinding& f : d->findings) {
            if (f.id != ref.target)
                continue;
            if (ref.qualifiers.contains(QStringLiteral("case"))
                && ref.qualifiers.value(QStringLiteral("case")) != f.caseName)
                continue;
            if (ref.qualifiers.contains(QStringLiteral("impl"))
                && ref.qualifiers.value(QStringLiteral("impl")) != f.impl)
                continue;
            return QStringLiteral("shown by the %1 report %2").arg(d->action, d->digest.left(19));
        }
    }
    return {};
}
} // namespace

void ReviewDetailView::fillEvidence(
    const Review& review, const QList<ReportDoc>& reports, const QList<AuditFlag>& flags)
{
    m_evidence->clear();
    auto* attached = new QTreeWidgetItem(m_evidence, { tr("Attached reports (%1)").arg(review.reports.size()) });
    for (const ReportRef& r : review.reports) {
        const ReportDoc* d = findReport(reports, r.digest);
        QTreeWidgetItem* top = item(attached, QStringLiteral("%1 report %2").arg(r.action, r.digest.left(19)),
            d ? tr("%1 findings; %2").arg(d->findings.size()).arg(d->file.isEmpty() ? tr("stored") : d->file)
              : tr("not available here: only its digest is recorded with the review"));
        if (!d)
            top->setForeground(1, QColor(0xb0, 0x20, 0x20));
        else if (d->taskId != review.taskId)
            top->setText(1, tr("of task '%1', not of the reviewed task").arg(d->taskId));
        if (d) {
            for (const ReportFinding& f : d->findings)
                item(top, findingText(f), f.message);
        }
    }
    auto* cited = new QTreeWidgetItem(m_evidence, { tr("Cited evidence") });
    int citedCount = 0;
    for (auto it = review.scores.begin(); it != review.scores.end(); ++it) {
        for (const QString& text : it.value().evidence) {
            ++citedCount;
            const Result<EvidenceRef> ref = parseEvidenceRef(text);
            QTreeWidgetItem* i = item(cited, QStringLiteral("%1: %2").arg(it.key(), text));
            if (!ref) {
                i->setText(1, tr("not a valid reference: %1").arg(ref.error().what));
                continue;
            }
            switch (ref->kind) {
            case EvidenceRef::Kind::File:
                i->setText(
                    1, editorFor(ref->target) ? tr("click to show in the sources") : tr("not a source shown here"));
                i->setData(0, FileRole, ref->target);
                i->setData(0, FirstLineRole, ref->startLine);
                i->setData(0, LastLineRole, ref->endLine);
                break;
            case EvidenceRef::Kind::Report: {
                const ReportDoc* d = findReport(reports, ref->target);
                i->setText(1,
                    d ? tr("the %1 report, %2 findings").arg(d->action).arg(d->findings.size())
                      : tr("report not available here"));
                break;
            }
            case EvidenceRef::Kind::Finding: {
                const QString where = whereShown(*ref, review, reports);
                i->setText(1, where.isEmpty() ? tr("not in any attached report") : where);
                break;
            }
            }
        }
    }
    cited->setText(0, tr("Cited evidence (%1)").arg(citedCount));
    auto* comments = new QTreeWidgetItem(m_evidence, { tr("Line comments (%1)").arg(review.comments.size()) });
    for (const LineComment& c : review.comments) {
        QTreeWidgetItem* i = item(comments, QStringLiteral("%1:%2-%3").arg(c.file).arg(c.startLine).arg(c.endLine),
            (c.criterion.isEmpty() ? QString() : QStringLiteral("[%1] ").arg(c.criterion)) + c.text);
        i->setData(0, FileRole, c.file);
        i->setData(0, FirstLineRole, c.startLine);
        i->setData(0, LastLineRole, c.endLine);
    }
    auto* flagged = new QTreeWidgetItem(m_evidence, { tr("Audit flags") });
    int count = 0;
    for (const AuditFlag& f : flags) {
        if (f.review != m_identity)
            continue;
        QTreeWidgetItem* i = item(flagged, f.id, f.message);
        if (f.severity == Severity::Error)
            i->setForeground(0, QColor(0xb0, 0x20, 0x20));
        ++count;
    }
    flagged->setText(0, tr("Audit flags (%1)").arg(count));
    m_evidence->expandAll();
}

void ReviewDetailView::evidenceActivated(QTreeWidgetItem* i)
{
    if (!i || i->data(0, FileRole).toString().isEmpty())
        return;
    showSource(i->data(0, FileRole).toString(), i->data(0, FirstLineRole).toInt(), i->data(0, LastLineRole).toInt());
}

} // namespace kwb::ui
