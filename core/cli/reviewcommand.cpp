// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/cli.h"
#include "core/cli/reviewedit.h"

#include "core/export/exporter.h"
#include "core/review/reviewchecks.h"
#include "core/rubric/rubricloader.h"
#include "core/task/digest.h"
#include "core/task/taskloader.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>

namespace kwb::cli {
namespace {
struct Validated {
    QString file;
    Review review;
    Findings findings;
};

QJsonObject validatedJson(const Validated& v)
{
    QJsonArray findings;
    for (const Finding& f : v.findings)
        findings.append(f.toJson());
    return { { QStringLiteral("file"), v.file }, { QStringLiteral("task_id"), v.review.taskId },
        { QStringLiteral("reviewer"), v.review.reviewer },
        { QStringLiteral("created"), reviewTimestamp(v.review.created) },
        { QStringLiteral("status"), statusName(v.review.status) }, { QStringLiteral("findings"), findings } };
}

void printText(const Validated& v, QTextStream& out)
{
    int errors = 0;
    int warnings = 0;
    for (const Finding& f : v.findings) {
        errors += f.severity == Severity::Error ? 1 : 0;
        warnings += f.severity == Severity::Warning ? 1 : 0;
    }
    out << v.file << ": " << v.review.identity() << ": " << errors << (errors == 1 ? " error, " : " errors, ")
        << warnings << (warnings == 1 ? " warning\n" : " warnings\n");
    for (const Finding& f : v.findings)
        out << "  " << severityName(f.severity) << ": " << f.jsonPath << ": " << f.message << " [" << f.id << "]\n";
}

int validate(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run the review checks (review.incomplete, review.no-evidence, review.contradicts-evidence,\n"
        "review.stale-task, review.text-score-conflict) on kwb.review/1 files (json, jsonl, Label Studio).\n"
        "Exit codes: 0 no error findings, 1 error findings, 2 a file could not be read or bad usage."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Review file."), QStringLiteral("FILE..."));
    const QCommandLineOption task(QStringLiteral("task"),
        QStringLiteral("The task bundle reviewed: its kind selects the criteria, its digest detects stale reviews."),
        QStringLiteral("DIR"));
    const QCommandLineOption report(QStringLiteral("report"),
        QStringLiteral("A kwb.report/1 file the reviews attach or cite (repeatable)."), QStringLiteral("FILE"));
    const QCommandLineOption rubricOpt(QStringLiteral("rubric"),
        QStringLiteral("Rubric file (default: the rubric each review names, from the rubrics folder)."),
        QStringLiteral("FILE"));
    const QCommandLineOption json(
        QStringLiteral("json"), QStringLiteral("Print one kwb.review-check/1 JSON document."));
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    parser.addOptions({ task, report, rubricOpt, json, help });
    if (!parser.parse(QStringList { QStringLiteral("kwb review validate") } + args)) {
        io.err << "kwb review validate: " << parser.errorText() << " (see 'kwb review validate --help')\n";
        return ExitBadInput;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        text.replace(0, text.indexOf(u'\n'),
            QStringLiteral(
                "Usage: kwb review validate [--task DIR] [--report FILE]... [--rubric FILE] [--json] FILE..."));
        io.out << text;
        return ExitOk;
    }
    if (parser.positionalArguments().isEmpty()) {
        io.err << "kwb review validate: no FILE given (see 'kwb review validate --help')\n";
        return ExitBadInput;
    }
    ReviewCheckContext ctx;
    if (parser.isSet(task)) {
        const Result<LoadedTask> t = loadTask(parser.value(task));
        if (!t) {
            io.err << "kwb review validate: " << t.error().oneLine() << '\n';
            return ExitBadInput;
        }
        const Result<QString> digest = taskDigest(t->task);
        if (!digest) {
            io.err << "kwb review validate: " << digest.error().oneLine() << '\n';
            return ExitBadInput;
        }
        ctx.taskKind = t->task.kind;
        ctx.currentTaskId = t->task.id;
        ctx.currentTaskDigest = *digest;
    }
    for (const QString& path : parser.values(report)) {
        const Result<ReportDoc> doc = loadReportDoc(path);
        if (!doc) {
            io.err << "kwb review validate: " << doc.error().oneLine() << '\n';
            return ExitBadInput;
        }
        ctx.reports.append(*doc);
    }
    std::optional<Rubric> fixed;
    if (parser.isSet(rubricOpt)) {
        Result<Rubric> r = loadRubric(parser.value(rubricOpt));
        if (!r) {
            io.err << "kwb review validate: " << r.error().oneLine() << '\n';
            return ExitBadInput;
        }
        fixed = *r;
    }
    QList<Validated> all;
    for (const QString& file : parser.positionalArguments()) {
        const Result<QList<Review>> reviews = importReviewFile(file);
        if (!reviews) {
            io.err << "kwb review validate: " << reviews.error().oneLine() << '\n';
            return ExitBadInput;
        }
        for (const Review& r : *reviews) {
            Result<Rubric> rubric = fixed ? Result<Rubric>(*fixed) : findRubric(r.rubricId, r.rubricVersion);
            if (!rubric) {
                io.err << "kwb review validate: " << file << ": " << rubric.error().oneLine() << '\n';
                return ExitBadInput;
            }
            all.append({ file, r, checkReview(r, *rubric, ctx) });
        }
    }
    int exit = ExitOk;
    QJsonArray docs;
    for (const Validated& v : all) {
        if (hasErrors(v.findings))
            exit = ExitFindings;
        if (parser.isSet(json))
            docs.append(validatedJson(v));
        else
            printText(v, io.out);
    }
    if (parser.isSet(json))
        io.out << QJsonDocument(QJsonObject { { QStringLiteral("format"), QStringLiteral("kwb.review-check/1") },
                                    { QStringLiteral("reviews"), docs } })
                      .toJson(QJsonDocument::Indented);
    return exit;
}
} // namespace

int reviewCommand(const QStringList& args, Io& io)
{
    if (args.isEmpty() || args.first() == QLatin1StringView("--help") || args.first() == QLatin1StringView("-h")) {
        (args.isEmpty() ? io.err : io.out)
            << "Usage: kwb review validate [--task DIR] [--report FILE]... [--rubric FILE] [--json] FILE...\n"
               "       kwb review new --task DIR [--reviewer NAME] [--db PATH | --file FILE]\n"
               "       kwb review set [--task DIR | --task-id ID] [--score ID=V]... [--comment ID=TEXT]... "
               "[--evidence ID=REF]... [--verdict V] [--summary TEXT] [--confidence N] ...\n"
               "       kwb review submit [--task DIR | --task-id ID] [--confirm-unaddressed]\n"
               "(each sub-command has --help)\n";
        return args.isEmpty() ? ExitBadInput : ExitOk;
    }
    if (args.first() == QLatin1StringView("validate"))
        return validate(args.mid(1), io);
    if (args.first() == u"new" || args.first() == u"set" || args.first() == u"submit")
        return reviewEditCommand(args.first(), args.mid(1), io);
    io.err << "kwb review: unknown sub-command '" << args.first() << "' (expected validate, new, set or submit)\n";
    return ExitBadInput;
}

} // namespace kwb::cli
