// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnose/ballot.h"

#include "core/diagnose/rules.h"
#include "core/diagnose/ruleset.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace kwb::detail {

namespace {
// A frame of Python's own library: `File "/usr/lib/python3.11/ssl.py", line 1134, in read`.
bool isStandardLibraryFrame(QStringView frame)
{
    static const QRegularExpression re(
        QStringLiteral(R"re(File "[^"]*/lib/python\d\.\d+/(?!site-packages/|dist-packages/)[^"]+")re"));
    return re.match(frame).hasMatch();
}

constexpr qsizetype kMaxQuotedText = 160;
// A second failure is reported when its strongest sign is a cause at least this definite (tier 80–100).
constexpr int kSecondaryMinScore = 80;
// What a compiler's own failure report weighs when it names no cause (layers.h): a wrapper's weight.
constexpr int kLayerFailureWeight = 45;
// What printed results weigh in a log that reports no failure: a weak hint of a wrong result.
constexpr int kPrintedResultWeight = 25;
// What a module missing from an import inside the accelerator stack weighs (a cause: an installation problem).
constexpr int kStackDependencyWeight = 80;
// What a call into the stack's API with arguments it does not take weighs: an API of another release, a sign
// as strong as a framework module without a name (rules.cpp), which a stated cause still beats.
constexpr int kStackSignatureWeight = 60;
// A compile error in the toolchain's own headers was the code's in five of the nine labelled logs, versions that do
// not fit in the rest: the confidence it gets at most, and the weight of that alternative.
constexpr double kToolchainHeaderConfidence = 0.6;
constexpr int kToolchainHeaderAlternativeWeight = 50;
// A runtime that finds no device names a symptom whose cause is, about one time in five, an installation that does not
// fit the device: of the 163 public logs read as `no_device`, 30 were labelled a mismatch (a driver older than the
// container's runtime, WSL's driver library shadowed by a Linux one, a TPU VM image of another generation).
constexpr int kMissingDeviceMismatchWeight = 40;

// A frame inside an installed package of the accelerator stack (`site-packages/jax/…`, `…/torch/_inductor/…`).
bool isStackPackageFrame(const QString& frame)
{
    static const QRegularExpression re(QStringLiteral(
        R"re([/\\](site|dist)-packages[/\\](torch|triton|jax|jaxlib|jax_triton|neuronxcc|torch_neuronx|torch_xla|libneuronxla|cupy|tensorflow|tensorflow_neuronx|transformers_neuronx|optimum|xformers|flash_attn)[/\\])re"));
    return !frame.isEmpty() && re.match(frame).hasMatch();
}

// A frame inside any installed package (`site-packages/torch_migraphx/…`, `dist-packages/mpi4jax/…`): released code,
// tested against the releases of its dependencies it was written for.
bool isInstalledPackageFrame(const QString& frame)
{
    static const QRegularExpression re(QStringLiteral(R"re([/\\](site|dist)-packages[/\\]\w)re"));
    return !frame.isEmpty() && re.match(frame).hasMatch();
}

// A `TypeError` saying a call's arguments do not fit the function's signature; `fn` names the function where the
// message does (`do_bench() got an unexpected keyword argument`, not `function takes exactly 15 arguments`).
QRegularExpressionMatch signatureMismatch(const QString& exceptionLine)
{
    static const QRegularExpression re(QStringLiteral(
        R"re(\bTypeError(?:: |\(["'])(?:(?<fn>\w+)\(\) |function )?(got an unexpected keyword argument|got multiple values for argument|missing \d+ required (positional|keyword-only) arguments?|takes (exactly |at most |at least |from )?\d+ (to \d+ )?(positional )?arguments? (but \d+ (were|was) given|\(\d+ given\))))re"));
    return re.match(exceptionLine);
}

// `ModuleNotFoundError: No module named 'x'` (or any ImportError: a placeholder package that refuses to import) right
// below a frame inside a package of the accelerator stack.
bool importedByTheStack(const QString& exceptionLine, const QString& lastFrame)
{
    static const QRegularExpression missing(
        QStringLiteral(R"re(\bModuleNotFoundError: No module named '|^\s*ImportError: )re"));
    return missing.match(exceptionLine).hasMatch() && isStackPackageFrame(lastFrame);
}

// `TypeError: do_bench() got an unexpected keyword argument 'quantiles'` right below the quoted call
// `triton.testing.do_bench(…, quantiles=…)`: the program calls a function of the accelerator stack with a
// signature of another release. The function must be the one the quoted line calls through a stack module.
template <typename SourceLine>
bool callsTheStackWithAnotherSignature(const QString& exceptionLine, SourceLine sourceLineAbove)
{
    const QRegularExpressionMatch m = signatureMismatch(exceptionLine);
    if (!m.hasMatch() || m.captured(u"fn").isEmpty())
        return false;
    const QString lastSourceLine = sourceLineAbove();
    const QRegularExpression call(QStringLiteral(
        R"re(\b(triton|tl|torch|jax|jnp|lax|pl|pltpu|jaxlib|nki|nl|cupy|torch_xla|xm|neuronxcc|torch_neuronx)(\.\w+)*\.%1\s*\()re")
                                      .arg(m.captured(u"fn")));
    return call.match(lastSourceLine).hasMatch();
}

// `TypeError: function takes exactly 15 arguments (14 given)` whose innermost frame of a file (generated code,
// `File "<string>"`, skipped) is inside an installed package: released code called another part of the installation
// with a signature that part does not have — two packages of releases that do not fit (Inductor and the Triton
// launcher it generates; mpi4jax and the JAX helper it calls). A call from the program's own code is raised at the
// program's frame.
bool installedCodeCallsWithAnotherSignature(const QString& exceptionLine, const QString& innermostFileFrame)
{
    return isInstalledPackageFrame(innermostFileFrame) && signatureMismatch(exceptionLine).hasMatch();
}

// `AttributeError: type object 'CompiledKernel' has no attribute 'launch_enter_hook'` (or `module 'x' has no
// attribute`) raised at a frame inside an installed package: released code names a class's or a module's member
// another part of the installation does not have — two releases that do not fit (Inductor and the Triton it hooks;
// torch_migraphx and the MIGraphX it reads); so is one the stack's own exception carries (`LoweringException:
// AttributeError: …`, Inductor's, when the log kept no frames). An object's missing attribute (`'NoneType' object has
// no attribute`) says nothing of versions.
bool installedCodeNamesWhatAnotherPartLacks(const QString& exceptionLine, const QString& innermostFileFrame)
{
    static const QRegularExpression re(
        QStringLiteral(R"re(\bAttributeError: (type object|module) '[\w.]+' has no attribute '\w+')re"));
    static const QRegularExpression carried(QStringLiteral(
        R"re(\b(LoweringException|BackendCompilerFailed|InductorError|TorchRuntimeError): AttributeError: )re"));
    return (isInstalledPackageFrame(innermostFileFrame) || carried.match(exceptionLine).hasMatch())
        && re.match(exceptionLine).hasMatch();
}

// What an out-of-memory report whose own figures cannot be true weighs as a sign of a driver that does not fit.
constexpr int kImpossibleMemoryReportWeight = 90;

// An allocator's report whose figures contradict each other — PyTorch's "GPU 0 has a total capacity of 31.98 GiB of
// which 131065.27 GiB is free" — is a memory query that the driver answered wrongly: a user-space runtime and a
// kernel driver of releases that do not fit (ROCm's user space over an older KFD), not a program that used too much:
// the report is then the consequence, the mismatch its cause. A free figure near 2^64 bytes ("of 512.00 MiB of which
// 17179869183.96 GiB is free") contradicts nothing: it is total minus used, wrapped below zero as an unsigned number —
// the program used more than the capacity reported (an APU's carve-out of shared memory), which is running out.
bool memoryReportContradictsItself(const QString& text)
{
    static const QRegularExpression re(QStringLiteral(
        R"re(\btotal capa\w* of ([\d.]+) ([KMGT]iB|bytes) of which ([\d.]+) ([KMGT]iB|bytes) is free\b)re"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return false;
    const auto bytes = [&](int number, int unit) {
        static const QString units = QStringLiteral("bKMGT");
        const qsizetype power = std::max<qsizetype>(0, units.indexOf(m.capturedView(unit).front()));
        return m.captured(number).toDouble() * std::pow(1024.0, double(power));
    };
    const double free = bytes(3, 4);
    constexpr double kWrappedBelowZero = 9223372036854775808.0; // 2^63 bytes: no device has half of that
    return free > bytes(1, 2) * 1.01 && free < kWrappedBelowZero;
}

// What a full disk makes of whatever writes after it: a compiler that cannot write its output fails, a process that
// cannot write aborts. Once the host reported its disk full (nvcc's "error while writing generated C++ file: No space
// left on device", an `OSError: [Errno 28]`), those reports after it are the full disk's doing, not the code's:
// the failure is the host's, outside the accelerator stack. A warning that a disk is full (joblib going on in serial
// mode) does not count; other classes (a device out of memory, a fault) are not a full disk's doing and still vote.
bool isWhatAFullDiskDoes(FailureClass cls)
{
    return cls == FailureClass::CompileError || cls == FailureClass::Crash;
}

// The least weight of a version-mismatch sign that explains a missing device on its way: a warning's 70 % of a rule
// that states the mismatch (90), not of one that guesses it ("a CUDA-enabled jaxlib is not installed", 80).
constexpr int kWarningExplainsMissingDevice = 63;

// A warning is not the failure: a CPU run of a JAX or PyTorch program warns that no GPU was found ("… falling back
// to CPU", with or without its logger's WARNING), and the error that failed it must still win. Rules matched on a
// warning line count 70 % of their weight.
bool isWarningLine(const QString& text)
{
    static const QRegularExpression re(QStringLiteral(
        R"re(\b[A-Z]\w*Warning\b|\bWARNING\b|^W\d{4} |^\S+ [\d:.]+: W |\bfalling back to (the )?CPU\b)re"));
    return re.match(text).hasMatch();
}

// A warning that says what the library does about what it warns of — it disables a feature, or goes on more slowly
// ("… older than the PTX compiler version. Because the driver is older …, XLA is disabling parallel compilation,
// which may slow down compilation") — reports a condition it handled, not a failure: its signs rank with a frame's,
// below any report of a failure (a compiler's failed check), and decide only a log that reports nothing else.
bool handledOnTheWay(const QString& text)
{
    static const QRegularExpression re(QStringLiteral(
        R"re(\b(is|are|will be) disabling\b|\bwhich may (slow|make|be)\b.{0,30}\b(slow|slower|longer)\b|\bmay (slow down|be slower|reduce performance|degrade performance)\b|\bwill (run|be) (more )?slow(er|ly)\b)re"));
    return re.match(text).hasMatch();
}

// A glog or Python-logging INFO line reports what a library tried, not what failed: JAX logs every backend
// it could not start that way on a machine where another backend works ("Unable to initialize backend 'tpu'",
// an INFO message even when a log excerpt lost its level) — unless it is raised ("RuntimeError: Unable to
// initialize backend 'tpu': … already in use"): then it is the failure. Its signs count 30 %.
bool isInfoLine(const QString& text)
{
    static const QRegularExpression re(QStringLiteral(
        R"re(^I\d{4} |^\S+ [\d:.]+: I |\bINFO\b|^(?!.*\b\w*(Error|Exception): Unable to initialize backend).*Unable to initialize backend '\w+')re"));
    return re.match(text).hasMatch();
}

// A log forwarder (TorchServe's MODEL_LOG, a container runtime, a CI step) re-prints a program's line under a level of
// its own — its stdout as INFO, its stderr as WARN — before the program's own prefix: "[INFO ] W-9000 MODEL_LOG -
// 2024-Jun-13 … ERROR  TDRV:…". The inner level is the program's: an error-level word after the forwarder's
// INFO or WARN makes the line an error line, and so does a Python exception the forwarder re-prints after its own
// " - " ("[INFO ] W-9000-model-stdout MODEL_LOG - ModuleNotFoundError: …") or right after its bracketed tags ("[INFO]
// [Rank 0] NoValidChoicesError: …", a launcher that caught a child's exception), and a glog INFO line of a launcher
// that re-prints a child's TensorFlow or glog error line (AlphaFold's run_docker.py: "I1119 … run_docker.py:258]
// 2023-11-19 05:49:41.357955: E external/…/cuda_driver.cc:628] …").
bool forwardsAnErrorLine(const QString& text)
{
    static const QRegularExpression re(QStringLiteral(
        R"re(\b(INFO|WARN|WARNING)\b.{0,200}\s(ERROR|FATAL|CRITICAL|E\d{4})\b|\[(INFO|WARN|WARNING) *\].{0,160}? - [A-Z]\w*(Error|Exception): |\[INFO *\]( \[[^\]]{1,40}\])* (\w+\.)*[A-Z]\w*(Error|Exception): |^I\d{4} [\d:.]+\s+\d+ [\w.-]+:\d+\] .{0,40}?(\d{4}-\d\d-\d\d [\d:.]+: [EF] |[EF]\d{4} [\d:.]+ ))re"));
    return re.match(text).hasMatch();
}

// The tier of a rule's match: causes of weight 50 or more (docs/diagnosis.md, weight tiers) outrank
// wrappers, which outrank consequences and weak hints.
int tierOf(RuleRole role, int weight)
{
    switch (role) {
    case RuleRole::Cause:
        return weight >= 50 ? 2 : 0;
    case RuleRole::Wrapper:
        return 1;
    case RuleRole::Consequence:
        return 0;
    }
    return 0;
}

QString signalName(int sig)
{
    switch (sig) {
    case 1:
        return QStringLiteral("SIGHUP");
    case 2:
        return QStringLiteral("SIGINT");
    case 4:
        return QStringLiteral("SIGILL");
    case 6:
        return QStringLiteral("SIGABRT");
    case 7:
        return QStringLiteral("SIGBUS");
    case 8:
        return QStringLiteral("SIGFPE");
    case 9:
        return QStringLiteral("SIGKILL");
    case 11:
        return QStringLiteral("SIGSEGV");
    case 13:
        return QStringLiteral("SIGPIPE");
    case 15:
        return QStringLiteral("SIGTERM");
    default:
        return QStringLiteral("signal %1").arg(sig);
    }
}

// A shell reports death by signal N as exit status 128+N; Python's subprocess as -N.
std::optional<int> effectiveSignal(const FailureContext& c)
{
    if (c.signal && *c.signal > 0)
        return c.signal;
    if (c.exitCode && *c.exitCode < 0)
        return -*c.exitCode;
    if (c.exitCode && *c.exitCode > 128 && *c.exitCode <= 128 + 64)
        return *c.exitCode - 128;
    return std::nullopt;
}

QString contextSentence(const FailureContext& c, std::optional<int> sig)
{
    if (c.timedOut)
        return QStringLiteral(" The process was killed at the wall-clock limit.");
    if (sig)
        return QStringLiteral(" The process was terminated by %1 (signal %2).").arg(signalName(*sig)).arg(*sig);
    if (c.exitCode && *c.exitCode != 0)
        return QStringLiteral(" The process exited with status %1.").arg(*c.exitCode);
    return {};
}

QString shortened(const QString& text, qsizetype max)
{
    return text.size() > max ? text.left(max) + QStringLiteral("…") : text;
}

QString kindName(Strength s)
{
    return s.tier == 2 ? QStringLiteral("cause") : s.tier == 1 ? QStringLiteral("wrapper") : QStringLiteral("hint");
}

MarkedLine marked(const Hit& h)
{
    return { { h.line, evidenceText(h.text) }, layerName(h.layer) };
}

// A line quoted in the explanation: from a little before the match that decided, so that the cause in a
// long wrapper line ("Failed compilation with [… 300 characters …]: cannot open shared object file") shows.
QString quoted(const Hit& h)
{
    const QString layer = layerName(h.layer);
    const qsizetype from = h.at > kMaxQuotedText / 2 ? h.at - 40 : 0;
    const QString text = (from > 0 ? QStringLiteral("…") : QString()) + h.text.mid(from).trimmed();
    return QStringLiteral("line %1%2: “%3”")
        .arg(h.line)
        .arg(layer.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(layer))
        .arg(shortened(text, kMaxQuotedText));
}

QList<EvidenceLine> evidenceFrom(QList<Hit> hits, const std::optional<Hit>& extra)
{
    if (extra && std::none_of(hits.cbegin(), hits.cend(), [&](const Hit& h) { return h.line == extra->line; })) {
        if (hits.size() >= maxEvidenceLines)
            hits.removeLast();
        hits.append(*extra);
    }
    QList<EvidenceLine> out;
    for (const auto& h : hits)
        out.append({ h.line, evidenceText(h.text) });
    std::sort(out.begin(), out.end(), [](const EvidenceLine& a, const EvidenceLine& b) { return a.line < b.line; });
    return out;
}

// Where a toolchain installed its headers: the C++ standard library's (also as clang reaches it,
// `…/lib/gcc/…/../../../../include/c++/12/`), CUDA's and ROCm's include directories, clang's own headers, a framework's
// bundled headers.
#define KWB_TOOLCHAIN_HEADER_DIR                                                                                       \
    R"re((/usr/include/|/include/c\+\+/\d|/usr/local/cuda[^/\s]*/(include|targets)/|/opt/rocm[^/\s]*/(include|lib/llvm)/|[/\\]site-packages[/\\][^\s:(]*[/\\]include[/\\]|/lib/clang/\d[\d.]*/include/|NVIDIA GPU Computing Toolkit\\CUDA\\v[\d.]+\\include\\))re"

// A compiler's error located in a header the toolchain installed rather than in the program's sources: the toolchain
// failing on its own code is nearly as often versions that do not fit (a compiler newer or older than the library's
// headers) as an error the program's code caused there. A static assertion is a check the caller's code failed.
bool isToolchainHeaderError(const QString& text)
{
    static const QRegularExpression re(QStringLiteral(KWB_TOOLCHAIN_HEADER_DIR
        R"re([^\s:(]*(:\d+(:\d+)?:|\(\d+\)( \(col\. \d+\))?:)\s*(fatal |catastrophic )?error\b(?!.{0,40}\bstatic assertion\b))re"));
    return re.match(text).hasMatch();
}

// Whether the compiler traced a template's instantiation back to a file outside the toolchain — gcc's "x.cpp:3:43:
// required from here", clang's "x.cpp:3:5: note: in instantiation of … requested here", nvcc's "instantiation of … at
// line 3 of x.cu": then the program's code led to the error in the toolchain's header.
bool instantiatedFromTheProgram(QByteArrayView log)
{
    static const QRegularExpression trail(
        QStringLiteral(
            R"re(^\s*(?<gcc>\S+?):\d+(:\d+)?:\s+required from here\b|^(?<clang>\S+?):\d+:\d+: note: in instantiation of .* requested here\s*$|\binstantiation of ".*" at line \d+ of "?(?<nvcc>[^"\s]+))re"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression toolchain(QStringLiteral(KWB_TOOLCHAIN_HEADER_DIR));
    const QString text = QString::fromUtf8(log);
    for (auto it = trail.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        for (const char* group : { "gcc", "clang", "nvcc" }) {
            const QString file = m.captured(QLatin1String(group));
            if (!file.isEmpty() && !toolchain.match(file).hasMatch())
                return true;
        }
    }
    return false;
}
#undef KWB_TOOLCHAIN_HEADER_DIR

// How sure: the tier of the deciding sign sets the range, its weight the place in it, and a rival of the same
// tier close in weight takes off up to half (docs/diagnosis.md, "How sure it is").
double confidenceOf(Strength win, Strength rival)
{
    double c = win.tier == 2 ? 0.55 + 0.4 * std::clamp(win.weight - 50, 0, 50) / 50.0
        : win.tier == 1      ? (win.weight >= 80 ? 0.55 : 0.45)
                             : 0.3;
    if (rival.tier == win.tier) {
        const int gap = std::max(0, win.weight - rival.weight);
        c *= 1.0 - 0.5 * std::max(0.0, 1.0 - gap / 20.0);
    } else if (rival.tier == win.tier - 1) {
        c *= 0.95;
    }
    return std::round(c * 100.0) / 100.0;
}
} // namespace

void Ballot::Vote::add(const Hit& h, bool latestFirst)
{
    best = std::max(best, h.strength);
    qsizetype at = 0;
    while (at < hits.size() && (h.strength < hits[at].strength || (hits[at].strength == h.strength && !latestFirst)))
        ++at;
    if (at >= maxEvidenceLines)
        return;
    hits.insert(at, h);
    if (hits.size() > maxEvidenceLines)
        hits.removeLast();
}

Ballot::Ballot(QByteArrayView log)
    : m_log(log)
    , m_classes(failureClassesByPrecedence())
{
}

QString Ballot::sourceLineAbove(qsizetype begin) const
{
    qsizetype end = begin - 1; // the newline that ends the line above
    for (int above = 0; above < 3 && end > 0; ++above) {
        const qsizetype start = m_log.first(end).lastIndexOf('\n') + 1;
        const QString line = QString::fromUtf8(m_log.sliced(start, std::min(end - start, qsizetype(4096)))).trimmed();
        if (!line.isEmpty()
            && !std::all_of(line.begin(), line.end(), [](QChar c) { return c == u'^' || c == u'~' || c.isSpace(); }))
            return line;
        end = start - 1;
    }
    return {};
}

void Ballot::line(int lineNo, qsizetype begin, const QString& text, const std::vector<int>& candidates)
{
    if (text.trimmed().isEmpty())
        return;
    const auto& set = RuleSet::instance();
    // Most lines the prefilter delivers from a long healthy log say nothing: a compiler's progress line
    // ("I … xla/service/gpu/gpu_compiler.cc] Compiled module") carries a layer's name or a rule's word but
    // matches no rule, has no structure and reports no failure. They cost one try of their rules on the whole
    // line and nothing else: a rule that matches the payload matches the whole line too, unless it is
    // anchored at the start, and those are always tried properly.
    bool worthReading = false;
    bool namesALayer = false;
    for (int i : candidates) {
        const CompiledPattern& p = set.patterns[i];
        namesALayer = namesALayer || p.segment == Segment::Layer;
        if (p.segment == Segment::Shape
            || ((p.segment == Segment::Classifying || p.segment == Segment::Informative)
                && (p.anchored || p.re.match(text).hasMatch()))) {
            worthReading = true;
            break;
        }
    }
    // A line whose logger marks it an error, printed by a layer the prefilter saw named, reports a failure in its
    // prefix alone ("F0714 … ir_emitter.cc:3131] could not find emitted value for: …", XLA's compiler aborting).
    std::optional<LinePrefix> split;
    if (!worthReading && namesALayer && mayStateAnErrorLevel(text)) {
        split = splitPrefix(text);
        worthReading = split->level >= LogLevel::Error;
    }
    if (!worthReading)
        return;
    const LinePrefix prefix = split ? *split : splitPrefix(text);
    const QString payload = text.mid(prefix.payloadStart);

    // First what the line is and who printed it, then what it says.
    // Whether the line reports a failure matters only for a layer that has a failure class or lies outside
    // the stack, so that pattern runs only then.
    unsigned kinds = 0;
    int layerRank = int(layerRules().size());
    int reportsFailure = -1;
    for (int i : candidates) {
        const CompiledPattern& p = set.patterns[i];
        if (p.segment == Segment::Shape) {
            if (shapeRules()[p.index].kind == ReportsFailure)
                reportsFailure = i;
            else if (p.re.match(payload).hasMatch())
                kinds |= shapeRules()[p.index].kind;
        } else if (p.segment == Segment::Layer && p.index < layerRank && p.re.match(text).hasMatch()) {
            layerRank = p.index;
        }
    }
    Layer layer = layerRank < layerRules().size() ? layerRules()[layerRank].layer : Layer::None;
    // The component a prefix names printed the line, whatever the line mentions: "[NEURON_CC_WRAPPER]: Failed
    // compilation … cannot open shared object file" was printed by the Neuron compiler's wrapper.
    if (!prefix.tag.isEmpty()) {
        for (int i = 0; i < layerRules().size(); ++i) {
            if (set.patterns[set.layerBase + i].re.match(prefix.tag).hasMatch()) {
                layer = layerRules()[i].layer;
                break;
            }
        }
    }
    if (reportsFailure >= 0 && (layerFailureClass(layer) || isOutsideStack(layer))
        && set.patterns[reportsFailure].re.match(payload).hasMatch())
        kinds |= ReportsFailure;
    const LinePlace place = m_structure.place(lineNo, kinds, !payload.isEmpty() && payload.front().isSpace());
    if (place.codeEcho || (place.nearFrame && !(kinds & ExceptionLine) && isNumberedSourceLine(payload)))
        return; // the program's source, not its output
    if (kinds & PythonFrame) {
        m_lastPythonFrame = payload;
        if (!payload.contains(QLatin1String("File \"<")))
            m_lastFileFrame = payload;
        // A frame of Python's own library (ssl.py, socket.py under lib/python3.X) says nothing about the layer the
        // call came from: the innermost frame with a layer of its own does.
        if (layer != Layer::None || !isStandardLibraryFrame(payload))
            m_lastFrameLayer = layer;
    }
    // An exception line that names no layer, right under its frames, was raised where its innermost frame is:
    // "TimeoutError: The read operation timed out" under a frame of urllib3 is the network's, not a hung kernel. A bare
    // exception line far from any frame inherits nothing.
    if ((kinds & ExceptionLine) && !place.frame && place.nearFrame && layer == Layer::None
        && isOutsideStack(m_lastFrameLayer))
        layer = m_lastFrameLayer;
    const bool outside = isOutsideStack(layer);
    if ((kinds & ExceptionLine) && !place.frame)
        m_endsOutside = outside;
    if (outside && !m_outside && (kinds & (ReportsFailure | ExceptionLine)))
        m_outside = Hit { lineNo, { 0, 0 }, text, layer };
    if (layer == Layer::HostStorageFull && m_hostStorageFullAt < 0 && (kinds & (ReportsFailure | ExceptionLine))
        && !place.frame && !isWarningLine(text))
        m_hostStorageFullAt = lineNo;
    const bool afterTheDiskFilled = m_hostStorageFullAt >= 0 && lineNo > m_hostStorageFullAt;

    // Whether the line is a warning or an INFO line is asked only once a classifying rule matched it.
    int kind = -1; // -1 not asked yet, 0 plain, 1 warning, 2 info
    bool handled = false; // a warning that says how the library goes on: a sign, never the failure's cause
    std::array<Strength, 16> best {};
    std::array<qsizetype, 16> bestAt {};
    int informative = 0;
    bool printsResult = false;
    for (int i : candidates) {
        const CompiledPattern& p = set.patterns[i];
        if (p.segment != Segment::Classifying && p.segment != Segment::Informative)
            continue;
        const QRegularExpressionMatch m = p.re.match(payload);
        if (!m.hasMatch())
            continue;
        if (p.segment == Segment::Informative) {
            if (informativeLineRules()[p.index].cls == FailureClass::Unknown)
                informative = std::max(informative, informativeLineRules()[p.index].weight);
            else
                printsResult = true;
            continue;
        }
        // A phrase printed by a layer outside the accelerator stack says nothing about a kernel: an HTTP
        // client's "Read timed out" is not a hung kernel.
        if (outside)
            continue;
        const DiagnosisRule& r = diagnosisRules()[p.index];
        if (afterTheDiskFilled && isWhatAFullDiskDoes(r.cls))
            continue;
        // A compiler verifies its IR, not numbers: its exception saying "Verification failed" is no numerical
        // mismatch (a harness line that only names a compiler's API still is one).
        if (r.cls == FailureClass::NumericalMismatch && layerFailureClass(layer) && (kinds & ExceptionLine))
            continue;
        if (kind < 0) {
            // A program's uncaught exception behind an INFO prefix was forwarded by a wrapper that logs a child's
            // output at INFO (a container runner, a job launcher): the error it is, not something a library tried.
            const bool forwardedException = (kinds & ExceptionLine) && !place.frame && prefix.level == LogLevel::Info;
            kind = forwardsAnErrorLine(text) || forwardedException         ? 0
                : prefix.level == LogLevel::Warning || isWarningLine(text) ? 1
                : prefix.level == LogLevel::Info || isInfoLine(text)       ? 2
                                                                           : 0;
            handled = kind == 1 && !(kinds & ExceptionLine) && handledOnTheWay(text);
        }
        const int weight = kind == 1 ? r.weight * 7 / 10 : kind == 2 ? std::max(1, r.weight * 3 / 10) : r.weight;
        Strength s { tierOf(r.role, weight), weight };
        // A frame says where the failure passed, not why; an exception raised from an earlier one repeats
        // that cause as a wrapper.
        if (place.frame || handled)
            s.tier = 0;
        else if (place.wrapping)
            s.tier = std::min(s.tier, 1);
        const size_t c = size_t(m_classes.indexOf(r.cls));
        if (best[c] < s) {
            best[c] = s;
            bestAt[c] = prefix.payloadStart + m.capturedStart();
        }
    }
    // A module missing where a package of the accelerator stack imports it — the frame above the exception is inside
    // that package (`site-packages/jax/…: from absl import logging`) — is that package's dependency missing: an
    // installation problem, whatever the module's name. The same name missing from the program's own import names
    // no class.
    if ((kinds & ExceptionLine) && !place.frame && importedByTheStack(payload, m_lastPythonFrame)) {
        Strength& b = best[size_t(m_classes.indexOf(FailureClass::DriverRuntimeMismatch))];
        b = std::max(b, Strength { place.wrapping ? 1 : 2, kStackDependencyWeight });
    }
    if ((kinds & ExceptionLine) && !place.frame
        && (callsTheStackWithAnotherSignature(payload, [&] { return sourceLineAbove(begin); })
            || installedCodeCallsWithAnotherSignature(payload, m_lastFileFrame)
            || installedCodeNamesWhatAnotherPartLacks(payload, m_lastFileFrame))) {
        Strength& b = best[size_t(m_classes.indexOf(FailureClass::DriverRuntimeMismatch))];
        b = std::max(b, Strength { place.wrapping ? 1 : 2, kStackSignatureWeight });
    }
    // Asked only of a line an out-of-memory rule matched: the figures belong to its report.
    if (Strength& oom = best[size_t(m_classes.indexOf(FailureClass::DeviceOom))];
        oom.tier >= 0 && !place.frame && memoryReportContradictsItself(payload)) {
        oom.tier = std::min(oom.tier, 0);
        Strength& b = best[size_t(m_classes.indexOf(FailureClass::DriverRuntimeMismatch))];
        b = std::max(b, Strength { place.wrapping ? 1 : 2, kImpossibleMemoryReportWeight });
    }
    // A compiler that reports a failure (an error-level line, a failed check, a crash inside it) has failed to
    // compile, even when the line names no cause a rule knows: that counts as a wrapper.
    if (const auto failed = layerFailureClass(layer); failed && !(afterTheDiskFilled && isWhatAFullDiskDoes(*failed))
        && (prefix.level >= LogLevel::Error || (kinds & (ReportsFailure | NativeFrame)))) {
        Strength& b = best[size_t(m_classes.indexOf(*failed))];
        b = std::max(b, Strength { 1, kLayerFailureWeight });
    }

    Strength wrapping;
    qsizetype wrappingAt = 0;
    for (size_t c = 0; c < best.size(); ++c) {
        if (best[c].tier >= 0) {
            m_votes[c].add(Hit { lineNo, best[c], text, layer, bestAt[c] }, false);
            m_votes[c].onlyInfo = m_votes[c].onlyInfo && kind == 2;
            m_votes[c].onlyAside = m_votes[c].onlyAside && (kind == 1 || kind == 2);
        }
        if (best[c].tier == 1 && wrapping < best[c]) {
            wrapping = best[c];
            wrappingAt = bestAt[c];
        }
    }
    // The wrapper line: the strongest report of a failure that is not a cause, latest first (the outermost
    // report); it may be the cause's own line ("Failed compilation with …: cannot open shared object file").
    // An exception wrapping an earlier one counts even when no rule knows its words.
    if (wrapping.tier < 0 && place.wrapping && (kinds & ExceptionLine))
        wrapping = Strength { 1, 1 };
    if (wrapping.tier == 1)
        m_wrappers.add(Hit { lineNo, wrapping, text, layer, wrappingAt }, true);
    if (informative > 0)
        m_informative.add(Hit { lineNo, { 0, informative }, text, layer }, true);
    else if (printsResult)
        m_results.add(Hit { lineNo, { 0, kPrintedResultWeight }, text, layer }, false);
}

Diagnosis Ballot::finish(const FailureContext& context)
{
    // How the process ended votes too, without evidence lines: a timeout is a fact, a signal is the
    // consequence of whatever the log names as the cause.
    const std::optional<int> sig = effectiveSignal(context);
    if (context.timedOut) {
        Vote& v = m_votes[size_t(m_classes.indexOf(FailureClass::TimeoutHang))];
        v.best = std::max(v.best, Strength { 2, 100 });
    } else if (sig) {
        Vote& v = m_votes[size_t(m_classes.indexOf(FailureClass::Crash))];
        v.best = std::max(v.best, Strength { 0, 70 });
    }

    Diagnosis d;
    int winner = -1;
    bool fromResults = false;
    for (int i = 0; i < m_classes.size(); ++i) {
        const Strength s = m_votes[size_t(i)].best;
        if (s.tier >= 0 && (winner < 0 || m_votes[size_t(winner)].best < s))
            winner = i;
    }
    // A class whose every sign is on INFO lines is what a library tried and reported, not a failure (JAX
    // probing for a TPU on a GPU machine): it stays an alternative, and the log is `unknown` unless something
    // else points somewhere.
    if (winner >= 0 && m_votes[size_t(winner)].onlyInfo && !m_votes[size_t(winner)].hits.isEmpty()) {
        int other = -1;
        for (int i = 0; i < m_classes.size(); ++i) {
            const Vote& v = m_votes[size_t(i)];
            if (i != winner && v.best.tier >= 0 && (!v.onlyInfo || v.hits.isEmpty())
                && (other < 0 || m_votes[size_t(other)].best < v.best))
                other = i;
        }
        winner = other;
    }
    // A program that ended on an exception raised outside the accelerator stack (a download, a bucket, a data file)
    // failed there: a class whose every sign is a warning or an INFO line beside it (a driver older than ptxas, cuDNN
    // declining one plan) is what the stack reported on the way, not the failure.
    if (winner >= 0 && m_endsOutside && m_votes[size_t(winner)].onlyAside && !m_votes[size_t(winner)].hits.isEmpty()) {
        int other = -1;
        for (int i = 0; i < m_classes.size(); ++i) {
            const Vote& v = m_votes[size_t(i)];
            if (v.best.tier >= 0 && (!v.onlyAside || v.hits.isEmpty())
                && (other < 0 || m_votes[size_t(other)].best < v.best))
                other = i;
        }
        winner = other;
    }
    // A device or platform missing while a warning on the way says why — the backend's plugin, build or driver does not
    // fit the rest of the installation ("jax-cuda12-plugin … is not compatible with the installed jaxlib", "a
    // CUDA-enabled jaxlib is not installed") — is that mismatch: the device is there, the installation cannot use it.
    if (winner >= 0 && m_classes[winner] == FailureClass::NoDevice) {
        const int mismatch = int(m_classes.indexOf(FailureClass::DriverRuntimeMismatch));
        const Vote& v = m_votes[size_t(mismatch)];
        if (mismatch >= 0 && v.best.tier == 2 && v.onlyAside && !v.onlyInfo
            && v.best.weight >= kWarningExplainsMissingDevice)
            winner = mismatch;
    }
    // A log that reports no failure at all — no exception, no error line, no sign of any class, the process not
    // killed — but prints results (two implementations' outputs, a value and what it should be) is a run whose
    // results were in question: a weak hint of a wrong result, never more. A process known to have exited with a
    // failure status failed for a reason its log does not give: a wrong result does not do that.
    const bool failedStatus = context.exitCode && *context.exitCode != 0;
    if (winner < 0 && !failedStatus && m_informative.hits.isEmpty() && !m_results.hits.isEmpty()) {
        winner = int(m_classes.indexOf(FailureClass::NumericalMismatch));
        m_votes[size_t(winner)] = m_results;
        m_votes[size_t(winner)].onlyInfo = false;
        fromResults = true;
    }
    QList<std::pair<FailureClass, Strength>> rivals;
    for (int i = 0; i < m_classes.size(); ++i) {
        if (i != winner && m_votes[size_t(i)].best.tier >= 0)
            rivals.append({ m_classes[i], m_votes[size_t(i)].best });
    }
    std::stable_sort(rivals.begin(), rivals.end(), [](const auto& a, const auto& b) { return b.second < a.second; });
    for (const auto& [cls, s] : rivals)
        d.alternatives.append({ cls, s.weight, kindName(s) });
    if (!rivals.isEmpty() && rivals.first().second.tier == 2 && rivals.first().second.weight >= kSecondaryMinScore)
        d.secondary = rivals.first().first;

    QString explanation;
    if (winner >= 0) {
        const Vote& v = m_votes[size_t(winner)];
        d.cls = m_classes[winner];
        d.score = v.best.weight;
        d.scoreKind = kindName(v.best);
        d.confidence = confidenceOf(v.best, rivals.isEmpty() ? Strength {} : rivals.first().second);
        std::optional<Hit> wrapper;
        if (!v.hits.isEmpty()) {
            const Hit& cause = v.hits.first();
            const bool inToolchainHeader = d.cls == FailureClass::CompileError && isToolchainHeaderError(cause.text)
                && !instantiatedFromTheProgram(m_log);
            if (inToolchainHeader) {
                d.confidence = std::min(d.confidence, kToolchainHeaderConfidence);
                if (std::none_of(d.alternatives.cbegin(), d.alternatives.cend(),
                        [](const Alternative& a) { return a.cls == FailureClass::DriverRuntimeMismatch; }))
                    d.alternatives.prepend({ FailureClass::DriverRuntimeMismatch, kToolchainHeaderAlternativeWeight,
                        QStringLiteral("hint") });
            }
            d.cause = marked(cause);
            explanation = fromResults
                ? QStringLiteral(" Nothing in the log reports a failure, but it prints results, first at %1: the run "
                                 "ended without an error, so what is in question is its output")
                      .arg(quoted(cause))
                : QStringLiteral(" Decided by %1").arg(quoted(cause));
            // The wrapper: the strongest report without a cause, preferably another line than the cause's.
            auto w = std::find_if(
                m_wrappers.hits.cbegin(), m_wrappers.hits.cend(), [&](const Hit& h) { return h.line != cause.line; });
            if (w == m_wrappers.hits.cend())
                w = m_wrappers.hits.cbegin();
            if (w != m_wrappers.hits.cend() && v.best.tier == 2) {
                wrapper = *w;
                d.wrapper = marked(*w);
                explanation += w->line == cause.line ? QStringLiteral(", inside the failure report of that same line")
                                                     : QStringLiteral("; reported through %1").arg(quoted(*w));
            }
            explanation += u'.';
            const bool missingDevice = d.cls == FailureClass::NoDevice
                && std::none_of(d.alternatives.cbegin(), d.alternatives.cend(),
                    [](const Alternative& a) { return a.cls == FailureClass::DriverRuntimeMismatch; });
            if (missingDevice) {
                d.alternatives.append(
                    { FailureClass::DriverRuntimeMismatch, kMissingDeviceMismatchWeight, QStringLiteral("hint") });
                explanation += QStringLiteral(" A device the runtime cannot find is, about one time in five, there but "
                                              "unusable by this installation (a driver older than the runtime, another "
                                              "driver library loaded first, a system image for another accelerator "
                                              "generation): that is the alternative to rule out.");
            }
            if (inToolchainHeader)
                explanation += QStringLiteral(" The error is in a header the toolchain installed, not in the program's "
                                              "sources: a compiler and headers of releases that do not fit fail there "
                                              "nearly as often as the program's code does.");
        }
        d.evidence = evidenceFrom(v.hits, wrapper);
    } else {
        // Nothing known: still point at the lines a reader looks at first (the last exception, errors).
        d.evidence = evidenceFrom(m_informative.hits, std::nullopt);
        if (m_outside) {
            d.outsideStack = layerName(m_outside->layer);
            d.cause = marked(*m_outside);
            d.confidence = 0.7;
            explanation = QStringLiteral(" The failure was reported by a layer outside the accelerator stack, %1; no "
                                         "runtime class describes it.")
                              .arg(quoted(*m_outside));
        } else {
            d.confidence = m_informative.hits.isEmpty() ? 0.5 : 0.3;
        }
    }
    d.title = failureTitle(d.cls);
    d.explanation = failureExplanation(d.cls) + explanation + contextSentence(context, sig);
    return d;
}

} // namespace kwb::detail
