// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The audit window's decisions: accept or return reviews, adjudicate scores. Each is appended to the
// hash-chained audit log (core/audit/auditlog.h) before the window shows it.
#include "ui/audit/auditwindow.h"

#include "ui/audit/reviewcompareview.h"
#include "ui/audit/reviewfilter.h"
#include "ui/audit/reviewtablemodel.h"

#include <QInputDialog>
#include <QMessageBox>
#include <QStatusBar>
#include <QTableView>

namespace kwb::ui {
namespace {
QString currentAuditor()
{
    const QString user = qEnvironmentVariable("USER");
    return user.isEmpty() ? QStringLiteral("unknown") : user;
}
} // namespace

QStringList AuditWindow::selectedReviews() const
{
    QStringList out;
    for (const QModelIndex& index : m_view->selectionModel()->selectedRows())
        out << m_model->row(m_filter->mapToSource(index).row()).review.identity();
    return out;
}

void AuditWindow::reload()
{
    const QStringList selected = selectedReviews();
    const Result<QList<AuditLogEntry>> entries = auditlog::read(m_logPath);
    if (!entries) {
        statusBar()->showMessage(entries.error().oneLine());
        return;
    }
    setReviews(m_reviews, m_reports, *entries);
    if (!selected.isEmpty()) {
        for (const Review& r : m_reviews) {
            if (r.identity() == selected.first()) {
                compareTask(r.taskId, selected.size() >= 2 ? selected : QStringList {});
                break;
            }
        }
    }
}

Status AuditWindow::recordVerdict(const AuditVerdict& verdict)
{
    if (verdict.decision == QLatin1StringView("return") && verdict.notes.isEmpty())
        return Error { {}, {}, tr("a returned review needs a note on at least one criterion") };
    const Result<AuditLogEntry> e = auditlog::append(m_logPath, QStringLiteral("verdict"),
        verdict.auditor.isEmpty() ? currentAuditor() : verdict.auditor, auditlog::verdictData(verdict));
    if (!e)
        return e.error();
    reload();
    statusBar()->showMessage(tr("%1: %2 (audit log entry %3)").arg(verdict.review, verdict.decision).arg(e->seq), 5000);
    return Ok {};
}

Status AuditWindow::recordAdjudication(const Adjudication& a)
{
    if (a.reviews.size() < 2 || a.reason.trimmed().isEmpty())
        return Error { {}, {}, tr("an adjudication needs two or more reviews and a reason") };
    const Result<AuditLogEntry> e = auditlog::append(m_logPath, QStringLiteral("adjudicate"),
        a.auditor.isEmpty() ? currentAuditor() : a.auditor, auditlog::adjudicationData(a));
    if (!e)
        return e.error();
    reload();
    statusBar()->showMessage(
        tr("%1 %2 adjudicated to %3 (audit log entry %4)").arg(a.taskId, a.criterion).arg(a.value).arg(e->seq), 5000);
    return Ok {};
}

void AuditWindow::acceptSelected()
{
    for (const QString& id : selectedReviews()) {
        if (const Status s = recordVerdict({ id, QStringLiteral("accept"), {}, {}, {} }); !s) {
            QMessageBox::warning(this, tr("Accept"), s.error().oneLine());
            return;
        }
    }
}

void AuditWindow::returnSelected()
{
    const QStringList selected = selectedReviews();
    if (selected.size() != 1 || m_model->criteria().isEmpty()) {
        QMessageBox::information(this, tr("Return"), tr("Select one review to return to its reviewer."));
        return;
    }
    bool ok = false;
    const QString criterion = QInputDialog::getItem(
        this, tr("Return"), tr("Criterion the note is about:"), m_model->criteria(), 0, false, &ok);
    if (!ok)
        return;
    const QString note = QInputDialog::getMultiLineText(
        this, tr("Return"), tr("What should the reviewer revisit in %1?").arg(criterion), {}, &ok);
    if (!ok || note.trimmed().isEmpty())
        return;
    if (const Status s
        = recordVerdict({ selected.first(), QStringLiteral("return"), { { criterion, note.trimmed() } }, {}, {} });
        !s)
        QMessageBox::warning(this, tr("Return"), s.error().oneLine());
}

void AuditWindow::adjudicateSelected()
{
    const QStringList selected = selectedReviews();
    QSet<QString> tasks;
    for (const QString& id : selected)
        tasks.insert(id.section(u'/', 0, 0));
    if (selected.size() < 2 || tasks.size() != 1) {
        QMessageBox::information(this, tr("Adjudicate"), tr("Select two or more reviews of one task."));
        return;
    }
    compareTask(*tasks.begin(), selected);
    QStringList choices = m_compare->differingCriteria();
    if (choices.isEmpty())
        choices = m_model->criteria();
    bool ok = false;
    const QString criterion = QInputDialog::getItem(this, tr("Adjudicate"), tr("Criterion:"), choices, 0, false, &ok);
    if (!ok)
        return;
    const Criterion* c = m_rubric ? m_rubric->criterion(criterion) : nullptr;
    const int lo = c ? c->scale.min : 1;
    const int hi = c ? c->scale.max : 5;
    const int value = QInputDialog::getInt(
        this, tr("Adjudicate"), tr("Adjudicated score for %1:").arg(criterion), (lo + hi) / 2, lo, hi, 1, &ok);
    if (!ok)
        return;
    const QString reason = QInputDialog::getMultiLineText(
        this, tr("Adjudicate"), tr("Why this score overrides the reviewers:"), {}, &ok);
    if (!ok || reason.trimmed().isEmpty())
        return;
    if (const Status s = recordAdjudication({ *tasks.begin(), criterion, value, reason.trimmed(), selected, {}, {} });
        !s)
        QMessageBox::warning(this, tr("Adjudicate"), s.error().oneLine());
}

} // namespace kwb::ui
