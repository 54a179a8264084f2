#include "compile/compilecontroller.h"

#include <QPointer>
#include <QThread>

namespace kwb::ui {

CompileController::CompileController(QObject* parent)
    : QObject(parent)
{
    setObjectName(QStringLiteral("compileController"));
    qRegisterMetaType<std::shared_ptr<const kwb::CompileResult>>();
}

CompileController::~CompileController()
{
    if (m_cancel)
        m_cancel->store(true);
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void CompileController::start(const Task& task, const CompileRequest& request)
{
    if (m_cancel)
        m_cancel->store(true); // the superseded compile stops; its result is dropped by the generation check
    const quint64 generation = ++m_generation;
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_cancel = cancel;
    QPointer<CompileController> self(this);
    auto* thread = QThread::create([self, task, request, generation, cancel] {
        CompileRequest r = request;
        r.cancel = cancel.get();
        r.progress = [self, generation](const QString& impl, int done, int total) {
            QMetaObject::invokeMethod(
                self,
                [self, generation, impl, done, total] {
                    if (self && self->m_generation == generation)
                        Q_EMIT self->progressed(impl, done, total);
                },
                Qt::QueuedConnection);
        };
        auto result = compileTask(task, r);
        std::shared_ptr<const CompileResult> shared;
        QString error;
        if (result)
            shared = std::make_shared<const CompileResult>(std::move(result).value());
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

void CompileController::stop()
{
    if (m_cancel)
        m_cancel->store(true);
}

void CompileController::discard()
{
    stop();
    ++m_generation;
}

void CompileController::deliver(
    quint64 generation, std::shared_ptr<const CompileResult> result, QString error, bool stopped)
{
    if (generation != m_generation)
        return; // a stale result: the user started another compile, or opened another task, since
    if (stopped)
        Q_EMIT failed(tr("stopped by the user"), true);
    else if (result)
        Q_EMIT finished(result);
    else
        Q_EMIT failed(error, false);
}

} // namespace kwb::ui
