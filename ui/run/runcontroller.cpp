#include "run/runcontroller.h"

#include <QPointer>
#include <QThread>

namespace kwb::ui {

RunController::RunController(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<kwb::OutputChannel>();
    qRegisterMetaType<std::shared_ptr<const kwb::RunResult>>();
}

RunController::~RunController()
{
    if (m_cancel)
        m_cancel->store(true);
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void RunController::start(const RunRequest& request)
{
    if (m_cancel)
        m_cancel->store(true); // the superseded run stops; its result is dropped by the generation check
    const quint64 generation = ++m_generation;
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_cancel = cancel;
    QPointer<RunController> self(this);
    auto* thread = QThread::create([self, request, generation, cancel] {
        RunHooks hooks;
        hooks.cancel = cancel.get();
        hooks.output = [self, generation](const QString& impl, OutputChannel channel, const QByteArray& bytes) {
            QMetaObject::invokeMethod(
                self,
                [self, generation, impl, channel, bytes] {
                    if (self && self->m_generation == generation)
                        Q_EMIT self->outputReceived(impl, channel, bytes);
                },
                Qt::QueuedConnection);
        };
        const auto progress = [self, generation](const QString& step, int done, int total) {
            QMetaObject::invokeMethod(
                self,
                [self, generation, step, done, total] {
                    if (self && self->m_generation == generation)
                        Q_EMIT self->progressed(step, done, total);
                },
                Qt::QueuedConnection);
        };
        auto result = runCorrectness(request, progress, hooks);
        std::shared_ptr<const RunResult> shared;
        QString error;
        if (result)
            shared = std::make_shared<const RunResult>(std::move(result).value());
        else
            error = result.error().oneLine();
        const bool stopped = cancel->load();
        QMetaObject::invokeMethod(
            self,
            [self, generation, shared, error, stopped] {
                if (self)
                    self->deliver(generation, shared, error, stopped);
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    connect(thread, &QThread::finished, this, [this, thread] {
        if (m_thread == thread)
            m_thread = nullptr;
    });
    m_thread = thread;
    thread->start();
    Q_EMIT started();
}

void RunController::stop()
{
    if (m_cancel)
        m_cancel->store(true);
}

void RunController::deliver(quint64 generation, std::shared_ptr<const RunResult> result, QString error, bool stopped)
{
    if (generation != m_generation)
        return; // a stale result: the user started another run since
    if (stopped)
        Q_EMIT failed(tr("stopped by the user"), true);
    else if (result)
        Q_EMIT finished(result);
    else
        Q_EMIT failed(error, false);
}

} // namespace kwb::ui
