#pragma once

#include <QWidget>

class QLabel;
class QToolButton;
class QTreeView;

namespace kwb::ui {

class Session;
class TaskListModel;

/// The tasks of the open folder; selecting one makes it the session's current task.
class TaskListPane : public QWidget {
    Q_OBJECT
public:
    explicit TaskListPane(Session* session, QWidget* parent = nullptr);

    QTreeView* view() const { return m_view; }

private:
    void syncSelection();
    /// Batch workspaces: the reviewed count and the next/previous unreviewed buttons.
    void refreshQueue();
    void stepQueue(bool forward);

    Session* m_session;
    TaskListModel* m_model;
    QTreeView* m_view;
    QWidget* m_queueBar;
    QLabel* m_queueLabel;
    QToolButton* m_queuePrevious;
    QToolButton* m_queueNext;
};

} // namespace kwb::ui
