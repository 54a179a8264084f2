// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

class QProgressBar;

namespace kwb::ui {

class JobRunner;

/// What the window's actions are doing, in one place: which actions run (run, compile, performance — Profile and
/// Check All —, a scratch run), at which step, and how far. The window has one Stop, one job line and one progress
/// bar, and all three read this board: Stop stops every action it tracks, the line lists their steps, the bar shows
/// the progress of the action that started last. Each action's own job runner still runs it (one job runner class,
/// ui/jobs/jobrunner.h); the board only knows them.
class ActionBoard : public QObject {
    Q_OBJECT
public:
    explicit ActionBoard(QObject* parent = nullptr);

    /// Tracks `runner` as the action `action` (`run`, `compile`, `performance`, `scratch`): Stop reaches it, busy()
    /// reads it, and its step is cleared when it ends.
    void track(const QString& action, JobRunner* runner);
    /// What `action` is doing now ("run of relu: building cand"), and how far (`total` 0: not known). An empty text
    /// says it ended.
    void setStep(const QString& action, const QString& text, int done = 0, int total = 0);

    bool busy(const QString& action) const;
    bool anyBusy() const;
    /// The steps of the running actions, in the order they started.
    QStringList steps() const;
    struct Progress {
        QString action;
        int done = 0;
        int total = 0; ///< 0: not known (a busy bar)
    };
    /// The progress of the action that started last, while any runs.
    std::optional<Progress> progress() const;

    /// Shows progress() on `bar` from now on (hidden while nothing runs; indeterminate while the total is unknown or
    /// passed, as a bench's extra rounds are).
    void drive(QProgressBar* bar);

public Q_SLOTS:
    /// Stop: asks every running action to stop (their processes are killed within ~50 ms).
    void stopAll();

Q_SIGNALS:
    /// An action started, stepped or ended.
    void changed();

private:
    struct Entry {
        QString action;
        QPointer<JobRunner> runner;
        QString step;
        int done = 0;
        int total = 0;
        quint64 startedAt = 0; ///< order of starts: the last started shows on the bar
    };
    Entry* entry(const QString& action);
    const Entry* entry(const QString& action) const;
    void refreshBar();

    QList<Entry> m_entries;
    quint64 m_starts = 0;
    QPointer<QProgressBar> m_bar;
};

} // namespace kwb::ui
