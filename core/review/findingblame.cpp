// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/review/findingblame.h"

namespace kwb {

Blame findingBlame(const QString& id, const QString& origin, const QJsonObject& evidence)
{
    const QString declared = origin.isEmpty() ? evidence.value(QStringLiteral("origin")).toString() : origin;
    if (declared == u"implementation" || declared == u"candidate")
        return Blame::Candidate;
    if (declared == u"environment")
        return Blame::Environment;
    if (declared == u"host")
        return Blame::Host;
    if (declared == u"task-peaks" || declared == u"task")
        return Blame::DeclaredPeaks;
    switch (findingOrigin(id)) {
    case FindingOrigin::Environment:
        return Blame::Environment;
    case FindingOrigin::Host:
        return Blame::Host;
    case FindingOrigin::Implementation:
    case FindingOrigin::Task:
    case FindingOrigin::Review:
        break;
    }
    if (id == u"bench.below-floor"
        && evidence.value(QStringLiteral("peaks")).toString().startsWith(QLatin1StringView("target.peak")))
        return Blame::DeclaredPeaks;
    return Blame::Candidate;
}

Blame findingBlame(const Finding& f)
{
    return findingBlame(f.id, QString(), f.evidence);
}

Blame findingBlame(const ReportFinding& f)
{
    return findingBlame(f.id, f.origin, f.evidence);
}

QString blameLabel(Blame blame)
{
    switch (blame) {
    case Blame::Candidate:
        return {};
    case Blame::Environment:
        return QStringLiteral("(environment)");
    case Blame::Host:
        return QStringLiteral("(host noise)");
    case Blame::DeclaredPeaks:
        return QStringLiteral("(task's declared peaks)");
    }
    return {};
}

Findings withBlameSeverity(Findings findings)
{
    for (Finding& f : findings) {
        const Blame b = findingBlame(f);
        if (f.severity != Severity::Error || b == Blame::Candidate)
            continue;
        f.severity = Severity::Warning;
        f.message += b == Blame::DeclaredPeaks
            ? QStringLiteral(" — measured against the task's declared peaks, not those of the machine it ran on: a "
                             "question for the task, not the candidate's fault")
            : QStringLiteral(" — %1: not the candidate's fault").arg(blameLabel(b).mid(1).chopped(1));
    }
    return findings;
}

} // namespace kwb
