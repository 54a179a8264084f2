// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tensor/npy.h"
#include "core/tensor/safetensors.h"
#include "core/tensor/tensor.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace kwb;

namespace {
QString fixture(const QString& name)
{
    return (KWB_SOURCE_DIR + QStringLiteral("/tests/fixtures/compare/")) + name;
}

std::vector<float> floats(const Tensor& t)
{
    std::vector<float> v(std::size_t(t.elementCount()));
    if (!v.empty()) // an empty tensor may have no data pointer: memcpy from null is undefined even for 0 bytes
        std::memcpy(v.data(), t.data, v.size() * 4);
    return v;
}

// The matrix every reader fixture holds: arange(12).reshape(3, 4) / 7 as float32.
std::vector<float> expectedMatrix()
{
    std::vector<float> v;
    for (int i = 0; i < 12; ++i)
        v.push_back(float(i) / 7.0f);
    return v;
}
} // namespace

class TestTensorFiles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readers_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("dtype");
        QTest::newRow("npy 1.0") << QStringLiteral("v1.npy") << QStringLiteral("float32");
        QTest::newRow("npy 2.0") << QStringLiteral("v2.npy") << QStringLiteral("float32");
        QTest::newRow("npy 3.0") << QStringLiteral("v3.npy") << QStringLiteral("float32");
        QTest::newRow("fortran order") << QStringLiteral("fortran.npy") << QStringLiteral("float32");
        QTest::newRow("big-endian") << QStringLiteral("bigendian.npy") << QStringLiteral("float32");
        QTest::newRow("big-endian f64") << QStringLiteral("bigendian_f64.npy") << QStringLiteral("float64");
        QTest::newRow("safetensors by name") << QStringLiteral("multi.safetensors:x") << QStringLiteral("float32");
    }
    void readers()
    {
        QFETCH(QString, spec);
        QFETCH(QString, dtype);
        const auto t = loadTensor(fixture(spec));
        QVERIFY2(t.ok(), qPrintable(t.ok() ? QString() : t.error().oneLine()));
        QCOMPARE(dtypeName(t->dtype), dtype);
        QCOMPARE(t->shape, (std::vector<std::int64_t> { 3, 4 }));
        const auto want = expectedMatrix();
        for (std::size_t i = 0; i < want.size(); ++i) {
            const double got = t->dtype == DType::Float64 ? reinterpret_cast<const double*>(t->data)[i]
                                                          : double(reinterpret_cast<const float*>(t->data)[i]);
            QCOMPARE(float(got), want[i]);
        }
    }

    void bfloat16Void()
    {
        QVERIFY(!loadTensor(fixture(QStringLiteral("bf16_v2.npy"))).ok());
        const auto t = loadTensor(fixture(QStringLiteral("bf16_v2.npy")), DType::BFloat16);
        QVERIFY(t.ok());
        QCOMPARE(t->dtype, DType::BFloat16);
        const auto st = loadTensor(fixture(QStringLiteral("multi.safetensors:z")));
        QVERIFY(st.ok());
        QCOMPARE(std::memcmp(t->data, st->data, 24), 0);
    }

    void safetensorsSelection()
    {
        const auto all = loadTensors(fixture(QStringLiteral("multi.safetensors")));
        QVERIFY(all.ok());
        QCOMPARE(all->size(), std::size_t(3));
        QCOMPARE(all->at(1).name, QStringLiteral("y"));
        QCOMPARE(all->at(1).dtype, DType::Int64);
        const auto none = loadTensor(fixture(QStringLiteral("multi.safetensors")));
        QVERIFY(!none.ok());
        QVERIFY(none.error().what.contains(QStringLiteral("select one")));
        const auto missing = loadTensor(fixture(QStringLiteral("multi.safetensors:nope")));
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().what.contains(QStringLiteral("no tensor named 'nope'")));
    }

    // Every corrupt fixture gives a one-line error naming the file and the byte offset; none crashes.
    void corrupt_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QFile f(fixture(QStringLiteral("expected.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto errors = QJsonDocument::fromJson(f.readAll()).object().value(u"errors").toArray();
        QVERIFY(errors.size() > 10);
        for (const auto& e : errors) {
            const auto o = e.toObject();
            const QString file = o.value(u"file").toString();
            QTest::newRow(qPrintable(file)) << file << o.value(u"error").toString();
        }
    }
    void corrupt()
    {
        QFETCH(QString, file);
        QFETCH(QString, message);
        const auto t = loadTensor(fixture(file));
        QVERIFY(!t.ok());
        const QString line = t.error().oneLine();
        QVERIFY2(line.contains(message), qPrintable(line));
        QVERIFY2(line.startsWith(fixture(file) + QStringLiteral(": byte ")), qPrintable(line));
        QVERIFY(!line.contains(u'\n'));
    }

    void roundTrip_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<bool>("safetensors");
        for (const auto& name : dtypeNames()) {
            QTest::newRow(qPrintable(name + QStringLiteral(" npy"))) << int(*dtypeFromName(name)) << false;
            QTest::newRow(qPrintable(name + QStringLiteral(" safetensors"))) << int(*dtypeFromName(name)) << true;
        }
    }
    void roundTrip()
    {
        QFETCH(int, type);
        QFETCH(bool, safetensors);
        const auto t = DType(type);
        std::vector<std::uint8_t> bytes(2 * 5 * dtypeSize(t));
        for (std::size_t i = 0; i < bytes.size(); ++i)
            bytes[i] = std::uint8_t(t == DType::Bool ? i % 2 : i * 37 + 1);
        QTemporaryDir dir;
        const std::vector<std::int64_t> shape { 2, 5 };
        QString path;
        if (safetensors) {
            path = dir.filePath(QStringLiteral("t.safetensors"));
            Tensor w;
            w.dtype = t;
            w.shape = shape;
            w.name = QStringLiteral("w");
            w.data = reinterpret_cast<const std::byte*>(bytes.data());
            QVERIFY(writeSafetensors(path, { w }).ok());
        } else {
            path = dir.filePath(QStringLiteral("t.npy"));
            QVERIFY(writeNpy(path, t, shape, bytes.data()).ok());
        }
        const auto r = loadTensor(path, t);
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().oneLine()));
        QCOMPARE(r->dtype, t);
        QCOMPARE(r->shape, shape);
        QCOMPARE(std::memcmp(r->data, bytes.data(), bytes.size()), 0);
    }

    void scalarAndEmpty()
    {
        QTemporaryDir dir;
        const double x = 2.5;
        QVERIFY(writeNpy(dir.filePath(QStringLiteral("s.npy")), DType::Float64, {}, &x).ok());
        const auto s = loadTensor(dir.filePath(QStringLiteral("s.npy")));
        QVERIFY(s.ok());
        QCOMPARE(s->elementCount(), std::int64_t(1));
        QCOMPARE(*reinterpret_cast<const double*>(s->data), 2.5);
        QVERIFY(writeNpy(dir.filePath(QStringLiteral("e.npy")), DType::Float32, { 0, 4 }, nullptr).ok());
        const auto e = loadTensor(dir.filePath(QStringLiteral("e.npy")));
        QVERIFY(e.ok());
        QCOMPARE(e->elementCount(), std::int64_t(0));
        QCOMPARE(floats(*e).size(), std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestTensorFiles)
#include "tst_tensorfiles.moc"
