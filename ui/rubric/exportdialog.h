// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace kwb {
class ReviewStore;
struct Rubric;
} // namespace kwb

namespace kwb::ui {

/// File ▸ Export: the stored reviews (this task's or all) in json, jsonl, csv (optionally wide), Label Studio
/// (optionally with its labeling config) or markdown, through core/export — the same output as `kwb export`.
/// Remembers the folder and format of the last export (QSettings `export/folder`, `export/format`), disables the
/// fields a format does not use, and says what it wrote (it stays open until Close).
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(ReviewStore* store, const Rubric* rubric, const QString& tasksRoot, const QString& currentTaskId,
        QWidget* parent = nullptr);

    QComboBox* formatBox() const { return m_format; }
    QLineEdit* outputEdit() const { return m_output; }
    QCheckBox* wideBox() const { return m_wide; }
    QCheckBox* configBox() const { return m_config; }
    QLineEdit* configEdit() const { return m_configPath; }
    QRadioButton* allReviewsButton() const { return m_all; }

    /// Writes the export (and the Label Studio config when chosen); the message says what was written.
    Status exportNow();
    QString lastMessage() const;

Q_SIGNALS:
    /// An export was written: what, where and how large (the dialog shows it and stays open).
    void exported(const QString& what);

private:
    void formatChanged();
    void browse(QLineEdit* edit, const QString& filter);

    ReviewStore* m_store;
    const Rubric* m_rubric;
    QString m_tasksRoot;
    QString m_taskId;
    QComboBox* m_format;
    QRadioButton* m_thisTask;
    QRadioButton* m_all;
    QCheckBox* m_wide;
    QCheckBox* m_config;
    QLineEdit* m_configPath;
    QSpinBox* m_user;
    QLineEdit* m_output;
    QLabel* m_message;
    QLabel* m_formatNote; ///< which fields the format leaves off, and why (beside them)
};

} // namespace kwb::ui
