// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/importers/gpumode.h"

#include "core/importers/gpumodemanifest.h"
#include "core/importers/scanner.h"
#include "core/task/lint.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>

namespace kwb {
namespace {
const QStringList kKnownKeys { QStringLiteral("files"), QStringLiteral("lang"), QStringLiteral("description"),
    QStringLiteral("config"), QStringLiteral("templates"), QStringLiteral("tests"), QStringLiteral("benchmarks"),
    QStringLiteral("test_timeout"), QStringLiteral("benchmark_timeout"), QStringLiteral("ranked_timeout"),
    QStringLiteral("ranking_by"), QStringLiteral("seed"), QStringLiteral("multi_gpu"), QStringLiteral("milestones") };

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Line of a top-level key in task.yml (1-based), 0 when absent.
int keyLine(const QByteArray& text, const QString& key)
{
    const QRegularExpression re(
        QStringLiteral("^%1\\s*:").arg(QRegularExpression::escape(key)), QRegularExpression::MultilineOption);
    const auto m = re.match(QString::fromUtf8(text));
    return m.hasMatch() ? int(QString::fromUtf8(text).left(m.capturedStart()).count(u'\n')) + 1 : 0;
}

QString licenceFile(const QString& taskDir)
{
    QDir d(taskDir);
    for (int up = 0; up < 4; ++up) {
        for (const QString& name : { QStringLiteral("LICENSE"), QStringLiteral("LICENSE.md"),
                 QStringLiteral("LICENSE.txt"), QStringLiteral("LICENCE"), QStringLiteral("COPYING") }) {
            if (QFileInfo(d.filePath(name)).isFile())
                return d.filePath(name);
        }
        if (!d.cdUp())
            break;
    }
    return {};
}

ImportedBundle importTask(const QJsonObject& scan, const GpuModeOptions& options, const QString& submission,
    const QJsonObject& provenance, const QString& taskName);
} // namespace

Result<ImportSummary> importGpuMode(const GpuModeOptions& options)
{
    const QFileInfo info(options.path);
    if (!info.isDir())
        return Error { options.path, {},
            QStringLiteral("expected a task folder (holding task.yml) or a folder of them") };
    QStringList dirs;
    if (QFileInfo::exists(QDir(options.path).filePath(QStringLiteral("task.yml")))) {
        dirs << info.absoluteFilePath();
    } else {
        QDirIterator it(options.path, { QStringLiteral("task.yml") }, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            dirs << QFileInfo(it.next()).absolutePath();
        dirs.sort();
    }
    if (dirs.isEmpty())
        return Error { options.path, {}, QStringLiteral("no task.yml found") };
    if (!options.submission.isEmpty() && dirs.size() > 1)
        return Error { options.submission, {},
            QStringLiteral("a submission applies to one task; %1 holds %2").arg(options.path).arg(dirs.size()) };
    auto scan = runScanner(QStringLiteral("gpumode"), dirs);
    if (!scan)
        return scan.error();
    const QJsonArray tasks = scan->document.value(QStringLiteral("tasks")).toArray();
    const QJsonObject provenance { { QStringLiteral("scanner"), QStringLiteral("resources/importers/kwb_scan.py") },
        { QStringLiteral("python"), scan->python }, { QStringLiteral("python_version"), scan->pythonVersion },
        { QStringLiteral("kwb_version"), QStringLiteral(KWB_VERSION) } };
    ImportSummary summary;
    summary.provenance = QStringLiteral("%1 (%2)").arg(scan->python, scan->pythonVersion);
    // Folders of the same name in different places (corepack/qr_py, linalg/qr_py) would write the same bundle
    // folder: those are named after their parent too.
    QHash<QString, int> nameCount;
    for (const auto& d : std::as_const(dirs))
        ++nameCount[QFileInfo(d).fileName()];
    for (const auto& t : tasks) {
        const QFileInfo dir(t.toObject().value(QStringLiteral("dir")).toString());
        const QString name = nameCount.value(dir.fileName()) > 1
            ? QStringLiteral("%1-%2").arg(dir.dir().dirName(), dir.fileName())
            : dir.fileName();
        summary.bundles << importTask(t.toObject(), options, options.submission, provenance, name);
    }
    return summary;
}

namespace {
ImportedBundle importTask(const QJsonObject& scan, const GpuModeOptions& options, const QString& submissionOption,
    const QJsonObject& provenance, const QString& taskName)
{
    ImportedBundle b;
    const QString dir = scan.value(QStringLiteral("dir")).toString();
    b.source = dir;
    const auto fail = [&](const QString& file, int line, const QString& message) {
        b.findings << importFinding(QStringLiteral("import.missing-definition"), Severity::Error, file, line, message);
        b.error = QStringLiteral("%1/%2%3: %4")
                      .arg(dir, file, line > 0 ? QStringLiteral(":%1").arg(line) : QString(), message);
        return b;
    };
    for (const auto& e : scan.value(QStringLiteral("errors")).toArray()) {
        const QJsonObject err = e.toObject();
        return fail(err.value(QStringLiteral("file")).toString(), err.value(QStringLiteral("line")).toInt(),
            err.value(QStringLiteral("message")).toString());
    }
    const QByteArray yamlText = readAll(QDir(dir).filePath(QStringLiteral("task.yml")));
    const QJsonObject y = scan.value(QStringLiteral("yaml")).toObject();
    const QString yml = QStringLiteral("task.yml");
    const QString lang = y.value(QStringLiteral("lang")).toString();
    if (lang != u"py" && lang != u"cu")
        return fail(yml, keyLine(yamlText, QStringLiteral("lang")),
            QStringLiteral("'lang' must be py or cu, got '%1'").arg(lang));
    if (!y.value(QStringLiteral("files")).isArray())
        return fail(yml, keyLine(yamlText, QStringLiteral("files")), QStringLiteral("'files' must be a list"));
    for (auto it = y.begin(); it != y.end(); ++it) {
        if (!kKnownKeys.contains(it.key()))
            b.findings << importFinding(QStringLiteral("import.not-static"), Severity::Info, yml,
                keyLine(yamlText, it.key()),
                QStringLiteral("unknown key '%1' (kept in import.json, not used)").arg(it.key()));
    }
    // files: {name, source}; @SUBMISSION@ marks the submission's slot.
    QString submissionName;
    QMap<QString, QByteArray> files;
    QStringList support;
    for (const auto& v : y.value(QStringLiteral("files")).toArray()) {
        const QJsonObject e = v.toObject();
        const QString name = e.value(QStringLiteral("name")).toString();
        const QString source = e.value(QStringLiteral("source")).toString();
        if (name.isEmpty() || source.isEmpty() || name.contains(u'/') || name.contains(QStringLiteral("..")))
            return fail(yml, keyLine(yamlText, QStringLiteral("files")),
                QStringLiteral("every 'files' entry needs a plain 'name' and a 'source'"));
        if (source == u"@SUBMISSION@") {
            submissionName = name;
            continue;
        }
        if (name == u"reference.py" || name == u"eval.py" || name.endsWith(QStringLiteral(".cu"))
            || name.endsWith(QStringLiteral(".cuh")) || name.endsWith(QStringLiteral(".h")))
            continue; // the reference is the bundle's own; eval harnesses are replaced by ours
        const QString path = QDir(dir).filePath(source);
        if (!QFileInfo(path).isFile()) {
            b.findings << importFinding(QStringLiteral("import.not-static"), Severity::Warning, yml,
                keyLine(yamlText, QStringLiteral("files")),
                QStringLiteral("'%1' (source %2) not found: implementations importing it will fail").arg(name, source));
            continue;
        }
        files.insert(name, readAll(path));
        support << name;
    }
    if (submissionName.isEmpty())
        return fail(
            yml, keyLine(yamlText, QStringLiteral("files")), QStringLiteral("no entry with source @SUBMISSION@"));
    // Cases: tests and benchmarks, each a flat dict of generate_input's keyword arguments.
    QJsonArray cases;
    for (const char* key : { "tests", "benchmarks" }) {
        const QJsonArray list = y.value(QLatin1StringView(key)).toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QJsonObject params = list[i].toObject();
            if (!list[i].isObject())
                return fail(yml, keyLine(yamlText, QLatin1StringView(key)),
                    QStringLiteral("%1[%2] must be a mapping of generate_input's arguments")
                        .arg(QLatin1StringView(key))
                        .arg(i));
            const auto scalar = [](const QJsonValue& v) { return v.isDouble() || v.isString() || v.isBool(); };
            for (auto it = params.begin(); it != params.end(); ++it) {
                // A list of scalars is kept as a list (nvfp4_group_gemm's per-group "m": [96, 128]).
                const QJsonArray items = it.value().toArray();
                if (!scalar(it.value()) && !(it.value().isArray() && std::all_of(items.begin(), items.end(), scalar)))
                    return fail(yml,
                        scan.value(QStringLiteral("lines"))
                            .toObject()
                            .value(QLatin1StringView(key) + QStringLiteral("[]"))
                            .toArray()
                            .at(i)
                            .toInt(keyLine(yamlText, QLatin1StringView(key))),
                        QStringLiteral("%1[%2].%3: expected a number, string, bool or a list of them, got %4")
                            .arg(QLatin1StringView(key))
                            .arg(i)
                            .arg(it.key(),
                                it.value().isNull() ? QStringLiteral("no value")
                                    : it.value().isArray()
                                    ? QStringLiteral("a list holding a list, mapping or no value")
                                    : QStringLiteral("a mapping")));
            }
            cases.append(QJsonObject {
                { QStringLiteral("name"), QStringLiteral("%1-%2").arg(QLatin1StringView(key).chopped(1)).arg(i + 1) },
                { QStringLiteral("params"), params } });
        }
    }
    if (cases.isEmpty())
        b.findings << importFinding(QStringLiteral("scope.missing-field"), Severity::Warning, yml, 0,
            QStringLiteral("no tests or benchmarks: nothing to run"));

    const QJsonObject ref = scan.value(QStringLiteral("reference")).toObject();
    if (!QFileInfo(QDir(dir).filePath(QStringLiteral("reference.py"))).isFile())
        return fail(QStringLiteral("reference.py"), 0, QStringLiteral("missing"));
    for (const char* fn : { "generate_input", "ref_kernel", "check_implementation" }) {
        if (!ref.contains(QLatin1StringView(fn)))
            return fail(
                QStringLiteral("reference.py"), 1, QStringLiteral("defines no '%1'").arg(QLatin1StringView(fn)));
    }
    // generate_input is called with each case's dict as keyword arguments: one it requires that a case does not
    // give (GPU MODE's distributed tasks pass RANK and a process group from their own launcher) fails the run.
    const QJsonObject generate = ref.value(QStringLiteral("generate_input")).toObject();
    QStringList notGiven;
    for (const auto& c : std::as_const(cases)) {
        const QJsonObject params = c.toObject().value(QStringLiteral("params")).toObject();
        for (const auto& r : generate.value(QStringLiteral("required")).toArray())
            if (!params.contains(r.toString()) && !notGiven.contains(r.toString()))
                notGiven << r.toString();
    }
    // ... and one a case gives that generate_input does not take (no **kwargs) fails it with a TypeError.
    QStringList notTaken;
    if (!generate.value(QStringLiteral("varkw")).toBool()) {
        QStringList taken;
        for (const char* key : { "params", "kwonly" })
            for (const auto& p : generate.value(QLatin1StringView(key)).toArray())
                taken << p.toString();
        for (const auto& c : std::as_const(cases))
            for (const QString& k : c.toObject().value(QStringLiteral("params")).toObject().keys())
                if (!taken.contains(k) && !notTaken.contains(k))
                    notTaken << k;
    }
    if (!notTaken.isEmpty())
        b.findings << importFinding(QStringLiteral("import.case-arguments"), Severity::Warning,
            QStringLiteral("reference.py"), generate.value(QStringLiteral("line")).toInt(),
            QStringLiteral("the cases in task.yml give %1, which generate_input does not take: running these cases "
                           "fails with a TypeError")
                .arg(notTaken.join(QStringLiteral(", "))));
    if (!notGiven.isEmpty())
        b.findings << importFinding(QStringLiteral("import.case-arguments"), Severity::Warning,
            QStringLiteral("reference.py"), generate.value(QStringLiteral("line")).toInt(),
            QStringLiteral("generate_input requires %1, which the cases in task.yml do not give (a distributed task's "
                           "launcher passes them): running these cases fails")
                .arg(notGiven.join(QStringLiteral(", "))));
    if (const QJsonObject random = scan.value(QStringLiteral("ref_random")).toObject(); !random.isEmpty())
        b.findings << importFinding(QStringLiteral("import.random-in-forward"), Severity::Warning,
            QStringLiteral("reference.py"), random.value(QStringLiteral("line")).toInt(),
            QStringLiteral("ref_kernel draws random numbers without the case's generator (%1): its output depends on "
                           "the global generator's state, not on the case's seed, so a submission matches only if it "
                           "draws the same numbers in the same order")
                .arg(random.value(QStringLiteral("what")).toString()));
    const QByteArray refCode = readAll(QDir(dir).filePath(QStringLiteral("reference.py")));
    files.insert(QStringLiteral("reference.py"), refCode);
    static const QRegularExpression importsTorch(
        QStringLiteral("^\\s*(import|from)\\s+torch\\b"), QRegularExpression::MultilineOption);
    const QString framework
        = importsTorch.match(QString::fromUtf8(refCode)).hasMatch() ? QStringLiteral("torch") : QStringLiteral("numpy");

    const QString description = y.value(QStringLiteral("description")).toString();
    QJsonArray notes;
    const QJsonArray outputs = gpuModeOutputs(scan.value(QStringLiteral("ref_returns")).toObject(),
        describedOutputDtype(description), keyLine(yamlText, QStringLiteral("description")), notes);
    b.id = taskIdFrom(QStringLiteral("gpumode-") + taskName);
    b.dir = QDir(options.outDir).filePath(taskName);

    QJsonObject reference { { QStringLiteral("backend"), QStringLiteral("python") },
        { QStringLiteral("framework"), framework }, { QStringLiteral("convention"), QStringLiteral("gpumode") },
        { QStringLiteral("source"), QStringLiteral("reference.py") },
        { QStringLiteral("entry"), QStringLiteral("ref_kernel") }, { QStringLiteral("args"), QJsonArray {} } };
    if (!support.isEmpty())
        reference.insert(QStringLiteral("files"), QJsonArray::fromStringList(support));
    QJsonArray candidates;
    QString submission = submissionOption;
    if (submission.isEmpty() && QFileInfo(QDir(dir).filePath(submissionName)).isFile())
        submission = QDir(dir).filePath(submissionName);
    if (!submission.isEmpty()) {
        const QByteArray code = readAll(submission);
        const QString rel = QStringLiteral("submission/") + QFileInfo(submission).fileName();
        files.insert(rel, code);
        if (lang == u"py") {
            QJsonObject cand = reference;
            cand.insert(QStringLiteral("id"), QStringLiteral("submission"));
            cand.insert(QStringLiteral("source"), rel);
            cand.insert(QStringLiteral("entry"), QStringLiteral("custom_kernel"));
            candidates.append(cand);
            // Bound any way Python allows (`custom_kernel = torch.compile(_impl)`, imported, a callable instance).
            const auto bindings = moduleBindings(QStringLiteral("custom_kernel"), { submission });
            if (!bindings)
                b.findings << importFinding(QStringLiteral("import.not-static"), Severity::Warning, rel, 0,
                    QStringLiteral("whether the submission binds custom_kernel was not checked: %1")
                        .arg(bindings.error().oneLine()));
            else if (const auto f = bindingFinding(bindings->value(submission), rel, QStringLiteral("custom_kernel")))
                b.findings << *f;
        } else {
            b.findings << importFinding(QStringLiteral("import.unsupported-lang"), Severity::Warning, rel, 0,
                QStringLiteral("lang cu: the submission is CUDA C++ built by GPU MODE's own eval; it is kept in the "
                               "bundle for review, and only the python reference runs here"));
        }
    }
    const QString licence = licenceFile(dir);
    QString licenceNote;
    if (licence.isEmpty()) {
        b.findings << importFinding(QStringLiteral("import.no-license"), Severity::Warning, yml, 0,
            QStringLiteral("no LICENSE file beside or above the task: check the terms before sharing the bundle"));
    } else {
        files.insert(QFileInfo(licence).fileName(), readAll(licence));
        licenceNote = QString::fromUtf8(readAll(licence)).section(u'\n', 0, 0).trimmed();
    }

    QJsonObject manifest { { QStringLiteral("format"), QStringLiteral("kwb.task/1") }, { QStringLiteral("id"), b.id },
        { QStringLiteral("title"), QStringLiteral("GPU MODE: %1").arg(taskName) },
        { QStringLiteral("kind"), QStringLiteral("optimization") },
        { QStringLiteral("spec"), QStringLiteral("spec.md") },
        { QStringLiteral("target"),
            QJsonObject { { QStringLiteral("framework"), lang == u"cu" ? QStringLiteral("cuda") : framework },
                { QStringLiteral("kernel"), QStringLiteral("any") },
                { QStringLiteral("hardware"), options.hardware } } },
        { QStringLiteral("inputs"), QJsonArray {} }, { QStringLiteral("outputs"), outputs },
        { QStringLiteral("cases"), cases }, { QStringLiteral("reference"), reference },
        { QStringLiteral("candidates"), candidates } };
    if (const auto tol = toleranceFrom(ref))
        manifest.insert(QStringLiteral("tolerance"), *tol);

    QString spec = QStringLiteral("# GPU MODE task: %1\n\nImported by `kwb import gpumode` from `%2` (lang `%3`).\n\n")
                       .arg(taskName, dir, lang);
    spec += description.trimmed() + QStringLiteral("\n\n## Cases\n\n");
    for (const auto& c : cases)
        spec += QStringLiteral("- `%1`: `%2`\n")
                    .arg(c.toObject().value(QStringLiteral("name")).toString(),
                        QString::fromUtf8(QJsonDocument(c.toObject().value(QStringLiteral("params")).toObject())
                                              .toJson(QJsonDocument::Compact)));
    spec += QStringLiteral("\nSeeds: every trial replaces a case's `seed` with a fresh one (recorded with the run).\n");
    if (y.contains(QStringLiteral("ranking_by")))
        spec += QStringLiteral("Ranking: `%1`.\n").arg(y.value(QStringLiteral("ranking_by")).toString());
    spec += QStringLiteral("\n## Licence\n\n%1\n")
                .arg(licence.isEmpty() ? QStringLiteral("No licence file was found beside or above the task.")
                                       : QStringLiteral("`%1` travels with this bundle: %2")
                                             .arg(QFileInfo(licence).fileName(), licenceNote));
    files.insert(QStringLiteral("spec.md"), spec.toUtf8());
    files.insert(QStringLiteral("task.yml"), yamlText);
    QJsonObject importDoc { { QStringLiteral("format"), QStringLiteral("kwb.import/1") },
        { QStringLiteral("source"),
            QJsonObject { { QStringLiteral("kind"), QStringLiteral("gpumode") }, { QStringLiteral("origin"), dir },
                { QStringLiteral("lang"), lang }, { QStringLiteral("licence"), QFileInfo(licence).fileName() } } },
        { QStringLiteral("importer"), provenance },
        { QStringLiteral("analysis"),
            QJsonObject { { QStringLiteral("notes"), notes }, { QStringLiteral("reference"), ref },
                { QStringLiteral("task_yml"), y } } } };
    // What the importer found travels in import.json, so `kwb lint` and the GUI show it on every open.
    importDoc.insert(QStringLiteral("findings"), findingsJson(b.findings));
    b.findings.clear();
    files.insert(QStringLiteral("import.json"), QJsonDocument(importDoc).toJson(QJsonDocument::Indented));
    if (auto s = writeBundle(b.dir, manifest, files); !s) {
        b.error = s.error().oneLine();
        b.dir.clear();
        return b;
    }
    const LintReport lint = lintBundle(b.dir);
    if (!lint.loaded)
        b.error = QStringLiteral("%1: the written bundle does not load: %2").arg(dir, lint.loadError);
    b.findings << lint.findings;
    return b;
}
} // namespace

} // namespace kwb
