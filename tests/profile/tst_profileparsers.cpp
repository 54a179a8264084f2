// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The profiler output parsers on fixture files (see fixtures/README.md) and on inline cases: the CSV reader,
// ncu's raw and details pages, compute-sanitizer's four tools, perf stat -x,.
#include "core/profile/csvreader.h"
#include "core/profile/ncumetrics.h"
#include "core/profile/perfstat.h"
#include "core/profile/sanitizer.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QTest>

using namespace kwb;

namespace {
QByteArray fixture(const QString& name)
{
    QFile f((KWB_FIXTURES_DIR + QStringLiteral("/")) + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return f.readAll();
}

constexpr double kNone = -1; // "the metric is absent" in the tables below
double orNone(const std::optional<double>& v)
{
    return v ? *v : kNone;
}
} // namespace

class TstProfileParsers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void csvFields_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("row");
        QTest::newRow("plain") << QByteArray("a,b,c\n1,2,3\n")
                               << QStringList { QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3") };
        QTest::newRow("quoted comma") << QByteArray("a,b\n\"x, y\",2\n")
                                      << QStringList { QStringLiteral("x, y"), QStringLiteral("2") };
        QTest::newRow("doubled quotes") << QByteArray("a,b\n\"say \"\"hi\"\"\",2\n")
                                        << QStringList { QStringLiteral("say \"hi\""), QStringLiteral("2") };
        QTest::newRow("crlf") << QByteArray("a,b\r\n1,2\r\n")
                              << QStringList { QStringLiteral("1"), QStringLiteral("2") };
        QTest::newRow("line break in quotes")
            << QByteArray("a,b\n\"one\ntwo\",2\n") << QStringList { QStringLiteral("one\ntwo"), QStringLiteral("2") };
        QTest::newRow("empty fields") << QByteArray("a,b,c\n,,\n")
                                      << QStringList { QStringLiteral(""), QStringLiteral(""), QStringLiteral("") };
        QTest::newRow("short row padded")
            << QByteArray("a,b,c\n1\n") << QStringList { QStringLiteral("1"), QStringLiteral(""), QStringLiteral("") };
        QTest::newRow("bom") << QByteArray("\xEF\xBB\xBF"
                                           "a,b\n1,2")
                             << QStringList { QStringLiteral("1"), QStringLiteral("2") };
    }
    void csvFields()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, row);
        auto t = parseCsv(text, QStringLiteral("t.csv"));
        QVERIFY2(t.ok(), qPrintable(t ? QString() : t.error().oneLine()));
        QCOMPARE(t->rows.size(), 1);
        QCOMPARE(t->rows.first(), row);
        QCOMPARE(t->header.first(), QStringLiteral("a"));
    }

    void csvErrors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("unterminated") << QByteArray("a,b\n1,2\n\"open,3\n")
                                      << QStringLiteral("t.csv: line 3: unterminated quoted field");
        QTest::newRow("too wide") << QByteArray("a,b\n1,2\n1,2,3\n")
                                  << QStringLiteral("t.csv: line 3: 3 fields, the header has 2");
        QTest::newRow("empty") << QByteArray("") << QStringLiteral("t.csv: empty CSV");
    }
    void csvErrors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        auto t = parseCsv(text, QStringLiteral("t.csv"));
        QVERIFY(!t.ok());
        QCOMPARE(t.error().oneLine(), message);
    }

    void numbers_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("value"); // kNone: not a number
        QTest::newRow("plain") << QStringLiteral("68672") << 68672.0;
        QTest::newRow("decimal") << QStringLiteral("21.37") << 21.37;
        QTest::newRow("thousands") << QStringLiteral("2,931,221,374,045.80") << 2931221374045.80;
        QTest::newRow("one group") << QStringLiteral("1,000") << 1000.0;
        QTest::newRow("european") << QStringLiteral("11.765,5") << 11765.5;
        QTest::newRow("european groups") << QStringLiteral("1.234.567") << 1234567.0;
        QTest::newRow("decimal comma") << QStringLiteral("12,75") << 12.75;
        QTest::newRow("exponent") << QStringLiteral("1.5e-3") << 0.0015;
        QTest::newRow("percent") << QStringLiteral("88.4 %") << 88.4;
        QTest::newRow("negative") << QStringLiteral("-3") << -3.0;
        QTest::newRow("n/a") << QStringLiteral("n/a") << kNone;
        QTest::newRow("N/A") << QStringLiteral("N/A") << kNone;
        QTest::newRow("empty") << QStringLiteral("") << kNone;
        QTest::newRow("dash") << QStringLiteral("-") << kNone;
        QTest::newRow("text") << QStringLiteral("Hopper") << kNone;
    }
    void numbers()
    {
        QFETCH(QString, text);
        QFETCH(double, value);
        const auto v = parseLocaleNumber(text);
        if (value == kNone) {
            QVERIFY(!v);
        } else {
            QVERIFY(v);
            QCOMPARE(*v, value);
        }
    }

    void ncuRaw()
    {
        auto k = parseNcuCsv(fixture(QStringLiteral("ncu-raw.csv")), QStringLiteral("ncu-raw.csv"));
        QVERIFY2(k.ok(), qPrintable(k ? QString() : k.error().oneLine()));
        QCOMPARE(k->size(), 2);
        const KernelProfile& add = k->at(0);
        QCOMPARE(add.kernel, QStringLiteral("vector_add"));
        QCOMPARE(add.device, QStringLiteral("NVIDIA H100 80GB HBM3"));
        QCOMPARE(add.grid, QStringLiteral("(65536, 1, 1)"));
        QCOMPARE(*add.durationNs, 68672.0);
        QCOMPARE(*add.dramBytesRead, 134217728.0);
        QCOMPARE(*add.dramBytesWritten, 67108864.0);
        QCOMPARE(*add.dramBytesPerS, 2931221374045.80);
        QCOMPARE(*add.flops, 16777216.0); // fadd only
        QVERIFY(qFuzzyCompare(*add.flopsPerS, 16777216.0 / 68672e-9));
        QCOMPARE(*add.loadSectorsPerRequest, 4.0);
        QCOMPARE(*add.storeSectorsPerRequest, 4.0);
        QCOMPARE(*add.registersPerThread, 16.0);
        QCOMPARE(*add.sharedMemoryPerBlockBytes, 0.0);
        QCOMPARE(*add.achievedOccupancyPct, 83.12);
        QCOMPARE(*add.smThroughputPct, 21.37);
        QCOMPARE(*add.memoryThroughputPct, 88.41);

        const KernelProfile& gemm = k->at(1);
        QCOMPARE(gemm.launchId, 1);
        QCOMPARE(gemm.kernel,
            QStringLiteral(
                "void gemm_tiled<32, 8>(float const*, float const*, float*, int, int, int) [with \"tf32\" off]"));
        QCOMPARE(*gemm.flops, 2.0 * 1073741824.0); // FMAs count twice
        QCOMPARE(*gemm.durationNs, 40672.5);
        QCOMPARE(*gemm.sharedMemoryPerBlockBytes, 8192.0);
        QCOMPARE(*gemm.sharedBankConflicts, 128.0); // the st counter is n/a: only ld counts
        QCOMPARE(*gemm.loadSectorsPerRequest, 4.0);
        QCOMPARE(gemm.raw.size(), 18); // 19 metric columns, one n/a
    }

    void ncuUnitsAndLocale_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("durationNs");
        QTest::addColumn<double>("read");
        QTest::addColumn<double>("written");
        QTest::addColumn<double>("bytesPerS");
        QTest::addColumn<double>("smemBytes");
        QTest::addColumn<double>("occupancy");
        QTest::newRow("scaled units") << QStringLiteral("ncu-raw-units.csv") << 11070.0 << 16.78e6 << 16380.0 << 1.52e12
                                      << 1000.0 << kNone;
        // No per_second metric: (read + written) / duration.
        QTest::newRow("european locale") << QStringLiteral("ncu-raw-locale.csv") << 11765.5 << 1234567.0 << 2048000.0
                                         << (1234567.0 + 2048000.0) / 11765.5e-9 << kNone << kNone;
        QTest::newRow("details page") << QStringLiteral("ncu-details.csv") << 5120.0 << 4194304.0 << 4194304.0
                                      << 8388608.0 / 5120e-9 << kNone << kNone;
    }
    void ncuUnitsAndLocale()
    {
        QFETCH(QString, file);
        auto k = parseNcuCsv(fixture(file), file);
        QVERIFY2(k.ok(), qPrintable(k ? QString() : k.error().oneLine()));
        QCOMPARE(k->size(), 1);
        const KernelProfile& p = k->first();
        QFETCH(double, durationNs);
        QFETCH(double, read);
        QFETCH(double, written);
        QFETCH(double, bytesPerS);
        QFETCH(double, smemBytes);
        QFETCH(double, occupancy);
        QVERIFY(qFuzzyCompare(orNone(p.durationNs), durationNs));
        QVERIFY(qFuzzyCompare(orNone(p.dramBytesRead), read));
        QVERIFY(qFuzzyCompare(orNone(p.dramBytesWritten), written));
        QVERIFY(qFuzzyCompare(orNone(p.dramBytesPerS), bytesPerS));
        QCOMPARE(orNone(p.sharedMemoryPerBlockBytes), smemBytes);
        QCOMPARE(orNone(p.achievedOccupancyPct), occupancy);
        QCOMPARE(orNone(p.registersPerThread), kNone); // n/a in the details fixture, absent elsewhere
    }

    void ncuDetailsStoreSectors()
    {
        auto k = parseNcuCsv(fixture(QStringLiteral("ncu-details.csv")), QStringLiteral("ncu-details.csv"));
        QVERIFY(k.ok());
        QCOMPARE(*k->first().storeSectorsPerRequest, 32.0); // the uncoalesced transpose store
        QCOMPARE(k->first().kernel, QStringLiteral("transpose(float const*, float*, long, long)"));
    }

    void ncuErrors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("bad quote") << fixture(QStringLiteral("ncu-bad-quote.csv"))
                                   << QStringLiteral("ncu.csv: line 3: unterminated quoted field");
        QTest::newRow("no table") << QByteArray("==PROF== Connected to process 1\n==ERROR== ERR_NVGPUCTRPERM\n")
                                  << QStringLiteral("ncu.csv: no CSV header with a 'Kernel Name' column");
        QTest::newRow("no ID column") << QByteArray("\"Kernel Name\",\"x\"\n\"k\",\"1\"\n")
                                      << QStringLiteral("ncu.csv: no CSV header with a 'Kernel Name' column");
    }
    void ncuErrors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        auto k = parseNcuCsv(text, QStringLiteral("ncu.csv"));
        QVERIFY(!k.ok());
        QCOMPARE(k.error().oneLine(), message);
    }

    void ncuNoKernels()
    {
        auto k = parseNcuCsv("==PROF== No kernels were profiled.\n", QStringLiteral("ncu.csv"));
        QVERIFY(k.ok());
        QVERIFY(k->isEmpty());
    }

    void ncuMetricList()
    {
        QStringList m = ncuMetricNames();
        QVERIFY(m.contains(QStringLiteral("gpu__time_duration.sum")));
        QVERIFY(m.contains(QStringLiteral("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum")));
        QCOMPARE(m.removeDuplicates(), 0);
    }

    void sanitizer_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<int>("errors"); // error blocks parsed
        QTest::addColumn<int>("summary"); // -1: no summary line
        QTest::addColumn<QStringList>("findings"); // "severity id file:line count"
        QTest::newRow("memcheck") << QStringLiteral("memcheck.txt") << QStringLiteral("memcheck") << 3 << 4
                                  << QStringList { QStringLiteral("error runtime.memcheck candidate.cu:27 2"),
                                         QStringLiteral("error runtime.memcheck candidate.cu:31 1") };
        QTest::newRow("memcheck, older format")
            << QStringLiteral("memcheck-old.txt") << QStringLiteral("memcheck") << 2 << 2
            << QStringList { QStringLiteral("error runtime.memcheck :0 1"),
                   QStringLiteral("error runtime.memcheck candidate.py:34 1") };
        QTest::newRow("racecheck") << QStringLiteral("racecheck.txt") << QStringLiteral("racecheck") << 2 << 1
                                   << QStringList { QStringLiteral("error runtime.race candidate.cu:18 1"),
                                          QStringLiteral("warning runtime.race candidate.cu:20 1") };
        QTest::newRow("initcheck") << QStringLiteral("initcheck.txt") << QStringLiteral("initcheck") << 1 << 1
                                   << QStringList { QStringLiteral("error runtime.initcheck candidate.cu:44 1") };
        QTest::newRow("synccheck") << QStringLiteral("synccheck.txt") << QStringLiteral("synccheck") << 1 << 1
                                   << QStringList { QStringLiteral("error runtime.synccheck candidate.cu:52 1") };
        QTest::newRow("clean") << QStringLiteral("clean.txt") << QStringLiteral("memcheck") << 0 << 0 << QStringList {};
        QTest::newRow("summary only") << QStringLiteral("") << QStringLiteral("memcheck") << 0 << 3
                                      << QStringList { QStringLiteral("error runtime.memcheck :0 -") };
    }
    void sanitizer()
    {
        QFETCH(QString, file);
        QFETCH(QString, tool);
        QFETCH(int, errors);
        QFETCH(int, summary);
        QFETCH(QStringList, findings);
        const QString text
            = file.isEmpty() ? QStringLiteral("========= ERROR SUMMARY: 3 errors\n") : QString::fromUtf8(fixture(file));
        const SanitizerReport r = parseSanitizerOutput(text, tool);
        QCOMPARE(r.errors.size(), errors);
        QCOMPARE(r.summaryErrors.value_or(-1), summary);
        const Findings fs = sanitizerFindings(r, QStringLiteral("cand"), QStringLiteral("small"));
        QStringList got;
        for (const Finding& f : fs) {
            QCOMPARE(f.impl, QStringLiteral("cand"));
            QCOMPARE(f.caseName, QStringLiteral("small"));
            got << QStringLiteral("%1 %2 %3:%4 %5")
                       .arg(severityName(f.severity), f.id, f.file)
                       .arg(f.line)
                       .arg(f.evidence.contains(QStringLiteral("count"))
                               ? QString::number(f.evidence.value(QStringLiteral("count")).toInt())
                               : QStringLiteral("-"));
        }
        QCOMPARE(got, findings);
    }

    void sanitizerDetails()
    {
        const SanitizerReport r = parseSanitizerOutput(
            QString::fromUtf8(fixture(QStringLiteral("memcheck.txt"))), QStringLiteral("memcheck"));
        const SanitizerError& e = r.errors.first();
        QCOMPARE(e.kind, QStringLiteral("Invalid __global__ read of size 4 bytes"));
        QCOMPARE(e.kernel, QStringLiteral("transpose_tiled(const float *, float *, long, long)"));
        QCOMPARE(e.offset, QStringLiteral("0x1f0"));
        QVERIFY(e.address.startsWith(QStringLiteral("Access to 0x7f3a9c0fd004 is out of bounds and is 5 bytes after")));
        QCOMPARE(r.notes.size(), 1);
        QVERIFY(r.notes.first().startsWith(QStringLiteral("Program hit cudaErrorLaunchFailure")));
        const Findings fs = sanitizerFindings(r, QStringLiteral("c"), QStringLiteral("k"));
        QVERIFY(fs.first().message.contains(QStringLiteral("2 times")));
        QCOMPARE(fs.first().evidence.value(QStringLiteral("lines")).toArray().size(), 7);

        const SanitizerReport old = parseSanitizerOutput(
            QString::fromUtf8(fixture(QStringLiteral("memcheck-old.txt"))), QStringLiteral("memcheck"));
        QCOMPARE(old.errors.at(0).kernel, QStringLiteral("row_sum(float const *, float*, int)"));
        QCOMPARE(old.errors.at(1).kernel, QStringLiteral("add_kernel_0d1d2d3"));
        QCOMPARE(old.errors.at(1).file, QStringLiteral("/tmp/kwb/candidate.py"));
    }

    void sanitizerIds()
    {
        QCOMPARE(sanitizerFindingId(QStringLiteral("memcheck")), QStringLiteral("runtime.memcheck"));
        QCOMPARE(sanitizerFindingId(QStringLiteral("racecheck")), QStringLiteral("runtime.race"));
        QCOMPARE(sanitizerFindingId(QStringLiteral("initcheck")), QStringLiteral("runtime.initcheck"));
        QCOMPARE(sanitizerFindingId(QStringLiteral("synccheck")), QStringLiteral("runtime.synccheck"));
    }

    void perf_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("counters");
        QTest::addColumn<double>("taskClockMs");
        QTest::addColumn<double>("instructions"); // kNone: not supported
        QTest::addColumn<double>("ipc"); // kNone: not computable
        QTest::newRow("with a PMU") << QStringLiteral("perf-stat.txt") << 10 << 412.31 << 3986352216.0
                                    << 3986352216.0 / 1484518771.0;
        QTest::newRow("VM without counters") << QStringLiteral("perf-stat-vm.txt") << 5 << kNone << kNone << kNone;
    }
    void perf()
    {
        QFETCH(QString, file);
        QFETCH(int, counters);
        QFETCH(double, taskClockMs);
        QFETCH(double, instructions);
        QFETCH(double, ipc);
        auto r = parsePerfStat(QString::fromUtf8(fixture(file)), file);
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().oneLine()));
        QCOMPARE(r->counters.size(), counters);
        for (const PerfCounter& c : r->counters) {
            if (c.event == u"task-clock") {
                QCOMPARE(c.unit, QStringLiteral("msec"));
                if (taskClockMs != kNone)
                    QCOMPARE(*c.value, taskClockMs);
                else
                    QVERIFY(c.value && *c.value > 0); // recorded: some fraction of a millisecond
            }
            if (c.event == u"instructions") {
                QCOMPARE(orNone(c.value), instructions);
                if (instructions == kNone)
                    QCOMPARE(c.note, QStringLiteral("not supported"));
            }
            if (c.event == u"cycles" && instructions != kNone)
                QCOMPARE(c.runningPct, 80.0);
        }
        QCOMPARE(orNone(r->instructionsPerCycle), ipc);
    }

    void perfLines_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("event"); // empty: an error is expected
        QTest::newRow("program output skipped")
            << QStringLiteral("hello, world\n12,,cycles:u,100,100.00,,\n") << QStringLiteral("cycles:u");
        QTest::newRow("pmu event with commas") << QStringLiteral("7,,cpu/event=0x3c,umask=0x0/,100,100.00,,\n")
                                               << QStringLiteral("cpu/event=0x3c,umask=0x0/");
        QTest::newRow("not counted") << QStringLiteral("<not counted>,,branches,0,0.00,,\n")
                                     << QStringLiteral("branches");
        QTest::newRow("truncated") << QStringLiteral("12,\n") << QStringLiteral("");
    }
    void perfLines()
    {
        QFETCH(QString, text);
        QFETCH(QString, event);
        auto r = parsePerfStat(text, QStringLiteral("perf.txt"));
        if (event.isEmpty()) {
            QVERIFY(!r.ok());
            QVERIFY(r.error().oneLine().startsWith(QStringLiteral("perf.txt: line 1: ")));
            return;
        }
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().oneLine()));
        QCOMPARE(r->counters.size(), 1);
        QCOMPARE(r->counters.first().event, event);
    }
};

QTEST_GUILESS_MAIN(TstProfileParsers)
#include "tst_profileparsers.moc"
