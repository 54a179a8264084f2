// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tensor/safetensors.h"
#include "fuzztouch.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto r
        = kwb::parseSafetensors(reinterpret_cast<const std::byte*>(data), size, QStringLiteral("fuzz.safetensors"));
    if (r.ok()) {
        for (const auto& t : *r)
            exercise(t);
    } else if (r.error().where.isEmpty()) {
        __builtin_trap(); // every reader error names a byte offset
    }
    return 0;
}
