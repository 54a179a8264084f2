// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panes/sourceview.h"

#include "ui/editor/codeeditor.h"
#include "ui/editor/findbar.h"
#include "ui/panes/diffcontroller.h"
#include "ui/window/session.h"

#include <QComboBox>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

namespace kwb::ui {

namespace {
constexpr int FileRole = Qt::UserRole;
constexpr int ImplRole = Qt::UserRole + 1;

QString readText(const QString& path, bool* ok)
{
    QFile f(path);
    *ok = f.open(QIODevice::ReadOnly);
    return *ok ? QString::fromUtf8(f.readAll()) : QString();
}
} // namespace

SourceView::SourceView(Session* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_leftSelector(new QComboBox(this))
    , m_rightSelector(new QComboBox(this))
    , m_leftInfo(new QLabel(this))
    , m_rightInfo(new QLabel(this))
    , m_left(new CodeEditor(this))
    , m_right(new CodeEditor(this))
    , m_findBar(new FindBar(this))
    , m_diff(new DiffController(m_left, m_right, this))
    , m_diffButton(new QToolButton(this))
    , m_changeLabel(new QLabel(this))
{
    setObjectName(QStringLiteral("sourceView"));
    m_leftSelector->setObjectName(QStringLiteral("baselineSelector"));
    m_rightSelector->setObjectName(QStringLiteral("candidateSelector"));
    m_left->setObjectName(QStringLiteral("leftEditor"));
    m_right->setObjectName(QStringLiteral("rightEditor"));
    m_diffButton->setObjectName(QStringLiteral("diffButton"));
    m_changeLabel->setObjectName(QStringLiteral("changeLabel"));
    m_leftSelector->setToolTip(tr("What the candidate is compared with"));
    m_rightSelector->setToolTip(tr("The candidate under review (Alt+Left / Alt+Right)"));

    m_diffButton->setText(tr("Diff"));
    m_diffButton->setCheckable(true);
    m_diffButton->setToolTip(tr("Align the two sides and mark what differs (Ctrl+D)"));
    m_diffButton->setAutoRaise(true);
    auto* prev = new QToolButton(this);
    prev->setText(QStringLiteral("▲"));
    prev->setToolTip(tr("Previous change (Shift+F7)"));
    prev->setAutoRaise(true);
    auto* next = new QToolButton(this);
    next->setText(QStringLiteral("▼"));
    next->setToolTip(tr("Next change (F7)"));
    next->setAutoRaise(true);
    m_changeLabel->setMinimumWidth(110);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 6, 0);
    bar->setSpacing(2);
    bar->addWidget(header(m_leftSelector, m_leftInfo), 1);
    bar->addSpacing(8);
    bar->addWidget(header(m_rightSelector, m_rightInfo), 1);
    bar->addSpacing(8);
    bar->addWidget(m_diffButton);
    bar->addWidget(prev);
    bar->addWidget(next);
    bar->addWidget(m_changeLabel);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("sourceSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->setHandleWidth(1);
    splitter->addWidget(m_left);
    splitter->addWidget(m_right);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(3);
    layout->addLayout(bar);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_findBar);

    m_findBar->setEditor(m_right);
    m_left->installEventFilter(this);
    m_right->installEventFilter(this);

    connect(m_diffButton, &QToolButton::toggled, this, &SourceView::setDiffMode);
    connect(prev, &QToolButton::clicked, this, &SourceView::previousChange);
    connect(next, &QToolButton::clicked, this, &SourceView::nextChange);
    connect(m_diff, &DiffController::changeSelected, this, &SourceView::updateChangeLabel);
    connect(m_leftSelector, &QComboBox::currentIndexChanged, this, [this] { onSelectorChanged(m_leftSelector); });
    connect(m_rightSelector, &QComboBox::currentIndexChanged, this, [this] { onSelectorChanged(m_rightSelector); });
    connect(m_session, &Session::taskOpened, this, [this] {
        setDiagnostics({});
        rebuildSelectors();
        refresh();
    });
    connect(m_session, &Session::candidateChanged, this, [this](const QString& id) {
        selectFile(m_rightSelector, m_session->task()->implementation(id)->source);
        refresh();
    });
    connect(m_session, &Session::baselineChanged, this, [this](const QString& id) {
        selectFile(m_leftSelector, m_session->task()->implementation(id)->source);
        refresh();
    });
    connect(m_session, &Session::findingsChanged, this, [this] {
        m_left->setFindings(m_session->findings());
        m_right->setFindings(m_session->findings());
    });
    rebuildSelectors();
    refresh();
}

QWidget* SourceView::header(QComboBox* combo, QLabel* info)
{
    auto* w = new QWidget(this);
    auto* l = new QHBoxLayout(w);
    l->setContentsMargins(6, 0, 0, 0);
    l->setSpacing(6);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    combo->setMinimumContentsLength(18);
    info->setStyleSheet(QStringLiteral("color: #8c959f;"));
    // The selector keeps its width; the backend/entry note gives way when the pane is narrow.
    info->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    info->setMinimumWidth(0);
    l->addWidget(combo);
    l->addWidget(info, 1);
    return w;
}

void SourceView::rebuildSelectors()
{
    m_updating = true;
    m_leftSelector->clear();
    m_rightSelector->clear();
    if (const Task* task = m_session->task()) {
        for (const Implementation& impl : task->implementations()) {
            const QString label = QStringLiteral("%1 · %2").arg(impl.id, impl.source);
            for (QComboBox* c : { m_leftSelector, m_rightSelector }) {
                c->addItem(label, impl.source);
                c->setItemData(c->count() - 1, impl.id, ImplRole);
            }
        }
        QStringList others { QStringLiteral("task.json") };
        if (!task->spec.isEmpty())
            others << task->spec;
        for (const QString& file : others) {
            for (QComboBox* c : { m_leftSelector, m_rightSelector })
                c->addItem(file, file);
        }
        selectFile(m_leftSelector, task->implementation(m_session->baseline())->source);
        const Implementation* cand = task->implementation(m_session->candidate());
        selectFile(m_rightSelector, cand ? cand->source : QStringLiteral("task.json"));
    }
    m_updating = false;
}

void SourceView::selectFile(QComboBox* combo, const QString& file)
{
    int index = combo->findData(file, FileRole);
    if (index < 0) {
        combo->addItem(file, file);
        index = combo->count() - 1;
    }
    const bool was = m_updating;
    m_updating = true;
    combo->setCurrentIndex(index);
    m_updating = was;
}

void SourceView::onSelectorChanged(QComboBox* combo)
{
    if (m_updating)
        return;
    // Implementations go through the session so every pane follows; other files are local views.
    const QString impl = combo->currentData(ImplRole).toString();
    if (!impl.isEmpty()) {
        const bool changed = combo == m_rightSelector ? impl != m_session->candidate() : impl != m_session->baseline();
        if (changed) {
            combo == m_rightSelector ? m_session->setCandidate(impl) : m_session->setBaseline(impl);
            return;
        }
    }
    refresh();
}

void SourceView::refresh()
{
    const Task* task = m_session->task();
    if (!task) {
        m_diff->stop();
        m_left->clearSource();
        m_right->clearSource();
        m_leftInfo->clear();
        m_rightInfo->clear();
        updateChangeLabel();
        return;
    }
    const QString leftFile = m_leftSelector->currentData(FileRole).toString();
    const QString rightFile = m_rightSelector->currentData(FileRole).toString();
    bool leftOk = false;
    bool rightOk = false;
    const QString leftText = readText(task->path(leftFile), &leftOk);
    const QString rightText = readText(task->path(rightFile), &rightOk);
    auto info = [task](const QString& file, bool ok, QComboBox* combo) {
        if (!ok)
            return tr("cannot be read");
        const Implementation* impl = task->implementation(combo->currentData(ImplRole).toString());
        const QString lang = languageName(languageForFile(file));
        return impl ? QStringLiteral("%1 · %2").arg(impl->backend, impl->entry) : lang;
    };
    m_leftInfo->setText(info(leftFile, leftOk, m_leftSelector));
    m_rightInfo->setText(info(rightFile, rightOk, m_rightSelector));
    if (m_diffMode) {
        m_diff->show(leftFile, leftText, rightFile, rightText);
    } else {
        m_diff->stop();
        m_left->setSource(leftFile, leftText);
        m_right->setSource(rightFile, rightText);
    }
    m_left->setFindings(m_session->findings());
    m_right->setFindings(m_session->findings());
    updateChangeLabel();
}

void SourceView::updateChangeLabel()
{
    if (!m_diff->isActive()) {
        m_changeLabel->setText(m_diffMode ? QString() : tr("side by side"));
        return;
    }
    const int count = m_diff->changeCount();
    if (count == 0)
        m_changeLabel->setText(tr("no differences"));
    else if (m_diff->currentChange() < 0)
        m_changeLabel->setText(count == 1 ? tr("1 change") : tr("%1 changes").arg(count));
    else
        m_changeLabel->setText(tr("change %1 of %2").arg(m_diff->currentChange() + 1).arg(count));
}

void SourceView::setDiffMode(bool on)
{
    if (on == m_diffMode)
        return;
    m_diffMode = on;
    m_diffButton->setChecked(on);
    refresh();
    Q_EMIT diffModeChanged(on);
}

void SourceView::nextChange()
{
    if (!m_diffMode)
        setDiffMode(true);
    m_diff->nextChange();
}

void SourceView::previousChange()
{
    if (!m_diffMode)
        setDiffMode(true);
    m_diff->previousChange();
}

void SourceView::activateFind()
{
    m_findBar->activate();
}

void SourceView::stepCandidate(int delta)
{
    const Task* task = m_session->task();
    if (!task || task->candidates.isEmpty())
        return;
    int index = 0;
    for (int i = 0; i < task->candidates.size(); ++i) {
        if (task->candidates[i].id == m_session->candidate())
            index = i;
    }
    const int n = static_cast<int>(task->candidates.size());
    m_session->setCandidate(task->candidates[((index + delta) % n + n) % n].id);
}

bool SourceView::showLocation(const QString& file, int line)
{
    const Task* task = m_session->task();
    if (!task || file.isEmpty() || !QFileInfo::exists(task->path(file)))
        return false;
    CodeEditor* editor = nullptr;
    if (m_right->fileName() == file) {
        editor = m_right;
    } else if (m_left->fileName() == file) {
        editor = m_left;
    } else {
        selectFile(m_leftSelector, file);
        const QString impl = m_leftSelector->currentData(ImplRole).toString();
        if (!impl.isEmpty() && impl != m_session->baseline())
            m_session->setBaseline(impl); // refreshes through baselineChanged
        else
            refresh();
        editor = m_left;
    }
    if (line > 0)
        editor->goToSourceLine(line);
    editor->setFocus();
    return true;
}

void SourceView::setDiagnostics(const QList<Diagnostic>& diagnostics)
{
    m_left->setDiagnostics(diagnostics);
    m_right->setDiagnostics(diagnostics);
}

bool SourceView::eventFilter(QObject* watched, QEvent* event)
{
    // The find bar follows the editor the reviewer worked in last.
    if (event->type() == QEvent::FocusIn && (watched == m_left || watched == m_right))
        m_findBar->setEditor(static_cast<CodeEditor*>(watched));
    return QWidget::eventFilter(watched, event);
}

} // namespace kwb::ui
