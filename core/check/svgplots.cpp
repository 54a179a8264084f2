// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/svgplots.h"

#include "core/bench/benchstats.h"

#include <QPointF>

#include <algorithm>
#include <cmath>

namespace kwb {

QString xmlEscape(const QString& text)
{
    QString s = text.toHtmlEscaped();
    s.replace(u'\'', QStringLiteral("&#39;"));
    return s;
}

QString formatNs(double ns)
{
    const double a = std::fabs(ns);
    if (a < 1e3)
        return QString::number(ns, 'f', a < 10 ? 2 : 0) + QStringLiteral(" ns");
    if (a < 1e6)
        return QString::number(ns / 1e3, 'f', a < 1e4 ? 2 : 1) + QStringLiteral(" µs");
    if (a < 1e9)
        return QString::number(ns / 1e6, 'f', a < 1e7 ? 2 : 1) + QStringLiteral(" ms");
    return QString::number(ns / 1e9, 'f', 2) + QStringLiteral(" s");
}

QString formatRate(double perS, const QString& unit)
{
    const char* prefixes[] = { "", "K", "M", "G", "T", "P", "E" };
    int i = 0;
    double v = perS;
    while (std::fabs(v) >= 1000 && i < 6) {
        v /= 1000;
        ++i;
    }
    return QString::number(v, 'f', v < 10 ? 2 : (v < 100 ? 1 : 0)) + u' ' + QString::fromLatin1(prefixes[i]) + unit;
}

namespace {
const char* const kPalette[]
    = { "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac" };

QString color(int i)
{
    return QString::fromLatin1(kPalette[i % 10]);
}

QString num(double v)
{
    return QString::number(v, 'f', 1);
}

// A 1-2-5 sequence of "nice" tick values covering [lo, hi] (linear) or the decades (log).
std::vector<double> ticks(double lo, double hi, bool log)
{
    std::vector<double> t;
    if (log) {
        for (double d = std::pow(10, std::floor(std::log10(lo))); d <= hi * 1.0001; d *= 10) {
            for (double m : { 1.0, 2.0, 5.0 }) {
                const double v = d * m;
                if (v >= lo * 0.9999 && v <= hi * 1.0001 && (m == 1.0 || std::log10(hi / lo) < 2.5))
                    t.push_back(v);
            }
        }
        return t;
    }
    const double raw = (hi - lo) / 5;
    const double mag = std::pow(10, std::floor(std::log10(raw)));
    double step = mag;
    for (double m : { 1.0, 2.0, 5.0, 10.0 }) {
        if (raw <= m * mag) {
            step = m * mag;
            break;
        }
    }
    for (double v = std::ceil(lo / step) * step; v <= hi + step * 1e-9; v += step)
        t.push_back(v);
    return t;
}

struct Axis {
    double lo, hi;
    bool log;
    double x0, x1; // pixels
    double at(double v) const
    {
        const double f
            = log ? (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)) : (v - lo) / (hi - lo);
        return x0 + std::clamp(f, 0.0, 1.0) * (x1 - x0);
    }
};
} // namespace

QString samplesSvg(const QString& title, const QList<SampleSeries>& series)
{
    const double width = 760, left = 150, right = 24, top = 34, row = 46, bottom = 44;
    const double height = top + row * std::max<qsizetype>(1, series.size()) + bottom;
    double lo = std::numeric_limits<double>::max();
    double hi = 0;
    for (const auto& s : series) {
        for (double v : s.samplesNs) {
            if (v > 0) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
    }
    QString svg
        = QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" viewBox=\"0 0 %1 "
                         "%2\" role=\"img\" font-family=\"sans-serif\" font-size=\"12\">\n")
              .arg(num(width), num(height));
    svg += QStringLiteral("<title>%1</title>\n").arg(xmlEscape(title));
    svg += QStringLiteral("<text x=\"%1\" y=\"20\" font-weight=\"bold\">%2</text>\n").arg(num(left), xmlEscape(title));
    if (hi <= 0) {
        svg += QStringLiteral("<text x=\"%1\" y=\"%2\">no samples</text>\n</svg>\n").arg(num(left), num(top + 20));
        return svg;
    }
    const bool log = hi / lo > 10;
    if (!log) {
        const double pad = std::max((hi - lo) * 0.05, hi * 0.01);
        lo = std::max(0.0, lo - pad);
        hi += pad;
    } else {
        lo /= 1.2;
        hi *= 1.2;
    }
    const Axis x { lo, hi, log, left, width - right };
    const double axisY = top + row * series.size();
    for (double t : ticks(lo, hi, log)) {
        const double px = x.at(t);
        svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#ddd\"/>\n")
                   .arg(num(px), num(top), num(axisY));
        svg += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\" font-size=\"11\">%3</text>\n")
                   .arg(num(px), num(axisY + 16), xmlEscape(formatNs(t)));
    }
    svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"#333\"/>\n")
               .arg(num(left), num(axisY), num(width - right));
    svg += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\">time per call (%3 scale)</text>\n")
               .arg(num((left + width - right) / 2), num(axisY + 34),
                   log ? QStringLiteral("log") : QStringLiteral("linear"));
    for (int i = 0; i < series.size(); ++i) {
        const SampleSeries& s = series[i];
        const double cy = top + row * i + row / 2;
        svg += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"end\">%3</text>\n")
                   .arg(num(left - 8), num(cy + 4), xmlEscape(s.label));
        std::vector<double> v = s.samplesNs;
        std::sort(v.begin(), v.end());
        if (v.empty())
            continue;
        const double q1 = quantileSorted(v, 0.25), q2 = quantileSorted(v, 0.5), q3 = quantileSorted(v, 0.75);
        const double iqr = q3 - q1;
        const auto loW = std::lower_bound(v.begin(), v.end(), q1 - 1.5 * iqr);
        const auto hiW = std::upper_bound(v.begin(), v.end(), q3 + 1.5 * iqr);
        const double wLo = loW == v.end() ? v.front() : *loW;
        const double wHi = hiW == v.begin() ? v.back() : *(hiW - 1);
        const QString c = color(i);
        // The strip: at most 400 points, spread vertically by a fixed hash so the picture is reproducible.
        const size_t step = std::max<size_t>(1, s.samplesNs.size() / 400);
        for (size_t k = 0; k < s.samplesNs.size(); k += step) {
            const double jitter = (double((k * 2654435761u) % 1000) / 1000.0 - 0.5) * row * 0.6;
            svg += QStringLiteral("<circle cx=\"%1\" cy=\"%2\" r=\"2\" fill=\"%3\" fill-opacity=\"0.45\"/>\n")
                       .arg(num(x.at(std::max(s.samplesNs[k], lo))), num(cy + jitter), c);
        }
        const double bh = row * 0.5;
        svg += QStringLiteral("<line x1=\"%1\" y1=\"%3\" x2=\"%2\" y2=\"%3\" stroke=\"#222\"/>\n")
                   .arg(num(x.at(wLo)), num(x.at(wHi)), num(cy));
        svg += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"none\" stroke=\"#222\"/>\n")
                   .arg(num(x.at(q1)), num(cy - bh / 2), num(std::max(1.0, x.at(q3) - x.at(q1))), num(bh));
        svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#000\" stroke-width=\"2.5\"/>\n")
                   .arg(num(x.at(q2)), num(cy - bh / 2), num(cy + bh / 2));
        svg += QStringLiteral("<title>%1: median %2, IQR %3, n %4</title>\n")
                   .arg(xmlEscape(s.label), xmlEscape(formatNs(q2)), xmlEscape(formatNs(iqr)))
                   .arg(v.size());
    }
    svg += QStringLiteral("</svg>\n");
    return svg;
}

QString rooflineSvg(const RooflineData& data)
{
    const double width = 780, height = 440, left = 110, right = 30, top = 36, bottom = 56;
    const double bw = data.peaks.bytesPerS, peak = data.peaks.flopsPerS;
    const double ridge = peak / bw;
    double xlo = ridge, xhi = ridge, ylo = peak, yhi = peak;
    for (const RooflinePoint& p : data.points) {
        xlo = std::min(xlo, p.intensity);
        xhi = std::max(xhi, p.intensity);
        ylo = std::min(ylo, p.flopsPerS);
        yhi = std::max(yhi, p.flopsPerS);
    }
    xlo = std::pow(10, std::floor(std::log10(xlo)) - 1);
    xhi = std::pow(10, std::ceil(std::log10(xhi)) + 1);
    ylo = std::pow(10, std::floor(std::log10(std::max(ylo, 1.0))) - 1);
    yhi = std::pow(10, std::ceil(std::log10(yhi * 1.5)));
    const Axis x { xlo, xhi, true, left, width - right };
    const Axis y { ylo, yhi, true, height - bottom, top }; // pixels grow downwards
    QString svg
        = QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" viewBox=\"0 0 %1 "
                         "%2\" role=\"img\" font-family=\"sans-serif\" font-size=\"12\">\n")
              .arg(num(width), num(height));
    const QString title = QStringLiteral("Roofline (peaks: %1)").arg(data.peaks.source);
    svg += QStringLiteral("<title>%1</title>\n<text x=\"%2\" y=\"20\" font-weight=\"bold\">%1</text>\n")
               .arg(xmlEscape(title), num(left));
    for (double d = xlo; d <= xhi * 1.0001; d *= 10) {
        svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#e4e4e4\"/>\n"
                              "<text x=\"%1\" y=\"%4\" text-anchor=\"middle\" font-size=\"11\">%5</text>\n")
                   .arg(num(x.at(d)), num(top), num(height - bottom), num(height - bottom + 16),
                       QString::number(d, 'g', 3));
    }
    for (double d = ylo; d <= yhi * 1.0001; d *= 10) {
        svg += QStringLiteral("<line x1=\"%1\" y1=\"%3\" x2=\"%2\" y2=\"%3\" stroke=\"#e4e4e4\"/>\n"
                              "<text x=\"%4\" y=\"%5\" text-anchor=\"end\" font-size=\"11\">%6</text>\n")
                   .arg(num(left), num(width - right), num(y.at(d)), num(left - 6), num(y.at(d) + 4),
                       xmlEscape(formatRate(d)));
    }
    svg += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"none\" stroke=\"#333\"/>\n")
               .arg(num(left), num(top), num(width - right - left), num(height - bottom - top));
    svg += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\">arithmetic intensity (FLOP/byte)</text>\n")
               .arg(num((left + width - right) / 2), num(height - 14));
    svg += QStringLiteral("<text x=\"16\" y=\"%1\" text-anchor=\"middle\" transform=\"rotate(-90 16 %1)\">attainable "
                          "FLOP/s</text>\n")
               .arg(num((top + height - bottom) / 2));
    // The roof: bandwidth-bound below the ridge, compute-bound above it.
    const double xStart = std::max(xlo, ylo / bw);
    svg += QStringLiteral(
        "<polyline fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2.5\" points=\"%1,%2 %3,%4 %5,%4\"/>\n")
               .arg(num(x.at(xStart)), num(y.at(xStart * bw)), num(x.at(ridge)), num(y.at(peak)), num(x.at(xhi)));
    svg += QStringLiteral("<text x=\"%1\" y=\"%2\" fill=\"#c0392b\" font-size=\"11\">%3 peak</text>\n")
               .arg(num(x.at(ridge) + 6), num(y.at(peak) - 6), xmlEscape(formatRate(peak)));
    svg += QStringLiteral("<text x=\"%1\" y=\"%2\" fill=\"#c0392b\" font-size=\"11\" text-anchor=\"end\">%3</text>\n")
               .arg(num(x.at(ridge) - 8), num(y.at(ridge * bw * 0.3) - 4),
                   xmlEscape(formatRate(bw, QStringLiteral("B/s"))));
    QStringList ids;
    for (const RooflinePoint& p : data.points) {
        if (!ids.contains(p.impl))
            ids << p.impl;
    }
    QList<QPointF> labels; // where labels went: a label that would overlap one moves down a line
    for (const RooflinePoint& p : data.points) {
        const QString c = color(static_cast<int>(ids.indexOf(p.impl)));
        const double px = x.at(p.intensity), py = y.at(p.flopsPerS);
        double ly = py + 4;
        for (bool moved = true; moved;) {
            moved = false;
            for (const QPointF& l : labels) {
                if (std::fabs(l.x() - px) < 90 && std::fabs(l.y() - ly) < 12) {
                    ly = l.y() + 13;
                    moved = true;
                }
            }
        }
        labels << QPointF(px, ly);
        svg += p.source == u"ncu"
            ? QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"9\" height=\"9\" fill=\"%3\"/>\n")
                  .arg(num(px - 4.5), num(py - 4.5), c)
            : QStringLiteral("<circle cx=\"%1\" cy=\"%2\" r=\"5\" fill=\"%3\"/>\n").arg(num(px), num(py), c);
        svg += QStringLiteral("<text x=\"%1\" y=\"%2\" font-size=\"11\">%3</text>\n")
                   .arg(num(px + 8), num(ly), xmlEscape(p.impl + u'/' + p.caseName));
    }
    svg += QStringLiteral("</svg>\n");
    return svg;
}

} // namespace kwb
