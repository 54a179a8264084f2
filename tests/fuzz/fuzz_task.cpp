// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// task.json: the loader and validator on arbitrary bytes, in a bundle folder of its own.
#include "core/task/taskloader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static QTemporaryDir bundle;
    QFile f(QDir(bundle.path()).filePath(QStringLiteral("task.json")));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        __builtin_trap();
    f.write(reinterpret_cast<const char*>(data), qint64(size));
    f.close();
    const auto task = kwb::loadTask(bundle.path());
    if (!task.ok() && task.error().file.isEmpty())
        __builtin_trap(); // every loader error names its file
    return 0;
}
