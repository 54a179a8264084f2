// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/exec/executorspec.h"

#include <QRegularExpression>

namespace kwb {

QString ExecutorSpec::name() const
{
    switch (kind) {
    case Kind::Local:
        return QStringLiteral("local");
    case Kind::Ssh:
        return QStringLiteral("ssh:") + host;
    case Kind::Slurm:
        return partition.isEmpty() ? QStringLiteral("slurm") : QStringLiteral("slurm:") + partition;
    }
    return {};
}

Result<ExecutorSpec> ExecutorSpec::parse(const QString& text)
{
    // Host and partition names go on ssh/sbatch command lines: no spaces, quotes or leading dashes.
    static const QRegularExpression word(QStringLiteral("^[A-Za-z0-9_.@%+=:,\\[\\]-]+$"));
    ExecutorSpec spec;
    if (text.isEmpty() || text == u"local")
        return spec;
    const QString kind = text.section(QLatin1Char(':'), 0, 0);
    const QString rest = text.section(QLatin1Char(':'), 1);
    if (kind == u"ssh") {
        if (rest.isEmpty() || rest.startsWith(QLatin1Char('-')) || !word.match(rest).hasMatch())
            return Error { QStringLiteral("executor"), {},
                QStringLiteral("'ssh:' needs a host name (ssh:HOST, HOST as in ~/.ssh/config), got '%1'").arg(text) };
        spec.kind = Kind::Ssh;
        spec.host = rest;
        return spec;
    }
    if (kind == u"slurm") {
        if (!rest.isEmpty() && (rest.startsWith(QLatin1Char('-')) || !word.match(rest).hasMatch()))
            return Error { QStringLiteral("executor"), {},
                QStringLiteral("bad Slurm partition in '%1' (slurm or slurm:PARTITION)").arg(text) };
        spec.kind = Kind::Slurm;
        spec.partition = rest;
        return spec;
    }
    return Error { QStringLiteral("executor"), {},
        QStringLiteral("unknown executor '%1' (expected local, ssh:HOST or slurm[:PARTITION])").arg(text) };
}

Result<ExecutorSpec> singleTaskExecutor(const QString& text, const QString& action)
{
    auto spec = ExecutorSpec::parse(text);
    if (!spec)
        return spec.error();
    if (spec->kind == ExecutorSpec::Kind::Slurm)
        return Error { QStringLiteral("executor"), {},
            QStringLiteral("%1 runs batches of tasks, not one %2: run it as a batch").arg(spec->name(), action) };
    return *spec;
}

} // namespace kwb
