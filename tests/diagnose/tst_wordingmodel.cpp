// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The wording model: its words, its file, taking logs out of it for evaluations, and when it may decide.
#include "core/diagnose/corpus.h"
#include "core/diagnose/wordingdecision.h"
#include "core/diagnose/wordingmodel.h"
#include "corpusrows.h"
#include "tests/helpers/testpaths.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace kwb;
using namespace Qt::StringLiterals;
using namespace kwb::detail;

namespace {
CorpusEntry entry(const QString& id, FailureClass c, const QString& log)
{
    CorpusEntry e;
    e.id = id;
    e.expected = c;
    e.log = log;
    return e;
}

// Two classes with words of their own, each word in at least two logs.
QList<CorpusEntry> smallCorpus()
{
    return {
        entry(u"o1"_s, FailureClass::DeviceOom, u"fatal: arena exhausted while staging weights"_s),
        entry(u"o2"_s, FailureClass::DeviceOom, u"arena exhausted, staging aborted"_s),
        entry(u"o3"_s, FailureClass::DeviceOom, u"staging buffer: arena exhausted"_s),
        entry(u"t1"_s, FailureClass::TimeoutHang, u"heartbeat lost; the collective stalled"_s),
        entry(u"t2"_s, FailureClass::TimeoutHang, u"collective stalled after heartbeat lost"_s),
        entry(u"u1"_s, FailureClass::Unknown, u"the notebook kernel restarted"_s),
        entry(u"u2"_s, FailureClass::Unknown, u"notebook kernel restarted twice"_s),
    };
}
} // namespace

class TestWordingModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void featuresAreWordsAndPairs()
    {
        const std::vector<QByteArray> f = wordingFeatures("CUDA out of memory. 12abc x9 ab\nNext");
        const std::vector<QByteArray> expected { "abc", "abc next", "cuda", "cuda out", "memory", "memory abc", "next",
            "out", "out memory" };
        // "of" and "ab" are too short, "x9" too (two bytes), "12abc" counts from its first letter; pairs join
        // neighbouring words across lines.
        QCOMPARE(f, expected);
        QVERIFY(wordingFeatures("").empty());
    }

    void readsOnlyTheLogsEnd()
    {
        QByteArray log = "earlyword ";
        log += QByteArray(wordingTailBytes, '.');
        log += "\nlateword";
        const std::vector<QByteArray> f = wordingFeatures(log);
        QCOMPARE(f, (std::vector<QByteArray> { "lateword" }));
        QCOMPARE(log.sliced(wordingTailStart(log)), QByteArray("lateword"));
    }

    void readsTheClassWhoseLogsItReadsLike()
    {
        const WordingModel m = WordingModel::train(smallCorpus());
        QCOMPARE(m.logCount(), 7);
        const auto v = m.read("worker 3: arena exhausted during staging");
        QVERIFY(v.has_value());
        QCOMPARE(v->cls, FailureClass::DeviceOom);
        QVERIFY(v->margin > 0);
        QVERIFY(v->words.contains("arena exhausted"));
        QVERIFY(!m.read("nothing it has counted").has_value());
    }

    void fileRoundTripsAndErrorsNameTheLine()
    {
        const WordingModel m = WordingModel::train(smallCorpus());
        const QByteArray text = m.serialise();
        const auto back = WordingModel::parse(text, u"m.tsv"_s);
        QVERIFY2(back.ok(), back.ok() ? "" : qPrintable(back.error().oneLine()));
        QCOMPARE(back->serialise(), text);

        QByteArray broken = text;
        broken.replace("word\tarena\t", "word\tarena\tx:");
        const auto bad = WordingModel::parse(broken, u"m.tsv"_s);
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().file, u"m.tsv"_s);
        QVERIFY(bad.error().line > 0);
        QVERIFY(text.split('\n').value(bad.error().line - 1).startsWith("word\tarena\t"));

        const auto truncated = WordingModel::parse(text.left(text.indexOf("class\t5")), u"m.tsv"_s);
        QVERIFY(!truncated.ok());
        QVERIFY(truncated.error().what.contains(u"incomplete"_s));

        // A class past the last one the workbench knows, or a negative count, is named by its line; nothing is read
        // past the class table.
        const qsizetype afterClasses = text.indexOf("\nlog\t") + 1;
        QByteArray extraClass = text;
        extraClass.insert(afterClasses, "class\t13\tnot_a_class\t4\n");
        const auto extra = WordingModel::parse(extraClass, u"m.tsv"_s);
        QVERIFY(!extra.ok());
        QVERIFY(extraClass.split('\n').value(extra.error().line - 1).startsWith("class\t13\t"));
        QByteArray negative = text;
        const qsizetype class0 = negative.indexOf("class\t0\t");
        const qsizetype class0End = negative.indexOf('\n', class0);
        negative.replace(class0, class0End - class0, "class\t0\tdriver_runtime_mismatch\t-3");
        const auto neg = WordingModel::parse(negative, u"m.tsv"_s);
        QVERIFY(!neg.ok());
        QVERIFY(negative.split('\n').value(neg.error().line - 1).startsWith("class\t0\t"));
    }

    // An evaluation takes the evaluated logs out of the counts, and only logs the model was counted from.
    void leavingOutTakesALogsOwnWordsOut()
    {
        QList<CorpusEntry> corpus = smallCorpus();
        corpus.append(entry(u"o4"_s, FailureClass::DeviceOom, u"zebra quokka"_s));
        corpus.append(entry(u"t3"_s, FailureClass::TimeoutHang, u"zebra quokka stalled"_s));
        WordingModel m = WordingModel::train(corpus);
        const QByteArray before = m.serialise();
        QVERIFY(m.read("zebra quokka").has_value());

        const QList<CorpusEntry> out { corpus[7] };
        QCOMPARE(m.leaveOut(out), 1);
        QCOMPARE(m.leaveOut(out), 0); // already out
        QCOMPARE(m.logCount(), 8);
        // What is left of "zebra" and "quokka" is one log's: the model no longer reads them.
        const auto v = m.read("zebra quokka");
        QVERIFY(!v.has_value());
        QCOMPARE(m.leaveOut({ entry(u"x"_s, FailureClass::DeviceOom, u"a log it never counted"_s) }), 0);
        QCOMPARE(m.leaveOut({ entry(u"x"_s, FailureClass::Crash, corpus[0].log) }), 0); // another label
        m.putBack(out);
        QCOMPARE(m.serialise(), before);
    }

    // The words decide only where the rules found nothing, and say so.
    void decidesOnlyWhenNoRuleDid()
    {
        const WordingModel m = WordingModel::train(smallCorpus());
        const QByteArray log = "step 41 done\nworker 3: arena exhausted during staging\nbye";
        Diagnosis unknown;
        const Diagnosis d = consultWording(unknown, log, &m);
        QCOMPARE(d.cls, FailureClass::DeviceOom);
        QCOMPARE(d.scoreKind, u"wording"_s);
        QCOMPARE(d.confidence, wordingConfidence);
        QVERIFY(d.confidence < 0.6);
        QVERIFY(d.cause.has_value());
        QCOMPARE(d.cause->line.line, 2);
        QCOMPARE(d.evidence.size(), 1);
        QVERIFY(d.explanation.contains(u"not a rule"_s));
        QVERIFY(d.explanation.contains(u"“arena exhausted”"_s) || d.explanation.contains(u"“arena”"_s));

        Diagnosis hint;
        hint.cls = FailureClass::Crash;
        hint.scoreKind = u"hint"_s;
        hint.cause = MarkedLine { { 3, u"bye"_s }, {} };
        QCOMPARE(consultWording(hint, log, &m).cls, FailureClass::Crash);
        Diagnosis outside;
        outside.outsideStack = u"network (HTTP)"_s;
        QCOMPARE(consultWording(outside, log, &m).cls, FailureClass::Unknown);
        QCOMPARE(consultWording(unknown, log, nullptr).cls, FailureClass::Unknown);
        // The model's own `unknown` leaves the rules' answer as it is.
        QCOMPARE(consultWording(unknown, "the notebook kernel restarted", &m).cls, FailureClass::Unknown);
    }

    // resources/diagnose/wording-model.tsv is what the corpora in the repository give (no hand edits, never stale), and
    // what the build compiled in.
    void installedModelIsWhatTheCorporaGive()
    {
        QList<CorpusEntry> all;
        const QDir fixtures(KWB_FIXTURES_DIR);
        const QStringList files = fixtures.entryList({ u"*.jsonl"_s }, QDir::Files, QDir::Name);
        QVERIFY(files.size() > 50);
        for (const QString& name : files) {
            auto entries = loadFailureCorpus(fixtures.filePath(name));
            QVERIFY2(entries.ok(), entries.ok() ? "" : qPrintable(entries.error().oneLine()));
            all.append(*entries);
        }
        const QByteArray trained = WordingModel::train(all).serialise();
        QFile f(KWB_SOURCE_DIR + u"/resources/diagnose/wording-model.tsv"_s);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        QVERIFY2(f.readAll() == trained,
            "the model file differs from what the corpora give: run kwb diagnose --train-wording-model "
            "resources/diagnose/wording-model.tsv tests/diagnose/fixtures/*.jsonl");
        // The build compiled in that file.
        QVERIFY2(WordingModel::installed() != nullptr, qPrintable(WordingModel::installedProblem()));
        QVERIFY(WordingModel::installed()->serialise() == trained);

        // It knows its logs again by their text, so an evaluation can take them out.
        WordingModel copy = *WordingModel::installed();
        QCOMPARE(copy.leaveOut({ all.front() }), 1);
    }
};

QTEST_GUILESS_MAIN(TestWordingModel)
#include "tst_wordingmodel.moc"
