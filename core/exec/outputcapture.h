// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runoutcome.h"

namespace kwb {

/// Keeps the head and the tail of a stream whose size is unbounded, in bounded memory.
class OutputCapture {
public:
    /// Keeps `capBytes` in all: the first half as the head, the rest as the tail. 0 keeps everything.
    explicit OutputCapture(qint64 capBytes = 128 * 1024);

    /// Adds a chunk; returns the part of it that went into the head (what a live view may show).
    QByteArray append(const QByteArray& chunk);

    /// True once the head is full: later bytes are only kept if they end up in the tail.
    bool headFull() const { return m_headCap > 0 && m_head.size() >= m_headCap; }

    CapturedOutput result() const;

private:
    qint64 m_headCap;
    qint64 m_tailCap;
    qint64 m_total = 0;
    QByteArray m_head;
    QByteArray m_tail; // grows to twice m_tailCap before it is cut back: amortised O(1) per byte
};

} // namespace kwb
