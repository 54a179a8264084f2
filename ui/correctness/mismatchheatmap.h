// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compare/comparison.h"

#include <QWidget>

namespace kwb::ui {

/// Where the mismatches of a 2-D (or flattened N-D) output sit: each cell of the engine's density grid is
/// shaded by the fraction of its elements that mismatch (white: none, dark red: all); the tooltip gives
/// the cell's rows, columns and counts. Axes give the first, middle and last row and column; a legend the shades.
class MismatchHeatMap : public QWidget {
    Q_OBJECT
public:
    explicit MismatchHeatMap(QWidget* parent = nullptr);

    void setDensity(const std::optional<MismatchDensity>& density);
    const std::optional<MismatchDensity>& density() const { return m_density; }
    /// The cell (row, column) under a widget position, or (-1, -1).
    QPoint cellAt(const QPoint& pos) const;

    QSize sizeHint() const override { return { 360, 260 }; }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRectF gridRect() const;

    std::optional<MismatchDensity> m_density;
};

} // namespace kwb::ui
