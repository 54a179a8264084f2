#pragma once

#include <QWidget>

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

    Session* m_session;
    TaskListModel* m_model;
    QTreeView* m_view;
};

} // namespace kwb::ui
