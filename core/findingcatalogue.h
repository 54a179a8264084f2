// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "finding.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace kwb {

/// One finding id the product raises, as docs/findings.md lists it.
struct FindingKind {
    QString id; ///< `area.name`, e.g. `scope.no-kernel`
    QList<Severity> severities; ///< what it is raised at, most severe first: one, or two (`scope.offload` E / W)
    FindingOrigin origin = FindingOrigin::Implementation;
    QString title; ///< one line, e.g. "no accelerator on this machine for a CUDA implementation"

    /// The part before the dot: `scope`, `runtime`, …
    QStringView area() const;
    /// `E`, `W`, `I`, `E / W` or `I / W`, as docs/findings.md writes them.
    QString severityLetters() const;
};

/// Every finding id the product raises, grouped by area; `runtime.<class>` once for every failure class
/// (core/diagnose/failureclass.h).
const QList<FindingKind>& findingKinds();

/// The kind of `id`, or nullptr when the catalogue does not know it.
const FindingKind* findingKind(QStringView id);

/// The areas of the catalogue's ids (`scope`, `compile`, …), in catalogue order.
QStringList findingAreas();

/// "origin: title" — e.g. "environment: no accelerator on this machine for a CUDA implementation" — or an empty
/// string for an id the catalogue does not know.
QString findingKindSummary(QStringView id);

} // namespace kwb
