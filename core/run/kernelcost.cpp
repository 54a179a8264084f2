// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/kernelcost.h"

#include "core/run/kernelscope.h"
#include "core/task/expression.h"

#include <QJsonArray>

#include <algorithm>
#include <vector>

namespace kwb {
namespace {
// The framework's share of the work that makes its kernels decoration, and the one worth a look.
constexpr double kDominantShare = 0.5;
constexpr double kNotableShare = 0.2;
// Time outside kernels and framework ops: a share of the call, and an absolute floor below which python's own
// glue (argument checks, launch set-up) can take that share of a tiny call honestly.
constexpr double kOffloadShare = 0.5;
constexpr double kOffloadNotableShare = 1.0 / 3;
constexpr double kOffloadFloorNs = 2e6;
// Tensors the call's recorded ops and launches were handed that nothing the record saw made (work done with the
// record switched off, or by a library it does not follow), against the size of the call's results: the product
// of a hidden computation is as large as what it computes; an honest call meets at most a small table built outside.
constexpr double kUnseenShare = 0.5;
constexpr double kUnseenNotableShare = 0.2;

double computeFlops(const QJsonObject& dispatch, QMap<QString, double>* perOp = nullptr)
{
    double total = 0;
    const QJsonObject flops = dispatch.value(QStringLiteral("op_flops")).toObject();
    for (auto it = flops.begin(); it != flops.end(); ++it) {
        if (isDataMovementOp(it.key()))
            continue;
        total += it.value().toDouble();
        if (perOp)
            (*perOp)[it.key()] += it.value().toDouble();
    }
    return total;
}

// The task's work for one call: benchmark.flops over the call's case dims.
double declaredFlops(const Task& task, const QString& caseName)
{
    if (task.benchmarkFlops.trimmed().isEmpty())
        return 0;
    const auto c
        = std::find_if(task.cases.begin(), task.cases.end(), [&](const Case& k) { return k.name == caseName; });
    auto e = Expression::parse(task.benchmarkFlops);
    if (c == task.cases.end() || !e)
        return 0;
    auto v = e->evaluate(c->dims);
    return v ? double(*v) : 0;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The lower median: for time outside the kernels, where one call's one-time costs (a lazy import, a cache filled
// on first use) must not decide a run of two calls; a candidate that offloads does so on most of its calls.
double lowerMedian(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[(v.size() - 1) / 2];
}

QString percent(double share)
{
    return QStringLiteral("%1 %").arg(100 * share, 0, 'f', share < 0.1 ? 1 : 0);
}
} // namespace

Findings kernelCostFindings(const Task& task, const ImplRun& candidate, const ImplRun* reference)
{
    Findings out;
    std::vector<double> shares, outside, outsideNs, kernelShares, unseenShares, unseenResults;
    QMap<QString, double> unseenBy; // the op or kernel that first met each unseen tensor: elements
    QString unseenResult; // one call's words on a result the record did not see made
    QMap<QString, double> perOp;
    QMap<QString, qint64> routes; // how the calls left the framework: numpy transfers and routines, foreign libraries
    QString costBasis;
    for (const CallRecord& call : candidate.calls) {
        if (call.dispatch.isEmpty() || !call.ok)
            continue;
        const QString caseName = call.label.section(u'/', 0, 0);
        const double framework = computeFlops(call.dispatch, &perOp);
        double cost = declaredFlops(task, caseName);
        if (cost > 0) {
            costBasis = QStringLiteral("the task's benchmark.flops");
        } else if (reference) {
            // The reference's own ops on the same inputs (its call of the same trial).
            const auto ref = reference->calls.constFind(call.label.section(u'/', 0, 1));
            if (ref != reference->calls.cend() && !ref->dispatch.isEmpty()) {
                cost = computeFlops(ref->dispatch);
                costBasis = QStringLiteral("the reference's own ops on the same inputs");
            }
        }
        if (cost > 0)
            shares.push_back(std::min(framework / cost, 1.0));
        const QJsonObject offload = call.dispatch.value(QStringLiteral("offload")).toObject();
        for (auto it = offload.begin(); it != offload.end(); ++it)
            routes[it.key()] += it.value().toInteger();
        const QJsonObject unseen = call.dispatch.value(QStringLiteral("unseen")).toObject();
        if (!unseen.isEmpty()) {
            const double results = unseen.value(QStringLiteral("result_elements")).toDouble();
            const double read = unseen.value(QStringLiteral("read_elements")).toDouble();
            unseenShares.push_back(results > 0 ? std::min(read / results, 1.0) : (read > 0 ? 1.0 : 0.0));
            const QJsonObject by = unseen.value(QStringLiteral("read_by")).toObject();
            for (auto it = by.begin(); it != by.end(); ++it)
                unseenBy[it.key()] += it.value().toDouble();
            const QJsonArray doubts = unseen.value(QStringLiteral("results")).toArray();
            unseenResults.push_back(doubts.isEmpty() ? 0.0 : 1.0);
            if (!doubts.isEmpty() && unseenResult.isEmpty())
                unseenResult = doubts.first().toString();
        }
        const QJsonObject t = call.dispatch.value(QStringLiteral("time_ns")).toObject();
        const double total = t.value(QStringLiteral("call")).toDouble();
        if (total > 0) {
            const double kernels = t.value(QStringLiteral("kernels")).toDouble();
            const double ops = t.value(QStringLiteral("ops")).toDouble();
            const double rest = std::max(0.0, total - kernels - ops);
            outside.push_back(rest / total);
            outsideNs.push_back(rest);
            kernelShares.push_back(kernels / total);
        }
    }
    QJsonObject topOps;
    QStringList topText;
    {
        QList<std::pair<double, QString>> sorted;
        double all = 0;
        for (auto it = perOp.begin(); it != perOp.end(); ++it) {
            sorted.append({ it.value(), it.key() });
            all += it.value();
        }
        std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        for (qsizetype i = 0; i < sorted.size() && i < 5; ++i) {
            topOps.insert(sorted[i].second, sorted[i].first);
            topText << QStringLiteral("%1 (%2 of the framework's FLOPs)")
                           .arg(sorted[i].second, percent(all > 0 ? sorted[i].first / all : 0));
        }
    }
    const double kernelTime = kernelShares.empty() ? -1 : median(kernelShares);
    if (!shares.empty()) {
        const double share = median(shares);
        if (share >= kNotableShare) {
            Finding f;
            f.id = QStringLiteral("scope.framework-compute");
            f.severity = share >= kDominantShare ? Severity::Error : Severity::Warning;
            f.impl = candidate.id;
            f.message = QStringLiteral("the framework's ops did %1 of the task's work (median over %2 calls; by FLOPs "
                                       "against %3): %4%5")
                            .arg(percent(share))
                            .arg(shares.size())
                            .arg(costBasis, topText.join(QStringLiteral(", ")),
                                share >= kDominantShare
                                    ? QStringLiteral(" — its own kernels are not what computes the result")
                                    : QString());
            f.evidence = QJsonObject { { QStringLiteral("framework_share"), share },
                { QStringLiteral("framework_ops_flops"), topOps }, { QStringLiteral("cost_basis"), costBasis },
                { QStringLiteral("kernel_time_share"), kernelTime } };
            out << f;
        }
    }
    // Compute outside the framework: by time (what ran outside kernels and ops), and by the routes the calls took
    // out of it (numpy's routines and transfers to numpy, foreign libraries loaded).
    const double share = lowerMedian(outside);
    const double ns = lowerMedian(outsideNs);
    const bool byTime = share >= kOffloadNotableShare && ns >= kOffloadFloorNs;
    // A transfer alone may be a result handed back as an array; out to numpy and back in is a round trip, the
    // work done on the way (numpy's operators, `a @ b`, are not counted one by one).
    bool computeRoute = false;
    bool toNumpy = false;
    bool fromNumpy = false;
    QStringList routeText;
    QJsonObject routeJson;
    for (auto it = routes.begin(); it != routes.end(); ++it) {
        routeText << QStringLiteral("%1 ×%2").arg(it.key()).arg(it.value());
        routeJson.insert(it.key(), it.value());
        const bool outward = it.key() == u"torch.Tensor.numpy";
        const bool inward = it.key() == u"torch.from_numpy" || it.key().endsWith(u"(numpy)");
        toNumpy = toNumpy || outward;
        fromNumpy = fromNumpy || inward;
        computeRoute = computeRoute || !(outward || inward);
    }
    computeRoute = computeRoute || (toNumpy && fromNumpy);
    // Work the record did not see made: what the calls' ops and launches were handed, and what they returned.
    const double unseenShare = median(unseenShares);
    const bool unseenResultMost = median(unseenResults) >= 0.5;
    const bool byUnseen = unseenShare >= kUnseenNotableShare || unseenResultMost;
    if (byTime || !routes.isEmpty() || byUnseen) {
        Finding f;
        f.id = QStringLiteral("scope.offload");
        f.severity
            = (byTime && share >= kOffloadShare) || computeRoute || unseenShare >= kUnseenShare || unseenResultMost
            ? Severity::Error
            : Severity::Warning;
        f.impl = candidate.id;
        QStringList what;
        if (byTime)
            what << QStringLiteral("%1 of each call's time (median %2 ms) ran outside its kernels and outside the "
                                   "framework's ops")
                        .arg(percent(share))
                        .arg(ns / 1e6, 0, 'f', 1);
        if (!routes.isEmpty())
            what << QStringLiteral("its calls took work out of the framework: %1")
                        .arg(routeText.join(QStringLiteral(", ")));
        if (unseenShare >= kUnseenNotableShare) {
            // The ops and kernels that met the most unseen elements, not the first names in alphabetical order.
            QList<std::pair<double, QString>> byElements;
            for (auto it = unseenBy.begin(); it != unseenBy.end(); ++it)
                byElements.append({ it.value(), it.key() });
            std::sort(
                byElements.begin(), byElements.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
            QStringList firstMet;
            for (qsizetype i = 0; i < byElements.size() && i < 3; ++i)
                firstMet << byElements[i].second;
            what << QStringLiteral(
                "its ops and kernel launches were handed tensors that nothing the record saw make or last write "
                "(no recorded op or launch, not an input, not there before the calls): %1 of the "
                "size of its results (median over %2 calls; first met by %3)")
                        .arg(percent(unseenShare))
                        .arg(unseenShares.size())
                        .arg(firstMet.join(QStringLiteral(", ")));
        }
        if (unseenResultMost)
            what << QStringLiteral("most calls returned a result the record did not see made (%1)").arg(unseenResult);
        f.message = what.join(QStringLiteral("; "))
            + QStringLiteral(" — compute done where the kernel task's record cannot see "
                             "it (numpy, a C library through ctypes or cffi, another process, python, the framework "
                             "with the record switched off)");
        f.evidence = QJsonObject { { QStringLiteral("outside_share"), share }, { QStringLiteral("outside_ns"), ns },
            { QStringLiteral("kernel_time_share"), kernelTime }, { QStringLiteral("routes"), routeJson },
            { QStringLiteral("unseen_share"), unseenShare }, { QStringLiteral("unseen_results"), unseenResultMost } };
        out << f;
    }
    return out;
}

Findings withCostFindings(Findings scope, const Findings& cost)
{
    const auto has = [](const Findings& list, QStringView id) {
        return std::any_of(list.begin(), list.end(), [&](const Finding& f) { return f.id == id; });
    };
    const bool noKernel = has(scope, u"scope.no-kernel");
    const bool costShare = has(cost, u"scope.framework-compute");
    if (costShare && !noKernel)
        scope.erase(
            std::remove_if(scope.begin(), scope.end(),
                [](const Finding& f) { return f.id == u"scope.framework-compute" && f.severity == Severity::Warning; }),
            scope.end());
    // The record's offload (what the calls did) says more than the source's (what the code could do).
    if (has(cost, u"scope.offload"))
        scope.erase(std::remove_if(scope.begin(), scope.end(),
                        [](const Finding& f) { return f.id == u"scope.offload" && f.severity == Severity::Warning; }),
            scope.end());
    for (const Finding& f : cost) {
        if (!(noKernel && f.id == u"scope.framework-compute"))
            scope << f;
    }
    return scope;
}

} // namespace kwb
