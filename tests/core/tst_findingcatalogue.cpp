// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnose/failureclass.h"
#include "core/findingcatalogue.h"
#include "tests/helpers/testpaths.h"

#include <QDirIterator>
#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace kwb;

Q_DECLARE_METATYPE(kwb::FindingOrigin)

namespace {

// A literal `"<area>.<name>"` whose name is one of these is a file the code reads or writes (`import.json`, the
// importers' record), never a finding id: an id names a check in words.
const QStringList kFileExtensions { QStringLiteral("json"), QStringLiteral("jsonl"), QStringLiteral("yml"),
    QStringLiteral("yaml"), QStringLiteral("py"), QStringLiteral("md"), QStringLiteral("txt"), QStringLiteral("csv"),
    QStringLiteral("html"), QStringLiteral("log"), QStringLiteral("h"), QStringLiteral("cpp"), QStringLiteral("cu"),
    QStringLiteral("npy") };

/// Every finding-id literal of the product's sources — C++ of core/, ui/ and app/, and the python the runners run
/// (resources/harness/) — with where it was first seen: a double-quoted literal that is exactly `<area>.<name>`,
/// the area one of the catalogue's, the name lowercase words joined by `-` or `_`, not a file extension.
QMap<QString, QString> idLiterals(const QString& root)
{
    const QRegularExpression literal(QStringLiteral("\"((?:%1)\\.([a-z][a-z0-9_-]*))\"")
                                         .arg(findingAreas().join(u'|').replace(u'.', QStringLiteral("\\."))));
    QMap<QString, QString> found;
    const QStringList cpp { QStringLiteral("*.cpp"), QStringLiteral("*.h") };
    const QList<std::pair<QString, QStringList>> folders { { QStringLiteral("core"), cpp },
        { QStringLiteral("ui"), cpp }, { QStringLiteral("app"), cpp },
        { QStringLiteral("resources/harness"), { QStringLiteral("*.py") } } };
    for (const auto& [folder, patterns] : folders) {
        QDirIterator it(root + u'/' + folder, patterns, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (!f.open(QIODevice::ReadOnly))
                continue;
            const QStringList lines = QString::fromUtf8(f.readAll()).split(u'\n');
            for (qsizetype n = 0; n < lines.size(); ++n) {
                for (const QRegularExpressionMatch& m : literal.globalMatch(lines[n])) {
                    if (!kFileExtensions.contains(m.captured(2)) && !found.contains(m.captured(1)))
                        found.insert(
                            m.captured(1), QStringLiteral("%1:%2").arg(f.fileName().mid(root.size() + 1)).arg(n + 1));
                }
            }
        }
    }
    return found;
}

struct DocRow {
    QSet<QChar> severities;
    QString origin;
};

/// The rows of docs/findings.md's id tables (header `| id | sev | origin | what |`), by id.
QMap<QString, DocRow> documentedIds(const QString& path, QStringList& duplicates)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    QMap<QString, DocRow> rows;
    bool inTable = false;
    for (const QString& line : QString::fromUtf8(f.readAll()).split(u'\n')) {
        if (line.startsWith(u"| id | sev | origin |")) {
            inTable = true;
            continue;
        }
        if (!line.startsWith(u'|')) {
            inTable = false;
            continue;
        }
        const QStringList cells = line.split(u'|');
        if (!inTable || cells.size() < 5 || cells[1].startsWith(u"---"))
            continue;
        const QString id = cells[1].trimmed().remove(u'`');
        DocRow row { {}, cells[3].trimmed() };
        for (QChar c : cells[2])
            if (c == u'E' || c == u'W' || c == u'I')
                row.severities.insert(c);
        if (rows.contains(id))
            duplicates << id;
        rows.insert(id, row);
    }
    return rows;
}

QSet<QChar> letters(const FindingKind& k)
{
    QSet<QChar> out;
    for (Severity s : k.severities)
        out.insert(severityName(s).at(0).toUpper());
    return out;
}

} // namespace

class TestFindingCatalogue : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void idsAreUniqueAndWellFormed()
    {
        QSet<QString> seen;
        const QRegularExpression shape(QStringLiteral("^[a-z]+\\.[a-z][a-z0-9_-]*$"));
        for (const FindingKind& k : findingKinds()) {
            QVERIFY2(shape.match(k.id).hasMatch(), qPrintable(k.id));
            QVERIFY2(!seen.contains(k.id), qPrintable(k.id));
            QVERIFY2(!k.severities.isEmpty() && !k.title.isEmpty(), qPrintable(k.id));
            QCOMPARE(findingKind(k.id), &k);
            seen.insert(k.id);
        }
        QVERIFY(!findingKind(u"scope.no-such-check"));
        QVERIFY(findingKindSummary(u"scope.no-such-check").isEmpty());
    }

    void coversEveryFailureClass()
    {
        for (FailureClass c : failureClassesByPrecedence())
            QVERIFY2(findingKind(failureFindingId(c)), qPrintable(failureFindingId(c)));
    }

    void catalogueHoldsEveryIdLiteral()
    {
        const QMap<QString, QString> literals = idLiterals(KWB_SOURCE_DIR);
        QVERIFY2(literals.size() >= 100, qPrintable(QStringLiteral("only %1 id literals found").arg(literals.size())));
        QStringList missing;
        for (auto it = literals.begin(); it != literals.end(); ++it)
            if (!findingKind(it.key()))
                missing << it.key() + QStringLiteral(" (") + it.value() + u')';
        QVERIFY2(missing.isEmpty(),
            qPrintable(QStringLiteral("not in core/findingcatalogue.cpp: ") + missing.join(QStringLiteral(", "))));
    }

    void docsListTheCatalogue()
    {
        QStringList duplicates;
        const QMap<QString, DocRow> docs
            = documentedIds(KWB_SOURCE_DIR + QStringLiteral("/docs/findings.md"), duplicates);
        QVERIFY2(duplicates.isEmpty(), qPrintable(duplicates.join(QStringLiteral(", "))));
        QStringList wrong;
        for (const FindingKind& k : findingKinds()) {
            const auto row = docs.constFind(k.id);
            if (row == docs.cend())
                wrong << k.id + QStringLiteral(": not in docs/findings.md");
            else if (row->severities != letters(k) || row->origin != findingOriginName(k.origin))
                wrong << QStringLiteral("%1: docs/findings.md says %2 %3, the catalogue %4 %5")
                             .arg(k.id, QStringList(row->severities.begin(), row->severities.end()).join(u'/'),
                                 row->origin, k.severityLetters(), findingOriginName(k.origin));
        }
        for (auto it = docs.begin(); it != docs.end(); ++it)
            if (!findingKind(it.key()))
                wrong << it.key() + QStringLiteral(": in docs/findings.md, not in the catalogue");
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u'\n')));
    }

    void originComesFromTheCatalogue_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<FindingOrigin>("origin");
        QTest::newRow("env.no-device") << QStringLiteral("env.no-device") << FindingOrigin::Environment;
        QTest::newRow("bench.noisy") << QStringLiteral("bench.noisy") << FindingOrigin::Host;
        QTest::newRow("scope.missing-file") << QStringLiteral("scope.missing-file") << FindingOrigin::Task;
        QTest::newRow("runtime.no_device") << QStringLiteral("runtime.no_device") << FindingOrigin::Environment;
        QTest::newRow("runtime.driver_runtime_mismatch")
            << QStringLiteral("runtime.driver_runtime_mismatch") << FindingOrigin::Environment;
        QTest::newRow("runtime.crash") << QStringLiteral("runtime.crash") << FindingOrigin::Implementation;
        QTest::newRow("sandbox.connection-lost")
            << QStringLiteral("sandbox.connection-lost") << FindingOrigin::Environment;
        QTest::newRow("review.incomplete") << QStringLiteral("review.incomplete") << FindingOrigin::Review;
        QTest::newRow("unknown id") << QStringLiteral("scope.no-such-check") << FindingOrigin::Implementation;
    }
    void originComesFromTheCatalogue()
    {
        QFETCH(QString, id);
        QFETCH(FindingOrigin, origin);
        QCOMPARE(findingOrigin(id), origin);
    }

    void machineFindingsAreNotImplementationErrors()
    {
        const auto error = [](const char* id) {
            Finding f;
            f.id = QString::fromLatin1(id);
            f.severity = Severity::Error;
            return f;
        };
        const Finding noDevice = error("runtime.no_device");
        const Finding missing = error("scope.missing-file");
        QVERIFY(!hasImplementationErrors({ noDevice }));
        QVERIFY(hasImplementationErrors({ noDevice, missing })); // a task's error counts as an implementation's
        QCOMPARE(findingKindSummary(u"env.no-device"),
            QStringLiteral("environment: no accelerator on this machine for a CUDA implementation"));
        QCOMPARE(findingKind(u"scope.framework-compute")->severityLetters(), QStringLiteral("E / W"));
    }
};

QTEST_GUILESS_MAIN(TestFindingCatalogue)
#include "tst_findingcatalogue.moc"
