// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panes/specview.h"

#include "ui/window/session.h"

#include <QFile>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

namespace kwb::ui {

namespace {

QString shapeText(const TensorSpec& t)
{
    if (!t.shapeKnown) // a foreign convention's output: its shape is what the reference returns
        return QStringLiteral("`%1` %2, shape from the reference").arg(t.name, dtypeName(t.dtype));
    return QStringLiteral("`%1` %2[%3]").arg(t.name, dtypeName(t.dtype), t.shape.join(QStringLiteral(", ")));
}

QString summary(const Task& task)
{
    QStringList md;
    md << QStringLiteral("## %1").arg(task.title.isEmpty() ? task.id : task.title);
    QStringList facts;
    facts << QStringLiteral("**%1**").arg(task.kind);
    if (!task.target.framework.isEmpty())
        facts << task.target.framework;
    if (!task.target.hardware.isEmpty())
        facts << task.target.hardware;
    if (!task.target.arch.isEmpty())
        facts << task.target.arch.join(QStringLiteral(", "));
    md << facts.join(QStringLiteral(" · ")) << QString();
    QStringList io;
    for (const TensorSpec& t : task.inputs)
        io << QStringLiteral("in ") + shapeText(t);
    for (const TensorSpec& t : task.outputs)
        io << QStringLiteral("out ") + shapeText(t);
    if (!io.isEmpty())
        md << io.join(QStringLiteral("  \n")) << QString();
    QStringList cases;
    for (const Case& c : task.cases) {
        QStringList dims;
        for (auto it = c.dims.cbegin(); it != c.dims.cend(); ++it)
            dims << QStringLiteral("%1=%2").arg(it.key()).arg(it.value());
        cases << QStringLiteral("%1 (%2)").arg(c.name, dims.join(QStringLiteral(", ")));
    }
    if (!cases.isEmpty())
        md << QStringLiteral("Cases: ") + cases.join(QStringLiteral("; ")) << QString();
    md << (task.tolerance
            ? QStringLiteral("Tolerance: rtol %1, atol %2").arg(task.tolerance->rtol).arg(task.tolerance->atol)
            : QStringLiteral("Tolerance: *not set (dtype defaults)*"))
       << QString() << QStringLiteral("---") << QString();
    return md.join(u'\n');
}

} // namespace

SpecView::SpecView(Session* session, QWidget* parent)
    : QTextBrowser(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("specView"));
    setOpenExternalLinks(true);
    setFrameShape(QFrame::NoFrame);
    document()->setDocumentMargin(14);
    document()->setDefaultStyleSheet(QStringLiteral("code { background: #f3f4f6; } pre { background: #f6f8fa; }"));
    connect(m_session, &Session::taskOpened, this, &SpecView::refresh);
    refresh();
}

void SpecView::refresh()
{
    const Task* task = m_session->task();
    if (!task) {
        const LintReport* report = m_session->currentReport();
        setMarkdown(report
                ? tr("## This task does not load\n\n%1").arg(report->loadError)
                : tr("## No task open\n\nOpen a task folder or a folder of tasks with **File ▸ Open** (Ctrl+O)."));
        tameHeadings();
        return;
    }
    QString spec;
    if (!task->spec.isEmpty()) {
        QFile f(task->path(task->spec));
        spec = f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll())
                                           : tr("*%1 could not be read.*").arg(task->spec);
    } else {
        spec = tr("*The manifest names no spec.*");
    }
    document()->setMetaInformation(QTextDocument::DocumentUrl, QStringLiteral("file://") + task->dir + u'/');
    setMarkdown(summary(*task) + u'\n' + spec);
    tameHeadings();
}

// Markdown headings come out at xx-large, too loud beside code; a reading pane wants them modest.
void SpecView::tameHeadings()
{
    const qreal base = font().pointSizeF();
    for (QTextBlock b = document()->begin(); b.isValid(); b = b.next()) {
        const int level = b.blockFormat().headingLevel();
        if (level == 0)
            continue;
        QTextCursor c(b);
        c.select(QTextCursor::BlockUnderCursor);
        QTextCharFormat f;
        f.setFontPointSize(base + std::max(0, 4 - level) * 1.5);
        f.setFontWeight(QFont::DemiBold);
        f.setProperty(QTextFormat::FontSizeAdjustment, 0);
        c.mergeCharFormat(f);
        QTextBlockFormat bf = b.blockFormat();
        bf.setTopMargin(level <= 2 ? 10 : 6);
        bf.setBottomMargin(4);
        c.setBlockFormat(bf);
    }
}

} // namespace kwb::ui
