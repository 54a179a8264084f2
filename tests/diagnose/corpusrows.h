// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the diagnosis tests: paths of the labelled corpora.

#include "tests/helpers/testpaths.h"
#include <QFileInfo>
#include <QString>

namespace kwb::test {

/// The dev corpus of real logs from public issue threads (beside the repository, in shared/data).
inline QString devCorpusPath()
{
    return (KWB_SHARED_DATA_DIR + QStringLiteral("/failure-logs-dev.jsonl"));
}

inline bool haveDevCorpus()
{
    return QFileInfo::exists(devCorpusPath());
}

/// Hand-written logs of every class, not taken from the dev corpus: evidence that the rules generalise.
inline QString unseenCorpusPath()
{
    return (KWB_FIXTURES_DIR + QStringLiteral("/unseen-logs.jsonl"));
}

/// Real logs from public issue threads, labelled with their source and split (docs/diagnosis.md).
inline QString publicCorpusPath()
{
    return (KWB_FIXTURES_DIR + QStringLiteral("/public-logs.jsonl"));
}

/// A later collection (`round3`, …, `round7`, `own-runner`): measured blind once, dev since (docs/diagnosis.md).
inline QString collectionPath(const QString& name)
{
    return KWB_FIXTURES_DIR + QLatin1Char('/') + name + QStringLiteral("-logs.jsonl");
}

} // namespace kwb::test
