// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace kwb {

/// What a runner's `kwb-mark w N label=… dispatch=…` line says of a completed call: written by the harness the moment
/// the call's outputs and record are complete, read by the workbench as it arrives — out of the implementation's
/// reach from then on.
struct WrittenMarker {
    int index = -1; ///< the call's index in the process's plan
    QString label; ///< the plan's label of the call (`k<n>`; empty from a runner that does not say it)
    QByteArray dispatchSha256; ///< hex digest of the call's `dispatch.json`, empty when it recorded none
};

/// Parses the words after `kwb-mark ` of a `w` line; nullopt for another line.
std::optional<WrittenMarker> parseWrittenMarker(const QByteArray& line);

/// The value of `name=` among a marker's words (the rest of the word), empty when absent.
QByteArray markerWord(const QList<QByteArray>& words, const char* name);

/// Adds what the runner's guard reported on `marker` (the words after `kwb-mark `) to `into`, without repeats: its
/// `done … tamper=` list (comma-separated, to the end of the line) or a `reach <event>@<file>:<line>` told at once.
/// False for any other marker.
bool noteGuardReport(const QByteArray& marker, QStringList& into);

/// The entries of a guard report that say the implementation's own code reached into the runner's state (its frames,
/// every object of the process): `event@file:line`.
QStringList reachedIntoRunner(const QStringList& guardReport);

/// The dispatch record of one call as the evidence a verdict may rest on: the `dispatch.json` the harness wrote beside
/// the call's outputs (`outDir`) whose SHA-256 its marker announced (`announced`), and result.json's copy (`recorded`)
/// equal to it. Returns why it cannot be believed (empty when it can); `evidence` gets the record as the call left it
/// whenever the file is intact (result.json's copy rewritten or not). A call with neither a recorded nor an announced
/// record has nothing to believe or doubt.
QString verifiedDispatch(
    const QJsonObject& recorded, const QByteArray& announced, const QString& outDir, QJsonObject* evidence);

} // namespace kwb
