// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/batch/batchrun.h"

#include <QJsonArray>
#include <QSysInfo>

namespace kwb {

namespace {
QMap<QString, int> counts(const BatchSummary& s)
{
    QMap<QString, int> c;
    for (const QString& k : { QStringLiteral("passed"), QStringLiteral("findings"), QStringLiteral("failed"),
             QStringLiteral("timeout"), QStringLiteral("cancelled"), QStringLiteral("pending") })
        c.insert(k, 0);
    for (const ElementState& e : s.elements)
        c[e.status == u"running" ? QStringLiteral("pending") : e.status] += 1;
    return c;
}
} // namespace

QJsonObject batchSummaryJson(const BatchSummary& s)
{
    QJsonArray elements;
    int resumed = 0;
    for (const ElementState& e : s.elements) {
        QJsonObject o = e.toJson();
        o.insert(QStringLiteral("report"), e.complete() ? QStringLiteral("tasks/%1/report.json").arg(e.id) : QString());
        o.insert(QStringLiteral("log"), QStringLiteral("tasks/%1/log.txt").arg(e.id));
        elements.append(o);
        resumed += e.resumed;
    }
    QJsonObject c;
    const auto cs = counts(s);
    for (auto it = cs.cbegin(); it != cs.cend(); ++it)
        c.insert(it.key(), it.value());
    c.insert(QStringLiteral("resumed"), resumed);
    QJsonObject o { { QStringLiteral("format"), QStringLiteral("kwb.batch/1") }, { QStringLiteral("action"), s.action },
        { QStringLiteral("executor"), s.executor }, { QStringLiteral("jobs"), s.jobs },
        { QStringLiteral("started"), s.started }, { QStringLiteral("wall_s"), s.wallS },
        { QStringLiteral("cancelled"), s.cancelled }, { QStringLiteral("counts"), c },
        { QStringLiteral("elements"), elements },
        { QStringLiteral("provenance"),
            QJsonObject { { QStringLiteral("kwb_version"), QStringLiteral(KWB_VERSION) },
                { QStringLiteral("host"), QSysInfo::machineHostName() },
                { QStringLiteral("os"), QSysInfo::prettyProductName() } } } };
    if (!s.slurmJob.isEmpty())
        o.insert(QStringLiteral("slurm_job"), s.slurmJob);
    return o;
}

QString batchSummaryTable(const BatchSummary& s)
{
    int width = 4;
    for (const ElementState& e : s.elements)
        width = std::max(width, int(e.id.size()));
    QString t = QStringLiteral("%1  %2  %3  %4\n")
                    .arg(QStringLiteral("task").leftJustified(width), QStringLiteral("status").leftJustified(9),
                        QStringLiteral("time").rightJustified(8), QStringLiteral("note"));
    for (const ElementState& e : s.elements) {
        QString note = e.resumed ? QStringLiteral("unchanged since the last batch: not run again") : e.note;
        if (!e.slurmState.isEmpty() && !e.complete() && note.isEmpty())
            note = e.slurmState;
        t += QStringLiteral("%1  %2  %3  %4\n")
                 .arg(e.id.leftJustified(width), e.status.leftJustified(9),
                     (QString::number(e.elapsedS, 'f', 1) + QLatin1Char('s')).rightJustified(8), note);
    }
    const auto cs = counts(s);
    QStringList parts;
    for (auto it = cs.cbegin(); it != cs.cend(); ++it) {
        if (it.value() > 0)
            parts << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
    }
    int resumed = 0;
    for (const ElementState& e : s.elements)
        resumed += e.resumed;
    t += QStringLiteral("\n%1 tasks: %2 (%3 resumed); %4 %5 on %6, -j %7, wall %8 s%9\n")
             .arg(s.elements.size())
             .arg(parts.join(QStringLiteral(", ")))
             .arg(resumed)
             .arg(s.action, s.executor, QSysInfo::machineHostName())
             .arg(s.jobs)
             .arg(s.wallS, 0, 'f', 1)
             .arg(s.slurmJob.isEmpty() ? QString() : QStringLiteral(", Slurm job ") + s.slurmJob);
    return t;
}

} // namespace kwb
