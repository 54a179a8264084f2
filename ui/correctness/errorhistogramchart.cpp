// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/correctness/errorhistogramchart.h"

#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QFontMetrics>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace kwb::ui {

QString histogramBinLabel(const ErrorHistogram& h, int i)
{
    const int last = int(h.counts.size()) - 1;
    if (i == 0)
        return QStringLiteral("0");
    const auto exponent = [](double v) { return QString::number(std::ilogb(v)); };
    if (i == 1)
        return QStringLiteral("<2^") + exponent(h.edges[2]);
    if (i == last)
        return QStringLiteral("≥2^") + exponent(h.edges[std::size_t(last)]);
    return QStringLiteral("2^") + exponent(h.edges[std::size_t(i)]);
}

ErrorHistogramChart::ErrorHistogramChart(QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    chart()->legend()->hide();
    chart()->setTitle(QStringLiteral("Absolute error (log-spaced bins)"));
    setMinimumHeight(200);
}

void ErrorHistogramChart::setHistogram(const ErrorHistogram& h)
{
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* axis : c->axes())
        c->removeAxis(axis);
    m_categories.clear();
    m_counts.clear();
    m_x = nullptr;
    int first = -1, last = -1;
    for (int i = 0; i < int(h.counts.size()); ++i) {
        if (h.counts[std::size_t(i)] > 0) {
            first = first < 0 ? i : first;
            last = i;
        }
    }
    if (first < 0)
        return;
    auto* set = new QBarSet(QStringLiteral("elements"));
    qint64 top = 0;
    for (int i = first; i <= last; ++i) {
        m_categories << histogramBinLabel(h, i);
        m_counts << h.counts[std::size_t(i)];
        *set << double(h.counts[std::size_t(i)]);
        top = std::max<qint64>(top, h.counts[std::size_t(i)]);
    }
    auto* series = new QBarSeries;
    series->append(set);
    c->addSeries(series);
    // Bars stand at x = 0, 1, …; a category axis with its labels on those values names every k-th bar in full
    // (a bar-category axis would cut each label to one bar's width: "…").
    auto* x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    x->setRange(-0.5, double(m_categories.size()) - 0.5);
    x->setLabelsAngle(0);
    x->setGridLineVisible(false);
    x->setTitleText(QStringLiteral("|actual − expected| per element (log₂ bins)"));
    m_x = x;
    layoutLabels();
    auto* y = new QValueAxis;
    y->setRange(0, double(top));
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(QStringLiteral("elements"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

void ErrorHistogramChart::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    layoutLabels();
}

void ErrorHistogramChart::layoutLabels()
{
    if (!m_x || m_categories.isEmpty())
        return;
    for (const QString& label : m_x->categoriesLabels())
        m_x->remove(label);
    const int count = int(m_categories.size());
    const QFontMetrics fm(m_x->labelsFont());
    int widest = 0;
    for (const QString& c : m_categories)
        widest = std::max(widest, fm.horizontalAdvance(c));
    const double plotWidth = chart()->plotArea().width() > 0 ? chart()->plotArea().width() : width() * 0.8;
    const double perBar = plotWidth / std::max(1, count);
    const int step = std::max(1, int(std::ceil((widest + 12) / std::max(1.0, perBar))));
    for (int i = 0; i < count; i += step)
        m_x->append(m_categories[i], i);
}

} // namespace kwb::ui
