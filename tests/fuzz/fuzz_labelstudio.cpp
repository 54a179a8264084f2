// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Label Studio task lists (`kwb export --format labelstudio`, and exports edited in Label Studio): the reader,
// then the round trip — what it reads must export to Label Studio and come back unchanged.
#include "core/export/labelstudio.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (!doc.isArray())
        return 0; // not JSON: importReviewFile's error, covered by fuzz_review
    const QString file = QStringLiteral("fuzz.labelstudio.json");
    const auto reviews = kwb::reviewsFromLabelStudio(doc.array(), file);
    if (!reviews.ok()) {
        if (reviews.error().file != file || reviews.error().where.isEmpty())
            __builtin_trap(); // every error names the file and the JSON path
        return 0;
    }
    const QByteArray exported = kwb::labelStudioTasks(*reviews, kwb::ExportOptions {});
    const QJsonDocument again = QJsonDocument::fromJson(exported);
    if (!again.isArray())
        __builtin_trap();
    const auto back = kwb::reviewsFromLabelStudio(again.array(), file);
    if (!back.ok() || back->size() != reviews->size())
        __builtin_trap(); // an export of what was read must read back
    // Export groups by task; compare as sets of documents.
    QList<QByteArray> before, after;
    for (const auto& r : *reviews)
        before << QJsonDocument(kwb::reviewToJson(r)).toJson(QJsonDocument::Compact);
    for (const auto& r : *back)
        after << QJsonDocument(kwb::reviewToJson(r)).toJson(QJsonDocument::Compact);
    std::sort(before.begin(), before.end());
    std::sort(after.begin(), after.end());
    if (before != after)
        __builtin_trap(); // nothing lost or changed on the way
    return 0;
}
