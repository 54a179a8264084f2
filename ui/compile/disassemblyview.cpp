// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/compile/disassemblyview.h"

#include "ui/editor/codeeditor.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMap>
#include <QVBoxLayout>

#include <utility>

namespace kwb::ui {

DisassemblyView::DisassemblyView(QWidget* parent)
    : QWidget(parent)
    , m_selector(new QComboBox(this))
    , m_mix(new QLabel(this))
    , m_notesLabel(new QLabel(this))
    , m_lineInfo(new QLabel(this))
    , m_editor(new CodeEditor(this))
{
    setObjectName(QStringLiteral("disassemblyView"));
    m_selector->setObjectName(QStringLiteral("disassemblySelector"));
    m_mix->setObjectName(QStringLiteral("instructionMix"));
    m_notesLabel->setObjectName(QStringLiteral("disassemblyNotes"));
    m_editor->setObjectName(QStringLiteral("disassemblyEditor"));
    m_selector->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_mix->setWordWrap(true);
    m_mix->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notesLabel->setWordWrap(true);
    m_notesLabel->setStyleSheet(QStringLiteral("color: #8c5a00;"));
    m_lineInfo->setStyleSheet(QStringLiteral("color: #57606a;"));

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Kernel:"), this));
    bar->addWidget(m_selector);
    bar->addWidget(m_lineInfo, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_mix);
    layout->addWidget(m_notesLabel);
    layout->addWidget(m_editor, 1);
    connect(m_selector, &QComboBox::currentIndexChanged, this, &DisassemblyView::showEntry);
    clear();
}

void DisassemblyView::clear()
{
    m_entries.clear();
    m_notes.clear();
    m_selector->clear();
    m_editor->clearSource();
    m_mix->setText(tr("Compile (Ctrl+B) to see the PTX of each kernel."));
    m_notesLabel->hide();
    m_lineInfo->clear();
}

void DisassemblyView::setResult(const CompileResult& result)
{
    const QSignalBlocker block(m_selector);
    m_entries.clear();
    m_notes.clear();
    m_selector->clear();
    QMap<QString, QStringList> notedBy; // one line per note, naming every implementation it is about
    for (const ImplementationCompile& c : result.implementations) {
        for (const DisassembledKernel& k : c.disassembly)
            m_entries << Entry { c.id, c.source, k };
        for (const QString& n : c.notes) {
            if (n.contains(u"SASS") || n.contains(u"Triton") || n.contains(u"cuobjdump") || n.contains(u"x86-64")
                || n.contains(u"Pallas") || n.contains(u"launches not compiled"))
                notedBy[n] << c.id;
        }
    }
    for (auto it = notedBy.cbegin(); it != notedBy.cend(); ++it)
        m_notes << QStringLiteral("%1: %2").arg(it.value().join(QStringLiteral(", ")), it.key());
    for (const Entry& e : m_entries)
        m_selector->addItem(QStringLiteral("%1 · %2 · %3 · %4")
                                .arg(e.implId, e.kernel.demangled.isEmpty() ? e.kernel.name : e.kernel.demangled,
                                    e.kernel.arch, e.kernel.kind.toUpper()));
    m_notesLabel->setText(m_notes.join(u'\n'));
    m_notesLabel->setVisible(!m_notes.isEmpty());
    showEntry(m_entries.isEmpty() ? -1 : 0);
}

QStringList DisassemblyView::entries() const
{
    QStringList out;
    for (int i = 0; i < m_selector->count(); ++i)
        out << m_selector->itemText(i);
    return out;
}

void DisassemblyView::selectEntry(int index)
{
    m_selector->setCurrentIndex(index);
}

void DisassemblyView::setArch(const QString& arch)
{
    const int current = m_selector->currentIndex();
    if (current < 0 || current >= m_entries.size() || m_entries[current].kernel.arch == arch)
        return;
    const Entry& e = m_entries[current];
    for (int i = 0; i < m_entries.size(); ++i) {
        const Entry& o = m_entries[i];
        if (o.implId == e.implId && o.kernel.name == e.kernel.name && o.kernel.kind == e.kernel.kind
            && o.kernel.arch == arch) {
            m_selector->setCurrentIndex(i);
            return;
        }
    }
}

void DisassemblyView::showEntry(int index)
{
    m_lineInfo->clear();
    if (index < 0 || index >= m_entries.size()) {
        m_editor->clearSource();
        m_mix->setText(m_notes.isEmpty() ? tr("No kernel code: nothing compiled to PTX (the compile failed, or the "
                                              "task has no CUDA or Triton implementation).")
                                         : tr("No kernel code."));
        return;
    }
    const DisassembledKernel& k = m_entries[index].kernel;
    m_editor->setSource(QStringLiteral("%1.%2.%3").arg(k.name, k.arch, k.kind), k.lines.join(u'\n'));
    QStringList mix;
    for (auto it = k.mix.cbegin(); it != k.mix.cend(); ++it) {
        if (it.key() != u"instructions")
            mix << QStringLiteral("%1 <b>%2</b>").arg(it.key().toHtmlEscaped()).arg(it.value());
    }
    m_mix->setText(tr("Instruction mix (%1, %2 instructions): %3")
                       .arg(k.kind.toUpper())
                       .arg(k.mix.value(QStringLiteral("instructions")))
                       .arg(mix.isEmpty() ? tr("none of the tracked kinds") : mix.join(QStringLiteral(" · "))));
}

int DisassemblyView::highlightSource(const QString& file, int line)
{
    const int current = m_selector->currentIndex();
    if (current < 0 || current >= m_entries.size())
        return 0;
    const QString arch = m_entries[current].kernel.arch;
    const auto matches = [&](int i, bool sameArch, bool withHits) {
        const Entry& e = m_entries[i];
        return e.source == file && (!sameArch || e.kernel.arch == arch)
            && (!withHits || !e.kernel.linesForSource(line).isEmpty());
    };
    // The kernel shown, if the line made code there; else another kernel of the file (same arch first) that has
    // code from it; else the file's first kernel.
    int target = matches(current, true, true) ? current : -1;
    const std::pair<bool, bool> passes[] = { { true, true }, { false, true }, { true, false } };
    for (const auto& [sameArch, withHits] : passes) {
        for (int i = 0; i < m_entries.size() && target < 0; ++i) {
            if (matches(i, sameArch, withHits))
                target = i;
        }
    }
    if (target < 0)
        return 0;
    if (target != current)
        m_selector->setCurrentIndex(target);
    QList<int> hits;
    const DisassembledKernel& k = m_entries[target].kernel;
    for (int i : k.linesForSource(line)) {
        if (!k.lines.value(i).trimmed().isEmpty())
            hits << i;
    }
    m_editor->setHighlightedLines(hits);
    m_lineInfo->setText(hits.isEmpty() ? tr("%1:%2 made no instructions in this kernel").arg(file).arg(line)
                                       : tr("%1:%2 → %3 lines highlighted").arg(file).arg(line).arg(hits.size()));
    return static_cast<int>(hits.size());
}

} // namespace kwb::ui
