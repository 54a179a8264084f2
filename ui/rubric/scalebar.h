// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rubric/rubric.h"

#include <QWidget>

#include <optional>

class QButtonGroup;
class QLabel;
class QToolButton;

namespace kwb::ui {

/// A segmented control for one scale: a button per level, N/A where allowed, and below them a description area of
/// fixed height that shows the hovered level's label and description, else the chosen one's. Nothing moves when a
/// level is hovered or chosen, and no tooltip covers the buttons. The bar itself takes the keyboard focus: a digit
/// chooses that level, N chooses N/A, Backspace or Delete clears the score.
class ScaleBar : public QWidget {
    Q_OBJECT
public:
    ScaleBar(const Scale& scale, bool naAllowed, QWidget* parent = nullptr);

    /// Shows a choice without emitting chosen().
    void setChoice(std::optional<int> value, bool notApplicable);
    std::optional<int> value() const { return m_value; }
    bool isNotApplicable() const { return m_na; }
    /// The button of `value` (objectName `level_<value>`), or of N/A (`level_na`) for nullopt.
    QToolButton* button(std::optional<int> value) const;
    QLabel* descriptionLabel() const { return m_description; }

Q_SIGNALS:
    void chosen(std::optional<int> value, bool notApplicable);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void choose(std::optional<int> value, bool notApplicable);
    void showDescription(std::optional<int> hovered = std::nullopt, bool hoveredNa = false);

    Scale m_scale;
    bool m_naAllowed;
    QButtonGroup* m_group;
    QLabel* m_description;
    std::optional<int> m_value;
    bool m_na = false;
};

} // namespace kwb::ui
