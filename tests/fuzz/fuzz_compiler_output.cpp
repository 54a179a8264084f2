// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Compiler output: nvcc/gcc diagnostics, ptxas resource lines, and demangling of whatever names they hold.
#include "core/compile/diagnostic.h"
#include "core/compile/kernelresources.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char*>(data), qsizetype(size));
    const auto diagnostics = kwb::parseCompilerOutput(text, [](const QString& p) { return p; });
    for (const auto& d : diagnostics) {
        if (d.line < 0)
            __builtin_trap();
    }
    for (const auto& k : kwb::parsePtxasResources(text))
        (void)kwb::demangle(k.name);
    return 0;
}
