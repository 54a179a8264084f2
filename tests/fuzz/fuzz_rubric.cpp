// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Rubric JSON: the loader with its schema checks.
#include "core/rubric/rubricloader.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto rubric = kwb::parseRubric(
        QByteArray(reinterpret_cast<const char*>(data), qsizetype(size)), QStringLiteral("fuzz.rubric.json"));
    if (!rubric.ok() && rubric.error().file.isEmpty())
        __builtin_trap();
    return 0;
}
