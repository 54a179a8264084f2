#pragma once

#include <QString>

namespace kwb::ui {

/// Who reviews, and where reviews are stored, for the window.
namespace reviewsettings {

/// The reviewer's name: `$KWB_REVIEWER` when set, else the `review/reviewer` setting, else the login name
/// (`$USER`, `$LOGNAME`, `$USERNAME`), else `reviewer`.
QString reviewer();
void setReviewer(const QString& name);

/// The review database: `$KWB_DB` when set, else the `review/database` setting, else ReviewStore's default
/// (`~/.local/share/kernel-workbench/reviews.sqlite`, shared with `kwb`).
QString databasePath();
void setDatabasePath(const QString& path);

} // namespace reviewsettings
} // namespace kwb::ui
