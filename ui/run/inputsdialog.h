// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/runengine.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QTableView;
class QTreeWidget;
class QTreeWidgetItem;

namespace kwb::ui {

class TensorTableModel;

/// The inputs of a run (Task ▸ Inputs of the Last Run, the Correctness pane's Inputs…): per case and trial (with
/// its seed), every input file the runners read; for the selected one its dtype, shape and statistics, its values
/// as a table, and Save as .npy. Reads the run's kept work folder (inputs/<case>/t<k>/<input>.npy).
class InputsDialog : public QDialog {
    Q_OBJECT
public:
    explicit InputsDialog(const RunResult& run, QWidget* parent = nullptr);

    QTreeWidget* tree() const { return m_tree; }
    QString summaryText() const;
    TensorTableModel* model() const { return m_model; }
    /// Shows `file` (an .npy of the run); false when it does not load.
    bool showFile(const QString& file);
    /// Copies the shown file to `path` (what Save as .npy does after asking where).
    bool saveShownAs(const QString& path);

private:
    void saveAs();

    QMap<QString, DType> m_dtypes; ///< input name → dtype (for .npy files numpy cannot name: bfloat16, float8)
    QString m_shown;
    QTreeWidget* m_tree;
    QLabel* m_summary;
    QTableView* m_table;
    TensorTableModel* m_model;
    QPushButton* m_save;
};

} // namespace kwb::ui
