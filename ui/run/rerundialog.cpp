// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/run/rerundialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QVBoxLayout>

namespace kwb::ui {

RerunDialog::RerunDialog(
    const Task& task, const RunResult& last, const QString& caseName, quint64 seed, QWidget* parent)
    : QDialog(parent)
    , m_taskDir(task.dir)
    , m_case(new QComboBox(this))
    , m_seed(new QLineEdit(this))
    , m_trials(new QSpinBox(this))
    , m_trialsOfLast(new QLabel(this))
    , m_command(new QLabel(this))
{
    setObjectName(QStringLiteral("rerunDialog"));
    setWindowTitle(tr("Run One Case Again — %1").arg(task.id));
    for (const TrialInputs& t : last.trials)
        m_seeds[t.caseName] << std::pair { t.trial, t.seed };
    for (const Case& c : task.cases) {
        if (c.origin == CaseOrigin::Declared)
            m_case->addItem(c.name);
    }
    m_case->setObjectName(QStringLiteral("rerunCaseName"));
    if (const int i = m_case->findText(caseName); i >= 0)
        m_case->setCurrentIndex(i);
    m_seed->setObjectName(QStringLiteral("rerunSeed"));
    m_seed->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("\\d{1,20}")), m_seed));
    m_seed->setPlaceholderText(tr("empty: a fresh seed from the system"));
    if (seed > 0)
        m_seed->setText(QString::number(seed));
    m_trials->setRange(1, 20);
    m_trials->setValue(1);
    m_trials->setToolTip(tr("Trial k uses seed S + k: one trial repeats the chosen trial exactly"));
    for (QLabel* l : { m_trialsOfLast, m_command }) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setStyleSheet(QStringLiteral("color: #4b5563;"));
    }
    auto* form = new QFormLayout;
    form->addRow(tr("&Case:"), m_case);
    form->addRow(tr("&Seed:"), m_seed);
    form->addRow(QString(), m_trialsOfLast);
    form->addRow(tr("&Trials:"), m_trials);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Run"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_command);
    layout->addWidget(buttons);
    connect(m_case, &QComboBox::currentTextChanged, this, &RerunDialog::update);
    connect(m_seed, &QLineEdit::textChanged, this, &RerunDialog::update);
    connect(m_trials, &QSpinBox::valueChanged, this, &RerunDialog::update);
    update();
    resize(std::min(560, sizeHint().width() + 80), sizeHint().height());
}

void RerunDialog::update()
{
    QStringList seeds;
    for (const auto& [trial, s] : m_seeds.value(m_case->currentText()))
        seeds << QStringLiteral("t%1: %2").arg(trial).arg(s);
    m_trialsOfLast->setText(seeds.isEmpty() ? tr("(no run of this case yet)")
                                            : tr("Seeds of the last run: %1").arg(seeds.join(QStringLiteral(", "))));
    m_command->setText(tr("The same from a shell: kwb run --case %1%2 --trials %3 --heldout 0 --no-stress %4")
                           .arg(m_case->currentText(),
                               m_seed->text().isEmpty() ? QString() : QStringLiteral(" --seed ") + m_seed->text())
                           .arg(m_trials->value())
                           .arg(m_taskDir));
}

RunRequest RerunDialog::request() const
{
    RunRequest r;
    r.cases = { m_case->currentText() };
    r.trials = m_trials->value();
    r.heldOut = 0;
    r.stress = false;
    bool ok = false;
    const quint64 s = m_seed->text().toULongLong(&ok);
    if (ok)
        r.seed = s;
    return r;
}

QString RerunDialog::scope() const
{
    return m_seed->text().isEmpty() ? tr("case %1, fresh seed").arg(m_case->currentText())
                                    : tr("case %1, seed %2").arg(m_case->currentText(), m_seed->text());
}

} // namespace kwb::ui
