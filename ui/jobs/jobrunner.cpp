// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/jobs/jobrunner.h"

#include <QPointer>
#include <QThread>

namespace kwb::ui {

JobRunner::JobRunner(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<kwb::OutputChannel>();
    qRegisterMetaType<kwb::JobProgress>();
}

JobRunner::~JobRunner()
{
    if (m_cancel)
        m_cancel->store(true);
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void JobRunner::launch(std::function<Delivery(const JobContext&)> work)
{
    if (m_cancel)
        m_cancel->store(true); // the superseded job stops; its result is dropped by the generation check
    const quint64 generation = ++m_generation;
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_cancel = cancel;
    QPointer<JobRunner> self(this);
    // Runs `f` on the GUI thread while this job is still the current one.
    const auto onGuiThread = [self, generation](auto f) {
        QMetaObject::invokeMethod(
            self,
            [self, generation, f = std::move(f)] {
                if (self && self->m_generation == generation)
                    f(*self);
            },
            Qt::QueuedConnection);
    };
    auto* thread = QThread::create([work = std::move(work), cancel, onGuiThread] {
        JobContext job;
        job.cancel = cancel.get();
        job.onProgress
            = [onGuiThread](const JobProgress& p) { onGuiThread([p](JobRunner& r) { Q_EMIT r.progressed(p); }); };
        job.onOutput = [onGuiThread](const QString& source, OutputChannel channel, const QByteArray& bytes) {
            onGuiThread([source, channel, bytes](JobRunner& r) { Q_EMIT r.outputReceived(source, channel, bytes); });
        };
        Delivery deliver = work(job);
        const bool stopped = cancel->load();
        onGuiThread([deliver = std::move(deliver), stopped](JobRunner& r) {
            r.m_busy = false;
            deliver(stopped);
            Q_EMIT r.ended();
        });
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    connect(thread, &QThread::finished, this, [this, thread] {
        if (m_thread == thread)
            m_thread = nullptr;
    });
    m_thread = thread;
    m_busy = true;
    thread->start();
    Q_EMIT started();
}

void JobRunner::stop()
{
    if (m_cancel)
        m_cancel->store(true);
}

void JobRunner::discard()
{
    stop();
    ++m_generation;
    const bool wasBusy = std::exchange(m_busy, false);
    if (wasBusy)
        Q_EMIT ended();
}

} // namespace kwb::ui
