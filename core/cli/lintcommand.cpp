// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/cli.h"

#include "core/task/lint.h"
#include "core/task/taskloader.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kwb::cli {
namespace {
// The finding keys of kwb.lint/1: id, severity, message, and file/line/json_path where they apply.
QJsonObject findingJson(const Finding& f)
{
    QJsonObject o { { QStringLiteral("id"), f.id }, { QStringLiteral("severity"), severityName(f.severity) },
        { QStringLiteral("message"), f.message } };
    if (!f.file.isEmpty())
        o.insert(QStringLiteral("file"), f.file);
    if (f.line > 0)
        o.insert(QStringLiteral("line"), f.line);
    if (!f.jsonPath.isEmpty())
        o.insert(QStringLiteral("json_path"), f.jsonPath);
    return o;
}

QJsonObject reportJson(const LintReport& r)
{
    QJsonArray findings;
    for (const Finding& f : r.findings)
        findings.append(findingJson(f));
    return { { QStringLiteral("path"), r.path },
        { QStringLiteral("id"), r.loaded ? QJsonValue(r.id) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("digest"), r.loaded ? QJsonValue(r.digest) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("findings"), findings } };
}

// `path/task.json:12: warning: message [id]` — the form compilers use, so editors can jump to it.
void printText(const LintReport& r, QTextStream& out)
{
    int errors = 0;
    int warnings = 0;
    for (const Finding& f : r.findings) {
        errors += f.severity == Severity::Error ? 1 : 0;
        warnings += f.severity == Severity::Warning ? 1 : 0;
    }
    out << r.path << ": " << (r.loaded ? r.id : QStringLiteral("(not loaded)"));
    if (!r.digest.isEmpty())
        out << ' ' << r.digest;
    out << ": " << errors << (errors == 1 ? " error, " : " errors, ") << warnings
        << (warnings == 1 ? " warning\n" : " warnings\n");
    for (const Finding& f : r.findings) {
        out << "  ";
        if (!f.file.isEmpty()) {
            out << QDir(r.path).filePath(f.file);
            if (f.line > 0)
                out << ':' << f.line;
            out << ": ";
        }
        out << severityName(f.severity) << ": ";
        if (!f.jsonPath.isEmpty())
            out << f.jsonPath << ": ";
        out << f.message << " [" << f.id << "]\n";
    }
}
} // namespace

int lintCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Validate kwb.task/1 bundles and run the static scoping checks.\n"
        "TASK is a bundle folder (holding task.json), a task.json, or a folder searched for bundles.\n"
        "Exit codes: 0 no error findings, 1 error findings, 2 a bundle could not be loaded or bad usage."));
    parser.addPositionalArgument(
        QStringLiteral("TASK"), QStringLiteral("Task bundle or folder of bundles."), QStringLiteral("TASK..."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print one kwb.lint/1 JSON document."));
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    parser.addOption(json);
    parser.addOption(help);
    if (!parser.parse(QStringList { QStringLiteral("kwb lint") } + args)) {
        io.err << "kwb lint: " << parser.errorText() << " (see 'kwb lint --help')\n";
        return ExitBadInput;
    }
    if (parser.isSet(help)) {
        // helpText() names the binary's path in its first line; the command name reads better.
        QString text = parser.helpText();
        text.replace(0, text.indexOf(u'\n'), QStringLiteral("Usage: kwb lint [--json] TASK..."));
        io.out << text;
        return ExitOk;
    }
    const QStringList tasks = parser.positionalArguments();
    if (tasks.isEmpty()) {
        io.err << "kwb lint: no TASK given (see 'kwb lint --help')\n";
        return ExitBadInput;
    }

    QStringList bundles;
    for (const QString& t : tasks) {
        if (!QFileInfo::exists(t)) {
            io.err << "kwb lint: " << t << ": no such file or folder\n";
            return ExitBadInput;
        }
        const QStringList found = findTaskBundles(t);
        if (found.isEmpty()) {
            io.err << "kwb lint: " << t << ": no task bundle (task.json) found\n";
            return ExitBadInput;
        }
        bundles << found;
    }

    int exit = ExitOk;
    QJsonArray reports;
    for (const QString& b : bundles) {
        const LintReport r = lintBundle(b);
        if (!r.loaded) {
            io.err << QDir(b).filePath(r.loadError) << '\n';
            exit = ExitBadInput;
        } else if (hasErrors(r.findings) && exit == ExitOk) {
            exit = ExitFindings;
        }
        if (parser.isSet(json))
            reports.append(reportJson(r));
        else
            printText(r, io.out);
    }
    if (parser.isSet(json)) {
        const QJsonObject doc { { QStringLiteral("format"), QStringLiteral("kwb.lint/1") },
            { QStringLiteral("tasks"), reports } };
        io.out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
    }
    return exit;
}

} // namespace kwb::cli
