// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/cli.h"
#include "core/cli/importtasks.h"

#include "core/export/exporter.h"
#include "core/export/labelstudio.h"
#include "core/review/reviewstore.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonDocument>

namespace kwb::cli {
namespace {
// A Label Studio task list, or nullopt for any other file (read by importReviewFile).
std::optional<QJsonArray> labelStudioTasks(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
    if (doc.isArray() && !doc.array().isEmpty() && doc.array().first().toObject().contains(QStringLiteral("data")))
        return doc.array();
    return std::nullopt;
}
} // namespace

int importCommand(const QStringList& args, Io& io)
{
    if (!args.isEmpty() && kImportTaskSubcommands.contains(args.first()))
        return importTasksCommand(args.first(), args.mid(1), io);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Import reviews (kwb.review/1 json or jsonl, or a Label Studio export made by 'kwb export') into the\n"
        "review database, without duplicates: a review already there (same task id, reviewer and created) is\n"
        "replaced only by a newer version. A Label Studio export is compared annotation by annotation with the\n"
        "copy kwb exported: a review edited in Label Studio becomes a new revision, an annotation added there a\n"
        "new review (its reviewer by --labelstudio-user REVIEWER=EMAIL or the e-mail itself).\n"
        "Exit codes: 0 imported, 2 bad input, a database error or bad usage.\n"
        "Task sets: 'kwb import kernelbench|gpumode|batch PATH -o DIR' (see 'kwb import kernelbench --help')."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("File to import."), QStringLiteral("FILE..."));
    const QCommandLineOption db(QStringLiteral("db"),
        QStringLiteral("Review database (default: $KWB_DB, else %1).").arg(ReviewStore::defaultPath()),
        QStringLiteral("PATH"));
    const QCommandLineOption lsUser(QStringLiteral("labelstudio-user"),
        QStringLiteral("Label Studio: the reviewer an account's annotations belong to, REVIEWER=EMAIL or REVIEWER=ID "
                       "(repeatable)."),
        QStringLiteral("REVIEWER=USER"));
    const QCommandLineOption lsUsers(QStringLiteral("labelstudio-users"),
        QStringLiteral("Label Studio: a mapping file, one REVIEWER=EMAIL (or REVIEWER=ID) a line."),
        QStringLiteral("FILE"));
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    parser.addOptions({ db, lsUser, lsUsers, help });
    if (!parser.parse(QStringList { QStringLiteral("kwb import") } + args)) {
        io.err << "kwb import: " << parser.errorText() << " (see 'kwb import --help')\n";
        return ExitBadInput;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        text.replace(0, text.indexOf(u'\n'),
            QStringLiteral("Usage: kwb import [--db PATH] [--labelstudio-user REVIEWER=USER]... [--labelstudio-users "
                           "FILE] FILE..."));
        io.out << text;
        return ExitOk;
    }
    if (parser.positionalArguments().isEmpty()) {
        io.err << "kwb import: no FILE given (see 'kwb import --help')\n";
        return ExitBadInput;
    }
    const Result<QMap<QString, QString>> users = labelStudioUserMap(parser.values(lsUser), parser.value(lsUsers));
    if (!users) {
        io.err << "kwb import: " << users.error().oneLine() << '\n';
        return ExitBadInput;
    }
    for (const QString& v : parser.values(lsUser)) {
        if (!v.contains(u'=')) {
            io.err << "kwb import: --labelstudio-user: expected REVIEWER=EMAIL or REVIEWER=ID, got '" << v << "'\n";
            return ExitBadInput;
        }
    }
    ReviewStore store;
    const QString path = parser.isSet(db) ? parser.value(db) : ReviewStore::defaultPath();
    if (const Status s = store.open(path); !s) {
        io.err << "kwb import: " << s.error().oneLine() << '\n';
        return ExitBadInput;
    }
    LabelStudioImportOptions lsOptions;
    for (auto it = users->begin(); it != users->end(); ++it)
        lsOptions.reviewers.insert(it.value(), it.key());
    // Without the exported copy in the file, the stored review is what Label Studio's results are compared with.
    lsOptions.stored = [&store](const Review& key) -> std::optional<Review> {
        const Result<StoredReview> s = store.load(key.taskId, key.reviewer, key.created);
        return s ? std::optional<Review>(s->review) : std::nullopt;
    };
    // Read every file first, so a bad file imports nothing.
    QList<Review> reviews;
    QStringList warnings;
    for (const QString& file : parser.positionalArguments()) {
        if (const std::optional<QJsonArray> tasks = labelStudioTasks(file)) {
            const Result<QList<LabelStudioReview>> rs = readLabelStudio(*tasks, file, lsOptions);
            if (!rs) {
                io.err << "kwb import: " << rs.error().oneLine() << '\n';
                return ExitBadInput;
            }
            int n[6] = { 0, 0, 0, 0, 0, 0 };
            for (const LabelStudioReview& r : *rs) {
                ++n[int(r.origin)];
                if (r.origin == LabelStudioOrigin::MetaNewer)
                    warnings << QStringLiteral("%1: %2: review %3 differs from kwb's copy (exported or stored), which "
                                               "is newer: kept kwb's copy")
                                    .arg(file, r.where, r.review.identity());
                else if (r.origin == LabelStudioOrigin::Deleted)
                    warnings << QStringLiteral("%1: %2: review %3 has no annotation in Label Studio (deleted "
                                               "there?): not imported, the database keeps its copy")
                                    .arg(file, r.where, r.review.identity());
                if (r.origin != LabelStudioOrigin::Deleted)
                    reviews.append(r.review);
            }
            io.out << file << ": Label Studio: " << n[int(LabelStudioOrigin::Edited)] << " edited there, "
                   << n[int(LabelStudioOrigin::Added)] << " added there, " << n[int(LabelStudioOrigin::AsExported)]
                   << " as exported";
            if (n[int(LabelStudioOrigin::MetaNewer)])
                io.out << ", " << n[int(LabelStudioOrigin::MetaNewer)] << " older than the exported copy";
            if (n[int(LabelStudioOrigin::Legacy)])
                io.out << ", " << n[int(LabelStudioOrigin::Legacy)]
                       << " from an older kwb export (edits not detected: re-export)";
            if (n[int(LabelStudioOrigin::Deleted)])
                io.out << ", " << n[int(LabelStudioOrigin::Deleted)] << " deleted there";
            io.out << '\n';
            continue;
        }
        const Result<QList<Review>> rs = importReviewFile(file);
        if (!rs) {
            io.err << "kwb import: " << rs.error().oneLine() << '\n';
            return ExitBadInput;
        }
        reviews += *rs;
    }
    int counts[4] = { 0, 0, 0, 0 };
    for (const Review& r : reviews) {
        const Result<ImportOutcome> o = store.import(r);
        if (!o) {
            io.err << "kwb import: " << o.error().oneLine() << '\n';
            return ExitBadInput;
        }
        ++counts[int(*o)];
        if (*o == ImportOutcome::Kept)
            warnings << QStringLiteral("review %1 (updated %2): the database's copy is newer: kept it")
                            .arg(r.identity(), reviewTimestamp(r.updated));
    }
    for (const QString& w : warnings)
        io.err << "kwb import: warning: " << w << '\n';
    io.out << path << ": " << counts[0] << " inserted, " << counts[1] << " updated, " << counts[2] << " unchanged, "
           << counts[3] << " kept (stored copy newer)\n";
    return ExitOk;
}

} // namespace kwb::cli
