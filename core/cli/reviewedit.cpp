// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `kwb review new|set|submit`: a review written by a script, in the review database (the reviewer's draft of the
// task, as the workbench keeps it) or in a kwb.review/1 file.
#include "core/cli/reviewedit.h"

#include "core/review/atomicfile.h"
#include "core/review/evidenceref.h"
#include "core/review/reviewchecks.h"
#include "core/review/reviewstore.h"
#include "core/rubric/rubricloader.h"
#include "core/task/digest.h"
#include "core/task/taskloader.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QJsonDocument>

namespace kwb::cli {
namespace {

QString defaultReviewer()
{
    for (const char* var : { "KWB_REVIEWER", "USER", "LOGNAME", "USERNAME" }) {
        const QString name = qEnvironmentVariable(var).trimmed();
        if (!name.isEmpty())
            return name;
    }
    return QStringLiteral("reviewer");
}

// Where the review lives: the database (draft of task and reviewer) or a file.
struct Target {
    QString file; ///< a kwb.review/1 file; empty: the database
    QString db;
    QString taskDir; ///< --task, may be empty for set/submit
    QString taskId;
    QString reviewer;
};

struct Loaded {
    Review review;
    qint64 draftRevision = 0; ///< the stored draft it came from (0: none)
    qint64 storedRevision = 0; ///< the stored review it continues (0: none)
    std::unique_ptr<ReviewStore> store;
};

class Command {
public:
    Command(QString name, Io& io)
        : m_name(std::move(name))
        , m_io(io)
    {
    }

    int fail(const QString& message, int code = ExitBadInput)
    {
        m_io.err << "kwb review " << m_name << ": " << message << '\n';
        return code;
    }

    // Parses the options every sub-command shares; std::nullopt: go on.
    std::optional<int> parse(QCommandLineParser& p, const QStringList& args, const QString& usage)
    {
        const QCommandLineOption help(
            { QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
        p.addOptions({ m_db, m_file, m_taskOpt, m_taskId, m_reviewer, help });
        if (!p.parse(QStringList { QStringLiteral("kwb review ") + m_name } + args))
            return fail(p.errorText() + QStringLiteral(" (see 'kwb review %1 --help')").arg(m_name));
        if (p.isSet(help)) {
            QString text = p.helpText();
            text.replace(0, text.indexOf(u'\n'), usage);
            m_io.out << text;
            return ExitOk;
        }
        if (!p.positionalArguments().isEmpty())
            return fail(QStringLiteral("unexpected argument '%1'").arg(p.positionalArguments().first()));
        m_target.file = p.value(m_file);
        m_target.db = p.isSet(m_db) ? p.value(m_db) : ReviewStore::defaultPath();
        m_target.taskDir = p.value(m_taskOpt);
        m_target.taskId = p.value(m_taskId);
        m_target.reviewer = p.isSet(m_reviewer) ? p.value(m_reviewer).trimmed() : defaultReviewer();
        if (m_target.reviewer.contains(u'/'))
            return fail(QStringLiteral("--reviewer: a name without '/' (it is part of a review's identity)"));
        if (!m_target.taskDir.isEmpty()) {
            Result<LoadedTask> t = loadTask(m_target.taskDir);
            if (!t)
                return fail(t.error().oneLine());
            m_task = std::move(t).value().task;
            if (!m_target.taskId.isEmpty() && m_target.taskId != m_task->id)
                return fail(
                    QStringLiteral("--task-id %1 is not the id of --task (%2)").arg(m_target.taskId, m_task->id));
            m_target.taskId = m_task->id;
        }
        return std::nullopt;
    }

    const Target& target() const { return m_target; }
    const std::optional<Task>& task() const { return m_task; }

    Result<Rubric> rubricOf(const Review& r) const { return findRubric(r.rubricId, r.rubricVersion); }

    Result<std::unique_ptr<ReviewStore>> openStore() const
    {
        auto store = std::make_unique<ReviewStore>();
        if (const Status s = store->open(m_target.db); !s)
            return s.error();
        return store;
    }

    // The review to edit: the file's, else the reviewer's draft of the task, else their latest stored review of it.
    Result<Loaded> load() const
    {
        Loaded l;
        if (!m_target.file.isEmpty()) {
            const Result<QList<Review>> all = loadReviewFile(m_target.file);
            if (!all)
                return all.error();
            if (all->size() != 1)
                return Error { m_target.file, {},
                    QStringLiteral("holds %1 reviews; edit a file of one").arg(all->size()) };
            l.review = all->first();
            return l;
        }
        if (m_target.taskId.isEmpty())
            return Error { {}, {}, QStringLiteral("say which task: --task DIR or --task-id ID (or --file FILE)") };
        auto store = openStore();
        if (!store)
            return store.error();
        l.store = std::move(*store);
        const auto draft = l.store->loadDraftRevision(m_target.taskId, m_target.reviewer);
        if (!draft)
            return draft.error();
        if (*draft) {
            l.review = (*draft)->review;
            l.draftRevision = (*draft)->revision;
            if (const auto stored = l.store->load(l.review.taskId, l.review.reviewer, l.review.created))
                l.storedRevision = stored->revision;
            return l;
        }
        const auto all = l.store->reviews();
        if (!all)
            return all.error();
        bool found = false;
        for (const StoredReview& s : *all) {
            if (s.review.taskId == m_target.taskId && s.review.reviewer == m_target.reviewer
                && (!found || s.review.created > l.review.created)) {
                l.review = s.review;
                l.storedRevision = s.revision;
                found = true;
            }
        }
        if (!found)
            return Error { m_target.db, {},
                QStringLiteral("%1 has no review of %2 by %3: start one with 'kwb review new --task DIR'")
                    .arg(m_target.db, m_target.taskId, m_target.reviewer) };
        return l;
    }

    // Writes the working copy back: the file, or the reviewer's draft.
    Status saveDraft(Loaded& l) const
    {
        l.review.updated = QDateTime::currentDateTimeUtc();
        if (!m_target.file.isEmpty()) {
            l.review.status = Review::Status::Draft;
            return writeFileAtomically(m_target.file, QJsonDocument(reviewToJson(l.review)).toJson());
        }
        Review r = l.review;
        r.status = Review::Status::Draft;
        const Result<qint64> saved = l.store->saveDraft(r, l.draftRevision);
        if (!saved)
            return saved.error();
        l.draftRevision = *saved;
        return Ok {};
    }

    // The review checks' context: the task (kind, digest) when --task is given, the attached reports.
    ReviewCheckContext context(const Loaded& l, const QList<ReportDoc>& extra) const
    {
        ReviewCheckContext ctx;
        if (m_task) {
            ctx.taskKind = m_task->kind;
            ctx.currentTaskId = m_task->id;
            if (const Result<QString> d = taskDigest(*m_task))
                ctx.currentTaskDigest = *d;
        }
        if (l.store) {
            if (const auto docs = l.store->reportsFor(l.review))
                ctx.reports = *docs;
        }
        ctx.reports += extra;
        return ctx;
    }

    void printChecks(const Findings& checks)
    {
        for (const Finding& f : checks) {
            if (f.severity != Severity::Info)
                m_io.err << "  " << severityName(f.severity) << ": " << f.jsonPath << ": " << f.message << " [" << f.id
                         << "]\n";
        }
    }

private:
    QString m_name;
    Io& m_io;
    Target m_target;
    std::optional<Task> m_task;
    const QCommandLineOption m_db { QStringLiteral("db"),
        QStringLiteral("Review database (default: $KWB_DB, else the workbench's)."), QStringLiteral("PATH") };
    const QCommandLineOption m_file { QStringLiteral("file"),
        QStringLiteral("Edit this kwb.review/1 file instead of the database."), QStringLiteral("FILE") };
    const QCommandLineOption m_taskOpt { QStringLiteral("task"),
        QStringLiteral("The task bundle: its id, kind (criteria) and digest."), QStringLiteral("DIR") };
    const QCommandLineOption m_taskId { QStringLiteral("task-id"),
        QStringLiteral("The task by id (set and submit, without --task)."), QStringLiteral("ID") };
    const QCommandLineOption m_reviewer { QStringLiteral("reviewer"),
        QStringLiteral("Reviewer name (default: $KWB_REVIEWER, else the login name)."), QStringLiteral("NAME") };
};

// `ID=VALUE` → (ID, VALUE); false without '='.
bool split(const QString& s, QString* key, QString* value)
{
    const qsizetype eq = s.indexOf(u'=');
    if (eq <= 0)
        return false;
    *key = s.left(eq).trimmed();
    *value = s.mid(eq + 1);
    return true;
}

int reviewNew(const QStringList& args, Io& io)
{
    Command c(QStringLiteral("new"), io);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Start a review of a task: a draft in the review database (the reviewer's, as the workbench keeps it), or a\n"
        "kwb.review/1 file with --file. Then 'kwb review set' fills it and 'kwb review submit' submits it."));
    const QCommandLineOption rubricOpt(QStringLiteral("rubric"),
        QStringLiteral("Rubric file (default: kernel-task-review v1)."), QStringLiteral("FILE"));
    const QCommandLineOption replace(
        QStringLiteral("replace"), QStringLiteral("Discard the reviewer's draft of the task and start over."));
    p.addOptions({ rubricOpt, replace });
    if (const auto done = c.parse(p, args,
            QStringLiteral("Usage: kwb review new --task DIR [--reviewer NAME] [--rubric FILE] [--db PATH | --file "
                           "FILE] [--replace]")))
        return *done;
    if (!c.task())
        return c.fail(QStringLiteral("--task DIR is required"));
    const Result<Rubric> rubric
        = p.isSet(rubricOpt) ? loadRubric(p.value(rubricOpt)) : findRubric(QStringLiteral("kernel-task-review"), 1);
    if (!rubric)
        return c.fail(rubric.error().oneLine());
    Loaded l;
    Review& r = l.review;
    r.taskId = c.task()->id;
    if (const Result<QString> d = taskDigest(*c.task()))
        r.taskDigest = *d;
    r.rubricId = rubric->id;
    r.rubricVersion = rubric->version;
    r.reviewer = c.target().reviewer;
    r.created = QDateTime::currentDateTimeUtc();
    r.updated = r.created;
    if (c.target().file.isEmpty()) {
        auto store = c.openStore();
        if (!store)
            return c.fail(store.error().oneLine());
        l.store = std::move(*store);
        const auto draft = l.store->loadDraftRevision(r.taskId, r.reviewer);
        if (!draft)
            return c.fail(draft.error().oneLine());
        if (*draft && !p.isSet(replace))
            return c.fail(QStringLiteral("%1 already has a draft of %2 by %3 ('kwb review set' edits it; --replace "
                                         "starts over)")
                              .arg(c.target().db, r.taskId, r.reviewer),
                ExitFindings);
        if (*draft)
            (void)l.store->discardDraft(r.taskId, r.reviewer);
    } else if (QFileInfo::exists(c.target().file) && !p.isSet(replace)) {
        return c.fail(QStringLiteral("%1 exists (--replace overwrites it)").arg(c.target().file), ExitFindings);
    }
    if (const Status s = c.saveDraft(l); !s)
        return c.fail(s.error().oneLine());
    io.out << "draft " << r.identity() << " in " << (c.target().file.isEmpty() ? c.target().db : c.target().file)
           << " (rubric " << rubric->id << " v" << rubric->version << ", " << rubric->criteriaFor(c.task()->kind).size()
           << " criteria for a " << c.task()->kind << " task)\n";
    return ExitOk;
}

int reviewSet(const QStringList& args, Io& io)
{
    Command c(QStringLiteral("set"), io);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Edit a review: scores, comments, evidence, line comments, verdict, summary, confidence. The review is the\n"
        "reviewer's draft of the task in the database (else their latest stored review, continued as a draft), or\n"
        "--file FILE. Prints how complete it is; exit 0 when saved, 2 on a bad value (nothing is saved)."));
    const QCommandLineOption score(QStringLiteral("score"),
        QStringLiteral("A criterion's score: ID=VALUE on its scale, ID=na (N/A: give the reason with --comment), or "
                       "ID= to clear it (repeatable)."),
        QStringLiteral("ID=VALUE"));
    const QCommandLineOption comment(
        QStringLiteral("comment"), QStringLiteral("A criterion's comment (repeatable)."), QStringLiteral("ID=TEXT"));
    const QCommandLineOption evidence(QStringLiteral("evidence"),
        QStringLiteral("Cite evidence for a criterion: finding:ID[#case=…], report:sha256:…, file:PATH#L10-L12 "
                       "(repeatable)."),
        QStringLiteral("ID=REF"));
    const QCommandLineOption uncite(QStringLiteral("remove-evidence"),
        QStringLiteral("Remove a cited reference (repeatable)."), QStringLiteral("ID=REF"));
    const QCommandLineOption lineComment(QStringLiteral("line-comment"),
        QStringLiteral("An inline comment: PATH#L10-L12=TEXT, or PATH#L10-L12@NC4=TEXT about a criterion "
                       "(repeatable)."),
        QStringLiteral("PATH#LA-LB[@ID]=TEXT"));
    const QCommandLineOption verdict(
        QStringLiteral("verdict"), QStringLiteral("accept | minor | major | reject."), QStringLiteral("V"));
    const QCommandLineOption summary(QStringLiteral("summary"), QStringLiteral("The summary."), QStringLiteral("TEXT"));
    const QCommandLineOption confidence(
        QStringLiteral("confidence"), QStringLiteral("Your confidence on the rubric's scale."), QStringLiteral("N"));
    const QCommandLineOption attach(QStringLiteral("attach"),
        QStringLiteral("Attach a report (kwb run/compile/bench/check --json output) as evidence (repeatable)."),
        QStringLiteral("FILE"));
    p.addOptions({ score, comment, evidence, uncite, lineComment, verdict, summary, confidence, attach });
    if (const auto done = c.parse(p, args,
            QStringLiteral("Usage: kwb review set [--task DIR | --task-id ID] [--reviewer NAME] [--db PATH | --file "
                           "FILE] [--score ID=V]... [--comment ID=TEXT]... [--evidence ID=REF]... [--line-comment "
                           "PATH#LA-LB[@ID]=TEXT]... [--verdict V] [--summary TEXT] [--confidence N] [--attach "
                           "FILE]...")))
        return *done;
    Result<Loaded> loaded = c.load();
    if (!loaded)
        return c.fail(loaded.error().oneLine());
    Loaded& l = *loaded;
    Review& r = l.review;
    const Result<Rubric> rubric = c.rubricOf(r);
    if (!rubric)
        return c.fail(rubric.error().oneLine());
    QStringList bad;
    const auto criterion = [&](const QString& option, const QString& id) -> const Criterion* {
        const Criterion* crit = rubric->criterion(id);
        if (!crit)
            bad << QStringLiteral("--%1: '%2' is not a criterion of %3 v%4")
                       .arg(option, id, rubric->id)
                       .arg(rubric->version);
        return crit;
    };
    for (const QString& s : p.values(score)) {
        QString id, value;
        if (!split(s, &id, &value)) {
            bad << QStringLiteral("--score: expected ID=VALUE, got '%1'").arg(s);
            continue;
        }
        const Criterion* crit = criterion(QStringLiteral("score"), id);
        if (!crit)
            continue;
        Score& sc = r.scores[id];
        bool ok = false;
        const int v = value.toInt(&ok);
        if (value.trimmed().isEmpty()) {
            sc.value.reset();
            sc.notApplicable = false;
        } else if (value.compare(QLatin1StringView("na"), Qt::CaseInsensitive) == 0
            || value.compare(QLatin1StringView("n/a"), Qt::CaseInsensitive) == 0) {
            sc.value.reset();
            sc.notApplicable = true;
        } else if (ok && crit->scale.contains(v)) {
            sc.value = v;
            sc.notApplicable = false;
        } else {
            bad << QStringLiteral("--score %1: expected %2..%3 or na, got '%4'")
                       .arg(id)
                       .arg(crit->scale.min)
                       .arg(crit->scale.max)
                       .arg(value);
        }
    }
    for (const QString& s : p.values(comment)) {
        QString id, text;
        if (!split(s, &id, &text))
            bad << QStringLiteral("--comment: expected ID=TEXT, got '%1'").arg(s);
        else if (criterion(QStringLiteral("comment"), id))
            r.scores[id].comment = text;
    }
    for (const auto& [option, add] : { std::pair { &evidence, true }, std::pair { &uncite, false } }) {
        for (const QString& s : p.values(*option)) {
            QString id, ref;
            if (!split(s, &id, &ref)) {
                bad << QStringLiteral("--%1: expected ID=REF, got '%2'").arg(option->names().first(), s);
                continue;
            }
            if (!criterion(option->names().first(), id))
                continue;
            const Result<EvidenceRef> parsed = parseEvidenceRef(ref.trimmed());
            if (!parsed) {
                bad << QStringLiteral("--%1 %2: %3").arg(option->names().first(), id, parsed.error().what);
                continue;
            }
            QStringList& list = r.scores[id].evidence;
            const QString canonical = parsed->toString();
            if (add && !list.contains(canonical))
                list << canonical;
            else if (!add)
                list.removeAll(canonical);
        }
    }
    for (const QString& s : p.values(lineComment)) {
        QString where, text;
        if (!split(s, &where, &text)) {
            bad << QStringLiteral("--line-comment: expected PATH#LA-LB[@ID]=TEXT, got '%1'").arg(s);
            continue;
        }
        QString about;
        if (const qsizetype at = where.lastIndexOf(u'@'); at > 0) {
            about = where.mid(at + 1);
            where.truncate(at);
            if (!criterion(QStringLiteral("line-comment"), about))
                continue;
        }
        const Result<EvidenceRef> ref = parseEvidenceRef(QStringLiteral("file:") + where);
        if (!ref || ref->startLine < 1) {
            bad << QStringLiteral("--line-comment: '%1' is not PATH#LA-LB").arg(where);
            continue;
        }
        r.comments.append({ ref->target, ref->startLine, std::max(ref->startLine, ref->endLine), text, about });
    }
    if (p.isSet(verdict)) {
        if (!rubric->hasVerdict(p.value(verdict)))
            bad << QStringLiteral("--verdict: '%1' is not offered by %2").arg(p.value(verdict), rubric->id);
        else
            r.verdict = p.value(verdict);
    }
    if (p.isSet(summary))
        r.summary = p.value(summary);
    if (p.isSet(confidence)) {
        bool ok = false;
        const int v = p.value(confidence).toInt(&ok);
        if (!ok || !rubric->overall.confidence.contains(v))
            bad << QStringLiteral("--confidence: expected %1..%2, got '%3'")
                       .arg(rubric->overall.confidence.min)
                       .arg(rubric->overall.confidence.max)
                       .arg(p.value(confidence));
        else
            r.confidence = v;
    }
    QList<ReportDoc> attached;
    for (const QString& path : p.values(attach)) {
        Result<ReportDoc> doc = loadReportDoc(path);
        if (!doc) {
            bad << QStringLiteral("--attach: %1").arg(doc.error().oneLine());
            continue;
        }
        if (doc->taskId != r.taskId) {
            bad << QStringLiteral("--attach %1: a report of task %2, not %3").arg(path, doc->taskId, r.taskId);
            continue;
        }
        if (l.store) {
            Result<ReportDoc> stored = l.store->addReport(doc->bytes, QFileInfo(path).fileName());
            if (!stored) {
                bad << QStringLiteral("--attach %1: %2").arg(path, stored.error().oneLine());
                continue;
            }
        }
        attached << *doc;
    }
    if (!bad.isEmpty()) {
        for (const QString& b : bad)
            c.fail(b);
        return ExitBadInput;
    }
    for (const ReportDoc& d : attached) {
        if (std::none_of(r.reports.begin(), r.reports.end(), [&](const ReportRef& a) { return a.digest == d.digest; }))
            r.reports.append({ d.digest, d.action, QDateTime::currentDateTimeUtc() });
    }
    if (const Status s = c.saveDraft(l); !s)
        return c.fail(s.error().oneLine());
    ReviewCheckContext ctx = c.context(l, attached);
    if (ctx.taskKind.isEmpty())
        ctx.currentTaskId.clear();
    const Findings checks = checkReview(r, *rubric, ctx);
    int errors = 0;
    for (const Finding& f : checks)
        errors += f.severity == Severity::Error ? 1 : 0;
    const int criteria = int(rubric->criteriaFor(ctx.taskKind).size());
    int scored = 0;
    for (const Criterion* crit : rubric->criteriaFor(ctx.taskKind))
        scored += r.scores.value(crit->id).scored() ? 1 : 0;
    for (const Finding& f : checks) {
        if (f.severity == Severity::Error && f.id != u"review.incomplete")
            io.err << "  error: " << f.jsonPath << ": " << f.message << " [" << f.id << "]\n";
    }
    io.out << "saved draft " << r.identity() << ": " << scored << " of " << criteria << " criteria scored, " << errors
           << (errors == 1 ? " error" : " errors") << " before it can be submitted\n";
    return ExitOk;
}

int reviewSubmit(const QStringList& args, Io& io)
{
    Command c(QStringLiteral("submit"), io);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Submit a review once the review checks find no error (as the workbench's Submit). A review that leaves\n"
        "error findings of its attached reports unaddressed (no score cites them, none scores them below 3) is a\n"
        "rushed accept: it is refused unless --confirm-unaddressed says so.\n"
        "Exit: 0 submitted, 1 not submitted (the checks' errors, or unaddressed findings), 2 bad input."));
    const QCommandLineOption report(QStringLiteral("report"),
        QStringLiteral("A report file the review attaches or cites, to re-read (repeatable)."), QStringLiteral("FILE"));
    const QCommandLineOption confirm(QStringLiteral("confirm-unaddressed"),
        QStringLiteral("Submit although error findings of the attached reports are unaddressed."));
    p.addOptions({ report, confirm });
    if (const auto done = c.parse(p, args,
            QStringLiteral("Usage: kwb review submit [--task DIR | --task-id ID] [--reviewer NAME] [--db PATH | --file "
                           "FILE] [--report FILE]... [--confirm-unaddressed]")))
        return *done;
    Result<Loaded> loaded = c.load();
    if (!loaded)
        return c.fail(loaded.error().oneLine());
    Loaded& l = *loaded;
    const Result<Rubric> rubric = c.rubricOf(l.review);
    if (!rubric)
        return c.fail(rubric.error().oneLine());
    QList<ReportDoc> extra;
    for (const QString& path : p.values(report)) {
        const Result<ReportDoc> doc = loadReportDoc(path);
        if (!doc)
            return c.fail(doc.error().oneLine());
        extra << *doc;
    }
    const ReviewCheckContext ctx = c.context(l, extra);
    const Findings checks = checkReview(l.review, *rubric, ctx);
    if (hasErrors(checks)) {
        c.fail(QStringLiteral("%1 is not complete:").arg(l.review.identity()), ExitFindings);
        c.printChecks(checks);
        return ExitFindings;
    }
    QSet<QString> digests;
    for (const ReportRef& a : l.review.reports)
        digests.insert(a.digest);
    Findings findings;
    for (const ReportDoc& d : ctx.reports) {
        if (!digests.contains(d.digest) || d.taskId != l.review.taskId)
            continue;
        for (const ReportFinding& f : d.findings) {
            Finding x;
            x.id = f.id;
            x.severity = f.severity == u"error" ? Severity::Error
                : f.severity == u"info"         ? Severity::Info
                                                : Severity::Warning;
            x.message = f.message;
            x.impl = f.impl;
            x.caseName = f.caseName;
            x.evidence = f.evidence;
            if (!f.origin.isEmpty())
                x.evidence.insert(QStringLiteral("origin"), f.origin);
            findings << x;
        }
    }
    const Findings open = unaddressedErrors(l.review, *rubric, findings, ctx.taskKind);
    if (!open.isEmpty() && !p.isSet(confirm)) {
        c.fail(QStringLiteral("%1 error finding(s) of the attached reports are unaddressed — cite them or score "
                              "their criteria, or submit with --confirm-unaddressed:")
                   .arg(open.size()),
            ExitFindings);
        for (const Finding& f : open)
            io.err << "  " << f.id << (f.caseName.isEmpty() ? QString() : QStringLiteral(" (case %1)").arg(f.caseName))
                   << ": " << f.message << '\n';
        return ExitFindings;
    }
    Review r = l.review;
    r.status = Review::Status::Submitted;
    r.updated = QDateTime::currentDateTimeUtc();
    if (!c.target().file.isEmpty()) {
        if (const Status s = writeFileAtomically(c.target().file, QJsonDocument(reviewToJson(r)).toJson()); !s)
            return c.fail(s.error().oneLine());
        io.out << "submitted " << r.identity() << " to " << c.target().file << '\n';
        return ExitOk;
    }
    const Result<qint64> saved = l.store->save(r, l.storedRevision);
    if (!saved)
        return c.fail(saved.error().oneLine(), ExitFindings);
    io.out << "submitted " << r.identity() << " (revision " << *saved << ") to " << c.target().db << '\n';
    return ExitOk;
}

} // namespace

int reviewEditCommand(const QString& sub, const QStringList& args, Io& io)
{
    if (sub == u"new")
        return reviewNew(args, io);
    if (sub == u"set")
        return reviewSet(args, io);
    return reviewSubmit(args, io);
}

} // namespace kwb::cli
