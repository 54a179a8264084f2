// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The run results pane's diagnosis card for a failed implementation: how sure the diagnosis is (in the bands
// measured on unseen logs) and the runners-up, and an explanation that quotes code as written, offscreen.
#include "core/diagnose/diagnosis.h"
#include "core/run/runengine.h"
#include "ui/run/runresultspane.h"
#include "uitest.h"

#include <QLabel>

using namespace kwb;
using namespace kwb::ui;

namespace {
RunResult failedWith(const Diagnosis& diagnosis)
{
    RunResult result;
    result.task.id = QStringLiteral("t");
    ImplRun run;
    run.id = QStringLiteral("cand");
    run.role = ImplRole::Candidate;
    run.status = ImplStatus::Failed;
    run.error = QStringLiteral("the runner failed");
    run.diagnosis = diagnosis;
    result.impls << run;
    return result;
}

RunResult failedWith(const QString& log, const FailureContext& context = {})
{
    return failedWith(diagnose(log, context));
}

QLabel* certaintyOf(const RunResultsPane& pane)
{
    return pane.findChild<QLabel*>(QStringLiteral("diagnosisCertainty"));
}
} // namespace

class TestRunResultsPane : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void certaintyAndRunnersUp()
    {
        RunResultsPane pane;
        pane.showResult(failedWith(QStringLiteral(
            "cand.cu(11): error: a value of type \"const float *\" cannot be used to initialize an entity of type "
            "\"const float4 *\"\n1 error detected in the compilation of \"glue.cu\".")));
        QLabel* sure = certaintyOf(pane);
        QVERIFY(sure);
        QVERIFY2(sure->text().contains(QStringLiteral("high")), qPrintable(sure->text()));
        QVERIFY(sure->toolTip().contains(QStringLiteral("95 %")));
        // The explanation quotes the compiler's line as written: no "&quot;" on the screen.
        bool quoted = false;
        for (const QLabel* l : pane.findChildren<QLabel*>()) {
            QVERIFY2(!l->text().contains(QStringLiteral("&amp;quot;")), qPrintable(l->text()));
            if (l->textFormat() == Qt::PlainText && l->text().contains(QStringLiteral("\"const float *\"")))
                quoted = true;
        }
        QVERIFY(quoted);
    }

    void lowConfidenceSaysSo()
    {
        RunResultsPane pane;
        // A weak hint only (a bare AssertionError).
        pane.showResult(failedWith(QStringLiteral("AssertionError")));
        QLabel* sure = certaintyOf(pane);
        QVERIFY(sure);
        QVERIFY2(sure->text().contains(QStringLiteral("low: check the evidence lines")), qPrintable(sure->text()));
    }

    // A class the wording model read, where no rule decided, says so: it is a lead, not a rule's decision.
    void wordingSaysNoRuleDecided()
    {
        Diagnosis d;
        d.cls = FailureClass::UnsupportedOnTarget;
        d.scoreKind = QStringLiteral("wording");
        d.confidence = 0.45;
        d.title = failureTitle(d.cls);
        d.explanation = QStringLiteral("No rule names a failure in this log.");
        d.evidence = { { 1, QStringLiteral("NotImplementedError: Unsupported tpu_version=4") } };
        RunResultsPane pane;
        pane.showResult(failedWith(d));
        QLabel* sure = certaintyOf(pane);
        QVERIFY(sure);
        QVERIFY2(sure->text().contains(QStringLiteral("no rule decided")), qPrintable(sure->text()));
    }

    void unknownSaysNoKnownCause()
    {
        RunResultsPane pane;
        pane.showResult(failedWith(QStringLiteral("step 3"), FailureContext { 1, std::nullopt, false }));
        QLabel* sure = certaintyOf(pane);
        QVERIFY(sure);
        QVERIFY2(sure->text().contains(QStringLiteral("no known cause")), qPrintable(sure->text()));
    }
};

KWB_UI_TEST_MAIN(TestRunResultsPane)
#include "tst_runresultspane.moc"
