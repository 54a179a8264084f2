// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `kwb diagnose LOGFILE|- [--json] [--exit-code N] [--signal N] [--timed-out]`
// `kwb diagnose --corpus FILE.jsonl [--folds K] [--split NAME] [--json]`
// `kwb diagnose --train-wording-model OUT.tsv CORPUS.jsonl…`
// Exit status: 0 when the log was classified (also as `unknown`: diagnosis itself succeeded), 2 on usage
// errors and unreadable files; with --corpus, 0 when every entry is classified as labelled, 1 otherwise.
#include "core/cli/cli.h"
#include "core/diagnose/corpus.h"
#include "core/diagnose/diagnosis.h"
#include "core/diagnose/wordingmodel.h"

#include <QFile>
#include <QJsonDocument>

#include <QSet>

#include <cmath>
#include <cstdio>

namespace kwb::cli {

namespace {
void printHelp(QTextStream& s)
{
    s << "Usage: kwb diagnose LOGFILE [--json] [--exit-code N] [--signal N] [--timed-out]\n"
         "       kwb diagnose --corpus FILE.jsonl [--folds K] [--split NAME] [--json]\n"
         "       kwb diagnose --train-wording-model OUT.tsv CORPUS.jsonl...\n\n"
         "Classify a failed step's log (LOGFILE '-' reads standard input) into one runtime class:\n"
         "driver_runtime_mismatch, no_device, device_oom, launch_config, unsupported_on_target,\n"
         "illegal_memory_access, "
         "compile_error, shape_dtype_mismatch, autotune_failure, timeout_hang, numerical_mismatch,\n"
         "crash or unknown; print the lines that decided it and the usual fix.\n\n"
         "  --json          print {\"class\", \"finding\", \"title\", \"explanation\", \"confidence\",\n"
         "                  \"evidence_lines\", \"alternatives\", \"cause\", \"wrapper\", …}\n"
         "  --exit-code N   the process's exit status (129..192 or negative: killed by a signal)\n"
         "  --signal N      the signal that terminated the process\n"
         "  --timed-out     the process was killed at the wall-clock limit\n"
         "  --corpus FILE   classify every entry of a JSONL corpus ({\"id\", \"class\", \"log\"} per line)\n"
         "                  and print per-class precision and recall and the misclassified entries\n"
         "                  (each repository's logs are taken out of the wording model first)\n"
         "  --folds K       with --corpus: K folds of whole source repositories; accuracy per fold and\n"
         "                  per split (\"dev\": logs used to write rules, \"heldout\": never used), per-class\n"
         "                  precision/recall per split, and a table per framework\n"
         "  --split NAME    with --corpus: only the entries of that split\n"
         "  --train-wording-model OUT.tsv\n"
         "                  count the words of the labelled logs of the corpora given into the wording\n"
         "                  model the diagnosis reads when no rule names a cause\n"
         "                  (resources/diagnose/wording-model.tsv)\n\n"
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

QString percent(int correct, int total)
{
    return QStringLiteral("%1/%2 %3 %")
        .arg(correct)
        .arg(total)
        .arg(QString::number(total ? 100.0 * correct / total : 100.0, 'f', 1));
}

void printClassTable(QTextStream& out, const CorpusEvaluation& ev)
{
    out << QStringLiteral("class").leftJustified(24) << "   tp   fp   fn  precision  recall\n";
    for (const auto& c : ev.classes) {
        out << failureClassName(c.cls).leftJustified(24) << QString::number(c.truePositives).rightJustified(5)
            << QString::number(c.falsePositives).rightJustified(5)
            << QString::number(c.falseNegatives).rightJustified(5)
            << QString::number(c.precision(), 'f', 3).rightJustified(11)
            << QString::number(c.recall(), 'f', 3).rightJustified(8) << '\n';
    }
}

void printConfusions(QTextStream& out, const CorpusEvaluation& ev)
{
    if (ev.confusions.isEmpty())
        return;
    out << "\nmisclassified:\n";
    for (const auto& c : ev.confusions) {
        out << "  " << c.id << ": expected " << failureClassName(c.expected) << ", got " << failureClassName(c.got)
            << '\n';
        for (const auto& e : c.evidence)
            out << "      " << e.line << ": " << e.text << '\n';
    }
}

// Mean and (population) standard deviation of the fold accuracies of one split, over folds that have any.
QString foldSpread(const CrossValidation& cv, const QString& split)
{
    QList<double> rates;
    for (const auto& f : cv.folds) {
        const auto it = f.bySplit.constFind(split);
        if (it != f.bySplit.cend() && it->total > 0)
            rates.append(it->rate());
    }
    if (rates.isEmpty())
        return QStringLiteral("-");
    double mean = 0;
    for (double r : rates)
        mean += r;
    mean /= rates.size();
    double var = 0;
    for (double r : rates)
        var += (r - mean) * (r - mean);
    var /= rates.size();
    return QStringLiteral("%1 % (sd %2)")
        .arg(QString::number(100 * mean, 'f', 1), QString::number(100 * std::sqrt(var), 'f', 1));
}

void printCrossValidation(
    QTextStream& out, const QString& path, const QList<CorpusEntry>& entries, const CrossValidation& cv)
{
    const QStringList splits = cv.bySplit.keys();
    QSet<QString> repos;
    for (const auto& e : entries)
        repos.insert(e.repo);
    out << path << ": " << entries.size() << " entries from " << repos.size() << " repositories";
    for (const auto& s : splits)
        out << "; " << (s.isEmpty() ? QStringLiteral("(no split)") : s) << ' ' << cv.bySplit[s].total;
    out << "\n\naccuracy: all " << percent(cv.all.correct, cv.all.total);
    for (const auto& s : splits)
        out << ", " << (s.isEmpty() ? QStringLiteral("(no split)") : s) << ' '
            << percent(cv.bySplit[s].correct, cv.bySplit[s].total);
    out << "\n\nfolds of whole repositories (" << cv.folds.size() << "):\n";
    out << "fold  repos  entries";
    for (const auto& s : splits)
        out << "  " << (s.isEmpty() ? QStringLiteral("(no split)") : s).leftJustified(18);
    out << '\n';
    for (int i = 0; i < cv.folds.size(); ++i) {
        const auto& f = cv.folds[i];
        out << QString::number(i + 1).rightJustified(4) << QString::number(f.repos.size()).rightJustified(7)
            << QString::number(f.all.total).rightJustified(9);
        for (const auto& s : splits) {
            const Tally t = f.bySplit.value(s);
            out << "  " << percent(t.correct, t.total).leftJustified(18);
        }
        out << '\n';
    }
    out << "mean             ";
    for (const auto& s : splits)
        out << "  " << foldSpread(cv, s).leftJustified(18);
    out << "\n\nper framework:\nframework ";
    for (const auto& s : splits)
        out << "  " << (s.isEmpty() ? QStringLiteral("(no split)") : s).leftJustified(18);
    out << '\n';
    for (auto it = cv.byFramework.cbegin(); it != cv.byFramework.cend(); ++it) {
        out << (it.key().isEmpty() ? QStringLiteral("(none)") : it.key()).leftJustified(10);
        for (const auto& s : splits) {
            const Tally t = it.value().value(s);
            out << "  " << percent(t.correct, t.total).leftJustified(18);
        }
        out << '\n';
    }
    if (!cv.secondFound.isEmpty()) {
        out << "\nsecond class named:";
        for (auto it = cv.secondFound.cbegin(); it != cv.secondFound.cend(); ++it)
            out << ' ' << (it.key().isEmpty() ? QStringLiteral("(no split)") : it.key()) << ' '
                << percent(it->correct, it->total);
        out << '\n';
    }
    for (const auto& s : splits) {
        out << "\nper class, " << (s.isEmpty() ? QStringLiteral("(no split)") : s) << ":\n";
        printClassTable(out, cv.bySplit[s]);
    }
}

int trainWordingModel(const QString& out, const QStringList& corpora, Io& io)
{
    QList<CorpusEntry> all;
    for (const QString& path : corpora) {
        auto entries = loadFailureCorpus(path);
        if (!entries) {
            io.err << "kwb diagnose: " << entries.error().oneLine() << '\n';
            return ExitBadInput;
        }
        all.append(*entries);
    }
    const auto model = detail::WordingModel::train(all);
    QFile f(out);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(model.serialise()) < 0 || !f.flush()) {
        io.err << "kwb diagnose: " << out << ": cannot write: " << f.errorString() << '\n';
        return ExitBadInput;
    }
    io.out << out << ": " << model.logCount() << " logs of " << corpora.size() << " corpora, " << model.wordCount()
           << " words and word pairs\n";
    return ExitOk;
}

int runCorpus(const QString& path, int folds, const QString& split, bool json, Io& io)
{
    auto entries = loadFailureCorpus(path);
    if (!entries) {
        io.err << "kwb diagnose: " << entries.error().oneLine() << '\n';
        return ExitBadInput;
    }
    if (!split.isNull()) {
        entries->removeIf([&](const CorpusEntry& e) { return e.split != split; });
        if (entries->isEmpty()) {
            io.err << "kwb diagnose: " << path << ": no entry has split '" << split << "'\n";
            return ExitBadInput;
        }
    }
    if (folds > 0) {
        const CrossValidation cv = crossValidateFailureCorpus(*entries, folds);
        if (json) {
            io.out << QString::fromUtf8(QJsonDocument(cv.toJson()).toJson(QJsonDocument::Indented));
        } else {
            printCrossValidation(io.out, path, *entries, cv);
            printConfusions(io.out, cv.all);
        }
        return cv.all.correct == cv.all.total ? ExitOk : ExitFindings;
    }
    const CorpusEvaluation ev = evaluateFailureCorpus(*entries);
    if (json) {
        io.out << QString::fromUtf8(QJsonDocument(ev.toJson()).toJson(QJsonDocument::Indented));
    } else {
        io.out << ev.correct << '/' << ev.total << " classified as labelled ("
               << QString::number(ev.total ? 100.0 * ev.correct / ev.total : 100.0, 'f', 1) << " %)\n";
        if (ev.byFramework.size() > 1) {
            QStringList parts;
            for (auto it = ev.byFramework.cbegin(); it != ev.byFramework.cend(); ++it)
                parts.append((it.key().isEmpty() ? QStringLiteral("(none)") : it.key()) + u' '
                    + percent(it->correct, it->total));
            io.out << "per framework: " << parts.join(QStringLiteral(", ")) << '\n';
        }
        if (ev.causeInLog.total + ev.causeNotInLog.total > 0)
            io.out << "the log states the cause (labeller): " << percent(ev.causeInLog.correct, ev.causeInLog.total)
                   << "; the cause only outside the log: " << percent(ev.causeNotInLog.correct, ev.causeNotInLog.total)
                   << '\n';
        io.out << '\n';
        printClassTable(io.out, ev);
        printConfusions(io.out, ev);
    }
    return ev.correct == ev.total ? ExitOk : ExitFindings;
}
} // namespace

int diagnoseCommand(const QStringList& args, Io& io)
{
    bool json = false;
    QString logPath;
    QString corpusPath;
    QString modelPath;
    QStringList corpora;
    QString split;
    int folds = 0;
    bool foldsGiven = false;
    FailureContext context;
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        auto value = [&]() -> std::optional<QString> {
            if (i + 1 >= args.size())
                return std::nullopt;
            return args[++i];
        };
        // An option's text value into `target`; false, having said what was missing, when there is none.
        auto text = [&](QString& target, const char* what) {
            const auto v = value();
            if (!v)
                io.err << "kwb diagnose: " << a << " needs " << what << '\n';
            else
                target = *v;
            return v.has_value();
        };
        if (a == QLatin1StringView("--help") || a == QLatin1StringView("-h")) {
            printHelp(io.out);
            return ExitOk;
        } else if (a == QLatin1StringView("--json")) {
            json = true;
        } else if (a == QLatin1StringView("--timed-out")) {
            context.timedOut = true;
        } else if (a == QLatin1StringView("--corpus")) {
            if (!text(corpusPath, "a file"))
                return ExitBadInput;
        } else if (a == QLatin1StringView("--train-wording-model")) {
            if (!text(modelPath, "the model file to write"))
                return ExitBadInput;
        } else if (a == QLatin1StringView("--folds")) {
            const auto v = value();
            const auto n = v ? parseInt(*v) : std::nullopt;
            if (!n || *n < 1 || *n > 1000) {
                io.err << "kwb diagnose: --folds needs a number of folds from 1 to 1000\n";
                return ExitBadInput;
            }
            folds = *n;
            foldsGiven = true;
        } else if (a == QLatin1StringView("--split")) {
            if (!text(split, "a split name"))
                return ExitBadInput;
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
        } else {
            corpora.append(a);
        }
    }
    if (!modelPath.isEmpty()) {
        if (corpora.isEmpty() || !corpusPath.isEmpty()) {
            io.err << "kwb diagnose: --train-wording-model needs the corpora to count, as files after it\n";
            return ExitBadInput;
        }
        return trainWordingModel(modelPath, corpora, io);
    }
    if (corpora.size() > 1) {
        io.err << "kwb diagnose: more than one log file given\n";
        return ExitBadInput;
    }
    if (!corpora.isEmpty())
        logPath = corpora.front();
    if (!corpusPath.isEmpty()) {
        if (!logPath.isEmpty()) {
            io.err << "kwb diagnose: give either LOGFILE or --corpus, not both\n";
            return ExitBadInput;
        }
        return runCorpus(corpusPath, folds, split, json, io);
    }
    if (foldsGiven || !split.isNull()) {
        io.err << "kwb diagnose: --folds and --split need --corpus\n";
        return ExitBadInput;
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
    const Diagnosis d = diagnoseUtf8(data, context);
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
    io.out << "confidence: " << QString::number(d.confidence, 'f', 2) << '\n';
    for (const auto& [label, m] : { std::pair { "cause", d.cause }, std::pair { "reported through", d.wrapper } }) {
        if (m)
            io.out << label << ": line " << m->line.line
                   << (m->layer.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(m->layer)) << '\n';
    }
    if (!d.outsideStack.isEmpty())
        io.out << "outside the accelerator stack: " << d.outsideStack << '\n';
    if (d.cls == FailureClass::Unknown && detail::WordingModel::installed() == nullptr)
        io.out << "wording model: not read, the rules decided alone (" << detail::WordingModel::installedProblem()
               << ")\n";
    if (d.secondary)
        io.out << "second failure: " << failureFindingId(*d.secondary) << '\n';
    if (!d.alternatives.isEmpty()) {
        io.out << "weaker signs of:";
        for (const auto& alt : d.alternatives)
            io.out << ' ' << failureClassName(alt.cls) << " (" << alt.kind << ' ' << alt.score << ')';
        // An `unknown` has no sign of its own to compare them with.
        if (!d.scoreKind.isEmpty())
            io.out << " (strongest: " << d.scoreKind << ' ' << d.score << ')';
        io.out << '\n';
    }
    io.out << '\n';
    printWrapped(io.out, d.explanation, 100);
    return ExitOk;
}

} // namespace kwb::cli
