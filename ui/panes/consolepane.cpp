#include "panes/consolepane.h"

#include "editor/theme.h"
#include "window/session.h"

#include <QScrollBar>
#include <QTextCursor>
#include <QTime>

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
    connect(session, &Session::logged, this, &ConsolePane::appendLine);
}

void ConsolePane::appendLine(const QString& line)
{
    appendPlainText(QTime::currentTime().toString(QStringLiteral("HH:mm:ss  ")) + line);
}

void ConsolePane::appendOutput(const QString& source, const QString& text, bool isError)
{
    QScrollBar* bar = verticalScrollBar();
    const bool following = bar->value() >= bar->maximum() - 2;
    QTextCharFormat format;
    format.setForeground(isError ? QColor(0xb7, 0x1c, 0x1c) : palette().text().color());
    QTextCursor cursor(document());
    cursor.movePosition(QTextCursor::End);
    for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        cursor.insertBlock();
        cursor.insertText(QStringLiteral("%1 | %2").arg(source, line), format);
    }
    if (following)
        bar->setValue(bar->maximum());
}

} // namespace kwb::ui
