// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/cli.h"
#include "core/env/hostpeaks.h"
#include "core/env/resourcepaths.h"
#include "core/env/toolprobe.h"
#include "core/exec/executorspec.h"
#include "core/executors/hostcheck.h"
#include "core/executors/slurmtools.h"

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
    const QCommandLineOption executor(QStringLiteral("executor"),
        QStringLiteral("Check an execution host instead: ssh:HOST or slurm[:PARTITION]."), QStringLiteral("E"));
    const QCommandLineOption measureHost(QStringLiteral("measure-host"),
        QStringLiteral("Measure this host's memory bandwidth again (the CPU floor's peaks; the larger figures are "
                       "kept)."));
    parser.addOptions({ json, executor, measureHost, help });
    if (!parser.parse(QStringList { QStringLiteral("kwb doctor") } + args)) {
        io.err << "kwb doctor: " << parser.errorText() << '\n';
        return ExitBadInput;
    }
    if (parser.isSet(help)) {
        io.out << parser.helpText().replace(
            QStringLiteral("kwb doctor [options]"), QStringLiteral("kwb doctor [--json] [--measure-host]"));
        return ExitOk;
    }
    if (!parser.positionalArguments().isEmpty()) {
        io.err << "kwb doctor: unexpected argument '" << parser.positionalArguments().first() << "'\n";
        return ExitBadInput;
    }

    const auto spec = ExecutorSpec::parse(parser.value(executor));
    if (!spec) {
        io.err << "kwb doctor: " << spec.error().oneLine() << '\n';
        return ExitBadInput;
    }
    QString host = QSysInfo::machineHostName();
    QList<ToolInfo> tools;
    if (spec->kind == ExecutorSpec::Kind::Ssh) {
        const auto settings = hostSettings(spec->host);
        if (!settings) {
            io.err << "kwb doctor: " << settings.error().oneLine() << '\n';
            return ExitEnvironment;
        }
        host = spec->name();
        tools = probeSshHost(*settings);
    } else if (spec->kind == ExecutorSpec::Kind::Slurm) {
        host = spec->name();
        tools = probeSlurm(spec->partition);
    } else {
        tools = probeTools();
    }
    // The CPU floor's peaks, for this machine only (a remote host's CPU is not measured from here).
    std::optional<HostPeaks> peaks;
    if (spec->kind == ExecutorSpec::Kind::Local)
        peaks = hostPeaks(parser.isSet(measureHost));
    bool missingRequired = false;
    for (const auto& t : tools)
        missingRequired |= t.required && !t.found;

    if (parser.isSet(json)) {
        QJsonArray list;
        for (const auto& t : tools)
            list.append(t.toJson());
        const QJsonObject doc { { QStringLiteral("format"), QStringLiteral("kwb.doctor/1") },
            { QStringLiteral("kwb_version"), QStringLiteral(KWB_VERSION) }, { QStringLiteral("host"), host },
            { QStringLiteral("executor"), spec->name() }, { QStringLiteral("os"), QSysInfo::prettyProductName() },
            { QStringLiteral("ok"), !missingRequired }, { QStringLiteral("resources"), resourcesDir() },
            { QStringLiteral("rubrics"), rubricsDir() }, { QStringLiteral("cache"), cacheDir() },
            { QStringLiteral("tools"), list },
            { QStringLiteral("host_peaks"), peaks ? QJsonValue(peaks->toJson()) : QJsonValue() } };
        io.out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
    } else {
        io.out << "kwb " << QStringLiteral(KWB_VERSION) << " on " << host << " (" << QSysInfo::prettyProductName()
               << ")\n"
               << "resources " << resourcesDir() << "\nrubrics   " << rubricsDir() << "\ncache     " << cacheDir()
               << "\n\n";
        for (const auto& t : tools) {
            const QString mark = t.found ? QStringLiteral("ok     ")
                                         : (t.required ? QStringLiteral("MISSING") : QStringLiteral("absent "));
            io.out << mark << "  " << t.name.leftJustified(20) << ' '
                   << (t.found ? t.version : t.note).leftJustified(34) << "  " << (t.found ? t.path : t.purpose)
                   << '\n';
        }
        if (peaks)
            io.out << "\nhost peaks (the floor of CPU implementations): " << peaks->describe() << '\n';
        io.out << (missingRequired ? "\nA required tool is missing: runs are not possible here.\n"
                                   : "\nEverything required is present.\n");
    }
    return missingRequired ? ExitEnvironment : ExitOk;
}

} // namespace kwb::cli
