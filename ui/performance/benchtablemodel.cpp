// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/performance/benchtablemodel.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>
#include <cmath>

namespace kwb::ui {

QColor verdictColor(kwb::Verdict v)
{
    switch (v) {
    case kwb::Verdict::Fast:
        return { 0x2e, 0x7d, 0x32 };
    case kwb::Verdict::Slow:
        return { 0xc6, 0x28, 0x28 };
    case kwb::Verdict::Same:
        return { 0x54, 0x6e, 0x7a };
    case kwb::Verdict::Invalid:
        return { 0x6a, 0x1b, 0x9a };
    case kwb::Verdict::Ambiguous:
        break;
    }
    return { 0xb2, 0x6a, 0x00 };
}

std::optional<kwb::Verdict> shownVerdict(const kwb::ImplCaseResult& r, const QMap<QString, QString>& incorrect)
{
    if (incorrect.contains(r.id))
        return kwb::Verdict::Invalid;
    return r.verdict;
}

bool notTimedHere(const kwb::ImplCaseResult& r, const QMap<QString, QString>& incorrect)
{
    if (incorrect.contains(r.id) || r.verdict != kwb::Verdict::Invalid || r.invalidReason.isEmpty())
        return false;
    const QStringList reasons = r.invalidReason.split(QStringLiteral(", "), Qt::SkipEmptyParts);
    return std::all_of(reasons.begin(), reasons.end(),
        [](const QString& why) { return why.startsWith(QLatin1StringView("interpreted")); });
}

QString shownVerdictText(const kwb::ImplCaseResult& r, const QMap<QString, QString>& incorrect)
{
    if (notTimedHere(r, incorrect))
        return QStringLiteral("NOT TIMED HERE");
    const auto v = shownVerdict(r, incorrect);
    return v ? verdictName(*v) : QString();
}

QColor shownVerdictColor(const kwb::ImplCaseResult& r, const QMap<QString, QString>& incorrect)
{
    if (notTimedHere(r, incorrect))
        return { 0x6b, 0x72, 0x80 };
    const auto v = shownVerdict(r, incorrect);
    return v ? verdictColor(*v) : QColor(0x45, 0x5a, 0x64);
}

BenchTableModel::BenchTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void BenchTableModel::setView(std::shared_ptr<const BenchView> view)
{
    beginResetModel();
    m_view = std::move(view);
    m_rows.clear();
    if (m_view && m_view->result) {
        const BenchResult& r = *m_view->result;
        for (const BenchCase& c : r.cases) {
            QMap<QString, const ImplCaseResult*> measured;
            if (c.reference)
                measured.insert(c.reference->id, &*c.reference);
            for (const ImplCaseResult& cand : c.candidates)
                measured.insert(cand.id, &cand);
            for (const ImplBench& b : r.impls) {
                Row row { c.name, b.id, b.role == ImplRole::Reference, measured.value(b.id), {} };
                if (!row.result)
                    row.problem = b.ok() ? QStringLiteral("no samples in this case")
                                         : QStringLiteral("%1: %2").arg(implStatusName(b.status), b.error);
                m_rows << row;
            }
        }
    }
    endResetModel();
}

void BenchTableModel::setIncorrect(const QMap<QString, QString>& incorrect)
{
    m_incorrect = incorrect;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, Verdict), index(int(m_rows.size()) - 1, Verdict));
}

QString BenchTableModel::caseOf(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].caseName : QString();
}

int BenchTableModel::firstRowOf(const QString& caseName) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].caseName == caseName)
            return i;
    }
    return -1;
}

int BenchTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int BenchTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString BenchTableModel::triangulationText(const ImplCaseResult& r)
{
    if (r.observedPhaseNs <= 0)
        return {};
    // Both witnesses of the sampling time: the runner's clock and the workbench's own.
    return tr("\nsampling time: the runner's clock %1 ms, seen by the workbench %2 ms; outside the timed calls "
              "and the flush %3 per iteration; per-round medians vary %4 % (CV) over %5 rounds")
        .arg(r.runnerPhaseNs / 1e6, 0, 'f', 1)
        .arg(r.observedPhaseNs / 1e6, 0, 'f', 1)
        .arg(formatDuration(r.untimedPerIterationNs))
        .arg(r.betweenRoundCv * 100, 0, 'f', 1)
        .arg(r.roundMediansNs.size());
}

bool BenchTableModel::ranOnCpuUnderGpuFloor(const Row& row) const
{
    if (!row.result || !row.result->floorNs || !m_view || !m_view->result
        || row.result->floorSource.startsWith(QLatin1StringView("target.peak"))
        || row.result->floorSource.contains(QLatin1StringView("this host")))
        return false;
    for (const ImplBench& b : m_view->result->impls) {
        if (b.id == row.implId)
            return b.provenance.value(QStringLiteral("interpret")).toBool()
                || b.provenance.value(QStringLiteral("device")).toString() == u"cpu";
    }
    return false;
}

QVariant BenchTableModel::display(const Row& row, int column) const
{
    const ImplCaseResult* r = row.result;
    switch (column) {
    case Case:
        return row.caseName;
    case Implementation:
        return row.reference && row.implId != u"reference" ? QStringLiteral("%1 (reference)").arg(row.implId)
                                                           : row.implId;
    case Median:
        if (r)
            return formatDuration(r->stats.medianNs);
        // The whole reason is in the tooltip; the cell keeps the table's columns narrow.
        return row.problem.size() > 60 ? row.problem.left(59) + QStringLiteral("…") : row.problem;
    default:
        break;
    }
    if (!r)
        return {};
    switch (column) {
    case MedianCi: {
        const auto ci = m_view->medianCi.value(row.caseName).value(row.implId, { 0.0, 0.0 });
        return ci.second > 0 ? QStringLiteral("[%1, %2]").arg(formatDuration(ci.first), formatDuration(ci.second))
                             : QString();
    }
    case Iqr:
        return formatDuration(r->stats.iqrNs);
    case Cv:
        return QStringLiteral("%1 %").arg(r->stats.cv * 100, 0, 'f', 1);
    case Samples:
        return r->stats.discarded ? QStringLiteral("%1 (%2 discarded)").arg(r->stats.samples).arg(r->stats.discarded)
                                  : QString::number(r->stats.samples);
    case Speedup:
        if (!row.reference && notTimedHere(*r, m_incorrect))
            return QStringLiteral("— (interpreted)"); // a CPU interpreter's time says nothing about the kernel
        if (!r->speedup)
            return row.reference ? QStringLiteral("1×") : QString();
        return QStringLiteral("%1× [%2, %3]")
            .arg(r->speedup->estimate, 0, 'f', 2)
            .arg(r->speedup->ciLow, 0, 'f', 2)
            .arg(std::isfinite(r->speedup->ciHigh) ? QString::number(r->speedup->ciHigh, 'f', 2) : QStringLiteral("∞"));
    case Verdict: {
        if (!row.reference)
            return shownVerdictText(*r, m_incorrect);
        return r->verdict ? verdictName(*r->verdict) : QString();
    }
    case Floor:
        if (ranOnCpuUnderGpuFloor(row))
            return QStringLiteral("— (CPU run)");
        return r->floorNs ? formatDuration(*r->floorNs) : QStringLiteral("—");
    case FloorFraction:
        if (!r->floorNs || r->stats.medianNs <= 0 || ranOnCpuUnderGpuFloor(row))
            return QStringLiteral("—");
        return QStringLiteral("%1 %").arg(*r->floorNs / r->stats.medianNs * 100, 0, 'f', 1);
    default:
        return {};
    }
}

QVariant BenchTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    const Row& row = m_rows[index.row()];
    const ImplCaseResult* r = row.result;
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.column());
    case Qt::ToolTipRole:
        if (index.column() == Verdict && !row.reference && m_incorrect.contains(row.implId))
            return QStringLiteral("No FAST/SLOW for a candidate that fails correctness: %1")
                .arg(m_incorrect.value(row.implId));
        if (!r)
            return row.problem;
        if ((index.column() == Floor || index.column() == FloorFraction) && ranOnCpuUnderGpuFloor(row))
            return tr("It ran on this machine's CPU: the floor from %1 describes the task's GPU, not this run")
                .arg(r->floorSource);
        if (index.column() == Floor || index.column() == FloorFraction)
            return r->floorNs ? QStringLiteral("Peaks: %1").arg(r->floorSource) : r->floorNote;
        if (index.column() == Median)
            return QStringLiteral("mean %1, min %2; timer overhead %3; %4 of %5 calls checked against the "
                                  "reference were wrong; %6 of %7 calls on stress patterns of the inputs (never "
                                  "samples) were wrong")
                       .arg(formatDuration(r->stats.meanNs), formatDuration(r->stats.minNs),
                           formatDuration(r->timerOverheadNs))
                       .arg(r->wrong)
                       .arg(r->compared)
                       .arg(r->stressWrong)
                       .arg(r->stressCompared)
                + triangulationText(*r);
        if (index.column() == Verdict && !row.reference && notTimedHere(*r, m_incorrect))
            return tr("Could not be timed here: it ran in an interpreter on the CPU (no GPU on this machine), so its "
                      "time says nothing about the kernel. Not a failure — time it on a machine with the target GPU.");
        if (index.column() == Verdict)
            return (r->invalidReason.isEmpty() ? QString() : tr("INVALID: %1\n").arg(r->invalidReason))
                + triangulationText(*r).trimmed();
        if (index.column() == Speedup && r->pooledSpeedup)
            return tr("paired over %1 rounds (t interval on the per-round log ratios); the pooled-sample bootstrap "
                      "would say %2× [%3, %4] %5")
                .arg(r->speedup ? r->speedup->resamples : 0)
                .arg(r->pooledSpeedup->estimate, 0, 'f', 2)
                .arg(r->pooledSpeedup->ciLow, 0, 'f', 2)
                .arg(r->pooledSpeedup->ciHigh, 0, 'f', 2)
                .arg(r->pooledVerdict ? verdictName(*r->pooledVerdict) : QString());
        return {};
    case Qt::ForegroundRole:
        if (index.column() == Verdict && r) {
            if (!row.reference)
                return QBrush(shownVerdictColor(*r, m_incorrect));
            if (r->verdict)
                return QBrush(verdictColor(*r->verdict));
        }
        if (!r && index.column() == Median)
            return QBrush(QColor(0xc6, 0x28, 0x28));
        return {};
    case Qt::FontRole:
        if (index.column() == Verdict || (row.reference && index.column() == Implementation)) {
            QFont f;
            const bool notTimed = r && !row.reference && notTimedHere(*r, m_incorrect);
            f.setBold(!notTimed);
            f.setItalic(notTimed);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() >= Median && index.column() != Verdict && r)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant BenchTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    static const char* const names[ColumnCount] = { "Case", "Implementation", "Median", "Median 95 % CI", "IQR", "CV",
        "Samples", "Speedup [95 % CI]", "Verdict", "Floor", "% of floor" };
    static const char* const tips[ColumnCount] = { "", "",
        "Median of the pooled samples (hover for mean, min, timer overhead, calls checked)",
        "Percentile bootstrap of the median, 2000 resamples, seeded like the speedups", "Interquartile range (Q3 − Q1)",
        "Coefficient of variation (sample sd / mean)",
        "Timed samples pooled over the rounds; discarded: taken under clock throttling",
        "Geometric mean of the per-round ratios reference median / candidate median (above 1: faster) with its 95 % "
        "CI paired over the rounds (hover a cell for the pooled bootstrap beside it)",
        "FAST / SLOW: CI entirely above 1.02 / below 0.98; SAME: inside; AMBIGUOUS: straddles a band edge; "
        "INVALID: the timing was tampered with, work ran untimed, or the candidate was incorrect (hover for why, and "
        "for the runner's and the workbench's clocks); NOT TIMED HERE: it ran in an interpreter on the CPU, which is "
        "no failure",
        "Roofline floor: max(flops / peak FLOP/s, bytes / peak bytes/s)", "Floor / median (100 %: at the roofline)" };
    if (role == Qt::DisplayRole)
        return tr(names[section]);
    if (role == Qt::ToolTipRole && *tips[section])
        return tr(tips[section]);
    return {};
}

} // namespace kwb::ui
