// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace kwb::ui {

/// Who reviews, and where reviews are stored, for the window.
namespace reviewsettings {

/// The reviewer's name: `$KWB_REVIEWER` when set, else the `review/reviewer` setting, else the login name
/// (`$USER`, `$LOGNAME`, `$USERNAME`), else `reviewer`.
QString reviewer();
void setReviewer(const QString& name);
/// The reviewer's e-mail (`review/email`), for exports and the review header; empty until set in Preferences.
QString email();
void setEmail(const QString& email);
/// The e-mail of `reviewer`: the saved e-mail when the saved name is theirs, else empty — `KWB_REVIEWER=kim` must
/// never show the e-mail Preferences saved for somebody else.
QString emailOf(const QString& reviewer);
/// True when `$KWB_REVIEWER` decides the name (Preferences then says so and cannot change it).
bool reviewerFromEnvironment();

/// The review database: `$KWB_DB` when set, else the `review/database` setting, else ReviewStore's default
/// (`~/.local/share/kernel-workbench/reviews.sqlite`, shared with `kwb`).
QString databasePath();
void setDatabasePath(const QString& path);

} // namespace reviewsettings
} // namespace kwb::ui
