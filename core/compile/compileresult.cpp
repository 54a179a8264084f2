// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compile/compileresult.h"

#include <QJsonArray>

namespace kwb {

QJsonObject ImplementationCompile::toJson() const
{
    QJsonArray diags;
    for (const Diagnostic& d : diagnostics)
        diags.append(d.toJson());
    QJsonArray ks;
    for (const KernelResources& k : kernels)
        ks.append(k.toJson());
    QJsonArray dis;
    for (const DisassembledKernel& k : disassembly)
        dis.append(k.toJson());
    return {
        { QStringLiteral("id"), id },
        { QStringLiteral("backend"), backend },
        { QStringLiteral("source"), source },
        { QStringLiteral("ok"), ok },
        { QStringLiteral("command"), command },
        { QStringLiteral("compiler_version"), compilerVersion },
        { QStringLiteral("executor"), executor },
        { QStringLiteral("host"), host },
        { QStringLiteral("diagnostics"), diags },
        { QStringLiteral("kernels"), ks },
        { QStringLiteral("instruction_mix"), dis },
        { QStringLiteral("notes"), QJsonArray::fromStringList(notes) },
        { QStringLiteral("archs_not_built"), QJsonArray::fromStringList(archsNotBuilt) },
    };
}

QJsonObject CompileResult::toJson() const
{
    QJsonArray impls;
    for (const ImplementationCompile& i : implementations)
        impls.append(i.toJson());
    QJsonArray fs;
    for (const Finding& f : findings)
        fs.append(f.toJson());
    return {
        { QStringLiteral("format"), QStringLiteral("kwb.compile/1") },
        { QStringLiteral("task"),
            QJsonObject { { QStringLiteral("id"), taskId }, { QStringLiteral("dir"), taskDir },
                { QStringLiteral("arch"), QJsonArray::fromStringList(archs) } } },
        { QStringLiteral("implementations"), impls },
        { QStringLiteral("findings"), fs },
    };
}

} // namespace kwb
