// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace kwb::ui {

/// File ▸ Preferences: who reviews — the name every review is written under and the e-mail exports and the review
/// header carry — stored with QSettings (`review/reviewer`, `review/email`). `$KWB_REVIEWER` overrides the name.
class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(QWidget* parent = nullptr);

    QLineEdit* nameEdit() const { return m_name; }
    QLineEdit* emailEdit() const { return m_email; }
    /// Stores the fields (after validating them); false with the reason shown in the dialog.
    bool save();

private:
    QLineEdit* m_name;
    QLineEdit* m_email;
    QLabel* m_message;
    QDialogButtonBox* m_buttons;
};

} // namespace kwb::ui
