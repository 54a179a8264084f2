// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxprobe.h"

#include "bwrapcommand.h"
#include "toollocator.h"

#include <QMutex>
#include <QProcess>
#include <QTemporaryDir>

#include <optional>

namespace kwb {

namespace {

SandboxStatus probe()
{
    SandboxStatus s;
    const Result<QString> bwrap = ToolLocator::require(QStringLiteral("bwrap"), QStringLiteral("bubblewrap"));
    const Result<QString> prlimit = ToolLocator::require(QStringLiteral("prlimit"), QStringLiteral("util-linux"));
    if (!bwrap || !prlimit) {
        s.reason = (!bwrap ? bwrap : prlimit).error().oneLine();
        return s;
    }
    s.bwrapPath = *bwrap;
    s.prlimitPath = *prlimit;
    const QString truePath = ToolLocator::find(QStringLiteral("true"));
    QTemporaryDir work;
    if (!work.isValid() || truePath.isEmpty()) {
        s.reason = QStringLiteral("cannot prepare the probe (temporary folder or 'true' missing)");
        return s;
    }
    ProcessSpec spec;
    spec.program = truePath;
    spec.workDir = work.path();
    QProcess p;
    p.start(s.bwrapPath, bwrapArguments(spec, truePath, s.prlimitPath, effectiveEnvironment(spec)));
    if (!p.waitForFinished(10'000)) {
        p.kill();
        p.waitForFinished(1000);
        s.reason = QStringLiteral("bwrap did not finish a trivial run: %1").arg(p.errorString());
        return s;
    }
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        const QString err = QString::fromUtf8(p.readAllStandardError()).trimmed().section(u'\n', 0, 0);
        s.reason = QStringLiteral("bwrap cannot create the sandbox here (exit %1): %2").arg(p.exitCode()).arg(err);
        return s;
    }
    s.available = true;
    return s;
}

} // namespace

SandboxStatus sandboxAvailable()
{
    static QMutex mutex;
    static std::optional<SandboxStatus> cached;
    const QMutexLocker lock(&mutex);
    if (!cached)
        cached = probe();
    return *cached;
}

} // namespace kwb
