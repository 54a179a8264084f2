// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/executors/sshtransport.h"
#include "core/result.h"

namespace kwb {

/// Puts resources/harness/kwb_remote.sh at `stage`/bin/kwb_remote.sh (sent with the stage to `<work_root>/bin/`).
Status stageRemoteScript(const QString& stage);

/// `env -i NAME=VALUE…`: the environment a remote runner or tool gets — PATH, HOME, TMPDIR, LANG, plus the host's
/// settings (nothing of the login shell leaks in).
QStringList remoteEnvironment(const HostSettings& settings, const QMap<QString, QString>& extra = {});

/// Kills the process group recorded in `remoteDir`/.pgid over a second connection (Stop, in case the first one
/// is wedged; the dead man's switch of kwb_remote.sh fires as well).
void killRemoteGroup(const SshTransport& ssh, const QString& remoteDir);

} // namespace kwb
