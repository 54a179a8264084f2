// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/env/toolprobe.h"
#include "core/exec/toolrun.h"

#include <QFileInfo>
#include <QHash>
#include <QMutex>

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

namespace kwb {
namespace {
QStringList archsUnknownToNvcc(const QStringList& known, const QStringList& archs)
{
    if (known.isEmpty())
        return {};
    static const QRegularExpression smArch(QStringLiteral(R"(^sm_(\d+)[af]?$)"));
    QStringList unknown;
    for (const QString& a : archs) {
        const auto m = smArch.match(a);
        if (m.hasMatch() && !known.contains(QStringLiteral("sm_") + m.captured(1)))
            unknown << a;
    }
    return unknown;
}
} // namespace

QJsonObject ToolInfo::toJson() const
{
    QJsonObject o { { QStringLiteral("name"), name }, { QStringLiteral("found"), found },
        { QStringLiteral("required"), required }, { QStringLiteral("purpose"), purpose } };
    if (!path.isEmpty())
        o.insert(QStringLiteral("path"), path);
    if (!version.isEmpty())
        o.insert(QStringLiteral("version"), version);
    if (!note.isEmpty())
        o.insert(QStringLiteral("note"), note);
    return o;
}

QString runnerPython()
{
    const QString configured = qEnvironmentVariable("KWB_PYTHON");
    if (!configured.isEmpty()) {
        const QString found
            = QFileInfo(configured).isAbsolute() ? configured : QStandardPaths::findExecutable(configured);
        return QFileInfo(found).isExecutable() ? found : QString();
    }
    // The environment packaging/install-python-deps.sh makes (Debian's python + jax, system numpy visible).
    const QString venvRoot = qEnvironmentVariable("KWB_VENV",
        QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
            + QStringLiteral("/kernel-workbench/venv"));
    if (QFileInfo(venvRoot + QStringLiteral("/bin/python")).isExecutable())
        return venvRoot + QStringLiteral("/bin/python");
    const QString debian = QStringLiteral("/usr/bin/python3");
    if (QFileInfo(debian).isExecutable())
        return debian;
    return QStandardPaths::findExecutable(QStringLiteral("python3"));
}

bool runnerPythonHas(const QString& module)
{
    static QMutex mutex;
    static QHash<QString, bool> known;
    QMutexLocker lock(&mutex);
    const QString python = runnerPython();
    const QString key = python + u'\n' + module;
    if (const auto it = known.constFind(key); it != known.constEnd())
        return *it;
    const QString out = probeOutput(python,
        { QStringLiteral("-s"), QStringLiteral("-c"),
            QStringLiteral("import importlib.util, sys\nprint('kwb-has' if importlib.util.find_spec(sys.argv[1]) else "
                           "'kwb-lacks')"),
            module },
        60000);
    const bool has = out.contains(QStringLiteral("kwb-has"));
    known.insert(key, has);
    return has;
}

bool acceleratorPresent()
{
    for (const char* node :
        { "/dev/nvidiactl", "/dev/nvidia0", "/dev/kfd", "/dev/accel0", "/dev/vfio/0", "/dev/neuron0" }) {
        if (QFileInfo::exists(QString::fromLatin1(node)))
            return true;
    }
    return false;
}

QVersionNumber driverCudaVersion(const QString& nvidiaSmiOutput)
{
    static const QRegularExpression re(QStringLiteral(R"(CUDA Version\s*:\s*([0-9]+\.[0-9]+))"));
    const auto m = re.match(nvidiaSmiOutput);
    return m.hasMatch() ? QVersionNumber::fromString(m.captured(1)) : QVersionNumber();
}

QVersionNumber nvccRelease(const QString& nvccVersionOutput)
{
    static const QRegularExpression re(QStringLiteral(R"(\brelease ([0-9]+\.[0-9]+))"));
    const auto m = re.match(nvccVersionOutput);
    return m.hasMatch() ? QVersionNumber::fromString(m.captured(1)) : QVersionNumber();
}

bool cudaToolkitNewerThanDriverHere()
{
    static const bool newer = [] {
        const QString smi = QStandardPaths::findExecutable(QStringLiteral("nvidia-smi"));
        const QString nvcc = QStandardPaths::findExecutable(QStringLiteral("nvcc"));
        if (smi.isEmpty() || nvcc.isEmpty())
            return false;
        const QVersionNumber driver = driverCudaVersion(probeOutput(smi, {}));
        const QVersionNumber toolkit = nvccRelease(probeOutput(nvcc, { QStringLiteral("--version") }));
        return !driver.isNull() && !toolkit.isNull() && toolkit > driver;
    }();
    return newer;
}

QStringList nvccGpuArchs(const QString& listGpuArchOutput)
{
    static const QRegularExpression re(QStringLiteral(R"(\bcompute_(\d+[a-z]?)\b)"));
    QStringList archs;
    for (auto it = re.globalMatch(listGpuArchOutput); it.hasNext();) {
        const QString arch = QStringLiteral("sm_") + it.next().captured(1);
        if (!archs.contains(arch))
            archs << arch;
    }
    return archs;
}

QStringList nvccKnownArchs(
    const QString& where, const QString& nvcc, const std::function<std::optional<QString>()>& list)
{
    static QMutex mutex;
    static QHash<QString, QStringList> listed;
    const QString key = where + u'\n' + nvcc;
    {
        QMutexLocker lock(&mutex);
        if (const auto it = listed.constFind(key); it != listed.constEnd())
            return *it;
    }
    const std::optional<QString> output = list(); // unlocked: a remote host may take seconds
    const QStringList archs = output ? nvccGpuArchs(*output) : QStringList();
    if (output) {
        QMutexLocker lock(&mutex);
        listed.insert(key, archs);
    }
    return archs;
}

QStringList nvccKnownArchs(const QString& nvcc)
{
    if (nvcc.isEmpty())
        return {};
    return nvccKnownArchs(
        {}, nvcc, [&]() -> std::optional<QString> { return probeOutput(nvcc, { QStringLiteral("--list-gpu-arch") }); });
}

CudaTargetArchs cudaTargetArchs(
    const QStringList& archs, const QStringList& known, const QString& where, const QString& nvcc)
{
    CudaTargetArchs t;
    t.notBuilt = archsUnknownToNvcc(known, archs);
    for (const QString& a : archs) {
        if (!t.notBuilt.contains(a))
            t.build << a;
    }
    if (!t.notBuilt.isEmpty())
        t.why = QStringLiteral("the CUDA toolkit on %1 cannot build for %2: %3 knows %4 (nvcc --list-gpu-arch); the "
                               "task's target needs another CUDA release")
                    .arg(where, t.notBuilt.join(QStringLiteral(", ")), nvcc,
                        known.first() + QStringLiteral(" … ") + known.last());
    return t;
}

namespace {
struct Probe {
    const char* name;
    const char* program;
    QStringList args;
    const char* versionPattern; // first capture, or the whole match, is the version
    const char* purpose;
    bool required;
};

QString firstMatch(const QString& text, const char* pattern)
{
    const QRegularExpression re(QString::fromLatin1(pattern), QRegularExpression::MultilineOption);
    const auto m = re.match(text);
    if (!m.hasMatch())
        return text.section(QLatin1Char('\n'), 0, 0).trimmed();
    return (m.lastCapturedIndex() >= 1 ? m.captured(1) : m.captured(0)).trimmed();
}

ToolInfo probe(const Probe& p)
{
    ToolInfo t { QString::fromLatin1(p.name), {}, {}, QString::fromLatin1(p.purpose), p.required, false, {} };
    t.path = QStandardPaths::findExecutable(QString::fromLatin1(p.program));
    if (t.path.isEmpty()) {
        t.note = QStringLiteral("not found on PATH");
        return t;
    }
    const QString out = probeOutput(t.path, p.args);
    t.found = true;
    t.version = firstMatch(out, p.versionPattern);
    if (out.isEmpty())
        t.note = QStringLiteral("did not answer its version query");
    return t;
}

// One python run reports the interpreter and every framework the runners can use.
QList<ToolInfo> probePython()
{
    ToolInfo py { QStringLiteral("python3"), runnerPython(), {},
        QStringLiteral("runs python implementations (KWB_PYTHON selects the interpreter)"), true, false, {} };
    QList<ToolInfo> tools;
    const QStringList modules { QStringLiteral("numpy"), QStringLiteral("torch"), QStringLiteral("triton"),
        QStringLiteral("jax"), QStringLiteral("neuronxcc") };
    QJsonObject versions;
    if (py.path.isEmpty()) {
        py.note = QStringLiteral("no python3 found (set KWB_PYTHON)");
    } else {
        const QString script
            = QStringLiteral("import json, sys, importlib\n"
                             "out = {'python': sys.version.split()[0]}\n"
                             "for m in %1:\n"
                             "    try:\n"
                             "        out[m] = getattr(importlib.import_module(m), '__version__', 'present')\n"
                             "    except Exception as e:\n"
                             "        out[m] = None\n"
                             "print(json.dumps(out))\n")
                  .arg(QString::fromLatin1(
                      QJsonDocument(QJsonArray::fromStringList(modules)).toJson(QJsonDocument::Compact)));
        const QString out = probeOutput(py.path, { QStringLiteral("-c"), script }, 60000);
        versions = QJsonDocument::fromJson(out.section(QLatin1Char('\n'), -2, -1).trimmed().toUtf8()).object();
        py.found = !versions.isEmpty();
        py.version = versions.value(QStringLiteral("python")).toString();
        if (!py.found)
            py.note = QStringLiteral("could not run %1").arg(py.path);
    }
    tools << py;
    for (const QString& m : modules) {
        ToolInfo t { QStringLiteral("python3:") + m, {}, versions.value(m).toString(), {}, m == u"numpy", false, {} };
        t.found = !versions.value(m).isNull() && !versions.value(m).isUndefined();
        t.purpose = m == u"numpy" ? QStringLiteral("python runners: array I/O and numpy implementations")
                                  : QStringLiteral("python implementations with framework %1").arg(m);
        if (!t.found)
            t.note
                = QStringLiteral("not importable by %1").arg(py.path.isEmpty() ? QStringLiteral("python3") : py.path);
        tools << t;
    }
    return tools;
}
} // namespace

QList<ToolInfo> probeTools()
{
    static const QList<Probe> probes {
        { "g++", "g++", { QStringLiteral("--version") }, "^g\\+\\+.*$", "builds cpp runners", true },
        { "nvcc", "nvcc", { QStringLiteral("--version") }, "release [0-9.]+, (V[0-9.]+)", "builds cuda runners",
            false },
        { "bubblewrap", "bwrap", { QStringLiteral("--version") }, "bubblewrap ([0-9.]+)", "sandboxes every runner",
            true },
        { "ssh", "ssh", { QStringLiteral("-V") }, "^OpenSSH\\S*", "ssh executor", false },
        { "rsync", "rsync", { QStringLiteral("--version") }, "version ([0-9.]+)", "ssh executor file transfer", false },
        { "sbatch", "sbatch", { QStringLiteral("--version") }, "slurm[- ]([0-9.]+)", "slurm executor", false },
        { "ncu", "ncu", { QStringLiteral("--version") }, "Version ([0-9.]+)", "profiler evidence", false },
        { "compute-sanitizer", "compute-sanitizer", { QStringLiteral("--version") }, "Version ([0-9.]+)",
            "memory and race checks on the GPU", false },
        { "nvidia-smi", "nvidia-smi",
            { QStringLiteral("--query-gpu=name,driver_version,memory.total"), QStringLiteral("--format=csv,noheader") },
            "^.+$", "GPU and driver", false },
    };
    QList<ToolInfo> tools;
    for (const auto& p : probes) {
        ToolInfo t = probe(p);
        // What this toolkit builds for, by its own list: a task whose target it lacks is not run here.
        if (t.found && t.name == u"nvcc") {
            if (const QStringList archs = nvccKnownArchs(t.path); !archs.isEmpty())
                t.version += QStringLiteral(" (builds %1 … %2)").arg(archs.first(), archs.last());
        }
        tools << t;
    }
    tools << probePython();
    return tools;
}

} // namespace kwb
