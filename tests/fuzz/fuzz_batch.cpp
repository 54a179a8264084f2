// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Batch files (`kwb import batch FILE.jsonl -o WORKSPACE`): the line reader and checker, the bundles it writes,
// and the workspace.json it leaves, read back by BatchQueue.
#include "core/importers/batch.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>

#include <cstdint>

namespace {
// Every file under `root`, as absolute canonical paths.
QStringList filesUnder(const QString& root)
{
    QStringList out;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QFileInfo(it.next()).canonicalFilePath();
    return out;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static QTemporaryDir scratch(QDir::temp().filePath(QStringLiteral("kwb-fuzz-batch.XXXXXX")));
    const QString file = QDir(scratch.path()).filePath(QStringLiteral("batch.jsonl"));
    {
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            __builtin_trap();
        f.write(reinterpret_cast<const char*>(data), qint64(size));
    }
    const QString ws = QDir(scratch.path()).filePath(QStringLiteral("ws"));
    const auto summary = kwb::importBatch(file, ws);
    if (!summary.ok()) {
        const kwb::Error& e = summary.error();
        const qsizetype lines
            = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size)).count('\n') + 1;
        if (e.file.isEmpty() || e.line < 0 || e.line > lines)
            __builtin_trap(); // names the file, and a line of it
    } else {
        // Nothing written outside the workspace; the workspace opens and lists every assignment, in order.
        const QString wsRoot = QFileInfo(ws).canonicalFilePath() + QLatin1Char('/');
        for (const QString& path : filesUnder(scratch.path())) {
            if (path != QFileInfo(file).canonicalFilePath() && !path.startsWith(wsRoot))
                __builtin_trap();
        }
        const auto queue = kwb::BatchQueue::open(ws);
        if (!queue.ok() || queue->size() != summary->assignments.size())
            __builtin_trap();
        for (qsizetype i = 0; i < queue->size(); ++i) {
            if (queue->assignments().at(i).taskId != summary->assignments.at(i).taskId
                || !QFileInfo(queue->bundlePath(i)).canonicalFilePath().startsWith(wsRoot))
                __builtin_trap();
        }
    }
    QDir(ws).removeRecursively();
    return 0;
}
