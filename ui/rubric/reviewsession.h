// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/result.h"
#include "core/review/reportdoc.h"
#include "core/review/review.h"
#include "core/review/reviewstore.h"
#include "core/rubric/rubric.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>
#include <optional>

namespace kwb {
struct Task;
}

namespace kwb::ui {

/// The review being written for the current task: loads it (the reviewer's draft, else their latest stored
/// review, else a new one), applies edits, autosaves the draft at most kAutosaveMs after an edit (the store
/// writes each draft in one SQLite transaction, so a kill leaves the previous draft or the new one), notices
/// when another window saved the same draft, tracks the active time spent, runs the review checks and submits.
class ReviewSession : public QObject {
    Q_OBJECT
public:
    static constexpr int kAutosaveMs = 1000;

    explicit ReviewSession(QObject* parent = nullptr);
    ~ReviewSession() override;

    /// Opens the review database at `path`; until then (or after a failure) nothing is saved.
    Status openStore(const QString& path);
    ReviewStore* store() const { return m_store.get(); }
    QString reviewer() const { return m_reviewer; }
    void setReviewer(const QString& name) { m_reviewer = name; }

    /// The rubric new reviews are written against.
    void setRubric(const Rubric& rubric) { m_rubric = rubric; }
    const Rubric* rubric() const { return m_rubric ? &*m_rubric : nullptr; }

    /// Starts the review of `task` (null: no review). Saves pending edits of the previous task first.
    Status openTask(const Task* task);
    bool hasReview() const { return m_review.has_value(); }
    const Review& review() const { return *m_review; }
    QString taskKind() const { return m_taskKind; }
    QString taskDir() const { return m_taskDir; }
    /// The criteria that apply to the task's kind, in rubric order.
    QList<const Criterion*> criteria() const;
    /// True when the review came from a draft saved before (an earlier session, a crash, a kill).
    bool restoredDraft() const { return m_restoredDraft; }
    qint64 storedRevision() const { return m_storedRevision; }

    // Edits: each changes the working copy and schedules the autosave.
    void setScore(const QString& criterion, std::optional<int> value, bool notApplicable);
    void setScoreComment(const QString& criterion, const QString& text);
    bool addEvidence(const QString& criterion, const QString& ref);
    void removeEvidence(const QString& criterion, const QString& ref);
    void addLineComment(const LineComment& comment);
    void setLineCommentText(int index, const QString& text);
    void setLineCommentCriterion(int index, const QString& criterion);
    void removeLineComment(int index);
    void setVerdict(const QString& verdict);
    void setSummary(const QString& summary);
    void setConfidence(std::optional<int> confidence);
    /// Stores a kwb.report/1 document and attaches it to the review of the task it is about; returns its digest.
    /// A report of another task (its job ended after that task was left) waits and is attached when that task's
    /// review opens again. A submitted review is not turned back into a draft by a report: the report is held and
    /// attached with the reviewer's next edit (heldReports()).
    Result<QString> attachReport(const QByteArray& bytes, const QString& file);
    /// Reports held for the submitted review until it is edited.
    const QList<ReportDoc>& heldReports() const { return m_held; }
    /// The reports attached to the review (from the store), newest last.
    const QList<ReportDoc>& reports() const { return m_reports; }

    /// The review checks, as if the review were submitted now.
    Findings checks() const;
    /// True when the checks find no error: the review may be submitted.
    bool isComplete() const;
    /// True for a draft, or a submitted review edited since: submitting again would record something new.
    bool hasChangesToSubmit() const
    {
        return m_review && (m_review->status == Review::Status::Draft || m_changedSinceSubmit);
    }
    /// Submits the review (status submitted, a history entry); fails when incomplete or on a conflict.
    Result<qint64> submit();

    /// Saves the draft now when there are unsaved edits (also on task change and close).
    Status saveNow();
    bool hasUnsavedEdits() const { return m_dirty; }
    bool inConflict() const { return m_conflict; }
    /// After conflictDetected: keep this window's copy (overwrites the other) or load the other.
    Status resolveConflict(bool keepMine);

    /// Time spent on this review, counting only while active (the window has focus).
    qint64 timeSpentS() const;
    void setActive(bool active);
    bool isActive() const { return m_active; }

Q_SIGNALS:
    /// A different review is shown (task change, conflict resolved by loading the other copy).
    void reviewLoaded();
    /// The working copy changed (an edit, an attached report).
    void reviewChanged();
    void draftSaved(const QDateTime& when);
    void conflictDetected(const QString& message);
    void submitted(qint64 revision);
    void failed(const QString& message);

private:
    void edited();
    void loadReports();
    void attachDoc(const ReportDoc& doc);
    Score& score(const QString& criterion);

    std::unique_ptr<ReviewStore> m_store;
    QString m_reviewer;
    std::optional<Rubric> m_rubric;
    QString m_taskKind;
    QString m_taskDir;
    QString m_currentDigest;
    std::optional<Review> m_review;
    QList<ReportDoc> m_reports;
    QList<ReportDoc> m_held; ///< reports for the submitted review, attached with its next edit
    QMap<QString, QList<ReportDoc>> m_pending; ///< task id → reports that arrived while another task was open
    qint64 m_draftRevision = 0; ///< the stored draft this copy is based on (0: none)
    qint64 m_storedRevision = 0; ///< the stored (submitted) review this copy is based on (0: none)
    bool m_restoredDraft = false;
    bool m_dirty = false;
    bool m_changedSinceSubmit = false;
    bool m_conflict = false;
    QTimer m_autosave;
    bool m_active = false;
    QElapsedTimer m_activeClock;
    qint64 m_baseTimeMs = 0; ///< time spent before the current active stretch
};

} // namespace kwb::ui
