// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// kwb: the command-line face of the workbench. All logic lives in kwb_core (core/cli/).
#include "core/cli/cli.h"

#include <QCoreApplication>

#include <cstdio>

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("kwb"));
    QCoreApplication::setOrganizationName(QStringLiteral("kernel-workbench"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KWB_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
    kwb::cli::Io io { out, err };
    return kwb::cli::run(QCoreApplication::arguments(), io);
}
