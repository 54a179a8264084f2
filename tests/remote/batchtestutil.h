// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tests/helpers/testpaths.h"
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>

/// Copies the bundle `from` to `to`, giving the task the id `id`.
inline bool copyTask(const QString& from, const QString& to, const QString& id)
{
    QDir().mkpath(to);
    for (const QString& name : QDir(from).entryList(QDir::Files)) {
        QFile in(QDir(from).filePath(name));
        QFile out(QDir(to).filePath(name));
        if (!in.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly))
            return false;
        QByteArray bytes = in.readAll();
        if (name == u"task.json") {
            QJsonObject o = QJsonDocument::fromJson(bytes).object();
            o.insert(QStringLiteral("id"), id);
            bytes = QJsonDocument(o).toJson();
        }
        out.write(bytes);
    }
    return true;
}

struct KwbRun {
    int exitCode = -1;
    QString out;
    QString err;
};

/// Runs the built `kwb` with `args`; `env` entries are added to this process's environment.
inline KwbRun runKwb(const QStringList& args, int timeoutMs = 120000)
{
    QProcess p;
    p.start(KWB_BIN_DIR + QStringLiteral("/kwb"), args);
    p.waitForFinished(timeoutMs);
    KwbRun r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

inline QJsonObject readJson(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}
