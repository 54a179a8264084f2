// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/batch/batchrun.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QSysInfo>
#include <QTimer>

#include <map>
#include <memory>

namespace kwb {

namespace {
struct Running {
    std::unique_ptr<QProcess> process;
    QElapsedTimer clock;
};

void finishElement(const BatchRequest& request, ElementState& s, QProcess& p, qint64 elapsedMs, bool stopped)
{
    const QString dir = elementDir(request.outDir, s.id);
    const QString part = QDir(dir).filePath(QStringLiteral("report.json.part"));
    const QString report = QDir(dir).filePath(QStringLiteral("report.json"));
    s.elapsedS = elapsedMs / 1000.0;
    s.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    if (stopped) {
        s.status = QStringLiteral("cancelled");
        s.note = QStringLiteral("stopped by the user");
    } else if (p.error() == QProcess::FailedToStart) {
        s.status = QStringLiteral("failed");
        s.note = QStringLiteral("cannot start %1: %2").arg(p.program(), p.errorString());
    } else if (p.exitStatus() != QProcess::NormalExit) {
        s.status = QStringLiteral("failed");
        s.note = QStringLiteral("the element process crashed");
    } else {
        s.status = statusForExit(s.exitCode);
    }
    QFile::remove(report);
    if (s.complete())
        QFile::rename(part, report);
    else {
        QFile::remove(part);
        if (s.note.isEmpty()) {
            QFile log(QDir(dir).filePath(QStringLiteral("log.txt")));
            if (log.open(QIODevice::ReadOnly))
                s.note = QString::fromUtf8(log.readAll().trimmed()).section(QLatin1Char('\n'), -1).left(200);
        }
    }
    writeElementState(request.outDir, s);
}
} // namespace

void runLocalElements(const BatchRequest& request, QList<ElementState>& states, const QList<int>& pending,
    const std::function<void(int)>& changed, const std::atomic_bool* cancel)
{
    const QString kwb = request.kwb.isEmpty() ? kwbExecutable() : request.kwb;
    QEventLoop loop;
    std::map<int, Running> running;
    int next = 0;
    bool stopping = false;

    std::function<void()> fill = [&] {
        while (!stopping && next < pending.size() && int(running.size()) < std::max(1, request.jobs)) {
            const int index = pending.at(next++);
            ElementState& s = states[index];
            const QString dir = elementDir(request.outDir, s.id);
            QDir().mkpath(dir);
            QFile::remove(QDir(dir).filePath(QStringLiteral("state.json")));
            Running& r = running[index];
            r.process = std::make_unique<QProcess>();
            QProcess* p = r.process.get();
            p->setStandardOutputFile(QDir(dir).filePath(QStringLiteral("report.json.part")));
            p->setStandardErrorFile(QDir(dir).filePath(QStringLiteral("log.txt")));
            const QStringList cmd = request.action.elementCommand(kwb, s.taskDir);
            QObject::connect(p, &QProcess::finished, &loop, [&, index] {
                auto it = running.find(index);
                finishElement(request, states[index], *it->second.process, it->second.clock.elapsed(), stopping);
                it->second.process.release()->deleteLater();
                running.erase(it);
                changed(index);
                fill();
                if (running.empty())
                    loop.quit();
            });
            QObject::connect(p, &QProcess::errorOccurred, &loop, [&, index](QProcess::ProcessError e) {
                if (e != QProcess::FailedToStart)
                    return;
                auto it = running.find(index);
                finishElement(request, states[index], *it->second.process, 0, false);
                it->second.process.release()->deleteLater();
                running.erase(it);
                changed(index);
                QTimer::singleShot(0, &loop, [&] {
                    fill();
                    if (running.empty())
                        loop.quit();
                });
            });
            s.status = QStringLiteral("running");
            s.node = QSysInfo::machineHostName();
            s.resumed = false;
            writeElementState(request.outDir, s); // the GUI follows a batch by its state files
            r.clock.start();
            p->start(cmd.first(), cmd.mid(1));
            changed(index);
        }
    };
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (!cancel || !cancel->load() || stopping)
            return;
        stopping = true;
        for (auto& [index, r] : running) {
            r.process->terminate();
            QTimer::singleShot(3000, r.process.get(), &QProcess::kill);
        }
    });
    poll.start(100);
    fill();
    if (!running.empty())
        loop.exec();
    for (int i = next; i < pending.size(); ++i) {
        ElementState& s = states[pending.at(i)];
        s.status = QStringLiteral("cancelled");
        s.note = QStringLiteral("not started: the batch was stopped");
        changed(pending.at(i));
    }
}

} // namespace kwb
