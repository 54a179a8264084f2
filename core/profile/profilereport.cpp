// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/profileengine.h"

#include <QJsonArray>

namespace kwb {

QJsonObject profileReportJson(const ProfileResult& result)
{
    QJsonArray kernels;
    for (const KernelProfile& k : result.kernels)
        kernels.append(k.toJson());
    QJsonArray perf;
    for (const PerfStatResult& p : result.perf)
        perf.append(p.toJson());
    QJsonArray runs;
    for (const ProfileToolRun& r : result.runs)
        runs.append(QJsonObject { { QStringLiteral("tool"), r.tool }, { QStringLiteral("impl"), r.impl },
            { QStringLiteral("case"), r.caseName }, { QStringLiteral("status"), r.status },
            { QStringLiteral("note"), r.note }, { QStringLiteral("command"), r.command } });
    QJsonArray findings;
    for (const Finding& f : result.findings)
        findings.append(f.toJson());
    return QJsonObject { { QStringLiteral("format"), QStringLiteral("kwb.profile/1") },
        { QStringLiteral("task"), QJsonObject { { QStringLiteral("id"), result.taskId } } },
        { QStringLiteral("kernels"), kernels }, { QStringLiteral("perf"), perf }, { QStringLiteral("runs"), runs },
        { QStringLiteral("missing"), QJsonArray::fromStringList(result.missing) },
        { QStringLiteral("findings"), findings }, { QStringLiteral("provenance"), result.provenance } };
}

} // namespace kwb
