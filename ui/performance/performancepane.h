// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/performance/benchview.h"

#include <QMap>
#include <QWidget>

#include <memory>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QTableView;

namespace kwb::ui {

class BenchTableModel;
class RooflineChart;
class SampleStripChart;
class SpeedupChart;

/// The Performance tab: a status line, the bench table (every case, reference and candidates), the chosen
/// case's samples as a strip/box plot beside the roofline, what the profilers did or could not do, and the
/// provenance of every number (host, CPU, tools, seeds, budget, method).
class PerformancePane : public QWidget {
    Q_OBJECT
public:
    explicit PerformancePane(QWidget* parent = nullptr);

    void showView(std::shared_ptr<const BenchView> view);
    /// A message instead of results (running…, stopped, an error); the last results are cleared.
    void showMessage(const QString& message);
    /// Sampling seconds per implementation and case that the next bench asks for.
    double budgetS() const;
    void setBudgetS(double seconds);
    /// Candidates the last run found incorrect (id → "failed 6 of 9 trials"): their verdict reads INVALID, never
    /// FAST/SLOW; a timing says nothing about a wrong answer. Empty clears.
    void setIncorrect(const QMap<QString, QString>& incorrect);
    QString claimText() const;
    /// Shows case `name` in the charts.
    void selectCase(const QString& name);
    QString selectedCase() const;

    BenchTableModel* tableModel() const { return m_model; }
    QTableView* table() const { return m_table; }
    SampleStripChart* stripChart() const { return m_strip; }
    RooflineChart* rooflineChart() const { return m_roofline; }
    SpeedupChart* speedupChart() const { return m_speedup; }
    QString statusText() const;
    /// The task whose bench is shown ("" while a message is).
    QString shownTask() const;
    QString provenanceText() const;
    QString profileText() const;

private:
    void showCase(const QString& name);
    void showStatus();

    std::shared_ptr<const BenchView> m_view;
    QLabel* m_status;
    QLabel* m_claim;
    QMap<QString, QString> m_incorrect;
    QComboBox* m_case;
    QDoubleSpinBox* m_budget;
    BenchTableModel* m_model;
    QTableView* m_table;
    SampleStripChart* m_strip;
    RooflineChart* m_roofline;
    SpeedupChart* m_speedup;
    QLabel* m_profile;
    QLabel* m_provenance;
};

/// The provenance line of a bench: host, CPU, OS, each implementation's tool, the seeds, budget and method.
QString benchProvenanceText(const BenchResult& result);

} // namespace kwb::ui
