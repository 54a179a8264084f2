// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/profiletools.h"

#include "core/exec/bwrapcommand.h"
#include "core/profile/ncumetrics.h"
#include "core/profile/perfstat.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace kwb {

QString findNvidiaTool(const QString& name)
{
    QString envName = QStringLiteral("KWB_") + name.toUpper();
    envName.replace(u'-', u'_');
    const QString fromEnv = qEnvironmentVariable(envName.toLatin1().constData());
    if (!fromEnv.isEmpty() && QFileInfo(fromEnv).isExecutable())
        return QFileInfo(fromEnv).absoluteFilePath();
    const QString onPath = QStandardPaths::findExecutable(name);
    if (!onPath.isEmpty())
        return onPath;
    QStringList dirs;
    const QString cudaHome = qEnvironmentVariable("CUDA_HOME");
    if (!cudaHome.isEmpty())
        dirs << cudaHome + QStringLiteral("/bin");
    dirs << QStringLiteral("/usr/local/cuda/bin");
    if (name == u"compute-sanitizer")
        dirs << QStringLiteral("/usr/local/cuda/compute-sanitizer");
    const QFileInfoList nsight = QDir(QStringLiteral("/opt/nvidia/nsight-compute"))
                                     .entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name | QDir::Reversed);
    for (const QFileInfo& d : nsight)
        dirs << d.absoluteFilePath();
    return QStandardPaths::findExecutable(name, dirs);
}

bool nvidiaGpuPresent()
{
    bool ctl = false;
    bool card = false;
    for (const QString& node : gpuDeviceNodes()) {
        const QString base = QFileInfo(node).fileName();
        ctl = ctl || base == u"nvidiactl";
        card = card || (base.startsWith(QStringLiteral("nvidia")) && base.size() > 6 && base.at(6).isDigit());
    }
    return ctl && card;
}

QStringList ncuArguments()
{
    // --clock-control none: measure at the clocks the GPU really runs at; never lock or change them.
    return { QStringLiteral("--csv"), QStringLiteral("--page"), QStringLiteral("raw"), QStringLiteral("--print-units"),
        QStringLiteral("base"), QStringLiteral("--clock-control"), QStringLiteral("none"), QStringLiteral("--metrics"),
        ncuMetricNames().join(u','), QStringLiteral("--launch-count"), QStringLiteral("50"),
        QStringLiteral("--log-file"), QStringLiteral("ncu.csv") };
}

QStringList sanitizerArguments(const QString& tool)
{
    return { QStringLiteral("--tool"), tool, QStringLiteral("--log-file"), QStringLiteral("sanitizer-%1.log").arg(tool),
        QStringLiteral("--print-limit"), QStringLiteral("100"), QStringLiteral("--show-backtrace"),
        QStringLiteral("no") };
}

QStringList perfArguments()
{
    return { QStringLiteral("stat"), QStringLiteral("-x,"), QStringLiteral("-o"), QStringLiteral("perf.txt"),
        QStringLiteral("-e"), perfEventNames().join(u','), QStringLiteral("--") };
}

QStringList sanitizerTools()
{
    return { QStringLiteral("memcheck"), QStringLiteral("racecheck"), QStringLiteral("initcheck"),
        QStringLiteral("synccheck") };
}

} // namespace kwb
