// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/performance/performancepane.h"

#include "core/task/claim.h"
#include "ui/performance/benchtablemodel.h"
#include "ui/performance/rooflinechart.h"
#include "ui/performance/samplestripchart.h"
#include "ui/performance/speedupchart.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QJsonObject>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace kwb::ui {

namespace {
// The runner's own account of its tool (compiler, or python and framework versions), else the build's.
QString toolText(const ImplBench& b)
{
    const QJsonObject p = b.provenance;
    if (p.contains(QStringLiteral("compiler")))
        return p.value(QStringLiteral("compiler")).toString();
    if (p.contains(QStringLiteral("python_version"))) {
        QStringList parts { QStringLiteral("python ") + p.value(QStringLiteral("python_version")).toString() };
        for (const char* key : { "numpy", "jax", "torch", "triton" }) {
            const QString v = p.value(QLatin1StringView(key)).toString();
            if (!v.isEmpty())
                parts << QStringLiteral("%1 %2").arg(QLatin1StringView(key), v);
        }
        return parts.join(QStringLiteral(", "));
    }
    return b.build.toolVersion;
}
} // namespace

QString benchProvenanceText(const BenchResult& r)
{
    const QJsonObject p = r.provenance;
    QStringList tools;
    for (const ImplBench& b : r.impls) {
        const QString tool = toolText(b);
        if (!tool.isEmpty())
            tools << QStringLiteral("%1: %2").arg(b.id, tool);
    }
    const QJsonObject boot = p.value(QStringLiteral("bootstrap")).toObject();
    return QStringLiteral("host %1 · %2 · %3 · tools: %4 · input seed %5, bootstrap seed %6 (%7 resamples) · budget "
                          "%8 s per implementation and case, %9 rounds, warm-up %10 ms, flush %11 · %12")
        .arg(p.value(QStringLiteral("host")).toString(), p.value(QStringLiteral("cpu")).toString(),
            p.value(QStringLiteral("os")).toString(), tools.isEmpty() ? QStringLiteral("—") : tools.join(u"; "),
            p.value(QStringLiteral("input_seed")).toString(), boot.value(QStringLiteral("seed")).toString())
        .arg(boot.value(QStringLiteral("resamples")).toInt())
        .arg(p.value(QStringLiteral("budget_s")).toDouble())
        .arg(p.value(QStringLiteral("rounds")).toInt())
        .arg(p.value(QStringLiteral("warmup_ms")).toDouble())
        .arg(p.value(QStringLiteral("flush")).toVariant().toString(),
            p.value(QStringLiteral("sandbox")).toBool() ? QStringLiteral("sandboxed") : QStringLiteral("no sandbox"));
}

// The task's claim (`claim`) against what was measured: each candidate's speedup on the claimed case with its CI.
QString claimLine(const BenchResult& r, const QMap<QString, QString>& incorrect)
{
    const std::optional<Claim> found = taskClaim(r.task);
    if (!found)
        return {};
    const Claim& claim = *found;
    const auto c
        = std::find_if(r.cases.cbegin(), r.cases.cend(), [&](const BenchCase& k) { return k.name == claim.caseName; });
    QStringList measured;
    if (c != r.cases.cend()) {
        for (const ImplCaseResult& cand : c->candidates) {
            if (notTimedHere(cand, incorrect)) {
                measured << QObject::tr("%1 not timed here (it ran in an interpreter on the CPU)")
                                .arg(cand.id.toHtmlEscaped());
                continue;
            }
            if (!cand.speedup)
                continue;
            const Speedup& s = *cand.speedup;
            const QString where = s.ciHigh < claim.speedup
                ? QObject::tr("below the claim")
                : (s.ciLow > claim.speedup ? QObject::tr("above the claim") : QObject::tr("consistent with the claim"));
            measured << QObject::tr("%1 measured <b>%2×</b> [%3, %4] (95 % CI): %5%6")
                            .arg(cand.id.toHtmlEscaped())
                            .arg(s.estimate, 0, 'f', 2)
                            .arg(s.ciLow, 0, 'f', 2)
                            .arg(s.ciHigh, 0, 'f', 2)
                            .arg(where,
                                incorrect.contains(cand.id)
                                    ? QObject::tr(" — but INVALID: %1").arg(incorrect.value(cand.id).toHtmlEscaped())
                                    : QString());
        }
    }
    return QObject::tr("Claimed <b>%1×</b> on %2 · %3")
        .arg(claim.speedup, 0, 'f', 2)
        .arg(claim.caseName.toHtmlEscaped(),
            measured.isEmpty() ? QObject::tr("not measured in this bench") : measured.join(QStringLiteral(" · ")));
}

PerformancePane::PerformancePane(QWidget* parent)
    : QWidget(parent)
    , m_status(new QLabel(this))
    , m_claim(new QLabel(this))
    , m_case(new QComboBox(this))
    , m_budget(new QDoubleSpinBox(this))
    , m_model(new BenchTableModel(this))
    , m_table(new QTableView(this))
    , m_strip(new SampleStripChart(this))
    , m_roofline(new RooflineChart(this))
    , m_speedup(new SpeedupChart(this))
    , m_profile(new QLabel(this))
    , m_provenance(new QLabel(this))
{
    m_status->setObjectName(QStringLiteral("performanceStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_claim->setObjectName(QStringLiteral("performanceClaim"));
    m_claim->setWordWrap(true);
    m_claim->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_claim->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_claim->hide();
    m_case->setObjectName(QStringLiteral("performanceCase"));
    m_case->setToolTip(tr("The case whose samples the charts show"));
    m_budget->setObjectName(QStringLiteral("performanceBudget"));
    m_budget->setRange(0.05, 60);
    m_budget->setDecimals(2);
    m_budget->setSingleStep(0.5);
    m_budget->setValue(2);
    m_budget->setSuffix(tr(" s"));
    m_budget->setToolTip(tr("Sampling time per implementation and case, spread over the interleaved rounds "
                            "(Profile; Check All uses the same)"));

    auto* top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(new QLabel(tr("Case:"), this));
    top->addWidget(m_case);
    top->addWidget(new QLabel(tr("Budget:"), this));
    top->addWidget(m_budget);

    m_table->setObjectName(QStringLiteral("benchTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);

    auto* right = new QTabWidget(this);
    right->setObjectName(QStringLiteral("performanceCharts"));
    right->setDocumentMode(true);
    right->addTab(m_speedup, tr("Speedup by case"));
    right->addTab(m_roofline, tr("Roofline"));
    auto* charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_strip);
    charts->addWidget(right);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 2);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(charts);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);

    for (QLabel* l : { m_profile, m_provenance }) {
        l->setWordWrap(true);
        l->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_profile->setObjectName(QStringLiteral("performanceProfile"));
    m_provenance->setObjectName(QStringLiteral("performanceProvenance"));
    m_provenance->setStyleSheet(QStringLiteral("color: #57606a; font-size: 11px;"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(top);
    layout->addWidget(m_claim);
    layout->addWidget(split, 1);
    layout->addWidget(m_profile);
    layout->addWidget(m_provenance);

    connect(m_case, &QComboBox::currentTextChanged, this, &PerformancePane::showCase);
    connect(
        m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            if (current.isValid())
                selectCase(m_model->caseOf(current.row()));
        });
    showMessage(tr("Task ▸ Profile (Ctrl+P) times the reference and the candidates interleaved; Check All "
                   "(Ctrl+Shift+R) lints, compiles, runs and times the task in one report."));
}

double PerformancePane::budgetS() const
{
    return m_budget->value();
}

void PerformancePane::setBudgetS(double seconds)
{
    m_budget->setValue(seconds);
}

QString PerformancePane::statusText() const
{
    return m_status->text();
}

QString PerformancePane::shownTask() const
{
    return m_view && m_view->result ? m_view->result->task.id : QString();
}

QString PerformancePane::provenanceText() const
{
    return m_provenance->text();
}

QString PerformancePane::profileText() const
{
    return m_profile->text();
}

QString PerformancePane::selectedCase() const
{
    return m_case->currentText();
}

void PerformancePane::selectCase(const QString& name)
{
    const int i = m_case->findText(name);
    if (i >= 0)
        m_case->setCurrentIndex(i);
}

void PerformancePane::showMessage(const QString& message)
{
    m_view.reset();
    m_model->setView(nullptr);
    m_case->clear();
    m_strip->clear();
    m_roofline->clear();
    m_speedup->clear();
    m_status->setText(message);
    m_claim->hide();
    m_profile->hide();
    m_provenance->clear();
}

void PerformancePane::showView(std::shared_ptr<const BenchView> view)
{
    m_view = std::move(view);
    m_model->setView(m_view);
    m_table->resizeColumnsToContents();
    for (int c = 0; c < m_model->columnCount(); ++c)
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), 320));
    const QSignalBlocker block(m_case);
    m_case->clear();
    if (!m_view || !m_view->result) {
        showMessage(tr("No bench result."));
        return;
    }
    const BenchResult& r = *m_view->result;
    for (const BenchCase& c : r.cases)
        m_case->addItem(c.name);
    showStatus();
    const QStringList profile = profileLines(*m_view);
    m_profile->setText(profile.join(u'\n'));
    m_profile->setVisible(!profile.isEmpty());
    m_provenance->setText(benchProvenanceText(r));
    m_speedup->setView(m_view, m_incorrect);
    if (m_case->count() > 0) {
        m_case->setCurrentIndex(0);
        showCase(m_case->currentText());
    }
}

void PerformancePane::setIncorrect(const QMap<QString, QString>& incorrect)
{
    m_incorrect = incorrect;
    m_model->setIncorrect(incorrect);
    m_table->resizeColumnToContents(BenchTableModel::Verdict); // INVALID is wider than the verdict it replaces
    if (m_view && m_view->result) {
        showStatus();
        m_speedup->setView(m_view, m_incorrect);
        if (m_case->count() > 0)
            showCase(m_case->currentText());
    }
}

QString PerformancePane::claimText() const
{
    return m_claim->isHidden() ? QString() : m_claim->text();
}

void PerformancePane::showStatus()
{
    const BenchResult& r = *m_view->result;
    QStringList verdicts;
    for (const BenchCase& c : r.cases) {
        for (const ImplCaseResult& cand : c.candidates) {
            if (m_incorrect.contains(cand.id))
                verdicts << QStringLiteral("%1/%2 INVALID (%3)").arg(c.name, cand.id, m_incorrect.value(cand.id));
            else if (notTimedHere(cand, m_incorrect))
                verdicts << tr("%1/%2 not timed here (interpreted on the CPU)").arg(c.name, cand.id);
            else if (cand.verdict && *cand.verdict == Verdict::Invalid)
                verdicts << QStringLiteral("%1/%2 INVALID (%3)").arg(c.name, cand.id, cand.invalidReason);
            else if (cand.verdict && cand.speedup)
                verdicts << QStringLiteral("%1/%2 %3 %4×")
                                .arg(c.name, cand.id, verdictName(*cand.verdict))
                                .arg(cand.speedup->estimate, 0, 'f', 2);
        }
    }
    m_status->setText(tr("<b>%1</b> — %2 case(s): %3")
                          .arg(r.task.id.toHtmlEscaped())
                          .arg(r.cases.size())
                          .arg(verdicts.isEmpty() ? tr("no verdict (no candidate and reference both measured)")
                                                  : verdicts.join(QStringLiteral(", ")).toHtmlEscaped()));
    const QString claim = claimLine(r, m_incorrect);
    m_claim->setText(claim);
    m_claim->setVisible(!claim.isEmpty());
}

void PerformancePane::showCase(const QString& name)
{
    if (!m_view)
        return;
    m_strip->setCase(m_view, name, m_incorrect);
    m_roofline->setView(m_view, name);
}

} // namespace kwb::ui
