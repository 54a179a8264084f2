// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// compileTask() with the real g++ and nvcc on the compile lab bundle (tests/fixtures/compile/lab), and the
// `kwb compile` / `kwb occupancy` commands. Each implementation is compiled once.
#include "core/compile/compiler.h"
#include "core/env/toolprobe.h"
#include "core/task/taskloader.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTest>

using namespace kwb;

namespace {
const QString kLab = KWB_SOURCE_DIR + QStringLiteral("/tests/fixtures/compile/lab");

const Finding* findingWith(const Findings& fs, const QString& id)
{
    for (const Finding& f : fs) {
        if (f.id == id)
            return &f;
    }
    return nullptr;
}

QString fixture(const QString& name)
{
    QFile f((KWB_SOURCE_DIR + QStringLiteral("/tests/fixtures/compile/")) + name);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}
} // namespace

class TestCompileTask : public QObject {
    Q_OBJECT
    Task m_task;
    bool m_nvcc = false;

    CompileResult compile(const QString& id, const QStringList& archs = {})
    {
        CompileRequest req;
        req.implIds = { id };
        req.archs = archs;
        auto r = compileTask(m_task, req);
        if (!r)
            qFatal("%s", qPrintable(r.error().oneLine()));
        return *r;
    }

private Q_SLOTS:
    void initTestCase()
    {
        auto t = loadTask(kLab);
        QVERIFY2(t.ok(), t ? "" : qPrintable(t.error().oneLine()));
        m_task = t->task;
        m_nvcc = !findNvcc().isEmpty();
    }

    void badRequests()
    {
        CompileRequest req;
        req.implIds = { QStringLiteral("nope") };
        QVERIFY(!compileTask(m_task, req).ok());
        req.implIds.clear();
        req.archs = { QStringLiteral("gfx942") };
        QVERIFY(compileTask(m_task, req).error().what.contains(u"gfx942"));
    }

    void gccErrorInIncludedHeader()
    {
        const CompileResult r = compile(QStringLiteral("host"));
        const ImplementationCompile& c = r.implementations.first();
        QVERIFY(!c.ok);
        QVERIFY(c.command.contains(u"-Wall -Wextra"));
        QVERIFY(c.compilerVersion.contains(u"g++") || c.compilerVersion.contains(u"GCC"));
        QCOMPARE(c.diagnostics.first().file, QStringLiteral("bad.h"));
        QCOMPARE(c.diagnostics.first().line, 4);
        QCOMPARE(c.diagnostics.first().column, 16);
        const Finding* f = findingWith(r.findings, QStringLiteral("compile.error"));
        QVERIFY(f);
        QCOMPARE(f->file, QStringLiteral("bad.h"));
    }

    void nvccErrorOnItsLine()
    {
        if (!m_nvcc)
            QSKIP("nvcc is not installed");
        const CompileResult r = compile(QStringLiteral("error"));
        const ImplementationCompile& c = r.implementations.first();
        QVERIFY(!c.ok);
        QVERIFY(c.command.contains(u"arch=compute_80,code=[sm_80,compute_80]"));
        QVERIFY(c.compilerVersion.contains(u"release"));
        const Finding* f = findingWith(r.findings, QStringLiteral("compile.error"));
        QVERIFY(f);
        QCOMPARE(f->file, QStringLiteral("error.cu"));
        QCOMPARE(f->line, 5);
        QVERIFY(f->message.contains(u"undefined_value"));
        // The column comes from nvcc's caret under the echoed line: `undefined_value` starts in column 24.
        QCOMPARE(f->evidence.value(QStringLiteral("column")).toInt(), 24);
    }

    void nvccWarning()
    {
        if (!m_nvcc)
            QSKIP("nvcc is not installed");
        const CompileResult r = compile(QStringLiteral("warning"));
        QVERIFY(r.implementations.first().ok);
        const Finding* f = findingWith(r.findings, QStringLiteral("compile.warning"));
        QVERIFY(f);
        QCOMPARE(f->file, QStringLiteral("warn.cu"));
        QCOMPARE(f->line, 4);
        QVERIFY(!hasErrors(r.findings));
    }

    void spillsUnderLaunchBounds()
    {
        if (!m_nvcc)
            QSKIP("nvcc is not installed");
        const CompileResult r = compile(QStringLiteral("spills"));
        const ImplementationCompile& c = r.implementations.first();
        QVERIFY(c.ok);
        QCOMPARE(c.kernels.size(), 1);
        // The same figures as `nvcc -Xptxas -v` printed for this file (recorded in nvcc-spills.txt).
        const KernelResources expected = parsePtxasResources(fixture(QStringLiteral("nvcc-spills.txt"))).value(0);
        const KernelResources& k = c.kernels.first();
        QCOMPARE(k.registers, expected.registers);
        QCOMPARE(k.spillStores, expected.spillStores);
        QCOMPARE(k.spillLoads, expected.spillLoads);
        QCOMPARE(k.stackBytes, expected.stackBytes);
        QVERIFY(k.spillStores > 0);
        QVERIFY(findingWith(r.findings, QStringLiteral("compile.spills")));
        QVERIFY(k.occupancy.has_value());
        QCOMPARE(k.occupancy->activeBlocks, 2); // __launch_bounds__(1024, 2)
        // Local-memory traffic shows in the PTX mix.
        QVERIFY(!c.disassembly.isEmpty());
        QVERIFY(c.disassembly.first().mix.value(QStringLiteral("st.local")) > 0);
    }

    void tooMuchStaticSharedMemory()
    {
        if (!m_nvcc)
            QSKIP("nvcc is not installed");
        const CompileResult r = compile(QStringLiteral("bigsmem"));
        QVERIFY(!r.implementations.first().ok);
        const Finding* e = findingWith(r.findings, QStringLiteral("compile.error"));
        QVERIFY(e && e->message.contains(u"too much shared data"));
        const Finding* l = findingWith(r.findings, QStringLiteral("launch.invalid-config"));
        QVERIFY(l && l->message.contains(u"65536 bytes of static shared memory"));
    }

    void blockOf2048Threads()
    {
        if (!m_nvcc)
            QSKIP("nvcc is not installed");
        const CompileResult r = compile(QStringLiteral("wide"));
        QVERIFY(r.implementations.first().ok);
        const Finding* l = findingWith(r.findings, QStringLiteral("launch.invalid-config"));
        QVERIFY(l);
        QVERIFY2(l->message.contains(u"2048 threads per block exceed 1024"), qPrintable(l->message));
        QCOMPARE(l->jsonPath, QStringLiteral("/candidates/4/launch"));
    }

    // CUDA 13 dropped sm_70, so the "newer instruction on an older arch" case is cp.async (sm_80) on sm_75.
    void sm80InstructionOnSm75()
    {
        if (!m_nvcc)
            QSKIP("nvcc is not installed");
        const CompileResult r = compile(QStringLiteral("cpasync"), { QStringLiteral("sm_75") });
        QVERIFY(!r.implementations.first().ok);
        const Finding* f = findingWith(r.findings, QStringLiteral("compile.arch-mismatch"));
        QVERIFY(f);
        QVERIFY(f->message.contains(u"cp.async"));
        QCOMPARE(f->file, QStringLiteral("cpasync.cu")); // mapped back from the PTX line
        QCOMPARE(f->line, 6);
    }

    // An arch this nvcc does not name in its own --list-gpu-arch (sm_20) is the toolkit's limit: not compiled for,
    // said as an environment warning, never a compile error of the code; with none left, "not compiled here".
    void archThisNvccLacksIsTheMachines()
    {
        if (!m_nvcc || nvccKnownArchs(findNvcc()).isEmpty())
            QSKIP("no nvcc that lists its archs here");
        const CompileResult some
            = compile(QStringLiteral("good"), { QStringLiteral("sm_20"), QStringLiteral("sm_80") });
        const ImplementationCompile& c = some.implementations.first();
        QVERIFY2(c.ok, qPrintable(c.log));
        QCOMPARE(c.archsNotBuilt, QStringList { QStringLiteral("sm_20") });
        QVERIFY(!c.command.contains(u"compute_20"));
        QVERIFY(findingWith(some.findings, QStringLiteral("env.toolkit-arch")));
        QVERIFY(!hasErrors(some.findings));
        const CompileResult none = compile(QStringLiteral("good"), { QStringLiteral("sm_20") });
        QVERIFY(!none.implementations.first().ok);
        QVERIFY(none.implementations.first().toolMissing);
        QVERIFY(findingWith(none.findings, QStringLiteral("env.toolkit-arch")));
        QVERIFY(!hasErrors(none.findings));
    }

    void twoArchsAtOnce()
    {
        if (!m_nvcc)
            QSKIP("nvcc is not installed");
        const CompileResult r = compile(QStringLiteral("good"), { QStringLiteral("sm_80"), QStringLiteral("sm_90") });
        const ImplementationCompile& c = r.implementations.first();
        QVERIFY(c.ok);
        QCOMPARE(c.kernels.size(), 2);
        QCOMPARE(c.kernels[0].arch, QStringLiteral("sm_80"));
        QCOMPARE(c.kernels[1].arch, QStringLiteral("sm_90"));
        QVERIFY(c.kernels[0].occupancy && c.kernels[1].occupancy);
        // PTX per arch; with cuobjdump and nvdisasm (the CUDA toolkit's or the triton wheel's) SASS per arch after it,
        // each instruction on its source line (-lineinfo)
        QCOMPARE(c.disassembly[0].kind, QStringLiteral("ptx"));
        QCOMPARE(c.disassembly[0].mix.value(QStringLiteral("ld.global.128")), 2);
        int ptx = 0;
        int sass = 0;
        for (const DisassembledKernel& d : c.disassembly) {
            ptx += d.kind == u"ptx";
            if (d.kind == u"sass") {
                ++sass;
                QVERIFY2(std::any_of(d.sourceLines.cbegin(), d.sourceLines.cend(), [](int l) { return l > 0; }),
                    qPrintable(d.arch));
            }
        }
        QCOMPARE(ptx, 2);
        QVERIFY2(sass == 0 || sass == 2, qPrintable(QString::number(sass)));
        QCOMPARE(c.disassembly.size(), ptx + sass);
        QVERIFY(!hasErrors(r.findings));
        const QJsonObject j = r.toJson();
        QCOMPARE(j[u"format"].toString(), QStringLiteral("kwb.compile/1"));
        const QJsonObject k = j[u"implementations"][0][u"kernels"][1].toObject();
        for (const char* key : { "name", "demangled", "arch", "registers", "stack_bytes", "spill_stores", "spill_loads",
                 "smem_bytes", "cmem_bytes", "barriers", "occupancy" })
            QVERIFY2(k.contains(QLatin1StringView(key)), key);
    }

    void cli()
    {
        const QString kwb = KWB_BIN_DIR + QStringLiteral("/kwb");
        if (!QFile::exists(kwb))
            QSKIP("kwb is not built");
        QProcess p;
        p.start(kwb,
            { QStringLiteral("occupancy"), QStringLiteral("--arch"), QStringLiteral("sm_90"), QStringLiteral("--block"),
                QStringLiteral("256"), QStringLiteral("--regs"), QStringLiteral("64"), QStringLiteral("--smem"),
                QStringLiteral("0"), QStringLiteral("--json") });
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject o = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QCOMPARE(o[u"active_blocks"].toInt(), 4);
        QCOMPARE(o[u"occupancy"].toDouble(), 0.5);
        QCOMPARE(o[u"limiter"].toString(), QStringLiteral("registers"));
        QCOMPARE(o[u"arch"].toString(), QStringLiteral("sm_90"));

        // A missing compiler is an environment problem (3), not a failed compile.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KWB_NVCC"), QStringLiteral("/nonexistent/nvcc"));
        p.setProcessEnvironment(env);
        p.start(kwb,
            { QStringLiteral("compile"), kLab, QStringLiteral("--impl"), QStringLiteral("good"),
                QStringLiteral("--json") });
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 3);

        // A failed compile exits 1 with its diagnostics (g++, fast).
        p.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
        p.start(kwb,
            { QStringLiteral("compile"), kLab, QStringLiteral("--impl"), QStringLiteral("host"),
                QStringLiteral("--json") });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        const QJsonObject doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QCOMPARE(doc[u"format"].toString(), QStringLiteral("kwb.compile/1"));
        const QJsonObject d = doc[u"implementations"][0][u"diagnostics"][0].toObject();
        QCOMPARE(d[u"file"].toString(), QStringLiteral("bad.h"));
        QCOMPARE(d[u"line"].toInt(), 4);
        QCOMPARE(d[u"severity"].toString(), QStringLiteral("error"));
    }
};

QTEST_GUILESS_MAIN(TestCompileTask)
#include "tst_compiletask.moc"
