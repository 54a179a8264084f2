// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/result.h"
#include "core/task/jsonlocator.h"

#include <nlohmann/json.hpp>

#include <QString>
#include <QStringList>

#include <initializer_list>

namespace kwb {

/// Thrown by ManifestReader::fail: the loader stops at the first error, and unwinding keeps each field
/// read to one line. It never leaves the loader (loadTask catches it and returns the Error).
struct ManifestFailure {
    Error error;
};

/// Typed, path-aware access to task.json for the loader (internal to core/task): every failed
/// expectation becomes an Error `task.json: /json/path: expected …` with the line of that path, and
/// unknown keys become `scope.unknown-field` warnings.
class ManifestReader {
public:
    using Json = nlohmann::json;

    ManifestReader(const QByteArray& text, QString file);

    /// Throws ManifestFailure with `what` at `pointer`.
    [[noreturn]] void fail(const QString& pointer, const QString& what,
        const QString& findingId = QStringLiteral("scope.invalid-manifest")) const;
    /// Records a warning at `pointer`.
    void warn(const QString& id, const QString& pointer, const QString& message);
    /// Warns about every key of `object` not in `known`.
    void checkKeys(const Json& object, const QString& pointer, std::initializer_list<const char*> known);

    /// The member `key` of `object` (which sits at `pointer`), or nullptr when absent and not required.
    /// `kind` is checked: "object", "array", "string", "number", "integer", "boolean", or "" for any.
    const Json* member(const Json& object, const QString& pointer, const char* key, const char* kind, bool required);
    QString string(const Json& object, const QString& pointer, const char* key, bool required, const QString& def = {});
    double number(const Json& object, const QString& pointer, const char* key, bool required, double def = 0.0);
    /// A name: `[A-Za-z_][A-Za-z0-9_]*`.
    QString identifier(const Json& object, const QString& pointer, const char* key, bool required);

    /// `a string`, `an array`, … for "expected X, got Y" messages.
    static QString describe(const Json& value);
    static QString child(const QString& pointer, const QString& key)
    {
        return pointer + u'/' + JsonLocator::escape(key);
    }
    static QString child(const QString& pointer, qsizetype index) { return pointer + u'/' + QString::number(index); }
    static bool isIdentifier(const QString& s);

    int line(const QString& pointer) const { return m_locator.line(pointer); }
    const QString& file() const { return m_file; }
    Findings& warnings() { return m_warnings; }

private:
    JsonLocator m_locator;
    QString m_file;
    Findings m_warnings;
};

} // namespace kwb
