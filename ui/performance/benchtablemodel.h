// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/performance/benchview.h"

#include <QAbstractTableModel>

#include <memory>

namespace kwb::ui {

/// The bench table: per case the reference, then each candidate — median with its bootstrap CI, IQR, CV,
/// samples (discarded), speedup with its CI, the verdict (coloured), the roofline floor and the fraction of it
/// achieved. An implementation that did not run gets a row saying why.
class BenchTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Case,
        Implementation,
        Median,
        MedianCi,
        Iqr,
        Cv,
        Samples,
        Speedup,
        Verdict,
        Floor,
        FloorFraction,
        ColumnCount
    };

    explicit BenchTableModel(QObject* parent = nullptr);

    void setView(std::shared_ptr<const BenchView> view);
    /// Candidates that failed correctness (id → why): their Verdict cell reads INVALID (grey), never FAST/SLOW.
    void setIncorrect(const QMap<QString, QString>& incorrect);
    const BenchView* view() const { return m_view.get(); }
    /// The case of `row` ("" out of range).
    QString caseOf(int row) const;
    /// The first row of case `name`, or -1.
    int firstRowOf(const QString& caseName) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString caseName;
        QString implId;
        bool reference = false;
        const ImplCaseResult* result = nullptr; ///< null: the implementation has no samples in this case
        QString problem; ///< why there are no samples
    };
    QVariant display(const Row& row, int column) const;
    /// True when the row's implementation ran on this machine's CPU (interpreted, or a framework without a device)
    /// while its floor comes from a GPU's peaks: the floor does not describe it and is not shown.
    bool ranOnCpuUnderGpuFloor(const Row& row) const;
    /// The triangulated figures of `r` (the runner's and the workbench's clocks), one line; "" when not watched.
    static QString triangulationText(const ImplCaseResult& r);

    std::shared_ptr<const BenchView> m_view;
    QList<Row> m_rows;
    QMap<QString, QString> m_incorrect;
};

/// Green, red, grey, amber or purple: the colour of a verdict (FAST, SLOW, SAME, AMBIGUOUS, INVALID).
QColor verdictColor(kwb::Verdict v);

/// True when the candidate's timing is INVALID only because it could not be timed here (it ran in Triton's or
/// Pallas' interpreter on the CPU): no failure of the candidate — it reads NOT TIMED HERE, in grey, with no speedup.
bool notTimedHere(const kwb::ImplCaseResult& r, const QMap<QString, QString>& incorrect);

/// What the verdict cell and the charts say: FAST, SLOW, …, INVALID, or NOT TIMED HERE.
QString shownVerdictText(const kwb::ImplCaseResult& r, const QMap<QString, QString>& incorrect);
/// Its colour: verdictColor(), grey for NOT TIMED HERE.
QColor shownVerdictColor(const kwb::ImplCaseResult& r, const QMap<QString, QString>& incorrect);

/// The verdict shown for a candidate's case: INVALID when the candidate fails correctness (`incorrect`: id → why)
/// whatever its timing, else the bench's own (which is INVALID for a tampered or interpreted timing).
std::optional<kwb::Verdict> shownVerdict(const kwb::ImplCaseResult& r, const QMap<QString, QString>& incorrect);

} // namespace kwb::ui
