#include "cli/cli.h"
#include "cli/importtasks.h"

#include "export/exporter.h"
#include "review/reviewstore.h"

#include <QCommandLineParser>

namespace kwb::cli {

int importCommand(const QStringList& args, Io& io)
{
    if (!args.isEmpty() && kImportTaskSubcommands.contains(args.first()))
        return importTasksCommand(args.first(), args.mid(1), io);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Import reviews (kwb.review/1 json or jsonl, or a Label Studio export made by 'kwb export') into the\n"
        "review database, without duplicates: a review already there (same task id, reviewer and created) is\n"
        "replaced only by a newer version. Exit codes: 0 imported, 2 bad input, a database error or bad usage.\n"
        "Task sets: 'kwb import kernelbench|gpumode|batch PATH -o DIR' (see 'kwb import kernelbench --help')."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("File to import."), QStringLiteral("FILE..."));
    const QCommandLineOption db(QStringLiteral("db"),
        QStringLiteral("Review database (default: $KWB_DB, else %1).").arg(ReviewStore::defaultPath()),
        QStringLiteral("PATH"));
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    parser.addOptions({ db, help });
    if (!parser.parse(QStringList { QStringLiteral("kwb import") } + args)) {
        io.err << "kwb import: " << parser.errorText() << " (see 'kwb import --help')\n";
        return ExitBadInput;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        text.replace(0, text.indexOf(u'\n'), QStringLiteral("Usage: kwb import [--db PATH] FILE..."));
        io.out << text;
        return ExitOk;
    }
    if (parser.positionalArguments().isEmpty()) {
        io.err << "kwb import: no FILE given (see 'kwb import --help')\n";
        return ExitBadInput;
    }
    // Read every file first, so a bad file imports nothing.
    QList<Review> reviews;
    for (const QString& file : parser.positionalArguments()) {
        const Result<QList<Review>> rs = importReviewFile(file);
        if (!rs) {
            io.err << "kwb import: " << rs.error().oneLine() << '\n';
            return ExitBadInput;
        }
        reviews += *rs;
    }
    ReviewStore store;
    const QString path = parser.isSet(db) ? parser.value(db) : ReviewStore::defaultPath();
    if (const Status s = store.open(path); !s) {
        io.err << "kwb import: " << s.error().oneLine() << '\n';
        return ExitBadInput;
    }
    int counts[4] = { 0, 0, 0, 0 };
    for (const Review& r : reviews) {
        const Result<ImportOutcome> o = store.import(r);
        if (!o) {
            io.err << "kwb import: " << o.error().oneLine() << '\n';
            return ExitBadInput;
        }
        ++counts[int(*o)];
    }
    io.out << path << ": " << counts[0] << " inserted, " << counts[1] << " updated, " << counts[2] << " unchanged, "
           << counts[3] << " kept (stored copy newer)\n";
    return ExitOk;
}

} // namespace kwb::cli
