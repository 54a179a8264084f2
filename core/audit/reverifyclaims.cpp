// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/audit/reverifyclaims.h"

#include <QFile>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace kwb {
namespace {
using CS = ClaimCheck::Status;

QJsonObject byId(const QJsonArray& a, const QString& id, const QString& key = QStringLiteral("id"))
{
    for (const QJsonValue& v : a) {
        if (v.toObject().value(key).toString() == id)
            return v.toObject();
    }
    return {};
}

// `severity file:line` of every error and warning diagnostic, sorted.
QStringList diagnosticKeys(const QJsonObject& impl)
{
    QStringList out;
    for (const QJsonValue& v : impl.value(QStringLiteral("diagnostics")).toArray()) {
        const QJsonObject d = v.toObject();
        const QString sev = d.value(QStringLiteral("severity")).toString();
        if (sev != QLatin1StringView("error") && sev != QLatin1StringView("warning"))
            continue;
        out << QStringLiteral("%1 %2:%3")
                   .arg(sev, d.value(QStringLiteral("file")).toString())
                   .arg(d.value(QStringLiteral("line")).toInt());
    }
    std::sort(out.begin(), out.end());
    return out;
}

QStringList findingKeys(const QJsonObject& doc, const QStringList& prefixes)
{
    QStringList out;
    for (const QJsonValue& v : doc.value(QStringLiteral("findings")).toArray()) {
        const QJsonObject f = v.toObject();
        const QString id = f.value(QStringLiteral("id")).toString();
        if (!std::any_of(prefixes.begin(), prefixes.end(), [&](const QString& p) { return id.startsWith(p); }))
            continue;
        const QString impl = f.value(QStringLiteral("impl")).toString();
        const QString key = impl.isEmpty() ? id : id + QStringLiteral(" (") + impl + u')';
        if (!out.contains(key))
            out << key;
    }
    std::sort(out.begin(), out.end());
    return out;
}

QString listText(const QStringList& l)
{
    return l.isEmpty() ? QStringLiteral("none") : l.join(QStringLiteral(", "));
}

ClaimCheck check(
    const QString& label, const QString& claim, const QString& claimed, const QString& now, const QString& note = {})
{
    return { label, claim, claimed == now ? CS::Confirmed : CS::Differs, claimed, now, note };
}

QString ns(double v)
{
    return v >= 1e6 ? QStringLiteral("%1 ms").arg(v / 1e6, 0, 'f', 3)
        : v >= 1e3  ? QStringLiteral("%1 µs").arg(v / 1e3, 0, 'f', 3)
                    : QStringLiteral("%1 ns").arg(v, 0, 'f', 1);
}

QString speedupText(const QJsonObject& s)
{
    return QStringLiteral("%1× [%2, %3]")
        .arg(s.value(QStringLiteral("estimate")).toDouble(), 0, 'f', 3)
        .arg(s.value(QStringLiteral("ci_low")).toDouble(), 0, 'f', 3)
        .arg(s.value(QStringLiteral("ci_high")).toDouble(), 0, 'f', 3);
}

bool intervalsOverlap(const QJsonObject& a, const QJsonObject& b, double band)
{
    const double aLo = a.value(QStringLiteral("ci_low")).toDouble() * (1 - band);
    const double aHi = a.value(QStringLiteral("ci_high")).toDouble() * (1 + band);
    const double bLo = b.value(QStringLiteral("ci_low")).toDouble() * (1 - band);
    const double bHi = b.value(QStringLiteral("ci_high")).toDouble() * (1 + band);
    return aLo <= bHi && bLo <= aHi;
}
} // namespace

QString claimStatusName(CS s)
{
    switch (s) {
    case CS::Confirmed:
        return QStringLiteral("confirmed");
    case CS::Differs:
        return QStringLiteral("differs");
    case CS::CannotReverify:
        break;
    }
    return QStringLiteral("cannot-reverify");
}

bool gpuPresent()
{
    return QFile::exists(QStringLiteral("/dev/nvidiactl")) || QFile::exists(QStringLiteral("/dev/nvidia0"));
}

QList<ClaimCheck> compareCompileClaims(const QJsonObject& claimed, const QJsonObject& now, const QString& label)
{
    QList<ClaimCheck> out;
    const QJsonArray nowImpls = now.value(QStringLiteral("implementations")).toArray();
    for (const QJsonValue& v : claimed.value(QStringLiteral("implementations")).toArray()) {
        const QJsonObject c = v.toObject();
        const QString id = c.value(QStringLiteral("id")).toString();
        const QJsonObject n = byId(nowImpls, id);
        const QString ok
            = c.value(QStringLiteral("ok")).toBool() ? QStringLiteral("compiles") : QStringLiteral("fails");
        if (n.isEmpty() || n.value(QStringLiteral("tool_missing")).toBool()) {
            out.append({ label, id + QStringLiteral(": compile result"), CS::CannotReverify, ok, {},
                n.isEmpty() ? QStringLiteral("not compiled here")
                            : QStringLiteral("its compiler is not installed here (%1)")
                                  .arg(c.value(QStringLiteral("compiler_version")).toString()) });
            continue;
        }
        const QString cv = c.value(QStringLiteral("compiler_version")).toString();
        const QString nv = n.value(QStringLiteral("compiler_version")).toString();
        const QString note = cv == nv ? QStringLiteral("same compiler: %1").arg(nv)
                                      : QStringLiteral("compiled with %1, here %2").arg(cv, nv);
        out << check(label, id + QStringLiteral(": compile result"), ok,
            n.value(QStringLiteral("ok")).toBool() ? QStringLiteral("compiles") : QStringLiteral("fails"), note);
        out << check(label, id + QStringLiteral(": errors and warnings"), listText(diagnosticKeys(c)),
            listText(diagnosticKeys(n)), note);
        const QJsonArray nowKernels = n.value(QStringLiteral("kernels")).toArray();
        for (const QJsonValue& kv : c.value(QStringLiteral("kernels")).toArray()) {
            const QJsonObject k = kv.toObject();
            const QString name = k.value(QStringLiteral("name")).toString();
            const QString arch = k.value(QStringLiteral("arch")).toString();
            QJsonObject match;
            for (const QJsonValue& x : nowKernels) {
                if (x.toObject().value(QStringLiteral("name")).toString() == name
                    && x.toObject().value(QStringLiteral("arch")).toString() == arch)
                    match = x.toObject();
            }
            const QString what = QStringLiteral("%1: kernel %2 %3 ")
                                     .arg(id,
                                         k.value(QStringLiteral("demangled")).toString().isEmpty()
                                             ? name
                                             : k.value(QStringLiteral("demangled")).toString(),
                                         arch);
            if (match.isEmpty()) {
                out.append({ label, what + QStringLiteral("resources"), CS::Differs, QStringLiteral("present"),
                    QStringLiteral("absent"), note });
                continue;
            }
            for (const char* field : { "registers", "stack_bytes", "spill_stores", "spill_loads", "smem_bytes" }) {
                const QString f = QString::fromLatin1(field);
                out << check(label, what + f, QString::number(k.value(f).toInt()),
                    QString::number(match.value(f).toInt()), note);
            }
        }
    }
    const QStringList prefixes { QStringLiteral("compile."), QStringLiteral("launch.") };
    out << check(label, QStringLiteral("compile findings"), listText(findingKeys(claimed, prefixes)),
        listText(findingKeys(now, prefixes)));
    return out;
}

QList<ClaimCheck> compareBenchClaims(const QJsonObject& claimed, const QJsonObject& now, const QString& label)
{
    QList<ClaimCheck> out;
    const QJsonObject cp = claimed.value(QStringLiteral("provenance")).toObject();
    const QJsonObject np = now.value(QStringLiteral("provenance")).toObject();
    const double band = cp.value(QStringLiteral("same_band")).toDouble(0.02);
    const QString claimedCpu = cp.value(QStringLiteral("cpu")).toString();
    const QString nowCpu = np.value(QStringLiteral("cpu")).toString();
    const bool sameCpu = claimedCpu == nowCpu;
    QMap<QString, QString> backends;
    QMap<QString, QString> nowStatus;
    for (const QJsonValue& v : claimed.value(QStringLiteral("implementations")).toArray())
        backends.insert(v[QStringLiteral("id")].toString(), v[QStringLiteral("backend")].toString());
    for (const QJsonValue& v : now.value(QStringLiteral("implementations")).toArray())
        nowStatus.insert(v[QStringLiteral("id")].toString(), v[QStringLiteral("status")].toString());
    const QString skipped = now.value(QStringLiteral("skipped")).toString(); // why nothing was re-benched
    // Why timings of `id` cannot be compared here, or empty.
    const auto unverifiable = [&](const QString& id) -> QString {
        if (!skipped.isEmpty())
            return skipped;
        if (backends.value(id) == QLatin1StringView("cuda") && !gpuPresent())
            return QStringLiteral("needs a GPU (cuda implementation); this machine has none");
        if (!sameCpu)
            return QStringLiteral("measured on '%1', this machine is '%2'").arg(claimedCpu, nowCpu);
        if (nowStatus.value(id) != QLatin1StringView("ok"))
            return QStringLiteral("the re-bench of %1 ended '%2'")
                .arg(id, nowStatus.value(id, QStringLiteral("not-run")));
        return {};
    };
    const QJsonArray nowCases = now.value(QStringLiteral("cases")).toArray();
    for (const QJsonValue& cv : claimed.value(QStringLiteral("cases")).toArray()) {
        const QJsonObject c = cv.toObject();
        const QString caseName = c.value(QStringLiteral("name")).toString();
        const QJsonObject n = byId(nowCases, caseName, QStringLiteral("name"));
        QList<std::pair<QString, std::pair<QJsonObject, QJsonObject>>> timed; // id → (claimed, now)
        QString refId;
        for (const QJsonValue& v : claimed.value(QStringLiteral("implementations")).toArray()) {
            if (v[QStringLiteral("role")].toString() == QLatin1StringView("reference"))
                refId = v[QStringLiteral("id")].toString();
        }
        if (c.value(QStringLiteral("reference")).isObject())
            timed.append({ refId,
                { c.value(QStringLiteral("reference")).toObject(), n.value(QStringLiteral("reference")).toObject() } });
        for (const QJsonValue& v : c.value(QStringLiteral("candidates")).toArray()) {
            const QString id = v[QStringLiteral("id")].toString();
            timed.append({ id, { v.toObject(), byId(n.value(QStringLiteral("candidates")).toArray(), id) } });
        }
        for (const auto& [id, pair] : timed) {
            const auto& [a, b] = pair;
            const QString what = QStringLiteral("case %1: %2 ").arg(caseName, id);
            const double m = a.value(QStringLiteral("median_ns")).toDouble();
            const QString why = unverifiable(id);
            if (!why.isEmpty() || b.isEmpty()) {
                out.append({ label, what + QStringLiteral("median"), CS::CannotReverify, ns(m), {},
                    why.isEmpty() ? QStringLiteral("not timed by the re-bench") : why });
                if (a.contains(QStringLiteral("speedup")))
                    out.append({ label, what + QStringLiteral("speedup"), CS::CannotReverify,
                        speedupText(a.value(QStringLiteral("speedup")).toObject()), {},
                        why.isEmpty() ? QStringLiteral("not timed by the re-bench") : why });
                continue;
            }
            const double m2 = b.value(QStringLiteral("median_ns")).toDouble();
            // Relative: a noisy re-run widens the band by its own spread, never by the whole median.
            const double spread = std::max(a.value(QStringLiteral("iqr_ns")).toDouble() / std::max(m, 1.0),
                                      b.value(QStringLiteral("iqr_ns")).toDouble() / std::max(m2, 1.0))
                + band;
            const double ratio = std::max(m, m2) / std::max(std::min(m, m2), 1e-9);
            out.append({ label, what + QStringLiteral("median"), ratio <= 1 + spread ? CS::Confirmed : CS::Differs,
                ns(m), ns(m2),
                QStringLiteral("noise band: ratio %1 allowed up to %2 (larger IQR/median + %3 %)")
                    .arg(ratio, 0, 'f', 2)
                    .arg(1 + spread, 0, 'f', 2)
                    .arg(100 * band, 0, 'f', 0) });
            if (!a.contains(QStringLiteral("speedup")))
                continue;
            const QJsonObject sa = a.value(QStringLiteral("speedup")).toObject();
            const QJsonObject sb = b.value(QStringLiteral("speedup")).toObject();
            const bool overlap = !sb.isEmpty() && intervalsOverlap(sa, sb, band);
            // A re-bench whose interval spans more than a factor of 4 (a loaded machine) overlaps nearly any claim:
            // it can neither confirm nor refute one.
            const double bLo = sb.value(QStringLiteral("ci_low")).toDouble();
            const double bHi = sb.value(QStringLiteral("ci_high")).toDouble();
            const bool tooWide = !sb.isEmpty() && (bLo <= 0 || bHi / bLo > 4);
            out.append({ label, what + QStringLiteral("speedup"),
                overlap && tooWide ? CS::CannotReverify
                    : overlap      ? CS::Confirmed
                                   : CS::Differs,
                speedupText(sa), sb.isEmpty() ? QStringLiteral("none") : speedupText(sb),
                overlap && tooWide
                    ? QStringLiteral("the re-bench's 95 % CI spans more than a factor of 4 here: too wide to confirm "
                                     "or refute the claim (re-bench on a quiet machine)")
                    : QStringLiteral("95 % CIs widened by %1 % must overlap").arg(100 * band, 0, 'f', 0) });
            const QString va = a.value(QStringLiteral("verdict")).toString();
            const QString vb = b.value(QStringLiteral("verdict")).toString();
            const bool ambiguous = va == QLatin1StringView("AMBIGUOUS") || vb == QLatin1StringView("AMBIGUOUS");
            out.append({ label, what + QStringLiteral("verdict"),
                va == vb || (ambiguous && overlap) ? CS::Confirmed : CS::Differs, va, vb,
                va != vb && ambiguous && overlap ? QStringLiteral("AMBIGUOUS straddles a band edge; the CIs overlap")
                                                 : QString() });
        }
    }
    if (!skipped.isEmpty())
        return out;
    out << check(label, QStringLiteral("bench error findings"),
        listText(findingKeys(claimed, { QStringLiteral("bench.below-floor") })),
        listText(findingKeys(now, { QStringLiteral("bench.below-floor") })));
    return out;
}

QStringList runErrorFindings(const QJsonObject& runReport)
{
    QStringList out;
    for (const QJsonValue& v : runReport.value(QStringLiteral("findings")).toArray()) {
        const QJsonObject f = v.toObject();
        if (f.value(QStringLiteral("severity")).toString() != QLatin1StringView("error"))
            continue;
        const QString id = f.value(QStringLiteral("id")).toString();
        const QString c = f.value(QStringLiteral("case")).toString();
        const QString key = c.isEmpty() ? id : id + QStringLiteral("#case=") + c;
        if (!out.contains(key))
            out << key;
    }
    return out;
}

QList<ClaimCheck> compareRunClaims(const QStringList& claimed, const QStringList& now, const QString& label)
{
    QList<ClaimCheck> out;
    for (const QString& c : claimed)
        out.append({ label, c, now.contains(c) ? CS::Confirmed : CS::Differs, QStringLiteral("shown"),
            now.contains(c) ? QStringLiteral("shown") : QStringLiteral("not shown"), {} });
    for (const QString& f : now) {
        if (!claimed.contains(f))
            out.append({ label, f, CS::Differs, QStringLiteral("not shown"), QStringLiteral("shown"),
                QStringLiteral("an error finding of the re-run that the report does not have") });
    }
    return out;
}

QJsonObject claimCheckJson(const ClaimCheck& c)
{
    return { { QStringLiteral("report"), c.report }, { QStringLiteral("claim"), c.claim },
        { QStringLiteral("status"), claimStatusName(c.status) }, { QStringLiteral("claimed"), c.claimed },
        { QStringLiteral("now"), c.now }, { QStringLiteral("note"), c.note } };
}

} // namespace kwb
