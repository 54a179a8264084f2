#pragma once

#include "rubric/rubric.h"

#include <QWidget>

#include <optional>

class QButtonGroup;
class QLabel;
class QToolButton;

namespace kwb::ui {

/// A segmented control for one scale: a button per level (tooltip: its label and description), N/A where
/// allowed, and the chosen level's description below.
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

private:
    void showDescription();

    Scale m_scale;
    QButtonGroup* m_group;
    QLabel* m_description;
    std::optional<int> m_value;
    bool m_na = false;
};

} // namespace kwb::ui
