// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/cli.h"

#include "core/compile/compiler.h"
#include "core/task/taskloader.h"

#include <QCommandLineParser>
#include <QDir>
#include <QJsonDocument>

namespace kwb::cli {
namespace {
// `file:line:col: severity: message` — the form editors jump to — then one line per kernel.
void printText(const CompileResult& r, QTextStream& out)
{
    out << r.taskId << " (" << r.archs.join(QLatin1Char(',')) << ")\n";
    for (const ImplementationCompile& c : r.implementations) {
        out << "\n"
            << c.id << " [" << c.backend << "]: "
            << (c.toolMissing ? (c.archsNotBuilt.isEmpty() ? "compiler missing" : "not compiled here")
                       : c.ok ? "ok"
                              : "FAILED")
            << '\n';
        if (!c.command.isEmpty())
            out << "  $ " << c.command << "\n  " << c.compilerVersion << '\n';
        for (const Diagnostic& d : c.diagnostics) {
            out << "  " << (d.file.isEmpty() ? d.tool : d.file);
            if (d.line > 0)
                out << ':' << d.line << (d.column > 0 ? QStringLiteral(":%1").arg(d.column) : QString());
            out << ": " << diagnosticSeverityName(d.severity) << ": " << d.message << '\n';
        }
        for (const KernelResources& k : c.kernels) {
            if (k.framework == u"pallas" || k.framework == u"nki") {
                out << "  " << k.arch << ' ' << k.name
                    << (k.line > 0 ? QStringLiteral(" (line %1)").arg(k.line) : QString()) << ": " << k.config;
                if (k.vmemBytes >= 0)
                    out << ", VMEM " << k.vmemBytes << " B per grid step";
                if (k.smemBytes > 0)
                    out << ", SMEM " << k.smemBytes << " B";
                out << (k.error.isEmpty() ? QString() : QStringLiteral(", failed: ") + k.error.left(160)) << '\n';
                continue;
            }
            if (k.framework == u"triton" && !k.error.isEmpty()) {
                out << "  " << k.arch << ' ' << k.demangled << ": failed: " << k.error.left(160) << '\n';
                continue;
            }
            if (k.framework == u"triton")
                out << "  " << k.arch << ' ' << k.demangled << ": num_warps " << k.numWarps << ", num_stages "
                    << k.numStages << ", " << k.dynamicSmemBytes << " B shared (dynamic), " << k.registers
                    << " registers, spills " << k.spillStores << '/' << k.spillLoads << " B";
            else
                out << "  " << k.arch << ' ' << k.demangled << ": " << k.registers << " registers, " << k.smemBytes
                    << " B smem, " << k.stackBytes << " B stack, spills " << k.spillStores << '/' << k.spillLoads
                    << " B, " << k.barriers << " barriers";
            if (k.occupancy)
                out << ", occupancy " << qRound(k.occupancy->occupancy * 100) << " % (" << k.occupancy->limiter << ')';
            out << '\n';
        }
        for (const QString& n : c.notes)
            out << "  note: " << n << '\n';
    }
    if (!r.findings.isEmpty())
        out << '\n';
    for (const Finding& f : r.findings)
        out << severityName(f.severity) << ": " << f.message << " [" << f.id << "]\n";
}
} // namespace

int compileCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Compile a task's implementations for its target archs: diagnostics on the task's own lines, ptxas\n"
        "registers/shared memory/spills per kernel and arch, occupancy, launch validation.\n"
        "Exit codes: 0 compiled without error findings, 1 a compile failed or error findings, 2 bad input,\n"
        "3 a compiler is missing."));
    parser.addPositionalArgument(QStringLiteral("TASK"), QStringLiteral("Task bundle folder or its task.json."));
    const QCommandLineOption impl(
        QStringLiteral("impl"), QStringLiteral("Only this implementation (repeatable)."), QStringLiteral("ID"));
    const QCommandLineOption arch(
        QStringLiteral("arch"), QStringLiteral("Archs instead of target.arch (sm_80,sm_90)."), QStringLiteral("LIST"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print one kwb.compile/1 JSON document."));
    const QCommandLineOption noSandbox(QStringLiteral("no-sandbox"),
        QStringLiteral("Run the python import check without bubblewrap (it runs the candidate's top level)."));
    const QCommandLineOption executor(QStringLiteral("executor"),
        QStringLiteral("Where compilers run: local (default) or ssh:HOST (see docs/remote.md)."), QStringLiteral("E"));
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    parser.addOptions({ impl, arch, json, noSandbox, executor, help });
    if (const auto done = parseTaskCommand(parser, args, io, QStringLiteral("compile"), help,
            QStringLiteral(
                "Usage: kwb compile [--impl ID]... [--arch LIST] [--json] [--no-sandbox] [--executor E] TASK")))
        return *done;
    auto loaded = loadTask(parser.positionalArguments().first());
    if (!loaded) {
        io.err << "kwb compile: " << withFlags(loaded.error().oneLine()) << '\n';
        return ExitBadInput;
    }
    CompileRequest request;
    request.implIds = parser.values(impl);
    request.sandbox = !parser.isSet(noSandbox);
    const auto where = taskExecutor(parser, executor, io, QStringLiteral("compile"));
    if (!where)
        return ExitBadInput;
    request.executor = *where;
    for (const QString& a : parser.values(arch))
        request.archs << a.split(QLatin1Char(','), Qt::SkipEmptyParts);
    auto result = compileTask(loaded->task, request);
    if (!result) {
        io.err << "kwb compile: " << withFlags(result.error().oneLine()) << '\n';
        return ExitBadInput;
    }
    if (parser.isSet(json))
        io.out << QJsonDocument(result->toJson()).toJson(QJsonDocument::Indented);
    else
        printText(*result, io.out);
    bool missing = false;
    bool failed = false;
    for (const ImplementationCompile& c : result->implementations) {
        missing = missing || c.toolMissing;
        failed = failed || (!c.toolMissing && !c.ok);
    }
    if (failed || hasErrors(result->findings))
        return ExitFindings;
    return missing ? ExitEnvironment : ExitOk;
}

} // namespace kwb::cli
