// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// compileTask() on kernels compiled as they are launched, without the hardware (runner python with triton 3.9 and
// jax; in the sandbox): Triton matmul tiles legal and illegal on sm_80 and sm_90, every config of an autotuned
// kernel, Pallas blocks that lower for TPU and one that does not, NKI tiles over the documented limits, the
// bundled Triton and Pallas tasks compiled clean, and x86-64 disassembly of a cpp implementation with its lines.
#include "core/compile/compiler.h"
#include "core/env/toolprobe.h"
#include "core/exec/toolrun.h"
#include "core/task/taskloader.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>

using namespace kwb;

namespace {
const QString kFixtures = KWB_SOURCE_DIR + QStringLiteral("/tests/fixtures/compile/");

bool hasModules(const QString& modules)
{
    return !runnerPython().isEmpty()
        && probeOutput(runnerPython(), { QStringLiteral("-c"), QStringLiteral("import ") + modules }).isEmpty();
}

// The 1-based line of the first line of `file` that contains `text`.
int lineOf(const QString& file, const QString& text)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QStringList lines = QString::fromUtf8(f.readAll()).split(u'\n');
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].contains(text))
            return i + 1;
    }
    return -1;
}

QList<Finding> withId(const Findings& fs, const QString& id)
{
    QList<Finding> out;
    for (const Finding& f : fs) {
        if (f.id == id)
            out << f;
    }
    return out;
}

int errorCount(const Findings& fs)
{
    int n = 0;
    for (const Finding& f : fs)
        n += f.severity == Severity::Error ? 1 : 0;
    return n;
}

CompileResult compileOne(const QString& bundle, const QString& impl, const QStringList& archs = {})
{
    auto t = loadTask(bundle);
    if (!t)
        qFatal("%s", qPrintable(t.error().oneLine()));
    CompileRequest req;
    req.implIds = { impl };
    req.archs = archs;
    auto r = compileTask(t->task, req);
    if (!r)
        qFatal("%s", qPrintable(r.error().oneLine()));
    return *r;
}

QString why(const CompileResult& r)
{
    QString s;
    for (const ImplementationCompile& c : r.implementations)
        s += c.notes.join(u'\n') + u'\n' + c.log.right(3000);
    for (const Finding& f : r.findings)
        s += f.id + QStringLiteral(": ") + f.message + u'\n';
    return s;
}
} // namespace

class TestCompileKernels : public QObject {
    Q_OBJECT
    bool m_triton = false;
    bool m_jax = false;

private Q_SLOTS:
    void initTestCase()
    {
        m_triton = hasModules(QStringLiteral("triton, torch"));
        m_jax = hasModules(QStringLiteral("jax"));
    }

    // The case: a 256x256x128 tile in 4 stages needs 384 KiB of shared memory on sm_80, far above the
    // 163 KiB an sm_80 block may have: an error at the kernel's line, with the figures.
    void tritonTileTooBigForSm80()
    {
        if (!m_triton)
            QSKIP("triton and torch are not installed for the runner python");
        const CompileResult r
            = compileOne(kFixtures + QStringLiteral("tritonlab"), QStringLiteral("big"), { QStringLiteral("sm_80") });
        const ImplementationCompile& c = r.implementations.first();
        QCOMPARE(c.kernels.size(), 1);
        const KernelResources& k = c.kernels.first();
        QCOMPARE(k.framework, QStringLiteral("triton"));
        QCOMPARE(k.arch, QStringLiteral("sm_80"));
        QCOMPARE(k.numWarps, 8);
        QCOMPARE(k.numStages, 4);
        // (256x128 + 128x256) fp16 per stage, 3 buffers on sm_80
        QCOMPARE(k.dynamicSmemBytes, qint64(3) * (256 * 128 + 128 * 256) * 2);
        QVERIFY2(k.registers > 0 && k.registers <= 255, qPrintable(why(r)));
        const QList<Finding> bad = withId(r.findings, QStringLiteral("launch.invalid-config"));
        QCOMPARE(bad.size(), 1);
        QCOMPARE(bad.first().severity, Severity::Error);
        QCOMPARE(bad.first().file, QStringLiteral("matmul_tiles.py"));
        const int def
            = lineOf(kFixtures + QStringLiteral("tritonlab/matmul_tiles.py"), QStringLiteral("def matmul_kernel"));
        QCOMPARE(bad.first().line, def);
        QVERIFY2(bad.first().message.contains(u"393216 bytes") && bad.first().message.contains(u"166912 bytes"),
            qPrintable(bad.first().message));
        QVERIFY(k.occupancy && k.occupancy->activeBlocks == 0);
    }

    // A 64x64x32 tile in 3 stages: legal on both archs, figures per arch, TTIR/TTGIR/PTX/SASS linked to lines.
    void tritonLegalTileBothArchs()
    {
        if (!m_triton)
            QSKIP("triton and torch are not installed for the runner python");
        const CompileResult r = compileOne(kFixtures + QStringLiteral("tritonlab"), QStringLiteral("small"));
        const ImplementationCompile& c = r.implementations.first();
        QVERIFY2(c.ok, qPrintable(why(r)));
        QCOMPARE(errorCount(r.findings), 0);
        QStringList archs;
        for (const KernelResources& k : c.kernels) {
            archs << k.arch;
            QVERIFY(k.registers > 0);
            QVERIFY(k.occupancy && k.occupancy->activeBlocks > 0);
            QCOMPARE(k.spillStores, 0);
        }
        archs.sort();
        QCOMPARE(archs, QStringList({ QStringLiteral("sm_80"), QStringLiteral("sm_90") }));
        const int load
            = lineOf(kFixtures + QStringLiteral("tritonlab/matmul_tiles.py"), QStringLiteral("acc += tl.dot"));
        QSet<QString> kindsWithLines;
        for (const DisassembledKernel& d : c.disassembly) {
            if (!d.linesForSource(load).isEmpty())
                kindsWithLines.insert(d.kind);
        }
        for (const char* kind : { "ttir", "ttgir", "ptx", "sass" })
            QVERIFY2(kindsWithLines.contains(QString::fromLatin1(kind)),
                qPrintable(QStringLiteral("%1 not mapped to line %2").arg(QString::fromLatin1(kind)).arg(load)));
    }

    // Every config of an autotuned kernel is compiled on every arch; only the 7-stage one on sm_80 is illegal.
    void tritonAutotuneEveryConfig()
    {
        if (!m_triton)
            QSKIP("triton and torch are not installed for the runner python");
        const CompileResult r = compileOne(kFixtures + QStringLiteral("tritonlab"), QStringLiteral("autotuned"));
        const ImplementationCompile& c = r.implementations.first();
        QCOMPARE(c.kernels.size(), 4);
        const QList<Finding> bad = withId(r.findings, QStringLiteral("launch.invalid-config"));
        QCOMPARE(bad.size(), 1);
        QVERIFY2(bad.first().message.contains(u"on sm_80") && bad.first().message.contains(u"num_stages=7"),
            qPrintable(bad.first().message));
        QCOMPARE(errorCount(r.findings), 1);
    }

    void pallasBlocks_data()
    {
        QTest::addColumn<QString>("impl");
        QTest::addColumn<bool>("lowers");
        QTest::newRow("8 rows lower") << "rows8" << true;
        QTest::newRow("12 rows do not") << "rows12" << false;
    }

    void pallasBlocks()
    {
        QFETCH(QString, impl);
        QFETCH(bool, lowers);
        if (!m_jax)
            QSKIP("jax is not installed for the runner python");
        const CompileResult r = compileOne(kFixtures + QStringLiteral("pallaslab"), impl);
        const ImplementationCompile& c = r.implementations.first();
        QCOMPARE(c.kernels.size(), 1);
        const KernelResources& k = c.kernels.first();
        QCOMPARE(k.framework, QStringLiteral("pallas"));
        QCOMPARE(k.arch, QStringLiteral("tpu_v5e"));
        const int rows = impl == u"rows8" ? 8 : 12;
        QVERIFY2(k.config.contains(QStringLiteral("blocks=%1x128").arg(rows)), qPrintable(k.config));
        QCOMPARE(k.vmemBytes, qint64(2 * 2 * (impl == u"rows8" ? 8 : 16) * 128 * 4)); // 2 blocks, double-buffered
        const QList<Finding> errors = withId(r.findings, QStringLiteral("compile.error"));
        if (lowers) {
            QVERIFY2(c.ok && errors.isEmpty(), qPrintable(why(r)));
            return;
        }
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().file, QStringLiteral("blocks.py"));
        QCOMPARE(errors.first().line,
            lineOf(kFixtures + QStringLiteral("pallaslab/blocks.py"), QStringLiteral("def _double_kernel")));
        QVERIFY2(errors.first().message.contains(u"divisible by 8 and 128"), qPrintable(errors.first().message));
        QVERIFY(!c.ok);
    }

    void nkiTiles()
    {
        if (runnerPython().isEmpty())
            QSKIP("no python3");
        const QString file = kFixtures + QStringLiteral("nkilab/tiles.py");
        CompileResult r = compileOne(kFixtures + QStringLiteral("nkilab"), QStringLiteral("tall"));
        QList<Finding> errors = withId(r.findings, QStringLiteral("compile.error"));
        QCOMPARE(errors.size(), 2);
        QCOMPARE(errors[0].line, lineOf(file, QStringLiteral("(ROWS, 512)")));
        QVERIFY(errors[0].message.contains(u"partition dimension 256 exceeds 128"));
        QCOMPARE(errors[1].line, lineOf(file, QStringLiteral("(128, 1024)")));
        QVERIFY(errors[1].message.contains(u"4096 bytes per partition"));
        // pmax x psum_fmax: exactly at the limits, no finding
        r = compileOne(kFixtures + QStringLiteral("nkilab"), QStringLiteral("ok"));
        QVERIFY(withId(r.findings, QStringLiteral("compile.error")).isEmpty());
        const QString notes = r.implementations.first().notes.join(u'\n');
        QVERIFY2(notes.contains(u"1 with a shape known only at trace time not checked")
                && notes.contains(u"not checked without neuronx-cc"),
            qPrintable(notes));
    }

    void bundledTasksCompileClean_data()
    {
        QTest::addColumn<QString>("task");
        QTest::addColumn<QString>("impl");
        QTest::addColumn<QString>("modules");
        QTest::addColumn<int>("kernels");
        QTest::newRow("layernorm-triton") << "layernorm-triton-spec-gap"
                                          << "triton"
                                          << "triton, torch" << 3;
        QTest::newRow("attn-scores-pallas") << "attn-scores-causal-pallas"
                                            << "pallas"
                                            << "jax" << 3;
    }

    void bundledTasksCompileClean()
    {
        QFETCH(QString, task);
        QFETCH(QString, impl);
        QFETCH(QString, modules);
        QFETCH(int, kernels);
        if (!hasModules(modules))
            QSKIP(qPrintable(modules + QStringLiteral(" not installed for the runner python")));
        const CompileResult r = compileOne((KWB_TASKS_DIR + QStringLiteral("/")) + task, impl);
        const ImplementationCompile& c = r.implementations.first();
        QVERIFY2(c.ok, qPrintable(why(r)));
        QCOMPARE(errorCount(r.findings), 0);
        QCOMPARE(c.kernels.size(), kernels); // one specialization (Triton) / one shape (Pallas) per case
        for (const KernelResources& k : c.kernels)
            QVERIFY(k.error.isEmpty());
    }

    void cppDisassemblyWithLines()
    {
        const CompileResult r
            = compileOne(KWB_TASKS_DIR + QStringLiteral("/vector-add-f32"), QStringLiteral("reference"));
        const ImplementationCompile& c = r.implementations.first();
        if (!c.ok)
            QSKIP(qPrintable(c.notes.join(u"; ")));
        bool mapped = false;
        for (const DisassembledKernel& d : c.disassembly) {
            QCOMPARE(d.kind, QStringLiteral("x86"));
            for (int l : d.sourceLines)
                mapped = mapped || l > 0;
        }
        QVERIFY2(!c.disassembly.isEmpty() && mapped, qPrintable(c.notes.join(u"; ")));
        QVERIFY(c.command.contains(u"-O2") && c.command.contains(u" -g "));
        // The note names the flags the object was built with (the runner's, the task's own, -g), not a fixed text.
        const auto note = std::find_if(c.notes.begin(), c.notes.end(),
            [](const QString& n) { return n.startsWith(QStringLiteral("x86-64 disassembly:")); });
        QVERIFY(note != c.notes.end());
        QVERIFY2(note->contains(QStringLiteral("-std=c++17 -O2")) && note->endsWith(QStringLiteral(" -g")),
            qPrintable(*note));
    }
};

QTEST_GUILESS_MAIN(TestCompileKernels)
#include "tst_compilekernels.moc"
