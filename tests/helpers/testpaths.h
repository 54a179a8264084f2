// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

/// Where a test finds its fixtures, the source tree and the programs built beside it — found at run time from
/// the test binary's own location (its build tree's CMakeCache.txt names the source folder), not compiled in:
/// compile flags free of checkout paths let a compiler cache share every test object between checkouts.
namespace kwb::test {

QString buildDir(); ///< the build tree this test binary belongs to (the folder holding CMakeCache.txt)
QString sourceDir(); ///< the source tree that build tree was configured from
QString fixturesDir(); ///< `fixtures/` beside this test's sources (tests/AREA/fixtures)
QString builtFile(const QString& relativeToBuildDir); ///< a file of the build tree, e.g. "app/kwb"

} // namespace kwb::test

#define KWB_SOURCE_DIR (::kwb::test::sourceDir())
#define KWB_TASKS_DIR (::kwb::test::sourceDir() + QStringLiteral("/resources/tasks"))
#define KWB_FIXTURES_DIR (::kwb::test::fixturesDir())
#define KWB_SHARED_DATA_DIR (::kwb::test::sourceDir() + QStringLiteral("/../shared/data"))
#define KWB_BIN_DIR (::kwb::test::builtFile(QStringLiteral("app")))
#define KWB_TEST_CACHE_DIR (::kwb::test::builtFile(QStringLiteral("runner-cache")))
#define KWB_BENCH_FIXTURES_DIR (::kwb::test::sourceDir() + QStringLiteral("/tests/benchstats/fixtures"))
