// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "outputcapture.h"

namespace kwb {

OutputCapture::OutputCapture(qint64 capBytes)
    : m_headCap(capBytes / 2)
    , m_tailCap(capBytes - capBytes / 2)
{
}

QByteArray OutputCapture::append(const QByteArray& chunk)
{
    m_total += chunk.size();
    if (m_headCap == 0) {
        m_head += chunk;
        return chunk;
    }
    const qint64 room = qMax<qint64>(0, m_headCap - m_head.size());
    const QByteArray live = chunk.left(room);
    m_head += live;
    if (chunk.size() > room) {
        m_tail += QByteArrayView(chunk).sliced(room);
        if (m_tail.size() > 2 * m_tailCap)
            m_tail.remove(0, m_tail.size() - m_tailCap);
    }
    return live;
}

CapturedOutput OutputCapture::result() const
{
    CapturedOutput out;
    out.head = m_head;
    out.tail = m_tail.size() > m_tailCap ? m_tail.right(m_tailCap) : m_tail;
    out.totalBytes = m_total;
    out.droppedBytes = m_total - out.head.size() - out.tail.size();
    return out;
}

} // namespace kwb
