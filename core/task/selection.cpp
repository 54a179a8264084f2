// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/selection.h"

#include <QRegularExpression>

#include <algorithm>

namespace kwb {

Result<QList<Case>> selectCases(const Task& task, const QStringList& names)
{
    QStringList known;
    for (const Case& c : task.cases)
        known << c.name;
    for (const QString& n : names) {
        if (!known.contains(n))
            return Error { {}, {},
                QStringLiteral("task '%1' has no case '%2' (its cases: %3)")
                    .arg(task.id, n, known.isEmpty() ? QStringLiteral("none") : known.join(QStringLiteral(", "))) };
    }
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_.-]+$"));
    QList<Case> cases;
    for (const Case& c : task.cases) {
        if (!names.isEmpty() && !names.contains(c.name))
            continue;
        if (!safe.match(c.name).hasMatch())
            return Error { QStringLiteral("task.json"), QStringLiteral("/cases"),
                QStringLiteral("case name '%1' must be letters, digits, '_', '.' or '-' to run").arg(c.name) };
        cases << c;
    }
    return cases;
}

Result<QList<Implementation>> selectCandidates(const Task& task, const QStringList& ids)
{
    QStringList known;
    for (const Implementation& c : task.candidates)
        known << c.id;
    for (const QString& id : ids) {
        if (!known.contains(id))
            return Error { {}, {},
                QStringLiteral("task '%1' has no candidate '%2' (its candidates: %3)")
                    .arg(task.id, id, known.isEmpty() ? QStringLiteral("none") : known.join(QStringLiteral(", "))) };
    }
    QList<Implementation> out;
    for (const Implementation& c : task.candidates) {
        if (ids.isEmpty() || ids.contains(c.id))
            out << c;
    }
    return out;
}

} // namespace kwb
