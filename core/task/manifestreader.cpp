// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/manifestreader.h"

#include <QRegularExpression>

#include <algorithm>

namespace kwb {

ManifestReader::ManifestReader(const QByteArray& text, QString file)
    : m_locator(text)
    , m_file(std::move(file))
{
}

void ManifestReader::fail(const QString& pointer, const QString& what, const QString& findingId) const
{
    throw ManifestFailure { Error { m_file, pointer, what, findingId, m_locator.line(pointer) } };
}

void ManifestReader::warn(const QString& id, const QString& pointer, const QString& message)
{
    Finding f;
    f.id = id;
    f.severity = Severity::Warning;
    f.message = message;
    f.file = m_file;
    f.line = m_locator.line(pointer);
    f.jsonPath = pointer;
    m_warnings << f;
}

void ManifestReader::checkKeys(const Json& object, const QString& pointer, std::initializer_list<const char*> known)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string& key = it.key();
        if (std::none_of(known.begin(), known.end(), [&](const char* k) { return key == k; })) {
            const QString name = QString::fromStdString(key);
            warn(QStringLiteral("scope.unknown-field"), child(pointer, name),
                QStringLiteral("unknown field '%1' (ignored)").arg(name));
        }
    }
}

QString ManifestReader::describe(const Json& value)
{
    switch (value.type()) {
    case Json::value_t::object:
        return QStringLiteral("an object");
    case Json::value_t::array:
        return QStringLiteral("an array");
    case Json::value_t::string:
        return QStringLiteral("the string '%1'").arg(QString::fromStdString(value.get<std::string>()).left(40));
    case Json::value_t::boolean:
        return value.get<bool>() ? QStringLiteral("true") : QStringLiteral("false");
    case Json::value_t::null:
        return QStringLiteral("null");
    default:
        return QString::fromStdString(value.dump());
    }
}

namespace {
bool hasKind(const nlohmann::json& v, const char* kind)
{
    const std::string_view k(kind);
    if (k.empty())
        return true;
    if (k == "object")
        return v.is_object();
    if (k == "array")
        return v.is_array();
    if (k == "string")
        return v.is_string();
    if (k == "number")
        return v.is_number();
    if (k == "integer")
        return v.is_number_integer();
    return v.is_boolean();
}

QString article(const char* kind)
{
    const QString k = QString::fromLatin1(kind);
    return (k.startsWith(u'a') || k.startsWith(u'i') || k.startsWith(u'o') ? QStringLiteral("an ")
                                                                           : QStringLiteral("a "))
        + k;
}
} // namespace

const ManifestReader::Json* ManifestReader::member(
    const Json& object, const QString& pointer, const char* key, const char* kind, bool required)
{
    const auto it = object.find(key);
    const QString path = child(pointer, QString::fromLatin1(key));
    if (it == object.end()) {
        if (required)
            fail(path, QStringLiteral("required field is missing"));
        return nullptr;
    }
    if (!hasKind(*it, kind))
        fail(path, QStringLiteral("expected %1, got %2").arg(article(kind), describe(*it)));
    return &*it;
}

QString ManifestReader::string(
    const Json& object, const QString& pointer, const char* key, bool required, const QString& def)
{
    const Json* v = member(object, pointer, key, "string", required);
    if (!v)
        return def;
    const QString s = QString::fromStdString(v->get<std::string>());
    if (s.trimmed().isEmpty())
        fail(child(pointer, QString::fromLatin1(key)), QStringLiteral("expected a non-empty string"));
    return s;
}

double ManifestReader::number(const Json& object, const QString& pointer, const char* key, bool required, double def)
{
    const Json* v = member(object, pointer, key, "number", required);
    return v ? v->get<double>() : def;
}

bool ManifestReader::isIdentifier(const QString& s)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return re.match(s).hasMatch();
}

QString ManifestReader::identifier(const Json& object, const QString& pointer, const char* key, bool required)
{
    const QString s = string(object, pointer, key, required);
    if (!s.isEmpty() && !isIdentifier(s))
        fail(child(pointer, QString::fromLatin1(key)),
            QStringLiteral("expected a name ([A-Za-z_][A-Za-z0-9_]*), got '%1'").arg(s));
    return s;
}

} // namespace kwb
