// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/audit/reviewdetailview.h"

#include "core/task/digest.h"
#include "core/task/taskloader.h"
#include "ui/editor/codeeditor.h"

#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace kwb::ui {
namespace {
QTableWidgetItem* cell(const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable); // never editable
    item->setTextAlignment(Qt::AlignLeft | Qt::AlignTop);
    item->setToolTip(text);
    return item;
}

QString duration(qint64 s)
{
    return s >= 3600 ? QStringLiteral("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'))
                     : QStringLiteral("%1 min").arg(s / 60);
}
} // namespace

ReviewDetailView::ReviewDetailView(QWidget* parent)
    : QWidget(parent)
    , m_header(new QLabel(this))
    , m_sources(new QTabWidget(this))
    , m_scores(new QTableWidget(this))
    , m_summary(new QPlainTextEdit(this))
    , m_evidence(new QTreeWidget(this))
{
    m_header->setObjectName(QStringLiteral("reviewDetailHeader"));
    m_header->setWordWrap(true);
    m_header->setTextFormat(Qt::RichText);
    m_sources->setObjectName(QStringLiteral("reviewDetailSources"));
    m_scores->setObjectName(QStringLiteral("reviewDetailScores"));
    m_scores->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_scores->setWordWrap(true);
    m_scores->setColumnCount(4);
    m_scores->setHorizontalHeaderLabels({ tr("Criterion"), tr("Score"), tr("Comment"), tr("Evidence") });
    m_scores->verticalHeader()->hide();
    m_scores->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_scores->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_scores->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_scores->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    m_scores->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summary->setObjectName(QStringLiteral("reviewDetailSummary"));
    m_summary->setReadOnly(true);
    m_summary->setMaximumHeight(90);
    m_evidence->setObjectName(QStringLiteral("reviewDetailEvidence"));
    m_evidence->setHeaderLabels({ tr("Evidence"), tr("Detail") });
    m_evidence->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_evidence->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    m_evidence->header()->setStretchLastSection(true);
    m_evidence->setColumnWidth(0, 320);
    connect(m_evidence, &QTreeWidget::itemActivated, this, &ReviewDetailView::evidenceActivated);
    connect(m_evidence, &QTreeWidget::itemClicked, this, &ReviewDetailView::evidenceActivated);

    auto* right = new QSplitter(Qt::Vertical, this);
    auto* top = new QWidget(right);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_header);
    topLayout->addWidget(m_scores, 1);
    topLayout->addWidget(m_summary);
    right->addWidget(top);
    right->addWidget(m_evidence);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_sources);
    split->addWidget(right);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 5);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);
    clear();
}

void ReviewDetailView::clear()
{
    m_identity.clear();
    m_header->setText(tr("Double-click a review (or Open Review) to see it beside its task, read-only."));
    while (m_sources->count() > 0) {
        QWidget* w = m_sources->widget(0);
        m_sources->removeTab(0);
        w->deleteLater();
    }
    m_scores->setRowCount(0);
    m_summary->clear();
    m_evidence->clear();
}

void ReviewDetailView::showReview(const Review& review, const QList<ReportDoc>& reports, const QList<AuditFlag>& flags,
    const Rubric* rubric, const QString& taskDir)
{
    clear();
    m_identity = review.identity();
    loadSources(review, taskDir);
    fillScores(review, rubric);
    QString summary = review.summary;
    for (const LineComment& c : review.comments)
        summary += QStringLiteral("\n%1:%2-%3%4: %5")
                       .arg(c.file)
                       .arg(c.startLine)
                       .arg(c.endLine)
                       .arg(c.criterion.isEmpty() ? QString() : QStringLiteral(" [%1]").arg(c.criterion), c.text);
    m_summary->setPlainText(summary.trimmed());
    fillEvidence(review, reports, flags);
    // Open on what the reviewer pointed at: the first line comment's lines.
    if (!review.comments.isEmpty())
        showSource(review.comments.first().file, review.comments.first().startLine, review.comments.first().endLine);
}

void ReviewDetailView::loadSources(const Review& review, const QString& taskDir)
{
    QString bundleNote;
    const Result<LoadedTask> loaded = taskDir.isEmpty()
        ? Result<LoadedTask>(Error { review.taskId, {}, tr("no bundle of this task is known here") })
        : loadTask(taskDir);
    if (!loaded) {
        bundleNote = tr("sources unavailable: %1").arg(loaded.error().oneLine().toHtmlEscaped());
    } else {
        const Task& task = loaded->task;
        const Result<QString> digest = taskDigest(task);
        bundleNote = digest && *digest == review.taskDigest
            ? tr("bundle %1 matches the reviewed digest").arg(taskDir.toHtmlEscaped())
            : tr("<span style='color:#b02020'>bundle %1 differs from the reviewed digest %2: the review may be "
                 "stale</span>")
                  .arg(taskDir.toHtmlEscaped(), review.taskDigest.left(19));
        QList<std::pair<QString, QString>> files; // tab title, bundle-relative path
        if (!task.spec.isEmpty())
            files << std::pair { tr("spec"), task.spec };
        for (const Implementation& impl : task.implementations())
            files << std::pair { impl.id, impl.source };
        files << std::pair { tr("manifest"), QStringLiteral("task.json") }; // reviews cite it for scope and fairness
        for (const auto& [title, path] : files) {
            QFile f(task.path(path));
            auto* editor = new CodeEditor(m_sources);
            editor->setObjectName(QStringLiteral("reviewSource:") + path);
            editor->setSource(
                path, f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : tr("(cannot read %1)").arg(path));
            editor->setReadOnly(true);
            QList<std::pair<int, int>> ranges;
            for (const LineComment& c : review.comments) {
                if (c.file == path)
                    ranges << std::pair { c.startLine, c.endLine };
            }
            editor->setCommentRanges(ranges);
            m_sources->addTab(editor, QStringLiteral("%1 — %2").arg(title, QFileInfo(path).fileName()));
        }
    }
    const QString verdict = review.verdict.isEmpty() ? tr("undecided") : review.verdict;
    m_header->setText(
        tr("<b>%1</b> by <b>%2</b> — %3, verdict <b>%4</b>%5, %6 spent; created %7, updated %8. "
           "<i>Read-only.</i><br>%9")
            .arg(review.taskId.toHtmlEscaped(), review.reviewer.toHtmlEscaped(), statusName(review.status),
                verdict.toHtmlEscaped(), review.confidence ? tr(", confidence %1").arg(*review.confidence) : QString(),
                duration(review.timeSpentS), reviewTimestamp(review.created), reviewTimestamp(review.updated),
                bundleNote));
}

void ReviewDetailView::fillScores(const Review& review, const Rubric* rubric)
{
    QStringList order;
    if (rubric) {
        for (const Criterion* c : rubric->criteria())
            order << c->id;
    }
    for (auto it = review.scores.begin(); it != review.scores.end(); ++it) {
        if (!order.contains(it.key()))
            order << it.key();
    }
    for (const QString& id : order) {
        if (!review.scores.contains(id))
            continue;
        const Score& s = review.scores.value(id);
        const int row = m_scores->rowCount();
        m_scores->insertRow(row);
        const Criterion* c = rubric ? rubric->criterion(id) : nullptr;
        QTableWidgetItem* name = cell(id);
        if (c)
            name->setToolTip(c->title);
        m_scores->setItem(row, 0, name);
        m_scores->setItem(row, 1,
            cell(s.value              ? QString::number(*s.value)
                    : s.notApplicable ? QStringLiteral("N/A")
                                      : QStringLiteral("—")));
        m_scores->setItem(row, 2, cell(s.comment.trimmed()));
        m_scores->setItem(row, 3, cell(s.evidence.join(u'\n')));
    }
}

CodeEditor* ReviewDetailView::editorFor(const QString& file) const
{
    for (int i = 0; i < m_sources->count(); ++i) {
        auto* e = qobject_cast<CodeEditor*>(m_sources->widget(i));
        if (e && e->fileName() == file)
            return e;
    }
    return nullptr;
}

bool ReviewDetailView::showSource(const QString& file, int first, int last)
{
    CodeEditor* e = editorFor(file);
    if (!e)
        return false;
    m_sources->setCurrentWidget(e);
    if (first > 0) {
        QList<int> lines;
        for (int l = first; l <= std::max(first, last); ++l)
            lines << e->displayLine(l);
        e->setHighlightedLines(lines);
        e->goToSourceLine(first);
    }
    return true;
}

} // namespace kwb::ui
