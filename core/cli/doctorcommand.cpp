#include "cli/cli.h"
#include "env/toolprobe.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSysInfo>

namespace kwb::cli {

int doctorCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Report the tools this machine has for the workbench: compilers, the runner's python and its frameworks, the "
        "sandbox, remote-execution tools, profilers and the GPU.\nExit 0 when every required tool is present, 3 when "
        "one is missing."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print a kwb.doctor/1 JSON document."));
    const QCommandLineOption help(
        QStringList { QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    parser.addOptions({ json, help });
    if (!parser.parse(QStringList { QStringLiteral("kwb doctor") } + args)) {
        io.err << "kwb doctor: " << parser.errorText() << '\n';
        return ExitBadInput;
    }
    if (parser.isSet(help)) {
        io.out << parser.helpText().replace(
            QStringLiteral("kwb doctor [options]"), QStringLiteral("kwb doctor [--json]"));
        return ExitOk;
    }
    if (!parser.positionalArguments().isEmpty()) {
        io.err << "kwb doctor: unexpected argument '" << parser.positionalArguments().first() << "'\n";
        return ExitBadInput;
    }

    const QList<ToolInfo> tools = probeTools();
    bool missingRequired = false;
    for (const auto& t : tools)
        missingRequired |= t.required && !t.found;

    if (parser.isSet(json)) {
        QJsonArray list;
        for (const auto& t : tools)
            list.append(t.toJson());
        const QJsonObject doc { { QStringLiteral("format"), QStringLiteral("kwb.doctor/1") },
            { QStringLiteral("kwb_version"), QStringLiteral(KWB_VERSION) },
            { QStringLiteral("host"), QSysInfo::machineHostName() },
            { QStringLiteral("os"), QSysInfo::prettyProductName() }, { QStringLiteral("ok"), !missingRequired },
            { QStringLiteral("tools"), list } };
        io.out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
    } else {
        io.out << "kwb " << QStringLiteral(KWB_VERSION) << " on " << QSysInfo::machineHostName() << " ("
               << QSysInfo::prettyProductName() << ")\n\n";
        for (const auto& t : tools) {
            const QString mark = t.found ? QStringLiteral("ok     ")
                                         : (t.required ? QStringLiteral("MISSING") : QStringLiteral("absent "));
            io.out << mark << "  " << t.name.leftJustified(20) << ' '
                   << (t.found ? t.version : t.note).leftJustified(34) << "  " << (t.found ? t.path : t.purpose)
                   << '\n';
        }
        io.out << (missingRequired ? "\nA required tool is missing: runs are not possible here.\n"
                                   : "\nEverything required is present.\n");
    }
    return missingRequired ? ExitEnvironment : ExitOk;
}

} // namespace kwb::cli
