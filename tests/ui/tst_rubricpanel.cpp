// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The rubric panel end to end, offscreen: score a bundled example with cited findings and lines, inline
// comments, submit; conflicts between two windows; a killed window's draft comes back; File ▸ Export.
#include "core/export/exporter.h"
#include "core/review/reviewstore.h"
#include "core/rubric/rubricloader.h"
#include "core/task/taskloader.h"
#include "rubrictestutil.h"
#include "tests/helpers/testpaths.h"
#include "ui/editor/codeeditor.h"
#include "ui/panes/sourceview.h"
#include "ui/rubric/criterionwidget.h"
#include "ui/rubric/exportdialog.h"
#include "ui/rubric/linecommentlist.h"
#include "ui/rubric/overallwidget.h"
#include "ui/rubric/reviewsession.h"
#include "ui/rubric/rubricpanel.h"
#include "ui/rubric/scalebar.h"
#include "uitest.h"

#include <QAction>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimeZone>
#include <QToolButton>

#include <csignal>

using namespace kwb;
using namespace kwb::ui;

namespace {
const QString kTask = QStringLiteral("vector-add-f32");

Finding mismatch()
{
    Finding f;
    f.id = QStringLiteral("correct.mismatch");
    f.severity = Severity::Error;
    f.message = QStringLiteral("3 of 1000 elements outside tolerance");
    f.caseName = QStringLiteral("tail");
    f.impl = QStringLiteral("candidate");
    return f;
}

RubricPanel* panelOf(MainWindow& w)
{
    return w.findChild<RubricPanel*>(QStringLiteral("rubricPanel"));
}

// Triggers the action named `name` of the Cite Selection menu the window just opened.
bool chooseFromCiteMenu(MainWindow& w, const char* name)
{
    for (QMenu* m : w.findChildren<QMenu*>(QStringLiteral("citeMenu"))) {
        for (QAction* a : m->actions()) {
            if (a->objectName() == QLatin1StringView(name)) {
                a->trigger();
                m->close();
                return true;
            }
        }
    }
    return false;
}
} // namespace

class TestRubricPanel : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    void useDatabase(const QString& name, const QString& reviewer)
    {
        qputenv("KWB_DB", m_dir.filePath(name).toUtf8());
        qputenv("KWB_REVIEWER", reviewer.toUtf8());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("KWB_RUBRICS_DIR", (KWB_SOURCE_DIR + QStringLiteral("/rubrics")).toLocal8Bit());
    }

    void scoreCiteSubmit()
    {
        useDatabase(QStringLiteral("end-to-end.sqlite"), QStringLiteral("alice"));
        MainWindow w(MainWindow::Options { false });
        w.resize(1600, 1000);
        w.show();
        QVERIFY(test::openExample(w, kTask));
        RubricPanel* panel = panelOf(w);
        QVERIFY(panel && panel->reviewSession()->hasReview());
        ReviewSession* review = panel->reviewSession();
        QCOMPARE(review->review().reviewer, QStringLiteral("alice"));
        const QList<const Criterion*> criteria = review->criteria();
        QVERIFY(criteria.size() >= 12);
        QVERIFY(!panel->submitButton()->isEnabled());

        // A run's correct.mismatch is suggested as evidence for NC4; accepting it cites it.
        w.session()->setActionFindings(QStringLiteral("run"), { mismatch() });
        qsizetype nc4 = -1;
        for (qsizetype i = 0; i < panel->suggestions().size(); ++i) {
            if (panel->suggestions()[i].criterion == QLatin1StringView("NC4"))
                nc4 = i;
        }
        QVERIFY(nc4 >= 0);
        const QString findingRef = panel->suggestions()[nc4].ref;
        QCOMPARE(findingRef, QStringLiteral("finding:correct.mismatch#case=tail&impl=candidate"));
        panel->acceptSuggestion(int(nc4));
        QVERIFY(review->review().scores.value(QStringLiteral("NC4")).evidence.contains(findingRef));
        CriterionWidget* nc4Widget = panel->criterionWidget(QStringLiteral("NC4"));
        QCOMPARE(nc4Widget->chips().size(), 1);
        for (const EvidenceSuggestion& s : panel->suggestions())
            QVERIFY(!(s.criterion == QLatin1StringView("NC4") && s.ref == findingRef));

        // Select lines 2–3 of the candidate ▸ Cite Selection ▸ CR2.
        CodeEditor* right = w.sourceView()->rightEditor();
        right->setFocus();
        right->setSelection(right->displayLine(2), 0, right->displayLine(4), 0);
        QCOMPARE(right->selectedSourceLines(), (std::pair<int, int>(2, 3)));
        w.actions().citeSelection->trigger();
        QVERIFY(chooseFromCiteMenu(w, "cite_CR2"));
        const QString linesRef = QStringLiteral("file:%1#L2-L3").arg(right->fileName());
        QVERIFY2(review->review().scores.value(QStringLiteral("CR2")).evidence.contains(linesRef),
            qPrintable(review->review().scores.value(QStringLiteral("CR2")).evidence.join(u' ')));

        // … and an inline comment on the same lines, marked in the editor and listed in the panel.
        w.actions().citeSelection->trigger();
        QVERIFY(chooseFromCiteMenu(w, "addLineComment"));
        QCOMPARE(review->review().comments.size(), 1);
        auto* text = panel->lineComments()->findChild<QLineEdit*>(QStringLiteral("commentText"));
        QVERIFY(text);
        QTest::keyClicks(text, QStringLiteral("No bounds check on the tail."));
        QCOMPARE(review->review().comments.first().text, QStringLiteral("No bounds check on the tail."));
        QCOMPARE(review->review().comments.first().startLine, 2);
        QCOMPARE(review->review().comments.first().endLine, 3);
        QTRY_VERIFY(right->markersAtLine(right->displayLine(2)) & (1u << CodeEditor::kCommentMarker));
        QVERIFY(!(right->markersAtLine(right->displayLine(5)) & (1u << CodeEditor::kCommentMarker)));

        // Clicking the lines chip shows those lines.
        right->setCursorPosition(0, 0);
        QToolButton* chip = panel->criterionWidget(QStringLiteral("CR2"))->chips().value(0);
        QVERIFY(chip);
        chip->click();
        QCOMPARE(right->currentSourceLine(), 2);
        QCOMPARE(right->selectedSourceLines(), (std::pair<int, int>(2, 3)));

        // Score everything: NC4 low (with the comment it then needs), the rest 4; N/A where allowed for BF.
        for (const Criterion* c : criteria) {
            CriterionWidget* cw = panel->criterionWidget(c->id);
            QVERIFY2(cw, qPrintable(c->id));
            if (c->id == QLatin1StringView("NC4")) {
                cw->scale()->button(2)->click();
                QVERIFY(cw->findChild<QLabel*>(QStringLiteral("commentHint"))->isVisibleTo(cw));
                QTest::keyClicks(cw->commentEdit(), QStringLiteral("Fails the tail case: 3 elements off."));
                QVERIFY(!cw->findChild<QLabel*>(QStringLiteral("commentHint"))->isVisibleTo(cw));
            } else {
                cw->scale()->button(4)->click();
            }
            QVERIFY(!cw->scale()->descriptionLabel()->text().isEmpty());
        }
        QCOMPARE(review->review().scores.value(QStringLiteral("NC4")).value, std::optional<int>(2));
        QVERIFY(!panel->submitButton()->isEnabled()); // no verdict, summary, confidence yet

        OverallWidget* overall = panel->overall();
        overall->findChild<QToolButton*>(QStringLiteral("verdict_major"))->click();
        QTest::keyClicks(overall->summaryEdit(), QStringLiteral("Correct except the tail; fix the bounds check."));
        overall->confidence()->button(4)->click();
        QVERIFY2(panel->submitButton()->isEnabled(),
            qPrintable(panel->findChild<QLabel*>(QStringLiteral("reviewChecks"))->text()));
        // NC4 = 5 while citing a mismatch contradicts the evidence: not submittable.
        nc4Widget->scale()->button(5)->click();
        QVERIFY(!panel->submitButton()->isEnabled());
        QVERIFY(!w.actions().submitReview->isEnabled());
        nc4Widget->scale()->button(2)->click();
        QVERIFY(panel->submitButton()->isEnabled());
        QVERIFY(w.actions().submitReview->isEnabled());
        QTest::mouseClick(panel->submitButton(), Qt::LeftButton);
        QVERIFY(!panel->submitButton()->isEnabled()); // nothing new to submit until the next edit

        ReviewStore store;
        QVERIFY(store.open(m_dir.filePath(QStringLiteral("end-to-end.sqlite"))).ok());
        const auto stored = store.reviews();
        QVERIFY(stored.ok());
        QCOMPARE(stored->size(), 1);
        const Review& r = stored->first().review;
        QCOMPARE(r.status, Review::Status::Submitted);
        QCOMPARE(r.taskId, kTask);
        QCOMPARE(r.verdict, QStringLiteral("major"));
        QCOMPARE(r.confidence, std::optional<int>(4));
        QVERIFY(r.scores.value(QStringLiteral("NC4")).evidence.contains(findingRef));
        QVERIFY(r.scores.value(QStringLiteral("CR2")).evidence.contains(linesRef));
        QCOMPARE(r.comments.size(), 1);
        QVERIFY(!store.loadDraft(kTask, QStringLiteral("alice"))->has_value()); // submitting removed the draft
        QCOMPARE(store.history(r)->size(), 1);
    }

    void autosaveWithinTwoSeconds()
    {
        useDatabase(QStringLiteral("autosave.sqlite"), QStringLiteral("carol"));
        MainWindow w(MainWindow::Options { false });
        QVERIFY(test::openExample(w, kTask));
        RubricPanel* panel = panelOf(w);
        QSignalSpy saved(panel->reviewSession(), &ReviewSession::draftSaved);
        panel->criterionWidget(QStringLiteral("TS1"))->scale()->button(5)->click();
        QVERIFY(panel->reviewSession()->hasUnsavedEdits());
        QVERIFY(saved.wait(2000));
        QVERIFY(!panel->reviewSession()->hasUnsavedEdits());
        ReviewStore store;
        QVERIFY(store.open(m_dir.filePath(QStringLiteral("autosave.sqlite"))).ok());
        const auto draft = store.loadDraft(kTask, QStringLiteral("carol"));
        QVERIFY(draft.ok() && draft->has_value());
        QCOMPARE((*draft)->scores.value(QStringLiteral("TS1")).value, std::optional<int>(5));
    }

    // A window killed with SIGKILL (no chance to save on exit) 2.5 s after its last edit loses nothing.
    void draftSurvivesKill()
    {
        const QString db = m_dir.filePath(QStringLiteral("kill.sqlite"));
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KWB_DB"), db);
        env.insert(QStringLiteral("KWB_REVIEWER"), QStringLiteral("bob"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child.start(::kwb::test::builtFile(QStringLiteral(KWB_RUBRIC_CHILD)), {});
        QVERIFY(child.waitForStarted(10000));
        QByteArray out;
        QElapsedTimer clock;
        clock.start();
        while (!out.contains("edited") && clock.elapsed() < 60000) {
            child.waitForReadyRead(1000);
            out += child.readAllStandardOutput();
            QVERIFY2(child.state() == QProcess::Running, out.constData());
        }
        QVERIFY(out.contains("edited"));
        QTest::qWait(2500);
        ::kill(pid_t(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished(10000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);

        useDatabase(QStringLiteral("kill.sqlite"), QStringLiteral("bob"));
        MainWindow w(MainWindow::Options { false });
        QVERIFY(test::openExample(w, kTask));
        ReviewSession* review = panelOf(w)->reviewSession();
        QVERIFY(review->restoredDraft());
        const Score nc1 = review->review().scores.value(QStringLiteral("NC1"));
        QCOMPARE(nc1.value, std::optional<int>(3));
        QCOMPARE(nc1.comment, QStringLiteral("typed before the kill"));
        QCOMPARE(review->review().summary, QStringLiteral("summary before the kill"));
        // … and the panel shows it.
        QCOMPARE(panelOf(w)->criterionWidget(QStringLiteral("NC1"))->scale()->value(), std::optional<int>(3));
        QCOMPARE(panelOf(w)->overall()->summaryEdit()->toPlainText(), QStringLiteral("summary before the kill"));
    }

    // Two windows on one draft: the second save notices the first instead of overwriting it.
    void conflictBetweenWindows()
    {
        const QString db = m_dir.filePath(QStringLiteral("conflict.sqlite"));
        const Result<LoadedTask> task = loadTask((KWB_TASKS_DIR + QStringLiteral("/")) + kTask);
        QVERIFY(task.ok());
        const Result<Rubric> rubric = findRubric(QStringLiteral("kernel-task-review"), 1);
        QVERIFY(rubric.ok());
        ReviewSession a, b;
        for (ReviewSession* s : { &a, &b }) {
            QVERIFY(s->openStore(db).ok());
            s->setReviewer(QStringLiteral("dave"));
            s->setRubric(*rubric);
            QVERIFY(s->openTask(&task->task).ok());
        }
        a.setSummary(QStringLiteral("from window A"));
        QVERIFY(a.saveNow().ok());
        QSignalSpy conflict(&b, &ReviewSession::conflictDetected);
        b.setSummary(QStringLiteral("from window B"));
        QVERIFY(!b.saveNow().ok());
        QCOMPARE(conflict.count(), 1);
        QVERIFY(b.inConflict());
        QVERIFY(b.resolveConflict(false).ok());
        QCOMPARE(b.review().summary, QStringLiteral("from window A"));
        b.setSummary(QStringLiteral("B after reading A"));
        QVERIFY(b.saveNow().ok());
        // Now A is the outdated one; it keeps its copy on purpose.
        a.setSummary(QStringLiteral("A insists"));
        QVERIFY(!a.saveNow().ok());
        QVERIFY(a.resolveConflict(true).ok());
        ReviewStore store;
        QVERIFY(store.open(db).ok());
        QCOMPARE(store.loadDraft(kTask, QStringLiteral("dave"))->value().summary, QStringLiteral("A insists"));
    }

    // A run report attached to the review can be cited from the Cite menu, and its findings count.
    void attachedReportIsCitable()
    {
        useDatabase(QStringLiteral("report.sqlite"), QStringLiteral("frank"));
        MainWindow w(MainWindow::Options { false });
        QVERIFY(test::openExample(w, kTask));
        RubricPanel* panel = panelOf(w);
        ReviewSession* review = panel->reviewSession();
        QFile f(KWB_SOURCE_DIR + QStringLiteral("/tests/review/fixtures/mismatch.report.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const Result<QString> digest = review->attachReport(f.readAll(), f.fileName());
        QVERIFY2(digest.ok(), qPrintable(digest ? QString() : digest.error().oneLine()));
        QCOMPARE(review->review().reports.size(), 1);
        QCOMPARE(review->reports().size(), 1);
        CriterionWidget* nc4 = panel->criterionWidget(QStringLiteral("NC4"));
        QMenu* menu = nc4->citeButton()->menu();
        Q_EMIT menu->aboutToShow();
        QAction* cite = nullptr;
        for (QAction* a : menu->actions()) {
            if (a->text().startsWith(QLatin1StringView("run report")))
                cite = a;
        }
        QVERIFY(cite);
        cite->trigger();
        QCOMPARE(review->review().scores.value(QStringLiteral("NC4")).evidence,
            QStringList { QStringLiteral("report:") + *digest });
        nc4->scale()->button(5)->click();
        bool contradiction = false;
        for (const Finding& c : review->checks())
            contradiction = contradiction || c.id == QLatin1StringView("review.contradicts-evidence");
        QVERIFY(contradiction);
    }

    void exportDialogWritesEachFormat_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<bool>("option");
        QTest::newRow("json") << "json" << false;
        QTest::newRow("jsonl") << "jsonl" << false;
        QTest::newRow("csv") << "csv" << false;
        QTest::newRow("csv-wide") << "csv" << true;
        QTest::newRow("labelstudio+config") << "labelstudio" << true;
        QTest::newRow("markdown") << "markdown" << false;
    }

    void exportDialogWritesEachFormat()
    {
        QFETCH(QString, format);
        QFETCH(bool, option);
        const QString db = m_dir.filePath(QStringLiteral("export.sqlite"));
        const Result<Rubric> rubric = findRubric(QStringLiteral("kernel-task-review"), 1);
        QVERIFY(rubric.ok());
        ReviewStore store;
        QVERIFY(store.open(db).ok());
        Review r;
        r.taskId = kTask;
        r.rubricId = rubric->id;
        r.rubricVersion = rubric->version;
        r.taskDigest = QStringLiteral("sha256:") + QString(64, u'0');
        r.reviewer = QStringLiteral("erin");
        r.status = Review::Status::Submitted;
        r.created = QDateTime(QDate(2026, 11, 29), QTime(20, 0), QTimeZone::utc());
        r.updated = r.created.addSecs(600);
        r.timeSpentS = 600;
        for (const Criterion* c : rubric->criteria())
            r.scores.insert(c->id, Score { 4, false, QStringLiteral("fine"), {} });
        r.verdict = QStringLiteral("minor");
        r.summary = QStringLiteral("Good, state the TF32 policy.");
        r.confidence = 3;
        if (!store.load(r.taskId, r.reviewer, r.created).ok()) {
            const Result<qint64> saved = store.save(r, 0);
            QVERIFY2(saved.ok(), qPrintable(saved ? QString() : saved.error().oneLine()));
        }

        ExportDialog dialog(&store, &*rubric, KWB_TASKS_DIR, kTask);
        dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(format));
        const QString out = m_dir.filePath(QStringLiteral("out-%1").arg(QString::fromLatin1(QTest::currentDataTag())));
        dialog.outputEdit()->setText(out);
        const QString xml = out + QStringLiteral(".xml");
        if (format == QLatin1StringView("csv"))
            dialog.wideBox()->setChecked(option);
        if (format == QLatin1StringView("labelstudio")) {
            dialog.configBox()->setChecked(true);
            dialog.configEdit()->setText(xml);
            dialog.findChild<QSpinBox*>(QStringLiteral("exportUser"))->setValue(7);
        }
        const Status s = dialog.exportNow();
        QVERIFY2(s.ok(), qPrintable(dialog.lastMessage()));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        if (format == QLatin1StringView("json") || format == QLatin1StringView("jsonl")) {
            const auto back = importReviewFile(out);
            QVERIFY2(back.ok(), qPrintable(back ? QString() : back.error().oneLine()));
            QCOMPARE(back->size(), 1);
            QCOMPARE(back->first(), r);
        } else if (format == QLatin1StringView("csv")) {
            QVERIFY(bytes.startsWith(option ? "task_id,task_digest,erin.verdict" : "task_id,task_digest,reviewer"));
            QVERIFY(bytes.contains("vector-add-f32"));
        } else if (format == QLatin1StringView("labelstudio")) {
            const QJsonArray tasks = QJsonDocument::fromJson(bytes).array();
            QCOMPARE(tasks.size(), 1);
            const QJsonObject task = tasks.first().toObject();
            const QJsonObject ann = task.value(QStringLiteral("annotations")).toArray().first().toObject();
            QVERIFY(ann.value(QStringLiteral("completed_by")).isDouble());
            QCOMPARE(ann.value(QStringLiteral("completed_by")).toInt(), 7);
            QCOMPARE(ann.value(QStringLiteral("kwb_reviewer")).toString(), QStringLiteral("erin"));
            QVERIFY(
                !task.value(QStringLiteral("data")).toObject().value(QStringLiteral("candidate")).toString().isEmpty());
            QVERIFY(QFile::exists(xml));
            const auto back = importReviewFile(out);
            QVERIFY(back.ok());
            QCOMPARE(back->first(), r);
        } else {
            QVERIFY(bytes.contains("vector-add-f32"));
            QVERIFY(bytes.contains("minor"));
        }
    }
};

KWB_UI_TEST_MAIN(TestRubricPanel)
#include "tst_rubricpanel.moc"
