// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/gluegen.h"
#include "core/run/runnerbuild.h"

#include <QTest>

using namespace kwb;

namespace {
Task vaddTask()
{
    Task t;
    t.id = QStringLiteral("vadd");
    t.dims.insert(QStringLiteral("N"), QStringLiteral("elements"));
    t.inputs = { TensorSpec { QStringLiteral("a"), DType::Float16, { QStringLiteral("N") } },
        TensorSpec { QStringLiteral("b"), DType::Int32, { QStringLiteral("N") } } };
    t.outputs = { TensorSpec { QStringLiteral("c"), DType::BFloat16, { QStringLiteral("N") } } };
    return t;
}
Implementation impl(const char* backend, QStringList args)
{
    Implementation i;
    i.id = QStringLiteral("cand");
    i.backend = QString::fromLatin1(backend);
    i.source = QStringLiteral("src/cand.cu");
    i.entry = QStringLiteral("k");
    i.args = std::move(args);
    i.jsonPath = QStringLiteral("/candidates/0");
    return i;
}
} // namespace

class TestGlueGen : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cppDeclaresTheEntryWithManifestTypes()
    {
        auto g = generateGlue(vaddTask(),
            impl("cpp", { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("N") }));
        QVERIFY(g.ok());
        QCOMPARE(g->fileName, QStringLiteral("glue.cpp"));
        const QString text = QString::fromUtf8(g->content);
        QVERIFY2(text.contains(u"extern \"C\" void k(const uint16_t*, const int32_t*, uint16_t*, int64_t);"),
            qPrintable(text));
        QVERIFY(text.contains(u"{ \"c\", \"<V2\", 2, 0x7fa5ull }"));
        QVERIFY(text.contains(u"b.dim(\"N\")"));
    }
    void cudaIncludesTheSourceAndPassesTheStream()
    {
        auto g
            = generateGlue(vaddTask(), impl("cuda", { QStringLiteral("a"), QStringLiteral("c"), QStringLiteral("N") }));
        QVERIFY(g.ok());
        const QString text = QString::fromUtf8(g->content);
        QVERIFY(text.contains(u"#include \"cand.cu\""));
        QVERIFY(text.contains(u"static_cast<const __half*>(b.in[0])"));
        QVERIFY(text.contains(u"static_cast<cudaStream_t>(b.stream)"));
    }
    void globalEntryLaunchesFromPlanDims()
    {
        auto i = impl("cuda", { QStringLiteral("a"), QStringLiteral("c"), QStringLiteral("N") });
        i.launch = LaunchSpec { { QStringLiteral("cdiv(N, 256)") }, { QStringLiteral("256") }, {} };
        auto g = generateGlue(vaddTask(), i);
        QVERIFY(g.ok());
        const QString text = QString::fromUtf8(g->content);
        QVERIFY(text.contains(u"k<<<grid, block, b.dim(\"__smem\")"));
        QVERIFY2(!text.contains(u"cdiv"), "manifest expressions must never become source code");
    }
    void scalarsBecomeTypedLiterals()
    {
        Task t = vaddTask();
        t.scalars = { ScalarSpec { QStringLiteral("eps"), DType::Float32, 1e-5 } };
        auto g = generateGlue(t, impl("cpp", { QStringLiteral("a"), QStringLiteral("eps"), QStringLiteral("c") }));
        QVERIFY(g.ok());
        const QString text = QString::fromUtf8(g->content);
        QVERIFY2(text.contains(u"static_cast<float>(1.0000000000000001e-05)"), qPrintable(text));
        QVERIFY(text.contains(u"void k(const uint16_t*, float, uint16_t*);"));
    }
    void unknownArgumentIsAnError()
    {
        auto g = generateGlue(vaddTask(), impl("cpp", { QStringLiteral("a"), QStringLiteral("nope") }));
        QVERIFY(!g.ok());
        QCOMPARE(
            g.error().oneLine(), QStringLiteral("task.json: /candidates/0/args: 'nope' names no input, output or dim"));
    }
    void pythonSignature()
    {
        auto g = generateGlue(vaddTask(), impl("python", { QStringLiteral("a"), QStringLiteral("N") }));
        QVERIFY(g.ok());
        QCOMPARE(g->fileName, QStringLiteral("signature.json"));
        QVERIFY(g->content.contains("\"kind\": \"dim\""));
    }
    void poisonPatternsAreSignallingNaNs()
    {
        QCOMPARE(poisonPattern(DType::Float32), quint64(0x7FA5A5A5));
        QCOMPARE(poisonPattern(DType::Int16), quint64(0xA5A5));
        QCOMPARE(poisonPattern(DType::UInt8), quint64(0xA5));
        QVERIFY((poisonPattern(DType::Float32) & (1u << 22)) == 0); // quiet bit clear
    }
    void gencode()
    {
        QCOMPARE(gencodeArgs({ QStringLiteral("sm_90a") }),
            (QStringList { QStringLiteral("-gencode"), QStringLiteral("arch=compute_90a,code=[sm_90a,compute_90a]") }));
    }
};

QTEST_GUILESS_MAIN(TestGlueGen)
#include "tst_gluegen.moc"
