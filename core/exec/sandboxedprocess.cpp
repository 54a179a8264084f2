// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxedprocess.h"

#include "bwrapcommand.h"
#include "pidscgroup.h"
#include "processsweep.h"
#include "toollocator.h"

#include <QFileInfo>
#include <QUuid>

#include <csignal>
#include <fcntl.h>
#include <functional>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

namespace kwb {

namespace {

QString tokenName()
{
    return QStringLiteral("KWB_RUN_TOKEN");
}

// Runs in the forked child before exec: async-signal-safe calls only.
void setLimit(int resource, rlim_t soft, rlim_t hard)
{
    const struct rlimit rl {
        soft, hard
    };
    ::setrlimit(resource, &rl);
}

// What the forked child does before exec. Under the sandbox, prlimit applies the limits inside the user
// namespace; without it they are set here.
std::function<void()> childSetup(int cgroupFd, bool direct, const RunLimits& l, bool gpu)
{
    // As under the sandbox (prlimitOptions): the CUDA driver reserves far more address space than it uses.
    const int memoryResource = gpu ? RLIMIT_DATA : RLIMIT_AS;
    return [cgroupFd, direct, l, memoryResource] {
        ::setsid(); // own session and process group: kill(-pid) reaches the whole group
        // Larger pipes: a flood then costs the engine a wake-up per MiB rather than per 64 KiB.
        ::fcntl(STDOUT_FILENO, F_SETPIPE_SZ, 1 << 20);
        ::fcntl(STDERR_FILENO, F_SETPIPE_SZ, 1 << 20);
        if (cgroupFd >= 0) {
            // Nothing can be reported from here; the run would only lack the cgroup's process limit.
            [[maybe_unused]] const ssize_t n = ::write(cgroupFd, "0", 1);
        }
        if (!direct)
            return;
        ::prctl(PR_SET_PDEATHSIG, SIGKILL); // what bwrap's --die-with-parent does under the sandbox
        setLimit(RLIMIT_CORE, 0, 0);
        if (l.memoryMiB > 0)
            setLimit(memoryResource, rlim_t(l.memoryMiB) << 20, rlim_t(l.memoryMiB) << 20);
        if (l.cpuSeconds > 0)
            setLimit(RLIMIT_CPU, rlim_t(l.cpuSeconds), rlim_t(l.cpuSeconds) + 1);
        if (l.fileSizeMiB > 0)
            setLimit(RLIMIT_FSIZE, rlim_t(l.fileSizeMiB) << 20, rlim_t(l.fileSizeMiB) << 20);
    };
}

} // namespace

SandboxedProcess::SandboxedProcess(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<kwb::RunOutcome>();
    qRegisterMetaType<kwb::OutputChannel>();
    m_timeout.setSingleShot(true);
    m_timeout.setTimerType(Qt::PreciseTimer); // a coarse timer may fire 5% early: the limit is a promise
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        m_request = EndRequest::Timeout;
        killTree();
    });
}

SandboxedProcess::~SandboxedProcess()
{
    if (m_process) {
        m_process->disconnect(this);
        killTree();
        m_process->waitForFinished(2000);
        release();
    }
}

void SandboxedProcess::failLater(const QString& message)
{
    QMetaObject::invokeMethod(
        this, [this, message] { Q_EMIT failed(message); }, Qt::QueuedConnection);
}

bool SandboxedProcess::start(const ProcessSpec& spec)
{
    if (m_process)
        return false;
    const Result<QString> program = spec.validate();
    if (!program) {
        failLater(QStringLiteral("cannot run: %1").arg(program.error().oneLine()));
        return true;
    }
    m_spec = spec;
    m_spec.workDir = QFileInfo(spec.workDir).canonicalFilePath();
    m_programPath = *program;
    m_stdout = OutputCapture(spec.limits.outputCapBytes);
    m_stderr = OutputCapture(spec.limits.outputCapBytes);
    m_limitSignalled[0] = m_limitSignalled[1] = false;
    m_request = EndRequest::None;
    m_notes.clear();
    m_token = QUuid::createUuid().toByteArray(QUuid::WithoutBraces);

    QMap<QString, QString> env = effectiveEnvironment(m_spec);
    env.insert(tokenName(), QString::fromLatin1(m_token));
    QString executable = m_programPath;
    QStringList arguments = spec.arguments;
    if (spec.sandbox) {
        const Result<QString> bwrap = ToolLocator::require(QStringLiteral("bwrap"), QStringLiteral("bubblewrap"));
        const Result<QString> prlimit = ToolLocator::require(QStringLiteral("prlimit"), QStringLiteral("util-linux"));
        if (!bwrap || !prlimit) {
            failLater(QStringLiteral("refusing to run without the sandbox: %1; install it, or turn the sandbox off to "
                                     "run without isolation (trusted code only)")
                          .arg((!bwrap ? bwrap : prlimit).error().what));
            return true;
        }
        executable = *bwrap;
        arguments = bwrapArguments(m_spec, m_programPath, *prlimit, env);
    }
    m_commandLine = QStringList { executable } + arguments;
    createCgroup();

    m_process = new QProcess(this);
    m_process->setProgram(executable);
    m_process->setArguments(arguments);
    m_process->setWorkingDirectory(m_spec.workDir);
    QProcessEnvironment penv;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        penv.insert(it.key(), it.value());
    m_process->setProcessEnvironment(penv);
    m_process->setChildProcessModifier(childSetup(
        m_cgroup ? m_cgroup->procsFd() : -1, !spec.sandbox, spec.limits, spec.bindGpu && !gpuDeviceNodes().isEmpty()));
    connect(m_process, &QProcess::readyReadStandardOutput, this, [this] { drain(OutputChannel::Stdout); });
    connect(m_process, &QProcess::readyReadStandardError, this, [this] { drain(OutputChannel::Stderr); });
    connect(m_process, &QProcess::finished, this, &SandboxedProcess::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &SandboxedProcess::onErrorOccurred);
    m_memoryTimer.setInterval(100);
    connect(&m_memoryTimer, &QTimer::timeout, this, &SandboxedProcess::sampleMemory, Qt::UniqueConnection);
    connect(m_process, &QProcess::started, this, [this] {
        m_pid = m_process->processId();
        m_memoryTimer.start();
        m_process->closeWriteChannel(); // stdin is empty: a program waiting for input gets EOF at once
        if (m_spec.limits.timeoutMs > 0)
            m_timeout.start(m_spec.limits.timeoutMs);
        Q_EMIT started();
    });
    m_clock.start();
    m_process->start();
    m_pid = m_process->processId(); // known once forked: stop() right after start() reaches the group
    return true;
}

// The run's processes: its pids cgroup's, else the started process and its descendants (/proc children lists).
static QList<int> runProcesses(const PidsCgroup* cgroup, qint64 root)
{
    if (cgroup)
        return cgroup->pids();
    QList<int> out;
    QList<int> todo { int(root) };
    while (!todo.isEmpty() && out.size() < 4096) {
        const int pid = todo.takeFirst();
        if (pid <= 0)
            continue;
        out << pid;
        QFile children(QStringLiteral("/proc/%1/task/%1/children").arg(pid));
        if (children.open(QIODevice::ReadOnly)) {
            for (const QByteArray& c : children.readAll().simplified().split(' '))
                todo << c.toInt();
        }
    }
    return out;
}

void SandboxedProcess::sampleMemory()
{
    if (m_pid <= 0)
        return;
    m_lastSample.restart();
    for (const int pid : runProcesses(m_cgroup.get(), m_pid)) {
        QFile status(QStringLiteral("/proc/%1/status").arg(pid));
        if (!status.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray& line : status.readAll().split('\n')) {
            qint64* into = line.startsWith("VmPeak:") ? &m_peakAddressSpaceKiB
                : line.startsWith("VmHWM:")           ? &m_peakResidentKiB
                                                      : nullptr;
            if (into)
                *into = std::max(*into, line.mid(line.indexOf(':') + 1).simplified().split(' ').value(0).toLongLong());
        }
    }
}

void SandboxedProcess::createCgroup()
{
    if (m_spec.limits.maxProcesses <= 0)
        return;
    QString why;
    // +2: the sandbox's bwrap and its reaper live in the cgroup too.
    m_cgroup = PidsCgroup::create(m_spec.limits.maxProcesses + (m_spec.sandbox ? 2 : 0), &why);
    // Under the sandbox an ordinary user gets the limit from RLIMIT_NPROC in the user namespace.
    if (!m_cgroup && (!m_spec.sandbox || ::getuid() == 0))
        m_notes.append(QStringLiteral("process limit not enforced: %1%2")
                           .arg(why,
                               m_spec.sandbox ? QStringLiteral(" (and RLIMIT_NPROC does not limit root)")
                                              : QStringLiteral(" (RLIMIT_NPROC is per user, not per run)")));
}

void SandboxedProcess::stop()
{
    if (!m_process)
        return;
    m_request = EndRequest::Stop;
    killTree();
}

void SandboxedProcess::killTree()
{
    if (m_pid > 0)
        ::kill(pid_t(-m_pid), SIGKILL);
    if (m_cgroup)
        m_cgroup->killAll();
    if (m_process)
        m_process->kill();
}

void SandboxedProcess::drain(OutputChannel channel)
{
    if (!m_process)
        return;
    const bool out = channel == OutputChannel::Stdout;
    const QByteArray bytes = out ? m_process->readAllStandardOutput() : m_process->readAllStandardError();
    if (bytes.isEmpty())
        return;
    if (!m_lastSample.isValid() || m_lastSample.elapsed() >= 5)
        sampleMemory(); // runners write after every call: the peak is read while the process still holds it
    OutputCapture& capture = out ? m_stdout : m_stderr;
    const QByteArray live = capture.append(bytes);
    if (!live.isEmpty())
        Q_EMIT outputReceived(channel, live);
    bool& signalled = m_limitSignalled[out ? 0 : 1];
    if (live.size() < bytes.size() && !signalled) {
        signalled = true;
        Q_EMIT outputLimitReached(channel);
    }
}

void SandboxedProcess::onErrorOccurred(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart || !m_process)
        return; // other errors end in finished() as well
    // QProcess may report this from inside start(): queue it, so failed() never re-enters the caller.
    const QString message = startFailureMessage(error, m_process->program(), m_process->errorString());
    release();
    failLater(message);
}

void SandboxedProcess::onFinished(int exitCode, QProcess::ExitStatus status)
{
    drain(OutputChannel::Stdout);
    drain(OutputChannel::Stderr);
    ProcessEnd end;
    end.exitCode = exitCode;
    end.crashed = status == QProcess::CrashExit;
    end.request = m_request;
    end.sandboxed = m_spec.sandbox;
    end.elapsedMs = m_clock.elapsed();
    end.peakAddressSpaceKiB = m_peakAddressSpaceKiB;
    end.peakResidentKiB = m_peakResidentKiB;
    end.memoryLimitIsAddressSpace = !(m_spec.bindGpu && !gpuDeviceNodes().isEmpty());
    end.refusedTasks = m_cgroup ? m_cgroup->refusedTasks() : -1;
    // Whatever is left of the group, the cgroup or (without the sandbox) the token goes now.
    killTree();
    if (!m_spec.sandbox)
        killProcessesWithEnvironment(tokenName().toLatin1() + '=' + m_token);
    const CapturedOutput err = m_stderr.result();
    const QString setupFailure = sandboxSetupFailure(end, err);
    RunOutcome outcome = classifyRun(end, m_spec.limits, m_stdout.result(), err);
    outcome.notes = m_notes;
    release();
    if (!setupFailure.isEmpty())
        Q_EMIT failed(
            setupFailure + QStringLiteral("; turn the sandbox off to run without isolation (trusted code only)"));
    else
        Q_EMIT finished(outcome);
}

void SandboxedProcess::release()
{
    m_timeout.stop();
    m_memoryTimer.stop();
    m_cgroup.reset();
    if (m_process) {
        m_process->disconnect(this);
        m_process->deleteLater();
        m_process = nullptr;
    }
    m_pid = 0;
}

} // namespace kwb
