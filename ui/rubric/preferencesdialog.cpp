// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/rubric/preferencesdialog.h"

#include "ui/rubric/reviewsettings.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace kwb::ui {

PreferencesDialog::PreferencesDialog(QWidget* parent)
    : QDialog(parent)
    , m_name(new QLineEdit(this))
    , m_email(new QLineEdit(this))
    , m_message(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("preferencesDialog"));
    setWindowTitle(tr("Preferences"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_name->setObjectName(QStringLiteral("reviewerName"));
    m_name->setText(reviewsettings::reviewer());
    m_name->setPlaceholderText(tr("Your name as reviews record it"));
    if (reviewsettings::reviewerFromEnvironment()) {
        m_name->setEnabled(false);
        m_name->setToolTip(tr("Set by $KWB_REVIEWER"));
    }
    m_email->setObjectName(QStringLiteral("reviewerEmail"));
    m_email->setText(reviewsettings::email());
    m_email->setPlaceholderText(tr("name@example.org (optional, for exports)"));
    form->addRow(tr("Reviewer &name:"), m_name);
    form->addRow(tr("&E-mail:"), m_email);
    layout->addLayout(form);
    auto* note = new QLabel(tr("Reviews are written under this name; changing it starts (or continues) that "
                               "reviewer's review of the open task."),
        this);
    note->setWordWrap(true);
    note->setStyleSheet(QStringLiteral("color: #4b5563;"));
    layout->addWidget(note);
    m_message->setObjectName(QStringLiteral("preferencesMessage"));
    m_message->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_message->setWordWrap(true);
    layout->addWidget(m_message);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (save())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

bool PreferencesDialog::save()
{
    const QString name = m_name->text().trimmed();
    const QString email = m_email->text().trimmed();
    static const QRegularExpression nameRe(QStringLiteral("^[^/\\x00-\\x1f]{1,80}$"));
    static const QRegularExpression emailRe(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"));
    if (m_name->isEnabled() && !nameRe.match(name).hasMatch()) {
        m_message->setText(tr("The name must be 1 to 80 characters without '/' (it is part of a review's identity)."));
        return false;
    }
    if (!email.isEmpty() && !emailRe.match(email).hasMatch()) {
        m_message->setText(tr("'%1' is not an e-mail address (name@host.domain).").arg(email));
        return false;
    }
    if (m_name->isEnabled())
        reviewsettings::setReviewer(name);
    reviewsettings::setEmail(email);
    m_message->clear();
    return true;
}

} // namespace kwb::ui
