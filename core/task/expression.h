// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace kwb {

/// A small, safe integer expression over named values (the dims of a task), as used by
/// `benchmark.flops`/`benchmark.bytes` and `launch.grid`/`block`/`smem`.
///
/// Grammar (whitespace is ignored):
///
///     expr    := term (('+' | '-') term)*
///     term    := unary (('*' | '/' | '%') unary)*
///     unary   := '-' unary | primary
///     primary := INTEGER | NAME | NAME '(' expr (',' expr)* ')' | '(' expr ')'
///
/// INTEGER is a decimal literal; NAME is `[A-Za-z_][A-Za-z0-9_]*`. Functions: `cdiv(a, b)` (ceiling
/// division, the usual grid size `cdiv(N, 256)`), `min(a, b, …)`, `max(a, b, …)`. `/` and `%` truncate
/// toward zero like C. Arithmetic is 64-bit signed: overflow and division by zero are errors, never
/// wrapped values. Nesting deeper than 64 levels and texts longer than 4096 characters are rejected, so
/// hostile manifests cannot exhaust the stack.
class Expression {
public:
    /// Parses `text`. The Error's `where` is `column C` (1-based) and `what` says what was expected.
    static Result<Expression> parse(const QString& text);

    /// The names the expression refers to (not the function names), sorted, without duplicates.
    QStringList names() const;

    /// Evaluates with `values` bound to the names. Errors: an unbound name, overflow, division by zero.
    Result<qint64> evaluate(const QMap<QString, qint64>& values) const;

    const QString& text() const { return m_text; }

    struct Node; ///< parse tree node (defined in expression.cpp)

private:
    QString m_text;
    std::shared_ptr<const Node> m_root;
};

} // namespace kwb
