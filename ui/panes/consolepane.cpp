#include "panes/consolepane.h"

#include "editor/theme.h"
#include "window/session.h"

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

} // namespace kwb::ui
