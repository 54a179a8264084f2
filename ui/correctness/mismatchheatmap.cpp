#include "correctness/mismatchheatmap.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace kwb::ui {

MismatchHeatMap::MismatchHeatMap(QWidget* parent)
    : QWidget(parent)
{
    setMinimumSize(120, 120);
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
    const QRectF area = QRectF(rect()).adjusted(4, 4, -4, -4);
    const double aspect = std::clamp(double(m_density->gridCols) / double(m_density->gridRows), 0.125, 8.0);
    double w = area.width(), h = w / aspect;
    if (h > area.height()) {
        h = area.height();
        w = h * aspect;
    }
    return { area.center().x() - w / 2, area.center().y() - h / 2, w, h };
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
            const QColor color = QColor::fromRgbF(float(1.0 - 0.3 * t), float(1.0 - 0.9 * t), float(1.0 - 0.9 * t));
            p.fillRect(QRectF(g.left() + c * cw, g.top() + r * ch, cw + 0.5, ch + 0.5), color);
        }
    }
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(g);
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
