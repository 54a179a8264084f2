// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/expression.h"

#include <algorithm>
#include <limits>

namespace kwb {

struct Expression::Node {
    enum Kind { Integer, Name, Negate, Add, Sub, Mul, Div, Mod, Call };
    Kind kind = Integer;
    qint64 value = 0;
    QString name; ///< Name and Call
    int column = 0; ///< 1-based, for evaluation errors
    std::vector<Node> args;
};

namespace {
using Node = Expression::Node;
constexpr int kMaxDepth = 64;
constexpr qsizetype kMaxLength = 4096;

Error at(int column, const QString& what)
{
    return Error { {}, QStringLiteral("column %1").arg(column), what };
}

bool isNameStart(QChar c)
{
    return c.isLetter() || c == u'_';
}
bool isNameChar(QChar c)
{
    return (c.isLetterOrNumber() && c.unicode() < 128) || c == u'_';
}

// Recursive descent over the grammar in expression.h; the first error wins and stops parsing.
class Parser {
public:
    explicit Parser(const QString& text)
        : m_text(text)
    {
    }

    Result<Node> parseAll()
    {
        Node root = expr();
        skipSpace();
        if (!m_error && m_pos < m_text.size())
            fail(QStringLiteral("unexpected '%1', expected an operator or the end").arg(m_text.at(m_pos)));
        if (m_error)
            return *m_error;
        return root;
    }

private:
    void fail(const QString& what)
    {
        if (!m_error)
            m_error = at(int(m_pos) + 1, what);
    }
    void skipSpace()
    {
        while (m_pos < m_text.size() && m_text.at(m_pos).isSpace())
            ++m_pos;
    }
    QChar peek()
    {
        skipSpace();
        return m_pos < m_text.size() ? m_text.at(m_pos) : QChar();
    }

    Node binary(Node::Kind kind, Node lhs, Node rhs, int column)
    {
        Node n;
        n.kind = kind;
        n.column = column;
        n.args.push_back(std::move(lhs));
        n.args.push_back(std::move(rhs));
        return n;
    }

    Node expr()
    {
        if (++m_depth > kMaxDepth)
            fail(QStringLiteral("nested deeper than %1 levels").arg(kMaxDepth));
        Node lhs = term();
        while (!m_error && (peek() == u'+' || peek() == u'-')) {
            const auto kind = m_text.at(m_pos) == u'+' ? Node::Add : Node::Sub;
            const int column = int(++m_pos);
            lhs = binary(kind, std::move(lhs), term(), column);
        }
        --m_depth;
        return lhs;
    }

    Node term()
    {
        Node lhs = unary();
        while (!m_error && (peek() == u'*' || peek() == u'/' || peek() == u'%')) {
            const QChar op = m_text.at(m_pos);
            const auto kind = op == u'*' ? Node::Mul : op == u'/' ? Node::Div : Node::Mod;
            const int column = int(++m_pos);
            lhs = binary(kind, std::move(lhs), unary(), column);
        }
        return lhs;
    }

    Node unary()
    {
        if (peek() == u'-') {
            Node n;
            n.kind = Node::Negate;
            n.column = int(++m_pos);
            if (++m_depth > kMaxDepth)
                fail(QStringLiteral("nested deeper than %1 levels").arg(kMaxDepth));
            else
                n.args.push_back(unary());
            --m_depth;
            return n;
        }
        return primary();
    }

    Node primary()
    {
        Node n;
        const QChar c = peek();
        n.column = int(m_pos) + 1;
        if (m_error)
            return n;
        if (c.isNull()) {
            fail(QStringLiteral("unexpected end, expected a number, a name or '('"));
        } else if (c == u'(') {
            ++m_pos;
            n = expr();
            if (peek() != u')')
                fail(QStringLiteral("expected ')'"));
            else
                ++m_pos;
        } else if (c.unicode() >= '0' && c.unicode() <= '9') {
            number(n);
        } else if (isNameStart(c) && c.unicode() < 128) {
            name(n);
        } else {
            fail(QStringLiteral("unexpected '%1', expected a number, a name or '('").arg(c));
        }
        return n;
    }

    void number(Node& n)
    {
        n.kind = Node::Integer;
        while (m_pos < m_text.size() && m_text.at(m_pos).unicode() >= '0' && m_text.at(m_pos).unicode() <= '9') {
            const int digit = m_text.at(m_pos).unicode() - '0';
            if (n.value > (std::numeric_limits<qint64>::max() - digit) / 10) {
                fail(QStringLiteral("integer literal does not fit in 64 bits"));
                return;
            }
            n.value = n.value * 10 + digit;
            ++m_pos;
        }
        if (m_pos < m_text.size() && (isNameChar(m_text.at(m_pos)) || m_text.at(m_pos) == u'.'))
            fail(QStringLiteral("unexpected '%1' in a number (only decimal integers are allowed)")
                     .arg(m_text.at(m_pos)));
    }

    void name(Node& n)
    {
        const qsizetype start = m_pos;
        while (m_pos < m_text.size() && isNameChar(m_text.at(m_pos)))
            ++m_pos;
        n.name = m_text.mid(start, m_pos - start);
        n.kind = Node::Name;
        if (peek() != u'(')
            return;
        static const QStringList functions { QStringLiteral("cdiv"), QStringLiteral("min"), QStringLiteral("max") };
        if (!functions.contains(n.name)) {
            fail(QStringLiteral("unknown function '%1' (expected cdiv, min or max)").arg(n.name));
            return;
        }
        n.kind = Node::Call;
        ++m_pos;
        do {
            n.args.push_back(expr());
        } while (!m_error && peek() == u',' && ++m_pos);
        if (m_error)
            return;
        if (peek() != u')')
            return fail(QStringLiteral("expected ',' or ')'"));
        ++m_pos;
        if (n.name == u"cdiv" && n.args.size() != 2)
            fail(QStringLiteral("cdiv takes 2 arguments, got %1").arg(n.args.size()));
    }

    const QString& m_text;
    qsizetype m_pos = 0;
    int m_depth = 0;
    std::optional<Error> m_error;
};

void collectNames(const Node& n, QStringList& out)
{
    if (n.kind == Node::Name)
        out << n.name;
    for (const auto& a : n.args)
        collectNames(a, out);
}

Result<qint64> eval(const Node& n, const QMap<QString, qint64>& values);

Result<qint64> arith(const Node& n, qint64 a, qint64 b)
{
    qint64 r = 0;
    bool overflow = false;
    switch (n.kind) {
    case Node::Add:
        overflow = __builtin_add_overflow(a, b, &r);
        break;
    case Node::Sub:
        overflow = __builtin_sub_overflow(a, b, &r);
        break;
    case Node::Mul:
        overflow = __builtin_mul_overflow(a, b, &r);
        break;
    default: // Div, Mod
        if (b == 0)
            return at(n.column, QStringLiteral("division by zero"));
        if (a == std::numeric_limits<qint64>::min() && b == -1)
            overflow = true;
        else
            r = n.kind == Node::Div ? a / b : a % b;
    }
    if (overflow)
        return at(n.column, QStringLiteral("the result overflows 64-bit integers"));
    return r;
}

Result<qint64> call(const Node& n, const QMap<QString, qint64>& values)
{
    std::vector<qint64> args;
    for (const auto& a : n.args) {
        auto v = eval(a, values);
        if (!v)
            return v;
        args.push_back(*v);
    }
    if (n.name == u"min")
        return *std::min_element(args.begin(), args.end());
    if (n.name == u"max")
        return *std::max_element(args.begin(), args.end());
    // cdiv(a, b) = (a + b - 1) / b for positive b, written so that it cannot overflow.
    const qint64 a = args[0];
    const qint64 b = args[1];
    if (b <= 0)
        return at(n.column, QStringLiteral("cdiv divisor must be positive, got %1").arg(b));
    return a / b + ((a % b > 0) ? 1 : 0);
}

Result<qint64> eval(const Node& n, const QMap<QString, qint64>& values)
{
    switch (n.kind) {
    case Node::Integer:
        return n.value;
    case Node::Name: {
        const auto it = values.constFind(n.name);
        if (it == values.constEnd())
            return at(n.column, QStringLiteral("unknown name '%1'").arg(n.name));
        return *it;
    }
    case Node::Negate: {
        auto v = eval(n.args[0], values);
        if (!v)
            return v;
        if (*v == std::numeric_limits<qint64>::min())
            return at(n.column, QStringLiteral("the result overflows 64-bit integers"));
        return -*v;
    }
    case Node::Call:
        return call(n, values);
    default: {
        auto a = eval(n.args[0], values);
        if (!a)
            return a;
        auto b = eval(n.args[1], values);
        if (!b)
            return b;
        return arith(n, *a, *b);
    }
    }
}
} // namespace

Result<Expression> Expression::parse(const QString& text)
{
    if (text.size() > kMaxLength)
        return at(1, QStringLiteral("expression longer than %1 characters").arg(kMaxLength));
    Parser parser(text);
    auto root = parser.parseAll();
    if (!root)
        return root.error();
    Expression e;
    e.m_text = text;
    e.m_root = std::make_shared<const Node>(std::move(root).value());
    return e;
}

QStringList Expression::names() const
{
    QStringList out;
    if (m_root)
        collectNames(*m_root, out);
    out.sort();
    out.removeDuplicates();
    return out;
}

Result<qint64> Expression::evaluate(const QMap<QString, qint64>& values) const
{
    if (!m_root)
        return at(1, QStringLiteral("empty expression"));
    return eval(*m_root, values);
}

} // namespace kwb
