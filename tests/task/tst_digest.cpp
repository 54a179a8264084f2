// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/digest.h"
#include "core/task/taskloader.h"
#include "testmanifest.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestDigest : public QObject {
    Q_OBJECT
private:
    static QString digestOf(const QString& dir)
    {
        const auto loaded = loadTask(dir);
        if (!loaded)
            return loaded.error().oneLine();
        const auto d = taskDigest(loaded->task);
        return d ? *d : d.error().oneLine();
    }

    static bool append(const QString& dir, const QString& name, const QByteArray& text)
    {
        QFile f(QDir(dir).filePath(name));
        return f.open(QIODevice::Append) && f.write(text) == text.size();
    }

private Q_SLOTS:
    void format()
    {
        QTemporaryDir dir;
        QVERIFY(test::writeBundle(dir.path(), test::baseManifest()));
        const QString d = digestOf(dir.path());
        QVERIFY2(QRegularExpression(QStringLiteral("^sha256:[0-9a-f]{64}$")).match(d).hasMatch(), qPrintable(d));
        QCOMPARE(digestOf(dir.path()), d); // same content, same digest
    }

    void definition()
    {
        // Recomputed from the documented definition: for each file in sorted path order,
        // path NUL size NUL bytes, all in one SHA-256.
        QTemporaryDir dir;
        QVERIFY(test::writeBundle(dir.path(), test::baseManifest()));
        const auto loaded = loadTask(dir.path());
        QVERIFY(loaded.ok());
        const QStringList files = digestFiles(loaded->task);
        QCOMPARE(files,
            (QStringList { QStringLiteral("candidate.cu"), QStringLiteral("reference.cpp"), QStringLiteral("spec.md"),
                QStringLiteral("task.json") }));
        QCryptographicHash h(QCryptographicHash::Sha256);
        for (const QString& name : files) {
            QFile f(QDir(dir.path()).filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            h.addData(name.toUtf8() + '\0' + QByteArray::number(bytes.size()) + '\0' + bytes);
        }
        QCOMPARE(digestOf(dir.path()), QStringLiteral("sha256:") + QString::fromLatin1(h.result().toHex()));
    }

    void movingDoesNotChange()
    {
        QTemporaryDir a;
        QTemporaryDir b;
        QVERIFY(test::writeBundle(a.path(), test::baseManifest()));
        QVERIFY(test::writeBundle(QDir(b.path()).filePath(QStringLiteral("elsewhere/renamed")), test::baseManifest()));
        QCOMPARE(digestOf(QDir(b.path()).filePath(QStringLiteral("elsewhere/renamed"))), digestOf(a.path()));
    }

    void editsChange_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("changes");
        QTest::newRow("task.json") << QStringLiteral("task.json") << true;
        QTest::newRow("spec") << QStringLiteral("spec.md") << true;
        QTest::newRow("reference") << QStringLiteral("reference.cpp") << true;
        QTest::newRow("candidate") << QStringLiteral("candidate.cu") << true;
        QTest::newRow("init file") << QStringLiteral("data/a.npy") << true;
        QTest::newRow("unnamed file") << QStringLiteral("NOTES.md") << false;
    }
    void editsChange()
    {
        QFETCH(QString, file);
        QFETCH(bool, changes);
        QTemporaryDir dir;
        auto m = test::baseManifest();
        test::edit(m, QStringLiteral("/inputs/0/init"), QStringLiteral(R"({"dist": "file", "path": "data/a.npy"})"));
        QVERIFY(test::writeBundle(dir.path(), m));
        QVERIFY(test::writeFile(dir.path(), QStringLiteral("data/a.npy"), "\x93NUMPY"));
        QVERIFY(test::writeFile(dir.path(), QStringLiteral("NOTES.md"), "notes\n"));
        const QString before = digestOf(dir.path());
        QVERIFY(before.startsWith(QStringLiteral("sha256:")));
        QVERIFY(append(dir.path(), file, " "));
        const QString after = digestOf(dir.path());
        QVERIFY(after.startsWith(QStringLiteral("sha256:")));
        QCOMPARE(after != before, changes);
    }
};

QTEST_GUILESS_MAIN(TestDigest)
#include "tst_digest.moc"
