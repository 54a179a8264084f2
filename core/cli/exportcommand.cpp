// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/cli.h"
#include "core/cli/importtasks.h"

#include "core/env/resourcepaths.h"
#include "core/export/exporter.h"
#include "core/export/labelstudio.h"
#include "core/review/atomicfile.h"
#include "core/rubric/rubricloader.h"
#include "core/task/taskloader.h"

#include <QCommandLineParser>
#include <QFile>

#include <optional>

namespace kwb::cli {
namespace {
// Texts for the Label Studio tasks: bundles under the --task folders (default: the bundled examples).
QMap<QString, TaskTexts> taskTexts(const QStringList& roots, const QList<Review>& reviews, Io& io)
{
    QSet<QString> wanted;
    for (const Review& r : reviews)
        wanted.insert(r.taskId);
    QMap<QString, TaskTexts> out;
    for (const QString& root : roots) {
        for (const QString& bundle : findTaskBundles(root)) {
            QString id;
            const Result<TaskTexts> t = readTaskTexts(bundle, &id);
            if (t && wanted.contains(id) && !out.contains(id))
                out.insert(id, *t);
        }
    }
    for (const QString& id : wanted) {
        if (!out.contains(id))
            io.err << "kwb export: warning: task '" << id << "' not found: its texts are empty\n";
    }
    return out;
}

Status writeOut(const QString& path, const QByteArray& bytes, Io& io)
{
    if (path == QLatin1StringView("-")) {
        io.out << QString::fromUtf8(bytes);
        return Ok {};
    }
    return writeFileAtomically(path, bytes);
}
} // namespace

int exportCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Export reviews from review files (json, jsonl, Label Studio) and review databases (.sqlite).\n"
                       "Exit codes: 0 written, 2 bad input or usage."));
    parser.addPositionalArgument(
        QStringLiteral("REVIEW_OR_DB"), QStringLiteral("Review file or database."), QStringLiteral("REVIEW_OR_DB..."));
    const QCommandLineOption format(
        QStringLiteral("format"), QStringLiteral("json | jsonl | csv | labelstudio | markdown"), QStringLiteral("FMT"));
    const QCommandLineOption wide(
        QStringLiteral("wide"), QStringLiteral("csv: one row per task, a column per reviewer and criterion."));
    const QCommandLineOption config(QStringLiteral("labelstudio-config"),
        QStringLiteral("Also write the Label Studio labeling config generated from the rubric."),
        QStringLiteral("OUT.xml"));
    const QCommandLineOption rubricOpt(QStringLiteral("rubric"),
        QStringLiteral("Rubric file (default: the rubric the first review names)."), QStringLiteral("FILE"));
    const QCommandLineOption task(QStringLiteral("task"),
        QStringLiteral("labelstudio: task bundle or folder of bundles holding the reviewed tasks (repeatable;"
                       " default: the bundled examples)."),
        QStringLiteral("DIR"));
    const QCommandLineOption lsUser(QStringLiteral("labelstudio-user"),
        QStringLiteral("labelstudio: the Label Studio account annotations are credited to (completed_by): "
                       "REVIEWER=EMAIL (Label Studio finds the account by e-mail), REVIEWER=ID, or a bare ID for "
                       "every other reviewer (repeatable; default 1, the first account)."),
        QStringLiteral("[REVIEWER=]USER"));
    const QCommandLineOption lsUsers(QStringLiteral("labelstudio-users"),
        QStringLiteral("labelstudio: a mapping file, one REVIEWER=EMAIL (or REVIEWER=ID) a line; "
                       "--labelstudio-user wins."),
        QStringLiteral("FILE"));
    const QCommandLineOption output({ QStringLiteral("o"), QStringLiteral("output") },
        QStringLiteral("Output file ('-': standard output)."), QStringLiteral("OUT"));
    const QCommandLineOption workspace(QStringLiteral("workspace"),
        QStringLiteral("A batch workspace: write its feedback keyed by task_id (JSONL, docs/batches.md) from the "
                       "review files or databases given (default: the review database); --format is not used."),
        QStringLiteral("DIR"));
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    parser.addOptions({ format, wide, config, rubricOpt, task, lsUser, lsUsers, output, workspace, help });
    if (!parser.parse(QStringList { QStringLiteral("kwb export") } + args)) {
        io.err << "kwb export: " << parser.errorText() << " (see 'kwb export --help')\n";
        return ExitBadInput;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        text.replace(0, text.indexOf(u'\n'),
            QStringLiteral("Usage: kwb export --format FMT [--wide] [--labelstudio-config OUT.xml] "
                           "[--labelstudio-user [REVIEWER=]USER]... [--labelstudio-users FILE] [--rubric FILE] "
                           "REVIEW_OR_DB... -o OUT"));
        io.out << text;
        return ExitOk;
    }
    if (parser.isSet(workspace))
        return exportBatchFeedback(parser.value(workspace), parser.positionalArguments(), parser.value(output), io);
    if (!parser.isSet(format) || !parser.isSet(output) || parser.positionalArguments().isEmpty()) {
        io.err << "kwb export: --format, -o and at least one REVIEW_OR_DB are required (see 'kwb export --help')\n";
        return ExitBadInput;
    }
    const Result<ExportFormat> fmt = exportFormatFromName(parser.value(format));
    if (!fmt) {
        io.err << "kwb export: " << fmt.error().oneLine() << '\n';
        return ExitBadInput;
    }
    const Result<QList<Review>> reviews = collectReviews(parser.positionalArguments());
    if (!reviews) {
        io.err << "kwb export: " << reviews.error().oneLine() << '\n';
        return ExitBadInput;
    }
    std::optional<Rubric> rubric;
    if (parser.isSet(rubricOpt) || !reviews->isEmpty()) {
        Result<Rubric> r = parser.isSet(rubricOpt)
            ? loadRubric(parser.value(rubricOpt))
            : findRubric(reviews->first().rubricId, reviews->first().rubricVersion);
        if (r)
            rubric = *r;
        else if (parser.isSet(rubricOpt) || parser.isSet(config)) {
            io.err << "kwb export: " << r.error().oneLine() << '\n';
            return ExitBadInput;
        }
    }
    ExportOptions options;
    options.format = *fmt;
    options.wide = parser.isSet(wide);
    options.rubric = rubric ? &*rubric : nullptr;
    for (const QString& v : parser.values(lsUser)) {
        if (v.contains(u'='))
            continue;
        bool ok = false;
        options.labelStudioUser = v.toInt(&ok);
        if (!ok || options.labelStudioUser <= 0) {
            io.err << "kwb export: --labelstudio-user: expected REVIEWER=EMAIL, REVIEWER=ID or a positive ID, got '"
                   << v << "'\n";
            return ExitBadInput;
        }
    }
    const Result<QMap<QString, QString>> users = labelStudioUserMap(parser.values(lsUser), parser.value(lsUsers));
    if (!users) {
        io.err << "kwb export: " << users.error().oneLine() << '\n';
        return ExitBadInput;
    }
    for (auto it = users->begin(); it != users->end(); ++it) {
        bool ok = false;
        const int id = it.value().toInt(&ok);
        if (ok && id > 0)
            options.labelStudioUsers.insert(it.key(), id);
        else if (it.value().contains(u'@'))
            options.labelStudioEmails.insert(it.key(), it.value());
        else {
            io.err << "kwb export: --labelstudio-user: expected an e-mail or a positive user id for '" << it.key()
                   << "', got '" << it.value() << "'\n";
            return ExitBadInput;
        }
    }
    if (*fmt == ExportFormat::LabelStudio) {
        const QStringList roots
            = parser.isSet(task) ? parser.values(task) : QStringList { resourcesDir() + QStringLiteral("/tasks") };
        options.tasks = taskTexts(roots, *reviews, io);
    }
    if (const Status s = writeOut(parser.value(output), exportReviews(*reviews, options), io); !s) {
        io.err << "kwb export: " << s.error().oneLine() << '\n';
        return ExitBadInput;
    }
    if (parser.isSet(config)) {
        if (!rubric) {
            io.err << "kwb export: --labelstudio-config needs a rubric (--rubric FILE)\n";
            return ExitBadInput;
        }
        if (const Status s = writeFileAtomically(parser.value(config), labelStudioConfig(*rubric)); !s) {
            io.err << "kwb export: " << s.error().oneLine() << '\n';
            return ExitBadInput;
        }
    }
    return ExitOk;
}

} // namespace kwb::cli
