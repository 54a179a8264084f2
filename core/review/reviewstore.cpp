// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/review/reviewstore.h"

#include "core/review/storeschema.h"

#include <QDir>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>

#include <atomic>

namespace kwb {
namespace {
std::atomic<int> g_connections { 0 };

} // namespace

ReviewStore::ReviewStore()
    : m_connection(QStringLiteral("kwb-review-store-%1").arg(g_connections.fetch_add(1)))
{
}

ReviewStore::~ReviewStore()
{
    if (QSqlDatabase::contains(m_connection)) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_connection, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_connection);
    }
}

QString ReviewStore::defaultPath()
{
    const QString configured = qEnvironmentVariable("KWB_DB");
    if (!configured.isEmpty())
        return configured;
    // GenericDataLocation rather than AppDataLocation: the GUI and the CLI have different application names
    // but must share one database.
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return QDir(base).filePath(QStringLiteral("kernel-workbench/reviews.sqlite"));
}

int ReviewStore::latestSchemaVersion()
{
    return storeMigrations().constLast().version;
}

Error ReviewStore::sqlError(const QString& what, const QString& detail) const
{
    return Error { m_path, {}, detail.isEmpty() ? what : what + QStringLiteral(": ") + detail,
        QStringLiteral("store.error") };
}

bool ReviewStore::isOpen() const
{
    return QSqlDatabase::contains(m_connection) && QSqlDatabase::database(m_connection, false).isOpen();
}

Status ReviewStore::open(const QString& path, int upToVersion)
{
    m_path = path;
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
        return sqlError(QStringLiteral("the Qt SQLite driver (QSQLITE) is not installed"), {});
    const QString dir = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(dir))
        return sqlError(QStringLiteral("cannot create folder %1").arg(dir), {});
    QSqlDatabase db = QSqlDatabase::contains(m_connection)
        ? QSqlDatabase::database(m_connection, false)
        : QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(path);
    // Another window may hold a write lock for a moment: wait rather than fail.
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open())
        return sqlError(QStringLiteral("cannot open the review database"), db.lastError().text());
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA journal_mode=WAL")) || !q.exec(QStringLiteral("PRAGMA foreign_keys=ON")))
        return sqlError(QStringLiteral("cannot configure the database"), q.lastError().text());
    return migrate(upToVersion);
}

int ReviewStore::schemaVersion() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(QStringLiteral("SELECT version FROM schema_version")) || !q.next())
        return 0;
    return q.value(0).toInt();
}

Status ReviewStore::migrate(int upToVersion)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")))
        return sqlError(QStringLiteral("cannot create schema_version"), q.lastError().text());
    int version = schemaVersion();
    if (version > latestSchemaVersion())
        return sqlError(QStringLiteral("the database has schema version %1, newer than this program's %2")
                            .arg(version)
                            .arg(latestSchemaVersion()),
            {});
    for (const Migration& m : storeMigrations()) {
        if (m.version <= version || m.version > upToVersion)
            continue;
        // Each step is one transaction: a failed step leaves the database at the previous version.
        db.transaction();
        for (const QString& sql : m.statements) {
            if (!q.exec(sql)) {
                const QString why = q.lastError().text();
                db.rollback();
                return sqlError(QStringLiteral("migration to schema version %1 failed").arg(m.version), why);
            }
        }
        q.exec(QStringLiteral("DELETE FROM schema_version"));
        q.prepare(QStringLiteral("INSERT INTO schema_version (version) VALUES (?)"));
        q.addBindValue(m.version);
        if (!q.exec() || !db.commit()) {
            const QString why = q.lastError().text();
            db.rollback();
            return sqlError(QStringLiteral("migration to schema version %1 failed").arg(m.version), why);
        }
        version = m.version;
    }
    return Ok {};
}

} // namespace kwb
