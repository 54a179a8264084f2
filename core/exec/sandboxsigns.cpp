// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxsigns.h"

#include <QRegularExpression>
#include <QString>

#include <initializer_list>

namespace kwb {

namespace {

constexpr qsizetype kMaxLines = 5;
constexpr qsizetype kMaxLineChars = 300;

bool containsAny(const QString& line, std::initializer_list<const char*> needles, Qt::CaseSensitivity cs)
{
    for (const char* n : needles) {
        if (line.contains(QLatin1StringView(n), cs))
            return true;
    }
    return false;
}

bool isMemorySign(const QString& line)
{
    if (containsAny(line,
            { "std::bad_alloc", "MemoryError", "Cannot allocate memory", "can't allocate memory", "Unable to allocate",
                "ENOMEM" },
            Qt::CaseSensitive))
        return true;
    // A device running out of memory is a runtime failure of its own, not the host limit.
    return line.contains(QLatin1StringView("out of memory"), Qt::CaseInsensitive)
        && !containsAny(line, { "cuda", "gpu", "hip", "device" }, Qt::CaseInsensitive);
}

bool isProcessSign(const QString& line)
{
    if (line.contains(QLatin1StringView("fork: retry")))
        return true;
    const bool again = containsAny(
        line, { "resource temporarily unavailable", "eagain", "can't start new thread" }, Qt::CaseInsensitive);
    return again && containsAny(line, { "fork", "clone", "thread", "spawn", "blockingioerror" }, Qt::CaseInsensitive);
}

bool isFileSizeSign(const QString& line)
{
    static const QRegularExpression shortWrite(QStringLiteral("\\b\\d+ requested and \\d+ written\\b"));
    return containsAny(line, { "File too large", "EFBIG", "[Errno 27]" }, Qt::CaseSensitive)
        || shortWrite.match(line).hasMatch();
}

bool isWriteSign(const QString& line)
{
    return containsAny(line, { "Read-only file system", "EROFS", "[Errno 30]" }, Qt::CaseSensitive);
}

bool isNetworkSign(const QString& line)
{
    return containsAny(line,
        { "Network is unreachable", "ENETUNREACH", "Connection refused", "ECONNREFUSED", "[Errno 101]", "[Errno 111]",
            "Temporary failure in name resolution", "Name or service not known", "Could not resolve host" },
        Qt::CaseSensitive);
}

void keep(QStringList& list, const QString& line)
{
    if (list.size() < kMaxLines)
        list.append(line.left(kMaxLineChars));
}

} // namespace

SandboxSigns scanSandboxSigns(const QByteArray& output)
{
    SandboxSigns signs;
    const QList<QByteArray> lines = output.split('\n');
    for (const QByteArray& raw : lines) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty())
            continue;
        if (isMemorySign(line))
            keep(signs.memory, line);
        if (isProcessSign(line))
            keep(signs.processes, line);
        if (isFileSizeSign(line))
            keep(signs.fileSize, line);
        if (isWriteSign(line))
            keep(signs.writeDenied, line);
        if (isNetworkSign(line))
            keep(signs.networkDenied, line);
    }
    return signs;
}

} // namespace kwb
