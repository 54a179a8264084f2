// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reading a failure log as what it is rather than as a bag of lines: output of nested processes behind
// logger prefixes, Python tracebacks chained by "direct cause" or "during handling", stack frames, the
// source lines Python echoes. diagnosis weighs a rule's match by where the line stands (docs/diagnosis.md).

#include <QList>
#include <QString>

namespace kwb::detail {

enum class LogLevel { None, Info, Warning, Error, Fatal };

/// A line's logger and process prefixes ("[rank0]:", "(EngineCore pid=7)", glog "F0912 … file.cc:54]",
/// "2023-07-14T18:16:48Z ERROR 26345 [neuronx-cc]:", "nrtd[7]:", pytest "E   "), nested ones included.
struct LinePrefix {
    qsizetype payloadStart = 0; ///< where the message itself begins
    LogLevel level = LogLevel::None; ///< the most severe level a prefix states
    QString tag; ///< the innermost component a prefix names ("neuronx-cc", "NRT", "shape_tree.cc"), or empty
};

/// Splits the prefixes off a line (colour codes and trailing blanks already removed).
LinePrefix splitPrefix(const QString& line);
/// Whether the line's start could hold an error or fatal level (a lone E or F of glog, a level word): the cheap
/// question asked before splitPrefix of lines that would otherwise be skipped.
bool mayStateAnErrorLevel(const QString& line);

/// What a line is, as bit flags; shapeRules() recognises them in a line's payload.
enum LineKind : unsigned {
    TracebackStart = 1u << 0, ///< "Traceback (most recent call last):"
    DirectCause = 1u << 1, ///< "The above exception was the direct cause of the following exception:"
    DuringHandling = 1u << 2, ///< "During handling of the above exception, another exception occurred:"
    PythonFrame = 1u << 3, ///< `File "x.py", line 3, in f` and the other frame formats Python tools print
    NativeFrame = 1u << 4, ///< a C/C++ stack frame (gdb, LLVM, glog, glibc, boost, c10)
    ExceptionLine = 1u << 5, ///< `SomeError: message`, the line a traceback ends with
    WarningHeader = 1u << 6, ///< `x.py:130: UserWarning: …`, followed by the source line that warned
    ReportsFailure = 1u << 7, ///< says that something failed (error, fatal, abort, assertion, exit status)
    CodeContext = 1u << 8, ///< an IPython source line ("---> 99     return f(x)", "     98 def g():")
};

/// A pattern recognising one kind of line. Like the rules, each has required literals for the prefilter.
struct ShapeRule {
    unsigned kind;
    const char* pattern; ///< PCRE2, case-insensitive, matched against the payload
};

const QList<ShapeRule>& shapeRules();

/// Where a line stands in the structure of the log.
struct LinePlace {
    bool frame = false; ///< a stack frame: it says where the failure passed, not why it happened
    bool codeEcho = false; ///< a source line Python prints under a frame or a warning: code, not output
    bool wrapping = false; ///< belongs to an exception raised *from* an earlier one (a direct-cause chain)
    bool nearFrame = false; ///< within a few lines after a frame, where tracebacks show source code
};

/// An IPython source line ("    345 # to … the timeout error"): a line number and code. Asked only of lines
/// near a frame, which the prefilter delivered for other reasons, so it needs no literal.
bool isNumberedSourceLine(const QString& payload);

/// Follows tracebacks and their chains through the lines the prefilter delivers, in order. Only lines that
/// carry a structural literal reach it, which is all it needs: markers, frames and exception lines do.
class StructureReader {
public:
    /// `kinds` are the line's LineKind flags; `indented` whether its payload starts with blanks.
    LinePlace place(int lineNo, unsigned kinds, bool indented);

private:
    enum class Link { None, Direct, During };
    Link m_pending = Link::None; ///< a chain marker seen, the traceback it introduces not yet started
    Link m_block = Link::None; ///< how the current traceback is linked to the one before it
    int m_lastFrameLine = -10; ///< frames and warning headers are followed by an echoed source line
    int m_wrappingUntil = -1; ///< last line of the message of an exception that wraps an earlier one
};

} // namespace kwb::detail
