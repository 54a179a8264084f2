// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/review/storeschema.h"

namespace kwb {

const QList<Migration>& storeMigrations()
{
    // Never edit a released step: add a new one. Databases in the field are at any of these versions.
    static const QList<Migration> steps {
        { 1,
            {
                QStringLiteral(
                    "CREATE TABLE reviews (id INTEGER PRIMARY KEY, task_id TEXT NOT NULL, reviewer TEXT NOT NULL,"
                    " created TEXT NOT NULL, status TEXT NOT NULL, updated TEXT NOT NULL,"
                    " revision INTEGER NOT NULL, body TEXT NOT NULL, UNIQUE (task_id, reviewer, created))"),
                QStringLiteral("CREATE TABLE review_history (review_id INTEGER NOT NULL REFERENCES reviews (id),"
                               " revision INTEGER NOT NULL, saved_at TEXT NOT NULL, body TEXT NOT NULL,"
                               " PRIMARY KEY (review_id, revision))"),
                QStringLiteral(
                    "CREATE TABLE reports (digest TEXT PRIMARY KEY, action TEXT NOT NULL, task_id TEXT NOT NULL,"
                    " body BLOB NOT NULL)"),
            } },
        { 2,
            {
                // v2: the task digest as a column (for stale-review queries), drafts, and report links.
                QStringLiteral("ALTER TABLE reviews ADD COLUMN task_digest TEXT NOT NULL DEFAULT ''"),
                QStringLiteral("UPDATE reviews SET task_digest = coalesce(json_extract(body, '$.task.digest'), '')"),
                QStringLiteral(
                    "CREATE TABLE drafts (task_id TEXT NOT NULL, reviewer TEXT NOT NULL, updated TEXT NOT NULL,"
                    " body TEXT NOT NULL, PRIMARY KEY (task_id, reviewer))"),
                QStringLiteral("CREATE TABLE review_reports (review_id INTEGER NOT NULL REFERENCES reviews (id),"
                               " digest TEXT NOT NULL, PRIMARY KEY (review_id, digest))"),
                QStringLiteral("INSERT OR IGNORE INTO review_reports (review_id, digest)"
                               " SELECT reviews.id, json_extract(r.value, '$.digest')"
                               " FROM reviews, json_each(reviews.body, '$.reports') AS r"),
            } },
        { 3,
            {
                // v3: drafts carry a revision, so two windows editing one draft detect each other.
                QStringLiteral("ALTER TABLE drafts ADD COLUMN revision INTEGER NOT NULL DEFAULT 1"),
            } },
    };
    return steps;
}

} // namespace kwb
