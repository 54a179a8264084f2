// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/claim.h"

#include <QJsonObject>

namespace kwb {

std::optional<Claim> taskClaim(const Task& task)
{
    const QJsonObject o = task.manifest.value(QStringLiteral("claim")).toObject();
    const double speedup = o.value(QStringLiteral("speedup")).toDouble();
    const QString caseName = o.value(QStringLiteral("case")).toString();
    if (!(speedup > 0) || caseName.isEmpty())
        return std::nullopt;
    return Claim { speedup, caseName };
}

} // namespace kwb
