// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/jobs/actionboard.h"

#include "ui/jobs/jobrunner.h"

#include <QProgressBar>

#include <algorithm>

namespace kwb::ui {

ActionBoard::ActionBoard(QObject* parent)
    : QObject(parent)
{
    connect(this, &ActionBoard::changed, this, &ActionBoard::refreshBar);
}

ActionBoard::Entry* ActionBoard::entry(const QString& action)
{
    const auto it
        = std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry& e) { return e.action == action; });
    return it == m_entries.end() ? nullptr : &*it;
}

const ActionBoard::Entry* ActionBoard::entry(const QString& action) const
{
    return const_cast<ActionBoard*>(this)->entry(action);
}

void ActionBoard::track(const QString& action, JobRunner* runner)
{
    if (!entry(action))
        m_entries << Entry { action, runner, {}, 0, 0, 0 };
    else
        entry(action)->runner = runner;
    connect(runner, &JobRunner::started, this, [this, action] {
        if (Entry* e = entry(action))
            e->startedAt = ++m_starts;
        Q_EMIT changed();
    });
    connect(runner, &JobRunner::ended, this, [this, action] {
        if (Entry* e = entry(action)) {
            e->step.clear();
            e->done = e->total = 0;
        }
        Q_EMIT changed();
    });
}

void ActionBoard::setStep(const QString& action, const QString& text, int done, int total)
{
    Entry* e = entry(action);
    if (!e) {
        m_entries << Entry { action, nullptr, {}, 0, 0, ++m_starts };
        e = &m_entries.last();
    }
    if (e->step.isEmpty() && !text.isEmpty() && !(e->runner && e->runner->isBusy()))
        e->startedAt = ++m_starts; // an action without a runner of its own starts with its first step
    e->step = text;
    e->done = text.isEmpty() ? 0 : done;
    e->total = text.isEmpty() ? 0 : total;
    Q_EMIT changed();
}

bool ActionBoard::busy(const QString& action) const
{
    const Entry* e = entry(action);
    return e && ((e->runner && e->runner->isBusy()) || (!e->runner && !e->step.isEmpty()));
}

bool ActionBoard::anyBusy() const
{
    return std::any_of(m_entries.cbegin(), m_entries.cend(), [this](const Entry& e) { return busy(e.action); });
}

QStringList ActionBoard::steps() const
{
    QList<const Entry*> running;
    for (const Entry& e : m_entries) {
        if (busy(e.action) && !e.step.isEmpty())
            running << &e;
    }
    std::sort(
        running.begin(), running.end(), [](const Entry* a, const Entry* b) { return a->startedAt < b->startedAt; });
    QStringList out;
    for (const Entry* e : running)
        out << e->step;
    return out;
}

std::optional<ActionBoard::Progress> ActionBoard::progress() const
{
    const Entry* last = nullptr;
    for (const Entry& e : m_entries) {
        if (busy(e.action) && (!last || e.startedAt > last->startedAt))
            last = &e;
    }
    if (!last)
        return std::nullopt;
    return Progress { last->action, last->done, last->total };
}

void ActionBoard::drive(QProgressBar* bar)
{
    m_bar = bar;
    refreshBar();
}

void ActionBoard::refreshBar()
{
    if (!m_bar)
        return;
    const auto p = progress();
    if (!p) {
        m_bar->hide();
        return;
    }
    const bool known = p->total > 0 && p->done < p->total;
    m_bar->setRange(0, known ? p->total : 0);
    m_bar->setValue(known ? p->done : 0);
    m_bar->show();
}

void ActionBoard::stopAll()
{
    for (const Entry& e : m_entries) {
        if (e.runner && e.runner->isBusy())
            e.runner->stop();
    }
}

} // namespace kwb::ui
