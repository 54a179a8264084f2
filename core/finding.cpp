// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "finding.h"

#include "findingcatalogue.h"

#include <algorithm>

namespace kwb {

QString severityName(Severity s)
{
    switch (s) {
    case Severity::Error:
        return QStringLiteral("error");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Info:
        return QStringLiteral("info");
    }
    return QStringLiteral("error");
}

QJsonObject Finding::toJson() const
{
    QJsonObject o { { QStringLiteral("id"), id }, { QStringLiteral("severity"), severityName(severity) },
        { QStringLiteral("message"), message } };
    if (!file.isEmpty())
        o.insert(QStringLiteral("file"), file);
    if (line > 0)
        o.insert(QStringLiteral("line"), line);
    if (endLine > 0 && endLine != line)
        o.insert(QStringLiteral("end_line"), endLine);
    if (!jsonPath.isEmpty())
        o.insert(QStringLiteral("json_path"), jsonPath);
    if (!impl.isEmpty())
        o.insert(QStringLiteral("impl"), impl);
    if (!caseName.isEmpty())
        o.insert(QStringLiteral("case"), caseName);
    if (!evidence.isEmpty())
        o.insert(QStringLiteral("evidence"), evidence);
    return o;
}

bool hasErrors(const Findings& findings)
{
    return std::any_of(
        findings.begin(), findings.end(), [](const Finding& f) { return f.severity == Severity::Error; });
}

QString findingOriginName(FindingOrigin origin)
{
    switch (origin) {
    case FindingOrigin::Implementation:
        return QStringLiteral("implementation");
    case FindingOrigin::Task:
        return QStringLiteral("task");
    case FindingOrigin::Review:
        return QStringLiteral("review");
    case FindingOrigin::Environment:
        return QStringLiteral("environment");
    case FindingOrigin::Host:
        return QStringLiteral("host");
    }
    return QStringLiteral("implementation");
}

FindingOrigin findingOrigin(const QString& id)
{
    const FindingKind* kind = findingKind(id);
    return kind ? kind->origin : FindingOrigin::Implementation;
}

bool isMachineOrigin(FindingOrigin origin)
{
    return origin == FindingOrigin::Environment || origin == FindingOrigin::Host;
}

bool hasImplementationErrors(const Findings& findings)
{
    return std::any_of(findings.begin(), findings.end(),
        [](const Finding& f) { return f.severity == Severity::Error && !isMachineOrigin(findingOrigin(f.id)); });
}

} // namespace kwb
