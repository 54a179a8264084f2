// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/audit/audit.h"
#include "core/audit/auditlog.h"
#include "core/result.h"

#include <QMainWindow>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableView;
class QTabWidget;
class QListWidget;

namespace kwb::ui {

class AgreementModel;
class AuditFlagsView;
class TaskAgreementModel;
class ReviewCompareView;
class ReviewDetailView;
class ReviewFilter;
class ReviewTableModel;
class ReviewerAgreementModel;

/// The audit window (Review ▸ Audit Reviews): a table of reviews from the review database or from files
/// (sort, filter by reviewer, task kind, verdict, flags and a criterion's score range, search in comments);
/// below it, the selected task's reviews side by side with their differences highlighted, one review read-only
/// beside its task's sources and evidence, the agreement statistics per criterion and per reviewer, and every
/// flag.
class AuditWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit AuditWindow(QWidget* parent = nullptr);

    /// Loads review files and review databases (replacing what is shown). The audit log, when it exists,
    /// supplies adjudications and verdicts; reports stored in the databases are re-read by the checks.
    Status openReviews(const QStringList& paths, const QString& auditLog = {});
    /// Shows `reviews` directly (tests); `reports` are re-read by the checks.
    void setReviews(
        const QList<Review>& reviews, const QList<ReportDoc>& reports = {}, const QList<AuditLogEntry>& log = {});

    /// Shows every review of `taskId` side by side (or only `identities`, when given) and switches to that tab.
    void compareTask(const QString& taskId, const QStringList& identities = {});
    /// Shows one review read-only beside its task's sources, with its scores, comments, attached reports and
    /// cited evidence (the Review tab); false when no loaded review has that identity.
    bool openReview(const QString& identity);
    /// Selects every listed review of `taskId` in the table (which shows them side by side).
    void selectTask(const QString& taskId);
    /// The first task reviewed by two or more reviewers, or an empty string.
    QString firstSharedTask() const;

    /// Appends an audit verdict (accept, or return with notes per criterion) to the audit log and shows it.
    Status recordVerdict(const AuditVerdict& verdict);
    /// Appends an adjudicated score (with its reason, linked to the reviews) to the log and recomputes.
    Status recordAdjudication(const Adjudication& adjudication);
    /// The identities of the selected reviews.
    QStringList selectedReviews() const;
    QString auditLogPath() const { return m_logPath; }

    ReviewTableModel* reviewModel() const { return m_model; }
    ReviewFilter* filter() const { return m_filter; }
    ReviewCompareView* compareView() const { return m_compare; }
    ReviewDetailView* detailView() const { return m_detail; }
    AgreementModel* agreementModel() const { return m_agreement; }
    TaskAgreementModel* taskAgreementModel() const { return m_taskAgreement; }
    AuditFlagsView* flagsView() const { return m_flags; }
    /// `wanted`, no larger than the available area of the screen the window is on (1366×768 included).
    void resizeWithinScreen(const QSize& wanted);
    QTableView* reviewView() const { return m_view; }
    const AuditResult& result() const { return m_result; }

private:
    void buildFilters(QWidget* bar);
    void refreshFilterChoices();
    void selectionChanged();
    void openFilesDialog();
    void openCurrentReview();
    void acceptSelected();
    void returnSelected();
    void adjudicateSelected();
    void reload();

    ReviewTableModel* m_model;
    ReviewFilter* m_filter;
    QTableView* m_view;
    QTabWidget* m_tabs;
    ReviewCompareView* m_compare;
    ReviewDetailView* m_detail;
    AgreementModel* m_agreement;
    ReviewerAgreementModel* m_reviewers;
    TaskAgreementModel* m_taskAgreement;
    AuditFlagsView* m_flags;
    QLabel* m_status;
    QComboBox* m_reviewer = nullptr;
    QComboBox* m_kind = nullptr;
    QComboBox* m_verdict = nullptr;
    QCheckBox* m_flagged = nullptr;
    QComboBox* m_criterion = nullptr;
    QSpinBox* m_min = nullptr;
    QSpinBox* m_max = nullptr;
    QLineEdit* m_search = nullptr;
    QList<Review> m_reviews;
    QList<ReportDoc> m_reports;
    QList<AuditLogEntry> m_log;
    QString m_logPath;
    QMap<QString, TaskBundleRef> m_tasks; ///< task id → bundle folder and kind (a review set names tasks only)
    AuditResult m_result;
    std::optional<Rubric> m_rubric;
};

} // namespace kwb::ui
