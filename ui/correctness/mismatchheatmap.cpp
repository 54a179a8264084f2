// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/correctness/mismatchheatmap.h"

#include <QFontMetrics>
#include <QHelpEvent>
#include <QLinearGradient>
#include <QPainter>
#include <QToolTip>

namespace kwb::ui {

namespace {
// Room around the grid: row labels and the "row" title at the left, column labels and "column" below, the legend
// at the right.
constexpr double kLeft = 58, kBottom = 36, kTop = 8, kRight = 86;

QColor shade(double t)
{
    return QColor::fromRgbF(float(1.0 - 0.3 * t), float(1.0 - 0.9 * t), float(1.0 - 0.9 * t));
}
} // namespace

MismatchHeatMap::MismatchHeatMap(QWidget* parent)
    : QWidget(parent)
{
    setMinimumSize(220, 150);
    setMouseTracking(true);
}

void MismatchHeatMap::setDensity(const std::optional<MismatchDensity>& density)
{
    m_density = density;
    update();
}

QRectF MismatchHeatMap::gridRect() const
{
    if (!m_density || m_density->gridRows == 0 || m_density->gridCols == 0)
        return {};
    // Keep the tensor's aspect ratio within limits, so a 1 × 4096 output is still a readable strip.
    const QRectF area = QRectF(rect()).adjusted(kLeft, kTop, -kRight, -kBottom);
    if (area.width() < 8 || area.height() < 8)
        return {};
    const double aspect = std::clamp(double(m_density->gridCols) / double(m_density->gridRows), 0.125, 8.0);
    double w = area.width(), h = w / aspect;
    if (h > area.height()) {
        h = area.height();
        w = h * aspect;
    }
    return { area.left(), area.center().y() - h / 2, w, h };
}

QPoint MismatchHeatMap::cellAt(const QPoint& pos) const
{
    const QRectF g = gridRect();
    if (g.isEmpty() || !g.contains(pos))
        return { -1, -1 };
    const int col = std::min(m_density->gridCols - 1, int((pos.x() - g.left()) / g.width() * m_density->gridCols));
    const int row = std::min(m_density->gridRows - 1, int((pos.y() - g.top()) / g.height() * m_density->gridRows));
    return { row, col };
}

void MismatchHeatMap::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const QRectF g = gridRect();
    if (g.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, QStringLiteral("No 2-D output selected"));
        return;
    }
    const auto& d = *m_density;
    const double cw = g.width() / d.gridCols, ch = g.height() / d.gridRows;
    for (int r = 0; r < d.gridRows; ++r) {
        for (int c = 0; c < d.gridCols; ++c) {
            const auto i = std::size_t(r * d.gridCols + c);
            const double f = d.elements[i] ? double(d.mismatches[i]) / double(d.elements[i]) : 0.0;
            // Any mismatch is visible: the shade starts at 25 % and grows with the fraction.
            const double t = d.mismatches[i] ? 0.25 + 0.75 * f : 0.0;
            p.fillRect(QRectF(g.left() + c * cw, g.top() + r * ch, cw + 0.5, ch + 0.5), shade(t));
        }
    }
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(g);

    // Axes: the first and last element index of each direction (and the middle), with titles.
    const QFontMetrics fm(font());
    p.setPen(palette().color(QPalette::Text));
    const auto rowLabel = [&](double y, qint64 v, Qt::Alignment a) {
        p.drawText(QRectF(0, y - fm.height(), kLeft - 6, fm.height() * 2), Qt::AlignRight | a, QString::number(v));
    };
    rowLabel(g.top() + fm.height() / 2.0, 0, Qt::AlignVCenter);
    if (d.rows > 2)
        rowLabel(g.center().y(), d.rows / 2, Qt::AlignVCenter);
    rowLabel(g.bottom() - fm.height() / 2.0, d.rows - 1, Qt::AlignVCenter);
    const auto colLabel = [&](double x, qint64 v) {
        p.drawText(
            QRectF(x - 40, g.bottom() + 2, 80, fm.height()), Qt::AlignHCenter | Qt::AlignTop, QString::number(v));
    };
    colLabel(g.left() + 6, 0);
    if (d.cols > 2 && g.width() > 120)
        colLabel(g.center().x(), d.cols / 2);
    colLabel(g.right() - 6, d.cols - 1);
    p.drawText(QRectF(g.left(), g.bottom() + fm.height() + 2, g.width(), fm.height()), Qt::AlignHCenter,
        tr("column (of %1)").arg(d.cols));
    p.save();
    p.translate(10, g.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-g.height() / 2, -fm.height() / 2.0, g.height(), fm.height()), Qt::AlignCenter,
        tr("row (of %1)").arg(d.rows));
    p.restore();

    // Legend: the shade scale, from no mismatch to every element of a cell.
    const QRectF bar(width() - kRight + 14, g.top(), 14, std::min(g.height(), 140.0));
    QLinearGradient grad(bar.bottomLeft(), bar.topLeft());
    grad.setColorAt(0, shade(0.25));
    grad.setColorAt(1, shade(1.0));
    p.fillRect(bar, grad);
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(bar);
    const QRectF none(bar.left(), bar.bottom() + 4, 14, 10);
    p.fillRect(none, shade(0));
    p.drawRect(none);
    p.setPen(palette().color(QPalette::Text));
    const double lx = bar.right() + 4;
    p.drawText(QPointF(lx, bar.top() + fm.ascent()), tr("all"));
    p.drawText(QPointF(lx, bar.bottom()), tr(">0"));
    p.drawText(QPointF(lx, none.bottom()), tr("none"));
    p.drawText(QRectF(bar.left() - 10, none.bottom() + 4, kRight - 8, fm.height() * 2),
        Qt::AlignLeft | Qt::TextWordWrap, tr("mismatch\nper cell"));
}

bool MismatchHeatMap::event(QEvent* e)
{
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const QPoint cell = cellAt(help->pos());
        if (cell.x() < 0) {
            QToolTip::hideText();
            return true;
        }
        const auto& d = *m_density;
        const auto i = std::size_t(cell.x() * d.gridCols + cell.y());
        const std::int64_t r0 = (cell.x() * d.rows + d.gridRows - 1) / d.gridRows;
        const std::int64_t r1 = ((cell.x() + 1) * d.rows + d.gridRows - 1) / d.gridRows;
        const std::int64_t c0 = (cell.y() * d.cols + d.gridCols - 1) / d.gridCols;
        const std::int64_t c1 = ((cell.y() + 1) * d.cols + d.gridCols - 1) / d.gridCols;
        QToolTip::showText(help->globalPos(),
            QStringLiteral("rows %1–%2, columns %3–%4: %5 of %6 mismatch")
                .arg(r0)
                .arg(r1 - 1)
                .arg(c0)
                .arg(c1 - 1)
                .arg(d.mismatches[i])
                .arg(d.elements[i]),
            this);
        return true;
    }
    return QWidget::event(e);
}

} // namespace kwb::ui
