// `kwb diagnose LOGFILE|- [--json] [--exit-code N] [--signal N] [--timed-out]`
// `kwb diagnose --corpus FILE.jsonl [--json]`
// Exit status: 0 when the log was classified (also as `unknown`: diagnosis itself succeeded), 2 on usage
// errors and unreadable files; with --corpus, 0 when every entry is classified as labelled, 1 otherwise.
#include "cli/cli.h"
#include "diagnose/corpus.h"
#include "diagnose/diagnosis.h"

#include <QFile>
#include <QJsonDocument>

#include <cstdio>

namespace kwb::cli {

namespace {
void printHelp(QTextStream& s)
{
    s << "Usage: kwb diagnose LOGFILE [--json] [--exit-code N] [--signal N] [--timed-out]\n"
         "       kwb diagnose --corpus FILE.jsonl [--json]\n\n"
         "Classify a failed step's log (LOGFILE '-' reads standard input) into one runtime class:\n"
         "driver_runtime_mismatch, no_device, device_oom, launch_config, illegal_memory_access,\n"
         "compile_error, shape_dtype_mismatch, autotune_failure, timeout_hang, numerical_mismatch,\n"
         "crash or unknown; print the lines that decided it and the usual fix.\n\n"
         "  --json          print {\"class\", \"finding\", \"title\", \"explanation\", \"evidence_lines\"}\n"
         "  --exit-code N   the process's exit status (129..192 or negative: killed by a signal)\n"
         "  --signal N      the signal that terminated the process\n"
         "  --timed-out     the process was killed at the wall-clock limit\n"
         "  --corpus FILE   classify every entry of a JSONL corpus ({\"id\", \"class\", \"log\"} per line)\n"
         "                  and print per-class precision and recall and the misclassified entries\n\n"
         "Exit status: 0 classified (unknown included), 2 bad usage or unreadable file;\n"
         "with --corpus: 0 all entries right, 1 some misclassified, 2 unreadable or malformed corpus.\n";
}

void printWrapped(QTextStream& s, const QString& text, int width)
{
    int col = 0;
    for (const QString& word : text.split(u' ', Qt::SkipEmptyParts)) {
        if (col > 0 && col + 1 + word.size() > width) {
            s << '\n';
            col = 0;
        } else if (col > 0) {
            s << ' ';
            ++col;
        }
        s << word;
        col += int(word.size());
    }
    s << '\n';
}

std::optional<int> parseInt(const QString& v)
{
    bool ok = false;
    const int n = v.toInt(&ok);
    return ok ? std::optional<int>(n) : std::nullopt;
}

int runCorpus(const QString& path, bool json, Io& io)
{
    const auto entries = loadFailureCorpus(path);
    if (!entries) {
        io.err << "kwb diagnose: " << entries.error().oneLine() << '\n';
        return ExitBadInput;
    }
    const CorpusEvaluation ev = evaluateFailureCorpus(*entries);
    if (json) {
        io.out << QString::fromUtf8(QJsonDocument(ev.toJson()).toJson(QJsonDocument::Indented));
    } else {
        io.out << ev.correct << '/' << ev.total << " classified as labelled ("
               << QString::number(ev.total ? 100.0 * ev.correct / ev.total : 100.0, 'f', 1) << " %)\n\n";
        io.out << QStringLiteral("class").leftJustified(24) << "   tp   fp   fn  precision  recall\n";
        for (const auto& c : ev.classes) {
            io.out << failureClassName(c.cls).leftJustified(24) << QString::number(c.truePositives).rightJustified(5)
                   << QString::number(c.falsePositives).rightJustified(5)
                   << QString::number(c.falseNegatives).rightJustified(5)
                   << QString::number(c.precision(), 'f', 3).rightJustified(11)
                   << QString::number(c.recall(), 'f', 3).rightJustified(8) << '\n';
        }
        if (!ev.confusions.isEmpty()) {
            io.out << "\nmisclassified:\n";
            for (const auto& c : ev.confusions) {
                io.out << "  " << c.id << ": expected " << failureClassName(c.expected) << ", got "
                       << failureClassName(c.got) << '\n';
                for (const auto& e : c.evidence)
                    io.out << "      " << e.line << ": " << e.text << '\n';
            }
        }
    }
    return ev.correct == ev.total ? ExitOk : ExitFindings;
}
} // namespace

int diagnoseCommand(const QStringList& args, Io& io)
{
    bool json = false;
    QString logPath;
    QString corpusPath;
    FailureContext context;
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        auto value = [&]() -> std::optional<QString> {
            if (i + 1 >= args.size())
                return std::nullopt;
            return args[++i];
        };
        if (a == QLatin1StringView("--help") || a == QLatin1StringView("-h")) {
            printHelp(io.out);
            return ExitOk;
        } else if (a == QLatin1StringView("--json")) {
            json = true;
        } else if (a == QLatin1StringView("--timed-out")) {
            context.timedOut = true;
        } else if (a == QLatin1StringView("--corpus")) {
            const auto v = value();
            if (!v) {
                io.err << "kwb diagnose: --corpus needs a file\n";
                return ExitBadInput;
            }
            corpusPath = *v;
        } else if (a == QLatin1StringView("--exit-code") || a == QLatin1StringView("--signal")) {
            const auto v = value();
            const auto n = v ? parseInt(*v) : std::nullopt;
            if (!n) {
                io.err << "kwb diagnose: " << a << " needs an integer\n";
                return ExitBadInput;
            }
            (a == QLatin1StringView("--signal") ? context.signal : context.exitCode) = *n;
        } else if (a.startsWith(u'-') && a != QLatin1StringView("-")) {
            io.err << "kwb diagnose: unknown option '" << a << "' (see 'kwb diagnose --help')\n";
            return ExitBadInput;
        } else if (logPath.isEmpty()) {
            logPath = a;
        } else {
            io.err << "kwb diagnose: more than one log file given\n";
            return ExitBadInput;
        }
    }
    if (!corpusPath.isEmpty()) {
        if (!logPath.isEmpty()) {
            io.err << "kwb diagnose: give either LOGFILE or --corpus, not both\n";
            return ExitBadInput;
        }
        return runCorpus(corpusPath, json, io);
    }
    if (logPath.isEmpty()) {
        io.err << "kwb diagnose: missing LOGFILE (use '-' for standard input; see 'kwb diagnose --help')\n";
        return ExitBadInput;
    }

    QFile f;
    bool opened = false;
    if (logPath == QLatin1StringView("-")) {
        opened = f.open(stdin, QIODevice::ReadOnly);
    } else {
        f.setFileName(logPath);
        opened = f.open(QIODevice::ReadOnly);
    }
    if (!opened) {
        io.err << "kwb diagnose: " << logPath << ": cannot read: " << f.errorString() << '\n';
        return ExitBadInput;
    }
    const QByteArray data = f.readAll();
    if (f.error() != QFileDevice::NoError) {
        io.err << "kwb diagnose: " << logPath << ": cannot read: " << f.errorString() << '\n';
        return ExitBadInput;
    }
    const Diagnosis d = diagnose(QString::fromUtf8(data), context);
    if (json) {
        io.out << QString::fromUtf8(QJsonDocument(d.toJson()).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    io.out << d.findingId() << ": " << d.title << '\n';
    if (d.evidence.isEmpty()) {
        io.out << "evidence: none in the log\n";
    } else {
        io.out << "evidence:\n";
        for (const auto& e : d.evidence)
            io.out << "  " << QString::number(e.line).rightJustified(5) << ": " << e.text << '\n';
    }
    if (!d.alternatives.isEmpty()) {
        io.out << "weaker signs of:";
        for (const auto& [cls, score] : d.alternatives)
            io.out << ' ' << failureClassName(cls) << " (" << score << ')';
        io.out << " (strongest: " << d.score << ")\n";
    }
    io.out << '\n';
    printWrapped(io.out, d.explanation, 100);
    return ExitOk;
}

} // namespace kwb::cli
