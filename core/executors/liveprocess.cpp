// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/executors/liveprocess.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QProcess>
#include <QTimer>

namespace kwb {

QString LiveRun::lastErrorLine() const
{
    const QList<QByteArray> lines = err.trimmed().split('\n');
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        if (!it->trimmed().isEmpty())
            return QString::fromUtf8(it->trimmed());
    }
    return startError;
}

LiveRun runLive(const QString& program, const QStringList& args, const LiveOptions& options)
{
    LiveRun run;
    QProcess p;
    QEventLoop loop;
    QElapsedTimer clock;
    bool stopping = false;
    const auto append = [&](QByteArray& into, const QByteArray& bytes) {
        if (into.size() < options.capBytes)
            into += bytes.left(options.capBytes - into.size());
    };
    QObject::connect(&p, &QProcess::readyReadStandardOutput, &loop, [&] {
        const QByteArray b = p.readAllStandardOutput();
        append(run.out, b);
        if (options.onOutput)
            options.onOutput(OutputChannel::Stdout, b);
    });
    QObject::connect(&p, &QProcess::readyReadStandardError, &loop, [&] {
        const QByteArray b = p.readAllStandardError();
        append(run.err, b);
        if (options.onOutput)
            options.onOutput(OutputChannel::Stderr, b);
    });
    QObject::connect(&p, &QProcess::finished, &loop, [&](int code, QProcess::ExitStatus status) {
        run.exitCode = code;
        run.crashed = status == QProcess::CrashExit;
        loop.quit();
    });
    QObject::connect(&p, &QProcess::errorOccurred, &loop, [&](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart) {
            run.startError = QStringLiteral("cannot start %1: %2").arg(program, p.errorString());
            loop.quit();
        }
    });
    QTimer grace;
    grace.setSingleShot(true);
    QObject::connect(&grace, &QTimer::timeout, &loop, [&] { p.kill(); });
    const auto stop = [&] {
        if (stopping)
            return;
        stopping = true;
        if (options.onStop)
            options.onStop();
        p.closeWriteChannel();
        grace.start(options.graceMs);
    };
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (options.cancel && options.cancel->load() && !stopping) {
            run.stopped = true;
            stop();
        }
        if (options.timeoutMs > 0 && clock.elapsed() > options.timeoutMs && !stopping) {
            run.timedOut = true;
            stop();
        }
    });
    poll.start(50);
    clock.start();
    p.start(program, args);
    if (!p.waitForStarted(10000)) {
        if (run.startError.isEmpty())
            run.startError = QStringLiteral("cannot start %1: %2").arg(program, p.errorString());
        return run;
    }
    run.started = true;
    if (!options.input.isEmpty())
        p.write(options.input);
    if (!options.holdStdin)
        p.closeWriteChannel();
    if (p.state() != QProcess::NotRunning)
        loop.exec();
    else if (run.exitCode < 0) {
        run.exitCode = p.exitCode();
        run.crashed = p.exitStatus() == QProcess::CrashExit;
    }
    append(run.out, p.readAllStandardOutput());
    append(run.err, p.readAllStandardError());
    run.elapsedMs = clock.elapsed();
    return run;
}

} // namespace kwb
