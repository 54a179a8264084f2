// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `kwb compare --json` against numpy on random arrays generated at test time (tests/compare/random_cases.py).
#include "tests/helpers/testpaths.h"
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {
const QString kPython = QStringLiteral("/usr/bin/python3");

double num(const QJsonValue& v)
{
    if (v.isString())
        return v.toString() == u"nan" ? std::nan("") : (v.toString() == u"inf" ? INFINITY : -INFINITY);
    return v.toDouble();
}

bool same(double got, double want, double rel)
{
    if (std::isnan(want))
        return std::isnan(got);
    if (std::isinf(want))
        return got == want;
    return std::fabs(got - want) <= rel * std::fabs(want);
}
} // namespace

class TestCompareCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QProcess probe;
        probe.start(kPython, { QStringLiteral("-s"), QStringLiteral("-c"), QStringLiteral("import numpy") });
        if (!probe.waitForFinished(60000) || probe.exitCode() != 0)
            QSKIP("/usr/bin/python3 has no numpy (install python3-numpy): cannot check kwb compare against numpy");
        QVERIFY2(QFile::exists(KWB_BIN_DIR + QStringLiteral("/kwb")), "build the kwb target first");
    }

    void agreesWithNumpy()
    {
        QTemporaryDir dir;
        QProcess gen;
        gen.start(kPython,
            { QStringLiteral("-s"), KWB_SOURCE_DIR + QStringLiteral("/tests/compare/random_cases.py"),
                (KWB_SOURCE_DIR + QStringLiteral("/tests/fixtures/compare")), dir.path(),
                QString::number(QDateTime::currentMSecsSinceEpoch() % 100000) });
        QVERIFY(gen.waitForFinished(240000));
        QVERIFY2(gen.exitCode() == 0, gen.readAllStandardError().constData());
        QFile f(dir.filePath(QStringLiteral("cases.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto cases = QJsonDocument::fromJson(f.readAll()).array();
        QVERIFY(cases.size() >= 10);
        for (const auto& cv : cases) {
            const auto c = cv.toObject();
            QStringList args { QStringLiteral("compare"), c.value(u"actual").toString(),
                c.value(u"expected").toString(), QStringLiteral("--json"), QStringLiteral("--worst"),
                QStringLiteral("8"), QStringLiteral("--nan"), c.value(u"nan").toString() };
            if (!c.value(u"max_ulp").isNull())
                args << QStringLiteral("--max-ulp") << QString::number(c.value(u"max_ulp").toDouble());
            QProcess kwb;
            kwb.start(KWB_BIN_DIR + QStringLiteral("/kwb"), args);
            QVERIFY(kwb.waitForFinished(60000));
            const QString what = args.join(u' ');
            const auto got = QJsonDocument::fromJson(kwb.readAllStandardOutput()).object();
            const auto want = c.value(u"result").toObject();
            QVERIFY2(got.value(u"format").toString() == u"kwb.compare/1", qPrintable(what));
            QCOMPARE(kwb.exitCode(), want.value(u"pass").toBool() ? 0 : 1);
            for (const auto key : { u"count", u"finite_pairs", u"mismatches" })
                QVERIFY2(got.value(key).toInteger() == want.value(key).toInteger(),
                    qPrintable(what + u' ' + QString::fromUtf16(key)));
            for (const auto key : { u"max_abs", u"max_rel", u"max_ulp" })
                QVERIFY2(same(num(got.value(key)), num(want.value(key)), 0.0),
                    qPrintable(what + u' ' + QString::fromUtf16(key)));
            for (const auto key : { u"mean_abs", u"rms" })
                QVERIFY2(same(num(got.value(key)), num(want.value(key)), 1e-9),
                    qPrintable(what + u' ' + QString::fromUtf16(key)));
            for (const auto key : { u"nan", u"posinf", u"neginf" })
                QVERIFY2(got.value(key) == want.value(key), qPrintable(what + u' ' + QString::fromUtf16(key)));
            QVERIFY2(got.value(u"histogram").toObject().value(u"counts") == want.value(u"histogram"), qPrintable(what));
            QJsonArray worst;
            for (const auto& w : got.value(u"worst").toArray())
                worst.append(w.toObject().value(u"index"));
            QVERIFY2(worst == want.value(u"worst").toArray(), qPrintable(what));
        }
    }

    void badInput()
    {
        QProcess kwb;
        kwb.start(KWB_BIN_DIR + QStringLiteral("/kwb"),
            { QStringLiteral("compare"), KWB_SOURCE_DIR + QStringLiteral("/tests/fixtures/compare/truncated.npy"),
                (KWB_SOURCE_DIR + QStringLiteral("/tests/fixtures/compare/v1.npy")) });
        QVERIFY(kwb.waitForFinished(30000));
        QCOMPARE(kwb.exitCode(), 2);
        const QString err = QString::fromUtf8(kwb.readAllStandardError()).trimmed();
        QVERIFY2(err.contains(QStringLiteral("truncated.npy: byte 128: truncated data")), qPrintable(err));
        QCOMPARE(err.count(u'\n'), 0);
    }
};

QTEST_GUILESS_MAIN(TestCompareCli)
#include "tst_compare_cli.moc"
