// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QFileSystemWatcher;
class QLabel;
class QTimer;
class QToolButton;
class QTreeView;

namespace kwb {
struct Review;
}

namespace kwb::ui {

class Session;
class TaskListModel;

/// The tasks of the open folder; selecting one makes it the session's current task.
class TaskListPane : public QWidget {
    Q_OBJECT
public:
    explicit TaskListPane(Session* session, QWidget* parent = nullptr);

    QTreeView* view() const { return m_view; }

    /// Batch workspaces: re-reads every assignment's review state from the review database (the Review column,
    /// the progress counts and the next/previous unreviewed buttons).
    void refreshQueue();
    /// Batch workspaces: `review` was just saved (draft) or submitted; updates its row and the counts at once,
    /// without reading the database.
    void noteReview(const Review& review);
    /// Shows the state of every task in the batch output folder `outDir` (`kwb batch --out`) in the Batch column
    /// and follows it while the batch runs (file watcher, plus a poll once a second). False with `*error` set when
    /// the folder is not a batch's.
    bool showBatch(const QString& outDir, QString* error = nullptr);

private:
    void syncSelection();
    void showQueueCounts(const QString& note = {});
    void stepQueue(bool forward);
    void chooseBatch();
    void reloadBatch();

    Session* m_session;
    TaskListModel* m_model;
    QTreeView* m_view;
    QWidget* m_queueBar;
    QLabel* m_queueLabel;
    QToolButton* m_queuePrevious;
    QToolButton* m_queueNext;
    QLabel* m_batchLabel;
    QToolButton* m_batchButton;
    QFileSystemWatcher* m_batchWatcher;
    QTimer* m_batchPoll;
    QString m_batchDir;
};

} // namespace kwb::ui
