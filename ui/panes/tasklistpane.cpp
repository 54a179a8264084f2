#include "panes/tasklistpane.h"

#include "panes/tasklistmodel.h"
#include "window/session.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace kwb::ui {

TaskListPane::TaskListPane(Session* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new TaskListModel(this))
    , m_view(new QTreeView(this))
{
    setObjectName(QStringLiteral("taskListPane"));
    m_view->setObjectName(QStringLiteral("taskListView"));
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(false);
    m_view->setFrameShape(QFrame::NoFrame);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(TaskListModel::TaskColumn, QHeaderView::Stretch);
    m_view->header()->setSectionResizeMode(TaskListModel::StatusColumn, QHeaderView::ResizeToContents);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);

    connect(m_session, &Session::folderOpened, this,
        [this](const QString& root) { m_model->setBundles(m_session->bundles(), root); });
    connect(m_session, &Session::taskOpened, this, &TaskListPane::syncSelection);
    connect(
        m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            if (current.isValid())
                m_session->selectTask(current.row());
        });
    m_model->setBundles(m_session->bundles(), m_session->rootPath());
    syncSelection();
}

void TaskListPane::syncSelection()
{
    const QModelIndex index = m_model->index(m_session->currentIndex(), 0);
    if (index.isValid() && m_view->currentIndex().row() != index.row())
        m_view->setCurrentIndex(index);
}

} // namespace kwb::ui
