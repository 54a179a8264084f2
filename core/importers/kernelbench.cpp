// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/importers/kernelbench.h"

#include "core/importers/scanner.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>

namespace kwb {
namespace {
const QRegularExpression kProblemName(QStringLiteral("^(\\d+)_(.+)\\.py$"));
const QRegularExpression kLevelDir(QStringLiteral("^level_?(\\d+)$"));

int levelOf(const QString& file)
{
    QDir d = QFileInfo(file).absoluteDir();
    for (int up = 0; up < 3; ++up) {
        const auto m = kLevelDir.match(d.dirName());
        if (m.hasMatch())
            return m.captured(1).toInt();
        if (!d.cdUp())
            break;
    }
    return 0;
}

std::optional<KernelBenchProblem> problemFromFile(const QString& file)
{
    const auto m = kProblemName.match(QFileInfo(file).fileName());
    if (!m.hasMatch())
        return std::nullopt;
    return KernelBenchProblem { QFileInfo(file).absoluteFilePath(), file, levelOf(file), m.captured(1).toInt(),
        m.captured(2) };
}

// Candidate files for a problem: `{id}_*.py` (in a matching level folder when the candidate path names a level),
// KernelBench's run outputs `level_{L}_problem_{id}_*.py`, or anything starting with the problem file's stem.
QStringList candidatesFor(const KernelBenchProblem& p, const QStringList& files)
{
    static const QRegularExpression runName(QStringLiteral("^level_?(\\d+)_problem_(\\d+)_.*\\.py$"));
    const QString stem = QFileInfo(p.file).completeBaseName();
    QStringList out;
    for (const QString& f : files) {
        const QString name = QFileInfo(f).fileName();
        if (const auto r = runName.match(name); r.hasMatch()) {
            if (r.captured(2).toInt() == p.problemId && (p.level == 0 || r.captured(1).toInt() == p.level))
                out << f;
            continue;
        }
        const auto m = kProblemName.match(name);
        const int level = levelOf(f);
        if ((m.hasMatch() && m.captured(1).toInt() == p.problemId && (level == 0 || p.level == 0 || level == p.level))
            || (!m.hasMatch() && name.startsWith(stem)))
            out << f;
    }
    return out;
}

Result<QList<KernelBenchProblem>> collect(const QString& path, QTemporaryDir& temp)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error { path, {}, QStringLiteral("no such file or folder") };
    if (info.isFile()) {
        const QString suffix = info.suffix().toLower();
        if (suffix == u"json" || suffix == u"jsonl")
            return kernelBenchDatasetRows(path, temp.path());
        auto p = problemFromFile(path);
        if (!p)
            return Error { path, {},
                QStringLiteral("expected a problem file named {id}_{Name}.py, or a dataset export (.json, .jsonl)") };
        return QList<KernelBenchProblem> { *p };
    }
    QStringList files;
    QDirIterator it(path, { QStringLiteral("*.py") }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    QList<KernelBenchProblem> out;
    for (const QString& f : files) {
        if (auto p = problemFromFile(f))
            out << *p;
    }
    if (out.isEmpty())
        return Error { path, {}, QStringLiteral("no KernelBench problem files ({id}_{Name}.py) found") };
    std::sort(out.begin(), out.end(), [](const KernelBenchProblem& a, const KernelBenchProblem& b) {
        return std::tie(a.level, a.problemId, a.name) < std::tie(b.level, b.problemId, b.name);
    });
    return out;
}
} // namespace

Result<QList<KernelBenchProblem>> kernelBenchDatasetRows(const QString& path, const QString& tempDir)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error { path, {}, QStringLiteral("cannot read: %1").arg(f.errorString()) };
    const QByteArray bytes = f.readAll();
    QList<QPair<int, QJsonObject>> rows;
    if (bytes.trimmed().startsWith('[')) {
        QJsonParseError e;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &e);
        if (!doc.isArray())
            return Error { path, {},
                QStringLiteral("not a JSON array: %1 (offset %2)").arg(e.errorString()).arg(e.offset) };
        int i = 0;
        for (const auto& v : doc.array())
            rows << qMakePair(++i, v.toObject());
    } else {
        int line = 0;
        for (const QByteArray& l : bytes.split('\n')) {
            ++line;
            if (l.trimmed().isEmpty())
                continue;
            QJsonParseError e;
            const QJsonDocument doc = QJsonDocument::fromJson(l, &e);
            if (!doc.isObject())
                return Error { path, {}, QStringLiteral("not a JSON object: %1").arg(e.errorString()), {}, line };
            rows << qMakePair(line, doc.object());
        }
    }
    QList<KernelBenchProblem> out;
    static const QRegularExpression idPrefix(QStringLiteral("^(\\d+)_"));
    for (const auto& [line, row] : rows) {
        const auto where = QStringLiteral("row %1").arg(line);
        if (!row.value(QStringLiteral("code")).isString())
            return Error { path, where, QStringLiteral("expected a string 'code'"), {}, line };
        const QJsonValue idValue = row.value(QStringLiteral("problem_id"));
        if (!idValue.isDouble() && !idValue.isString())
            return Error { path, where, QStringLiteral("expected 'problem_id' (a number)"), {}, line };
        const int id = idValue.isDouble() ? idValue.toInt() : idValue.toString().toInt();
        QString name = row.value(QStringLiteral("name")).toString();
        name.remove(idPrefix);
        if (name.endsWith(QStringLiteral(".py")))
            name.chop(3);
        static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9_.-]+"));
        name.replace(unsafe, QStringLiteral("_")); // the name becomes a folder name: nothing that leaves it
        while (name.startsWith(u'.'))
            name.remove(0, 1);
        if (name.isEmpty())
            name = QStringLiteral("problem");
        const int level = row.value(QStringLiteral("level")).toInt();
        const QString dir = QDir(tempDir).filePath(QStringLiteral("level%1").arg(level));
        QDir().mkpath(dir);
        const QString file = QDir(dir).filePath(QStringLiteral("%1_%2.py").arg(id).arg(name));
        QFile out_(file);
        if (!out_.open(QIODevice::WriteOnly) || out_.write(row.value(QStringLiteral("code")).toString().toUtf8()) < 0)
            return Error { file, {}, QStringLiteral("cannot write the problem's temporary copy") };
        out << KernelBenchProblem { file, QStringLiteral("%1:%2").arg(path).arg(line), level, id, name };
    }
    if (out.isEmpty())
        return Error { path, {}, QStringLiteral("no rows") };
    return out;
}

Result<ImportSummary> importKernelBench(const KernelBenchOptions& options)
{
    QTemporaryDir temp;
    auto problems = collect(options.path, temp);
    if (!problems)
        return problems.error();
    QStringList files;
    for (const auto& p : *problems)
        files << p.file;
    auto scan = runScanner(QStringLiteral("kernelbench"), files);
    if (!scan)
        return scan.error();
    const QJsonArray scans = scan->document.value(QStringLiteral("problems")).toArray();
    if (scans.size() != problems->size())
        return Error { scannerPath(), {},
            QStringLiteral("scanned %1 files, expected %2").arg(scans.size()).arg(problems->size()) };
    QStringList candidateFiles;
    if (!options.candidatesDir.isEmpty()) {
        if (!QFileInfo(options.candidatesDir).isDir())
            return Error { options.candidatesDir, {}, QStringLiteral("not a folder") };
        QDirIterator it(options.candidatesDir, { QStringLiteral("*.py") }, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            candidateFiles << it.next();
        candidateFiles.sort();
    }
    const QJsonObject provenance { { QStringLiteral("scanner"), QStringLiteral("resources/importers/kwb_scan.py") },
        { QStringLiteral("python"), scan->python }, { QStringLiteral("python_version"), scan->pythonVersion },
        { QStringLiteral("kwb_version"), QStringLiteral(KWB_VERSION) } };
    ImportSummary summary;
    summary.provenance = QStringLiteral("%1 (%2)").arg(scan->python, scan->pythonVersion);
    for (qsizetype i = 0; i < problems->size(); ++i) {
        const KernelBenchProblem& p = problems->at(i);
        summary.bundles << writeKernelBenchBundle(
            p, scans[i].toObject(), candidatesFor(p, candidateFiles), options, provenance);
    }
    return summary;
}

} // namespace kwb
