// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compare/comparison.h"
#include "core/compare/verdict.h"

#include <nlohmann/json.hpp>

#include <QTextStream>

#include <cmath>

namespace kwb {
namespace {
using nlohmann::json;

// JSON has no NaN or Inf: those are written as strings.
json number(double v)
{
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    return v;
}

json counts(const NonFiniteCounts& c)
{
    return { { "actual", c.actual }, { "expected", c.expected }, { "position_mismatches", c.positionMismatches } };
}
} // namespace

QByteArray Comparison::toJson(bool indented) const
{
    json j;
    j["format"] = "kwb.compare/1";
    j["pass"] = pass;
    j["reason"] = reason.toStdString();
    j["dtype"] = dtypeName(dtype).toStdString();
    j["expected_dtype"] = dtypeName(expectedDtype).toStdString();
    j["shape"] = shape;
    if (expectedShape != shape)
        j["expected_shape"] = expectedShape;
    j["count"] = count;
    j["finite_pairs"] = finitePairs;
    j["max_abs"] = number(maxAbs);
    j["mean_abs"] = number(meanAbs);
    j["rms"] = number(rms);
    j["max_rel"] = number(maxRel);
    j["max_ulp"] = maxUlp ? json(*maxUlp) : json(nullptr);
    j["mismatches"] = mismatches;
    j["nan"] = counts(nan);
    j["posinf"] = counts(posinf);
    j["neginf"] = counts(neginf);
    json w = json::array();
    for (const auto& e : worst) {
        w.push_back({ { "index", e.index }, { "actual", number(e.actual) }, { "expected", number(e.expected) },
            { "abs", number(e.abs) }, { "rel", number(e.rel) }, { "ulp", e.ulp ? json(*e.ulp) : json(nullptr) },
            { "score", number(e.score) } });
    }
    j["worst"] = w;
    json edges = json::array();
    for (const double e : histogram.edges)
        edges.push_back(e);
    j["histogram"] = { { "edges", edges }, { "counts", histogram.counts } };
    if (density) {
        j["density"] = { { "rows", density->rows }, { "cols", density->cols }, { "grid_rows", density->gridRows },
            { "grid_cols", density->gridCols }, { "mismatches", density->mismatches } };
    }
    json tol = { { "rtol", tolerance.rtol }, { "atol", tolerance.atol },
        { "max_ulp", tolerance.maxUlp ? json(*tolerance.maxUlp) : json(nullptr) },
        { "nan", nanPolicyName(tolerance.nan).toStdString() },
        { "mismatch_fraction", tolerance.mismatchFraction ? json(*tolerance.mismatchFraction) : json(nullptr) } };
    j["tolerance"] = tol;
    const std::string s = j.dump(indented ? 2 : -1);
    return QByteArray(s.data(), qsizetype(s.size()));
}

QString Comparison::toText() const
{
    QString s;
    QTextStream o(&s);
    o << (pass ? "PASS" : "FAIL") << ": " << reason << '\n';
    o << "  actual " << dtypeName(dtype) << ' ' << shapeText(shape) << ", expected " << dtypeName(expectedDtype) << ' '
      << shapeText(expectedShape) << ", " << count << " elements\n";
    if (shape != expectedShape)
        return s;
    o << "  max abs " << formatNumber(maxAbs) << ", mean abs " << formatNumber(meanAbs) << ", rms " << formatNumber(rms)
      << ", max rel " << formatNumber(maxRel) << ", max ulp " << (maxUlp ? formatNumber(*maxUlp) : QStringLiteral("-"))
      << '\n';
    o << "  mismatches " << mismatches << "; NaN " << nan.actual << '/' << nan.expected << " ("
      << nan.positionMismatches << " positions differ), +Inf " << posinf.actual << '/' << posinf.expected << ", -Inf "
      << neginf.actual << '/' << neginf.expected << '\n';
    if (!worst.empty()) {
        o << "  worst elements:\n";
        for (const auto& w : worst) {
            QStringList idx;
            for (const auto i : w.index)
                idx << QString::number(i);
            o << "    [" << idx.join(QStringLiteral(", ")) << "] actual " << formatNumber(w.actual) << " expected "
              << formatNumber(w.expected) << " abs " << formatNumber(w.abs) << " rel " << formatNumber(w.rel) << " ulp "
              << (w.ulp ? formatNumber(*w.ulp) : QStringLiteral("-")) << '\n';
        }
    }
    return s;
}

} // namespace kwb
