// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>

namespace kwb {

/// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11): a counter-based
/// generator, so element i's random bits depend only on (key, i) — never on thread count or order.
class Philox4x32 {
public:
    explicit constexpr Philox4x32(uint64_t key)
        : m_key { static_cast<uint32_t>(key), static_cast<uint32_t>(key >> 32) }
    {
    }

    /// The four 32-bit words for counter value `counter` (the high half of the 128-bit counter is 0).
    constexpr std::array<uint32_t, 4> operator()(uint64_t counter) const
    {
        std::array<uint32_t, 4> c { static_cast<uint32_t>(counter), static_cast<uint32_t>(counter >> 32), 0, 0 };
        std::array<uint32_t, 2> k = m_key;
        for (int round = 0; round < 10; ++round) {
            const uint64_t p0 = uint64_t { 0xD2511F53u } * c[0];
            const uint64_t p1 = uint64_t { 0xCD9E8D57u } * c[2];
            c = { static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ k[0], static_cast<uint32_t>(p1),
                static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ k[1], static_cast<uint32_t>(p0) };
            k[0] += 0x9E3779B9u;
            k[1] += 0xBB67AE85u;
        }
        return c;
    }

private:
    std::array<uint32_t, 2> m_key;
};

} // namespace kwb
