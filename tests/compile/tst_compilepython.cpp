// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// compileTask() on python implementations (tests/fixtures/compile/pylab) with the runner python: byte-compile
// errors and import failures on their lines, the import check in the sandbox (the bundle is read-only there),
// the Triton ahead-of-time compile or the reason it was not done, and a compile stopped through its cancel flag.
#include "core/compile/compiler.h"
#include "core/env/toolprobe.h"
#include "core/exec/toolrun.h"
#include "core/task/taskloader.h"
#include "tests/helpers/testpaths.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>

using namespace kwb;

namespace {
const QString kLab = KWB_SOURCE_DIR + QStringLiteral("/tests/fixtures/compile/pylab");
}

class TestCompilePython : public QObject {
    Q_OBJECT
    Task m_task;

    ImplementationCompile compile(const QString& id)
    {
        CompileRequest req;
        req.implIds = { id };
        auto r = compileTask(m_task, req);
        if (!r)
            qFatal("%s", qPrintable(r.error().oneLine()));
        if (r->implementations.size() != 1)
            qFatal("expected one implementation");
        return r->implementations.first();
    }

    static bool sandboxMissing(const ImplementationCompile& c)
    {
        for (const QString& n : c.notes) {
            if (n.startsWith(u"import check not run"))
                return true;
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (runnerPython().isEmpty())
            QSKIP("no python3 on this machine");
        auto t = loadTask(kLab);
        QVERIFY2(t.ok(), t ? "" : qPrintable(t.error().oneLine()));
        m_task = t->task;
    }

    void errorsOnTheirLines_data()
    {
        QTest::addColumn<QString>("impl");
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        QTest::newRow("syntax error") << "syntax"
                                      << "syntax.py" << 4 << "SyntaxError";
        QTest::newRow("raises at import") << "raises"
                                          << "raises.py" << 4 << "KeyError";
        QTest::newRow("no entry") << "noentry"
                                  << "noentry.py" << 0 << "no callable 'copy'";
        QTest::newRow("writes in the bundle") << "writer"
                                              << "writer.py" << 4 << "Read-only file system";
    }

    void errorsOnTheirLines()
    {
        QFETCH(QString, impl);
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, message);
        const ImplementationCompile c = compile(impl);
        if (sandboxMissing(c))
            QSKIP(qPrintable(c.notes.join(u"; ")));
        QVERIFY(!c.ok);
        QVERIFY(!c.toolMissing);
        QVERIFY2(c.command.contains(runnerPython()), qPrintable(c.command));
        QCOMPARE(c.compilerVersion, probeOutput(runnerPython(), { QStringLiteral("--version") }).trimmed());
        QCOMPARE(c.diagnostics.size(), 1);
        const Diagnostic& d = c.diagnostics.first();
        QCOMPARE(diagnosticSeverityName(d.severity), QStringLiteral("error"));
        QCOMPARE(d.file, file);
        QCOMPARE(d.line, line);
        QVERIFY2(d.message.contains(message), qPrintable(d.message));
        QCOMPARE(d.tool, QStringLiteral("python"));
        QVERIFY(!QFile::exists(kLab + QStringLiteral("/written-at-import.txt")));
    }

    void cleanModuleImports()
    {
        const ImplementationCompile c = compile(QStringLiteral("reference"));
        if (sandboxMissing(c))
            QSKIP(qPrintable(c.notes.join(u"; ")));
        QVERIFY2(c.ok, qPrintable(c.log));
        QVERIFY(c.diagnostics.isEmpty());

        // A CPU target's arch means nothing to the python check (only nvcc and Triton take archs).
        CompileRequest req;
        req.implIds = { QStringLiteral("reference") };
        req.archs = { QStringLiteral("x86-64") };
        auto r = compileTask(m_task, req);
        QVERIFY2(r.ok(), r ? "" : qPrintable(r.error().oneLine()));
        QVERIFY(r->implementations.first().ok);
        req.implIds = { QStringLiteral("triton") };
        QVERIFY(!compileTask(m_task, req).ok()); // a Triton kernel needs a GPU arch
    }

    void tritonKernels()
    {
        const ImplementationCompile c = compile(QStringLiteral("triton"));
        if (sandboxMissing(c))
            QSKIP(qPrintable(c.notes.join(u"; ")));
        const bool hasTriton
            = probeOutput(runnerPython(), { QStringLiteral("-c"), QStringLiteral("import triton, torch") }).isEmpty();
        if (!hasTriton) {
            // Not installed: nothing compiled, and the notes say why (a missing framework, not a candidate error).
            QVERIFY(c.toolMissing);
            QVERIFY(c.diagnostics.isEmpty());
            const QString notes = c.notes.join(u'\n');
            QVERIFY2(notes.contains(u"Triton ahead-of-time compile not done: triton is not installed for"),
                qPrintable(notes));
            QVERIFY2(notes.contains(u"is not installed for"), qPrintable(notes));
            return;
        }
        QVERIFY2(c.ok, qPrintable(c.log));
        QStringList kinds;
        for (const DisassembledKernel& k : c.disassembly) {
            QCOMPARE(k.arch, QStringLiteral("sm_90"));
            kinds << k.kind;
        }
        QVERIFY2(kinds.contains(u"ptx") && kinds.contains(u"ttir") && kinds.contains(u"ttgir"),
            qPrintable(kinds.join(u',')));
    }

    void cancelKillsTheCompiler()
    {
        // A module whose import never ends: only the cancel flag ends the compile, long before the timeout.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QFile::copy(kLab + QStringLiteral("/task.json"), dir.filePath(QStringLiteral("task.json"))));
        for (const QString& f : QDir(kLab).entryList({ QStringLiteral("*.py") }))
            QVERIFY(QFile::copy(kLab + u'/' + f, dir.filePath(f)));
        QFile hang(dir.filePath(QStringLiteral("raises.py")));
        QVERIFY(hang.open(QIODevice::WriteOnly | QIODevice::Truncate));
        hang.write("import time\nwhile True:\n    time.sleep(0.05)\n");
        hang.close();
        auto t = loadTask(dir.path());
        QVERIFY(t.ok());
        std::atomic_bool cancel { false };
        CompileRequest req;
        req.implIds = { QStringLiteral("raises") };
        req.timeoutMs = 120000;
        std::thread stopper([&cancel] {
            std::this_thread::sleep_for(std::chrono::milliseconds(1500));
            cancel = true;
        });
        QElapsedTimer timer;
        timer.start();
        auto r = compileTask(t->task, req, JobContext { {}, {}, &cancel });
        stopper.join();
        QVERIFY(!r);
        QVERIFY(r.error().isStopped());
        QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
    }
};

QTEST_GUILESS_MAIN(TestCompilePython)
#include "tst_compilepython.moc"
