// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/rubric/reviewsettings.h"

#include "core/review/reviewstore.h"

#include <QSettings>

namespace kwb::ui::reviewsettings {
namespace {
const QString kReviewerKey = QStringLiteral("review/reviewer");
const QString kDatabaseKey = QStringLiteral("review/database");
const QString kEmailKey = QStringLiteral("review/email");
} // namespace

QString reviewer()
{
    const QString env = qEnvironmentVariable("KWB_REVIEWER").trimmed();
    if (!env.isEmpty())
        return env;
    const QString saved = QSettings().value(kReviewerKey).toString().trimmed();
    if (!saved.isEmpty())
        return saved;
    for (const char* var : { "USER", "LOGNAME", "USERNAME" }) {
        const QString login = qEnvironmentVariable(var).trimmed();
        if (!login.isEmpty())
            return login;
    }
    return QStringLiteral("reviewer");
}

void setReviewer(const QString& name)
{
    QSettings().setValue(kReviewerKey, name.trimmed());
}

QString email()
{
    return QSettings().value(kEmailKey).toString().trimmed();
}

QString emailOf(const QString& reviewer)
{
    const QString saved = QSettings().value(kReviewerKey).toString().trimmed();
    return !saved.isEmpty() && saved == reviewer.trimmed() ? email() : QString();
}

void setEmail(const QString& email)
{
    QSettings().setValue(kEmailKey, email.trimmed());
}

bool reviewerFromEnvironment()
{
    return !qEnvironmentVariable("KWB_REVIEWER").trimmed().isEmpty();
}

QString databasePath()
{
    // ReviewStore::defaultPath() already prefers $KWB_DB; the setting sits between the two.
    if (!qEnvironmentVariableIsEmpty("KWB_DB"))
        return ReviewStore::defaultPath();
    const QString saved = QSettings().value(kDatabaseKey).toString();
    return saved.isEmpty() ? ReviewStore::defaultPath() : saved;
}

void setDatabasePath(const QString& path)
{
    QSettings().setValue(kDatabaseKey, path);
}

} // namespace kwb::ui::reviewsettings
