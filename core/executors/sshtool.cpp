// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/executors/sshtool.h"

#include "core/executors/remotescript.h"
#include "core/executors/sshtransport.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>

namespace kwb {

namespace {
QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The host's own tool for a local one, by name.
QString hostTool(const HostSettings& s, const QString& program)
{
    const QString name = QFileInfo(program).fileName();
    if (name.startsWith(QStringLiteral("nvcc")))
        return s.nvcc;
    if (name == u"g++" || name == u"c++" || name.startsWith(QStringLiteral("g++-")))
        return s.gxx;
    if (name.startsWith(QStringLiteral("python")))
        return s.python;
    if ((name == u"cuobjdump" || name == u"nvdisasm") && s.nvcc.contains(QLatin1Char('/')))
        return QFileInfo(s.nvcc).path() + QLatin1Char('/') + name;
    return name;
}

// `text` with `from` prefixes replaced, longest first.
QString mapPaths(QString text, const QList<std::pair<QString, QString>>& from)
{
    for (const auto& [a, b] : from) {
        if (!a.isEmpty())
            text.replace(a, b);
    }
    return text;
}
} // namespace

ToolRun runToolOverSsh(const ExecutorSpec& executor, const QString& program, const QStringList& args,
    const QString& workDir, const ToolOptions& options)
{
    ToolRun r;
    const QString host = executor.host;
    r.host = executor.name();
    auto settings = hostSettings(host);
    if (!settings) {
        r.output = settings.error().oneLine() + QLatin1Char('\n');
        return r;
    }
    const HostSettings& s = *settings;
    SshTransport ssh(s);
    const QString local = QDir(workDir).absolutePath();
    const QString bundle = options.bundleDir.isEmpty() ? QString() : QDir(options.bundleDir).absolutePath();
    const QByteArray id = QCryptographicHash::hash(
        (local + QLatin1Char('\0') + QString::number(QCoreApplication::applicationPid())).toUtf8(),
        QCryptographicHash::Sha256);
    const QString base = s.workRoot + QStringLiteral("/tools/") + QString::fromLatin1(id.toHex().left(20));

    // One rsync sends the script, the work folder and the bundle: they are symlinked into a tree shaped like the
    // remote work root (bin/, tools/<id>/work, tools/<id>/bundle) and sent as folders (--copy-dirlinks).
    QTemporaryDir stage;
    const QString toolRel = QStringLiteral("tools/") + QFileInfo(base).fileName();
    if (!stage.isValid() || !stageRemoteScript(stage.path()) || !QDir().mkpath(stage.filePath(toolRel))
        || !QFile::link(local, stage.filePath(toolRel + QStringLiteral("/work")))
        || (!bundle.isEmpty() && !QFile::link(bundle, stage.filePath(toolRel + QStringLiteral("/bundle"))))) {
        r.output = QStringLiteral("cannot stage the copy to %1\n").arg(host);
        return r;
    }
    const int copyTimeoutMs = 600000;
    const LiveRun pushed
        = ssh.pushTo({ stage.filePath(QStringLiteral("bin")), stage.filePath(QStringLiteral("tools")) }, s.workRoot,
            copyTimeoutMs, { QStringLiteral("--copy-dirlinks") });
    if (!pushed.ok()) {
        r.output = ssh.describe(pushed, QStringLiteral("copying the work folder")) + QLatin1Char('\n');
        return r;
    }

    // The tool runs in <base>/work: paths are given relative to it, so a relative work root works too.
    const QList<std::pair<QString, QString>> toRemote { { local, QStringLiteral(".") },
        { bundle, QStringLiteral("../bundle") } };
    QStringList words { QStringLiteral("sh"), s.workRoot + QStringLiteral("/bin/kwb_remote.sh"), QStringLiteral("tool"),
        base + QStringLiteral("/work"), QString::number(std::max(1, (options.timeoutMs + 999) / 1000)),
        QString::number(options.sandbox ? options.maxProcesses : 0),
        options.sandbox ? QStringLiteral("1") : QStringLiteral("0"), hostTool(s, program), QStringLiteral("--") };
    QMap<QString, QString> env = options.environment;
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    words << remoteEnvironment(s, env) << hostTool(s, program);
    for (const QString& a : args)
        words << mapPaths(a, toRemote);

    QByteArray merged;
    LiveOptions opt;
    opt.holdStdin = true; // the dead man's switch
    opt.cancel = options.cancel;
    opt.timeoutMs = options.timeoutMs + 120000;
    opt.capBytes = 16 * 1024 * 1024;
    opt.onOutput = [&merged](OutputChannel, const QByteArray& bytes) { merged += bytes; };
    opt.onStop = [&] { killRemoteGroup(ssh, base + QStringLiteral("/work")); };
    const LiveRun ran = ssh.run(words, opt);
    LiveRun pulled;
    if (ran.started && !ran.stopped && !SshTransport::connectionFailed(ran))
        pulled = ssh.pullFrom(base + QStringLiteral("/work"), local, copyTimeoutMs);
    const QJsonObject remote = QJsonDocument::fromJson(readFile(local + QStringLiteral("/remote.json"))).object();
    const QString remoteDir = remote.value(QStringLiteral("dir")).toString();
    const QList<std::pair<QString, QString>> toLocal { { remoteDir + QLatin1Char('/'), local + QLatin1Char('/') },
        { QFileInfo(remoteDir).path() + QStringLiteral("/bundle/"), bundle + QLatin1Char('/') },
        { QStringLiteral("../bundle/"), bundle + QLatin1Char('/') } };
    r.output = mapPaths(QString::fromUtf8(merged), remoteDir.isEmpty() ? toLocal.mid(2) : toLocal);
    r.toolVersion = QString::fromUtf8(readFile(local + QStringLiteral("/tool-version.txt"))).trimmed();
    r.host = QStringLiteral("%1 (%2)").arg(executor.name(), remote.value(QStringLiteral("host")).toString());
    r.sandbox = remote.value(QStringLiteral("sandbox")).toString();
    for (const char* f : { "remote.json", "tool-version.txt", ".rc", ".pgid", ".done", "build.log" })
        QFile::remove(local + QLatin1Char('/') + QLatin1String(f));
    {
        // Waited for (a loaded host can take a while to connect), so that nothing of the run is left behind.
        LiveOptions k;
        k.timeoutMs = std::max(60, s.connectTimeoutS + 10) * 1000;
        ssh.run({ QStringLiteral("rm"), QStringLiteral("-rf"), base }, k);
    }

    if (ran.stopped) {
        r.started = true;
        r.stopped = true;
        r.output += QStringLiteral("\n%1 stopped by the user\n").arg(program);
        return r;
    }
    if (!ran.started || SshTransport::connectionFailed(ran) || ran.timedOut) {
        r.output
            += ssh.describe(ran, QStringLiteral("running %1").arg(QFileInfo(program).fileName())) + QLatin1Char('\n');
        return r;
    }
    if (ran.exitCode == 87) { // the tool is not installed there
        r.output += QStringLiteral("%1 not found on %2\n").arg(hostTool(s, program), host);
        return r;
    }
    r.started = true;
    if (ran.exitCode == 124 || ran.exitCode == 89) {
        r.output
            += QStringLiteral("\n%1 killed after %2 s on %3\n").arg(program).arg(options.timeoutMs / 1000).arg(host);
        return r;
    }
    if (!pulled.ok())
        r.output += ssh.describe(pulled, QStringLiteral("copying the results back")) + QLatin1Char('\n');
    r.finished = true;
    r.exitCode = ran.exitCode;
    return r;
}

} // namespace kwb
