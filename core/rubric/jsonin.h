// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/task/jsonlocator.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace kwb {

/// Reads typed fields out of a parsed JSON document and keeps the FIRST error, naming the file, the JSON
/// pointer, the line and what was expected — so a loader can read a whole document straight through and
/// check once at the end. After an error every getter returns its default.
class JsonIn {
public:
    /// Parses `text` (the contents of `file`) as a JSON object; the Error names line and column on failure.
    static Result<QJsonObject> parseObject(const QByteArray& text, const QString& file);

    JsonIn(QString file, const QByteArray& text);

    bool failed() const { return m_error.has_value(); }
    const Error& error() const { return *m_error; }
    /// Records `what` at `path` unless an error is already recorded.
    void fail(const QString& path, const QString& what);

    QString string(
        const QJsonObject& o, const QString& path, const QString& key, bool required = true, bool allowEmpty = false);
    /// An integer (a JSON number without fraction); `fallback` when optional and absent.
    qint64 integer(
        const QJsonObject& o, const QString& path, const QString& key, bool required = true, qint64 fallback = 0);
    /// An integer that fits an `int` (scores, line numbers, versions): a larger one is an error, never wrapped.
    int smallInteger(
        const QJsonObject& o, const QString& path, const QString& key, bool required = true, int fallback = 0);
    /// A required integer of at least `min` (versions start at 1).
    int integerAtLeast(const QJsonObject& o, const QString& path, const QString& key, int min);
    bool boolean(
        const QJsonObject& o, const QString& path, const QString& key, bool required = true, bool fallback = false);
    QJsonArray array(const QJsonObject& o, const QString& path, const QString& key, bool required = true);
    QJsonObject object(const QJsonObject& o, const QString& path, const QString& key, bool required = true);
    /// `value` as an object (for array items).
    QJsonObject asObject(const QJsonValue& value, const QString& path);
    QString asString(const QJsonValue& value, const QString& path);
    /// Fails on the first key of `o` not in `allowed` (the schemas forbid additional properties).
    void onlyKeys(const QJsonObject& o, const QString& path, const QStringList& allowed);

    static QString join(const QString& path, const QString& key) { return path + u'/' + JsonLocator::escape(key); }
    static QString join(const QString& path, qsizetype index) { return path + u'/' + QString::number(index); }

private:
    bool present(const QJsonObject& o, const QString& path, const QString& key, bool required);

    QString m_file;
    JsonLocator m_locator;
    std::optional<Error> m_error;
};

/// "a string", "an integer", … for `value`'s JSON type (for "expected X, found Y" messages).
QString jsonTypeName(const QJsonValue& value);

} // namespace kwb
