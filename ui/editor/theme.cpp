// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/editor/theme.h"

#include <QApplication>
#include <QFontDatabase>
#include <QPainter>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace kwb::ui {

QFont codeFont()
{
    QFont f(QStringLiteral("DejaVu Sans Mono"));
    if (!QFontDatabase::families().contains(f.family()))
        f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    f.setStyleHint(QFont::Monospace);
    f.setPointSize(10);
    return f;
}

QColor severityColor(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return { 0xd1, 0x24, 0x2f };
    case Severity::Warning:
        return { 0xd4, 0x8a, 0x06 };
    case Severity::Info:
        return { 0x3b, 0x7d, 0xd8 };
    }
    return theme::mutedText;
}

namespace {

// Draws the glyph with lines rather than text so it looks the same with every font.
QImage disc(const QColor& colour, int size, void (*glyph)(QPainter&, qreal))
{
    QImage img(size, size, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::transparent);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(colour);
    const qreal m = size * 0.08;
    p.drawEllipse(QRectF(m, m, size - 2 * m, size - 2 * m));
    QPen pen(Qt::white, std::max<qreal>(1.4, size / 9.0), Qt::SolidLine, Qt::RoundCap);
    p.setPen(pen);
    glyph(p, size);
    return img;
}

void cross(QPainter& p, qreal s)
{
    p.drawLine(QPointF(s * 0.34, s * 0.34), QPointF(s * 0.66, s * 0.66));
    p.drawLine(QPointF(s * 0.66, s * 0.34), QPointF(s * 0.34, s * 0.66));
}
void bang(QPainter& p, qreal s)
{
    p.drawLine(QPointF(s * 0.5, s * 0.27), QPointF(s * 0.5, s * 0.56));
    p.drawPoint(QPointF(s * 0.5, s * 0.73));
}
void info(QPainter& p, qreal s)
{
    p.drawPoint(QPointF(s * 0.5, s * 0.28));
    p.drawLine(QPointF(s * 0.5, s * 0.45), QPointF(s * 0.5, s * 0.73));
}
void tick(QPainter& p, qreal s)
{
    p.drawLine(QPointF(s * 0.3, s * 0.52), QPointF(s * 0.45, s * 0.67));
    p.drawLine(QPointF(s * 0.45, s * 0.67), QPointF(s * 0.72, s * 0.36));
}

} // namespace

QImage severityImage(Severity severity, int size)
{
    switch (severity) {
    case Severity::Error:
        return disc(severityColor(severity), size, cross);
    case Severity::Warning:
        return disc(severityColor(severity), size, bang);
    case Severity::Info:
        return disc(severityColor(severity), size, info);
    }
    return {};
}

QIcon severityIcon(Severity severity)
{
    QIcon icon;
    for (int size : { 16, 24, 32 })
        icon.addPixmap(QPixmap::fromImage(severityImage(severity, size)));
    return icon;
}

QIcon statusIcon(int errors, int warnings)
{
    if (errors > 0)
        return severityIcon(Severity::Error);
    if (warnings > 0)
        return severityIcon(Severity::Warning);
    QIcon icon;
    for (int size : { 16, 24, 32 })
        icon.addPixmap(QPixmap::fromImage(disc(QColor(0x2d, 0xa4, 0x4e), size, tick)));
    return icon;
}

void applyApplicationTheme()
{
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette pal = QApplication::style()->standardPalette();
    pal.setColor(QPalette::Window, QColor(0xf3, 0xf4, 0xf6));
    pal.setColor(QPalette::Base, theme::paper);
    pal.setColor(QPalette::AlternateBase, QColor(0xf8, 0xf9, 0xfb));
    pal.setColor(QPalette::Text, theme::text);
    pal.setColor(QPalette::WindowText, theme::text);
    pal.setColor(QPalette::ButtonText, theme::text);
    pal.setColor(QPalette::Button, QColor(0xf6, 0xf7, 0xf9));
    pal.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xd0));
    pal.setColor(QPalette::HighlightedText, Qt::white);
    pal.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xf4));
    pal.setColor(QPalette::ToolTipText, theme::text);
    pal.setColor(QPalette::PlaceholderText, theme::mutedText);
    // Disabled means visibly disabled: the colours above were set for every group, so set the disabled ones again
    // (grey text on a flatter button and field), or a disabled Submit looks exactly like an enabled one.
    const QColor greyText(0x9c, 0xa3, 0xaf);
    for (const auto role : { QPalette::Text, QPalette::WindowText, QPalette::ButtonText, QPalette::PlaceholderText })
        pal.setColor(QPalette::Disabled, role, greyText);
    pal.setColor(QPalette::Disabled, QPalette::Button, QColor(0xe5, 0xe7, 0xeb));
    pal.setColor(QPalette::Disabled, QPalette::Base, QColor(0xf3, 0xf4, 0xf6));
    pal.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0xd1, 0xd5, 0xdb));
    QApplication::setPalette(pal);
}

} // namespace kwb::ui
