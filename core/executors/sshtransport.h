// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/executors/hostsettings.h"
#include "core/executors/liveprocess.h"

namespace kwb {

/// The user's own OpenSSH client and rsync, pointed at one host: no SSH library, so ~/.ssh/config, the agent,
/// ProxyJump and known_hosts all apply. Every connection runs in batch mode (no password prompt can hang it) with
/// keep-alive probes, so a dead connection ends within about 3 × aliveIntervalS seconds with ssh's exit code 255.
class SshTransport {
public:
    explicit SshTransport(HostSettings settings);

    const HostSettings& settings() const { return m_settings; }

    /// ssh's options (without the host).
    QStringList sshOptions() const;

    /// Runs `words` on the host; each word is quoted for the remote shell.
    LiveRun run(const QStringList& words, const LiveOptions& options = {}) const;

    /// Copies `localPaths` (files or folders, rsync's trailing-slash rules) into `remoteDir`, creating it first.
    /// `rsyncOptions` go before the paths (e.g. `--copy-dirlinks` to send symlinked folders as folders).
    LiveRun pushTo(const QStringList& localPaths, const QString& remoteDir, int timeoutMs,
        const QStringList& rsyncOptions = {}) const;

    /// Copies the contents of `remoteDir` into `localDir`.
    LiveRun pullFrom(const QString& remoteDir, const QString& localDir, int timeoutMs) const;

    /// True when `r` ended because the connection failed or was lost (ssh's 255; rsync's 12 and 255), not
    /// because the remote command failed.
    static bool connectionFailed(const LiveRun& r, bool isRsync = false);

    /// One line: "ssh HOST: connection lost (…)", "ssh HOST: exit 3: …".
    QString describe(const LiveRun& r, const QString& what) const;

    /// `word` quoted for a POSIX shell.
    static QString quote(const QString& word);

private:
    QString rsyncShell() const;
    HostSettings m_settings;
};

} // namespace kwb
