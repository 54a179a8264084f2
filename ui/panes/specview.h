// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTextBrowser>

namespace kwb::ui {

class Session;

/// The task's spec, rendered from Markdown, under a short summary of the manifest (kind, target,
/// tensors, cases, tolerance) so a reviewer sees both what is asked and what is checked.
class SpecView : public QTextBrowser {
    Q_OBJECT
public:
    explicit SpecView(Session* session, QWidget* parent = nullptr);

private:
    void refresh();
    void tameHeadings();

    Session* m_session;
};

} // namespace kwb::ui
