// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Agreement statistics against Krippendorff's published example and against reference values computed by
// scikit-learn, statsmodels and NLTK (fixtures/agreement_reference.py wrote fixtures/agreement_expected.json).
#include "core/audit/audit.h"
#include "core/rubric/rubricloader.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace kwb;

namespace {
RatingTable fromColumns(const QList<QList<int>>& byRater, int min, int max)
{
    // 0 stands for a missing value in the literal tables below.
    RatingTable t;
    t.scaleMin = min;
    t.scaleMax = max;
    const qsizetype units = byRater.first().size();
    for (qsizetype u = 0; u < units; ++u) {
        QList<std::optional<int>> row;
        for (const auto& r : byRater)
            row << (r.at(u) == 0 ? std::nullopt : std::optional<int>(r.at(u)));
        t.units << row;
    }
    return t;
}

// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers, 12 units,
// values 1..5, with missing values.
RatingTable krippendorffExample()
{
    return fromColumns({ { 1, 2, 3, 3, 2, 1, 4, 1, 2, 0, 0, 0 }, { 1, 2, 3, 3, 2, 2, 4, 1, 2, 5, 0, 3 },
                           { 0, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 0 }, { 1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, 0 } },
        1, 5);
}

QJsonObject expectedFile()
{
    QFile f(KWB_FIXTURES_DIR + QStringLiteral("/agreement_expected.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read agreement_expected.json");
    return QJsonDocument::fromJson(f.readAll()).object();
}
} // namespace

class TestAgreement : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void krippendorffPublished_data()
    {
        QTest::addColumn<int>("metric");
        QTest::addColumn<double>("published");
        // The paper prints three decimals.
        QTest::newRow("nominal") << int(AlphaMetric::Nominal) << 0.743;
        QTest::newRow("ordinal") << int(AlphaMetric::Ordinal) << 0.815;
        QTest::newRow("interval") << int(AlphaMetric::Interval) << 0.849;
    }
    void krippendorffPublished()
    {
        QFETCH(int, metric);
        QFETCH(double, published);
        const auto a = krippendorffAlpha(krippendorffExample(), AlphaMetric(metric));
        QVERIFY(a);
        QVERIFY2(std::abs(*a - published) < 5e-4, qPrintable(QString::number(*a, 'f', 6)));
    }

    void krippendorffFullPrecision()
    {
        // The same data through NLTK 3.8's AnnotationTask.alpha (binary and interval distances).
        QCOMPARE_LE(
            std::abs(krippendorffAlpha(krippendorffExample(), AlphaMetric::Nominal).value() - 0.743421052631579),
            1e-12);
        QCOMPARE_LE(
            std::abs(krippendorffAlpha(krippendorffExample(), AlphaMetric::Interval).value() - 0.8491071428571428),
            1e-12);
    }

    // The same data is irrCAC's `cac.raw4raters` (Gwet 2014); the package's overview vignette prints
    // percent agreement 0.8181818, Fleiss' κ 0.76117 (p_e 0.2387153) and AC1 0.77544 (p_e 0.1903212). Units
    // are rated by 1 to 4 raters, so this checks the generalisation of Fleiss' κ to missing ratings.
    void gwetPublishedWithMissing()
    {
        const RatingTable t = krippendorffExample();
        QCOMPARE_LE(std::abs(percentAgreement(t).value() - 0.8181818), 5e-8);
        QCOMPARE_LE(std::abs(fleissKappa(t).value() - 0.76117), 5e-6);
        QCOMPARE_LE(std::abs(gwetAc1(t).value() - 0.77544), 5e-6);
        // From the printed p_a and p_e, to full precision: (0.8181818… − 0.2387153) / (1 − 0.2387153).
        QCOMPARE_LE(
            std::abs(fleissKappa(t).value() - (9.0 / 11 - 0.2387152777777778) / (1 - 0.2387152777777778)), 1e-12);
    }

    void references_data()
    {
        QTest::addColumn<QJsonObject>("c");
        const QJsonObject file = expectedFile();
        QVERIFY(file.value(QStringLiteral("cases")).toArray().size() >= 7);
        for (const QJsonValue& v : file.value(QStringLiteral("cases")).toArray())
            QTest::newRow(qPrintable(v[QStringLiteral("name")].toString())) << v.toObject();
    }
    // The review files go through the whole path (file → reviews → rating table → statistics).
    void references()
    {
        QFETCH(QJsonObject, c);
        const Result<QList<Review>> reviews
            = loadReviewFile((KWB_FIXTURES_DIR + QStringLiteral("/")) + c.value(QStringLiteral("file")).toString());
        QVERIFY2(reviews, qPrintable(reviews ? QString() : reviews.error().oneLine()));
        const Result<Rubric> rubric = findRubric(QStringLiteral("kernel-task-review"), 1);
        QVERIFY(rubric);
        AuditOptions o;
        o.criteria = { QStringLiteral("NC1") };
        const Result<AuditResult> r = auditReviews(*reviews, *rubric, o);
        QVERIFY(r);
        const CriterionAgreement& a = r->criteria.first();
        const QMap<QString, std::optional<double>> ours {
            { QStringLiteral("percent_agreement"), a.percent },
            { QStringLiteral("gwet_ac1"), a.ac1 },
            { QStringLiteral("alpha_nominal"), a.alpha[0] },
            { QStringLiteral("alpha_ordinal"), a.alpha[1] },
            { QStringLiteral("alpha_interval"), a.alpha[2] },
            { QStringLiteral("fleiss_kappa"), a.fleiss },
            { QStringLiteral("fleiss_kappa_missing"), a.fleiss }, // Gwet's generalisation (irrCAC)
            { QStringLiteral("nltk_kappa"), a.cohen[0] }, // NLTK AnnotationTask.kappa, complete two-rater data
            { QStringLiteral("cohen_unweighted"), a.cohen[0] },
            { QStringLiteral("cohen_linear"), a.cohen[1] },
            { QStringLiteral("cohen_quadratic"), a.cohen[2] },
        };
        const QJsonObject expected = c.value(QStringLiteral("expected")).toObject();
        QVERIFY(expected.size() >= 5);
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            const std::optional<double> v = ours.value(it.key());
            QVERIFY2(v, qPrintable(it.key() + QStringLiteral(" is undefined")));
            QVERIFY2(std::abs(*v - it.value().toDouble()) <= 1e-6,
                qPrintable(QStringLiteral("%1: %2, reference %3")
                               .arg(it.key())
                               .arg(*v, 0, 'g', 17)
                               .arg(it.value().toDouble(), 0, 'g', 17)));
        }
        // Cohen's κ exactly when two reviewers share every item.
        QCOMPARE(a.cohen[0].has_value(), c.value(QStringLiteral("raters")).toInt() == 2);
    }

    // Unused levels in the middle of the scale change weighted κ when the scale is not the full one.
    void fullScaleMatters()
    {
        const RatingTable full = fromColumns({ { 1, 2, 4, 5, 1, 4 }, { 1, 4, 4, 5, 2, 5 } }, 1, 5);
        RatingTable compact = fromColumns({ { 1, 2, 3, 4, 1, 3 }, { 1, 3, 3, 4, 2, 4 } }, 1, 4); // level 3 dropped
        const auto a = cohenKappa(full, 0, 1, KappaWeights::Linear);
        const auto b = cohenKappa(compact, 0, 1, KappaWeights::Linear);
        QVERIFY(a && b);
        QVERIFY(std::abs(*a - *b) > 1e-3);
        QCOMPARE(cohenKappa(full, 0, 1, KappaWeights::Unweighted).value(),
            cohenKappa(compact, 0, 1, KappaWeights::Unweighted).value());
        // Gwet's chance term counts every category of the scale.
        RatingTable wide = full;
        wide.scaleMax = 7;
        QVERIFY(std::abs(gwetAc1(full).value() - gwetAc1(wide).value()) > 1e-3);
    }

    void undefinedCases()
    {
        // Everyone gives 3: no variation, α and κ are undefined (not 1, not 0).
        const RatingTable same = fromColumns({ { 3, 3, 3 }, { 3, 3, 3 } }, 1, 5);
        QVERIFY(!krippendorffAlpha(same, AlphaMetric::Nominal));
        QVERIFY(!cohenKappa(same, 0, 1, KappaWeights::Unweighted));
        QCOMPARE(percentAgreement(same).value(), 1.0);
        // No unit has two ratings: nothing is pairable.
        const RatingTable single = fromColumns({ { 3, 0 }, { 0, 4 } }, 1, 5);
        QVERIFY(!krippendorffAlpha(single, AlphaMetric::Interval));
        QVERIFY(!percentAgreement(single));
        QVERIFY(!fleissKappa(single));
    }

    void bootstrapIsSeeded()
    {
        const RatingTable t = krippendorffExample();
        const auto a = alphaBootstrapCi(t, AlphaMetric::Ordinal, 7, 1000);
        const auto b = alphaBootstrapCi(t, AlphaMetric::Ordinal, 7, 1000);
        const auto c = alphaBootstrapCi(t, AlphaMetric::Ordinal, 8, 1000);
        QVERIFY(a && b && c);
        QCOMPARE(a->first, b->first);
        QCOMPARE(a->second, b->second);
        QVERIFY(a->first != c->first || a->second != c->second);
        const double alpha = krippendorffAlpha(t, AlphaMetric::Ordinal).value();
        QVERIFY(a->first <= alpha && alpha <= a->second);
        QVERIFY(a->first < a->second);
    }
};

QTEST_GUILESS_MAIN(TestAgreement)
#include "tst_agreement.moc"
