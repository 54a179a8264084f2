// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/cli.h"
#include "core/cli/optionvalues.h"
#include "core/profile/profileengine.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace kwb::cli {
namespace {
QString number(const std::optional<double>& v, double scale, int precision, const char* unit)
{
    return v ? QString::number(*v * scale, 'f', precision) + QString::fromLatin1(unit) : QStringLiteral("n/a");
}

} // namespace

void printProfileText(const ProfileResult& r, QTextStream& out)
{
    out << "task " << r.taskId << '\n';
    for (const QString& m : r.missing)
        out << "  missing: " << m << '\n';
    for (const ProfileToolRun& run : r.runs) {
        out << "  " << run.tool.leftJustified(10) << run.impl
            << (run.caseName.isEmpty() ? QString() : u'/' + run.caseName) << ": " << run.status
            << (run.note.isEmpty() ? QString() : QStringLiteral(" (") + run.note + u')') << '\n';
    }
    for (const KernelProfile& k : r.kernels) {
        out << "  kernel " << k.kernel.left(60) << " [" << k.impl << '/' << k.caseName << "] "
            << number(k.durationNs, 1e-3, 2, " us") << "  DRAM " << number(k.dramBytesPerS, 1e-9, 1, " GB/s") << "  "
            << number(k.flopsPerS, 1e-9, 1, " GFLOP/s") << "  SM " << number(k.smThroughputPct, 1, 1, "%") << "  mem "
            << number(k.memoryThroughputPct, 1, 1, "%") << "  occupancy " << number(k.achievedOccupancyPct, 1, 1, "%")
            << "  regs " << number(k.registersPerThread, 1, 0, "") << "  smem "
            << number(k.sharedMemoryPerBlockBytes, 1, 0, " B") << "  bank conflicts "
            << number(k.sharedBankConflicts, 1, 0, "") << "  ld sectors/req "
            << number(k.loadSectorsPerRequest, 1, 2, "") << "  st sectors/req "
            << number(k.storeSectorsPerRequest, 1, 2, "") << '\n';
    }
    for (const PerfStatResult& p : r.perf) {
        out << "  perf [" << p.impl << '/' << p.caseName << "]";
        for (const PerfCounter& c : p.counters)
            out << "  " << c.event << ' '
                << (c.value ? QString::number(*c.value, 'g', 6) + (c.unit.isEmpty() ? QString() : u' ' + c.unit)
                            : u'<' + c.note + u'>');
        out << '\n';
    }
    printFindings(out, r.findings);
}

int profileCommand(const QStringList& args, Io& io)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Profile the candidates of a task with the tools this machine has: Nsight Compute (ncu --clock-control none;\n"
        "clocks are never locked) for kernel metrics, compute-sanitizer (memcheck, racecheck, initcheck, synccheck)\n"
        "on the smallest case, perf stat for cpp and numpy implementations. Missing tools are named, not errors.\n"
        "Prints a kwb.profile/1 document with --json. Exit: 0 no error findings, 1 error findings, 2 bad input,\n"
        "3 environment."));
    const QCommandLineOption impl(
        QStringLiteral("impl"), QStringLiteral("Profile only this candidate (repeatable)."), QStringLiteral("ID"));
    const QCommandLineOption cases(QStringLiteral("cases"),
        QStringLiteral("Comma-separated cases for ncu and perf (default: the smallest)."), QStringLiteral("a,b"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Pin the input seed."), QStringLiteral("S"));
    const QCommandLineOption noNcu(QStringLiteral("no-ncu"), QStringLiteral("Do not run Nsight Compute."));
    const QCommandLineOption noSanitizer(
        QStringLiteral("no-sanitizer"), QStringLiteral("Do not run compute-sanitizer."));
    const QCommandLineOption noPerf(QStringLiteral("no-perf"), QStringLiteral("Do not run perf stat."));
    const QCommandLineOption keep(
        QStringLiteral("keep"), QStringLiteral("Keep the work folder here."), QStringLiteral("DIR"));
    const QCommandLineOption noSandbox(
        QStringLiteral("no-sandbox"), QStringLiteral("Run without bubblewrap isolation."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the kwb.profile/1 document."));
    const QCommandLineOption help(
        QStringList { QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    const QCommandLineOption executor(QStringLiteral("executor"),
        QStringLiteral("Where the profilers wrap the runner: local (default) or ssh:HOST, with the host's own "
                       "perf, ncu and compute-sanitizer (see docs/remote.md)."),
        QStringLiteral("E"));
    p.addOptions({ impl, cases, seed, noNcu, noSanitizer, noPerf, keep, noSandbox, json, executor, help });
    p.addPositionalArgument(QStringLiteral("TASK"), QStringLiteral("The task bundle folder."));
    if (const auto done = parseTaskCommand(p, args, io, QStringLiteral("profile"), help))
        return *done;
    ProfileRequest request;
    request.taskDir = p.positionalArguments().first();
    request.implIds = p.values(impl);
    if (p.isSet(cases))
        request.cases = p.value(cases).split(QLatin1Char(','), Qt::SkipEmptyParts);
    OptionValues values(p, io, QStringLiteral("profile"));
    values.runnerOptions(request, nullptr, seed, noSandbox, keep);
    if (!values.ok())
        return ExitBadInput;
    request.ncu = !p.isSet(noNcu);
    request.sanitizer = !p.isSet(noSanitizer);
    request.perf = !p.isSet(noPerf);
    const auto where = taskExecutor(p, executor, io, QStringLiteral("profile"));
    if (!where)
        return ExitBadInput;
    request.executor = *where;
    auto result = runProfile(request, printingJob(io, QStringLiteral("kwb profile")));
    if (!result) {
        io.err << withFlags(result.error().oneLine()) << '\n';
        return exitFor(result.error());
    }
    if (p.isSet(json))
        io.out << QJsonDocument(profileReportJson(*result)).toJson(QJsonDocument::Indented);
    else
        printProfileText(*result, io.out);
    return hasErrors(result->findings) ? ExitFindings : ExitOk;
}

} // namespace kwb::cli
