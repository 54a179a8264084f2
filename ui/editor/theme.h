// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"

#include <QColor>
#include <QFont>
#include <QIcon>

namespace kwb::ui {

/// The workbench's one palette: calm, light, low-contrast chrome with clear diff and finding colours.
namespace theme {
inline const QColor text { 0x24, 0x29, 0x2f };
inline const QColor paper { 0xff, 0xff, 0xff };
inline const QColor mutedText { 0x8c, 0x95, 0x9f };
inline const QColor marginPaper { 0xf6, 0xf8, 0xfa };
inline const QColor currentLine { 0xf1, 0xf5, 0xfb };
inline const QColor selection { 0xcc, 0xe0, 0xff };
inline const QColor removedLine { 0xfd, 0xec, 0xec };
inline const QColor addedLine { 0xe8, 0xf6, 0xec };
inline const QColor changedLine { 0xfd, 0xf6, 0xe0 };
inline const QColor fillerLine { 0xee, 0xef, 0xf1 };
inline const QColor removedText { 0xf5, 0xb8, 0xb8 };
inline const QColor addedText { 0xa8, 0xe0, 0xb8 };
inline const QColor findMatch { 0xff, 0xd3, 0x3d };
} // namespace theme

/// The monospace font of every code view.
QFont codeFont();

/// Red, amber or blue.
QColor severityColor(Severity severity);
/// A small filled disc in the severity colour with a glyph (×, !, i); crisp at 16 px.
QIcon severityIcon(Severity severity);
QImage severityImage(Severity severity, int size);
/// The task list's status icon: the worst severity among the findings, or a green tick.
QIcon statusIcon(int errors, int warnings);

/// Fusion style with the workbench palette, for the whole application.
void applyApplicationTheme();

} // namespace kwb::ui
