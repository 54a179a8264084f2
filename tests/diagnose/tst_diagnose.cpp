// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnose/corpus.h"
#include "core/diagnose/diagnosis.h"
#include "core/diagnose/prefilter.h"
#include "core/diagnose/rules.h"
#include "corpusrows.h"

#include <QJsonArray>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace kwb;

Q_DECLARE_METATYPE(kwb::FailureClass)

namespace {

// Each evidence line must be a real line of the log, at the line number it claims.
void verifyEvidence(const QString& log, const Diagnosis& d)
{
    const QStringList lines = log.split(u'\n');
    int previous = 0;
    for (const auto& e : d.evidence) {
        QVERIFY2(e.line >= 1 && e.line <= lines.size(), qPrintable(QStringLiteral("line %1").arg(e.line)));
        QVERIFY2(e.line > previous, "evidence lines are in log order, without repeats");
        previous = e.line;
        QString expected = lines[e.line - 1];
        expected.remove(QRegularExpression(QStringLiteral("\x1b\\[[0-9;?]*[ -/]*[@-~]")));
        while (!expected.isEmpty() && expected.back().isSpace())
            expected.chop(1);
        QString text = e.text;
        if (text.endsWith(QStringLiteral("…")))
            text.chop(1);
        // A soft-wrapped message is quoted whole: its first line and the lines continuing it, joined by spaces.
        QString joined = expected;
        for (qsizetype k = e.line; k < lines.size() && k < e.line + 3 && joined.size() < text.size(); ++k)
            joined += u' ' + lines[k].trimmed();
        // A line pasted with markdown is quoted without it (bold markers, paired backticks).
        QString unmarked = joined;
        unmarked.remove(QStringLiteral("**"));
        if (unmarked.count(u'`') % 2 == 0)
            unmarked.remove(u'`');
        QVERIFY2((expected.startsWith(text) || joined.startsWith(text) || unmarked.startsWith(text)) && !text.isEmpty(),
            qPrintable(QStringLiteral("line %1: '%2' is not '%3'").arg(e.line).arg(e.text, expected)));
    }
    QVERIFY(d.evidence.size() <= maxEvidenceLines);
}

// Labels of the shared dev corpus decided otherwise since it was written: the class unsupported_on_target
// (docs/diagnosis.md) is what a lowering that does not exist for a target is.
const QMap<QString, FailureClass>& devRelabelled()
{
    static const QMap<QString, FailureClass> m { { QStringLiteral("ce-07"), FailureClass::UnsupportedOnTarget } };
    return m;
}

// Hand-written logs the diagnosis knowingly reads as another class than the one they were written as, with why:
// the test holds the misreading, so that a change of it shows.
const QMap<QString, FailureClass>& unseenMisread()
{
    // A typo in a Triton kernel (`tl.lod`) reaches the log as a framework module without that name, which is how
    // an API of another release reaches it too; the log cannot tell them apart, and in public threads it is
    // nearly always the release (docs/diagnosis.md, "Precedence").
    static const QMap<QString, FailureClass> m { { QStringLiteral("u-ce-triton"),
        FailureClass::DriverRuntimeMismatch } };
    return m;
}

void addCorpusRows(const QString& path, const QMap<QString, FailureClass>& relabelled = {})
{
    const auto entries = loadFailureCorpus(path);
    if (!entries)
        QFAIL(qPrintable(entries.error().oneLine()));
    for (const auto& e : *entries)
        QTest::newRow(qPrintable(e.id)) << e.log << relabelled.value(e.id, e.expected);
}

// The prefiltered diagnosis must equal every rule tried on every line.
void compareWithUnfiltered(const QString& log)
{
    const Diagnosis a = diagnose(log);
    const Diagnosis b = detail::diagnoseUnfiltered(log);
    QCOMPARE(a.className(), b.className());
    QCOMPARE(a.score, b.score);
    QCOMPARE(a.evidence.size(), b.evidence.size());
    for (qsizetype i = 0; i < a.evidence.size(); ++i) {
        QCOMPARE(a.evidence[i].line, b.evidence[i].line);
        QCOMPARE(a.evidence[i].text, b.evidence[i].text);
    }
    QCOMPARE(a.alternatives, b.alternatives);
    QCOMPARE(a.secondary, b.secondary);
}

// `rulesAlone`: the rules' decision without the wording model, for rows that document the rules' precedence.
void checkRow(bool rulesAlone = false)
{
    QFETCH(QString, log);
    QFETCH(FailureClass, expected);
    const Diagnosis d = rulesAlone ? detail::diagnoseWithModel(log.toUtf8(), {}, nullptr) : diagnose(log);
    QCOMPARE(d.className(), failureClassName(expected));
    QCOMPARE(d.findingId(), QStringLiteral("runtime.") + failureClassName(expected));
    // `unknown` may still show informative lines (an exception, an error); a class names its deciding lines.
    if (expected != FailureClass::Unknown)
        QVERIFY2(!d.evidence.isEmpty(), "a classified log names the lines that decided it");
    verifyEvidence(log, d);
    QVERIFY(!d.title.isEmpty());
    QVERIFY(d.explanation.size() > 100);
}

} // namespace

class TestDiagnose : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void devCorpus_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<FailureClass>("expected");
        if (!test::haveDevCorpus())
            QSKIP(qPrintable(QStringLiteral("dev corpus not found at %1 (the 'shared' folder sits beside the "
                                            "repository)")
                                 .arg(test::devCorpusPath())));
        addCorpusRows(test::devCorpusPath(), devRelabelled());
    }
    void devCorpus() { checkRow(); }

    void unseenLogs_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<FailureClass>("expected");
        addCorpusRows(test::unseenCorpusPath(), unseenMisread());
    }
    void unseenLogs() { checkRow(); }

    void unseenLogsCoverEveryClass()
    {
        const auto entries = loadFailureCorpus(test::unseenCorpusPath());
        QVERIFY(entries.ok());
        for (const auto c : failureClassesByPrecedence()) {
            const auto n = std::count_if(
                entries->cbegin(), entries->cend(), [c](const CorpusEntry& e) { return e.expected == c; });
            QVERIFY2(n >= (c == FailureClass::Unknown ? 2 : 4), qPrintable(failureClassName(c)));
        }
    }

    // Public logs (tests/diagnose/fixtures/public-logs.jsonl): every entry's evidence is real, the held-out split
    // is made of whole repositories none of whose logs shaped the rules, every ecosystem is represented, and the
    // accuracy stays at what docs/diagnosis.md reports (dev: logs used while writing rules; heldout: never).
    void publicLogs()
    {
        const auto entries = loadFailureCorpus(test::publicCorpusPath());
        QVERIFY2(entries.ok(), entries.ok() ? "" : qPrintable(entries.error().oneLine()));
        QVERIFY(entries->size() >= 500);
        QMap<QString, Tally> bySplit;
        QMap<QString, int> perFramework;
        QMap<QString, QString> splitOfRepo;
        for (const auto& e : *entries) {
            QVERIFY2(e.source.startsWith(QStringLiteral("https://")), qPrintable(e.id));
            QVERIFY2(e.split == QStringLiteral("dev") || e.split == QStringLiteral("heldout"), qPrintable(e.id));
            QVERIFY2(!(e.tuned && e.split == QStringLiteral("heldout")), qPrintable(e.id));
            const QString seen = splitOfRepo.value(e.repo, e.split);
            QVERIFY2(seen == e.split, qPrintable(e.repo + QStringLiteral(": a repository in two splits")));
            splitOfRepo.insert(e.repo, e.split);
            ++perFramework[e.framework];
            const Diagnosis d = diagnose(e.log);
            verifyEvidence(e.log, d);
            Tally& t = bySplit[e.split];
            ++t.total;
            t.correct += d.cls == e.expected ? 1 : 0;
        }
        QVERIFY(splitOfRepo.size() >= 250);
        for (const char* eco : { "cuda", "pytorch", "triton", "xla", "neuron", "rocm", "none" })
            QVERIFY2(perFramework.value(QLatin1StringView(eco)) >= 50, eco);
        QVERIFY2(bySplit[QStringLiteral("dev")].rate() >= 0.97,
            qPrintable(QString::number(bySplit[QStringLiteral("dev")].rate())));
        QVERIFY2(bySplit[QStringLiteral("heldout")].rate() >= 0.90,
            qPrintable(QString::number(bySplit[QStringLiteral("heldout")].rate())));
    }

    // The later collections (docs/diagnosis.md, "How well it generalises"): each was measured blind once and is dev
    // since; their figures are floors, so a change that loses a record shows. Every record's evidence is real.
    // Counted with each repository's logs out of the wording model. The model raised 20 floors and lowered six, each by
    // one or two logs labelled `unknown` that it reads as a failure of the stack (round26: 8 → 7; wording-m: 84 → 82,
    // failures outside the stack dressed as GPU jobs; wording-q, -r, -u, -x: one each).
    void laterCollections_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("atLeast");
        QTest::addColumn<int>("total");
        QTest::newRow("round3") << QStringLiteral("round3") << 47 << 54;
        QTest::newRow("round4") << QStringLiteral("round4") << 67 << 85;
        QTest::newRow("round5") << QStringLiteral("round5") << 59 << 69;
        QTest::newRow("round6") << QStringLiteral("round6") << 15 << 15;
        // 34 since round101-round102 went into the wording model: r7-xla-06 (a gRPC error on `import jax`, labelled a
        // hang) is a log only the model decides, and its reading moved when the model was recounted.
        QTest::newRow("round7") << QStringLiteral("round7") << 34 << 41;
        QTest::newRow("round8") << QStringLiteral("round8") << 32 << 38;
        QTest::newRow("round9") << QStringLiteral("round9") << 42 << 50;
        QTest::newRow("round10") << QStringLiteral("round10") << 22 << 24;
        QTest::newRow("round11") << QStringLiteral("round11") << 11 << 14;
        QTest::newRow("round12") << QStringLiteral("round12") << 24 << 31;
        // Vendor documentation and troubleshooting pages (Neuron first), with the cause they state.
        QTest::newRow("round13") << QStringLiteral("round13") << 71 << 80;
        QTest::newRow("round14") << QStringLiteral("round14") << 61 << 69;
        QTest::newRow("round15") << QStringLiteral("round15") << 44 << 60;
        // Resolved public threads and Q&A pages, collected in parallel by ecosystem (blind: 6 of 12, 13 of 27, 25 of
        // 35, 18 of 33, 15 of 18, 15 of 22).
        QTest::newRow("round16") << QStringLiteral("round16") << 10 << 12;
        QTest::newRow("round17") << QStringLiteral("round17") << 23 << 27;
        QTest::newRow("round18") << QStringLiteral("round18") << 28 << 35;
        QTest::newRow("round19") << QStringLiteral("round19") << 29 << 33;
        QTest::newRow("round20") << QStringLiteral("round20") << 18 << 18;
        QTest::newRow("round21") << QStringLiteral("round21") << 18 << 22;
        // Pull requests and CI failures quoting their logs (blind: 19 of 21).
        QTest::newRow("round22") << QStringLiteral("round22") << 20 << 21;
        // Vendor troubleshooting pages and threads they point to (blind: 5 of 7).
        // One log the wording model alone decides (NCCL's warning about a missing iommu=pt, labelled a hang): its
        // reading moves as the model is recounted with later collections.
        QTest::newRow("round23") << QStringLiteral("round23") << 6 << 7;
        // JAX/XLA in discussions and other repositories; Triton and ROCm in smaller repositories (blind: 3 of 7, 9 of
        // 16).
        QTest::newRow("round24") << QStringLiteral("round24") << 5 << 7;
        QTest::newRow("round25") << QStringLiteral("round25") << 11 << 16;
        QTest::newRow("round26") << QStringLiteral("round26") << 7 << 9;
        // JAX/XLA/TPU, Triton, Neuron, ROCm and CUDA threads none before came from (blind: 9 of 15, 10 of 15, 6 of 10,
        // 2 of 6).
        QTest::newRow("round27") << QStringLiteral("round27") << 13 << 15;
        QTest::newRow("round28") << QStringLiteral("round28") << 13 << 15;
        QTest::newRow("round29") << QStringLiteral("round29") << 7 << 10;
        QTest::newRow("round30") << QStringLiteral("round30") << 5 << 6;
        // Forum pages gave none with a resolution; threads of JAX, jax-triton, torch_xla and others (blind: 10 of 14).
        QTest::newRow("round31") << QStringLiteral("round31") << 11 << 14;
        // JAX/XLA/TPU in smaller repositories; Triton, ROCm and Neuron; XLA, CUDA and PyTorch; Neuron, Triton and ROCm
        // (blind: 8 of 15, 9 of 15, 11 of 15, 7 of 13).
        QTest::newRow("round32") << QStringLiteral("round32") << 11 << 15;
        QTest::newRow("round33") << QStringLiteral("round33") << 11 << 15;
        QTest::newRow("round34") << QStringLiteral("round34") << 14 << 15;
        QTest::newRow("round35") << QStringLiteral("round35") << 9 << 13;
        // JAX/XLA/TPU alone; Triton, ROCm and CUDA, where the search corpus ran dry (blind: 3 of 11, 5 of 8).
        QTest::newRow("round36") << QStringLiteral("round36") << 6 << 11;
        QTest::newRow("round37") << QStringLiteral("round37") << 7 << 8;
        // JAX/XLA/TPU in smaller repositories; Neuron and PyTorch; CUDA, Triton and ROCm (blind: 8 of 13, 9 of 10, 9 of
        // 15).
        QTest::newRow("round38") << QStringLiteral("round38") << 11 << 13;
        QTest::newRow("round39") << QStringLiteral("round39") << 9 << 10;
        // rround40-cuda-05 (labelled a launch configuration) is a log only the wording model decides: it left it
        // `unknown` once round103-round114 were counted, and reads it right again with round115-round126.
        QTest::newRow("round40") << QStringLiteral("round40") << 12 << 15;
        // JAX/XLA/TPU in repositories few came from; Triton in libraries and PyTorch; Neuron, ROCm and CUDA (blind: 14
        // of 15, 10 of 15, 10 of 15).
        QTest::newRow("round41") << QStringLiteral("round41") << 14 << 15;
        QTest::newRow("round42") << QStringLiteral("round42") << 12 << 15;
        QTest::newRow("round43") << QStringLiteral("round43") << 12 << 15;
        // JAX/XLA/TPU by their error wordings; Triton and CUDA (launch limits, watchdogs); ROCm, Neuron and PyTorch
        // (blind: 7 of 15, 10 of 15, 6 of 11).
        QTest::newRow("round44") << QStringLiteral("round44") << 9 << 15;
        QTest::newRow("round45") << QStringLiteral("round45") << 12 << 15;
        // 8 since round92-round100 went into the wording model: rround46-rocm-02 is a log only the model decides (a
        // backtrace through two releases of libLLVM), and its reading moved when the model was recounted.
        QTest::newRow("round46") << QStringLiteral("round46") << 8 << 11;
        // A mix in repositories with few records, measured blind with the build that had round38-round46's mechanisms
        // (9 of 15, as with the build before them) and not read since.
        QTest::newRow("round47") << QStringLiteral("round47") << 11 << 15;
        // Collected for the wording model's measurement and read by it blind (docs/diagnosis.md, "When no rule
        // decides"): JAX/XLA in smaller repositories; Triton and CUDA; ROCm, Neuron and PyTorch; JAX/XLA, TF-XLA and
        // torch_xla on TPU; Triton and Neuron (the landed rules alone: 7, 12, 12, 8 and 7).
        QTest::newRow("round48") << QStringLiteral("round48") << 8 << 12;
        QTest::newRow("round49") << QStringLiteral("round49") << 12 << 15;
        QTest::newRow("round50") << QStringLiteral("round50") << 13 << 15;
        QTest::newRow("round51") << QStringLiteral("round51") << 11 << 13;
        QTest::newRow("round52") << QStringLiteral("round52") << 7 << 8;
        // Measured blind with the build that brought the wording model (JAX/XLA and Pallas; CUDA and ROCm; Triton,
        // PyTorch and Neuron; the landed rules alone: 10, 6 and 10; that build: 9, 6 and 12), read a session later.
        QTest::newRow("round53") << QStringLiteral("round53") << 9 << 12;
        QTest::newRow("round54") << QStringLiteral("round54") << 10 << 15;
        QTest::newRow("round55") << QStringLiteral("round55") << 13 << 13;
        // Measured blind with the wording model's landed build (fba8245), then read: JAX/XLA in smaller repositories;
        // CUDA and ROCm; Triton, Neuron and PyTorch (blind: 10 of 15, 8 of 15, 6 of 11).
        QTest::newRow("round56") << QStringLiteral("round56") << 10 << 15;
        QTest::newRow("round57") << QStringLiteral("round57") << 12 << 15;
        QTest::newRow("round58") << QStringLiteral("round58") << 8 << 11;
        // Measured blind with the landed build and with the build that read round53-round58 (27 of 38 with both), then
        // read: JAX/XLA and Neuron; CUDA and ROCm; Triton and PyTorch (blind: 5 of 9, 10 of 15, 12 of 14).
        QTest::newRow("round59") << QStringLiteral("round59") << 6 << 9;
        QTest::newRow("round60") << QStringLiteral("round60") << 13 << 15;
        QTest::newRow("round61") << QStringLiteral("round61") << 12 << 14;
        // Found by searching the tools' error wordings, measured blind with the landed build and the last commit's (15
        // of 15, 13 of 15, the same with both), then read; then Neuron and PyTorch, and JAX/XLA, searched thread-first
        // (6 of 7, 4 of 8 with both).
        QTest::newRow("round62") << QStringLiteral("round62") << 15 << 15;
        QTest::newRow("round63") << QStringLiteral("round63") << 14 << 15;
        QTest::newRow("round64") << QStringLiteral("round64") << 6 << 7;
        QTest::newRow("round65") << QStringLiteral("round65") << 7 << 8;
        // CUDA, ROCm and Triton thread-first: blind 6 of 13 with the landed build, 5 with the build before it was read.
        QTest::newRow("round66") << QStringLiteral("round66") << 7 << 13;
        // Measured blind with the landed build (f687320), then read: JAX/XLA and Neuron; CUDA and ROCm; Triton and
        // PyTorch (blind: 6 of 9, 9 of 13, 9 of 13).
        QTest::newRow("round67") << QStringLiteral("round67") << 8 << 9;
        QTest::newRow("round68") << QStringLiteral("round68") << 12 << 13;
        QTest::newRow("round69") << QStringLiteral("round69") << 10 << 13;
        // Measured blind with the landed build and with the build that read round67-round69 (the same answers), then
        // read: JAX/XLA alone; ROCm (no Neuron thread with a resolution was left unused); CUDA, Triton and PyTorch
        // (blind: 5 of 7, 2 of 5, 9 of 13).
        QTest::newRow("round70") << QStringLiteral("round70") << 7 << 7;
        QTest::newRow("round71") << QStringLiteral("round71") << 3 << 5;
        QTest::newRow("round72") << QStringLiteral("round72") << 10 << 13;
        // Measured blind with the landed build (3, 6, 9) and with the build that had read round67-round72 (3, 7, 9),
        // then read: JAX/XLA and one Neuron thread; CUDA and ROCm in scientific codes; Triton and PyTorch.
        QTest::newRow("round73") << QStringLiteral("round73") << 3 << 5;
        QTest::newRow("round74") << QStringLiteral("round74") << 8 << 10;
        QTest::newRow("round75") << QStringLiteral("round75") << 9 << 10;
        // Measured blind with the landed build (3, 8) and with the build that had read round67-round75 (3, 9): Triton;
        // CUDA, PyTorch and ROCm.
        QTest::newRow("round76") << QStringLiteral("round76") << 4 << 5;
        QTest::newRow("round77") << QStringLiteral("round77") << 9 << 10;
        // The newest hardware and releases; runtime failures that are not installations, sought on purpose (blind: 7 of
        // 10 and 9 of 10 with the landed build and with the build that had read round67-round77).
        QTest::newRow("round78") << QStringLiteral("round78") << 7 << 10;
        QTest::newRow("round79") << QStringLiteral("round79") << 8 << 10;
        // Downstream projects (JAX/XLA and Neuron; CUDA and ROCm libraries; Triton and PyTorch), then the classes the
        // collections had fewest of (blind with the landed build: 5 of 7, 9 of 15, 13 of 15, 12 of 15).
        QTest::newRow("round80") << QStringLiteral("round80") << 6 << 7;
        QTest::newRow("round81") << QStringLiteral("round81") << 11 << 15;
        QTest::newRow("round82") << QStringLiteral("round82") << 13 << 15;
        QTest::newRow("round83") << QStringLiteral("round83") << 12 << 15;
        // The newest JAX/TPU and Neuron releases; building and loading GPU extensions; Triton's other back ends and
        // PyTorch on other accelerators (blind with the build that had read round80-round83: 8 of 10, 12 of 15, 7 of
        // 15).
        QTest::newRow("round84") << QStringLiteral("round84") << 8 << 10;
        QTest::newRow("round85") << QStringLiteral("round85") << 13 << 15;
        QTest::newRow("round86") << QStringLiteral("round86") << 9 << 15;
        // Failures that look like the accelerator's and are not, and the reverse; collectives and multi-device runs;
        // the newer kernel languages (blind with the build that had read round80-round86: 7, 7 and 5 of 15).
        QTest::newRow("round87") << QStringLiteral("round87") << 9 << 15;
        QTest::newRow("round88") << QStringLiteral("round88") << 12 << 15;
        QTest::newRow("round89") << QStringLiteral("round89") << 7 << 15;
        // A plain mixed sample of 2025-2026 threads, measured with this session's last build (9 of 12) and then read.
        QTest::newRow("round90") << QStringLiteral("round90") << 10 << 12;
        // A plain sample of Triton, JAX/XLA and Neuron threads, measured with this session's last build (9 of 11).
        QTest::newRow("round91") << QStringLiteral("round91") << 10 << 11;
        // CUDA downstream projects; ROCm and Triton users; JAX/XLA and Neuron downstream (blind with the landed build,
        // c01f07f: 10 of 15, 7 of 15, 9 of 10). The rarest classes; torch.compile and Inductor; a plain sample of
        // Triton and JAX/XLA (blind with the build that had read round92-round94: 12 of 14, 11 of 12, 9 of 15). PyTorch
        // and vLLM on TPU and Neuron; CUDA's toolkit and core libraries; ROCm's (blind with the build that had read
        // round92-round97: 5 of 8, 10 of 15, 6 of 14).
        QTest::newRow("round92") << QStringLiteral("round92") << 12 << 15;
        QTest::newRow("round93") << QStringLiteral("round93") << 9 << 15;
        QTest::newRow("round94") << QStringLiteral("round94") << 9 << 10;
        QTest::newRow("round95") << QStringLiteral("round95") << 14 << 14;
        QTest::newRow("round96") << QStringLiteral("round96") << 11 << 12;
        QTest::newRow("round97") << QStringLiteral("round97") << 11 << 15;
        QTest::newRow("round98") << QStringLiteral("round98") << 5 << 8;
        QTest::newRow("round99") << QStringLiteral("round99") << 13 << 15;
        QTest::newRow("round100") << QStringLiteral("round100") << 8 << 14;
        // The newest (2025-2026) CUDA and PyTorch threads; the newest ROCm and Triton threads (blind with the build
        // that had read round92-round100, and with the landed build: 14 of 15, 9 of 13).
        QTest::newRow("round101") << QStringLiteral("round101") << 15 << 15;
        QTest::newRow("round102") << QStringLiteral("round102") << 12 << 13;
        // ROCm downstream; JAX/XLA downstream; CUDA in C++ projects (blind with the landed build, 972f223: 6 of 11, 7
        // of 8, 9 of 15). Triton downstream; PyTorch downstream; Neuron, with Gaudi and TPU where Neuron ran dry (blind
        // with the build that had read round103-round105: 9 of 11, 13 of 15, 6 of 9). Multi-device runs and
        // collectives; Pallas kernels; building GPU extensions (blind with the build that had read round103-round108:
        // 10 of 12, 2 of 6, 6 of 15). The newest ROCm and JAX/XLA threads; the newest CUDA and Triton (blind with the
        // build that had read round103-round111: 11 of 12, 9 of 11). Recent JAX/XLA and PyTorch threads outside the
        // three busiest repositories (blind with the build that had read round103-round113: 7 of 7).
        // Twelve more, in four batches of three measured before they were read (blind with the landed build, and with
        // the build that had read the batches before: the same counts): ROCm downstream, JAX/XLA outside JAX's own
        // repository, CUDA in C++ and extension projects (10 of 14, 2 of 6, 10 of 15); Triton downstream, hangs and
        // crashes, PyTorch's own layer (9 of 15, 7 of 10, 5 of 7); PyTorch, Triton and JAX on AMD GPUs, JAX/XLA, CUDA
        // outside Python (6 of 12, 5 of 10, 12 of 15); Triton kernels, Neuron, the newest hardware and toolkits (10 of
        // 12, 4 of 5, 8 of 12). A last plain mixed sample (blind with the build that had read round115-round126: 7 of
        // 8). Eleven more, measured before they were read, each batch with the build that had read the batches before
        // it and with the landed build (bf9091e): JAX/XLA, CUDA, ROCm (8 of 10, 11 of 12, 7 of 9); Triton, Neuron and
        // TPU, a mixed sample of projects on the stacks (4 of 7, 6 of 6, 8 of 10); PyTorch's own layers, JAX/XLA seen
        // from its users, AMD GPUs seen from theirs (11 of 12, 6 of 7, 6 of 10); Triton downstream, the newest threads
        // (2 of 7, 8 of 9). Repositories earlier collections used little (blind with 6373fb1: 8 of 10). Then, each
        // batch measured before it was read with the landed build (c5e7ed6) and with the build that had read the
        // batches before it (the same counts): Triton downstream, ROCm seen from its users, JAX/XLA seen from theirs,
        // CUDA outside PyTorch, Triton on other targets and front ends (9 of 10, 9 of 12, 7 of 9, 7 of 12, 9 of 10);
        // accelerators that are not CUDA through PyTorch, PyTorch extensions, a mixed sample of 2025-2026 inference
        // servers (3 of 6, 9 of 12, 7 of 8); the Triton compiler's newer features, Pallas and JAX kernel libraries, HIP
        // in scientific codes (5 of 9, 6 of 7, 9 of 12); threads opened in 2026 (6 of 8). round152-round160 in three
        // batches of three, each measured before it was read with the landed build (e674b25): XLA on GPUs, CUDA through
        // Python packages other than PyTorch, ROCm on consumer GPUs (4 of 6, 8 of 12, 8 of 11); Trainium and TPU from
        // their users, Triton kernels in their users' repositories, PyTorch custom operators (6 of 8, 9 of 11, 10 of
        // 12); XLA, CUDA and ROCm failing at run time (6 of 7, 5 of 11, 7 of 7). round161-round172 in four batches of
        // three, each measured before it was read with the landed build (2951c28's rules) and, the later three, with
        // the build that had read the batches before (the same counts): compilers failing at compile time, training at
        // scale with PyTorch, wrong results and autotuning (8 of 9, 10 of 11, 6 of 8); JAX/XLA from its users, Windows
        // and WSL, Neuron and other accelerators through PyTorch (9 of 11, 4 of 9, 5 of 8); Triton kernels, CUDA and
        // HIP check macros, JAX/XLA and TensorFlow on NVIDIA GPUs (6 of 8, 10 of 11, 6 of 9); ROCm in ML frameworks,
        // PyTorch in model repositories, Cloud TPU and PyTorch/XLA (7 of 7, 10 of 12, 3 of 5).
        QTest::newRow("round103") << QStringLiteral("round103") << 10 << 11;
        QTest::newRow("round104") << QStringLiteral("round104") << 8 << 8;
        QTest::newRow("round105") << QStringLiteral("round105") << 11 << 15;
        QTest::newRow("round106") << QStringLiteral("round106") << 9 << 11;
        QTest::newRow("round107") << QStringLiteral("round107") << 14 << 15;
        QTest::newRow("round108") << QStringLiteral("round108") << 8 << 9;
        QTest::newRow("round109") << QStringLiteral("round109") << 11 << 12;
        QTest::newRow("round110") << QStringLiteral("round110") << 5 << 6;
        QTest::newRow("round111") << QStringLiteral("round111") << 10 << 15;
        QTest::newRow("round112") << QStringLiteral("round112") << 11 << 12;
        QTest::newRow("round113") << QStringLiteral("round113") << 9 << 11;
        QTest::newRow("round114") << QStringLiteral("round114") << 7 << 7;
        QTest::newRow("round115") << QStringLiteral("round115") << 10 << 14;
        QTest::newRow("round116") << QStringLiteral("round116") << 3 << 6;
        QTest::newRow("round117") << QStringLiteral("round117") << 15 << 15;
        QTest::newRow("round118") << QStringLiteral("round118") << 11 << 15;
        QTest::newRow("round119") << QStringLiteral("round119") << 7 << 10;
        QTest::newRow("round120") << QStringLiteral("round120") << 7 << 7;
        QTest::newRow("round121") << QStringLiteral("round121") << 6 << 12;
        QTest::newRow("round122") << QStringLiteral("round122") << 8 << 10;
        QTest::newRow("round123") << QStringLiteral("round123") << 13 << 15;
        QTest::newRow("round124") << QStringLiteral("round124") << 10 << 12;
        QTest::newRow("round125") << QStringLiteral("round125") << 4 << 5;
        QTest::newRow("round126") << QStringLiteral("round126") << 9 << 12;
        QTest::newRow("round127") << QStringLiteral("round127") << 8 << 8;
        QTest::newRow("round128") << QStringLiteral("round128") << 8 << 10;
        QTest::newRow("round129") << QStringLiteral("round129") << 12 << 12;
        QTest::newRow("round130") << QStringLiteral("round130") << 8 << 9;
        QTest::newRow("round131") << QStringLiteral("round131") << 4 << 7;
        QTest::newRow("round132") << QStringLiteral("round132") << 6 << 6;
        QTest::newRow("round133") << QStringLiteral("round133") << 9 << 10;
        QTest::newRow("round134") << QStringLiteral("round134") << 10 << 12;
        QTest::newRow("round135") << QStringLiteral("round135") << 6 << 7;
        QTest::newRow("round136") << QStringLiteral("round136") << 8 << 10;
        QTest::newRow("round137") << QStringLiteral("round137") << 3 << 7;
        QTest::newRow("round138") << QStringLiteral("round138") << 9 << 9;
        QTest::newRow("round139") << QStringLiteral("round139") << 8 << 10;
        QTest::newRow("round140") << QStringLiteral("round140") << 10 << 10;
        QTest::newRow("round141") << QStringLiteral("round141") << 11 << 12;
        QTest::newRow("round142") << QStringLiteral("round142") << 7 << 9;
        QTest::newRow("round143") << QStringLiteral("round143") << 8 << 12;
        QTest::newRow("round144") << QStringLiteral("round144") << 9 << 10;
        QTest::newRow("round145") << QStringLiteral("round145") << 4 << 6;
        QTest::newRow("round146") << QStringLiteral("round146") << 11 << 12;
        QTest::newRow("round147") << QStringLiteral("round147") << 7 << 8;
        QTest::newRow("round148") << QStringLiteral("round148") << 7 << 9;
        QTest::newRow("round149") << QStringLiteral("round149") << 7 << 7;
        QTest::newRow("round150") << QStringLiteral("round150") << 9 << 12;
        QTest::newRow("round151") << QStringLiteral("round151") << 8 << 8;
        QTest::newRow("round152") << QStringLiteral("round152") << 5 << 6;
        QTest::newRow("round153") << QStringLiteral("round153") << 9 << 12;
        QTest::newRow("round154") << QStringLiteral("round154") << 8 << 11;
        QTest::newRow("round155") << QStringLiteral("round155") << 7 << 8;
        QTest::newRow("round156") << QStringLiteral("round156") << 9 << 11;
        QTest::newRow("round157") << QStringLiteral("round157") << 11 << 12;
        QTest::newRow("round158") << QStringLiteral("round158") << 6 << 7;
        QTest::newRow("round159") << QStringLiteral("round159") << 6 << 11;
        QTest::newRow("round160") << QStringLiteral("round160") << 7 << 7;
        QTest::newRow("round161") << QStringLiteral("round161") << 8 << 9;
        QTest::newRow("round162") << QStringLiteral("round162") << 10 << 11;
        QTest::newRow("round163") << QStringLiteral("round163") << 7 << 8;
        QTest::newRow("round164") << QStringLiteral("round164") << 11 << 11;
        QTest::newRow("round165") << QStringLiteral("round165") << 6 << 9;
        QTest::newRow("round166") << QStringLiteral("round166") << 7 << 8;
        QTest::newRow("round167") << QStringLiteral("round167") << 7 << 8;
        QTest::newRow("round168") << QStringLiteral("round168") << 11 << 11;
        QTest::newRow("round169") << QStringLiteral("round169") << 7 << 9;
        QTest::newRow("round170") << QStringLiteral("round170") << 7 << 7;
        QTest::newRow("round171") << QStringLiteral("round171") << 11 << 12;
        QTest::newRow("round172") << QStringLiteral("round172") << 3 << 5;
        QTest::newRow("own-runner") << QStringLiteral("own-runner") << 55 << 59;
        QTest::newRow("own-runner-2") << QStringLiteral("own-runner-2") << 46 << 59;
        // Seven of its runs ended cleanly with wrong outputs, their logs saying only "kwb-runner: k1: ok": the wording
        // model read those words as a numerical mismatch by a margin that any six more labelled logs undo (as
        // round150's did); nothing in them names a failure, and in a run the comparison judges them, not the diagnosis.
        QTest::newRow("own-runner-3") << QStringLiteral("own-runner-3") << 53 << 65;
        // 16 of its 70 candidates computed wrong results and ended cleanly: their logs say "ok", the comparison judges.
        QTest::newRow("own-runner-4") << QStringLiteral("own-runner-4") << 54 << 70;
        QTest::newRow("own-runner-5") << QStringLiteral("own-runner-5") << 70 << 70;
        // Written from the tools' own wording by writers who had not read the rules (blind: 97, 87, 92, 101, 110, 92,
        // 95, 85, 96, 93, 86, 69 of 80, 80 of 90, 68 of 70, 64 of 80, 96, 84 of 90, 68 of 80, 74 of 80, 95, 71 of 80,
        // 59 of 70, 76 of 80, 78 of 80, 77 of 80, 77 of 80).
        QTest::newRow("wording-a") << QStringLiteral("wording-a") << 100 << 100;
        QTest::newRow("wording-b") << QStringLiteral("wording-b") << 99 << 99;
        QTest::newRow("wording-c") << QStringLiteral("wording-c") << 97 << 97;
        QTest::newRow("wording-d") << QStringLiteral("wording-d") << 104 << 104;
        QTest::newRow("wording-e") << QStringLiteral("wording-e") << 112 << 112;
        QTest::newRow("wording-f") << QStringLiteral("wording-f") << 100 << 100;
        QTest::newRow("wording-g") << QStringLiteral("wording-g") << 99 << 100;
        QTest::newRow("wording-h") << QStringLiteral("wording-h") << 98 << 100;
        QTest::newRow("wording-i") << QStringLiteral("wording-i") << 100 << 100;
        QTest::newRow("wording-j") << QStringLiteral("wording-j") << 98 << 100;
        QTest::newRow("wording-k") << QStringLiteral("wording-k") << 98 << 100;
        QTest::newRow("wording-l") << QStringLiteral("wording-l") << 80 << 80;
        // Half of it failures outside the stack dressed as GPU jobs; the six left are judgement calls (docs).
        QTest::newRow("wording-m") << QStringLiteral("wording-m") << 82 << 90;
        QTest::newRow("wording-n") << QStringLiteral("wording-n") << 70 << 70;
        QTest::newRow("wording-o") << QStringLiteral("wording-o") << 80 << 80;
        QTest::newRow("wording-p") << QStringLiteral("wording-p") << 100 << 100;
        QTest::newRow("wording-q") << QStringLiteral("wording-q") << 89 << 90;
        // 75 since round101-round102 went into the model: wr-neuron-63, labelled `unknown`, is now read by the wording
        // model as a hang (its floor is a lower bound on the logs the model decides, as round7's and round46's).
        QTest::newRow("wording-r") << QStringLiteral("wording-r") << 75 << 80;
        QTest::newRow("wording-s") << QStringLiteral("wording-s") << 78 << 80;
        QTest::newRow("wording-t") << QStringLiteral("wording-t") << 99 << 100;
        QTest::newRow("wording-u") << QStringLiteral("wording-u") << 76 << 80;
        QTest::newRow("wording-v") << QStringLiteral("wording-v") << 68 << 70;
        QTest::newRow("wording-w") << QStringLiteral("wording-w") << 79 << 80;
        QTest::newRow("wording-x") << QStringLiteral("wording-x") << 79 << 80;
        QTest::newRow("wording-y") << QStringLiteral("wording-y") << 80 << 80;
        QTest::newRow("wording-z") << QStringLiteral("wording-z") << 80 << 80;
        // Blind: 77, 75 and 76. Left as labelled: a bare "Killed" the writer calls unknown (a crash here), a Colab cell
        // that prints a kernel's output beside the reference and states no failure.
        QTest::newRow("wording-aa") << QStringLiteral("wording-aa") << 79 << 80;
        QTest::newRow("wording-ab") << QStringLiteral("wording-ab") << 79 << 80;
        QTest::newRow("wording-ac") << QStringLiteral("wording-ac") << 80 << 80;
        QTest::newRow("wording-ad") << QStringLiteral("wording-ad") << 80 << 80;
        // Blind 77 and 77 of 80; left: a Ray Tune search of tile sizes whose every trial ran out of on-chip memory (a
        // tuning space here; a search over a model's hyperparameters whose trials run out of memory would not be).
        QTest::newRow("wording-ae") << QStringLiteral("wording-ae") << 79 << 80;
        // Blind 77 and 77 of 80; left: a serving worker's heap corruption (glibc's "free(): invalid next size"
        // forwarded as its INFO output) that TorchServe then reports as a worker that did not respond in time.
        QTest::newRow("wording-af") << QStringLiteral("wording-af") << 80 << 80;
        QTest::newRow("wording-ag") << QStringLiteral("wording-ag") << 79 << 80;
    }
    void laterCollections()
    {
        QFETCH(QString, name);
        QFETCH(int, atLeast);
        QFETCH(int, total);
        const auto entries = loadFailureCorpus(test::collectionPath(name));
        QVERIFY2(entries.ok(), entries.ok() ? "" : qPrintable(entries.error().oneLine()));
        QCOMPARE(int(entries->size()), total);
        for (const auto& e : *entries)
            verifyEvidence(e.log, diagnose(e.log, e.context));
        // Counted as an evaluation counts: each repository's logs taken out of the wording model first, so no log is
        // read with its own words.
        const CorpusEvaluation ev = evaluateFailureCorpus(*entries);
        QStringList missed;
        for (const Confusion& c : ev.confusions)
            missed << c.id;
        QVERIFY2(ev.correct >= atLeast,
            qPrintable(QStringLiteral("%1 of %2; missed %3").arg(ev.correct).arg(total).arg(missed.join(u' '))));
    }

    void prefilterAgreesWithEveryRuleOnEveryLine_data()
    {
        QTest::addColumn<QString>("log");
        for (const QString& path : { test::unseenCorpusPath(), test::publicCorpusPath() }) {
            const auto entries = loadFailureCorpus(path);
            QVERIFY(entries.ok());
            for (const auto& e : *entries)
                QTest::newRow(qPrintable(e.id)) << e.log;
        }
        // Literals split by colour codes, other letter cases, the Unicode letters PCRE2 folds to k and s,
        // a line longer than the part that is matched, invalid UTF-8 turned into U+FFFD.
        QTest::newRow("ansi-inside-literal") << QStringLiteral("RuntimeError: CUDA error: an illeg\x1b[1;31mal memory "
                                                               "access was encoun\x1b[0mtered");
        QTest::newRow("upper-case") << QStringLiteral(
            "TORCH.OUTOFMEMORYERROR: CUDA OUT OF MEMORY. TRIED TO ALLOCATE 2 GIB");
        QTest::newRow("kelvin-and-long-s")
            << QStringLiteral("Segmentation fault\nterminate called after throwing\n"
                              "\u017Fegmentation fault (core dumped)\nKILLED\n\u212Allled");
        QTest::newRow("long-line") << (QString(3000, u'x') + QStringLiteral(" CUDA out of memory"));
        QTest::newRow("unfinished-escape") << QStringLiteral("\x1b[12an illegal memory access was encountered\x1b[");
    }
    void prefilterAgreesWithEveryRuleOnEveryLine()
    {
        QFETCH(QString, log);
        compareWithUnfiltered(log);
    }

    // The prefilter may skip a line only when no rule can match it, so every rule must have literals the
    // scan can look for; a rule without any would be tried on every line (correct, but not a prefilter).
    void everyRuleHasRequiredLiterals()
    {
        for (const auto* table : { &diagnosisRules(), &informativeLineRules() }) {
            for (const auto& r : *table) {
                const auto l = requiredLiterals(r.pattern);
                QVERIFY2(l && !l->isEmpty(), r.pattern);
                for (const auto& s : *l)
                    QVERIFY2(!s.isEmpty(), r.pattern);
            }
        }
        QCOMPARE(requiredLiterals("(foo|bar)?baz"),
            (std::optional<QList<QByteArray>>(
                QList<QByteArray> { QByteArray("barbaz"), QByteArray("baz"), QByteArray("foobaz") })));
        QCOMPARE(requiredLiterals(R"(\w+Error: \d+)"),
            (std::optional<QList<QByteArray>>(QList<QByteArray> { QByteArray("error: ") })));
        QVERIFY(!requiredLiterals(R"(\d+|foo)").has_value());
        QVERIFY(!requiredLiterals("(foo)*").has_value());
        // A back-reference matches a group's text: it ends a literal and claims nothing of its own.
        QCOMPARE(requiredLiterals(R"(arch (\d+)\. built for: \1\b)"),
            (std::optional<QList<QByteArray>>(QList<QByteArray> { QByteArray(". built for: ") })));
    }

    void unknownShowsInformativeLines()
    {
        const QString log = QStringLiteral("step 1\nTraceback (most recent call last):\n  File \"x.py\", line 3\n"
                                           "KeyError: 'weight'\nerror: run failed");
        const Diagnosis d = diagnose(log);
        QCOMPARE(d.cls, FailureClass::Unknown);
        QCOMPARE(d.evidence.size(), 3);
        QCOMPARE(d.evidence[0].line, 2);
        QCOMPARE(d.evidence[1].line, 4);
        QCOMPARE(d.evidence[2].line, 5);
        verifyEvidence(log, d);
        QVERIFY(diagnose(u"all good\nstep 2").evidence.isEmpty());
    }

    // A second, independent failure with a definite sign is named; a wrapper of the cause is not a second
    // failure but the line the cause was reported through.
    void secondFailure()
    {
        const Diagnosis d = diagnose(u"Runtime error during autotuning:\nCUDA out of memory. Tried to allocate 1 GiB");
        QCOMPARE(d.cls, FailureClass::DeviceOom);
        QVERIFY(!d.secondary.has_value());
        QVERIFY(d.wrapper.has_value());
        QCOMPARE(d.wrapper->line.line, 1);
        const Diagnosis two = diagnose(u"RuntimeError: CUDA error: an illegal memory access was encountered\n"
                                       u"[rank1]:[E] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5)");
        QCOMPARE(two.cls, FailureClass::IllegalMemoryAccess);
        QCOMPARE(two.secondary, std::optional<FailureClass>(FailureClass::TimeoutHang));
        QCOMPARE(two.toJson().value(u"second_class").toString(), QStringLiteral("timeout_hang"));
        QVERIFY(!diagnose(u"CUDA out of memory\nAborted (core dumped)").secondary.has_value());
    }

    void rulesAreValid()
    {
        QSet<FailureClass> covered;
        for (const auto& r : diagnosisRules()) {
            const QRegularExpression re(QString::fromUtf8(r.pattern));
            QVERIFY2(
                re.isValid(), qPrintable(QStringLiteral("%1: %2").arg(QString::fromUtf8(r.pattern), re.errorString())));
            QVERIFY(r.weight >= 1 && r.weight <= 100);
            QVERIFY(r.cls != FailureClass::Unknown);
            QVERIFY(qstrlen(r.source) > 0);
            covered.insert(r.cls);
        }
        QCOMPARE(covered.size(), failureClassesByPrecedence().size() - 1);
    }

    void classNames()
    {
        QCOMPARE(failureClassesByPrecedence().size(), 13);
        QCOMPARE(failureClassesByPrecedence().first(), FailureClass::DriverRuntimeMismatch);
        QCOMPARE(failureClassesByPrecedence().last(), FailureClass::Unknown);
        for (const auto c : failureClassesByPrecedence()) {
            QCOMPARE(failureClassFromName(failureClassName(c)), std::optional<FailureClass>(c));
            QVERIFY(failureFindingId(c).startsWith(QStringLiteral("runtime.")));
        }
        QCOMPARE(failureFindingId(FailureClass::DeviceOom), QStringLiteral("runtime.device_oom"));
        QVERIFY(!failureClassFromName(u"oom").has_value());
    }

    // The decisions documented in docs/diagnosis.md, "Precedence".
    void precedence_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<FailureClass>("expected");
        QTest::newRow("no-driver-is-insufficient-driver")
            << QStringLiteral("runner: cudaSetDevice(0): CUDA driver version is insufficient for CUDA runtime version")
            << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("no-device-100") << QStringLiteral(
            "cudaGetDeviceCount returned 100\n-> no CUDA-capable device is detected")
                                       << FailureClass::NoDevice;
        QTest::newRow("error-35-code") << QStringLiteral("CUDA error 35 at runner.cu:20")
                                       << FailureClass::DriverRuntimeMismatch;
        // Signs read by what they are, whatever the name: a missing shared object of any name, a version
        // statement, a pytest assertion on any closeness predicate.
        QTest::newRow("missing-jit-module") << QStringLiteral(
            "OSError: /opt/kern/_jit_module.so: cannot open shared object file: No such file or directory")
                                            << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("version-statement")
            << QStringLiteral("RuntimeError: triton is version 3.1.0, but torch 2.6 needs a newer one")
            << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("requires-version")
            << QStringLiteral("ImportError: kernels requires version >= 0.4.1 of tilelang")
            << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("assert-closeness-helper")
            << QStringLiteral(">       assert my_is_close(y, ref, rtol=1e-3)\nE       assert False")
            << FailureClass::NumericalMismatch;
        QTest::newRow("tf-xla-op-without-kernel") << QStringLiteral(
            "InvalidArgumentError: Detected unsupported operations when trying to compile graph g on XLA_TPU_JIT: Foo")
                                                  << FailureClass::UnsupportedOnTarget;
        QTest::newRow("grpc-deadline-in-words")
            << QStringLiteral("RuntimeError: Deadline exceeded: Failed to connect to the coordination service")
            << FailureClass::TimeoutHang;
        QTest::newRow("cudnn-no-usable-algorithm")
            << QStringLiteral("E0101 conv_layer.cpp:12] cuDNN could not find a usable algorithm for the convolution")
            << FailureClass::AutotuneFailure;
        QTest::newRow("mlir-verifier-is-no-numerical-mismatch") << QStringLiteral(
            "jaxlib.mlir._mlir_libs.MLIRError: Verification failed:\n"
            "error: loc(\"k\"): 'arith.addf' op failed to verify that all operands have the same type")
                                                                << FailureClass::CompileError;
        QTest::newRow("numba-typing-error") << QStringLiteral(
            "numba.core.errors.TypingError: Failed in nopython mode pipeline (step: nopython frontend)")
                                            << FailureClass::CompileError;
        // Soft-wrapped by a terminal's width: the sign is read across the break, never across a frame.
        QTest::newRow("soft-wrapped-version-check") << QStringLiteral(
            "RuntimeError: triton is version 3.1.0 and this version of torch\n    requires a newer one.")
                                                    << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("soft-wrapped-launch-failure")
            << QStringLiteral("RuntimeError: CUDA error: too many resources\n  requested for launch")
            << FailureClass::LaunchConfig;
        QTest::newRow("cuda-oom-during-autotuning") << QStringLiteral(
            "Runtime error during autotuning:\nCUDA out of memory. Tried to allocate 1.00 GiB.\nIgnoring this choice.")
                                                    << FailureClass::DeviceOom;
        QTest::newRow("triton-smem-out-of-resource")
            << QStringLiteral("triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 131072, "
                              "Hardware limit: 101376. Reducing block sizes or `num_stages` may help.")
            << FailureClass::AutotuneFailure;
        QTest::newRow("triton-threads-out-of-resource") << QStringLiteral(
            "triton.runtime.errors.OutOfResources: out of resource: threads, Required: 2048, Hardware limit: 1024.")
                                                        << FailureClass::LaunchConfig;
        QTest::newRow("xla-smem-resource-exhausted") << QStringLiteral(
            "XlaRuntimeError: RESOURCE_EXHAUSTED: Shared memory size limit exceeded: requested 262144, available: "
            "232448") << FailureClass::DeviceOom;
        QTest::newRow("cuda-smem-above-limit")
            << QStringLiteral("runner: dynamic shared memory of 200000 bytes exceeds the device limit of 232448")
            << FailureClass::LaunchConfig;
        QTest::newRow("ptxas-too-much-shared") << QStringLiteral(
            "ptxas error   : Entry function 'k' uses too much shared data (0x20000 bytes, 0xc000 max)")
                                               << FailureClass::CompileError;
        QTest::newRow("compile-error-naming-shape")
            << QStringLiteral("kernel.cu(12): error: class \"Tensor\" has no member \"shape\"\n"
                              "1 error detected in the compilation of \"kernel.cu\".")
            << FailureClass::CompileError;
        QTest::newRow("jit-failure-from-shape-mismatch")
            << QStringLiteral("triton.compiler.errors.CompilationError: at 3:10:\nValueError('Cannot broadcast, the "
                              "expanded size of the tensor (64) must match the existing size (32)')\n"
                              "ValueError: operands could not be broadcast together with shapes (64,) (32,)")
            << FailureClass::ShapeDtypeMismatch;
        QTest::newRow("nvcc-unknown-arch-is-toolkit-mismatch") << QStringLiteral(
            "nvcc fatal   : Unsupported gpu architecture 'compute_100'\nmake: *** [Makefile:3: all] Error 1")
                                                               << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("fault-then-nccl-timeout")
            << QStringLiteral("[rank1]: CUDA error: an illegal memory access was encountered\n[rank0]: Watchdog caught "
                              "collective operation timeout: WorkNCCL(SeqNum=3, OpType=ALLREDUCE)")
            << FailureClass::IllegalMemoryAccess;
        QTest::newRow("oom-then-abort") << QStringLiteral(
            "terminate called after throwing an instance of 'c10::OutOfMemoryError'\n  what():  CUDA out "
            "of memory. Tried to allocate 2.00 MiB\nAborted (core dumped)")
                                        << FailureClass::DeviceOom;
        QTest::newRow("assert-in-mismatch-report")
            << QStringLiteral("AssertionError: Tensor-likes are not close!\nMismatched elements: 3 / 10 (30.0%)")
            << FailureClass::NumericalMismatch;
        QTest::newRow("assert-close-dtype-attribute") << QStringLiteral(
            "AssertionError: The values for attribute 'dtype' do not match: torch.float32 != torch.float16.")
                                                      << FailureClass::ShapeDtypeMismatch;
        QTest::newRow("crlf-and-colour") << QStringLiteral(
            "\x1b[31mRuntimeError: CUDA error: misaligned address\x1b[0m\r\nbye\r\n")
                                         << FailureClass::IllegalMemoryAccess;
        QTest::newRow("cpu-warning-then-shape-error")
            << QStringLiteral("WARNING:absl:No GPU/TPU found, falling back to CPU.\n"
                              "TypeError: mul got incompatible shapes for broadcasting: (3,), (4,).")
            << FailureClass::ShapeDtypeMismatch;
        QTest::newRow("torch-warning-then-mismatch")
            << QStringLiteral("UserWarning: CUDA initialization: Found no NVIDIA driver on your system.\n"
                              "E   AssertionError: Tensor-likes are not close!\nE   Mismatched elements: 2 / 8 (25.0%)")
            << FailureClass::NumericalMismatch;
        QTest::newRow("only-a-warning") << QStringLiteral(
            "WARNING:absl:No GPU/TPU found, falling back to CPU.\nTraceback (most recent call last):")
                                        << FailureClass::NoDevice;
        QTest::newRow("nothing-known") << QStringLiteral("Traceback (most recent call last):\nKeyError: 'x'")
                                       << FailureClass::Unknown;
        // A target without the feature is not a compile error of the code, and not a toolkit mismatch.
        QTest::newRow("pallas-primitive-without-tpu-lowering")
            << QStringLiteral("NotImplementedError: Unimplemented primitive in Pallas TPU lowering: sort.")
            << FailureClass::UnsupportedOnTarget;
        QTest::newRow("fp8-inside-jit-compile-error") << QStringLiteral(
            "triton.compiler.errors.CompilationError: at 1:0:\nValueError(\"type fp8e4nv not supported in this "
            "architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')\")")
                                                      << FailureClass::UnsupportedOnTarget;
        QTest::newRow("ptxas-instruction-needs-newer-sm") << QStringLiteral(
            "ptxas /tmp/k.ptx, line 9; error   : Instruction 'wgmma.fence' not supported on .target 'sm_80'")
                                                          << FailureClass::UnsupportedOnTarget;
        QTest::newRow("nvcc-unknown-arch-stays-toolkit")
            << QStringLiteral("nvcc fatal   : Unsupported gpu architecture 'compute_120'")
            << FailureClass::DriverRuntimeMismatch;
        // An INFO line reports what a library probed; it does not decide against a real sign.
        QTest::newRow("info-probe-is-not-the-failure")
            << QStringLiteral("I0808 20:59:00.964296 1 xla_bridge.py:328] No GPU devices found\n"
                              "TypeError: add got incompatible shapes for broadcasting: (3,), (4,).")
            << FailureClass::ShapeDtypeMismatch;
        // The host's OOM killer is not device memory.
        QTest::newRow("host-oom-killer") << QStringLiteral("[3017506.7] Out of memory: Kill process 25635 (python)")
                                         << FailureClass::Crash;
        QTest::newRow("empty") << QString() << FailureClass::Unknown;
        // A module missing where the stack imports it is the stack's installation; where the program imports it, no
        // class.
        QTest::newRow("program-imports-a-missing-module")
            << QStringLiteral("Traceback (most recent call last):\n  File \"/work/cand.py\", line 3, in <module>\n    "
                              "import fancy_kernels\nModuleNotFoundError: No module named 'fancy_kernels'")
            << FailureClass::Unknown;
        // Printed results decide only in a log that reports no failure at all.
        QTest::newRow("printed-results-only")
            << QStringLiteral("ours:\ntensor([1.0000, 2.0000, 0.0000])\nreference:\ntensor([1.0000, 2.0000, 3.0000])")
            << FailureClass::NumericalMismatch;
        QTest::newRow("printed-results-then-an-exception")
            << QStringLiteral("tensor([1.0000, 2.0000])\nRuntimeError: the frobnicator refused")
            << FailureClass::Unknown;
        QTest::newRow("printed-results-beside-a-cause")
            << QStringLiteral("array([1., 2.])\nRuntimeError: CUDA error: out of memory") << FailureClass::DeviceOom;
        QTest::newRow("no-printed-result") << QStringLiteral("tensor shapes: 4x4\ndone") << FailureClass::Unknown;
        // Markdown in a pasted line does not hide its message.
        QTest::newRow("markdown-bold") << QStringLiteral(
            "Check failed: error == cudaSuccess (38 vs. 0)  no **CUDA-capable "
            "device is detected**") << FailureClass::NoDevice;
        QTest::newRow("markdown-code-span")
            << QStringLiteral("I got `invalid configuration argument` from the launch") << FailureClass::LaunchConfig;
        QTest::newRow("glibc-assert-keeps-its-backtick")
            << QStringLiteral("verify_out: main.cpp:41: int verify_out(float*): Assertion `diff < 1e-3' failed.")
            << FailureClass::NumericalMismatch;
        // JAX's GPU plugin that did not start: an installation problem, unless the message names another cause.
        QTest::newRow("jax-backend-init")
            << QStringLiteral("WARNING:jax._src.xla_bridge:CUDA backend failed to initialize: Unable to load CUDA.")
            << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("jax-backend-init-no-device")
            << QStringLiteral("CUDA backend failed to initialize: INTERNAL: no supported devices found for platform "
                              "CUDA: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected")
            << FailureClass::NoDevice;
        QTest::newRow("triton-gpu-too-old")
            << QStringLiteral("RuntimeError: Found Quadro P4000 which is too old to be supported by the triton GPU "
                              "compiler, which is used as the backend. Triton only supports devices of CUDA Capability "
                              ">= 7.0, but your device is of CUDA capability 6.1")
            << FailureClass::UnsupportedOnTarget;
    }
    // The rules' decisions; what the wording model adds where they find nothing is tst_wordingmodel's.
    void precedence() { checkRow(true); }

    void context_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<int>("signal");
        QTest::addColumn<bool>("timedOut");
        QTest::addColumn<FailureClass>("expected");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("segv-signal") << QString() << -999 << 11 << false << FailureClass::Crash
                                     << QStringLiteral("SIGSEGV");
        QTest::newRow("shell-139") << QStringLiteral("step 1\n") << 139 << 0 << false << FailureClass::Crash
                                   << QStringLiteral("SIGSEGV");
        QTest::newRow("python-minus-6") << QString() << -6 << 0 << false << FailureClass::Crash
                                        << QStringLiteral("SIGABRT");
        QTest::newRow("timed-out") << QStringLiteral("trial 1 running") << -999 << 9 << true
                                   << FailureClass::TimeoutHang << QStringLiteral("wall-clock limit");
        QTest::newRow("fault-before-timeout")
            << QStringLiteral("CUDA error: an illegal memory access was encountered") << -999 << 9 << true
            << FailureClass::IllegalMemoryAccess << QStringLiteral("wall-clock limit");
        QTest::newRow("cause-beats-signal")
            << QStringLiteral("RuntimeError: CUDA error: device-side assert triggered") << -999 << 6 << false
            << FailureClass::IllegalMemoryAccess << QStringLiteral("SIGABRT");
        QTest::newRow("plain-exit-1") << QStringLiteral("something went wrong") << 1 << 0 << false
                                      << FailureClass::Unknown << QStringLiteral("status 1");
        // Printed results do not outweigh how the process ended.
        QTest::newRow("results-then-killed") << QStringLiteral("tensor([1., 2.])") << -999 << 0 << true
                                             << FailureClass::TimeoutHang << QStringLiteral("wall-clock limit");
        QTest::newRow("results-then-segv") << QStringLiteral("tensor([1., 2.])") << 139 << 0 << false
                                           << FailureClass::Crash << QStringLiteral("SIGSEGV");
        QTest::newRow("results-exit-3") << QStringLiteral("tensor([1., 2.])") << 3 << 0 << false
                                        << FailureClass::Unknown << QStringLiteral("status 3");
        QTest::newRow("results-exit-0") << QStringLiteral("gpu: tensor([0., 0.])\ncpu: tensor([1., 2.])") << 0 << 0
                                        << false << FailureClass::NumericalMismatch << QStringLiteral("prints results");
    }
    void context()
    {
        QFETCH(QString, log);
        QFETCH(int, exitCode);
        QFETCH(int, signal);
        QFETCH(bool, timedOut);
        QFETCH(FailureClass, expected);
        QFETCH(QString, mentions);
        FailureContext c;
        if (exitCode != -999)
            c.exitCode = exitCode;
        if (signal != 0)
            c.signal = signal;
        c.timedOut = timedOut;
        const Diagnosis d = diagnose(log, c);
        QCOMPARE(d.className(), failureClassName(expected));
        QVERIFY2(d.explanation.contains(mentions), qPrintable(d.explanation));
        verifyEvidence(log, d);
    }

    void jsonAndFinding()
    {
        const QString log
            = QStringLiteral("step\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2 GiB\n");
        const Diagnosis d = diagnose(log);
        const QJsonObject o = d.toJson();
        QCOMPARE(o.keys(),
            (QStringList { QStringLiteral("alternatives"), QStringLiteral("cause"), QStringLiteral("class"),
                QStringLiteral("confidence"), QStringLiteral("evidence_lines"), QStringLiteral("explanation"),
                QStringLiteral("finding"), QStringLiteral("sign"), QStringLiteral("title") }));
        QCOMPARE(o.value(u"sign").toObject().value(u"kind").toString(), QStringLiteral("cause"));
        QCOMPARE(o.value(u"cause").toObject().value(u"line").toInt(), 2);
        QVERIFY(o.value(u"confidence").toDouble() >= 0.9);
        QVERIFY(o.value(u"alternatives").toArray().isEmpty());
        QCOMPARE(o.value(u"class").toString(), QStringLiteral("device_oom"));
        QCOMPARE(o.value(u"finding").toString(), QStringLiteral("runtime.device_oom"));
        const QJsonArray lines = o.value(u"evidence_lines").toArray();
        QCOMPARE(lines.size(), 1);
        QCOMPARE(lines[0].toObject().value(u"line").toInt(), 2);
        QVERIFY(lines[0].toObject().value(u"text").toString().startsWith(QStringLiteral("torch.OutOfMemoryError")));

        const Finding f = d.toFinding();
        QCOMPARE(f.id, QStringLiteral("runtime.device_oom"));
        QCOMPARE(f.severity, Severity::Error);
        QCOMPARE(f.evidence.value(u"log_lines").toArray().size(), 1);
        QCOMPARE(f.evidence.value(u"confidence").toDouble(), d.confidence);
        QCOMPARE(f.evidence.value(u"cause").toObject().value(u"line").toInt(), 2);
        QCOMPARE(diagnose(u"nothing").toFinding().severity, Severity::Warning);
    }

    void evidenceIsCapped()
    {
        QString log;
        for (int i = 0; i < 50; ++i)
            log += QStringLiteral("RuntimeError: CUDA error: an illegal memory access was encountered\n");
        const Diagnosis d = diagnose(log);
        QCOMPARE(d.evidence.size(), maxEvidenceLines);
        QCOMPARE(d.evidence.first().line, 1);
    }

    void longLinesAreShortened()
    {
        const QString log = QStringLiteral("CUDA error: out of memory ") + QString(5000, u'x');
        const Diagnosis d = diagnose(log);
        QCOMPARE(d.cls, FailureClass::DeviceOom);
        QCOMPARE(d.evidence.size(), 1);
        QVERIFY(d.evidence.first().text.size() <= 401);
        verifyEvidence(log, d);
    }

    // A long log is read whole (the prefilter keeps it linear): the error near the end is found at its true
    // line number and a sign in the middle is seen too.
    void longLogIsReadWhole()
    {
        QStringList lines;
        for (int i = 0; i < 40000; ++i)
            lines.append(QStringLiteral("step %1 loss 0.25").arg(i));
        lines[10000] = QStringLiteral("Segmentation fault (core dumped)");
        lines[39990] = QStringLiteral("RuntimeError: CUDA error: invalid configuration argument");
        const QString log = lines.join(u'\n');
        const Diagnosis d = diagnose(log);
        QCOMPARE(d.cls, FailureClass::LaunchConfig);
        QCOMPARE(d.evidence.size(), 1);
        QCOMPARE(d.evidence.first().line, 39991);
        QCOMPARE(d.alternatives.size(), 1);
        QCOMPARE(d.alternatives.first().cls, FailureClass::Crash);
        QCOMPARE(d.alternatives.first().kind, QStringLiteral("hint"));
    }
};

QTEST_GUILESS_MAIN(TestDiagnose)
#include "tst_diagnose.moc"
