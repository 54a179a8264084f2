// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/cli.h"
#include "core/importers/gpumode.h"
#include "core/importers/kernelbench.h"
#include "core/task/lint.h"
#include "core/task/taskloader.h"
#include "tests/helpers/testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

// The KernelBench and GPU MODE importers on our own fixture problems: what each bundle holds, that it loads and
// lints, and the findings each corner of the formats must produce.
class TestImporters : public QObject {
    Q_OBJECT
private:
    static const ImportedBundle* byId(const ImportSummary& s, const QString& id)
    {
        for (const ImportedBundle& b : s.bundles) {
            if (b.id == id)
                return &b;
        }
        return nullptr;
    }

    static QStringList ids(const Findings& fs)
    {
        QStringList out;
        for (const Finding& f : fs)
            out << f.id;
        return out;
    }

    static QJsonObject json(const QString& path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
    }

    static int cli(const QStringList& args, QString* out = nullptr, QString* err = nullptr)
    {
        QString o, e;
        QTextStream os(&o), es(&e);
        cli::Io io { os, es };
        const int rc = cli::run(QStringList { QStringLiteral("kwb") } + args, io);
        os.flush();
        es.flush();
        if (out)
            *out = o;
        if (err)
            *err = e;
        return rc;
    }

    QTemporaryDir m_tmp;
    std::optional<ImportSummary> m_kb;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        auto s = importKernelBench({ (KWB_FIXTURES_DIR + QStringLiteral("/kernelbench")),
            m_tmp.filePath(QStringLiteral("kb")), (KWB_FIXTURES_DIR + QStringLiteral("/candidates")) });
        QVERIFY2(s, qPrintable(s ? QString() : s.error().oneLine()));
        m_kb = *s;
    }

    void kernelBenchImportsEveryProblem()
    {
        QCOMPARE(m_kb->bundles.size(), 7);
        QCOMPARE(m_kb->failed(), 0);
        for (const ImportedBundle& b : m_kb->bundles) {
            auto loaded = loadTask(b.dir);
            QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().oneLine()));
            QCOMPARE(loaded->task.reference.convention, QStringLiteral("torch_module"));
            QCOMPARE(loaded->task.reference.entry, QStringLiteral("Model"));
            QVERIFY(QFile::exists(QDir(b.dir).filePath(QStringLiteral("spec.md"))));
            QVERIFY(lintBundle(b.dir).loaded);
        }
    }

    // Candidates named by a relative path (as on a command line) are read where they are, and their ModelNew
    // found: the scanner, which runs elsewhere, is handed absolute paths.
    void relativeCandidatePaths()
    {
        const QString here = QDir::currentPath();
        QVERIFY(QDir::setCurrent(KWB_FIXTURES_DIR));
        auto s = importKernelBench({ QStringLiteral("kernelbench/level1/2_Relu_Unit.py"),
            m_tmp.filePath(QStringLiteral("kb-relative")), QStringLiteral("candidates-kernel") });
        QDir::setCurrent(here);
        QVERIFY2(s && s->imported() == 1, qPrintable(s ? QString() : s.error().oneLine()));
        auto loaded = loadTask(s->bundles.first().dir);
        QVERIFY(loaded);
        QCOMPARE(loaded->task.candidates.size(), 3);
        for (const Finding& f : s->bundles.first().findings)
            QVERIFY2(f.id != u"import.missing-definition", qPrintable(f.message));
    }

    void kernelBenchCorners_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<QStringList>("absent");
        QTest::newRow("scalar input") << QStringLiteral("kb-l1-1-scaled_add") << QStringList {}
                                      << QStringList { QStringLiteral("scope.degenerate-output"),
                                             QStringLiteral("import.not-static") };
        QTest::newRow("uniform into relu, tiny")
            << QStringLiteral("kb-l1-2-relu_unit")
            << QStringList { QStringLiteral("scope.degenerate-output"), QStringLiteral("scope.undersized-case"),
                   QStringLiteral("import.missing-definition") }
            << QStringList { QStringLiteral("scope.oversized-case") };
        QTest::newRow("not static") << QStringLiteral("kb-l1-5-dynamic_shape")
                                    << QStringList { QStringLiteral("import.not-static") } << QStringList {};
        QTest::newRow("two outputs, init inputs") << QStringLiteral("kb-l2-3-linear_two_outputs") << QStringList {}
                                                  << QStringList { QStringLiteral("scope.degenerate-output") };
        QTest::newRow("min then clamp, dropout")
            << QStringLiteral("kb-l2-7-norm_min_clamp")
            << QStringList { QStringLiteral("scope.degenerate-output"), QStringLiteral("import.random-in-forward") }
            << QStringList { QStringLiteral("scope.tolerance-too-loose") };
        QTest::newRow("chained constants, self-referencing local, product before relu")
            << QStringLiteral("kb-l1-8-chained_constants") << QStringList {}
            << QStringList { QStringLiteral("import.not-static"), QStringLiteral("scope.degenerate-output"),
                   QStringLiteral("scope.undersized-case") }; // a matmul is compute-bound: small is no finding
        QTest::newRow("softmax too wide and too large")
            << QStringLiteral("kb-l3-4-softmax_huge")
            << QStringList { QStringLiteral("scope.oversized-case"), QStringLiteral("scope.tolerance-too-loose") }
            << QStringList { QStringLiteral("scope.undersized-case") };
    }

    void kernelBenchCorners()
    {
        QFETCH(QString, id);
        QFETCH(QStringList, expected);
        QFETCH(QStringList, absent);
        const ImportedBundle* b = byId(*m_kb, id);
        QVERIFY2(b, qPrintable(id));
        const QStringList found = ids(b->findings);
        for (const QString& e : expected)
            QVERIFY2(found.contains(e), qPrintable(e + QStringLiteral(" missing from ") + found.join(u',')));
        for (const QString& a : absent)
            QVERIFY2(!found.contains(a), qPrintable(a + QStringLiteral(" unexpected in ") + found.join(u',')));
    }

    void kernelBenchManifestAndAnalysis()
    {
        auto scaled = loadTask(byId(*m_kb, QStringLiteral("kb-l1-1-scaled_add"))->dir);
        QVERIFY(scaled);
        QCOMPARE(scaled->task.candidates.size(), 1);
        QCOMPARE(scaled->task.candidates.first().entry, QStringLiteral("ModelNew"));
        QCOMPARE(scaled->task.outputs.first().dtype, DType::Float32);
        QVERIFY(!scaled->task.outputs.first().shapeKnown);
        QCOMPARE(scaled->task.tolerance->atol, 1e-4);
        const QJsonArray items = json(scaled->task.path(QStringLiteral("import.json")))
                                     .value(QStringLiteral("cases"))[0]
                                     .toObject()
                                     .value(QStringLiteral("inputs"))
                                     .toArray();
        QCOMPARE(items.size(), 3);
        QCOMPARE(items[0].toObject().value(QStringLiteral("shape")).toArray(), (QJsonArray { 1027, 2048 }));
        QCOMPARE(items[2].toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("scalar"));
        QCOMPARE(items[2].toObject().value(QStringLiteral("value")).toDouble(), 0.5);

        auto two = loadTask(byId(*m_kb, QStringLiteral("kb-l2-3-linear_two_outputs"))->dir);
        QVERIFY(two);
        QCOMPARE(two->task.outputs.size(), 2);
        QCOMPARE(two->task.outputs[1].dtype, DType::Float16);
        QCOMPARE(two->task.tolerance->rtol, 1e-2);
        const QJsonArray init = json(two->task.path(QStringLiteral("import.json")))
                                    .value(QStringLiteral("cases"))[0]
                                    .toObject()
                                    .value(QStringLiteral("init_inputs"))
                                    .toArray();
        QCOMPARE(init.size(), 3);
        QCOMPARE(init[1].toObject().value(QStringLiteral("value")).toInt(), 1000);
        QFile spec(two->task.path(QStringLiteral("spec.md")));
        QVERIFY(spec.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(spec.readAll());
        QVERIFY2(text.contains(QStringLiteral("nn.Linear")) && text.contains(QStringLiteral("[128, 512]")),
            qPrintable(text));
    }

    // Corners the public problem set has: `h = w = 48`, `n: float = 0.5`, `A = (A + A.T) / 2`, torch.tril(x).
    void kernelBenchStaticCorners()
    {
        auto t = loadTask(byId(*m_kb, QStringLiteral("kb-l1-8-chained_constants"))->dir);
        QVERIFY(t);
        const QJsonObject case0
            = json(t->task.path(QStringLiteral("import.json"))).value(QStringLiteral("cases"))[0].toObject();
        const QJsonArray in = case0.value(QStringLiteral("inputs")).toArray();
        QCOMPARE(in.size(), 2);
        for (const auto& v : in) {
            QCOMPARE(v.toObject().value(QStringLiteral("shape")).toArray(), (QJsonArray { 48, 48 }));
            QCOMPARE(v.toObject().value(QStringLiteral("dtype")).toString(), QStringLiteral("float32"));
        }
        QCOMPARE(
            case0.value(QStringLiteral("init_inputs"))[0].toObject().value(QStringLiteral("value")).toDouble(), 0.5);
        // Operations in evaluation order: the product before the relu that takes it.
        const QJsonArray ops = json(t->task.path(QStringLiteral("import.json")))
                                   .value(QStringLiteral("analysis"))
                                   .toObject()
                                   .value(QStringLiteral("forward_ops"))
                                   .toArray();
        QVERIFY(ops.size() >= 2);
        QCOMPARE(ops[0].toObject().value(QStringLiteral("op")).toString(), QStringLiteral("torch.matmul"));
        QCOMPARE(ops[1].toObject().value(QStringLiteral("op")).toString(), QStringLiteral("F.relu"));
    }

    void kernelBenchBrokenProblemsFailWithPosition()
    {
        auto s = importKernelBench(
            { (KWB_FIXTURES_DIR + QStringLiteral("/kernelbench-broken")), m_tmp.filePath(QStringLiteral("broken")) });
        QVERIFY(s);
        QCOMPARE(s->failed(), 2);
        QVERIFY2(s->bundles[0].error.contains(QStringLiteral("no 'class Model'")), qPrintable(s->bundles[0].error));
        QCOMPARE(s->bundles[1].findings.first().line, 4);
        QVERIFY2(s->bundles[1].error.contains(QStringLiteral("syntax error")), qPrintable(s->bundles[1].error));
    }

    void kernelBenchDatasetRows()
    {
        auto s = importKernelBench({ (KWB_FIXTURES_DIR + QStringLiteral("/kernelbench-dataset.jsonl")),
            m_tmp.filePath(QStringLiteral("ds")) });
        QVERIFY2(s, qPrintable(s ? QString() : s.error().oneLine()));
        QCOMPARE(s->imported(), 2);
        const ImportedBundle* mean = byId(*s, QStringLiteral("kb-l2-12-mean_all"));
        QVERIFY(mean);
        QVERIFY2(ids(mean->findings).contains(QStringLiteral("scope.tolerance-too-loose")),
            qPrintable(ids(mean->findings).join(u',')));
        QVERIFY(json(QDir(mean->dir).filePath(QStringLiteral("import.json")))
                    .value(QStringLiteral("source"))
                    .toObject()
                    .value(QStringLiteral("origin"))
                    .toString()
                    .endsWith(QStringLiteral("kernelbench-dataset.jsonl:2")));
    }

    void gpuModeTasks()
    {
        auto s
            = importGpuMode({ (KWB_FIXTURES_DIR + QStringLiteral("/gpumode")), m_tmp.filePath(QStringLiteral("gm")) });
        QVERIFY2(s, qPrintable(s ? QString() : s.error().oneLine()));
        QCOMPARE(s->imported(), 5);
        const ImportedBundle* py = byId(*s, QStringLiteral("gpumode-vecadd_py"));
        QVERIFY(py);
        auto t = loadTask(py->dir);
        QVERIFY2(t, qPrintable(t ? QString() : t.error().oneLine()));
        QCOMPARE(t->task.reference.convention, QStringLiteral("gpumode"));
        QCOMPARE(t->task.reference.framework, QStringLiteral("numpy"));
        QCOMPARE(t->task.reference.files, (QStringList { QStringLiteral("task.py"), QStringLiteral("utils.py") }));
        QCOMPARE(t->task.cases.size(), 3);
        QCOMPARE(t->task.cases[1].name, QStringLiteral("test-2"));
        QCOMPARE(t->task.cases[1].params.value(QStringLiteral("size")).toInteger(), 1025);
        QCOMPARE(t->task.cases[2].params.value(QStringLiteral("scale")).toDouble(), 0.5);
        QCOMPARE(t->task.tolerance->atol, 1e-6);
        QCOMPARE(t->task.candidates.first().entry, QStringLiteral("custom_kernel"));
        QVERIFY(QFile::exists(QDir(py->dir).filePath(QStringLiteral("LICENSE"))));
        QFile spec(QDir(py->dir).filePath(QStringLiteral("spec.md")));
        QVERIFY(spec.open(QIODevice::ReadOnly));
        QVERIFY(spec.readAll().contains("`LICENSE` travels with this bundle: MIT License"));
        QVERIFY(!ids(py->findings).contains(QStringLiteral("import.no-license")));

        // ref_kernel returns a tuple: one output each, dtypes from the casts in the return (else the description).
        auto quant = loadTask(byId(*s, QStringLiteral("gpumode-quant_py"))->dir);
        QVERIFY2(quant, qPrintable(quant ? QString() : quant.error().oneLine()));
        QCOMPARE(quant->task.outputs.size(), 2);
        QCOMPARE(quant->task.outputs[0].dtype, DType::Float32);
        QCOMPARE(quant->task.outputs[1].dtype, DType::Float64);
        QCOMPARE(t->task.outputs.size(), 1);

        // The public set's corners: a named tuple returned by a torch call (torch.linalg.qr: two outputs), dtypes
        // followed from generate_input through unpacking, arithmetic and dtype=x.dtype, and generate_input arguments
        // no case gives (a distributed task's RANK and process group) as a finding, not a crash at run time.
        const ImportedBundle* rs = byId(*s, QStringLiteral("gpumode-rs_qr_py"));
        QVERIFY(rs);
        auto rsTask = loadTask(rs->dir);
        QVERIFY2(rsTask, qPrintable(rsTask ? QString() : rsTask.error().oneLine()));
        QCOMPARE(rsTask->task.outputs.size(), 2);
        QCOMPARE(rsTask->task.outputs[0].dtype, DType::Float64);
        QCOMPARE(rsTask->task.outputs[1].dtype, DType::Float64);
        QCOMPARE(rsTask->task.cases[1].params.value(QStringLiteral("blocks")).toArray(), (QJsonArray { 32, 16, 16 }));
        QVERIFY2(ids(rs->findings).contains(QStringLiteral("import.case-arguments")),
            qPrintable(ids(rs->findings).join(u',')));
        for (const Finding& f : rs->findings)
            if (f.id == u"import.case-arguments")
                QVERIFY2(f.file == u"reference.py" && f.message.contains(QStringLiteral("RANK, GROUP")),
                    qPrintable(f.message));
        QVERIFY(!ids(py->findings).contains(QStringLiteral("import.case-arguments")));
        // A module with random initial weights built inside ref_kernel: the output does not follow the case's seed.
        const ImportedBundle* linear = byId(*s, QStringLiteral("gpumode-linear_py"));
        QVERIFY(linear);
        QVERIFY2(ids(linear->findings).contains(QStringLiteral("import.random-in-forward")),
            qPrintable(ids(linear->findings).join(u',')));
        QVERIFY(!ids(rs->findings).contains(QStringLiteral("import.random-in-forward")));

        const ImportedBundle* cu = byId(*s, QStringLiteral("gpumode-vecadd_cu"));
        QVERIFY(cu);
        QVERIFY(ids(cu->findings).contains(QStringLiteral("import.unsupported-lang")));
        QVERIFY(QFile::exists(QDir(cu->dir).filePath(QStringLiteral("submission/submission.cu"))));
        QVERIFY(loadTask(cu->dir));
    }

    // custom_kernel (GPU MODE) and ModelNew (KernelBench) bound any way Python allows, read from the syntax tree:
    // never a search for the text "def custom_kernel" (which a comment satisfies and torch.compile does not).
    void entryBindings_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("finding"); // the import finding expected on the candidate, empty: none
        QTest::newRow("def") << QStringLiteral("def custom_kernel(data):\n    return data\n") << QString();
        QTest::newRow("torch.compile") << QStringLiteral(
            "import torch\n\n\ndef _impl(data):\n    return data\n\n\n"
            "custom_kernel = torch.compile(_impl, mode='reduce-overhead')\n")
                                       << QString();
        QTest::newRow("imported") << QStringLiteral("from fast_impl import custom_kernel  # noqa\n") << QString();
        QTest::newRow("callable instance") << QStringLiteral(
            "class Impl:\n    def __call__(self, data):\n        return data\n\n\n"
            "custom_kernel = Impl()\n") << QString();
        QTest::newRow("tuple target, inside try")
            << QStringLiteral("try:\n    custom_kernel, other = (lambda d: d), None\nexcept ImportError:\n    raise\n")
            << QString();
        QTest::newRow("star import") << QStringLiteral("from impl import *\n") << QStringLiteral("import.not-static");
        QTest::newRow("only in a comment")
            << QStringLiteral("# def custom_kernel(data): see below\ndef custom_kernels(data):\n    return data\n")
            << QStringLiteral("import.missing-definition");
    }
    void entryBindings()
    {
        QFETCH(QString, code);
        QFETCH(QString, finding);
        const QString dir = m_tmp.filePath(QStringLiteral("bind-") + QString::fromLatin1(QTest::currentDataTag()));
        QVERIFY(QDir().mkpath(dir));
        for (const auto& [name, text] : { std::pair { QStringLiteral("submission.py"), code },
                 std::pair { QStringLiteral("level1/1_Scaled_Add_bound.py"),
                     QString(code).replace(QStringLiteral("custom_kernel"), QStringLiteral("ModelNew")) } }) {
            QVERIFY(QDir(dir).mkpath(QFileInfo(QDir(dir).filePath(name)).path()));
            QFile f(QDir(dir).filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text.toUtf8());
        }
        auto gm = importGpuMode({ KWB_FIXTURES_DIR + QStringLiteral("/gpumode/vecadd_py"), dir + QStringLiteral("/gm"),
            dir + QStringLiteral("/submission.py") });
        QVERIFY(gm && gm->imported() == 1);
        auto kb = importKernelBench({ KWB_FIXTURES_DIR + QStringLiteral("/kernelbench/level1/1_Scaled_Add.py"),
            dir + QStringLiteral("/kb"), dir });
        QVERIFY(kb && kb->imported() == 1);
        for (const Findings& found : { gm->bundles.first().findings, kb->bundles.first().findings }) {
            QStringList mine;
            for (const Finding& f : found)
                if (f.id.startsWith(QStringLiteral("import."))
                    && (f.file.contains(QStringLiteral("submission"))
                        || f.file.contains(QStringLiteral("candidates/"))))
                    mine << f.id;
            QVERIFY2(finding.isEmpty() ? mine.isEmpty() : mine == QStringList { finding }, qPrintable(mine.join(u',')));
        }
    }

    void gpuModeYamlErrorNamesTheLine()
    {
        auto s = importGpuMode(
            { (KWB_FIXTURES_DIR + QStringLiteral("/gpumode-bad")), m_tmp.filePath(QStringLiteral("bad")) });
        QVERIFY(s);
        QCOMPARE(s->failed(), 1);
        QVERIFY2(s->bundles.first().error.contains(QStringLiteral("task.yml:")), qPrintable(s->bundles.first().error));
        QVERIFY(s->bundles.first().findings.first().line >= 4);
    }

    void cliSubcommands()
    {
        QString out, err;
        QCOMPARE(cli({ QStringLiteral("import"), QStringLiteral("kernelbench"),
                         (KWB_FIXTURES_DIR + QStringLiteral("/kernelbench/level1")), QStringLiteral("-o"),
                         m_tmp.filePath(QStringLiteral("cli")) },
                     &out, &err),
            0);
        QVERIFY2(out.contains(QStringLiteral("kwb import kernelbench: 4 imported, 0 failed")), qPrintable(out + err));
        QCOMPARE(cli({ QStringLiteral("import"), QStringLiteral("kernelbench"),
                         (KWB_FIXTURES_DIR + QStringLiteral("/kernelbench-broken")), QStringLiteral("-o"),
                         m_tmp.filePath(QStringLiteral("cli2")) },
                     &out),
            1);
        QCOMPARE(cli({ QStringLiteral("import"), QStringLiteral("gpumode") }, nullptr, &err), 2);
        QVERIFY(err.contains(QStringLiteral("expected one PATH and -o DIR")));
        // The review import keeps working: a missing file is a one-line error naming it.
        QCOMPARE(cli({ QStringLiteral("import"), m_tmp.filePath(QStringLiteral("missing.json")) }, nullptr, &err), 2);
        QVERIFY2(err.contains(QStringLiteral("missing.json")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestImporters)
#include "tst_importers.moc"
