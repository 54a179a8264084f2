// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/audit/audit.h"

#include <QTreeWidget>

namespace kwb::ui {

/// The audit's Flags tab: the flags grouped by task and reviewer (criterion-wide flags first), the groups in the
/// order sortFlags() gives — errors and real disagreements first, `review.no-evidence` last and greyed — each
/// group saying how many flags of which weight it holds. Enter or a double click on a flag opens its review.
class AuditFlagsView : public QTreeWidget {
    Q_OBJECT
public:
    explicit AuditFlagsView(QWidget* parent = nullptr);

    /// Shows `flags` (sorted with sortFlags()).
    void setFlags(QList<AuditFlag> flags);

Q_SIGNALS:
    /// A flag was opened: show review `identity` (empty for a criterion-wide flag) of `task`.
    void reviewRequested(const QString& identity, const QString& task);
};

} // namespace kwb::ui
