// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnose/logstructure.h"

#include <QRegularExpression>

#include <cstring>
#include <utility>

namespace kwb::detail {

namespace {
// One anchored pattern per prefix format, naming the level ("lvl") and the component ("tag") when it states
// them. The formats are the loggers and launchers whose output the corpora show around accelerator failures;
// an unknown prefix simply stays part of the payload. Each format can only start with certain characters
// ("[", "(", a digit, an upper- or lower-case letter, ">"), checked before its pattern runs: most lines have
// no prefix, and diagnosis must stay cheap per line.
struct PrefixFormat {
    const char* starts; ///< classes of the first character: '[', '(', '>', 'A' upper, 'a' lower, '0' digit, ' ' blank
    QRegularExpression re;
};

const QList<PrefixFormat>& prefixFormats()
{
    static const QList<PrefixFormat> formats = [] {
        // clang-format off
        const std::pair<const char*, const char*> list[] = {
            // torchrun / DDP rank prefixes, Ray and vLLM process prefixes
            { "[ ", R"re(\s*\[rank\d+\]:\s?)re" },
            { "(", R"re(\((?<tag>[\w.:-]+)(?: [\w.-]+=[\w.-]+)+\)\s+)re" },
            // vLLM and similar loggers: "ERROR 02-11 14:20:32 engine.py:389] "
            { "A", R"re((?<lvl>ERROR|WARNING|WARN|INFO|DEBUG|CRITICAL)\s+\d\d-\d\d [\d:.]+ \[?(?<tag>[\w.]+):\d+\]\s?)re" },
            // glog / absl: "F0912 11:59:01.941641  741969 shape_tree.cc:54] " (V: PyTorch's verbose logs, an INFO level)
            // and TensorFlow's dated form
            { "A", R"re((?<lvl>[FEWIV])\d{4} [\d:.]+\s+\d+ (?:\S*/)?(?<tag>[\w.-]+):\d+\]\s?)re" },
            { "0", R"re(\d{4}-\d\d-\d\d [\d:.]+: (?<lvl>[FEWI]) (?:\S*/)?(?<tag>[\w.-]+):\d+\]\s?)re" },
            // Neuron tools: "2023-07-14T18:16:48Z ERROR 26345 [neuronx-cc]: ",
            // "2024-Jul-30 14:22:31.244396 65191:69012 ERROR   NRT:nrt_infodump   ",
            // "2024-09-20 13:36:05.000005:  766  ERROR ||NEURON_CC_WRAPPER||: ", "06/16/2021 08:47:19 AM ERROR [neuron-cc]: "
            { "0", R"re(\d{4}-\d\d-\d\dT[\d:.]+Z\s+(?<lvl>[A-Z]+)\s+\d+\s+\[(?<tag>[^\]]+)\]:\s?)re" },
            { "0", R"re(\d{4}-\w{3}-\d\d [\d:.]+\s+\d+:\d+\s+(?<lvl>[A-Z]+)\s+(?<tag>\w+):\w+\s+)re" },
            { "0", R"re(\d{4}-\d\d-\d\d [\d:.]+:\s+\d+\s+(?<lvl>[A-Z]+)\s+\|\|(?<tag>\w+)\|\|:\s?)re" },
            { "0", R"re(\d\d/\d\d/\d{4} [\d:]+ [AP]M (?<lvl>[A-Z]+)\s+\[(?<tag>[^\]]+)\]:\s?)re" },
            // syslog/journald "Nov 15 07:57:40 host tf_test[6536]: " and daemons "nrtd[7]: "
            { "A", R"re([A-Z][a-z]{2} +\d+ [\d:]+ \S+ (?<tag>[\w.-]+)\[\d+\]:\s?)re" },
            { "a", R"re((?<tag>[a-z][\w.-]*)\[\d+\]:\s)re" },
            // CI timestamps, Python logging "ERROR:name:" / "ERROR:name - ", pytest's "E   ", quoted text
            { "0", R"re(\d{4}-\d\d-\d\dT[\d:.]+Z\s)re" },
            { "A", R"re((?<lvl>ERROR|WARNING|INFO|DEBUG|CRITICAL):(?<tag>[\w.]+)(?::| - ))re" },
            { "A", R"re((?<lvl>E)\s{3,})re" },
            { ">", R"re(>\s?)re" },
        };
        // clang-format on
        QList<PrefixFormat> out;
        for (const auto& [starts, pattern] : list) {
            // Case-sensitive: "ERROR" and "E   " are levels, "error" in a message is not.
            QRegularExpression re(QString::fromLatin1(pattern));
            re.optimize();
            out.append({ starts, std::move(re) });
        }
        return out;
    }();
    return formats;
}

char classOf(QChar c)
{
    if (c == u'[' || c == u'(' || c == u'>')
        return char(c.unicode());
    if (c.isSpace())
        return ' ';
    if (c >= u'0' && c <= u'9')
        return '0';
    if (c >= u'A' && c <= u'Z')
        return 'A';
    if (c >= u'a' && c <= u'z')
        return 'a';
    return 0;
}

LogLevel levelOf(QStringView word)
{
    // Only the level words loggers use; a tool's own category ("USER" in neuronx-cc) states no level.
    static const struct {
        const char16_t* word;
        LogLevel level;
    } levels[] = { { u"F", LogLevel::Fatal }, { u"FATAL", LogLevel::Fatal }, { u"CRITICAL", LogLevel::Fatal },
        { u"E", LogLevel::Error }, { u"ERROR", LogLevel::Error }, { u"W", LogLevel::Warning },
        { u"WARN", LogLevel::Warning }, { u"WARNING", LogLevel::Warning }, { u"I", LogLevel::Info },
        { u"INFO", LogLevel::Info }, { u"DEBUG", LogLevel::Info }, { u"V", LogLevel::Info } };
    for (const auto& l : levels) {
        if (word == QStringView(l.word))
            return l.level;
    }
    return LogLevel::None;
}
} // namespace

LinePrefix splitPrefix(const QString& line)
{
    LinePrefix p;
    // Prefixes nest ("[rank0]: E0816 … api.py:833] …"); a few rounds cover what launchers produce.
    for (int round = 0; round < 4 && p.payloadStart < line.size(); ++round) {
        const char first = classOf(line.at(p.payloadStart));
        if (first == 0)
            break;
        QRegularExpressionMatch m;
        for (const auto& f : prefixFormats()) {
            if (!std::strchr(f.starts, first))
                continue;
            m = f.re.match(
                line, p.payloadStart, QRegularExpression::NormalMatch, QRegularExpression::AnchorAtOffsetMatchOption);
            if (m.hasMatch() && m.capturedLength() > 0)
                break;
        }
        if (!m.hasMatch() || m.capturedLength() == 0)
            break;
        const LogLevel level = levelOf(m.capturedView(u"lvl"));
        if (int(level) > int(p.level))
            p.level = level;
        if (m.hasCaptured(u"tag"))
            p.tag = m.captured(u"tag");
        p.payloadStart = m.capturedEnd();
    }
    return p;
}

bool mayStateAnErrorLevel(const QString& line)
{
    // One pass, no search: a lone E or F (glog's "E0912 …", TensorFlow's ": F path…", pytest's "E   ") or a level word,
    // each at the start of a word.
    const QStringView head = QStringView(line).first(std::min<qsizetype>(line.size(), 64));
    for (qsizetype i = 0; i + 1 < head.size(); ++i) {
        const QChar c = head[i];
        if ((c != u'E' && c != u'F' && c != u'C') || (i > 0 && head[i - 1].isLetterOrNumber()))
            continue;
        const QStringView rest = head.sliced(i);
        if ((c != u'C' && (head[i + 1].isDigit() || head[i + 1] == u' ')) || rest.startsWith(u"ERROR")
            || rest.startsWith(u"FATAL") || rest.startsWith(u"CRITICAL"))
            return true;
    }
    return false;
}

const QList<ShapeRule>& shapeRules()
{
    // clang-format off
    static const QList<ShapeRule> rules {
        { TracebackStart, R"re(Traceback \(most recent call last\))re" },
        { DirectCause, R"re(The above exception was the direct cause of the following exception)re" },
        { DuringHandling, R"re(During handling of the above exception, another exception occurred)re" },
        // CPython, IPython ("File /x.py:139, in f", "Cell In[3], line 1"), Triton server ("/x.py(643): f"), old IPython ("x.py in f(")
        { PythonFrame, R"re(^\s*File "[^"]*", line \d+|^\s*File \S+:\d+, in \w|^\s*File \S+\.py:\d+\s*$|^\s*Cell In\[\d+\], line \d+|^\s*\S+\.py\(\d+\): \w+\s*$|^\S+\.py in \w+\(|^<ipython-input-[\w-]+> in \w)re" },
        // gdb/LLVM "#3 0x…", glog "@ 0x…", c10/lldb "frame #3:", boost "0# …", glibc "/lib/x.so(+0x…)[0x…]",
        // Open MPI "[host:123] [ 0] …"
        { NativeFrame, R"re(^\s*#\d+\s+0x[0-9a-f]+|^\s*@\s+0x[0-9a-f]+|^\s*frame #\d+:|^\s*\d+# \S|\(\+0x[0-9a-f]+\) ?\[0x[0-9a-f]+\]|^\s*\[[^\]]+\] \[ ?\d+\] )re" },
        // Python's exception names, and the timeouts whose names end otherwise (requests' ReadTimeout,
        // subprocess.TimeoutExpired, Python 3.9's socket.timeout).
        { ExceptionLine, R"re(^\s*(?:[A-Za-z_][\w.]*\.)?(?:\w+(?:Error|Exception|Failed|Failure|Exit|Interrupt|Timeout)|TimeoutExpired|Exception)\b\s*(?::|$|\(["'])|^\s*(?:[A-Za-z_]\w*\.)+timeout\b\s*(?::|$))re" },
        { WarningHeader, R"re(\.py:\d+: \w*Warning:)re" },
        { CodeContext, R"re(^\s*-*-->\s*\d+ )re" },
        { ReportsFailure, R"re(\b(?:errors?|fatal|failed|failure|abort(?:ed)?|exception|assertion|terminated|exited with|exit (?:code|status)|exitcode|check failed|ret_check)\b)re" },
    };
    // clang-format on
    return rules;
}

bool isNumberedSourceLine(const QString& payload)
{
    static const QRegularExpression re(QStringLiteral(R"re(^\s{2,}\d{1,5} )re"));
    return re.match(payload).hasMatch();
}

LinePlace StructureReader::place(int lineNo, unsigned kinds, bool indented)
{
    LinePlace p;
    if (kinds & (DirectCause | DuringHandling)) {
        m_pending = (kinds & DirectCause) ? Link::Direct : Link::During;
        m_wrappingUntil = -1;
        return p;
    }
    if (kinds & TracebackStart) {
        // A traceback right after a chain marker continues the chain; any other starts a new one.
        m_block = m_pending;
        m_pending = Link::None;
        m_wrappingUntil = -1;
    }
    // Python prints the source line of a frame, or of a warning, right under it: that is the program's
    // code ("warnings.warn('No GPU/TPU found')"), not something that happened.
    // IPython shows a few numbered source lines under each frame instead.
    p.codeEcho = !(kinds & (ExceptionLine | PythonFrame | NativeFrame))
        && ((indented && lineNo == m_lastFrameLine + 1)
            || ((kinds & CodeContext) && lineNo > m_lastFrameLine && lineNo <= m_lastFrameLine + 12));
    p.nearFrame = lineNo > m_lastFrameLine && lineNo <= m_lastFrameLine + 12;
    if (kinds & (PythonFrame | WarningHeader))
        m_lastFrameLine = lineNo;
    p.frame = (kinds & (PythonFrame | NativeFrame)) != 0;
    if ((kinds & ExceptionLine) && !p.frame) {
        // Python prints a chain innermost first: an exception linked by "direct cause" was raised *from*
        // the one above it (`raise … from`), so it reports that cause again, wrapped. Its message may go on
        // for a few lines. "During handling" links an exception raised while handling another: either may
        // be the real failure, so neither is demoted.
        if (m_block == Link::Direct)
            m_wrappingUntil = lineNo + 3;
    }
    p.wrapping = !p.frame && lineNo <= m_wrappingUntil;
    return p;
}

} // namespace kwb::detail
