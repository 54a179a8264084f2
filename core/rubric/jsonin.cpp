// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rubric/jsonin.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>
#include <limits>

namespace kwb {

QString jsonTypeName(const QJsonValue& value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

Result<QJsonObject> JsonIn::parseObject(const QByteArray& text, const QString& file)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &pe);
    if (pe.error != QJsonParseError::NoError) {
        const auto [line, column] = JsonLocator::lineColumn(text, pe.offset);
        Error e { file, QStringLiteral("line %1, column %2").arg(line).arg(column),
            QStringLiteral("invalid JSON: %1").arg(pe.errorString()), {}, line };
        return e;
    }
    if (!doc.isObject())
        return Error { file, QStringLiteral("/"), QStringLiteral("expected a JSON object at the top level"), {}, 1 };
    return doc.object();
}

JsonIn::JsonIn(QString file, const QByteArray& text)
    : m_file(std::move(file))
    , m_locator(text)
{
}

void JsonIn::fail(const QString& path, const QString& what)
{
    if (m_error)
        return;
    const QString where = path.isEmpty() ? QStringLiteral("/") : path;
    m_error = Error { m_file, where, what, {}, m_locator.line(path) };
}

bool JsonIn::present(const QJsonObject& o, const QString& path, const QString& key, bool required)
{
    if (m_error)
        return false;
    if (o.contains(key))
        return true;
    if (required)
        fail(path, QStringLiteral("missing required field '%1'").arg(key));
    return false;
}

QString JsonIn::string(const QJsonObject& o, const QString& path, const QString& key, bool required, bool allowEmpty)
{
    if (!present(o, path, key, required))
        return {};
    const QJsonValue v = o.value(key);
    if (!v.isString()) {
        fail(join(path, key), QStringLiteral("expected a string, found %1").arg(jsonTypeName(v)));
        return {};
    }
    if (!allowEmpty && v.toString().trimmed().isEmpty())
        fail(join(path, key), QStringLiteral("expected a non-empty string"));
    return v.toString();
}

qint64 JsonIn::integer(const QJsonObject& o, const QString& path, const QString& key, bool required, qint64 fallback)
{
    if (!present(o, path, key, required))
        return fallback;
    const QJsonValue v = o.value(key);
    const double d = v.toDouble();
    if (!v.isDouble() || std::floor(d) != d || std::abs(d) > 9.0e15) {
        fail(join(path, key), QStringLiteral("expected an integer, found %1").arg(jsonTypeName(v)));
        return fallback;
    }
    return static_cast<qint64>(d);
}

int JsonIn::smallInteger(const QJsonObject& o, const QString& path, const QString& key, bool required, int fallback)
{
    const qint64 v = integer(o, path, key, required, fallback); // `fallback` when absent, always an int
    if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
        fail(join(path, key), QStringLiteral("expected an integer, found %1, too large").arg(v));
        return fallback;
    }
    return int(v);
}

int JsonIn::integerAtLeast(const QJsonObject& o, const QString& path, const QString& key, int min)
{
    const int v = smallInteger(o, path, key);
    if (!failed() && v < min)
        fail(join(path, key), QStringLiteral("expected an integer ≥ %1, found %2").arg(min).arg(v));
    return v;
}

bool JsonIn::boolean(const QJsonObject& o, const QString& path, const QString& key, bool required, bool fallback)
{
    if (!present(o, path, key, required))
        return fallback;
    const QJsonValue v = o.value(key);
    if (!v.isBool()) {
        fail(join(path, key), QStringLiteral("expected true or false, found %1").arg(jsonTypeName(v)));
        return fallback;
    }
    return v.toBool();
}

QJsonArray JsonIn::array(const QJsonObject& o, const QString& path, const QString& key, bool required)
{
    if (!present(o, path, key, required))
        return {};
    const QJsonValue v = o.value(key);
    if (!v.isArray()) {
        fail(join(path, key), QStringLiteral("expected an array, found %1").arg(jsonTypeName(v)));
        return {};
    }
    return v.toArray();
}

QJsonObject JsonIn::object(const QJsonObject& o, const QString& path, const QString& key, bool required)
{
    if (!present(o, path, key, required))
        return {};
    return asObject(o.value(key), join(path, key));
}

QJsonObject JsonIn::asObject(const QJsonValue& value, const QString& path)
{
    if (m_error)
        return {};
    if (!value.isObject()) {
        fail(path, QStringLiteral("expected an object, found %1").arg(jsonTypeName(value)));
        return {};
    }
    return value.toObject();
}

QString JsonIn::asString(const QJsonValue& value, const QString& path)
{
    if (m_error)
        return {};
    if (!value.isString()) {
        fail(path, QStringLiteral("expected a string, found %1").arg(jsonTypeName(value)));
        return {};
    }
    return value.toString();
}

void JsonIn::onlyKeys(const QJsonObject& o, const QString& path, const QStringList& allowed)
{
    if (m_error)
        return;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!allowed.contains(it.key())) {
            fail(join(path, it.key()),
                QStringLiteral("unknown field '%1' (expected one of %2)").arg(it.key(), allowed.join(u", ")));
            return;
        }
    }
}

} // namespace kwb
