// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/executors/hostsettings.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>

namespace kwb {

QString hostsFile()
{
    QString dir = qEnvironmentVariable("KWB_CONFIG_DIR");
    if (dir.isEmpty())
        dir = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
            + QStringLiteral("/kernel-workbench");
    return QDir(dir).filePath(QStringLiteral("hosts.json"));
}

namespace {
Result<QJsonObject> readHosts(const QString& file)
{
    QFile f(file);
    if (!f.exists())
        return QJsonObject {};
    if (!f.open(QIODevice::ReadOnly))
        return Error::environment(file, {}, QStringLiteral("cannot read: %1").arg(f.errorString()));
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError)
        return Error::environment(file, QStringLiteral("byte %1").arg(pe.offset), pe.errorString());
    if (!doc.isObject() || !doc.object().value(QStringLiteral("hosts")).isObject())
        return Error::environment(file, QStringLiteral("/hosts"), QStringLiteral("expected an object of hosts"));
    return doc.object();
}

// Reads one string field, failing on any other type: a typo'd setting must not silently fall back.
bool readString(const QJsonObject& o, const char* key, QString& out, QString& bad)
{
    const QJsonValue v = o.value(QLatin1StringView(key));
    if (v.isUndefined())
        return true;
    if (!v.isString() || v.toString().isEmpty()) {
        bad = QLatin1StringView(key);
        return false;
    }
    out = v.toString();
    return true;
}
} // namespace

Result<HostSettings> hostSettings(const QString& host)
{
    HostSettings s;
    s.host = host;
    const QString file = hostsFile();
    auto hosts = readHosts(file);
    if (!hosts)
        return hosts.error();
    const QJsonValue entry = hosts->value(QStringLiteral("hosts")).toObject().value(host);
    if (entry.isUndefined())
        return s;
    const QString where = QStringLiteral("/hosts/") + host;
    if (!entry.isObject())
        return Error::environment(file, where, QStringLiteral("expected an object"));
    const QJsonObject o = entry.toObject();
    QString bad;
    if (!readString(o, "work_root", s.workRoot, bad) || !readString(o, "gxx", s.gxx, bad)
        || !readString(o, "nvcc", s.nvcc, bad) || !readString(o, "python", s.python, bad)
        || !readString(o, "ssh_config", s.sshConfig, bad))
        return Error::environment(file, where + QLatin1Char('/') + bad, QStringLiteral("expected a non-empty string"));
    for (const char* key : { "connect_timeout_s", "alive_interval_s" }) {
        const QJsonValue v = o.value(QLatin1StringView(key));
        if (v.isUndefined())
            continue;
        if (!v.isDouble() || v.toInt() < 1 || v.toInt() > 600)
            return Error::environment(file, where + QLatin1Char('/') + QLatin1StringView(key),
                QStringLiteral("expected an integer number of seconds in [1, 600]"));
        (qstrcmp(key, "connect_timeout_s") == 0 ? s.connectTimeoutS : s.aliveIntervalS) = v.toInt();
    }
    const QJsonValue env = o.value(QStringLiteral("env"));
    if (!env.isUndefined() && !env.isObject())
        return Error::environment(
            file, where + QStringLiteral("/env"), QStringLiteral("expected an object of strings"));
    const QJsonObject e = env.toObject();
    for (auto it = e.begin(); it != e.end(); ++it) {
        if (!it.value().isString())
            return Error::environment(
                file, where + QStringLiteral("/env/") + it.key(), QStringLiteral("expected a string"));
        s.env.insert(it.key(), it.value().toString());
    }
    return s;
}

} // namespace kwb
