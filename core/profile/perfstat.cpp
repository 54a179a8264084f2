// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/perfstat.h"

#include "core/env/toolprobe.h"
#include "core/exec/toolrun.h"
#include "core/profile/csvreader.h"

#include <QJsonArray>
#include <QStandardPaths>

#include <cmath>

namespace kwb {

QStringList perfEventNames()
{
    return { QStringLiteral("task-clock"), QStringLiteral("context-switches"), QStringLiteral("cpu-migrations"),
        QStringLiteral("page-faults"), QStringLiteral("cycles"), QStringLiteral("instructions"),
        QStringLiteral("cache-references"), QStringLiteral("cache-misses"), QStringLiteral("branches"),
        QStringLiteral("branch-misses") };
}

namespace {
bool startsLikeCounter(const QString& first)
{
    return first.startsWith(QStringLiteral("<not ")) || parseLocaleNumber(first).has_value();
}

// `cycles:u`, `cpu_core/instructions/` and `cpu/instructions/u` all name the generic event.
QString genericEvent(const QString& event)
{
    QString e = event;
    const qsizetype colon = e.indexOf(u':');
    if (colon > 0 && !e.contains(u'/'))
        e.truncate(colon);
    const QStringList parts = e.split(u'/', Qt::SkipEmptyParts);
    if (e.contains(u'/') && parts.size() >= 2)
        e = parts.at(1);
    return e;
}

std::optional<double> counter(const PerfStatResult& r, const QString& name)
{
    for (const PerfCounter& c : r.counters) {
        if (genericEvent(c.event) == name)
            return c.value;
    }
    return std::nullopt;
}
} // namespace

Result<PerfStatResult> parsePerfStat(const QString& text, const QString& fileName)
{
    PerfStatResult result;
    const QStringList lines = text.split(u'\n');
    for (int i = 0; i < lines.size(); ++i) {
        QString line = lines.at(i);
        if (line.endsWith(u'\r'))
            line.chop(1);
        if (line.trimmed().isEmpty() || line.startsWith(u'#'))
            continue;
        QStringList f = line.split(u',');
        if (!startsLikeCounter(f.first().trimmed()))
            continue; // the program's own output
        const auto bad = [&](const QString& what) {
            return Error { fileName, QStringLiteral("line %1").arg(i + 1), what, {}, i + 1 };
        };
        if (f.size() < 3)
            return bad(QStringLiteral("a perf stat -x, line needs value,unit,event; got '%1'").arg(line));
        // Raw PMU events may hold commas inside their slashes (`cpu/event=0x3c,umask=0x0/`).
        QString event = f.at(2);
        int next = 3;
        while (event.count(u'/') % 2 == 1 && next < f.size())
            event += u',' + f.at(next++);
        PerfCounter c;
        c.event = event.trimmed();
        c.unit = f.at(1).trimmed();
        const QString value = f.first().trimmed();
        if (value.startsWith(QStringLiteral("<not "))) {
            c.note = value.mid(1, value.size() - 2);
        } else {
            c.value = parseLocaleNumber(value);
        }
        if (c.event.isEmpty())
            return bad(QStringLiteral("no event name in '%1'").arg(line));
        // run-time, then the percentage of it the counter was scheduled.
        if (next + 1 < f.size()) {
            if (const auto pct = parseLocaleNumber(f.at(next + 1)))
                c.runningPct = *pct;
        }
        result.counters << c;
    }
    const auto instructions = counter(result, QStringLiteral("instructions"));
    const auto cycles = counter(result, QStringLiteral("cycles"));
    if (instructions && cycles && *cycles > 0)
        result.instructionsPerCycle = *instructions / *cycles;
    return result;
}

QString perfProbeVerdict(const QString& out, const QString& paranoidLevel, const QString& machine)
{
    if (out.isEmpty())
        return QStringLiteral("perf: 'perf stat -e instructions true' did not run on %1").arg(machine);
    if (out.contains(QStringLiteral("perf_event_paranoid")) || out.contains(QStringLiteral("Permission denied"))
        || out.contains(QStringLiteral("Access to performance monitoring")))
        return QStringLiteral("perf: not permitted on %1 (kernel.perf_event_paranoid = %2)")
            .arg(machine, paranoidLevel.trimmed());
    auto parsed = parsePerfStat(out, QStringLiteral("perf stat"));
    if (!parsed || parsed->counters.isEmpty())
        return QStringLiteral("perf: 'perf stat -e instructions true' printed no counter on %1: %2")
            .arg(machine, out.section(u'\n', 0, 0).left(160));
    const PerfCounter& c = parsed->counters.first();
    if (!c.value)
        return QStringLiteral("perf: hardware counters are %1 on %2 (perf stat -e instructions: <%1>; a "
                              "virtual machine without a virtual PMU?)")
            .arg(c.note, machine);
    return {};
}

QString perfUnavailableReason()
{
    if (QStandardPaths::findExecutable(QStringLiteral("perf")).isEmpty())
        return QStringLiteral("perf: not found on PATH (package linux-perf; needed for CPU counters)");
    const QString out = probeOutput(QStringLiteral("perf"),
        { QStringLiteral("stat"), QStringLiteral("-x,"), QStringLiteral("-e"), QStringLiteral("instructions"),
            QStringLiteral("true") });
    const QString level
        = probeOutput(QStringLiteral("cat"), { QStringLiteral("/proc/sys/kernel/perf_event_paranoid") });
    return perfProbeVerdict(out, level, QStringLiteral("this machine"));
}

QJsonObject PerfStatResult::toJson() const
{
    QJsonArray list;
    for (const PerfCounter& c : counters) {
        QJsonObject o { { QStringLiteral("event"), c.event },
            { QStringLiteral("value"), c.value ? QJsonValue(*c.value) : QJsonValue(QJsonValue::Null) },
            { QStringLiteral("unit"), c.unit }, { QStringLiteral("running_pct"), c.runningPct } };
        if (!c.note.isEmpty())
            o.insert(QStringLiteral("note"), c.note);
        list.append(o);
    }
    QJsonObject o { { QStringLiteral("impl"), impl }, { QStringLiteral("case"), caseName },
        { QStringLiteral("counters"), list } };
    o.insert(QStringLiteral("instructions_per_cycle"),
        instructionsPerCycle && std::isfinite(*instructionsPerCycle) ? QJsonValue(*instructionsPerCycle)
                                                                     : QJsonValue(QJsonValue::Null));
    return o;
}

} // namespace kwb
