// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/auditcli.h"

#include "core/audit/auditlog.h"
#include "core/audit/reverify.h"
#include "core/export/exporter.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace kwb::cli {
namespace {
const QCommandLineOption& logOption()
{
    static const QCommandLineOption o(QStringLiteral("log"),
        QStringLiteral("Audit log (default: $KWB_AUDIT_LOG, else %1).").arg(auditlog::defaultPath()),
        QStringLiteral("PATH"));
    return o;
}

const QCommandLineOption& auditorOption()
{
    static const QCommandLineOption o(
        QStringLiteral("auditor"), QStringLiteral("Who audits (default: $USER)."), QStringLiteral("NAME"));
    return o;
}

// Parses `args` with `options`; prints help or the error. Returns -1 to go on, else the exit code.
int parse(QCommandLineParser& parser, const QString& name, const QString& usage,
    const QList<QCommandLineOption>& options, const QStringList& args, Io& io)
{
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    parser.addOptions(options);
    parser.addOption(help);
    if (!parser.parse(QStringList { QStringLiteral("kwb audit ") + name } + args)) {
        io.err << "kwb audit " << name << ": " << parser.errorText() << " (see 'kwb audit " << name << " --help')\n";
        return ExitBadInput;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        text.replace(0, text.indexOf(u'\n'), QStringLiteral("Usage: ") + usage);
        io.out << text;
        return ExitOk;
    }
    return -1;
}

QString auditor(const QCommandLineParser& p)
{
    if (p.isSet(auditorOption()))
        return p.value(auditorOption());
    const QString user = qEnvironmentVariable("USER");
    return user.isEmpty() ? QStringLiteral("unknown") : user;
}

QString logPath(const QCommandLineParser& p)
{
    return p.isSet(logOption()) ? p.value(logOption()) : auditlog::defaultPath();
}

int appendOrFail(
    const QString& name, const QCommandLineParser& p, const QString& action, const QJsonObject& data, Io& io)
{
    const Result<AuditLogEntry> e = auditlog::append(logPath(p), action, auditor(p), data);
    if (!e) {
        io.err << "kwb audit " << name << ": " << e.error().oneLine() << '\n';
        return ExitBadInput;
    }
    io.out << logPath(p) << ": entry " << e->seq << " (" << action << ") " << e->hash << '\n';
    return ExitOk;
}

int verifyLog(const QStringList& args, Io& io)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Verify the audit log's hash chain; names the first edited, removed or reordered entry.\n"
                       "Exit codes: 0 intact, 1 tampered, 2 unreadable or bad usage."));
    p.addPositionalArgument(QStringLiteral("PATH"),
        QStringLiteral("Audit log (default: $KWB_AUDIT_LOG or the data folder's)."), QStringLiteral("[PATH]"));
    if (const int r
        = parse(p, QStringLiteral("verify-log"), QStringLiteral("kwb audit verify-log [PATH]"), {}, args, io);
        r >= 0)
        return r;
    if (p.positionalArguments().size() > 1) {
        io.err << "kwb audit verify-log: expected at most one PATH\n";
        return ExitBadInput;
    }
    const QString path = p.positionalArguments().isEmpty() ? auditlog::defaultPath() : p.positionalArguments().first();
    const Result<QList<AuditLogEntry>> entries = auditlog::read(path);
    if (!entries) {
        io.err << "kwb audit verify-log: " << entries.error().oneLine() << '\n';
        return entries.error().findingId.isEmpty() ? ExitBadInput : ExitFindings;
    }
    io.out << path << ": " << entries->size() << (entries->size() == 1 ? " entry" : " entries") << ", chain intact";
    if (!entries->isEmpty())
        io.out << " (last " << entries->last().hash << ')';
    io.out << '\n';
    return ExitOk;
}

int verdict(const QStringList& args, Io& io)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Record an audit verdict on a review (by its identity TASK/REVIEWER/CREATED)\n"
                       "in the audit log: accept it, or return it to its reviewer with a note per criterion."));
    p.addPositionalArgument(QStringLiteral("REVIEW"), QStringLiteral("Review identity, as 'kwb audit' prints it."));
    const QCommandLineOption accept(QStringLiteral("accept"), QStringLiteral("Accept the review."));
    const QCommandLineOption ret(QStringLiteral("return"), QStringLiteral("Return the review to its reviewer."));
    const QCommandLineOption note(QStringLiteral("note"), QStringLiteral("A note on one criterion (repeatable)."),
        QStringLiteral("CRITERION=TEXT"));
    const QString usage = QStringLiteral(
        "kwb audit verdict (--accept | --return --note CRITERION=TEXT...) [--auditor NAME] [--log PATH] REVIEW");
    if (const int r
        = parse(p, QStringLiteral("verdict"), usage, { accept, ret, note, auditorOption(), logOption() }, args, io);
        r >= 0)
        return r;
    if (p.positionalArguments().size() != 1 || p.isSet(accept) == p.isSet(ret)) {
        io.err << "kwb audit verdict: expected one REVIEW and exactly one of --accept, --return (see --help)\n";
        return ExitBadInput;
    }
    AuditVerdict v;
    v.review = p.positionalArguments().first();
    v.decision = p.isSet(accept) ? QStringLiteral("accept") : QStringLiteral("return");
    static const QRegularExpression noteRe(
        QStringLiteral("^([A-Za-z][A-Za-z0-9_.-]*)=(.+)$"), QRegularExpression::DotMatchesEverythingOption);
    for (const QString& n : p.values(note)) {
        const auto m = noteRe.match(n);
        if (!m.hasMatch() || m.captured(2).trimmed().isEmpty()) {
            io.err << "kwb audit verdict: --note '" << n << "': expected CRITERION=TEXT\n";
            return ExitBadInput;
        }
        v.notes.insert(m.captured(1), m.captured(2).trimmed());
    }
    if (v.decision == QLatin1StringView("return") && v.notes.isEmpty()) {
        io.err << "kwb audit verdict: --return needs at least one --note CRITERION=TEXT saying what to fix\n";
        return ExitBadInput;
    }
    return appendOrFail(QStringLiteral("verdict"), p, QStringLiteral("verdict"), auditlog::verdictData(v), io);
}

int note(const QStringList& args, Io& io)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Record an auditor's note on a review (optionally on one criterion) in the audit log."));
    p.addPositionalArgument(QStringLiteral("REVIEW"), QStringLiteral("Review identity, as 'kwb audit' prints it."));
    const QCommandLineOption text(QStringLiteral("text"), QStringLiteral("The note."), QStringLiteral("TEXT"));
    const QCommandLineOption criterion(
        QStringLiteral("criterion"), QStringLiteral("The criterion it is about."), QStringLiteral("ID"));
    const QString usage
        = QStringLiteral("kwb audit note --text TEXT [--criterion ID] [--auditor NAME] [--log PATH] REVIEW");
    if (const int r
        = parse(p, QStringLiteral("note"), usage, { text, criterion, auditorOption(), logOption() }, args, io);
        r >= 0)
        return r;
    if (p.positionalArguments().size() != 1 || p.value(text).trimmed().isEmpty()) {
        io.err << "kwb audit note: expected one REVIEW and a non-empty --text (see --help)\n";
        return ExitBadInput;
    }
    QJsonObject data { { QStringLiteral("review"), p.positionalArguments().first() },
        { QStringLiteral("text"), p.value(text).trimmed() } };
    if (p.isSet(criterion))
        data.insert(QStringLiteral("criterion"), p.value(criterion));
    return appendOrFail(QStringLiteral("note"), p, QStringLiteral("note"), data, io);
}

int adjudicate(const QStringList& args, Io& io)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Record an adjudicated score for one criterion of one task, with the reason for\n"
                       "overriding the reviewers, linked to the reviews it settles."));
    const QCommandLineOption task(QStringLiteral("task"), QStringLiteral("Task id."), QStringLiteral("ID"));
    const QCommandLineOption criterion(
        QStringLiteral("criterion"), QStringLiteral("Criterion id."), QStringLiteral("ID"));
    const QCommandLineOption value(QStringLiteral("value"), QStringLiteral("Adjudicated score."), QStringLiteral("N"));
    const QCommandLineOption reason(
        QStringLiteral("reason"), QStringLiteral("Why the reviewers' scores are overridden."), QStringLiteral("TEXT"));
    const QCommandLineOption review(QStringLiteral("review"),
        QStringLiteral("Identity of a review it settles (two or more)."), QStringLiteral("ID"));
    const QString usage = QStringLiteral("kwb audit adjudicate --task ID --criterion ID --value N --reason TEXT "
                                         "--review ID --review ID... [--auditor NAME] [--log PATH]");
    if (const int r = parse(p, QStringLiteral("adjudicate"), usage,
            { task, criterion, value, reason, review, auditorOption(), logOption() }, args, io);
        r >= 0)
        return r;
    bool ok = false;
    Adjudication a { p.value(task), p.value(criterion), p.value(value).toInt(&ok), p.value(reason).trimmed(),
        p.values(review), {}, {} };
    if (a.taskId.isEmpty() || a.criterion.isEmpty() || !ok || a.reason.isEmpty() || a.reviews.size() < 2) {
        io.err << "kwb audit adjudicate: needs --task, --criterion, an integer --value, a --reason and at least two "
                  "--review (see --help)\n";
        return ExitBadInput;
    }
    for (const QString& id : a.reviews) {
        if (!id.startsWith(a.taskId + u'/')) {
            io.err << "kwb audit adjudicate: --review '" << id << "' is not a review of task '" << a.taskId << "'\n";
            return ExitBadInput;
        }
    }
    return appendOrFail(
        QStringLiteral("adjudicate"), p, QStringLiteral("adjudicate"), auditlog::adjudicationData(a), io);
}

int reverify(const QStringList& args, Io& io)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Re-run the checks the reviews' scores depend on and report, per claim, whether it is confirmed, differs\n"
        "(with both values) or cannot be re-verified here (and why): correctness (kwb run, with the seeds their\n"
        "attached run report recorded), compile (the same implementations and archs), bench (the recorded seed,\n"
        "budget and rounds, compared within the bench's noise band) and check reports. The outcome is appended\n"
        "to the audit log. Exit codes: 0 no differences, 1 differences, 2 bad input, 3 no sandbox."));
    p.addPositionalArgument(
        QStringLiteral("FILE"), QStringLiteral("Review files or databases."), QStringLiteral("FILE..."));
    const QCommandLineOption task(
        QStringLiteral("task"), QStringLiteral("The task bundle the reviews are of."), QStringLiteral("DIR"));
    const QCommandLineOption report(QStringLiteral("report"),
        QStringLiteral("A report the reviews attach: kwb.report/1, kwb.compile/1, kwb.bench/1 or kwb.check/1 "
                       "(repeatable)."),
        QStringLiteral("FILE"));
    const QCommandLineOption noSandbox(
        QStringLiteral("no-sandbox"), QStringLiteral("Run without bubblewrap (trusted code only)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the outcomes as JSON."));
    const QString usage = QStringLiteral("kwb audit reverify --task DIR [--report FILE]... [--no-sandbox] [--json] "
                                         "[--auditor NAME] [--log PATH] FILE...");
    if (const int r = parse(p, QStringLiteral("reverify"), usage,
            { task, report, noSandbox, json, auditorOption(), logOption() }, args, io);
        r >= 0)
        return r;
    if (!p.isSet(task) || p.positionalArguments().isEmpty()) {
        io.err << "kwb audit reverify: needs --task DIR and at least one FILE (see --help)\n";
        return ExitBadInput;
    }
    const Result<QList<Review>> reviews = collectReviews(p.positionalArguments());
    if (!reviews) {
        io.err << "kwb audit reverify: " << reviews.error().oneLine() << '\n';
        return ExitBadInput;
    }
    QList<ReportDoc> reports;
    for (const QString& path : p.values(report)) {
        const Result<ReportDoc> doc = loadReportDoc(path);
        if (!doc) {
            io.err << "kwb audit reverify: " << doc.error().oneLine() << '\n';
            return ExitBadInput;
        }
        reports << *doc;
    }
    int exit = ExitOk;
    QJsonArray all;
    for (const Review& r : *reviews) {
        const Result<ReverifyResult> v = reverifyReview(r, reports, p.value(task), !p.isSet(noSandbox));
        if (!v) {
            io.err << "kwb audit reverify: " << r.identity() << ": " << v.error().oneLine() << '\n';
            return exitFor(v.error());
        }
        const QJsonObject data = reverifyJson(*v);
        const Result<AuditLogEntry> e = auditlog::append(logPath(p), QStringLiteral("reverify"), auditor(p), data);
        if (!e) {
            io.err << "kwb audit reverify: " << e.error().oneLine() << '\n';
            return ExitBadInput;
        }
        if (v->differs())
            exit = ExitFindings;
        if (p.isSet(json)) {
            all.append(data);
            continue;
        }
        io.out << v->review << ": " << v->seedNote << "; claimed "
               << (v->claimed.isEmpty() ? QStringLiteral("-") : v->claimed.join(u' ')) << "; re-run shows "
               << (v->found.isEmpty() ? QStringLiteral("-") : v->found.join(u' ')) << '\n';
        for (const ReverifyDifference& d : v->differences)
            io.out << "  " << d.kind << ": " << d.message << '\n';
        for (const ClaimCheck& c : v->claims) {
            io.out << "  " << claimStatusName(c.status) << ": [" << c.report << "] " << c.claim << ": claimed "
                   << (c.claimed.isEmpty() ? QStringLiteral("-") : c.claimed);
            if (c.status != ClaimCheck::Status::CannotReverify)
                io.out << ", here " << c.now;
            if (!c.note.isEmpty())
                io.out << " (" << c.note << ')';
            io.out << '\n';
        }
        if (!v->differs())
            io.out << "  no differences\n";
        io.out << "  logged as entry " << e->seq << '\n';
    }
    if (p.isSet(json))
        io.out << QJsonDocument(all).toJson(QJsonDocument::Indented);
    return exit;
}
} // namespace

CommandFn auditSubcommand(const QString& name)
{
    if (name == QLatin1StringView("verify-log"))
        return &verifyLog;
    if (name == QLatin1StringView("verdict"))
        return &verdict;
    if (name == QLatin1StringView("adjudicate"))
        return &adjudicate;
    if (name == QLatin1StringView("note"))
        return &note;
    if (name == QLatin1StringView("reverify"))
        return &reverify;
    return nullptr;
}

QString auditSubcommandUsage()
{
    return QStringLiteral(
        "kwb audit verify-log [PATH]\n"
        "       kwb audit verdict (--accept | --return --note CRITERION=TEXT...) REVIEW\n"
        "       kwb audit adjudicate --task ID --criterion ID --value N --reason TEXT --review ID --review ID...\n"
        "       kwb audit reverify --task DIR [--report FILE]... FILE...");
}

} // namespace kwb::cli
