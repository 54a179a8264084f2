#include "importers/scanner.h"

#include "env/resourcepaths.h"
#include "env/toolprobe.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>

namespace kwb {

QString scannerPath()
{
    return QDir(resourcesDir()).filePath(QStringLiteral("importers/kwb_scan.py"));
}

Result<ScanOutput> runScanner(const QString& mode, const QStringList& paths)
{
    ScanOutput out;
    out.python = runnerPython();
    if (out.python.isEmpty())
        return Error { {}, {}, QStringLiteral("no python3 to run the importer's scanner (set KWB_PYTHON)"),
            QStringLiteral("env") };
    const QString script = scannerPath();
    if (!QFileInfo::exists(script))
        return Error { script, {}, QStringLiteral("scanner missing (resources not installed?)"),
            QStringLiteral("env") };
    out.pythonVersion = probeOutput(out.python, { QStringLiteral("--version") }).trimmed();
    QProcess p;
    p.start(out.python, QStringList { QStringLiteral("-s"), script, mode } + paths);
    if (!p.waitForStarted(10000))
        return Error { out.python, {}, QStringLiteral("cannot start: %1").arg(p.errorString()), QStringLiteral("env") };
    // A few hundred files take a second or two; a scanner stuck for minutes is broken.
    if (!p.waitForFinished(300000)) {
        p.kill();
        p.waitForFinished();
        return Error { script, {}, QStringLiteral("the scanner did not finish in 300 s"), QStringLiteral("env") };
    }
    const QByteArray stdoutBytes = p.readAllStandardOutput();
    const QString stderrText = QString::fromUtf8(p.readAllStandardError()).trimmed();
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return Error { script, {},
            QStringLiteral("the scanner failed (exit %1): %2")
                .arg(p.exitCode())
                .arg(stderrText.isEmpty() ? QStringLiteral("no message") : stderrText.section(QLatin1Char('\n'), -1)),
            QStringLiteral("env") };
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(stdoutBytes, &error);
    if (!doc.isObject())
        return Error { script, {}, QStringLiteral("the scanner's output is not JSON: %1").arg(error.errorString()),
            QStringLiteral("env") };
    out.document = doc.object();
    return out;
}

} // namespace kwb
