// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runtocompletion.h"

#include "sandboxedprocess.h"

#include <QEventLoop>
#include <QTimer>

#include <optional>

namespace kwb {

Result<RunOutcome> runToCompletion(
    const ProcessSpec& spec, const OutputCallback& onOutput, const std::atomic_bool* cancel)
{
    SandboxedProcess process;
    QEventLoop loop;
    std::optional<RunOutcome> outcome;
    QString failure;
    QObject::connect(&process, &SandboxedProcess::finished, &loop, [&](const RunOutcome& o) {
        outcome = o;
        loop.quit();
    });
    QObject::connect(&process, &SandboxedProcess::failed, &loop, [&](const QString& message) {
        failure = message;
        loop.quit();
    });
    if (onOutput)
        QObject::connect(&process, &SandboxedProcess::outputReceived, &loop, onOutput);
    // The flag is set from another thread (the GUI's Stop); polling it keeps this loop the only owner.
    QTimer poll;
    if (cancel) {
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (cancel->load())
                process.stop();
        });
        poll.start(50);
    }
    if (cancel && cancel->load())
        return Error::stopped();
    if (!process.start(spec))
        return Error { QString(), QString(), QStringLiteral("a run is already going"), QString(), 0 };
    loop.exec();
    if (!outcome)
        return Error { QString(), QString(), failure, QString(), 0 };
    return *outcome;
}

} // namespace kwb
