// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/performance/rooflinechart.h"

#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>

namespace kwb::ui {
namespace {
const QColor kPalette[] = { QColor(0x45, 0x5a, 0x64), QColor(0x1e, 0x88, 0xe5), QColor(0x8e, 0x24, 0xaa),
    QColor(0x00, 0x89, 0x7b), QColor(0xf4, 0x51, 0x1e), QColor(0x6d, 0x4c, 0x41) };

double decadeBelow(double v)
{
    return std::pow(10.0, std::floor(std::log10(v)));
}
double decadeAbove(double v)
{
    return std::pow(10.0, std::ceil(std::log10(v)));
}
} // namespace

RooflineChart::RooflineChart(QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(240, 200);
    chart()->setMargins(QMargins(2, 2, 2, 2));
    clear();
}

void RooflineChart::clear(const QString& why)
{
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* axis : c->axes()) {
        c->removeAxis(axis);
        delete axis;
    }
    c->legend()->hide();
    m_points = 0;
    // The reason can be long: wrapped onto lines of about 50 characters (the title would elide one long line).
    QStringList lines { tr("Roofline not drawn:") };
    for (const QString& word : why.split(u' ', Qt::SkipEmptyParts)) {
        if (lines.size() == 1 || lines.last().size() + word.size() > 50)
            lines << word;
        else
            lines.last() += u' ' + word;
    }
    c->setTitle(why.isEmpty() ? tr("Roofline") : lines.join(QStringLiteral("<br>")));
}

void RooflineChart::setView(std::shared_ptr<const BenchView> view, const QString& selectedCase)
{
    clear();
    if (!view || !view->roofline) {
        clear(view ? view->rooflineNote : QString());
        return;
    }
    const RooflineData& roof = *view->roofline;
    const double bw = roof.peaks.bytesPerS, peak = roof.peaks.flopsPerS;
    const double ridge = peak / bw;
    double xmin = ridge, xmax = ridge, ymin = peak, ymax = peak;
    for (const RooflinePoint& p : roof.points) {
        if (p.intensity <= 0 || p.flopsPerS <= 0)
            continue;
        xmin = std::min(xmin, p.intensity);
        xmax = std::max(xmax, p.intensity);
        ymin = std::min(ymin, p.flopsPerS);
        ymax = std::max(ymax, p.flopsPerS);
    }
    xmin = decadeBelow(xmin / 3);
    xmax = decadeAbove(xmax * 3);
    ymin = decadeBelow(std::min(ymin, bw * xmin) / 2);
    ymax = decadeAbove(ymax * 2);

    QChart* c = chart();
    auto* x = new QLogValueAxis;
    x->setBase(10);
    x->setRange(xmin, xmax);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setTitleText(tr("FLOP/byte"));
    auto* y = new QLogValueAxis;
    y->setBase(10);
    y->setRange(ymin, ymax);
    y->setLabelFormat(QStringLiteral("%.0e"));
    y->setTitleText(tr("FLOP/s"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);

    auto* roofLine = new QLineSeries;
    roofLine->setName(tr("roof"));
    roofLine->append({ QPointF(xmin, bw * xmin), QPointF(ridge, peak), QPointF(xmax, peak) });
    QPen pen(QColor(0x21, 0x21, 0x21));
    pen.setWidthF(2);
    roofLine->setPen(pen);
    c->addSeries(roofLine);
    roofLine->attachAxis(x);
    roofLine->attachAxis(y);

    QStringList order;
    for (const RooflinePoint& p : roof.points) {
        if (!order.contains(p.impl))
            order << p.impl;
    }
    for (int i = 0; i < order.size(); ++i) {
        for (const bool selected : { false, true }) {
            auto* s = new QScatterSeries;
            s->setMarkerShape(QScatterSeries::MarkerShapeCircle);
            s->setMarkerSize(selected ? 13 : 8);
            QColor color = kPalette[i % std::size(kPalette)];
            if (!selected)
                color.setAlpha(90);
            s->setColor(color);
            s->setBorderColor(selected ? color.darker(150) : Qt::transparent);
            for (const RooflinePoint& p : roof.points) {
                if (p.impl == order[i] && (p.caseName == selectedCase) == selected && p.intensity > 0
                    && p.flopsPerS > 0)
                    s->append(p.intensity, p.flopsPerS);
            }
            if (s->count() == 0) {
                delete s;
                continue;
            }
            m_points += s->count();
            s->setName(selected ? order[i] : QString());
            c->addSeries(s);
            s->attachAxis(x);
            s->attachAxis(y);
        }
    }
    c->legend()->show();
    c->legend()->setAlignment(Qt::AlignBottom);
    // Unnamed series (the other cases' faint points) stay out of the legend.
    for (QLegendMarker* m : c->legend()->markers()) {
        if (m->label().isEmpty())
            m->setVisible(false);
    }
    c->setTitle(tr("Roofline: %1 GB/s, %2 GFLOP/s").arg(bw / 1e9, 0, 'g', 4).arg(peak / 1e9, 0, 'g', 4));
    setToolTip(
        tr("Peaks from %1; large markers: case %2, faint: the other cases%3")
            .arg(roof.peaks.source, selectedCase, roof.note.isEmpty() ? QString() : QStringLiteral("\n") + roof.note));
}

} // namespace kwb::ui
