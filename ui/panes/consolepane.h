// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QMap>
#include <QPlainTextEdit>

class QTextDocument;

namespace kwb::ui {

class Session;

/// The log of what the workbench did: folders opened, lint summaries, load errors, and the output of compile,
/// run and bench actions. One log per task: opening another task shows its own (empty at first), coming back
/// shows the earlier one. Process output is shown in whole lines (a partial line waits for its end or for
/// flushOutput()); on stderr only lines that report an error are red (warnings amber), the rest is ordinary
/// text; the view follows the end unless the user scrolled up.
class ConsolePane : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit ConsolePane(Session* session, QWidget* parent = nullptr);

    /// True for a line that reports an error (`error:`, `fatal`, `Traceback`, `Segmentation fault`, …).
    static bool isErrorLine(const QString& line);
    static bool isWarningLine(const QString& line);
    /// The log shown now belongs to this task (its folder); "" before any task.
    QString shownTask() const { return m_task; }

public Q_SLOTS:
    /// A line in the log shown now.
    void appendLine(const QString& line);
    /// A line in the log of `task` (a job's lines go to the task it runs for, whichever task is shown).
    void appendLineTo(const QString& task, const QString& line);
    /// Output of a running process; lines are shown once complete.
    void appendOutput(const QString& source, const QString& text, bool isError);
    void appendOutputTo(const QString& task, const QString& source, const QString& text, bool isError);
    /// Shows what is left of partial lines (a process ended without a final newline).
    void flushOutput();
    /// Shows the log of `task` (a key such as the bundle folder), making it when new.
    void showTask(const QString& task);

private:
    QTextDocument* log(const QString& task);
    void insertLine(QTextDocument* doc, const QString& text, const QColor& colour);
    void scrollIfFollowing(bool following);
    bool following() const;

    QString m_task;
    QMap<QString, QTextDocument*> m_logs;
    QHash<QString, QString> m_partial; ///< "task|source|channel" → the unfinished line
};

} // namespace kwb::ui
