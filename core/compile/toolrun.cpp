#include "compile/toolrun.h"

#include <QProcess>
#include <QRegularExpression>

namespace kwb {

ToolRun runTool(const QString& program, const QStringList& args, const QString& workDir, int timeoutMs)
{
    ToolRun r;
    QProcess p;
    p.setWorkingDirectory(workDir);
    p.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    p.setProcessEnvironment(env);
    p.start(program, args);
    r.started = p.waitForStarted();
    if (!r.started)
        return r;
    r.finished = p.waitForFinished(timeoutMs);
    if (!r.finished) {
        p.kill();
        p.waitForFinished();
    }
    r.output = QString::fromUtf8(p.readAll());
    if (!r.finished)
        r.output += QStringLiteral("\n%1 killed after %2 s\n").arg(program).arg(timeoutMs / 1000);
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return r;
}

QString shellCommand(const QString& program, const QStringList& args, const QString& workDir)
{
    static const QRegularExpression safe(QStringLiteral(R"(^[\w@%+=:,./-]+$)"));
    QStringList parts;
    for (const QString& a : QStringList { program } + args) {
        if (safe.match(a).hasMatch())
            parts << a;
        else
            parts << QLatin1Char('\'') + QString(a).replace(QStringLiteral("'"), QStringLiteral("'\\''"))
                    + QLatin1Char('\'');
    }
    const QString cmd = parts.join(QLatin1Char(' '));
    return workDir.isEmpty() ? cmd : QStringLiteral("cd %1 && %2").arg(shellCommand(workDir, {}), cmd);
}

} // namespace kwb
