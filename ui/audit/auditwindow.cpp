// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/audit/auditwindow.h"

#include "core/env/resourcepaths.h"
#include "core/export/exporter.h"
#include "core/review/reviewstore.h"
#include "core/rubric/rubricloader.h"
#include "ui/audit/agreementmodel.h"
#include "ui/audit/auditflagsview.h"
#include "ui/audit/reviewcompareview.h"
#include "ui/audit/reviewdetailview.h"
#include "ui/audit/reviewfilter.h"
#include "ui/audit/reviewtablemodel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelection>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QScreen>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace kwb::ui {
namespace {
bool isDatabase(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.read(16) == QByteArray("SQLite format 3\0", 16);
}

// Report documents (kwb.report/1, kwb.compile/1, kwb.bench/1, kwb.check/1) among the paths: the evidence the
// reviews attach. The other paths are review files and databases.
Status splitReports(const QStringList& paths, QStringList& reviewPaths, QList<ReportDoc>& reports)
{
    for (const QString& path : paths) {
        QFile f(path);
        const QByteArray head = f.open(QIODevice::ReadOnly) ? f.read(4096) : QByteArray();
        const bool report = !path.endsWith(QLatin1StringView(".jsonl")) && head.contains("\"format\"")
            && (head.contains("\"kwb.report/1\"") || head.contains("\"kwb.compile/1\"")
                || head.contains("\"kwb.bench/1\"") || head.contains("\"kwb.check/1\""))
            && !head.contains("\"kwb.review/1\"");
        if (!report) {
            reviewPaths << path;
            continue;
        }
        const Result<ReportDoc> doc = loadReportDoc(path);
        if (!doc)
            return doc.error();
        reports << *doc;
    }
    return Ok {};
}
} // namespace

AuditWindow::AuditWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_model(new ReviewTableModel(this))
    , m_filter(new ReviewFilter(this))
    , m_view(new QTableView(this))
    , m_tabs(new QTabWidget(this))
    , m_compare(new ReviewCompareView(this))
    , m_detail(new ReviewDetailView(this))
    , m_agreement(new AgreementModel(this))
    , m_reviewers(new ReviewerAgreementModel(this))
    , m_taskAgreement(new TaskAgreementModel(this))
    , m_flags(new AuditFlagsView(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("auditWindow"));
    setWindowTitle(tr("Audit Reviews"));
    auto* tools = addToolBar(tr("Audit"));
    tools->setObjectName(QStringLiteral("auditToolBar"));
    tools->addAction(tr("Open Reviews…"), this, &AuditWindow::openFilesDialog);
    tools->addAction(tr("Open Review"), this, &AuditWindow::openCurrentReview)
        ->setObjectName(QStringLiteral("actionAuditOpenReview"));
    tools->addSeparator();
    tools->addAction(tr("Accept"), this, &AuditWindow::acceptSelected)
        ->setObjectName(QStringLiteral("actionAuditAccept"));
    tools->addAction(tr("Return…"), this, &AuditWindow::returnSelected)
        ->setObjectName(QStringLiteral("actionAuditReturn"));
    tools->addAction(tr("Adjudicate…"), this, &AuditWindow::adjudicateSelected)
        ->setObjectName(QStringLiteral("actionAuditAdjudicate"));
    tools->addSeparator();
    auto* bar = new QWidget(this);
    buildFilters(bar);
    tools->addWidget(bar);

    m_filter->setSourceModel(m_model);
    m_view->setObjectName(QStringLiteral("auditReviewTable"));
    m_view->setModel(m_filter);
    m_view->setSortingEnabled(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(false);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &AuditWindow::selectionChanged);
    connect(m_view, &QAbstractItemView::doubleClicked, this, &AuditWindow::openCurrentReview);

    auto* agreementTab = new QSplitter(Qt::Vertical, this);
    auto* agreementView = new QTableView(agreementTab);
    agreementView->setObjectName(QStringLiteral("agreementTable"));
    agreementView->setModel(m_agreement);
    agreementView->verticalHeader()->hide();
    agreementView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* reviewerView = new QTableView(agreementTab);
    reviewerView->setObjectName(QStringLiteral("reviewerAgreementTable"));
    reviewerView->setModel(m_reviewers);
    reviewerView->verticalHeader()->hide();
    reviewerView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* taskView = new QTableView(agreementTab);
    taskView->setObjectName(QStringLiteral("taskAgreementTable"));
    taskView->setModel(m_taskAgreement);
    taskView->verticalHeader()->hide();
    taskView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    taskView->horizontalHeader()->setStretchLastSection(true);
    connect(m_flags, &AuditFlagsView::reviewRequested, this, [this](const QString& identity, const QString& task) {
        if (!identity.isEmpty() && openReview(identity))
            return;
        if (!task.isEmpty())
            compareTask(task);
    });
    m_tabs->setObjectName(QStringLiteral("auditTabs"));
    m_compare->setObjectName(QStringLiteral("reviewCompare"));
    m_tabs->addTab(m_compare, tr("Side by side"));
    m_tabs->addTab(agreementTab, tr("Agreement"));
    m_tabs->addTab(m_flags, tr("Flags"));
    m_detail->setObjectName(QStringLiteral("reviewDetail"));
    m_tabs->addTab(m_detail, tr("Review (read-only)"));
    m_tasks = taskBundlesUnder(QDir(resourcesDir()).filePath(QStringLiteral("tasks")));

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_view);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    setCentralWidget(split);
    m_status->setObjectName(QStringLiteral("auditStatus"));
    statusBar()->addWidget(m_status, 1);
}

Status AuditWindow::openReviews(const QStringList& paths, const QString& auditLog)
{
    QStringList reviewPaths;
    QList<ReportDoc> reports;
    if (const Status s = splitReports(paths, reviewPaths, reports); !s)
        return s;
    const Result<QList<Review>> reviews = collectReviews(reviewPaths);
    if (!reviews)
        return reviews.error();
    for (const QString& path : reviewPaths) {
        if (!isDatabase(path))
            continue;
        ReviewStore store;
        if (const Status s = store.open(path); !s)
            return s;
        for (const Review& r : *reviews) {
            if (const Result<QList<ReportDoc>> docs = store.reportsFor(r))
                reports += *docs;
        }
    }
    QList<AuditLogEntry> log;
    const QString logPath = auditLog.isEmpty() ? auditlog::defaultPath() : auditLog;
    if (QFile::exists(logPath)) {
        const Result<QList<AuditLogEntry>> entries = auditlog::read(logPath);
        if (!entries)
            return entries.error();
        log = *entries;
    }
    m_logPath = logPath;
    setReviews(*reviews, reports, log);
    m_status->setText(m_status->text() + tr(" — from %1").arg(paths.join(QStringLiteral(", "))));
    return Ok {};
}

void AuditWindow::setReviews(
    const QList<Review>& reviews, const QList<ReportDoc>& reports, const QList<AuditLogEntry>& log)
{
    m_reviews = reviews;
    m_reports = reports;
    m_log = log;
    if (m_logPath.isEmpty())
        m_logPath = auditlog::defaultPath();
    m_rubric.reset();
    if (!reviews.isEmpty()) {
        if (Result<Rubric> r = findRubric(reviews.first().rubricId, reviews.first().rubricVersion))
            m_rubric = *r;
    }
    AuditOptions options;
    options.reports = reports;
    options.adjudications = auditlog::adjudications(log);
    options.taskKinds = taskKinds(m_tasks);
    m_result = {};
    if (m_rubric) {
        if (Result<AuditResult> r = auditReviews(reviews, *m_rubric, options))
            m_result = *r;
    }
    QMap<QString, QString> decisions;
    for (const AuditVerdict& v : auditlog::verdicts(log))
        decisions.insert(v.review, v.decision);
    const QMap<QString, QString>& kinds = options.taskKinds;
    QList<AuditRow> rows;
    QStringList criteria;
    if (m_rubric) {
        for (const Criterion* c : m_rubric->criteria())
            criteria << c->id;
    }
    for (const Review& r : reviews) {
        AuditRow row { r, kinds.value(r.taskId), decisions.value(r.identity()), {} };
        for (const AuditFlag& f : m_result.flags) {
            if (f.review == r.identity())
                row.flags << f;
        }
        rows << row;
        for (auto it = r.scores.begin(); it != r.scores.end(); ++it) {
            if (!criteria.contains(it.key()))
                criteria << it.key();
        }
    }
    m_model->setRows(rows, criteria);
    refreshFilterChoices();
    m_agreement->setCriteria(m_result.criteria);
    m_taskAgreement->setTasks(m_result.perTask);
    m_reviewers->setReviewers(m_result.perReviewer);
    m_flags->setFlags(m_result.flags);
    m_tabs->setTabText(2, tr("Flags (%1)").arg(m_result.flags.size()));
    m_compare->clear();
    m_detail->clear();
    m_status->setText(tr("%1 reviews of %2 tasks by %3 reviewers; %4 flags; α CI: %5 bootstrap resamples, seed %6")
                          .arg(m_result.reviews)
                          .arg(m_result.tasks)
                          .arg(m_result.reviewers.size())
                          .arg(m_result.flags.size())
                          .arg(m_result.resamples)
                          .arg(m_result.seed));
}

void AuditWindow::resizeWithinScreen(const QSize& wanted)
{
    const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
    resize(s ? wanted.boundedTo(s->availableGeometry().size()) : wanted);
}

QString AuditWindow::firstSharedTask() const
{
    QMap<QString, int> counts;
    for (const Review& r : m_reviews)
        ++counts[r.taskId];
    for (auto it = counts.begin(); it != counts.end(); ++it) {
        if (it.value() >= 2)
            return it.key();
    }
    return {};
}

void AuditWindow::compareTask(const QString& taskId, const QStringList& identities)
{
    QList<Review> shown;
    for (const Review& r : m_reviews) {
        if (r.taskId == taskId && (identities.isEmpty() || identities.contains(r.identity())))
            shown << r;
    }
    m_compare->setReviews(shown, m_result.flags, m_rubric ? &*m_rubric : nullptr);
    m_tabs->setCurrentWidget(m_compare);
}

void AuditWindow::selectTask(const QString& taskId)
{
    QItemSelection selection;
    int first = -1;
    for (int r = 0; r < m_filter->rowCount(); ++r) {
        const QModelIndex i = m_filter->index(r, 0);
        if (m_model->row(m_filter->mapToSource(i).row()).review.taskId != taskId)
            continue;
        selection.select(i, i);
        first = first < 0 ? r : first;
    }
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (first >= 0)
        m_view->scrollTo(m_filter->index(first, 0), QAbstractItemView::PositionAtTop);
}

void AuditWindow::selectionChanged()
{
    QStringList identities;
    QSet<QString> tasks;
    for (const QModelIndex& index : m_view->selectionModel()->selectedRows()) {
        const Review& r = m_model->row(m_filter->mapToSource(index).row()).review;
        identities << r.identity();
        tasks.insert(r.taskId);
    }
    if (tasks.size() != 1)
        return;
    // One review: show it beside every other review of its task; several of one task: those.
    compareTask(*tasks.begin(), identities.size() >= 2 ? identities : QStringList {});
}

void AuditWindow::openFilesDialog()
{
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Open Reviews"), {}, tr("Reviews and review databases (*.json *.jsonl *.sqlite *.db);;All files (*)"));
    if (files.isEmpty())
        return;
    if (const Status s = openReviews(files); !s)
        m_status->setText(s.error().oneLine());
}

} // namespace kwb::ui
