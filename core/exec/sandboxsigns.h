// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QStringList>

namespace kwb {

/// Lines of a process's output that show it ran into the sandbox or a limit (each list holds at most
/// five lines). These are heuristics on the messages libc, libstdc++, Python and the shells print:
/// - memory: `std::bad_alloc`, `MemoryError`, `Cannot allocate memory`, numpy's `Unable to allocate`, torch's
///   `DefaultCPUAllocator: can't allocate memory`,
///   `out of memory` unless the line is about a device (CUDA/GPU/HIP out of memory is not a host limit);
/// - processes: `Resource temporarily unavailable` / EAGAIN / `can't start new thread` on a line that
///   mentions fork, clone, thread or spawn (or Python's `BlockingIOError`), `fork: retry`;
/// - writeDenied: `Read-only file system` (EROFS, Python `[Errno 30]`) — everything outside the work
///   folder is mounted read-only, so EROFS is what a write outside it gets; permission errors (EACCES)
///   are not counted because device nodes and unreadable files raise them for unrelated reasons;
/// - networkDenied: `Network is unreachable`, `Connection refused` (loopback in an empty network
///   namespace has no listener), their errno names and Python `[Errno 101]`/`[Errno 111]`, and DNS
///   failures (`Temporary failure in name resolution`, `Name or service not known`, `Could not resolve host`);
/// - fileSize: a write cut short at the file-size limit — `File too large` (EFBIG, Python `[Errno 27]`) and
///   numpy's `N requested and M written` (Python ignores SIGXFSZ, so its writes fail instead of being killed).
struct SandboxSigns {
    QStringList memory;
    QStringList fileSize;
    QStringList processes;
    QStringList writeDenied;
    QStringList networkDenied;
};

SandboxSigns scanSandboxSigns(const QByteArray& output);

} // namespace kwb
