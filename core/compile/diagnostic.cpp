// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compile/diagnostic.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace kwb {

QJsonObject Diagnostic::toJson() const
{
    QJsonObject j {
        { QStringLiteral("file"), file },
        { QStringLiteral("line"), line },
        { QStringLiteral("column"), column },
        { QStringLiteral("severity"), diagnosticSeverityName(severity) },
        { QStringLiteral("message"), message },
    };
    if (!tool.isEmpty())
        j.insert(QStringLiteral("tool"), tool);
    if (!code.isEmpty())
        j.insert(QStringLiteral("code"), code);
    if (!arch.isEmpty())
        j.insert(QStringLiteral("arch"), arch);
    return j;
}

PathMapper bundlePathMapper(const QString& workDir, const QString& bundleDir)
{
    const QString root = QDir(bundleDir).canonicalPath();
    return [workDir, root](const QString& printed) {
        if (printed.isEmpty())
            return printed;
        const QString abs = QFileInfo(QDir(workDir), printed).absoluteFilePath();
        const QString canon = QFileInfo(abs).canonicalFilePath();
        const QString path = canon.isEmpty() ? QDir::cleanPath(abs) : canon;
        if (!root.isEmpty() && path.startsWith(root + QLatin1Char('/')))
            return path.mid(root.size() + 1);
        return printed;
    };
}

QString diagnosticSeverityName(DiagnosticSeverity severity)
{
    switch (severity) {
    case DiagnosticSeverity::Error:
        return QStringLiteral("error");
    case DiagnosticSeverity::Warning:
        return QStringLiteral("warning");
    case DiagnosticSeverity::Note:
        return QStringLiteral("note");
    }
    return {};
}

DiagnosticSeverity diagnosticSeverityFromText(const QString& printed)
{
    const QString l = printed.trimmed().toLower();
    if (l.startsWith(u"warning"))
        return DiagnosticSeverity::Warning;
    if (l.startsWith(u"note") || l.startsWith(u"remark") || l.startsWith(u"info"))
        return DiagnosticSeverity::Note;
    return DiagnosticSeverity::Error; // error, fatal error, catastrophic error, fatal
}

namespace {

struct Patterns {
    // nvcc front end: `f.cu(12): error: msg`, `f.cu(4): warning #177-D: msg`, `f.cu(4): catastrophic error: …`
    QRegularExpression nvccFront { QStringLiteral(
        R"(^(.+?)\((\d+)\): (error|warning|remark|catastrophic error|internal error)(?: #([\w-]+))?: (.*)$)") };
    // gcc/clang: `f.cpp:3:7: error: msg [-Wflag]`, also without a column
    QRegularExpression gcc { QStringLiteral(
        R"(^(.+?):(\d+):(?:(\d+):)? (fatal error|error|warning|note): (.*?)(?: \[(-W[^\]]+)\])?$)") };
    QRegularExpression included { QStringLiteral(R"(^(?:In file included|\s+) from (.+?):(\d+)(?::(\d+))?[:,]$)") };
    // ptxas with a PTX position: `ptxas /tmp/x.ptx, line 42; error   : msg`
    QRegularExpression ptxasAt { QStringLiteral(R"(^ptxas (.+?), line (\d+); (error|warning|fatal)\s*: (.*)$)") };
    QRegularExpression tool { QStringLiteral(R"(^(ptxas|nvlink|fatbinary|nvcc)\s+(error|warning|fatal)\s*: (.*)$)") };
    QRegularExpression compiling { QStringLiteral(R"(^ptxas info\s*: Compiling entry function '[^']+' for '(\w+)')") };
};
} // namespace

QList<Diagnostic> parseCompilerOutput(const QString& text, const PathMapper& mapPath)
{
    static const Patterns p;
    const auto map = [&](const QString& f) { return mapPath ? mapPath(f) : f; };
    QList<Diagnostic> out;
    QString arch;
    QString includeChain; // `In file included from a.cpp:1` lines, attached to the next diagnostic
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (QString line : lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        QRegularExpressionMatch m;
        if ((m = p.compiling.match(line)).hasMatch()) {
            arch = m.captured(1);
        } else if ((m = p.nvccFront.match(line)).hasMatch() && !line.startsWith(u' ')) {
            out.append({ map(m.captured(1)), m.captured(2).toInt(), 0, diagnosticSeverityFromText(m.captured(3)),
                m.captured(5), QStringLiteral("nvcc"), m.captured(4), {} });
        } else if ((m = p.included.match(line)).hasMatch()) {
            includeChain += (includeChain.isEmpty() ? QString() : QStringLiteral(", "))
                + QStringLiteral("%1:%2").arg(map(m.captured(1)), m.captured(2));
        } else if ((m = p.ptxasAt.match(line)).hasMatch()) {
            out.append({ map(m.captured(1)), m.captured(2).toInt(), 0, diagnosticSeverityFromText(m.captured(3)),
                m.captured(4), QStringLiteral("ptxas"), {}, arch });
        } else if ((m = p.tool.match(line)).hasMatch()) {
            out.append({ {}, 0, 0, diagnosticSeverityFromText(m.captured(2)), m.captured(3), m.captured(1), {},
                m.captured(1) == u"ptxas" ? arch : QString() });
        } else if ((m = p.gcc.match(line)).hasMatch() && !line.startsWith(u' ')) {
            Diagnostic d { map(m.captured(1)), m.captured(2).toInt(), m.captured(3).toInt(),
                diagnosticSeverityFromText(m.captured(4)), m.captured(5), QStringLiteral("gcc"), m.captured(6), {} };
            if (!includeChain.isEmpty()) {
                d.message += QStringLiteral(" (included from %1)").arg(includeChain);
                includeChain.clear();
            }
            out.append(d);
        }
    }
    return out;
}

} // namespace kwb
