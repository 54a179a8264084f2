// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The failure-log classifier: every rule over arbitrary text, with and without process context.
#include "core/diagnose/diagnosis.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QString log = QString::fromUtf8(reinterpret_cast<const char*>(data), qsizetype(size));
    const kwb::Diagnosis plain = kwb::diagnose(log);
    kwb::FailureContext killed;
    killed.exitCode = 139;
    killed.signal = 11;
    const kwb::Diagnosis withContext = kwb::diagnose(log, killed);
    const qsizetype lines = log.count(QLatin1Char('\n')) + 1;
    for (const auto* d : { &plain, &withContext }) {
        for (const auto& e : d->evidence) {
            if (e.line < 1 || e.line > lines)
                __builtin_trap(); // evidence must point at a line of the log
        }
    }
    return 0;
}
