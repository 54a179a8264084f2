// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the executor tests that run tests/helpers/kwb_hostile for real.

#include "core/exec/sandboxedprocess.h"
#include "core/exec/sandboxprobe.h"
#include "tests/helpers/testpaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <functional>
#include <optional>

namespace kwb::test {

/// What one run emitted.
struct Emitted {
    std::optional<RunOutcome> outcome;
    QString failure;
    int started = 0;
    QByteArray liveStdout;
    int limitSignals = 0;
};

/// Marks every helper a test starts, so leftovers are found even after a helper detached itself.
inline QByteArray ownerEntry()
{
    return "KWB_TEST_OWNER=" + QByteArray::number(QCoreApplication::applicationPid());
}

inline ProcessSpec hostileSpec(const QString& workDir, const QStringList& args, bool sandbox)
{
    ProcessSpec spec;
    spec.program = ::kwb::test::builtFile(QStringLiteral(KWB_HOSTILE));
    spec.arguments = args;
    spec.workDir = workDir;
    spec.sandbox = sandbox;
    spec.environment.insert(QStringLiteral("KWB_TEST_OWNER"), QString::number(QCoreApplication::applicationPid()));
    spec.limits.timeoutMs = 20'000;
    spec.limits.memoryMiB = 1024;
    spec.limits.maxProcesses = 64;
    spec.limits.outputCapBytes = 64 * 1024;
    spec.limits.tmpSizeMiB = 64;
    return spec;
}

/// Runs `spec` on `process` and waits (QSignalSpy, explicit timeout) for finished() or failed().
/// `whileRunning` is called once the process has started.
inline Emitted runAndWait(SandboxedProcess& process, const ProcessSpec& spec, int waitMs = 30'000,
    const std::function<void()>& whileRunning = {})
{
    Emitted e;
    QSignalSpy finished(&process, &SandboxedProcess::finished);
    QSignalSpy failed(&process, &SandboxedProcess::failed);
    QSignalSpy started(&process, &SandboxedProcess::started);
    QSignalSpy limit(&process, &SandboxedProcess::outputLimitReached);
    const auto live = QObject::connect(
        &process, &SandboxedProcess::outputReceived, &process, [&](OutputChannel channel, const QByteArray& bytes) {
            if (channel == OutputChannel::Stdout)
                e.liveStdout += bytes;
        });
    if (!process.start(spec))
        return e;
    if (whileRunning && started.wait(5000))
        whileRunning();
    [[maybe_unused]] const bool ended
        = QTest::qWaitFor([&] { return !finished.isEmpty() || !failed.isEmpty(); }, waitMs);
    QObject::disconnect(live);
    e.started = int(started.size());
    e.limitSignals = int(limit.size());
    if (!finished.isEmpty())
        e.outcome = finished.first().first().value<RunOutcome>();
    if (!failed.isEmpty())
        e.failure = failed.first().first().toString();
    return e;
}

/// Processes started by this test (any helper, detached or not) that are still alive.
inline int helpersLeft()
{
    int left = 0;
    const QByteArray needle = '\0' + ownerEntry() + '\0';
    for (const QString& name : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile environ(QStringLiteral("/proc/%1/environ").arg(name));
        if (name.toInt() > 0 && environ.open(QIODevice::ReadOnly) && ('\0' + environ.readAll()).contains(needle))
            ++left;
    }
    return left;
}

inline QString sandboxSkipReason()
{
    const SandboxStatus s = sandboxAvailable();
    return s.available ? QString() : s.reason;
}

} // namespace kwb::test

#define KWB_REQUIRE_SANDBOX()                                                                                          \
    do {                                                                                                               \
        const QString why = kwb::test::sandboxSkipReason();                                                            \
        if (!why.isEmpty())                                                                                            \
            QSKIP(qPrintable(why));                                                                                    \
    } while (false)
