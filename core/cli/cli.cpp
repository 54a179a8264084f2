// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/cli.h"

#include <QJsonObject>

#include <QCoreApplication>

namespace kwb::cli {

const QList<Command>& commands()
{
    static const QList<Command> all {
        { "lint", "Validate task bundles and run the static scoping checks", &lintCommand },
        { "run", "Run reference and candidates sandboxed and judge correctness (kwb.report/1)", &runCommand },
        { "compile", "Compile implementations: diagnostics, registers/smem/spills, occupancy, launch checks",
            &compileCommand },
        { "occupancy", "Theoretical occupancy of a block configuration on an arch", &occupancyCommand },
        { "bench", "Time reference and candidates, interleaved, with speedup CIs and verdicts (kwb.bench/1)",
            &benchCommand },
        { "profile", "Profile candidates: ncu metrics, compute-sanitizer checks, perf counters (kwb.profile/1)",
            &profileCommand },
        { "check", "Lint, compile, run, bench and profile a task in one report (kwb.check/1, .md, .html)",
            &checkCommand },
        { "batch", "Run one action on many tasks: in parallel, over SSH or as Slurm arrays; resumable (kwb.batch/1)",
            &batchCommand },
        { "compare", "Compare two tensor files (.npy, .safetensors) under a tolerance", &compareCommand },
        { "diagnose", "Classify a failure log (driver, OOM, launch config, ...)", &diagnoseCommand },
        { "doctor", "Report the tools this machine has (compilers, python, sandbox, GPU)", &doctorCommand },
        { "review", "Check reviews (kwb.review/1): completeness, evidence, contradictions, staleness", &reviewCommand },
        { "export", "Export reviews to json, jsonl, csv, Label Studio or Markdown", &exportCommand },
        { "import", "Import reviews into the review database without duplicates", &importCommand },
        { "audit", "Audit review sets: agreement per criterion, contradictions, re-verification, audit log",
            &auditCommand },
    };
    return all;
}

namespace {
void printUsage(QTextStream& s)
{
    s << "Usage: kwb [--version] [--help] COMMAND [ARGS]\n\n"
         "Kernel Review Workbench: review GPU-kernel tasks for numerical correctness, benchmarking\n"
         "fairness, task scoping and compilation/runtime validity.\n\nCommands:\n";
    for (const auto& c : commands())
        s << "  " << QString::fromLatin1(c.name).leftJustified(10) << QString::fromLatin1(c.summary) << '\n';
    s << "\nRun 'kwb COMMAND --help' for a command's options.\n"
         "Exit codes: 0 ok, 1 error findings, 2 bad input or usage, 3 environment problem.\n";
}
} // namespace

int run(const QStringList& arguments, Io& io)
{
    const QStringList args = arguments.mid(1);
    if (args.isEmpty()) {
        printUsage(io.err);
        return ExitBadInput;
    }
    const QString& first = args.first();
    if (first == QLatin1StringView("--help") || first == QLatin1StringView("-h")
        || first == QLatin1StringView("help")) {
        printUsage(io.out);
        return ExitOk;
    }
    if (first == QLatin1StringView("--version") || first == QLatin1StringView("-V")) {
        io.out << "kwb " << QStringLiteral(KWB_VERSION) << " (Qt " << QString::fromLatin1(qVersion()) << ")\n";
        return ExitOk;
    }
    for (const auto& c : commands()) {
        if (first == QLatin1StringView(c.name))
            return c.run(args.mid(1), io);
    }
    io.err << "kwb: unknown command '" << first << "' (see 'kwb --help')\n";
    return ExitBadInput;
}

JobContext printingJob(Io& io, const QString& prefix)
{
    JobContext job;
    job.onProgress = [&io, prefix](const JobProgress& p) {
        io.err << prefix << ": " << p.text << '\n';
        io.err.flush();
    };
    return job;
}

std::optional<int> parseTaskCommand(QCommandLineParser& parser, const QStringList& args, Io& io, const QString& command,
    const QCommandLineOption& help, const QString& usage)
{
    if (!parser.parse(QStringList { QStringLiteral("kwb ") + command } + args)) {
        io.err << "kwb " << command << ": " << parser.errorText() << " (see 'kwb " << command << " --help')\n";
        return ExitBadInput;
    }
    if (parser.isSet(help)) {
        // helpText() names the binary's path in its first line; the command reads better.
        QString text = parser.helpText();
        text.replace(0, text.indexOf(u'\n'),
            usage.isEmpty() ? QStringLiteral("Usage: kwb %1 [options] TASK").arg(command) : usage);
        io.out << text;
        return ExitOk;
    }
    if (parser.positionalArguments().size() != 1) {
        io.err << "kwb " << command << ": expected one TASK (see 'kwb " << command << " --help')\n";
        return ExitBadInput;
    }
    return std::nullopt;
}

std::optional<ExecutorSpec> taskExecutor(
    const QCommandLineParser& parser, const QCommandLineOption& option, Io& io, const QString& command)
{
    auto where = singleTaskExecutor(parser.value(option), command);
    if (!where) {
        io.err << "kwb " << command << ": " << where.error().oneLine() << '\n';
        return std::nullopt;
    }
    return *where;
}

QString withFlags(const QString& text)
{
    static const std::pair<const char*, const char*> words[] = {
        { "turn the sandbox off", "turn the sandbox off (--no-sandbox)" },
        { "raise the time, memory or file-size limit",
            "raise the time, memory or file-size limit (--timeout, "
            "--memory, --file-size)" },
        { "(an SSH executor)", "(--executor ssh:HOST)" },
    };
    QString out = text;
    for (const auto& [said, flagged] : words)
        out.replace(QLatin1String(said), QLatin1String(flagged));
    return out;
}

void printFindings(QTextStream& out, const Findings& findings)
{
    for (const Finding& f : findings) {
        out << severityName(f.severity).leftJustified(8) << f.id;
        if (!f.impl.isEmpty())
            out << " [" << f.impl << (f.caseName.isEmpty() ? QString() : QLatin1Char('/') + f.caseName) << ']';
        if (!f.file.isEmpty())
            out << ' ' << f.file << (f.line ? QLatin1Char(':') + QString::number(f.line) : QString());
        out << ": " << withFlags(f.message) << '\n';
        // A failure diagnosis also says which line decided and how sure it is (docs/diagnosis.md); the whole
        // explanation is in --json and in `kwb diagnose`.
        const QJsonObject cause = f.evidence.value(QStringLiteral("cause")).toObject();
        if (f.id.startsWith(QStringLiteral("runtime.")) && f.evidence.contains(QStringLiteral("confidence"))) {
            const QString layer = cause.value(QStringLiteral("layer")).toString();
            out << "        ";
            if (!cause.isEmpty())
                out << "decided by log line " << cause.value(QStringLiteral("line")).toInt()
                    << (layer.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(layer)) << ": "
                    << cause.value(QStringLiteral("text")).toString().left(160) << " · ";
            out << "confidence " << QString::number(f.evidence.value(QStringLiteral("confidence")).toDouble(), 'f', 2)
                << '\n';
        }
    }
}

int exitFor(const Error& error)
{
    return error.isEnvironment() ? ExitEnvironment : ExitBadInput;
}

} // namespace kwb::cli
