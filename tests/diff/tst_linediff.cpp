// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The line diff behind the workbench's diff mode: rows must cover every line of both sides once, in
// order, with changes paired and filler rows where one side has nothing.
#include "core/diff/linediff.h"

#include <QTest>

using namespace kwb;
using namespace Qt::StringLiterals;

namespace {

// A compact picture of the rows: `=` equal, `~` changed, `-` removed, `+` added.
QString shape(const LineDiff& d)
{
    QString s;
    for (const DiffRow& r : d.rows)
        s += r.kind == DiffRow::Equal    ? u'='
            : r.kind == DiffRow::Changed ? u'~'
            : r.kind == DiffRow::Removed ? u'-'
                                         : u'+';
    return s;
}

// Every left line and every right line appears exactly once, in increasing order, and equal rows
// hold equal text.
void checkCoverage(const LineDiff& d, const QStringList& a, const QStringList& b)
{
    int nextLeft = 0;
    int nextRight = 0;
    for (const DiffRow& r : d.rows) {
        if (r.left >= 0)
            QCOMPARE(r.left, nextLeft++);
        if (r.right >= 0)
            QCOMPARE(r.right, nextRight++);
        if (r.kind == DiffRow::Equal)
            QCOMPARE(a.at(r.left).trimmed(), b.at(r.right).trimmed());
    }
    QCOMPARE(nextLeft, a.size());
    QCOMPARE(nextRight, b.size());
}

QStringList letters(const QString& s)
{
    QStringList out;
    for (QChar c : s)
        out << QString(c);
    return out;
}

} // namespace

class TestLineDiff : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rows_data()
    {
        QTest::addColumn<QString>("left");
        QTest::addColumn<QString>("right");
        QTest::addColumn<QString>("expectedShape");
        QTest::addColumn<int>("hunks");

        QTest::newRow("both empty") << ""
                                    << ""
                                    << "" << 0;
        QTest::newRow("identical") << "abc"
                                   << "abc"
                                   << "===" << 0;
        QTest::newRow("left empty") << ""
                                    << "ab"
                                    << "++" << 1;
        QTest::newRow("right empty") << "ab"
                                     << ""
                                     << "--" << 1;
        QTest::newRow("one changed") << "abc"
                                     << "aXc"
                                     << "=~=" << 1;
        QTest::newRow("insert middle") << "ac"
                                       << "abc"
                                       << "=+=" << 1;
        QTest::newRow("delete middle") << "abc"
                                       << "ac"
                                       << "=-=" << 1;
        QTest::newRow("two hunks") << "abcdef"
                                   << "aXcdeYf"
                                   << "=~===+=" << 2;
        QTest::newRow("replace with more") << "axb"
                                           << "ayzb"
                                           << "=~+=" << 1;
        QTest::newRow("replace with fewer") << "axyb"
                                            << "azb"
                                            << "=~-=" << 1;
        QTest::newRow("all different") << "abc"
                                       << "xyz"
                                       << "~~~" << 1;
        QTest::newRow("myers classic") << "abcabba"
                                       << "cbabac"
                                       << "" << -1;
        QTest::newRow("repeated lines") << "aaaa"
                                        << "aaaaaa"
                                        << "====++" << 1;
    }

    void rows()
    {
        QFETCH(QString, left);
        QFETCH(QString, right);
        QFETCH(QString, expectedShape);
        QFETCH(int, hunks);
        const QStringList a = letters(left);
        const QStringList b = letters(right);
        const LineDiff d = diffLines(a, b);
        checkCoverage(d, a, b);
        QVERIFY(d.exact);
        if (!expectedShape.isEmpty() || hunks == 0)
            QCOMPARE(shape(d), expectedShape);
        if (hunks >= 0)
            QCOMPARE(d.hunks.size(), hunks);
        QCOMPARE(d.identical(), a == b);
    }

    void myersIsMinimal()
    {
        // The classic example of Myers's paper has an edit distance of 5.
        const LineDiff d = diffLines(letters(QStringLiteral("abcabba")), letters(QStringLiteral("cbabac")));
        int equal = 0;
        for (const DiffRow& r : d.rows)
            equal += r.kind == DiffRow::Equal;
        QCOMPARE(equal, 4); // LCS length: 7 + 6 - 2·4 = 5 edits
    }

    void hunkPositions()
    {
        const QStringList a { QStringLiteral("int i = 0;"), QStringLiteral("x = 1;"), QStringLiteral("y = 2;"),
            QStringLiteral("return;") };
        const QStringList b { QStringLiteral("int i = 0;"), QStringLiteral("x = 3;"), QStringLiteral("return;"),
            QStringLiteral("// done") };
        const LineDiff d = diffLines(a, b);
        QCOMPARE(d.hunks.size(), 2);
        QCOMPARE(d.hunks[0].firstRow, 1);
        QCOMPARE(d.hunks[0].rowCount, 2);
        QCOMPARE(d.hunks[0].leftStart, 1);
        QCOMPARE(d.hunks[0].leftCount, 2);
        QCOMPARE(d.hunks[0].rightStart, 1);
        QCOMPARE(d.hunks[0].rightCount, 1);
        QCOMPARE(d.hunks[1].leftStart, 4); // pure insertion after the last left line
        QCOMPARE(d.hunks[1].leftCount, 0);
        QCOMPARE(d.hunks[1].rightStart, 3);
        QCOMPARE(d.rows[d.hunks[1].firstRow].kind, DiffRow::Added);
    }

    void trailingWhitespace()
    {
        const QStringList a { QStringLiteral("x = 1;  ") };
        const QStringList b { QStringLiteral("x = 1;") };
        QVERIFY(diffLines(a, b).identical());
        QVERIFY(!diffLines(a, b, DiffOptions { false, 4000 }).identical());
    }

    void budgetExceededStillCovers()
    {
        QStringList a;
        QStringList b;
        for (int i = 0; i < 300; ++i) {
            a << QStringLiteral("left %1").arg(i);
            b << QStringLiteral("right %1").arg(i);
        }
        a.prepend(QStringLiteral("same"));
        b.prepend(QStringLiteral("same"));
        const LineDiff d = diffLines(a, b, DiffOptions { true, 10 });
        QVERIFY(!d.exact);
        checkCoverage(d, a, b);
        QCOMPARE(d.rows.first().kind, DiffRow::Equal);
        QCOMPARE(d.hunks.size(), 1);
    }

    void randomEditsCover()
    {
        // Deterministic pseudo-random edits: coverage and order must hold whatever the script.
        quint32 state = 12345;
        auto next = [&] { return state = state * 1103515245u + 12345u; };
        for (int round = 0; round < 50; ++round) {
            QStringList a;
            for (int i = 0; i < 60; ++i)
                a << QString::number(next() % 8);
            QStringList b = a;
            for (int e = 0; e < 10; ++e) {
                const int pos = int(next() % quint32(b.size() + 1));
                if (next() % 2 && pos < b.size())
                    b.removeAt(pos);
                else
                    b.insert(pos, QString::number(next() % 8));
            }
            const LineDiff d = diffLines(a, b);
            checkCoverage(d, a, b);
            if (QTest::currentTestFailed())
                return;
        }
    }

    void intraline_data()
    {
        QTest::addColumn<QString>("left");
        QTest::addColumn<QString>("right");
        QTest::addColumn<QList<int>>("range");
        QTest::newRow("middle") << "if (i < n)"
                                << "if (i <= n)" << QList<int> { 7, 7, 7, 8 };
        QTest::newRow("suffix") << "x = 1;"
                                << "x = 2;" << QList<int> { 4, 5, 4, 5 };
        QTest::newRow("same") << "abc"
                              << "abc" << QList<int> { 3, 3, 3, 3 };
        QTest::newRow("repeat") << "aa"
                                << "aaa" << QList<int> { 2, 2, 2, 3 };
    }

    void intraline()
    {
        QFETCH(QString, left);
        QFETCH(QString, right);
        QFETCH(QList<int>, range);
        const IntralineRange r = intralineChange(left, right);
        QCOMPARE((QList<int> { r.leftStart, r.leftEnd, r.rightStart, r.rightEnd }), range);
    }

    void split_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("lines");
        QTest::newRow("empty") << "" << QStringList {};
        QTest::newRow("no final break") << "a\nb" << QStringList { u"a"_s, u"b"_s };
        QTest::newRow("final break") << "a\nb\n" << QStringList { u"a"_s, u"b"_s };
        QTest::newRow("crlf") << "a\r\nb\r\n" << QStringList { u"a"_s, u"b"_s };
        QTest::newRow("blank lines") << "a\n\n\nb" << QStringList { u"a"_s, u""_s, u""_s, u"b"_s };
        QTest::newRow("old mac") << "a\rb" << QStringList { u"a"_s, u"b"_s };
    }

    void split()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, lines);
        QCOMPARE(splitLines(text), lines);
    }
};

QTEST_GUILESS_MAIN(TestLineDiff)
#include "tst_linediff.moc"
