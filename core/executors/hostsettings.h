// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QJsonObject>
#include <QMap>
#include <QString>

namespace kwb {

/// How the workbench uses one SSH host, stored per host in `hostsFile()`:
/// ```json
/// {"format": "kwb.hosts/1", "hosts": {"gpu1": {"work_root": "/scratch/me/kwb", "nvcc": "/usr/local/cuda/bin/nvcc",
///   "python": "/opt/venv/bin/python", "env": {"CUDA_VISIBLE_DEVICES": "0"}}}}
/// ```
/// Every field is optional; a host without an entry gets the defaults below.
struct HostSettings {
    QString host;
    QString workRoot = QStringLiteral("kernel-workbench-work"); ///< absolute, or relative to the remote home
    QString gxx = QStringLiteral("g++");
    QString nvcc = QStringLiteral("nvcc");
    QString python = QStringLiteral("python3");
    QMap<QString, QString> env; ///< added to the runner's environment (PATH here replaces the default)
    QString sshConfig; ///< passed to ssh as `-F` (tests and unusual setups); empty: the user's own configuration
    int connectTimeoutS = 10;
    int aliveIntervalS = 2; ///< ServerAliveInterval; a connection is declared lost after 3 unanswered probes
};

/// `$KWB_CONFIG_DIR/hosts.json`, else `~/.config/kernel-workbench/hosts.json`.
QString hostsFile();

/// The settings of `host` (defaults when the file or the entry is missing). A malformed file is an Error naming
/// the file and the JSON path.
Result<HostSettings> hostSettings(const QString& host);

} // namespace kwb
