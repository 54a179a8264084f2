// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The correctness pane: its two item models (QAbstractItemModelTester), and the widgets it shows for the
// selected comparison, found by objectName, offscreen.
#include "ui/correctness/comparisonsummarymodel.h"
#include "ui/correctness/correctnesspane.h"
#include "ui/correctness/errorhistogramchart.h"
#include "ui/correctness/mismatchheatmap.h"
#include "ui/correctness/worstelementsmodel.h"
#include "uitest.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>

#include <cmath>

using namespace kwb;
using namespace kwb::ui;

namespace {
// Compares two float32 tensors built from `a` and `e`.
ComparisonView compareOf(const QString& output, const QString& caseName, std::vector<float> a, std::vector<float> e,
    std::vector<std::int64_t> shape)
{
    auto keepA = std::make_shared<std::vector<float>>(std::move(a));
    auto keepE = std::make_shared<std::vector<float>>(std::move(e));
    Tensor ta, te;
    ta.shape = te.shape = shape;
    ta.data = reinterpret_cast<const std::byte*>(keepA->data());
    te.data = reinterpret_cast<const std::byte*>(keepE->data());
    ta.storage = keepA;
    te.storage = keepE;
    auto r = compareTensors(ta, te, defaultTolerance(DType::Float32));
    return { output, caseName, std::make_shared<const Comparison>(std::move(*r)) };
}

QList<ComparisonView> sample()
{
    std::vector<float> e(8 * 16), a;
    for (std::size_t i = 0; i < e.size(); ++i)
        e[i] = float(i) * 0.25f;
    a = e;
    QList<ComparisonView> list { compareOf(QStringLiteral("c"), QStringLiteral("tail"), a, e, { 8, 16 }) };
    a[3 * 16 + 15] += 1.0f; // one mismatch in the bottom-right quarter... of row 3
    a[7 * 16 + 2] = NAN;
    list << compareOf(QStringLiteral("c"), QStringLiteral("large"), a, e, { 8, 16 });
    list << compareOf(QStringLiteral("d"), QStringLiteral("tail"), { 1, 2, 3 }, { 1, 2, 3.5f }, { 3 });
    return list;
}
} // namespace

class TestCorrectnessPane : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void summaryModel()
    {
        ComparisonSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setComparisons(sample());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(ComparisonSummaryModel::ColumnCount));
        QCOMPARE(model.index(0, ComparisonSummaryModel::Verdict).data().toString(), QStringLiteral("pass"));
        QCOMPARE(model.index(1, ComparisonSummaryModel::Verdict).data().toString(), QStringLiteral("FAIL"));
        QCOMPARE(model.index(1, ComparisonSummaryModel::Case).data().toString(), QStringLiteral("large"));
        QCOMPARE(model.index(1, ComparisonSummaryModel::Mismatches).data().toString(), QStringLiteral("2 / 128"));
        QCOMPARE(model.index(1, ComparisonSummaryModel::MaxAbs).data().toString(), QStringLiteral("1"));
        QCOMPARE(
            model.index(1, ComparisonSummaryModel::NanAgreement).data().toString(), QStringLiteral("NaN differ at 1"));
        QCOMPARE(model.index(0, ComparisonSummaryModel::NanAgreement).data().toString(), QStringLiteral("agree"));
        QCOMPARE(model.index(2, ComparisonSummaryModel::MaxUlp).data().toString(), QStringLiteral("2097152"));
        QVERIFY(model.index(1, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("2 of 128")));
        QCOMPARE(model.index(0, ComparisonSummaryModel::Generated).data().toString(), QStringLiteral("declared"));
        QVERIFY(!model.index(0, ComparisonSummaryModel::Generated).data(Qt::BackgroundRole).isValid());
        auto generated = sample();
        generated[2].generated = QStringLiteral("stress: impulse");
        model.setComparisons(generated);
        QCOMPARE(
            model.index(2, ComparisonSummaryModel::Generated).data().toString(), QStringLiteral("stress: impulse"));
        QVERIFY(model.index(2, ComparisonSummaryModel::Generated).data(Qt::BackgroundRole).isValid());
        model.setComparisons({});
        QCOMPARE(model.rowCount(), 0);
    }

    void worstModel()
    {
        WorstElementsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto list = sample();
        model.setElements(list[1].result->worst);
        QCOMPARE(model.rowCount(), 10);
        // The NaN disagreement ranks first (infinite score), then the +1 error.
        QCOMPARE(model.index(0, WorstElementsModel::Index).data().toString(), QStringLiteral("[7, 2]"));
        QCOMPARE(model.index(0, WorstElementsModel::Actual).data().toString(), QStringLiteral("nan"));
        QCOMPARE(model.index(1, WorstElementsModel::Index).data().toString(), QStringLiteral("[3, 15]"));
        QCOMPARE(model.index(1, WorstElementsModel::Abs).data().toString(), QStringLiteral("1"));
    }

    void paneShowsSelection()
    {
        CorrectnessPane pane;
        pane.resize(900, 700);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        auto* summary = pane.findChild<QTableView*>(QStringLiteral("correctnessSummary"));
        auto* worst = pane.findChild<QTableView*>(QStringLiteral("correctnessWorst"));
        auto* reason = pane.findChild<QLabel*>(QStringLiteral("correctnessReason"));
        auto* tabs = pane.findChild<QTabWidget*>(QStringLiteral("correctnessDetails"));
        auto* chart = pane.findChild<ErrorHistogramChart*>(QStringLiteral("correctnessHistogram"));
        auto* map = pane.findChild<MismatchHeatMap*>(QStringLiteral("correctnessHeatMap"));
        QVERIFY(summary && worst && reason && tabs && chart && map);
        QCOMPARE(pane.currentRow(), -1);
        QVERIFY(!tabs->isTabEnabled(2));

        pane.setComparisons(sample());
        QCOMPARE(pane.currentRow(), 1); // the first failing row
        QVERIFY(reason->text().startsWith(QStringLiteral("FAIL: 2 of 128 elements mismatch")));
        QCOMPARE(worst->model()->rowCount(), 10);
        QVERIFY(tabs->isTabEnabled(2));
        QVERIFY(map->density().has_value());
        QCOMPARE(map->density()->gridRows, 8);
        QCOMPARE(map->density()->mismatches[std::size_t(3 * 16 + 15)], std::int64_t(1));
        QVERIFY(!chart->categories().isEmpty());
        qint64 counted = 0;
        for (const auto c : chart->counts())
            counted += c;
        QCOMPARE(counted, qint64(127)); // finite pairs: all but the NaN

        summary->setCurrentIndex(summary->model()->index(2, 0)); // a 1-D output: no map
        QCOMPARE(pane.currentRow(), 2);
        QVERIFY(!tabs->isTabEnabled(2));
        QVERIFY(!map->density().has_value());
        QCOMPARE(worst->model()->rowCount(), 3);

        tabs->setCurrentIndex(1);
        pane.setCurrentRow(0);
        QVERIFY(reason->text().startsWith(QStringLiteral("PASS: ")));
        QVERIFY(!pane.grab().isNull());
    }
};

KWB_UI_TEST_MAIN(TestCorrectnessPane)
#include "tst_correctnesspane.moc"
