// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

namespace kwb::ui {

/// A pane reserved for a later feature: a title and one paragraph on what will appear there, so
/// the layout can be arranged (and saved) before the feature exists.
class PlaceholderPane : public QLabel {
    Q_OBJECT
public:
    PlaceholderPane(const QString& title, const QString& description, QWidget* parent = nullptr);
};

} // namespace kwb::ui
