// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/review/review.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QTest>

namespace kwb::test {

/// The complete, consistent review of vector-add-f32 in tests/review/fixtures.
inline Review completeReview()
{
    QFile f(KWB_SOURCE_DIR + QStringLiteral("/tests/review/fixtures/complete.review.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read the review fixture");
    const Result<Review> r = parseReview(f.readAll(), f.fileName());
    if (!r)
        qFatal("%s", qPrintable(r.error().oneLine()));
    return *r;
}

inline QString reportFixture()
{
    return (KWB_SOURCE_DIR + QStringLiteral("/tests/review/fixtures/mismatch.report.json"));
}

} // namespace kwb::test
