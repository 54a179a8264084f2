// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/expression.h"

#include <QTest>

using namespace kwb;

class TestExpression : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void evaluate_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("expected");
        const auto row = [](const char* name, const char* text, qint64 v) {
            QTest::newRow(name) << QString::fromLatin1(text) << v;
        };
        row("literal", "42", 42);
        row("name", "N", 1000);
        row("precedence", "2+3*N", 3002);
        row("parentheses", "(2+3)*N", 5000);
        row("left associative minus", "10-4-3", 3);
        row("left associative divide", "100/10/5", 2);
        row("truncating division", "N/3", 333);
        row("modulo", "N%7", 6);
        row("unary minus", "-N+2000", 1000);
        row("double negation", "--5", 5);
        row("ceil div by hand", "(N+255)/256", 4);
        row("cdiv", "cdiv(N, 256)", 4);
        row("cdiv exact", "cdiv(1024, 256)", 4);
        row("min max", "max(min(N, 7), 3)", 7);
        row("spaces", "  2 *\tM * K ", 2 * 64 * 128);
        row("bytes of a matmul", "2*(M*K + K*N + M*N)", 2 * (64 * 128 + 128 * 1000 + 64 * 1000));
        row("int64 max", "9223372036854775807", std::numeric_limits<qint64>::max());
    }
    void evaluate()
    {
        QFETCH(QString, text);
        QFETCH(qint64, expected);
        const auto e = Expression::parse(text);
        QVERIFY2(e.ok(), qPrintable(e.ok() ? QString() : e.error().oneLine()));
        const QMap<QString, qint64> dims { { QStringLiteral("N"), 1000 }, { QStringLiteral("M"), 64 },
            { QStringLiteral("K"), 128 } };
        const auto v = e->evaluate(dims);
        QVERIFY2(v.ok(), qPrintable(v.ok() ? QString() : v.error().oneLine()));
        QCOMPARE(*v, expected);
    }

    void parseErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        const auto row = [](const char* name, const char* text, const char* error) {
            QTest::newRow(name) << QString::fromLatin1(text) << QString::fromLatin1(error);
        };
        row("empty", "", "column 1: unexpected end, expected a number, a name or '('");
        row("dangling operator", "N*", "column 3: unexpected end, expected a number, a name or '('");
        row("unclosed", "(N+1", "column 5: expected ')'");
        row("extra close", "N)", "column 2: unexpected ')', expected an operator or the end");
        row("float literal", "1.5*N", "column 2: unexpected '.' in a number (only decimal integers are allowed)");
        row("huge literal", "99999999999999999999", "column 19: integer literal does not fit in 64 bits");
        row("unknown function", "pow(N, 2)", "column 4: unknown function 'pow' (expected cdiv, min or max)");
        row("cdiv arity", "cdiv(N)", "column 8: cdiv takes 2 arguments, got 1");
        row("bad character", "N ^ 2", "column 3: unexpected '^', expected an operator or the end");
        row("identifier glued to number", "2N",
            "column 2: unexpected 'N' in a number (only decimal integers are allowed)");
    }
    void parseErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        const auto e = Expression::parse(text);
        QVERIFY(!e.ok());
        QCOMPARE(e.error().oneLine(), error);
    }

    void evaluationErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        const auto row = [](const char* name, const char* text, const char* error) {
            QTest::newRow(name) << QString::fromLatin1(text) << QString::fromLatin1(error);
        };
        row("unbound name", "N*Q", "column 3: unknown name 'Q'");
        row("division by zero", "N/(N-N)", "column 2: division by zero");
        row("modulo by zero", "N%0", "column 2: division by zero");
        row("multiplication overflow", "N*N*N", "column 4: the result overflows 64-bit integers");
        row("addition overflow", "9223372036854775807+1", "column 20: the result overflows 64-bit integers");
        row("subtraction overflow", "-9223372036854775807-2", "column 21: the result overflows 64-bit integers");
        row("cdiv by zero", "cdiv(N, 0)", "column 1: cdiv divisor must be positive, got 0");
    }
    void evaluationErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        const auto e = Expression::parse(text);
        QVERIFY2(e.ok(), qPrintable(e.ok() ? QString() : e.error().oneLine()));
        const auto v = e->evaluate({ { QStringLiteral("N"), qint64(1) << 31 } });
        QVERIFY2(!v.ok(), qPrintable(QString::number(v.ok() ? *v : 0)));
        QCOMPARE(v.error().oneLine(), error);
    }

    void names()
    {
        const auto e = Expression::parse(QStringLiteral("cdiv(N, BLOCK) * M + N"));
        QVERIFY(e.ok());
        QCOMPARE(e->names(), (QStringList { QStringLiteral("BLOCK"), QStringLiteral("M"), QStringLiteral("N") }));
    }

    void hostileInputs()
    {
        // Deep nesting and long texts are refused instead of exhausting the stack.
        const QString deep = QString(200, u'(') + QStringLiteral("1") + QString(200, u')');
        const auto nested = Expression::parse(deep);
        QVERIFY(!nested.ok());
        QVERIFY(nested.error().what.contains(QStringLiteral("nested deeper than 64")));
        const auto negations = Expression::parse(QString(500, u'-') + QStringLiteral("1"));
        QVERIFY(!negations.ok());
        QVERIFY(!Expression::parse(QString(5000, u'1')).ok());
        QVERIFY(Expression::parse(QString(60, u'(') + QStringLiteral("1") + QString(60, u')')).ok());
    }
};

QTEST_GUILESS_MAIN(TestExpression)
#include "tst_expression.moc"
