#pragma once

#include <QPlainTextEdit>

namespace kwb::ui {

class Session;

/// The log of what the workbench did: folders opened, lint summaries, load errors; later the
/// output of compile, run and bench actions.
class ConsolePane : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit ConsolePane(Session* session, QWidget* parent = nullptr);

public Q_SLOTS:
    void appendLine(const QString& line);
    /// Output of a running process: stderr in red, the view follows the end unless the user scrolled up.
    void appendOutput(const QString& source, const QString& text, bool isError);
};

} // namespace kwb::ui
