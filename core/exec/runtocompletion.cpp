#include "runtocompletion.h"

#include "sandboxedprocess.h"

#include <QEventLoop>

#include <optional>

namespace kwb {

Result<RunOutcome> runToCompletion(const ProcessSpec& spec, const OutputCallback& onOutput)
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
    if (!process.start(spec))
        return Error { QString(), QString(), QStringLiteral("a run is already going"), QString(), 0 };
    loop.exec();
    if (!outcome)
        return Error { QString(), QString(), failure, QString(), 0 };
    return *outcome;
}

} // namespace kwb
