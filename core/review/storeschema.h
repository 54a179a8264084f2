// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QStringList>

namespace kwb {

/// One schema migration: the statements that take a database from `version - 1` to `version`.
struct Migration {
    int version;
    QStringList statements;
};

/// Every migration, in order; the last one's version is the current schema.
const QList<Migration>& storeMigrations();

} // namespace kwb
