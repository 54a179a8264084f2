// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/runnerbuild.h"

#include "core/env/resourcepaths.h"
#include "core/env/toolprobe.h"
#include "core/exec/executor.h"
#include "core/exec/toolrun.h"
#include "core/run/gluegen.h"
#include "core/task/buildflags.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QUuid>

namespace kwb {

QStringList gencodeArgs(const QStringList& archs)
{
    QStringList args;
    for (const QString& a : archs) {
        const QString n = a.mid(3); // "sm_90a" → "90a"
        args << QStringLiteral("-gencode") << QStringLiteral("arch=compute_%1,code=[sm_%1,compute_%1]").arg(n);
    }
    return args;
}

namespace {
/// The line of `tool --version` that names the version: nvcc's "Cuda compilation tools, release 13.0, V13.0.88"
/// (its last line is a build id), otherwise the first line (g++, python).
QString toolVersionLine(const QString& output)
{
    const QStringList lines = output.trimmed().split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        if (line.contains(QLatin1StringView("compilation tools, release")))
            return line.trimmed();
    }
    return lines.isEmpty() ? QString() : lines.first().trimmed();
}

struct Recipe {
    QStringList files; // harness files to copy
    QString tool; // absolute path of the compiler or python
    QStringList compileArgs; // empty for python
    QStringList run; // relative to the runner folder, before the plan path
};

Result<Recipe> recipeFor(
    const Task& task, const Implementation& impl, const QString& glueName, const QString& toolOverride)
{
    const QString source = QFileInfo(impl.source).fileName();
    Recipe r;
    if (impl.backend == u"python") {
        r.tool = toolOverride.isEmpty() ? runnerPython() : toolOverride;
        if (r.tool.isEmpty())
            return Error::environment({}, {}, QStringLiteral("no python3 to run '%1' (set KWB_PYTHON)").arg(impl.id));
        r.files = { QStringLiteral("python_main.py"), QStringLiteral("kwb_conventions.py"),
            QStringLiteral("kwb_dispatch.py"), QStringLiteral("kwb_timing.py") };
        r.run = { r.tool, QStringLiteral("-s"), QStringLiteral("python_main.py"), QStringLiteral("signature.json") };
        return r;
    }
    const bool cuda = impl.backend == u"cuda";
    r.tool = !toolOverride.isEmpty()
        ? toolOverride
        : QStandardPaths::findExecutable(cuda ? QStringLiteral("nvcc") : QStringLiteral("g++"));
    if (r.tool.isEmpty())
        return Error::environment(
            {}, {}, QStringLiteral("%1 not found on PATH: cannot build '%2'").arg(cuda ? u"nvcc" : u"g++", impl.id));
    r.files = { QStringLiteral("kwb_npy.h"), QStringLiteral("kwb_harness.h"),
        cuda ? QStringLiteral("cuda_main.cu") : QStringLiteral("cpp_main.cpp") };
    r.compileArgs = { QStringLiteral("-std=c++17"), QStringLiteral("-O2"), QStringLiteral("-I.") };
    r.compileArgs << buildFlags(task, impl); // the task's own options, after the runner's: `-O3` wins over `-O2`
    if (cuda)
        r.compileArgs << QStringLiteral("-lineinfo") << gencodeArgs(task.target.arch) << QStringLiteral("cuda_main.cu")
                      << glueName;
    else
        r.compileArgs << QStringLiteral("-Wall") << QStringLiteral("-Wextra") << QStringLiteral("cpp_main.cpp")
                      << glueName << source;
    r.compileArgs << QStringLiteral("-o") << QStringLiteral("runner");
    r.run = { QStringLiteral("./runner") };
    return r;
}

} // namespace

QMap<QString, QString> runnerEnvironment()
{
    return { { QStringLiteral("OMP_WAIT_POLICY"), QStringLiteral("PASSIVE") }, // GNU OpenMP
        { QStringLiteral("KMP_BLOCKTIME"), QStringLiteral("0") }, // Intel OpenMP
        { QStringLiteral("OPENBLAS_THREAD_TIMEOUT"), QStringLiteral("4") } }; // OpenBLAS's own pool
}

ProcessSpec runnerProcess(const RunnerBuild& build, const QString& plan, const QString& workDir, QStringList readOnly,
    const RunLimits& limits, bool sandbox)
{
    ProcessSpec spec;
    spec.program = build.command.first();
    spec.arguments = build.command.mid(1) << plan;
    spec.workDir = workDir;
    spec.readOnlyPaths = std::move(readOnly) << build.dir;
    if (QFileInfo(spec.program).isAbsolute() && !spec.program.startsWith(QStringLiteral("/usr/"))) {
        QDir prefix = QFileInfo(spec.program).absoluteDir();
        prefix.cdUp();
        spec.readOnlyPaths << prefix.absolutePath();
    }
    spec.environment.insert(runnerEnvironment());
    spec.limits = limits;
    spec.sandbox = sandbox;
    return spec;
}

Result<RunnerSources> runnerSources(const Task& task, const Implementation& impl, const QString& tool)
{
    auto glue = generateGlue(task, impl);
    if (!glue)
        return glue.error();
    auto recipe = recipeFor(task, impl, glue->fileName, tool);
    if (!recipe)
        return recipe.error();

    // Everything that goes into the runner, in a fixed order: files by name, then the command.
    RunnerSources sources;
    sources.files.insert(glue->fileName, glue->content);
    for (const QString& f : recipe->files) {
        QFile in(QDir(harnessDir()).filePath(f));
        if (!in.open(QIODevice::ReadOnly))
            return Error::environment(
                in.fileName(), {}, QStringLiteral("harness source missing (resources not installed?)"));
        sources.files.insert(f, in.readAll());
    }
    // An implementation's file named like a harness file would replace the harness (its clock, its records).
    for (const QString& own : QStringList { impl.source } + impl.files) {
        const QString name = QFileInfo(own).fileName();
        if (sources.files.contains(name))
            return Error { own, {},
                QStringLiteral("'%1' is the name of a runner harness file; rename the implementation's file").arg(name),
                QStringLiteral("scope.harness-name") };
    }
    QFile src(task.path(impl.source));
    if (!src.open(QIODevice::ReadOnly))
        return Error { impl.source, {}, QStringLiteral("cannot read: %1").arg(src.errorString()),
            QStringLiteral("scope.missing-file") };
    sources.files.insert(QFileInfo(impl.source).fileName(), src.readAll());
    // Support files a python implementation imports (task.py, utils.py, …) sit beside its source.
    for (const QString& extra : impl.files) {
        QFile in(task.path(extra));
        if (!in.open(QIODevice::ReadOnly))
            return Error { extra, {}, QStringLiteral("cannot read: %1").arg(in.errorString()),
                QStringLiteral("scope.missing-file") };
        sources.files.insert(QFileInfo(extra).fileName(), in.readAll());
    }
    sources.tool = recipe->tool;
    sources.compileArgs = recipe->compileArgs;
    sources.run = recipe->run;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (auto it = sources.files.cbegin(); it != sources.files.cend(); ++it) {
        hash.addData(it.key().toUtf8() + '\0' + QByteArray::number(it.value().size()) + '\0');
        hash.addData(it.value());
    }
    hash.addData((sources.tool + QLatin1Char('\0') + sources.compileArgs.join(QLatin1Char(' '))).toUtf8());
    sources.key = impl.backend + QLatin1Char('-') + QString::fromLatin1(hash.result().toHex().left(24));
    return sources;
}

Result<RunnerBuild> buildRunner(const Task& task, const Implementation& impl, const BuildOptions& options)
{
    // The task's target archs this machine's nvcc does not know would stop any build, whatever the code: by the
    // toolkit's own list they are the machine's, not the implementation's.
    const QString nvcc = impl.backend == u"cuda" ? QStandardPaths::findExecutable(QStringLiteral("nvcc")) : QString();
    const CudaTargetArchs archs
        = cudaTargetArchs(task.target.arch, nvccKnownArchs(nvcc), QStringLiteral("this machine"), nvcc);
    Task buildable = task;
    buildable.target.arch = archs.build;
    if (!archs.notBuilt.isEmpty() && archs.build.isEmpty())
        return Error { task.path(QStringLiteral("task.json")), QStringLiteral("/target/arch"), archs.why,
            QStringLiteral("env.toolkit-arch"), 0, ErrorKind::Environment };
    auto recipe = runnerSources(buildable, impl);
    if (!recipe)
        return recipe.error();
    const QMap<QString, QByteArray>& files = recipe->files;

    RunnerBuild build;
    build.archsNotBuilt = archs.notBuilt;
    build.archsNotBuiltWhy = archs.why;
    const bool python = recipe->compileArgs.isEmpty();
    const QString version = probeOutput(recipe->tool, { QStringLiteral("--version") });
    build.toolVersion = toolVersionLine(version);
    // The tool's version joins the key: an upgraded compiler builds afresh.
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData((recipe->key + QLatin1Char('\0') + version).toUtf8());
    const QString root = options.cacheRoot.isEmpty() ? cacheDir() + QStringLiteral("/runners") : options.cacheRoot;
    build.dir
        = QDir(root).filePath(impl.backend + QLatin1Char('-') + QString::fromLatin1(hash.result().toHex().left(24)));
    build.compileCommand
        = python ? QString() : (QStringList { recipe->tool } + recipe->compileArgs).join(QLatin1Char(' '));
    for (const QString& part : recipe->run)
        build.command << (part.startsWith(QStringLiteral("./")) || part.endsWith(QStringLiteral(".py"))
                    || part.endsWith(QStringLiteral(".json"))
                ? QDir(build.dir).filePath(part)
                : part);

    if (QFileInfo::exists(build.dir + QStringLiteral("/.complete"))) {
        build.compiled = build.cached = true;
        QFile log(build.dir + QStringLiteral("/build.log"));
        if (log.open(QIODevice::ReadOnly))
            build.log = QString::fromUtf8(log.readAll());
        return build;
    }

    // Build in a private folder and rename it into place, so concurrent builds never see half a runner.
    const QString staging = build.dir + QStringLiteral(".tmp-") + QUuid::createUuid().toString(QUuid::Id128);
    if (!QDir().mkpath(staging))
        return Error::environment(staging, {}, QStringLiteral("cannot create the runner folder"));
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        QFile out(QDir(staging).filePath(it.key()));
        if (!out.open(QIODevice::WriteOnly) || out.write(it.value()) != it.value().size())
            return Error::environment(out.fileName(), {}, QStringLiteral("cannot write: %1").arg(out.errorString()));
    }
    bool ok = true;
    if (!python) {
        // The compiler runs as every tool does (LocalExecutor: exec/runToCompletion): outside the sandbox (it reads
        // the system headers and writes only into the staging folder), bounded by the timeout, killed with its
        // children on Stop.
        ToolOptions tool;
        tool.timeoutMs = options.timeoutMs;
        tool.cancel = options.cancel;
        for (const char* name : { "CUDA_HOME", "CUDA_PATH", "LD_LIBRARY_PATH", "CPATH", "LIBRARY_PATH" }) {
            if (qEnvironmentVariableIsSet(name))
                tool.environment.insert(QString::fromLatin1(name), qEnvironmentVariable(name));
        }
        const ToolRun ran = LocalExecutor().runTool(recipe->tool, recipe->compileArgs, staging, tool);
        if (ran.stopped) {
            QDir(staging).removeRecursively();
            return Error::stopped();
        }
        ok = ran.ok();
        build.log = ran.output;
    }
    build.compiled = ok;
    QFile log(QDir(staging).filePath(QStringLiteral("build.log")));
    if (log.open(QIODevice::WriteOnly))
        log.write(build.log.toUtf8());
    log.close();
    if (!ok) {
        QDir(staging).removeRecursively(); // never cache a failure; its log travels in the RunnerBuild
        build.dir.clear();
        return build;
    }
    QFile(QDir(staging).filePath(QStringLiteral(".complete"))).open(QIODevice::WriteOnly);
    if (!QDir().rename(staging, build.dir)) {
        if (!QFileInfo::exists(build.dir + QStringLiteral("/.complete")))
            return Error::environment(build.dir, {}, QStringLiteral("cannot move the runner into the cache"));
        QDir(staging).removeRecursively(); // another build of the same hash won the race
    }
    return build;
}

} // namespace kwb
