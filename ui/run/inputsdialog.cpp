// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/run/inputsdialog.h"

#include "ui/run/tensortablemodel.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QSplitter>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace kwb::ui {

InputsDialog::InputsDialog(const RunResult& run, QWidget* parent)
    : QDialog(parent)
    , m_tree(new QTreeWidget(this))
    , m_summary(new QLabel(this))
    , m_table(new QTableView(this))
    , m_model(new TensorTableModel(this))
    , m_save(new QPushButton(tr("Save as .npy…"), this))
{
    setObjectName(QStringLiteral("inputsDialog"));
    setWindowTitle(tr("Inputs of the run of %1").arg(run.task.id));
    for (const TensorSpec& in : run.task.inputs)
        m_dtypes.insert(in.name, in.dtype);
    m_tree->setObjectName(QStringLiteral("inputsTree"));
    m_tree->setHeaderLabels({ tr("Case / trial / input"), tr("Seed") });
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    QMap<QString, QTreeWidgetItem*> cases;
    for (const QList<TrialInputs>* list : { &run.trials, &run.generatedTrials }) {
        for (const TrialInputs& t : *list) {
            QTreeWidgetItem*& c = cases[t.caseName];
            if (!c) {
                c = new QTreeWidgetItem(m_tree, { t.caseName });
                c->setFirstColumnSpanned(false);
            }
            auto* trial = new QTreeWidgetItem(c, { QStringLiteral("t%1").arg(t.trial), QString::number(t.seed) });
            trial->setToolTip(1,
                tr("Seed %1: kwb run --case %2 --seed %1 --trials 1 repeats this trial").arg(t.seed).arg(t.caseName));
            for (const QFileInfo& f : QDir(t.dir).entryInfoList({ QStringLiteral("*.npy") }, QDir::Files, QDir::Name)) {
                auto* item = new QTreeWidgetItem(trial, { f.fileName() });
                item->setData(0, Qt::UserRole, f.absoluteFilePath());
                item->setToolTip(0, f.absoluteFilePath());
            }
        }
    }
    m_tree->expandToDepth(0);
    m_summary->setObjectName(QStringLiteral("inputSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_summary->setText(tr("Choose an input on the left."));
    m_table->setObjectName(QStringLiteral("inputValues"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    m_table->horizontalHeader()->setDefaultSectionSize(90);
    m_save->setObjectName(QStringLiteral("saveInput"));
    m_save->setEnabled(false);
    auto* right = new QWidget(this);
    auto* rv = new QVBoxLayout(right);
    rv->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_save, 0, Qt::AlignTop);
    rv->addLayout(top);
    rv->addWidget(m_table, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_tree);
    split->addWidget(right);
    split->setStretchFactor(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item && !item->data(0, Qt::UserRole).toString().isEmpty())
            showFile(item->data(0, Qt::UserRole).toString());
    });
    connect(m_save, &QPushButton::clicked, this, &InputsDialog::saveAs);
    // Never larger than the screen it opens on.
    resize(QSize(1000, 620).boundedTo(screen() ? screen()->availableGeometry().size() * 9 / 10 : QSize(1000, 620)));
}

QString InputsDialog::summaryText() const
{
    return m_summary->text();
}

bool InputsDialog::showFile(const QString& file)
{
    const std::optional<DType> dtype = m_dtypes.contains(QFileInfo(file).completeBaseName())
        ? std::optional<DType>(m_dtypes.value(QFileInfo(file).completeBaseName()))
        : std::nullopt;
    Result<Tensor> t = loadTensor(file, dtype);
    if (!t) {
        m_model->setTensor(std::nullopt);
        m_summary->setText(t.error().oneLine());
        m_save->setEnabled(false);
        return false;
    }
    m_shown = file;
    const TensorStats s = tensorStats(*t);
    m_model->setTensor(*t);
    m_summary->setText(
        QStringLiteral("%1 — %2%3")
            .arg(QFileInfo(file).fileName(), tensorSummary(*t, s),
                m_model->truncated() ? tr(" (the table shows %1 of %2 rows and %3 of %4 columns; Save as "
                                          ".npy keeps all of it)")
                                           .arg(m_model->rowCount())
                                           .arg(m_model->totalRows())
                                           .arg(m_model->columnCount())
                                           .arg(m_model->totalColumns())
                                     : QString()));
    m_save->setEnabled(true);
    return true;
}

bool InputsDialog::saveShownAs(const QString& path)
{
    if (m_shown.isEmpty())
        return false;
    QFile::remove(path);
    return QFile::copy(m_shown, path);
}

void InputsDialog::saveAs()
{
    // Named by case and trial (`large-t0-x.npy`): the run's folders are named by a hash the runner cannot read a
    // case from.
    const QTreeWidgetItem* item = m_tree->currentItem();
    const QTreeWidgetItem* trial = item ? item->parent() : nullptr;
    const QTreeWidgetItem* caseItem = trial ? trial->parent() : nullptr;
    const QString name = caseItem ? QStringLiteral("%1-%2-%3").arg(caseItem->text(0), trial->text(0), item->text(0))
                                  : QFileInfo(m_shown).fileName();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Input as .npy"), QDir::home().filePath(name), tr("NumPy arrays (*.npy)"));
    if (path.isEmpty())
        return;
    m_summary->setText(saveShownAs(path) ? tr("Saved %1").arg(path) : tr("Could not write %1").arg(path));
}

} // namespace kwb::ui
