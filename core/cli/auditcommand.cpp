// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/auditcli.h"

#include "core/audit/audit.h"
#include "core/audit/auditlog.h"
#include "core/env/resourcepaths.h"
#include "core/export/exporter.h"
#include "core/review/reviewstore.h"
#include "core/rubric/rubricloader.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QJsonDocument>

namespace kwb::cli {
namespace {
QString fixed(const std::optional<double>& v)
{
    return v ? QString::number(*v, 'f', 3) : QStringLiteral("-");
}

// Chance-corrected figures of a criterion scored on one task only are "n/a", not "-" (undefined by the data).
QString chance(const CriterionAgreement& a, const std::optional<double>& v)
{
    return a.items < 2 ? QStringLiteral("n/a") : fixed(v);
}

void printText(const AuditResult& r, QTextStream& out)
{
    out << r.reviews << " reviews (" << r.submitted << " submitted used), " << r.tasks
        << " tasks, reviewers: " << r.reviewers.join(QStringLiteral(", ")) << "\n\n";
    out << "criterion items  %agree  kappa(u/l/q)          fleiss  alpha(nom/ord/int)    AC1     alpha-ord 95% CI\n";
    for (const CriterionAgreement& a : r.criteria) {
        const QString cohen = a.items < 2 ? QStringLiteral("n/a")
            : a.cohen[0] || a.cohen[1] || a.cohen[2]
            ? fixed(a.cohen[0]) + u'/' + fixed(a.cohen[1]) + u'/' + fixed(a.cohen[2])
            : QStringLiteral("- (not 2 reviewers)");
        const QString ci = a.alphaCi
            ? QStringLiteral("[%1, %2]").arg(a.alphaCi->first, 0, 'f', 3).arg(a.alphaCi->second, 0, 'f', 3)
            : QStringLiteral("-");
        out << a.criterion.leftJustified(10) << QString::number(a.items).rightJustified(5) << "  "
            << fixed(a.percent).rightJustified(6) << "  " << cohen.leftJustified(20) << "  "
            << chance(a, a.fleiss).rightJustified(6) << "  "
            << (a.items < 2 ? QStringLiteral("n/a")
                            : fixed(a.alpha[0]) + u'/' + fixed(a.alpha[1]) + u'/' + fixed(a.alpha[2]))
                   .leftJustified(20)
            << "  " << chance(a, a.ac1).rightJustified(6) << "  " << ci << '\n';
    }
    out << "\n(statistics of a criterion come from its items: the tasks two or more reviewers scored; n/a: one "
           "item)\n\ntask                            reviewers  items  %agree  alpha(ord)  disagreements\n";
    for (const TaskAgreement& t : r.perTask)
        out << t.task.leftJustified(32) << QString::number(t.reviewers.size()).rightJustified(9) << "  "
            << QString::number(t.items).rightJustified(5) << "  " << fixed(t.percent).rightJustified(6) << "  "
            << (t.items < 2 ? QStringLiteral("n/a") : fixed(t.alpha)).rightJustified(10) << "  "
            << (t.disagreements.isEmpty() ? QStringLiteral("-") : t.disagreements.join(QStringLiteral("; "))) << '\n';
    out << "\nbootstrap: " << r.resamples << " resamples of the tasks, seed " << r.seed
        << "\n\nreviewer   pairs  agree   adjudicated  agree   mean offset\n";
    for (const ReviewerAgreement& a : r.perReviewer)
        out << a.reviewer.leftJustified(10) << QString::number(a.pairs).rightJustified(6) << "  "
            << fixed(a.withOthers).rightJustified(5) << "  " << QString::number(a.adjudicated).rightJustified(11)
            << "  " << fixed(a.withAdjudicated).rightJustified(5) << "  "
            << (a.meanOffset ? QString::number(*a.meanOffset, 'f', 3) : QStringLiteral("-")).rightJustified(11) << '\n';
    out << '\n' << r.flags.size() << (r.flags.size() == 1 ? " flag\n" : " flags\n");
    for (const AuditFlag& f : r.flags)
        out << "  " << severityName(f.severity) << ": "
            << (f.review.isEmpty() ? QStringLiteral("(all reviews)") : f.review) << ": " << f.message << " [" << f.id
            << "]\n";
}

bool isDatabase(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.read(16) == QByteArray("SQLite format 3\0", 16);
}

// The reports stored in the databases among `paths`, for the reviews they hold.
Result<QList<ReportDoc>> storedReports(const QStringList& paths, const QList<Review>& reviews)
{
    QList<ReportDoc> out;
    for (const QString& path : paths) {
        if (!isDatabase(path))
            continue;
        ReviewStore store;
        if (const Status s = store.open(path); !s)
            return s.error();
        for (const Review& r : reviews) {
            const Result<QList<ReportDoc>> docs = store.reportsFor(r);
            if (!docs)
                return docs.error();
            out += *docs;
        }
    }
    return out;
}

int audit(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Audit review sets: agreement per criterion over the tasks several reviewers scored (percent agreement,\n"
        "Cohen's kappa, Fleiss' kappa, Krippendorff's alpha, Gwet's AC1, bootstrap CI), agreement per reviewer,\n"
        "the review checks of every review, contradictions across reviewers, low-agreement criteria.\n"
        "Exit codes: 0 no error flags, 1 error flags, 2 bad input or usage."));
    parser.addPositionalArgument(QStringLiteral("FILE"),
        QStringLiteral("Review files (json, jsonl, Label Studio) or review databases."), QStringLiteral("FILE..."));
    const QCommandLineOption criteria(QStringLiteral("criteria"),
        QStringLiteral("Only these criteria (comma-separated ids)."), QStringLiteral("IDS"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print one kwb.audit/1 JSON document."));
    const QCommandLineOption details(QStringLiteral("details"),
        QStringLiteral("With --json: add reviewer_agreement and statistics (bootstrap seed, resamples)."));
    const QCommandLineOption report(QStringLiteral("report"),
        QStringLiteral("A kwb.report/1 file the reviews attach or cite (repeatable)."), QStringLiteral("FILE"));
    const QCommandLineOption rubricOpt(QStringLiteral("rubric"),
        QStringLiteral("Rubric file (default: the rubric the first review names)."), QStringLiteral("FILE"));
    const QCommandLineOption log(QStringLiteral("log"),
        QStringLiteral("Audit log to read adjudications from (default: %1, when it exists).")
            .arg(auditlog::defaultPath()),
        QStringLiteral("PATH"));
    const QCommandLineOption tasks(QStringLiteral("tasks"),
        QStringLiteral("Folder of task bundles whose kinds select the criteria each review must score (default: the "
                       "bundled tasks)."),
        QStringLiteral("DIR"));
    const QCommandLineOption seed(
        QStringLiteral("seed"), QStringLiteral("Bootstrap seed (default 20261129)."), QStringLiteral("N"));
    const QCommandLineOption resamples(
        QStringLiteral("resamples"), QStringLiteral("Bootstrap resamples (default 2000)."), QStringLiteral("N"));
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    parser.addOptions({ criteria, json, details, report, rubricOpt, log, tasks, seed, resamples, help });
    if (!parser.parse(QStringList { QStringLiteral("kwb audit") } + args)) {
        io.err << "kwb audit: " << parser.errorText() << " (see 'kwb audit --help')\n";
        return ExitBadInput;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        text.replace(0, text.indexOf(u'\n'),
            QStringLiteral("Usage: kwb audit [OPTIONS] FILE_OR_DB...\n       ") + auditSubcommandUsage());
        io.out << text;
        return ExitOk;
    }
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        io.err << "kwb audit: no FILE given (see 'kwb audit --help')\n";
        return ExitBadInput;
    }
    const Result<QList<Review>> reviews = collectReviews(files);
    if (!reviews) {
        io.err << "kwb audit: " << reviews.error().oneLine() << '\n';
        return ExitBadInput;
    }
    if (reviews->isEmpty()) {
        io.err << "kwb audit: " << files.join(QStringLiteral(", ")) << ": no reviews\n";
        return ExitBadInput;
    }
    AuditOptions options;
    if (parser.isSet(criteria))
        options.criteria = parser.value(criteria).split(u',', Qt::SkipEmptyParts);
    for (QString& c : options.criteria)
        c = c.trimmed();
    for (const auto& [opt, target] : { std::pair { &seed, 0 }, std::pair { &resamples, 1 } }) {
        if (!parser.isSet(*opt))
            continue;
        bool ok = false;
        const quint64 v = parser.value(*opt).toULongLong(&ok);
        if (!ok || (target == 1 && (v < 1 || v > 1000000))) {
            io.err << "kwb audit: --" << opt->names().first() << ": expected a "
                   << (target == 1 ? "count 1..1000000" : "non-negative integer") << ", got '" << parser.value(*opt)
                   << "'\n";
            return ExitBadInput;
        }
        if (target == 0)
            options.seed = v;
        else
            options.resamples = int(v);
    }
    Result<QList<ReportDoc>> stored = storedReports(files, *reviews);
    if (!stored) {
        io.err << "kwb audit: " << stored.error().oneLine() << '\n';
        return ExitBadInput;
    }
    options.reports = *stored;
    options.taskKinds = taskKinds(taskBundlesUnder(
        parser.isSet(tasks) ? parser.value(tasks) : QDir(resourcesDir()).filePath(QStringLiteral("tasks"))));
    for (const QString& path : parser.values(report)) {
        const Result<ReportDoc> doc = loadReportDoc(path);
        if (!doc) {
            io.err << "kwb audit: " << doc.error().oneLine() << '\n';
            return ExitBadInput;
        }
        options.reports << *doc;
    }
    const QString logPath = parser.isSet(log) ? parser.value(log) : auditlog::defaultPath();
    if (parser.isSet(log) || QFile::exists(logPath)) {
        const Result<QList<AuditLogEntry>> entries = auditlog::read(logPath);
        if (!entries) {
            io.err << "kwb audit: " << entries.error().oneLine() << '\n';
            return ExitBadInput;
        }
        options.adjudications = auditlog::adjudications(*entries);
    }
    const Review& first = reviews->first();
    const Result<Rubric> rubric = parser.isSet(rubricOpt) ? loadRubric(parser.value(rubricOpt))
                                                          : findRubric(first.rubricId, first.rubricVersion);
    if (!rubric) {
        io.err << "kwb audit: " << rubric.error().oneLine() << '\n';
        return ExitBadInput;
    }
    const Result<AuditResult> result = auditReviews(*reviews, *rubric, options);
    if (!result) {
        io.err << "kwb audit: --criteria: " << result.error().what << '\n';
        return ExitBadInput;
    }
    if (parser.isSet(json))
        io.out << QJsonDocument(auditJson(*result, parser.isSet(details))).toJson(QJsonDocument::Indented);
    else
        printText(*result, io.out);
    const bool errors = std::any_of(
        result->flags.begin(), result->flags.end(), [](const AuditFlag& f) { return f.severity == Severity::Error; });
    return errors ? ExitFindings : ExitOk;
}
} // namespace

int auditCommand(const QStringList& args, Io& io)
{
    if (!args.isEmpty()) {
        if (const auto sub = auditSubcommand(args.first()))
            return sub(args.mid(1), io);
    }
    return audit(args, io);
}

} // namespace kwb::cli
