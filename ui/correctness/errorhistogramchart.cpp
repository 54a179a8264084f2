#include "correctness/errorhistogramchart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
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
    auto* x = new QBarCategoryAxis;
    // Every bin keeps a label only while they fit whole; otherwise every k-th, the others blank (made unique with
    // zero-width spaces, as the axis needs distinct categories), so no label is cut to "…".
    const int count = int(m_categories.size());
    const int maxLabels = std::max(2, (width() > 0 ? width() : 480) / 46);
    const int step = std::max(1, (count + maxLabels - 1) / maxLabels);
    QStringList shown;
    for (int i = 0; i < count; ++i)
        shown << (i % step == 0 || i == count - 1 ? m_categories[i] : QString(i + 1, QChar(0x200B)));
    x->append(shown);
    x->setLabelsAngle(0);
    x->setTitleText(QStringLiteral("|actual − expected| per element (log₂ bins)"));
    auto* y = new QValueAxis;
    y->setRange(0, double(top));
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(QStringLiteral("elements"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

} // namespace kwb::ui
