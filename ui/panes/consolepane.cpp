// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panes/consolepane.h"

#include "ui/editor/theme.h"
#include "ui/window/session.h"

#include <QPlainTextDocumentLayout>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextCursor>
#include <QTextDocument>
#include <QTime>

#include <utility>

namespace kwb::ui {

ConsolePane::ConsolePane(Session* session, QWidget* parent)
    : QPlainTextEdit(parent)
{
    setObjectName(QStringLiteral("consoleView"));
    setReadOnly(true);
    setFrameShape(QFrame::NoFrame);
    setFont(codeFont());
    setMaximumBlockCount(20000);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setPlaceholderText(tr("What the workbench does is logged here."));
    setDocument(log(QString())); // what is logged before a task opens continues in the first task's log
    connect(session, &Session::logged, this, &ConsolePane::appendLine);
    connect(session, &Session::taskOpened, this, [this, session] {
        const LintReport* r = session->currentReport();
        showTask(r ? r->path : QString());
    });
}

bool ConsolePane::isErrorLine(const QString& line)
{
    static const QRegularExpression re(
        QStringLiteral("(\\berror\\b|\\bfatal\\b|^Traceback|Exception\\b|\\bpanic\\b|Segmentation "
                       "fault|\\bAborted\\b|core dumped|\\bFAILED\\b|^E\\s)"),
        QRegularExpression::CaseInsensitiveOption);
    return re.match(line).hasMatch();
}

bool ConsolePane::isWarningLine(const QString& line)
{
    static const QRegularExpression re(
        QStringLiteral("\\bwarning\\b|Warning:"), QRegularExpression::CaseInsensitiveOption);
    return re.match(line).hasMatch();
}

bool ConsolePane::following() const
{
    const QScrollBar* bar = verticalScrollBar();
    return bar->value() >= bar->maximum() - 2;
}

void ConsolePane::scrollIfFollowing(bool wasFollowing)
{
    if (!wasFollowing)
        return;
    QTextCursor end(document());
    end.movePosition(QTextCursor::End);
    setTextCursor(end);
    ensureCursorVisible();
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
}

QTextDocument* ConsolePane::log(const QString& task)
{
    QTextDocument*& doc = m_logs[task];
    if (!doc) {
        doc = new QTextDocument(this);
        doc->setDocumentLayout(new QPlainTextDocumentLayout(doc));
        doc->setDefaultFont(font());
        doc->setMaximumBlockCount(20000);
    }
    return doc;
}

void ConsolePane::insertLine(QTextDocument* doc, const QString& text, const QColor& colour)
{
    const bool shown = doc == document();
    const bool wasFollowing = shown && following();
    QTextCharFormat format;
    format.setForeground(colour);
    QTextCursor cursor(doc);
    cursor.movePosition(QTextCursor::End);
    if (!doc->isEmpty())
        cursor.insertBlock();
    cursor.insertText(text, format);
    if (shown)
        scrollIfFollowing(wasFollowing);
}

void ConsolePane::appendLine(const QString& line)
{
    appendLineTo(m_task, line);
}

void ConsolePane::appendLineTo(const QString& task, const QString& line)
{
    insertLine(task == m_task ? document() : log(task),
        QTime::currentTime().toString(QStringLiteral("HH:mm:ss  ")) + line, palette().text().color());
}

void ConsolePane::appendOutput(const QString& source, const QString& text, bool isError)
{
    appendOutputTo(m_task, source, text, isError);
}

void ConsolePane::appendOutputTo(const QString& task, const QString& source, const QString& text, bool isError)
{
    const QString key = task + u'|' + source + (isError ? QStringLiteral("|err") : QStringLiteral("|out"));
    QString pending = m_partial.take(key) + text;
    pending.remove(QLatin1Char('\r'));
    const qsizetype lastNewline = pending.lastIndexOf(QLatin1Char('\n'));
    if (lastNewline < 0) {
        m_partial.insert(key, pending);
        return;
    }
    if (lastNewline + 1 < pending.size())
        m_partial.insert(key, pending.mid(lastNewline + 1));
    const QStringList lines = pending.left(lastNewline).split(QLatin1Char('\n'));
    QTextDocument* doc = task == m_task ? document() : log(task);
    const bool shown = doc == document();
    // One cursor and one scroll per chunk: a runner that floods its output must not lay the view out per line.
    const bool wasFollowing = shown && following();
    QTextCharFormat plain, error, warning;
    plain.setForeground(palette().text().color());
    error.setForeground(QColor(0xb7, 0x1c, 0x1c));
    warning.setForeground(QColor(0x8a, 0x5a, 0x00));
    QTextCursor cursor(doc);
    cursor.movePosition(QTextCursor::End);
    cursor.beginEditBlock();
    for (const QString& line : lines) {
        if (line.isEmpty())
            continue;
        const QTextCharFormat& format = isError && isErrorLine(line) ? error : isWarningLine(line) ? warning : plain;
        if (!doc->isEmpty())
            cursor.insertBlock();
        cursor.insertText(QStringLiteral("%1 | %2").arg(source, line), format);
    }
    cursor.endEditBlock();
    if (shown)
        scrollIfFollowing(wasFollowing);
}

void ConsolePane::flushOutput()
{
    const QHash<QString, QString> partial = std::exchange(m_partial, {});
    for (auto it = partial.cbegin(); it != partial.cend(); ++it) {
        if (it.value().isEmpty())
            continue;
        const QStringList parts = it.key().split(QLatin1Char('|'));
        appendOutputTo(parts.value(0), parts.value(1), it.value() + QLatin1Char('\n'), parts.value(2) == u"err");
    }
}

void ConsolePane::showTask(const QString& task)
{
    if (task == m_task && !m_logs.isEmpty())
        return;
    if (m_task.isEmpty() && !task.isEmpty() && !m_logs.contains(task) && m_logs.contains(QString()))
        m_logs.insert(task, m_logs.take(QString()));
    m_task = task;
    setDocument(log(task));
    scrollIfFollowing(true);
}

} // namespace kwb::ui
