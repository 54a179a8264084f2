// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panes/tasklistpane.h"

#include "core/importers/feedback.h"
#include "core/review/reviewstore.h"
#include "ui/panes/tasklistmodel.h"
#include "ui/rubric/reviewsettings.h"
#include "ui/window/session.h"

#include "core/batch/batchview.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QTimer>
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
    , m_batchLabel(new QLabel(this))
    , m_batchButton(new QToolButton(this))
    , m_batchWatcher(new QFileSystemWatcher(this))
    , m_batchPoll(new QTimer(this))
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
    m_view->header()->setSectionResizeMode(TaskListModel::ReviewColumn, QHeaderView::ResizeToContents);
    m_view->setColumnHidden(TaskListModel::ReviewColumn, true);
    m_view->header()->setSectionResizeMode(TaskListModel::BatchColumn, QHeaderView::ResizeToContents);
    m_view->setColumnHidden(TaskListModel::BatchColumn, true);

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

    // Batch results: the state of each task in a `kwb batch --out` folder, followed live while the batch runs.
    m_batchLabel->setObjectName(QStringLiteral("batchProgressLabel"));
    m_batchButton->setObjectName(QStringLiteral("batchOpenButton"));
    m_batchButton->setText(tr("Batch results…"));
    m_batchButton->setToolTip(tr("Show the progress and results of a kwb batch output folder in the task list"));
    m_batchLabel->setWordWrap(true);
    m_batchLabel->setVisible(false);
    m_batchPoll->setInterval(1000);
    connect(m_batchButton, &QToolButton::clicked, this, &TaskListPane::chooseBatch);
    connect(m_batchWatcher, &QFileSystemWatcher::directoryChanged, this, &TaskListPane::reloadBatch);
    connect(m_batchPoll, &QTimer::timeout, this, &TaskListPane::reloadBatch);
    auto* batchBar = new QHBoxLayout;
    batchBar->setContentsMargins(4, 2, 4, 2);
    batchBar->addWidget(m_batchLabel, 1);
    batchBar->addWidget(m_batchButton, 0, Qt::AlignTop);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_queueBar);
    layout->addWidget(m_view);
    layout->addLayout(batchBar);

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
    m_view->setColumnHidden(TaskListModel::ReviewColumn, queue == nullptr);
    if (!queue)
        return;
    // Read when the folder opens and when the queue moves, so reviews made elsewhere meanwhile count.
    ReviewStore store;
    QString note;
    if (const Status s = store.open(reviewsettings::databasePath()); s) {
        // Stored reviews and the working copies the rubric panel saves as drafts (status and verdict only).
        if (const auto headers = store.reviewHeaders()) {
            queue->setReviews(queueReviewsByBundle(*headers));
        } else {
            note = tr(" (review database not readable)");
        }
    } else {
        note = tr(" (review database not readable)");
    }
    QList<QueueReview> rows;
    rows.reserve(queue->size());
    for (qsizetype i = 0; i < queue->size(); ++i)
        rows << queue->review(i);
    m_model->setReviews(rows);
    showQueueCounts(note);
}

void TaskListPane::noteReview(const Review& review)
{
    BatchQueue* queue = m_session->queue();
    if (!queue)
        return;
    const qsizetype i = queue->indexOfBundle(review.taskId);
    if (i < 0)
        return;
    const QueueReview before = queue->review(i);
    const QueueReview::State state
        = review.status == Review::Status::Submitted ? QueueReview::State::Submitted : QueueReview::State::Draft;
    if (before.state == QueueReview::State::Submitted && state == QueueReview::State::Draft)
        return; // a new draft after a submitted review: the assignment stays reviewed
    queue->setReview(i, { state, review.verdict });
    m_model->updateReview(int(i), queue->review(i));
    showQueueCounts();
}

void TaskListPane::showQueueCounts(const QString& note)
{
    const BatchQueue* queue = m_session->queue();
    if (!queue)
        return;
    const QString drafts = queue->draftCount() ? tr(", %1 draft").arg(queue->draftCount()) : QString();
    m_queueLabel->setText(tr("%1 / %2 reviewed%3%4").arg(queue->reviewedCount()).arg(queue->size()).arg(drafts, note));
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

void TaskListPane::chooseBatch()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Batch Results"), m_batchDir);
    if (dir.isEmpty())
        return;
    QString error;
    if (!showBatch(dir, &error)) {
        m_batchLabel->setText(error);
        m_batchLabel->setVisible(true);
    }
}

bool TaskListPane::showBatch(const QString& outDir, QString* error)
{
    auto view = readBatchView(outDir);
    if (!view) {
        if (error)
            *error = view.error().oneLine();
        return false;
    }
    if (!m_batchWatcher->directories().isEmpty())
        m_batchWatcher->removePaths(m_batchWatcher->directories());
    m_batchDir = view->outDir;
    m_batchWatcher->addPath(m_batchDir);
    if (QFileInfo(m_batchDir + QStringLiteral("/tasks")).isDir())
        m_batchWatcher->addPath(m_batchDir + QStringLiteral("/tasks"));
    reloadBatch();
    return true;
}

void TaskListPane::reloadBatch()
{
    if (m_batchDir.isEmpty())
        return;
    // A new element folder appears under tasks/ while the batch runs; watch it once it exists.
    if (!m_batchWatcher->directories().contains(m_batchDir + QStringLiteral("/tasks"))
        && QFileInfo(m_batchDir + QStringLiteral("/tasks")).isDir())
        m_batchWatcher->addPath(m_batchDir + QStringLiteral("/tasks"));
    auto view = readBatchView(m_batchDir);
    if (!view) {
        m_batchLabel->setText(view.error().oneLine());
        m_batchLabel->setVisible(true);
        return;
    }
    m_model->setBatch(*view);
    m_view->setColumnHidden(TaskListModel::BatchColumn, false);
    const int done = view->count(QStringLiteral("passed")) + view->count(QStringLiteral("findings"));
    const int bad = view->count(QStringLiteral("failed")) + view->count(QStringLiteral("timeout"))
        + view->count(QStringLiteral("cancelled"));
    m_batchLabel->setText(tr("Batch %1%2%3: %4 passed, %5 with findings, %6 failed, %7 running — %8")
                              .arg(view->action.isEmpty() ? QString() : view->action + QLatin1Char(' '),
                                  view->executor.isEmpty() ? QString() : tr("on %1 ").arg(view->executor),
                                  view->finished ? tr("finished") : tr("in progress"))
                              .arg(view->count(QStringLiteral("passed")))
                              .arg(done - view->count(QStringLiteral("passed")))
                              .arg(bad)
                              .arg(view->count(QStringLiteral("running")))
                              .arg(QDir::toNativeSeparators(m_batchDir)));
    m_batchLabel->setVisible(true);
    // Poll while it runs: a state file rewritten in place does not always change its folder.
    if (view->finished)
        m_batchPoll->stop();
    else if (!m_batchPoll->isActive())
        m_batchPoll->start();
}

void TaskListPane::syncSelection()
{
    const QModelIndex index = m_model->index(m_session->currentIndex(), 0);
    if (index.isValid() && m_view->currentIndex().row() != index.row())
        m_view->setCurrentIndex(index);
}

} // namespace kwb::ui
