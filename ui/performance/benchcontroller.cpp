#include "performance/benchcontroller.h"

#include <QPointer>
#include <QThread>

namespace kwb::ui {

BenchController::BenchController(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const kwb::ui::PerformanceOutcome>>();
}

BenchController::~BenchController()
{
    if (m_cancel)
        m_cancel->store(true);
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void BenchController::startProfile(const BenchRequest& bench, const std::optional<ProfileRequest>& profile)
{
    launch([bench, profile](const Progress& progress, const std::atomic_bool* cancel) -> Result<PerformanceOutcome> {
        auto result = runBench(bench, {}, cancel, progress);
        if (!result)
            return result.error();
        std::optional<ProfileResult> profiled;
        if (profile) {
            progress(QStringLiteral("profiling"), 0, 0);
            auto p = runProfile(
                *profile, [&](const QString& step) { progress(step, 0, 0); }, cancel);
            if (cancel && *cancel)
                return Error { {}, {}, QStringLiteral("stopped by the user"), QStringLiteral("stopped") };
            if (!p) {
                // The bench stands; the profilers' failure is reported with it.
                ProfileResult failed;
                failed.taskId = result->task.id;
                failed.missing << QStringLiteral("profile: %1").arg(p.error().oneLine());
                profiled = failed;
            } else {
                profiled = std::move(p).value();
            }
        }
        progress(QStringLiteral("median confidence intervals"), 1, 1);
        PerformanceOutcome out;
        out.bench = std::make_shared<const BenchView>(makeBenchView(std::move(result).value(), std::move(profiled)));
        return out;
    });
}

void BenchController::startCheck(const CheckRequest& request)
{
    launch([request](const Progress& progress, const std::atomic_bool* cancel) -> Result<PerformanceOutcome> {
        auto result = runCheck(
            request,
            [&](const CheckProgress& p) {
                progress(QStringLiteral("%1: %2").arg(checkStageName(p.stage), p.step), p.stageIndex, p.stageCount);
            },
            cancel);
        if (!result)
            return result.error();
        PerformanceOutcome out;
        if (result->bench)
            out.bench = std::make_shared<const BenchView>(makeBenchView(*result->bench, result->profile));
        out.check = std::make_shared<const CheckResult>(std::move(result).value());
        return out;
    });
}

void BenchController::launch(Job job)
{
    if (m_cancel)
        m_cancel->store(true); // the superseded job stops; its result is dropped by the generation check
    const quint64 generation = ++m_generation;
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_cancel = cancel;
    QPointer<BenchController> self(this);
    auto* thread = QThread::create([self, job = std::move(job), generation, cancel] {
        const Progress progress = [self, generation](const QString& step, int done, int total) {
            QMetaObject::invokeMethod(
                self,
                [self, generation, step, done, total] {
                    if (self && self->m_generation == generation)
                        Q_EMIT self->progressed(step, done, total);
                },
                Qt::QueuedConnection);
        };
        auto result = job(progress, cancel.get());
        std::shared_ptr<const PerformanceOutcome> shared;
        QString error;
        if (result)
            shared = std::make_shared<const PerformanceOutcome>(std::move(result).value());
        else
            error = result.error().oneLine();
        // A check stopped midway is still a (partial) result; a stopped bench is not.
        const bool stopped = cancel->load() && !(shared && shared->check);
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
    m_busy = true;
    thread->start();
    Q_EMIT started();
}

void BenchController::stop()
{
    if (m_cancel)
        m_cancel->store(true);
}

void BenchController::deliver(
    quint64 generation, std::shared_ptr<const PerformanceOutcome> outcome, QString error, bool stopped)
{
    if (generation != m_generation)
        return; // a stale result: the user started another job since
    m_busy = false;
    if (stopped)
        Q_EMIT failed(tr("stopped by the user"), true);
    else if (outcome)
        Q_EMIT finished(outcome);
    else
        Q_EMIT failed(error, false);
}

} // namespace kwb::ui
