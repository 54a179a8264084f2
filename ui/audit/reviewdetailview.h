// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/audit/audit.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTableWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace kwb::ui {

class CodeEditor;

/// One review, read-only, beside its task: on the left the task's sources (spec, reference, oracle and
/// candidates, each in the workbench's code view with the review's line comments marked); on the right its
/// header (reviewer, status, verdict, time spent, whether the bundle still matches the reviewed digest), its
/// scores with comments and evidence, its summary and line comments, and the evidence it stands on: every
/// attached report (compile, run, bench, check) with its findings, every cited reference resolved against
/// them, and the review's audit flags. Nothing here can be edited; clicking a file reference or a line comment
/// shows those lines.
class ReviewDetailView : public QWidget {
    Q_OBJECT
public:
    explicit ReviewDetailView(QWidget* parent = nullptr);

    /// Shows `review`; `reports` are the report documents known (those it attaches are listed), `flags` the
    /// audit's flags (those of this review are listed), `taskDir` its bundle (empty: sources unavailable).
    void showReview(const Review& review, const QList<ReportDoc>& reports, const QList<AuditFlag>& flags,
        const Rubric* rubric, const QString& taskDir);
    void clear();

    /// Shows `file` (bundle-relative) in the sources and highlights lines first..last (1-based; 0: none).
    bool showSource(const QString& file, int first = 0, int last = 0);

    QString reviewIdentity() const { return m_identity; }
    QTabWidget* sources() const { return m_sources; }
    QTableWidget* scores() const { return m_scores; }
    QTreeWidget* evidence() const { return m_evidence; }
    QLabel* header() const { return m_header; }
    /// The code view of `file`, or null.
    CodeEditor* editorFor(const QString& file) const;

private:
    void loadSources(const Review& review, const QString& taskDir);
    void fillScores(const Review& review, const Rubric* rubric);
    void fillEvidence(const Review& review, const QList<ReportDoc>& reports, const QList<AuditFlag>& flags);
    void evidenceActivated(QTreeWidgetItem* item);

    QString m_identity;
    QLabel* m_header;
    QTabWidget* m_sources;
    QTableWidget* m_scores;
    QPlainTextEdit* m_summary;
    QTreeWidget* m_evidence;
};

} // namespace kwb::ui
