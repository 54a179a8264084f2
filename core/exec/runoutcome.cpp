// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runoutcome.h"

#include <algorithm>

namespace kwb {

QByteArray CapturedOutput::text() const
{
    if (!truncated())
        return head + tail;
    QByteArray out = head;
    if (!out.endsWith('\n'))
        out += '\n';
    out += "[... " + QByteArray::number(droppedBytes) + " bytes dropped ...]\n";
    return out + tail;
}

QString runStatusName(RunStatus status)
{
    switch (status) {
    case RunStatus::Exited:
        return QStringLiteral("exited");
    case RunStatus::Signalled:
        return QStringLiteral("signalled");
    case RunStatus::TimedOut:
        return QStringLiteral("timed-out");
    case RunStatus::MemoryLimit:
        return QStringLiteral("memory-limit");
    case RunStatus::ProcessLimit:
        return QStringLiteral("process-limit");
    case RunStatus::FileSizeLimit:
        return QStringLiteral("file-size-limit");
    case RunStatus::Stopped:
        return QStringLiteral("stopped");
    }
    return QStringLiteral("exited");
}

bool RunOutcome::hasFinding(const QString& id) const
{
    return std::any_of(findings.cbegin(), findings.cend(), [&](const Finding& f) { return f.id == id; });
}

bool RunOutcome::hitLimit() const
{
    return status == RunStatus::TimedOut || status == RunStatus::MemoryLimit || status == RunStatus::ProcessLimit
        || status == RunStatus::FileSizeLimit;
}

} // namespace kwb
