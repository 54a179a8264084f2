// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panes/placeholderpane.h"

namespace kwb::ui {

PlaceholderPane::PlaceholderPane(const QString& title, const QString& description, QWidget* parent)
    : QLabel(parent)
{
    setTextFormat(Qt::RichText);
    setWordWrap(true);
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setMargin(14);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    setText(QStringLiteral("<p style='color:#57606a; font-weight:600'>%1</p><p style='color:#8c959f'>%2</p>")
                .arg(title.toHtmlEscaped(), description.toHtmlEscaped()));
}

} // namespace kwb::ui
