#include "panes/tasklistpane.h"

#include "importers/feedback.h"
#include "panes/tasklistmodel.h"
#include "review/reviewstore.h"
#include "rubric/reviewsettings.h"
#include "window/session.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace kwb::ui {

TaskListPane::TaskListPane(Session* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new TaskListModel(this))
    , m_view(new QTreeView(this))
    , m_queueBar(new QWidget(this))
    , m_queueLabel(new QLabel(m_queueBar))
    , m_queuePrevious(new QToolButton(m_queueBar))
    , m_queueNext(new QToolButton(m_queueBar))
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

    m_queueBar->setObjectName(QStringLiteral("queueBar"));
    m_queueLabel->setObjectName(QStringLiteral("queueProgressLabel"));
    m_queuePrevious->setObjectName(QStringLiteral("queuePreviousButton"));
    m_queueNext->setObjectName(QStringLiteral("queueNextButton"));
    m_queuePrevious->setText(tr("◀ Unreviewed"));
    m_queueNext->setText(tr("Unreviewed ▶"));
    m_queuePrevious->setToolTip(tr("Previous assignment without a submitted review"));
    m_queueNext->setToolTip(tr("Next assignment without a submitted review"));
    auto* bar = new QHBoxLayout(m_queueBar);
    bar->setContentsMargins(4, 2, 4, 2);
    bar->addWidget(m_queueLabel, 1);
    bar->addWidget(m_queuePrevious);
    bar->addWidget(m_queueNext);
    m_queueBar->setVisible(false);
    connect(m_queuePrevious, &QToolButton::clicked, this, [this] { stepQueue(false); });
    connect(m_queueNext, &QToolButton::clicked, this, [this] { stepQueue(true); });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_queueBar);
    layout->addWidget(m_view);

    connect(m_session, &Session::folderOpened, this, [this](const QString& root) {
        m_model->setBundles(m_session->bundles(), root);
        refreshQueue();
    });
    connect(m_session, &Session::taskOpened, this, [this] {
        if (m_session->queue() && m_session->currentReport())
            m_model->updateBundle(m_session->currentIndex(), *m_session->currentReport());
        syncSelection();
    });
    connect(
        m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            if (current.isValid())
                m_session->selectTask(current.row());
        });
    m_model->setBundles(m_session->bundles(), m_session->rootPath());
    syncSelection();
}

void TaskListPane::refreshQueue()
{
    BatchQueue* queue = m_session->queue();
    m_queueBar->setVisible(queue != nullptr);
    if (!queue)
        return;
    // Reviewed = a submitted review in the review database; read when the queue moves, so reviews submitted
    // meanwhile count.
    ReviewStore store;
    QString note;
    if (const Status s = store.open(reviewsettings::databasePath()); s) {
        if (const auto reviews = store.reviews()) {
            QList<Review> list;
            list.reserve(reviews->size());
            for (const StoredReview& r : *reviews)
                list << r.review;
            queue->setReviewed(reviewedBundleIds(list));
        }
    } else {
        note = tr(" (review database not readable)");
    }
    m_queueLabel->setText(tr("%1 / %2 reviewed%3").arg(queue->reviewedCount()).arg(queue->size()).arg(note));
    const bool left = queue->reviewedCount() < queue->size();
    m_queuePrevious->setEnabled(left);
    m_queueNext->setEnabled(left);
}

void TaskListPane::stepQueue(bool forward)
{
    refreshQueue();
    BatchQueue* queue = m_session->queue();
    if (!queue)
        return;
    const qsizetype at = m_session->currentIndex();
    if (const auto next = forward ? queue->nextUnreviewed(at) : queue->previousUnreviewed(at))
        m_session->selectTask(int(*next));
}

void TaskListPane::syncSelection()
{
    const QModelIndex index = m_model->index(m_session->currentIndex(), 0);
    if (index.isValid() && m_view->currentIndex().row() != index.row())
        m_view->setCurrentIndex(index);
}

} // namespace kwb::ui
