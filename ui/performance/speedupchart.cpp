// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/performance/speedupchart.h"

#include <QCategoryAxis>
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
const QColor kPalette[] = { QColor(0x1e, 0x88, 0xe5), QColor(0x8e, 0x24, 0xaa), QColor(0x00, 0x89, 0x7b),
    QColor(0xf4, 0x51, 0x1e), QColor(0x6d, 0x4c, 0x41), QColor(0x45, 0x5a, 0x64) };

QString bytesText(double b)
{
    if (b <= 0)
        return {};
    const char* units[] = { "B", "kB", "MB", "GB" };
    int u = 0;
    while (b >= 1000 && u < 3) {
        b /= 1000;
        ++u;
    }
    return QString::number(b, 'g', 3) + QLatin1Char(' ') + QLatin1StringView(units[u]);
}
} // namespace

SpeedupChart::SpeedupChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("speedupChart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(240, 200);
    chart()->setMargins(QMargins(2, 2, 2, 2));
    clear();
}

void SpeedupChart::clear(const QString& why)
{
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* axis : c->axes()) {
        c->removeAxis(axis);
        delete axis;
    }
    c->legend()->hide();
    m_points = 0;
    m_cases.clear();
    c->setTitle(why.isEmpty() ? tr("Speedup by case") : tr("Speedup by case: %1").arg(why));
}

void SpeedupChart::setView(std::shared_ptr<const BenchView> view, const QMap<QString, QString>& incorrect)
{
    clear();
    if (!view || !view->result || view->result->cases.isEmpty()) {
        clear(tr("no bench"));
        return;
    }
    QList<const BenchCase*> cases;
    for (const BenchCase& c : view->result->cases)
        cases << &c;
    std::stable_sort(
        cases.begin(), cases.end(), [](const BenchCase* a, const BenchCase* b) { return a->bytes < b->bytes; });
    QStringList candidates, leftOut;
    double lo = 1, hi = 1;
    for (const BenchCase* c : cases) {
        for (const ImplCaseResult& r : c->candidates) {
            const bool counts = r.speedup && !incorrect.contains(r.id) && r.verdict != Verdict::Invalid;
            if (!counts) {
                if (!leftOut.contains(r.id))
                    leftOut << r.id;
                continue;
            }
            if (!candidates.contains(r.id))
                candidates << r.id;
            lo = std::min({ lo, r.speedup->ciLow, r.speedup->estimate });
            hi = std::max({ hi, std::isfinite(r.speedup->ciHigh) ? r.speedup->ciHigh : r.speedup->estimate,
                r.speedup->estimate });
        }
    }
    for (const QString& id : candidates)
        leftOut.removeAll(id);
    if (candidates.isEmpty()) {
        clear(leftOut.isEmpty() ? tr("no candidate has a speedup")
                                : tr("nothing to plot — %1 not timed validly").arg(leftOut.join(QStringLiteral(", "))));
        return;
    }
    QChart* ch = chart();
    auto* x = new QCategoryAxis;
    x->setRange(-0.5, double(cases.size()) - 0.5);
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
    for (int i = 0; i < cases.size(); ++i) {
        const QString size = bytesText(cases[i]->bytes);
        x->append(size.isEmpty() ? cases[i]->name : QStringLiteral("%1 (%2)").arg(cases[i]->name, size), i + 0.5);
        m_cases << cases[i]->name;
    }
    auto* y = new QLogValueAxis;
    y->setBase(2);
    y->setRange(std::max(1e-3, lo / 1.3), hi * 1.3);
    y->setLabelFormat(QStringLiteral("%.3g×"));
    y->setTitleText(tr("speedup over the reference"));
    ch->addAxis(x, Qt::AlignBottom);
    ch->addAxis(y, Qt::AlignLeft);
    const auto attach = [&](QAbstractSeries* s) {
        ch->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    };
    auto* one = new QLineSeries;
    one->append({ QPointF(-0.5, 1.0), QPointF(double(cases.size()) - 0.5, 1.0) });
    QPen dashed(QColor(0x6b, 0x72, 0x80));
    dashed.setStyle(Qt::DashLine);
    one->setPen(dashed);
    one->setName(tr("1× (as fast as the reference)"));
    attach(one);
    for (int k = 0; k < candidates.size(); ++k) {
        const QColor color = kPalette[k % std::size(kPalette)];
        const double offset = candidates.size() > 1 ? (k - (candidates.size() - 1) / 2.0) * 0.12 : 0.0;
        auto* dots = new QScatterSeries;
        dots->setName(candidates[k]);
        dots->setColor(color);
        dots->setMarkerSize(10);
        dots->setBorderColor(color.darker(140));
        auto* line = new QLineSeries;
        QPen pen(color);
        pen.setWidthF(1.2);
        line->setPen(pen);
        for (int i = 0; i < cases.size(); ++i) {
            for (const ImplCaseResult& r : cases[i]->candidates) {
                if (r.id != candidates[k] || !r.speedup || incorrect.contains(r.id) || r.verdict == Verdict::Invalid)
                    continue;
                const double xv = i + offset;
                dots->append(xv, r.speedup->estimate);
                line->append(xv, r.speedup->estimate);
                auto* bar = new QLineSeries;
                QPen barPen(color.darker(120));
                barPen.setWidthF(2);
                bar->setPen(barPen);
                const double top = std::isfinite(r.speedup->ciHigh) ? r.speedup->ciHigh : hi * 1.2;
                bar->append({ QPointF(xv, std::max(r.speedup->ciLow, 1e-3)), QPointF(xv, top) });
                attach(bar);
                ++m_points;
            }
        }
        attach(line);
        attach(dots);
    }
    ch->legend()->show();
    ch->legend()->setAlignment(Qt::AlignBottom);
    for (QLegendMarker* m : ch->legend()->markers()) {
        if (m->label().isEmpty())
            m->setVisible(false);
    }
    ch->setTitle(leftOut.isEmpty()
            ? tr("Speedup by case (95 % CI), smallest case first")
            : tr("Speedup by case (95 % CI) — left out: %1").arg(leftOut.join(QStringLiteral(", "))));
}

} // namespace kwb::ui
