// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"

#include <QWidget>

class QTableView;

namespace kwb::ui {

class FindingsModel;
class Session;

/// The findings of the current task as a table; activating a row (Enter, double click, F8) asks
/// the window to show its file and line.
class FindingsPane : public QWidget {
    Q_OBJECT
public:
    explicit FindingsPane(Session* session, QWidget* parent = nullptr);

    QTableView* view() const { return m_view; }
    FindingsModel* model() const { return m_model; }

public Q_SLOTS:
    /// Selects and activates the next (previous) finding, wrapping around.
    void nextFinding();
    void previousFinding();

Q_SIGNALS:
    void findingActivated(const kwb::Finding& finding);

private:
    void step(int delta);

    Session* m_session;
    FindingsModel* m_model;
    QTableView* m_view;
};

} // namespace kwb::ui
