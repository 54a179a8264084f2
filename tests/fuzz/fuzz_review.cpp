// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Review files: kwb.review/1 JSON (object or array) and JSONL, and Label Studio exports, through the importer.
#include "core/export/exporter.h"
#include "core/review/review.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const auto one = kwb::parseReview(bytes, QStringLiteral("fuzz.review.json"));
    if (one.ok())
        (void)kwb::reviewToJson(*one);
    else if (one.error().file.isEmpty())
        __builtin_trap();

    static QTemporaryDir dir;
    for (const char* name : { "fuzz.json", "fuzz.jsonl" }) {
        const QString path = QDir(dir.path()).filePath(QLatin1StringView(name));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            __builtin_trap();
        f.write(bytes);
        f.close();
        const auto all = kwb::importReviewFile(path);
        if (!all.ok() && all.error().file.isEmpty())
            __builtin_trap();
    }
    return 0;
}
