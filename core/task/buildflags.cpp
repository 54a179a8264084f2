// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/buildflags.h"

#include "core/task/task.h"

#include <QRegularExpression>

namespace kwb {

namespace {

bool startsWithAny(const QString& s, std::initializer_list<const char*> prefixes)
{
    for (const char* p : prefixes) {
        if (s.startsWith(QLatin1StringView(p)))
            return true;
    }
    return false;
}

} // namespace

QString buildFlagProblem(const QString& flag, const QString& backend)
{
    if (backend != u"cpp" && backend != u"cuda")
        return QStringLiteral("build flags apply to cpp and cuda implementations only");
    if (flag.isEmpty() || !flag.startsWith(u'-'))
        return QStringLiteral("expected a compiler option starting with '-', got '%1'").arg(flag);
    if (flag.contains(QRegularExpression(QStringLiteral("\\s"))))
        return QStringLiteral("expected one option per string (no spaces), got '%1'").arg(flag);
    // What is linked or run, and where files come from, stays the runner's: these could interpose its clock.
    // (`-lineinfo` and `-code=` are nvcc code-generation options that only look like `-l` and `-c`.)
    const bool nvccLookalike = flag == u"-lineinfo" || flag.startsWith(QStringLiteral("-code="));
    if (!nvccLookalike
        && startsWithAny(flag,
            { "-Wl,", "-Xlinker", "--linker-options", "-l", "-L", "-B", "-o", "-x", "-include", "-imacros", "-specs",
                "-fplugin", "-wrapper", "-shared", "-static", "-nostdlib", "-nostartfiles", "-E", "-c", "-S", "-M",
                "--compiler-bindir", "-ccbin", "--linker", "-dlink", "--run", "--output", "-Xcompiler", "-Xnvlink",
                "--Xnvlink", "-Xarchive", "--library", "-I", "-isystem", "-iquote", "-idirafter", "--include-path",
                "-fprofile", "-finstrument", "-save-temps", "--save-temps", "--keep", "-Wa,", "-Wp," }))
        return QStringLiteral("'%1' changes what is built, linked or run, not how the code is compiled; the runner "
                              "sets those itself")
            .arg(flag);
    static const QRegularExpression allowed(QStringLiteral(
        R"(^(-O[0-3sgz]?|-Ofast|-march=[\w.-]+|-mtune=[\w.-]+|-mcpu=[\w.-]+|-m[a-z0-9][\w.-]*(=[\w.,+-]+)?)"
        R"(|-f[a-z][\w.-]*(=[\w.,:+-]+)?|-D[A-Za-z_]\w*(=[^\s]*)?|-U[A-Za-z_]\w*|-std=[\w+]+|-g\w*|-W[a-z][\w=-]*)"
        R"(|-w|-pedantic|-fopenmp|-pthread|--?use_fast_math|--ftz=(true|false)|--prec-div=(true|false))"
        R"(|--prec-sqrt=(true|false)|--fmad=(true|false)|-lineinfo|--extra-device-vectorization)"
        R"(|--?maxrregcount=\d+|-Xptxas=[\w.,=-]+|--ptxas-options=[\w.,=-]+|-arch=[\w.]+|--gpu-architecture=[\w.]+)"
        R"(|-code=[\w.,]+|-gencode=[\w.,=\[\]]+|--default-stream=\w+|--expt-relaxed-constexpr|--expt-extended-lambda)"
        R"(|-restrict|--restrict|-t\d+|--threads=\d+)$)"));
    if (!allowed.match(flag).hasMatch())
        return QStringLiteral("'%1' is not an optimisation, code-generation, math, macro, warning or standard option "
                              "the runner knows to be safe")
            .arg(flag);
    return {};
}

QStringList buildFlags(const Task& task, const Implementation& impl)
{
    return task.target.flags.value(impl.backend) + impl.flags;
}

QStringList speedFlags(const QStringList& flags, const QString& backend)
{
    QString opt = QStringLiteral("-O2"); // the runner's own level
    QStringList out;
    for (const QString& f : flags) {
        if (f.startsWith(QStringLiteral("-O")))
            opt = f;
        else if (startsWithAny(f,
                     { "-march=", "-mtune=", "-mcpu=", "-ffast-math", "-fno-math", "-fmath", "-funsafe-math", "-ffp-",
                         "-fno-fp-", "-ffinite-math", "-fno-trapping-math", "-fassociative-math", "-freciprocal-math",
                         "-fno-signed-zeros", "-funroll", "-fno-unroll", "-ftree-vectorize", "-fno-tree-vectorize",
                         "-fopenmp", "-fvect-cost-model", "--use_fast_math", "-use_fast_math", "--ftz=", "--prec-div=",
                         "--prec-sqrt=", "--fmad=", "--maxrregcount=", "-maxrregcount=", "-Xptxas=-O",
                         "--extra-device-vectorization", "-arch=", "--gpu-architecture=", "-code=", "-gencode=" })
            || (f.startsWith(QStringLiteral("-m")) && backend == u"cpp"))
            out << f;
    }
    out << opt;
    out.removeDuplicates();
    out.sort();
    return out;
}

QStringList flagsNamedIn(const QString& text)
{
    static const QRegularExpression re(QStringLiteral(
        R"((?<![\w-])(-O[0-3sz]|-Ofast|-march=[\w.-]+|-mtune=[\w.-]+|-m(avx\w*|sse\w*|fma|neon\w*))"
        R"(|-f(fast-math|no-fast-math|unroll-loops|fp-contract=\w+|tree-vectorize|openmp)|--?use_fast_math)"
        R"(|--ftz=\w+|--prec-div=\w+|--prec-sqrt=\w+|--fmad=\w+|-arch=[\w.]+|--?maxrregcount=\d+|-Xptxas=[\w.,=-]+))"
        R"((?![\w=-]))"));
    QStringList out;
    for (auto it = re.globalMatch(text); it.hasNext();)
        out << it.next().captured(1);
    out.removeDuplicates();
    return out;
}

} // namespace kwb
