// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/correctness/correctnesspane.h"

#include "ui/correctness/comparisonsummarymodel.h"
#include "ui/correctness/errorhistogramchart.h"
#include "ui/correctness/mismatchheatmap.h"
#include "ui/correctness/worstelementsmodel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace kwb::ui {
namespace {
QTableView* makeTable(QAbstractItemModel* model, const QString& name, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->setAlternatingRowColors(true);
    return view;
}
} // namespace

CorrectnessPane::CorrectnessPane(QWidget* parent)
    : QWidget(parent)
    , m_summary(new ComparisonSummaryModel(this))
    , m_worst(new WorstElementsModel(this))
{
    setObjectName(QStringLiteral("correctnessPane"));
    m_summaryView = makeTable(m_summary, QStringLiteral("correctnessSummary"), this);
    m_worstView = makeTable(m_worst, QStringLiteral("correctnessWorst"), this);
    m_reason = new QLabel(this);
    m_reason->setObjectName(QStringLiteral("correctnessReason"));
    m_reason->setWordWrap(true);
    m_reason->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_reason->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_histogram = new ErrorHistogramChart(this);
    m_histogram->setObjectName(QStringLiteral("correctnessHistogram"));
    m_heatMap = new MismatchHeatMap(this);
    m_heatMap->setObjectName(QStringLiteral("correctnessHeatMap"));
    m_details = new QTabWidget(this);
    m_details->setObjectName(QStringLiteral("correctnessDetails"));
    m_details->addTab(m_worstView, QStringLiteral("Worst elements"));
    m_details->addTab(m_histogram, QStringLiteral("Error histogram"));
    m_details->addTab(m_heatMap, QStringLiteral("Mismatch map"));

    auto* bottom = new QWidget(this);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addWidget(m_reason);
    bottomLayout->addWidget(m_details, 1);
    // Side by side: the results area is wide and short, so the table keeps its rows and the charts their height.
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("correctnessSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_summaryView);
    splitter->addWidget(bottom);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_summaryView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { showDetails(current.isValid() ? current.row() : -1); });
    m_current = -2;
    showDetails(-1);
}

void CorrectnessPane::setComparisons(const QList<ComparisonView>& comparisons)
{
    m_current = -2; // force a refresh even when the row number stays the same
    m_summary->setComparisons(comparisons);
    int row = comparisons.isEmpty() ? -1 : 0;
    for (int i = 0; i < comparisons.size(); ++i) {
        if (comparisons[i].result && !comparisons[i].result->pass) {
            row = i;
            break;
        }
    }
    m_summaryView->resizeColumnsToContents();
    setCurrentRow(row);
    if (row < 0)
        showDetails(-1);
}

QString CorrectnessPane::currentLabel() const
{
    const auto& rows = m_summary->comparisons();
    return m_current >= 0 && m_current < rows.size() ? rows[m_current].caseName : QString();
}

void CorrectnessPane::setCurrentRow(int row)
{
    if (row < 0 || row >= m_summary->rowCount()) {
        m_summaryView->selectionModel()->clearSelection();
        showDetails(-1);
        return;
    }
    m_summaryView->selectionModel()->setCurrentIndex(
        m_summary->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (m_current != row)
        showDetails(row);
}

void CorrectnessPane::showDetails(int row)
{
    if (row == m_current)
        return;
    m_current = row;
    const auto& rows = m_summary->comparisons();
    const Comparison* c = row >= 0 && row < rows.size() ? rows[row].result.get() : nullptr;
    if (!c) {
        m_reason->setText(QStringLiteral("No comparison yet: File ▸ Compare Tensors, or run the task."));
        m_worst->setElements({});
        m_histogram->setHistogram({});
        m_heatMap->setDensity(std::nullopt);
        m_details->setTabEnabled(2, false);
    } else {
        m_reason->setText((c->pass ? QStringLiteral("PASS: ") : QStringLiteral("FAIL: ")) + c->reason);
        m_worst->setElements(c->worst);
        m_worstView->resizeColumnsToContents();
        m_histogram->setHistogram(c->histogram);
        m_heatMap->setDensity(c->density);
        m_details->setTabEnabled(2, c->density.has_value());
    }
    Q_EMIT currentRowChanged(m_current);
}

} // namespace kwb::ui
