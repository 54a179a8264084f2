// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/compile/compilepane.h"

#include "ui/compile/diagnosticsmodel.h"
#include "ui/compile/disassemblyview.h"
#include "ui/compile/kernelresourcesmodel.h"
#include "ui/editor/theme.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace kwb::ui {

namespace {
QTableView* makeTable(QAbstractItemModel* model, const QString& name, QWidget* parent)
{
    auto* v = new QTableView(parent);
    v->setObjectName(name);
    v->setModel(model);
    v->setSelectionBehavior(QAbstractItemView::SelectRows);
    v->setSelectionMode(QAbstractItemView::SingleSelection);
    v->setEditTriggers(QAbstractItemView::NoEditTriggers);
    v->setWordWrap(false);
    v->verticalHeader()->hide();
    v->verticalHeader()->setDefaultSectionSize(v->fontMetrics().height() + 6);
    v->horizontalHeader()->setHighlightSections(false);
    return v;
}
} // namespace

CompilePane::CompilePane(QWidget* parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_arch(new QComboBox(this))
    , m_compileButton(new QToolButton(this))
    , m_stopButton(new QToolButton(this))
    , m_command(new QLineEdit(this))
    , m_version(new QLabel(this))
    , m_commandRow(new QWidget(this))
    , m_tabs(new QTabWidget(this))
    , m_diagnostics(new DiagnosticsModel(this))
    , m_kernels(new KernelResourcesModel(this))
    , m_disassembly(new DisassemblyView(this))
    , m_build(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("compilePane"));
    m_summary->setObjectName(QStringLiteral("compileSummary"));
    m_arch->setObjectName(QStringLiteral("compileArchSelector"));
    m_compileButton->setObjectName(QStringLiteral("compileButton"));
    m_stopButton->setObjectName(QStringLiteral("compileStopButton"));
    m_command->setObjectName(QStringLiteral("compileCommand"));
    m_version->setObjectName(QStringLiteral("compilerVersion"));
    m_tabs->setObjectName(QStringLiteral("compileTabs"));
    m_build->setObjectName(QStringLiteral("compileBuildLog"));

    m_compileButton->setText(tr("Compile"));
    m_compileButton->setToolTip(tr("Compile every implementation for the task's target archs (Ctrl+B)"));
    m_stopButton->setText(tr("Stop"));
    m_stopButton->setToolTip(tr("Stop the compile: its compiler processes are killed"));
    m_stopButton->setEnabled(false);
    m_arch->setToolTip(tr("The task targets several archs: the kernels and disassembly of this one"));
    m_arch->hide();
    // One line, read-only and selectable: the exact command, to copy into a terminal.
    m_command->setReadOnly(true);
    m_command->setFont(codeFont());
    m_command->setFrame(false);
    m_command->setStyleSheet(QStringLiteral("color: #24292f; background: transparent;"));
    m_command->setToolTip(tr("The exact command line (every implementation's: Build tab)"));
    m_version->setStyleSheet(QStringLiteral("color: #57606a;"));
    m_version->setToolTip(tr("The compiler's version"));
    auto* commandLayout = new QHBoxLayout(m_commandRow);
    commandLayout->setContentsMargins(6, 0, 6, 0);
    commandLayout->addWidget(m_command, 1);
    commandLayout->addWidget(m_version);
    m_build->setReadOnly(true);
    m_build->setFont(codeFont());
    m_build->setLineWrapMode(QPlainTextEdit::NoWrap);

    m_diagnosticsView = makeTable(m_diagnostics, QStringLiteral("compileDiagnostics"), this);
    m_diagnosticsView->horizontalHeader()->setStretchLastSection(true);
    m_diagnosticsView->setColumnWidth(DiagnosticsModel::OpenColumn, 24);
    m_diagnosticsView->setColumnWidth(DiagnosticsModel::SeverityColumn, 90);
    m_diagnosticsView->setColumnWidth(DiagnosticsModel::ImplColumn, 130);
    m_diagnosticsView->setColumnWidth(DiagnosticsModel::LocationColumn, 190);
    m_kernelsView = makeTable(m_kernels, QStringLiteral("kernelResources"), this);
    m_kernelsView->horizontalHeader()->setStretchLastSection(true);
    m_kernelsView->setColumnHidden(KernelResourcesModel::MangledColumn, false);

    m_tabs->addTab(m_diagnosticsView, tr("Diagnostics"));
    m_tabs->addTab(m_kernelsView, tr("Kernels"));
    m_tabs->addTab(m_disassembly, tr("Disassembly"));
    m_tabs->addTab(m_build, tr("Build"));

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 0);
    bar->addWidget(m_compileButton);
    bar->addWidget(m_stopButton);
    bar->addWidget(m_summary, 1);
    bar->addWidget(m_arch);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_commandRow);
    layout->addWidget(m_tabs, 1);

    connect(m_compileButton, &QToolButton::clicked, this, &CompilePane::compileRequested);
    connect(m_stopButton, &QToolButton::clicked, this, &CompilePane::stopRequested);
    connect(m_diagnosticsView, &QTableView::clicked, this, [this](const QModelIndex& index) {
        // The ▸ column opens on a single click; the other columns on a double click or Enter.
        if (index.column() != DiagnosticsModel::OpenColumn)
            return;
        if (const auto* r = m_diagnostics->row(index); r && !r->diagnostic.file.isEmpty())
            Q_EMIT locationActivated(r->diagnostic.file, r->diagnostic.line);
    });
    connect(m_diagnosticsView, &QTableView::activated, this, [this](const QModelIndex& index) {
        if (const auto* r = m_diagnostics->row(index); r && !r->diagnostic.file.isEmpty())
            Q_EMIT locationActivated(r->diagnostic.file, r->diagnostic.line);
    });
    connect(m_arch, &QComboBox::currentIndexChanged, this, [this] {
        m_kernels->setArch(m_arch->currentData().toString());
        m_disassembly->setArch(m_arch->currentData().toString());
    });
    showMessage(tr("Not compiled yet: Compile (Ctrl+B) builds every implementation for the task's target archs."));
}

void CompilePane::setBusy(bool busy)
{
    m_compileButton->setEnabled(!busy);
    m_stopButton->setEnabled(busy);
}

QString CompilePane::summaryText() const
{
    return m_summary->text();
}

void CompilePane::showMessage(const QString& message)
{
    m_hasResult = false;
    m_result = {};
    m_summary->setText(message);
    m_command->clear();
    m_version->clear();
    m_commandRow->hide();
    m_arch->hide();
    m_diagnostics->clear();
    m_kernels->clear();
    m_disassembly->clear();
    m_build->clear();
    m_tabs->setTabText(0, tr("Diagnostics"));
    m_tabs->setTabText(1, tr("Kernels"));
}

void CompilePane::showResult(const CompileResult& result, const QString& focusImpl)
{
    m_result = result;
    m_hasResult = true;
    m_diagnostics->setResult(result);
    m_kernels->setResult(result);
    m_disassembly->setResult(result);

    {
        const QSignalBlocker block(m_arch);
        m_arch->clear();
        m_arch->addItem(tr("all archs"), QString());
        for (const QString& a : result.archs)
            m_arch->addItem(a, a);
        m_arch->setVisible(result.archs.size() > 1);
        m_arch->setCurrentIndex(result.archs.size() > 1 ? 1 : 0);
    }
    m_kernels->setArch(m_arch->currentData().toString());
    m_disassembly->setArch(m_arch->currentData().toString());

    QStringList failed;
    int errors = 0;
    int warnings = 0;
    QStringList build;
    for (const ImplementationCompile& c : result.implementations) {
        if (!c.ok && !c.toolMissing)
            failed << c.id;
        for (const Diagnostic& d : c.diagnostics) {
            errors += d.severity == DiagnosticSeverity::Error;
            warnings += d.severity == DiagnosticSeverity::Warning;
        }
        build << QStringLiteral("== %1 [%2] %3: %4")
                     .arg(c.id, c.backend, c.source,
                         c.toolMissing ? (c.archsNotBuilt.isEmpty() ? tr("compiler missing") : tr("not compiled here"))
                             : c.ok    ? tr("ok")
                                       : tr("FAILED"));
        if (!c.command.isEmpty())
            build << QStringLiteral("$ ") + c.command << c.compilerVersion;
        for (const QString& n : c.notes)
            build << tr("note: ") + n;
        if (!c.log.trimmed().isEmpty())
            build << c.log.trimmed();
        build << QString();
    }
    m_build->setPlainText(build.join(u'\n'));
    // Launches the arch cannot run (a Triton tile's shared memory, a Pallas block's VMEM) are no diagnostic.
    int launchErrors = 0;
    for (const Finding& f : result.findings)
        launchErrors += f.severity == Severity::Error && f.id.startsWith(u"launch.") ? 1 : 0;
    m_summary->setText(tr("%1 for %2: %3 implementation(s), %4 — %5 error(s), %6 warning(s)")
                           .arg(result.taskId, result.archs.join(QStringLiteral(", ")))
                           .arg(result.implementations.size())
                           .arg(failed.isEmpty() ? tr("all compiled") : tr("failed: %1").arg(failed.join(u", ")))
                           .arg(errors)
                           .arg(warnings)
        + (launchErrors > 0 ? tr("; %1 invalid launch(es)").arg(launchErrors) : QString()));
    m_tabs->setTabText(0, tr("Diagnostics (%1)").arg(m_diagnostics->rowCount()));
    m_tabs->setTabText(1, tr("Kernels (%1)").arg(m_kernels->rowCount()));
    m_diagnosticsView->resizeColumnToContents(DiagnosticsModel::LocationColumn);
    m_kernelsView->resizeColumnsToContents();
    for (const int col : { int(KernelResourcesModel::KernelColumn), int(KernelResourcesModel::MangledColumn) }) {
        // Triton names carry their config: keep the figures in view, the whole name is in the tooltip.
        if (m_kernelsView->columnWidth(col) > 340)
            m_kernelsView->setColumnWidth(col, 340);
    }
    setFocusImpl(focusImpl);
    if (m_diagnostics->rowCount() > 0 || m_kernels->rowCount() == 0)
        m_tabs->setCurrentIndex(0);
    else
        m_tabs->setCurrentIndex(1);
}

void CompilePane::setFocusImpl(const QString& implId)
{
    m_focusImpl = implId;
    updateCommand();
}

void CompilePane::updateCommand()
{
    const ImplementationCompile* shown = nullptr;
    for (const ImplementationCompile& c : m_result.implementations) {
        if (c.id == m_focusImpl)
            shown = &c;
    }
    if (!shown && !m_result.implementations.isEmpty())
        shown = &m_result.implementations.first();
    if (!m_hasResult || !shown) {
        m_commandRow->hide();
        return;
    }
    m_command->setText(shown->command.isEmpty()
            ? QStringLiteral("%1: %2").arg(shown->id, shown->notes.join(QStringLiteral("; ")))
            : QStringLiteral("%1: $ %2").arg(shown->id, shown->command));
    m_command->setCursorPosition(0);
    m_version->setText(shown->compilerVersion);
    m_commandRow->show();
}

} // namespace kwb::ui
