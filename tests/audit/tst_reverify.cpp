// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Re-verification of compile, bench and check claims: fixture reports whose claims are true and doctored ones
// whose claims are false, compared directly (deterministic) and re-run for real on bundled tasks.
#include "core/audit/reverify.h"
#include "core/audit/reverifyclaims.h"
#include "core/cli/cli.h"
#include "core/compile/compiler.h"
#include "tests/helpers/testpaths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;
using CS = ClaimCheck::Status;

namespace {
const QString kDir = KWB_FIXTURES_DIR + QStringLiteral("/reverify/");

QJsonObject doc(const QString& name)
{
    const Result<ReportDoc> d = loadReportDoc(kDir + name);
    if (!d)
        qFatal("%s", qPrintable(d.error().oneLine()));
    return QJsonDocument::fromJson(d->bytes).object();
}

ReportDoc report(const QString& name)
{
    const Result<ReportDoc> d = loadReportDoc(kDir + name);
    if (!d)
        qFatal("%s", qPrintable(d.error().oneLine()));
    return *d;
}

// The first fixture review of `task`, attaching exactly `reports`.
Review reviewAttaching(const QString& task, const QList<ReportDoc>& reports)
{
    const Result<QList<Review>> r
        = loadReviewFile((KWB_FIXTURES_DIR + QStringLiteral("/reviews/")) + task + QStringLiteral(".reviews.jsonl"));
    if (!r)
        qFatal("%s", qPrintable(r.error().oneLine()));
    Review review = r->first();
    review.reports.clear();
    for (const ReportDoc& d : reports)
        review.reports.append({ d.digest, d.action, QDateTime::currentDateTimeUtc() });
    return review;
}

// claim → status name, for QCOMPARE-friendly failure messages.
QMap<QString, QString> statuses(const QList<ClaimCheck>& claims)
{
    QMap<QString, QString> out;
    for (const ClaimCheck& c : claims)
        out.insert(c.claim, claimStatusName(c.status));
    return out;
}

QStringList differing(const QList<ClaimCheck>& claims)
{
    QStringList out;
    for (const ClaimCheck& c : claims) {
        if (c.status == CS::Differs)
            out << c.claim;
    }
    return out;
}

const ClaimCheck* find(const QList<ClaimCheck>& claims, const QString& claim)
{
    for (const ClaimCheck& c : claims) {
        if (c.claim == claim)
            return &c;
    }
    return nullptr;
}

void skipWithoutSandbox(const QList<ClaimCheck>& claims)
{
    for (const ClaimCheck& c : claims) {
        if (c.status == CS::CannotReverify && c.note.contains(QStringLiteral("could not")))
            QSKIP(qPrintable(QStringLiteral("the re-run cannot start here: ") + c.note));
    }
}
} // namespace

class TestReverify : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void compileClaimsCompared()
    {
        const QJsonObject truth = doc(QStringLiteral("transpose-true.compile.json"));
        const QList<ClaimCheck> same = compareCompileClaims(truth, truth, QStringLiteral("compile"));
        QVERIFY(same.size() >= 8);
        QVERIFY2(differing(same).isEmpty(), qPrintable(differing(same).join(u'|')));
        const QList<ClaimCheck> doctored
            = compareCompileClaims(doc(QStringLiteral("transpose-false.compile.json")), truth, QStringLiteral("c"));
        QCOMPARE(differing(doctored),
            (QStringList { QStringLiteral("reference: compile result"),
                QStringLiteral("reference: errors and warnings"),
                QStringLiteral("smem-tile: kernel transpose sm_90 registers"),
                QStringLiteral("smem-tile: kernel transpose sm_90 spill_stores") }));
        const ClaimCheck* regs = find(doctored, QStringLiteral("smem-tile: kernel transpose sm_90 registers"));
        QCOMPARE(regs->claimed, QStringLiteral("24"));
        QCOMPARE(regs->now, QStringLiteral("32"));
        QCOMPARE(find(doctored, QStringLiteral("reference: errors and warnings"))->claimed,
            QStringLiteral("error reference.cpp:7"));
        // A compiler missing here: cannot be re-verified, and says so.
        QJsonObject missing = truth;
        QJsonArray impls = missing.value(QStringLiteral("implementations")).toArray();
        QJsonObject cand = impls.at(1).toObject();
        cand.insert(QStringLiteral("tool_missing"), true);
        impls.replace(1, cand);
        missing.insert(QStringLiteral("implementations"), impls);
        const QList<ClaimCheck> none = compareCompileClaims(truth, missing, QStringLiteral("c"));
        QCOMPARE(statuses(none).value(QStringLiteral("smem-tile: compile result")), QStringLiteral("cannot-reverify"));
        QVERIFY(
            find(none, QStringLiteral("smem-tile: compile result"))->note.contains(QStringLiteral("not installed")));
    }

    // Two real benches of the same seed on a loaded machine: medians and speedups move, but within the noise
    // band the bench reports. Doctored claims (a 40x speedup, a 100x faster median) do not.
    void benchClaimsCompared()
    {
        const QJsonObject claimed = doc(QStringLiteral("rmsnorm-claimed.bench.json"));
        const QJsonObject rerun = doc(QStringLiteral("rmsnorm-rerun.bench.json"));
        const QList<ClaimCheck> honest = compareBenchClaims(claimed, rerun, QStringLiteral("bench"));
        QCOMPARE(honest.size(), 3 * 4 + 1); // per case: 2 medians, speedup, verdict; plus error findings
        QVERIFY2(differing(honest).isEmpty(), qPrintable(differing(honest).join(u'|')));
        // The tail verdict went AMBIGUOUS → FAST with overlapping CIs: within noise.
        QVERIFY(
            find(honest, QStringLiteral("case tail: unrolled verdict"))->note.contains(QStringLiteral("AMBIGUOUS")));
        const QList<ClaimCheck> doctored
            = compareBenchClaims(doc(QStringLiteral("rmsnorm-false.bench.json")), rerun, QStringLiteral("bench"));
        QCOMPARE(differing(doctored),
            (QStringList {
                QStringLiteral("case aligned: unrolled median"), QStringLiteral("case aligned: unrolled speedup") }));
        const ClaimCheck* s = find(doctored, QStringLiteral("case aligned: unrolled speedup"));
        QCOMPARE(s->claimed, QStringLiteral("40.000× [38.000, 42.000]"));
        QVERIFY(s->now.startsWith(QStringLiteral("2.106×")));
        // Another CPU model: timings are not evidence here.
        QJsonObject elsewhere = rerun;
        QJsonObject prov = elsewhere.value(QStringLiteral("provenance")).toObject();
        prov.insert(QStringLiteral("cpu"), QStringLiteral("Some Other CPU"));
        elsewhere.insert(QStringLiteral("provenance"), prov);
        for (const ClaimCheck& c : compareBenchClaims(claimed, elsewhere, QStringLiteral("bench"))) {
            if (c.claim.endsWith(QStringLiteral("median")) || c.claim.endsWith(QStringLiteral("speedup"))) {
                QCOMPARE(c.status, CS::CannotReverify);
                QVERIFY(c.note.contains(QStringLiteral("Some Other CPU")));
            }
        }
        // A cuda candidate on a machine without a GPU.
        if (!gpuPresent()) {
            QJsonObject cuda = claimed;
            QJsonArray impls = cuda.value(QStringLiteral("implementations")).toArray();
            QJsonObject u = impls.at(1).toObject();
            u.insert(QStringLiteral("backend"), QStringLiteral("cuda"));
            impls.replace(1, u);
            cuda.insert(QStringLiteral("implementations"), impls);
            // Kept in a variable: `find` points into the list, which must outlive the checks below.
            const QList<ClaimCheck> checks = compareBenchClaims(cuda, rerun, QStringLiteral("b"));
            const ClaimCheck* c = find(checks, QStringLiteral("case aligned: unrolled speedup"));
            QCOMPARE(c->status, CS::CannotReverify);
            QVERIFY(c->note.contains(QStringLiteral("needs a GPU")));
        }
    }

    void runClaimsCompared()
    {
        const QStringList now { QStringLiteral("correct.mismatch#case=tail") };
        QCOMPARE(differing(compareRunClaims(now, now, QStringLiteral("r"))), QStringList {});
        const QList<ClaimCheck> denied = compareRunClaims({}, now, QStringLiteral("r"));
        QCOMPARE(differing(denied), now);
        QCOMPARE(denied.first().claimed, QStringLiteral("not shown"));
        QCOMPARE(denied.first().now, QStringLiteral("shown"));
    }

    // Real re-compiles (g++, and nvcc where installed) of fixture compile reports.
    void recompileFixtureClaims()
    {
        const ReportDoc truth = report(QStringLiteral("transpose-true.compile.json"));
        const ReportDoc doctored = report(QStringLiteral("transpose-false.compile.json"));
        const QString task = KWB_TASKS_DIR + QStringLiteral("/transpose-f32-tail");
        const auto honest = reverifyReportClaims(
            reviewAttaching(QStringLiteral("transpose-f32-tail"), { truth }), { truth, doctored }, task);
        QVERIFY2(honest, qPrintable(honest ? QString() : honest.error().oneLine()));
        skipWithoutSandbox(*honest);
        QVERIFY2(differing(*honest).isEmpty(), qPrintable(differing(*honest).join(u'|')));
        const bool nvcc = !findNvcc().isEmpty();
        QCOMPARE(statuses(*honest).value(QStringLiteral("smem-tile: compile result")),
            nvcc ? QStringLiteral("confirmed") : QStringLiteral("cannot-reverify"));
        const auto lying = reverifyReportClaims(
            reviewAttaching(QStringLiteral("transpose-f32-tail"), { doctored }), { truth, doctored }, task);
        QVERIFY(lying);
        QVERIFY(differing(*lying).contains(QStringLiteral("reference: compile result")));
        if (nvcc)
            QVERIFY(differing(*lying).contains(QStringLiteral("smem-tile: kernel transpose sm_90 registers")));
        // Attached but not available here.
        const auto absent
            = reverifyReportClaims(reviewAttaching(QStringLiteral("transpose-f32-tail"), { truth }), {}, task);
        QVERIFY(absent);
        QCOMPARE(absent->size(), 1);
        QCOMPARE(absent->first().status, CS::CannotReverify);
    }

    // A real re-bench with the recorded seed and budget: the doctored 40x claim differs.
    void rebenchDoctoredClaim()
    {
        const ReportDoc doctored = report(QStringLiteral("rmsnorm-false.bench.json"));
        const auto r = reverifyReportClaims(reviewAttaching(QStringLiteral("rmsnorm-f32-unrolled"), { doctored }),
            { doctored }, KWB_TASKS_DIR + QStringLiteral("/rmsnorm-f32-unrolled"));
        QVERIFY(r);
        skipWithoutSandbox(*r);
        const ClaimCheck* s = find(*r, QStringLiteral("case aligned: unrolled speedup"));
        QVERIFY(s);
        if (s->status == CS::CannotReverify)
            QSKIP(qPrintable(s->note)); // another CPU model than the one that recorded the fixture
        QCOMPARE(s->status, CS::Differs);
        QVERIFY(s->note.contains(QStringLiteral("recorded input seed 5")));
        QCOMPARE(find(*r, QStringLiteral("case aligned: unrolled median"))->status, CS::Differs);
    }

    // A check report: its compile, run (seeded) and bench parts re-run. The doctored one hides the mismatches.
    void recheckReportClaims()
    {
        const ReportDoc truth = report(QStringLiteral("rmsnorm-true.check.json"));
        const ReportDoc doctored = report(QStringLiteral("rmsnorm-false.check.json"));
        const QString task = KWB_TASKS_DIR + QStringLiteral("/rmsnorm-f32-unrolled");
        const auto honest
            = reverifyReportClaims(reviewAttaching(QStringLiteral("rmsnorm-f32-unrolled"), { truth }), { truth }, task);
        QVERIFY(honest);
        skipWithoutSandbox(*honest);
        const QString tail = QStringLiteral("correct.mismatch#case=tail");
        QCOMPARE(statuses(*honest).value(tail), QStringLiteral("confirmed"));
        QCOMPARE(statuses(*honest).value(QStringLiteral("unrolled: compile result")), QStringLiteral("confirmed"));
        QVERIFY(find(*honest, tail)->note.contains(QStringLiteral("recorded seeds from 11")));
        QVERIFY(find(*honest, tail)->report.endsWith(QStringLiteral(" run")));
        QVERIFY(find(*honest, QStringLiteral("case tail: unrolled median")));
        const auto lying = reverifyReportClaims(
            reviewAttaching(QStringLiteral("rmsnorm-f32-unrolled"), { doctored }), { doctored }, task);
        QVERIFY(lying);
        QVERIFY2(differing(*lying).contains(tail), qPrintable(differing(*lying).join(u'|')));
        QCOMPARE(find(*lying, tail)->claimed, QStringLiteral("not shown"));
        QCOMPARE(find(*lying, tail)->now, QStringLiteral("shown"));
    }

    // `kwb audit reverify` prints every claim with its status and exits 1 when one differs.
    void cliReportsClaims()
    {
        const QTemporaryDir dir;
        const ReportDoc doctored = report(QStringLiteral("transpose-false.compile.json"));
        QJsonObject review = reviewToJson(reviewAttaching(QStringLiteral("transpose-f32-tail"), { doctored }));
        const QString reviewFile = dir.filePath(QStringLiteral("r.review.json"));
        QFile f(reviewFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(review).toJson());
        f.close();
        QString o;
        QString e;
        QTextStream os(&o);
        QTextStream es(&e);
        cli::Io io { os, es };
        const int rc = cli::run({ QStringLiteral("kwb"), QStringLiteral("audit"), QStringLiteral("reverify"),
                                    QStringLiteral("--task"), KWB_TASKS_DIR + QStringLiteral("/transpose-f32-tail"),
                                    QStringLiteral("--report"), kDir + QStringLiteral("transpose-false.compile.json"),
                                    QStringLiteral("--log"), dir.filePath(QStringLiteral("log.jsonl")), reviewFile },
            io);
        os.flush();
        es.flush();
        if (rc == 3)
            QSKIP(qPrintable(QStringLiteral("no sandbox here: ") + e));
        QVERIFY2(rc == 1, qPrintable(o + e));
        QVERIFY2(o.contains(QStringLiteral("differs: [compile sha256:")), qPrintable(o));
        QVERIFY2(o.contains(QStringLiteral("reference: compile result: claimed fails, here compiles")), qPrintable(o));
    }
};

QTEST_GUILESS_MAIN(TestReverify)
#include "tst_reverify.moc"
