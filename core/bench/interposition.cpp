// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/bench/interposition.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QProcess>
#include <QStandardPaths>

namespace kwb {

const QStringList& reservedRunnerSymbols()
{
    static const QStringList names {
        // clocks (and their aliases in glibc)
        QStringLiteral("clock_gettime"),
        QStringLiteral("__clock_gettime"),
        QStringLiteral("clock_gettime64"),
        QStringLiteral("__clock_gettime64"),
        QStringLiteral("gettimeofday"),
        QStringLiteral("__gettimeofday"),
        QStringLiteral("time"),
        QStringLiteral("clock"),
        QStringLiteral("timespec_get"),
        QStringLiteral("clock_getres"),
        QStringLiteral("_ZNSt6chrono3_V212steady_clock3nowEv"),
        QStringLiteral("_ZNSt6chrono3_V212system_clock3nowEv"),
        QStringLiteral("_ZNSt6chrono12system_clock3nowEv"),
        // the record's way out
        QStringLiteral("write"),
        QStringLiteral("__write"),
        QStringLiteral("writev"),
        QStringLiteral("pwrite"),
        QStringLiteral("pwrite64"),
        QStringLiteral("fwrite"),
        QStringLiteral("fputs"),
        QStringLiteral("fprintf"),
        QStringLiteral("rename"),
        QStringLiteral("renameat"),
        QStringLiteral("fopen"),
        QStringLiteral("fopen64"),
        QStringLiteral("open"),
        QStringLiteral("open64"),
        QStringLiteral("openat"),
        QStringLiteral("openat64"),
        QStringLiteral("close"),
        QStringLiteral("dup2"),
        QStringLiteral("dup3"),
        // what the harness reads each call's inputs and its CPU-time figures with, between two calls: a definition
        // would run the candidate's code there, on the harness's thread, with the inputs in hand
        QStringLiteral("read"),
        QStringLiteral("__read"),
        QStringLiteral("pread"),
        QStringLiteral("pread64"),
        QStringLiteral("readv"),
        QStringLiteral("fread"),
        QStringLiteral("memcpy"),
        QStringLiteral("memmove"),
        QStringLiteral("opendir"),
        QStringLiteral("readdir"),
        QStringLiteral("readdir64"),
        QStringLiteral("getrusage"),
        // the loader and the raw door to the kernel
        QStringLiteral("syscall"),
        QStringLiteral("dlsym"),
        QStringLiteral("dlopen"),
        QStringLiteral("dlvsym"),
        QStringLiteral("__libc_start_main"),
        QStringLiteral("prctl"),
        QStringLiteral("ptrace"),
        QStringLiteral("sigaction"),
    };
    return names;
}

QStringList interposedSymbols(const QString& path, QString* note)
{
    const QString nm = QStandardPaths::findExecutable(QStringLiteral("nm"));
    if (nm.isEmpty() || !QFileInfo(path).isReadable()) {
        if (note)
            *note = nm.isEmpty() ? QStringLiteral("nm not found: the runner's symbols were not checked")
                                 : path + QStringLiteral(": cannot read the runner");
        return {};
    }
    QProcess p;
    p.setProcessChannelMode(QProcess::SeparateChannels);
    p.start(nm, { QStringLiteral("--defined-only"), QStringLiteral("-P"), path });
    if (!p.waitForFinished(30000) || p.exitCode() != 0) {
        if (note)
            *note = QStringLiteral("nm failed on %1: the runner's symbols were not checked").arg(path);
        return {};
    }
    const QStringList& reserved = reservedRunnerSymbols();
    QStringList found;
    for (const QByteArray& line : p.readAllStandardOutput().split('\n')) {
        // -P: "NAME TYPE VALUE SIZE"; local symbols (lower-case type) do not interpose anything.
        const QList<QByteArray> w = line.split(' ');
        if (w.size() < 2 || w[1].isEmpty() || !QChar::fromLatin1(w[1][0]).isUpper())
            continue;
        QString name = QString::fromLatin1(w[0]);
        name = name.section(QLatin1Char('@'), 0, 0); // versioned names: write@@GLIBC_2.2.5
        if (reserved.contains(name))
            found << name;
    }
    found.removeDuplicates();
    found.sort();
    return found;
}

Findings interpositionFindings(const QString& impl, const QString& runnerPath)
{
    const QStringList found = interposedSymbols(runnerPath);
    if (found.isEmpty())
        return {};
    Finding f { QStringLiteral("bench.timer-tampered"), Severity::Error,
        QStringLiteral("the runner defines %1 — from the implementation's code — which would replace the system's "
                       "for the harness too (its clock, the writes of its record); the harness's clock does not go "
                       "through it, but no speed claim is accepted from such a build")
            .arg(found.join(QStringLiteral(", "))) };
    f.impl = impl;
    f.evidence = QJsonObject { { QStringLiteral("symbols"), QJsonArray::fromStringList(found) },
        { QStringLiteral("runner"), runnerPath } };
    return { f };
}

} // namespace kwb
