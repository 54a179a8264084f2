// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/performance/samplestripchart.h"

#include "ui/performance/benchtablemodel.h"

#include <QCategoryAxis>
#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace kwb::ui {
namespace {
// A deterministic jitter in [-0.25, 0.25] for dot i (a hash, not a generator: redraws are identical).
double jitter(quint32 i)
{
    quint32 h = i * 2654435761u;
    h ^= h >> 16;
    h *= 0x45d9f3bu;
    h ^= h >> 16;
    return (double(h % 10001) / 10000.0 - 0.5) * 0.5;
}

struct Unit {
    double scale;
    const char* name;
};

Unit unitFor(double ns)
{
    if (ns < 1e3)
        return { 1, "ns" };
    if (ns < 1e6)
        return { 1e3, "µs" };
    if (ns < 1e9)
        return { 1e6, "ms" };
    return { 1e9, "s" };
}

QLineSeries* polyline(const QList<QPointF>& points, const QColor& color, qreal width)
{
    auto* s = new QLineSeries;
    s->append(points);
    QPen pen(color);
    pen.setWidthF(width);
    s->setPen(pen);
    return s;
}
} // namespace

SampleStripChart::SampleStripChart(QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    chart()->legend()->hide();
    chart()->setTitle(tr("Timed samples"));
    chart()->setMargins(QMargins(2, 2, 2, 2));
    setMinimumSize(280, 200);
}

void SampleStripChart::clear()
{
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* axis : c->axes()) {
        c->removeAxis(axis);
        delete axis;
    }
    m_impls.clear();
    m_dots.clear();
    m_log = false;
    m_clipped = 0;
    c->setTitle(tr("Timed samples"));
}

void SampleStripChart::setCase(
    std::shared_ptr<const BenchView> view, const QString& caseName, const QMap<QString, QString>& incorrect)
{
    clear();
    if (!view || !view->result)
        return;
    const BenchCase* bc = nullptr;
    for (const BenchCase& c : view->result->cases)
        bc = c.name == caseName ? &c : bc;
    if (!bc)
        return;

    struct Column {
        QString id;
        QString label;
        QColor color;
        std::vector<double> sorted;
        double q1 = 0, median = 0, q3 = 0, whiskerLow = 0, whiskerHigh = 0; ///< ns
    };
    QList<Column> columns;
    for (const ImplBench& b : view->result->impls) {
        const CaseSamples* s = view->samples(caseName, b.id);
        if (!s || s->samplesNs.empty())
            continue;
        Column col { b.id, b.id, QColor(0x45, 0x5a, 0x64), s->samplesNs };
        std::sort(col.sorted.begin(), col.sorted.end());
        if (b.role == ImplRole::Reference) {
            col.label = tr("%1 (ref)").arg(b.id);
        } else {
            for (const ImplCaseResult& r : bc->candidates) {
                const auto v = shownVerdict(r, incorrect);
                if (r.id == b.id && v && (r.speedup || *v == Verdict::Invalid)) {
                    col.color = shownVerdictColor(r, incorrect);
                    col.label = *v == Verdict::Invalid || !r.speedup
                        ? QStringLiteral("%1: %2").arg(b.id, shownVerdictText(r, incorrect))
                        : QStringLiteral("%1: %2 %3×").arg(b.id, verdictName(*v)).arg(r.speedup->estimate, 0, 'f', 2);
                }
            }
        }
        col.q1 = quantileSorted(col.sorted, 0.25);
        col.median = quantileSorted(col.sorted, 0.5);
        col.q3 = quantileSorted(col.sorted, 0.75);
        const double reach = 1.5 * (col.q3 - col.q1);
        col.whiskerLow = col.q1;
        col.whiskerHigh = col.q3;
        for (double v : col.sorted) {
            if (v >= col.q1 - reach)
                col.whiskerLow = std::min(col.whiskerLow, v);
            if (v <= col.q3 + reach)
                col.whiskerHigh = std::max(col.whiskerHigh, v);
        }
        columns << col;
    }
    if (columns.isEmpty())
        return;

    double lo = columns.first().sorted.front(), hi = 0, reachHigh = 0;
    double smallestMedian = columns.first().median, largestMedian = 0;
    for (const Column& col : columns) {
        lo = std::min(lo, col.sorted.front());
        hi = std::max(hi, col.sorted.back());
        reachHigh = std::max(reachHigh, col.whiskerHigh);
        smallestMedian = std::min(smallestMedian, col.median);
        largestMedian = std::max(largestMedian, col.median);
    }
    // Far outliers (a preempted call can take 100× the median) would squash every box: the axis stops a little
    // above the highest whisker and they are drawn as triangles on its top edge, counted in the title.
    const double top = hi > 2 * reachHigh ? reachHigh * 1.3 : hi;
    const Unit unit = unitFor(largestMedian);
    // A log axis when the medians differ by more than 8×: a linear one flattens the faster implementation.
    m_log = smallestMedian > 0 && lo > 0 && largestMedian / smallestMedian > 8;
    QChart* c = chart();
    QAbstractAxis* y = nullptr;
    double edge = top / unit.scale;
    if (m_log) {
        auto* axis = new QLogValueAxis;
        axis->setBase(10);
        axis->setRange(lo / unit.scale * 0.8, top / unit.scale * 1.1);
        axis->setLabelFormat(QStringLiteral("%.3g"));
        axis->setMinorTickCount(8);
        y = axis;
    } else {
        auto* axis = new QValueAxis;
        const double pad = std::max((top - lo) * 0.06, top * 1e-3);
        axis->setRange(std::max(0.0, lo - pad) / unit.scale, (top + pad) / unit.scale);
        axis->applyNiceNumbers();
        axis->setLabelFormat(QStringLiteral("%.4g"));
        axis->setTickCount(5); // few short labels: a low chart never cuts them to "..."
        edge = axis->max();
        y = axis;
    }
    if (m_log)
        edge = top / unit.scale * 1.05;
    y->setTitleText(tr("%1 per call").arg(QString::fromUtf8(unit.name)));
    auto* x = new QCategoryAxis;
    x->setRange(-0.5, double(columns.size()) - 0.5);
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);

    bool thinned = false;
    int above = 0;
    for (int i = 0; i < columns.size(); ++i) {
        const Column& col = columns[i];
        x->append(col.label, i + 0.5);
        const auto& raw = view->samples(caseName, col.id)->samplesNs;
        const std::size_t step = std::max<std::size_t>(1, (raw.size() + kMaxStripDots - 1) / kMaxStripDots);
        thinned = thinned || step > 1;
        QColor fill = col.color;
        fill.setAlpha(110);
        auto* dots = new QScatterSeries;
        dots->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        dots->setMarkerSize(raw.size() / step < 100 ? 8 : 5); // few dots may be larger
        dots->setColor(fill);
        dots->setBorderColor(Qt::transparent);
        auto* clipped = new QScatterSeries;
        clipped->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
        clipped->setMarkerSize(9);
        clipped->setColor(col.color);
        clipped->setBorderColor(Qt::transparent);
        QList<QPointF> points, over;
        for (std::size_t k = 0; k < raw.size(); k += step) {
            const double v = raw[k] / unit.scale;
            (v > edge ? over : points) << QPointF(i + jitter(quint32(k)), std::min(v, edge));
        }
        dots->append(points);
        clipped->append(over);
        above += int(over.size());
        m_impls << col.id;
        m_dots << int(points.size() + over.size());

        const double q1 = col.q1 / unit.scale, q3 = col.q3 / unit.scale, med = col.median / unit.scale;
        const double wlo = col.whiskerLow / unit.scale, whi = col.whiskerHigh / unit.scale;
        const double l = i - 0.32, r = i + 0.32;
        QList<QAbstractSeries*> shapes { dots, clipped,
            polyline({ { l, q1 }, { r, q1 }, { r, q3 }, { l, q3 }, { l, q1 } }, col.color.darker(130), 1.5),
            polyline({ { l, med }, { r, med } }, col.color.darker(160), 3.5),
            polyline({ { double(i), q3 }, { double(i), whi } }, col.color.darker(130), 1.2),
            polyline({ { double(i), q1 }, { double(i), wlo } }, col.color.darker(130), 1.2),
            polyline({ { i - 0.12, whi }, { i + 0.12, whi } }, col.color.darker(130), 1.2),
            polyline({ { i - 0.12, wlo }, { i + 0.12, wlo } }, col.color.darker(130), 1.2) };
        for (QAbstractSeries* s : shapes) {
            c->addSeries(s);
            s->attachAxis(x);
            s->attachAxis(y);
        }
    }
    m_clipped = above;
    const QString clipNote
        = above ? tr("; ▲ %n above the axis (up to %1)", nullptr, above).arg(formatDuration(hi)) : QString();
    c->setTitle(
        tr("Case %1: a dot per timed call%2%3").arg(caseName, thinned ? tr(" (every k-th)") : QString(), clipNote));
    setToolTip(tr("A dot per timed call%1, jittered sideways; box Q1–Q3, bar the median, whiskers to the furthest "
                  "samples within 1.5 IQR; candidates coloured by verdict")
                   .arg(thinned ? tr(", thinned evenly to %1 per column").arg(kMaxStripDots) : QString()));
}

} // namespace kwb::ui
