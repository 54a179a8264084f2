// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/importtasks.h"

#include "core/export/exporter.h"
#include "core/importers/batch.h"
#include "core/importers/feedback.h"
#include "core/importers/gpumode.h"
#include "core/importers/kernelbench.h"
#include "core/review/atomicfile.h"
#include "core/review/reviewstore.h"

#include <QCommandLineParser>

namespace kwb::cli {
namespace {
int report(const QString& what, const ImportSummary& s, bool listFindings, Io& io)
{
    for (const ImportedBundle& b : s.bundles) {
        if (!b.ok()) {
            io.out << "FAIL " << b.error << '\n';
            continue;
        }
        int counts[3] = { 0, 0, 0 };
        for (const Finding& f : b.findings)
            ++counts[int(f.severity == Severity::Error ? 0 : f.severity == Severity::Warning ? 1 : 2)];
        io.out << "OK   " << b.id << "  " << b.dir << "  (" << counts[0] << " errors, " << counts[1] << " warnings, "
               << counts[2] << " info)\n";
        if (listFindings) {
            for (const Finding& f : b.findings)
                io.out << "     " << severityName(f.severity) << ' ' << f.id << ' '
                       << (f.file.isEmpty() ? QString()
                                            : f.file + (f.line > 0 ? QStringLiteral(":%1").arg(f.line) : QString())
                                      + QStringLiteral(": "))
                       << f.message << '\n';
        }
    }
    io.out << "kwb import " << what << ": " << s.imported() << " imported, " << s.failed()
           << " failed (scanner: " << s.provenance << ")\n";
    return s.failed() > 0 ? ExitFindings : ExitOk;
}

int usageError(const QString& sub, const QString& text, Io& io)
{
    io.err << "kwb import " << sub << ": " << text << " (see 'kwb import " << sub << " --help')\n";
    return ExitBadInput;
}
} // namespace

int importTasksCommand(const QString& sub, const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    const QCommandLineOption out({ QStringLiteral("o"), QStringLiteral("output") },
        sub == u"batch" ? QStringLiteral("The workspace folder to create.") : QStringLiteral("Folder for the bundles."),
        QStringLiteral("DIR"));
    const QCommandLineOption candidates(QStringLiteral("candidates"),
        QStringLiteral("Folder of candidate modules defining ModelNew, matched to problems by file name."),
        QStringLiteral("DIR"));
    const QCommandLineOption submission(QStringLiteral("submission"),
        QStringLiteral("The submission to review (default: the task's own submission file)."), QStringLiteral("FILE"));
    const QCommandLineOption hardware(QStringLiteral("hardware"),
        QStringLiteral("Target device of the bundles (default: L4 for kernelbench, H100 for gpumode)."),
        QStringLiteral("NAME"));
    const QCommandLineOption precision(QStringLiteral("precision"),
        QStringLiteral("KernelBench's eval precision: fp32, fp16 or bf16 (floating-point inputs and parameters cast to "
                       "it; default: the dtypes the problem file writes)."),
        QStringLiteral("P"));
    const QCommandLineOption findings(QStringLiteral("findings"), QStringLiteral("List every bundle's findings."));
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    parser.addOptions({ out, help });
    if (sub == u"kernelbench")
        parser.addOptions({ candidates, hardware, precision, findings });
    if (sub == u"gpumode")
        parser.addOptions({ submission, hardware, findings });
    parser.addPositionalArgument(QStringLiteral("PATH"),
        sub == u"kernelbench"
            ? QStringLiteral("A problem file, a level folder, a folder of levels, or a dataset export (.json/.jsonl).")
            : sub == u"gpumode" ? QStringLiteral("A task folder (holding task.yml) or a folder of them.")
                                : QStringLiteral("The batch: one assignment a line (docs/batches.md)."));
    if (!parser.parse(QStringList { QStringLiteral("kwb import ") + sub } + args))
        return usageError(sub, parser.errorText(), io);
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        text.replace(0, text.indexOf(u'\n'),
            QStringLiteral("Usage: kwb import %1 PATH -o DIR [options]\nExit codes: 0 imported, 1 some failed, 2 bad "
                           "input or usage, 3 no python for the scanner.")
                .arg(sub));
        io.out << text;
        return ExitOk;
    }
    if (parser.positionalArguments().size() != 1 || !parser.isSet(out))
        return usageError(sub, QStringLiteral("expected one PATH and -o DIR"), io);
    const QString path = parser.positionalArguments().first();
    if (sub == u"batch") {
        auto s = importBatch(path, parser.value(out));
        if (!s) {
            io.err << "kwb import batch: " << s.error().oneLine() << '\n';
            return ExitBadInput;
        }
        for (const Assignment& a : s->assignments) {
            if (!a.loadError.isEmpty())
                io.out << "DOES NOT LOAD " << a.taskId << ": " << a.loadError << '\n';
        }
        io.out << "kwb import batch: " << s->assignments.size() << " assignments in " << parser.value(out) << " ("
               << s->loadFailures << " bundles do not load)\n";
        return s->loadFailures > 0 ? ExitFindings : ExitOk;
    }
    Result<ImportSummary> s = Error {};
    if (sub == u"kernelbench") {
        KernelBenchOptions o { path, parser.value(out), parser.value(candidates) };
        if (parser.isSet(hardware))
            o.hardware = parser.value(hardware);
        if (parser.isSet(precision)) {
            if (kernelBenchPrecision(parser.value(precision)).isEmpty())
                return usageError(sub,
                    QStringLiteral("--precision must be fp32, fp16 or bf16, got '%1'").arg(parser.value(precision)),
                    io);
            o.precision = parser.value(precision);
        }
        s = importKernelBench(o);
    } else {
        GpuModeOptions o { path, parser.value(out), parser.value(submission) };
        if (parser.isSet(hardware))
            o.hardware = parser.value(hardware);
        s = importGpuMode(o);
    }
    if (!s) {
        io.err << "kwb import " << sub << ": " << s.error().oneLine() << '\n';
        return exitFor(s.error());
    }
    return report(sub, *s, parser.isSet(findings), io);
}

int exportBatchFeedback(const QString& workspace, const QStringList& sources, const QString& output, Io& io)
{
    auto queue = BatchQueue::open(workspace);
    if (!queue) {
        io.err << "kwb export: " << queue.error().oneLine() << '\n';
        return ExitBadInput;
    }
    const QStringList from = sources.isEmpty() ? QStringList { ReviewStore::defaultPath() } : sources;
    const Result<QList<Review>> reviews = collectReviews(from);
    if (!reviews) {
        io.err << "kwb export: " << reviews.error().oneLine() << '\n';
        return ExitBadInput;
    }
    FeedbackCounts counts;
    const QByteArray bytes = batchFeedbackJsonl(*queue, *reviews, &counts);
    if (output.isEmpty() || output == u"-") {
        io.out << QString::fromUtf8(bytes);
    } else if (const Status s = writeFileAtomically(output, bytes); !s) {
        io.err << "kwb export: " << s.error().oneLine() << '\n';
        return ExitBadInput;
    }
    io.err << "kwb export: " << counts.rows << " feedback rows: " << counts.reviewed << " assignments reviewed, "
           << counts.unreviewed << " unreviewed\n";
    return ExitOk;
}

} // namespace kwb::cli
