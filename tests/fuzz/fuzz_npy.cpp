// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tensor/npy.h"
#include "fuzztouch.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto* bytes = reinterpret_cast<const std::byte*>(data);
    for (const auto hint : { std::optional<kwb::DType> {}, std::optional<kwb::DType> { kwb::DType::BFloat16 } }) {
        const auto t = kwb::parseNpy(bytes, size, QStringLiteral("fuzz.npy"), hint);
        if (t.ok())
            exercise(*t);
        else if (t.error().where.isEmpty())
            __builtin_trap(); // every reader error names a byte offset
    }
    return 0;
}
