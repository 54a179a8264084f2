// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/cli.h"

#include "core/compile/occupancy.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace kwb::cli {

int occupancyCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Theoretical occupancy of one SM (the CUDA Toolkit's cuda_occupancy.h rules).\n"
        "Shared memory above 48 KB is taken as opted in (cudaFuncAttributeMaxDynamicSharedMemorySize)."));
    const QCommandLineOption arch(QStringLiteral("arch"), QStringLiteral("sm_70 … sm_120."), QStringLiteral("ARCH"));
    const QCommandLineOption block(QStringLiteral("block"), QStringLiteral("Threads per block."), QStringLiteral("N"));
    const QCommandLineOption regs(
        QStringLiteral("regs"), QStringLiteral("Registers per thread."), QStringLiteral("N"), QStringLiteral("32"));
    const QCommandLineOption smem(QStringLiteral("smem"), QStringLiteral("Shared memory per block, bytes."),
        QStringLiteral("BYTES"), QStringLiteral("0"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    parser.addOptions({ arch, block, regs, smem, json, help });
    if (!parser.parse(QStringList { QStringLiteral("kwb occupancy") } + args)) {
        io.err << "kwb occupancy: " << parser.errorText() << " (see 'kwb occupancy --help')\n";
        return ExitBadInput;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        text.replace(0, text.indexOf(u'\n'),
            QStringLiteral("Usage: kwb occupancy --arch sm_90 --block 256 [--regs 64] [--smem BYTES] [--json]"));
        io.out << text;
        return ExitOk;
    }
    const ArchLimits* limits = findArchLimits(parser.value(arch));
    if (!limits) {
        QStringList known;
        for (const ArchLimits& a : archLimitsTable())
            known << a.arch;
        io.err << "kwb occupancy: --arch: unknown arch '" << parser.value(arch) << "' (one of " << known.join(u", ")
               << ")\n";
        return ExitBadInput;
    }
    bool okBlock = false;
    bool okRegs = false;
    bool okSmem = false;
    OccupancyInput in;
    in.blockThreads = parser.value(block).toInt(&okBlock);
    in.registersPerThread = parser.value(regs).toInt(&okRegs);
    in.dynamicSmem = parser.value(smem).toLongLong(&okSmem);
    in.smemOptIn = true;
    if (!okBlock || !okRegs || !okSmem) {
        io.err << "kwb occupancy: --" << (!okBlock ? "block" : !okRegs ? "regs" : "smem") << ": expected an integer\n";
        return ExitBadInput;
    }
    auto occ = computeOccupancy(*limits, in);
    if (!occ) {
        io.err << "kwb occupancy: " << occ.error().oneLine() << '\n';
        return ExitBadInput;
    }
    if (parser.isSet(json)) {
        QJsonObject j { { QStringLiteral("arch"), limits->arch }, { QStringLiteral("block"), in.blockThreads },
            { QStringLiteral("regs"), in.registersPerThread }, { QStringLiteral("smem"), in.dynamicSmem } };
        const QJsonObject o = occ->toJson();
        for (auto it = o.begin(); it != o.end(); ++it)
            j.insert(it.key(), it.value());
        io.out << QJsonDocument(j).toJson(QJsonDocument::Indented);
    } else {
        io.out << limits->arch << ", " << in.blockThreads << " threads, " << in.registersPerThread << " registers, "
               << in.dynamicSmem << " B smem: " << occ->activeBlocks << " blocks/SM, " << occ->activeWarps << " of "
               << limits->maxWarpsPerSm << " warps, occupancy " << QString::number(occ->occupancy * 100, 'f', 1)
               << " %, limited by " << occ->limiter << '\n';
        if (!occ->why.isEmpty())
            io.out << "cannot run: " << occ->why << '\n';
    }
    return occ->activeBlocks > 0 ? ExitOk : ExitFindings;
}

} // namespace kwb::cli
