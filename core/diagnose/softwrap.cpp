// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnose/softwrap.h"

#include <array>

namespace kwb::detail {
namespace {
bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

QByteArrayView trimmed(QByteArrayView s)
{
    while (!s.isEmpty() && isSpace(s.front()))
        s = s.sliced(1);
    while (!s.isEmpty() && isSpace(s.back()))
        s.chop(1);
    return s;
}

bool stopsMidSentence(QByteArrayView line)
{
    const QByteArrayView t = trimmed(line);
    if (t.isEmpty() || t.startsWith("File \"") || t.startsWith("Traceback") || t.contains(" = "))
        return false;
    const char c = t.back();
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ',' || c == ')'
        || c == ']';
}

bool continuesSentence(QByteArrayView line)
{
    const QByteArrayView t = trimmed(line);
    if (t.isEmpty() || t.front() < 'a' || t.front() > 'z')
        return false;
    // Echoed Python source starts lower-case too.
    static constexpr std::array<const char*, 16> code { "return ", "def ", "for ", "if ", "elif ", "else:", "import ",
        "from ", "with ", "raise ", "while ", "try:", "except", "class ", "lambda", "yield" };
    for (const char* k : code) {
        if (t.startsWith(k))
            return false;
    }
    return !t.contains(" = ") && !t.contains("(") && t.back() != ':';
}

// A line pasted into a post may carry markdown around the message ("no **CUDA-capable device is detected**",
// "`invalid configuration argument`"): bold markers go, and backticks go when they pair up (glibc's
// "Assertion `x' failed" has one and keeps it).
QByteArray withoutMarkdown(QByteArrayView line, bool* changed)
{
    QByteArray out = line.toByteArray();
    const qsizetype before = out.size();
    out.replace("**", "");
    if (out.count('`') >= 2 && out.count('`') % 2 == 0)
        out.replace("`", "");
    *changed = out.size() != before;
    return out;
}
} // namespace

JoinedLog joinSoftWrappedLines(QByteArrayView log)
{
    JoinedLog out;
    out.text.reserve(log.size());
    qsizetype pos = 0;
    int lineNo = 0;
    int inLogical = 0; // original lines in the current joined line
    QByteArray previous;
    while (pos <= log.size()) {
        qsizetype end = log.indexOf('\n', pos);
        if (end < 0)
            end = log.size();
        bool unmarked = false;
        const QByteArray line = withoutMarkdown(log.sliced(pos, end - pos), &unmarked);
        out.unmarked += unmarked ? 1 : 0;
        ++lineNo;
        if (lineNo > 1 && inLogical < kMaxJoinedLines && stopsMidSentence(previous) && continuesSentence(line)) {
            while (!out.text.isEmpty() && isSpace(out.text.back()))
                out.text.chop(1);
            out.text += ' ';
            out.text += trimmed(line);
            ++out.joins;
            ++inLogical;
        } else {
            if (lineNo > 1)
                out.text += '\n';
            out.text += line;
            out.firstLine.push_back(lineNo);
            inLogical = 1;
        }
        previous = line;
        pos = end + 1;
    }
    return out;
}

} // namespace kwb::detail
