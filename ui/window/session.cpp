// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/session.h"

#include "core/review/findingblame.h"
#include "core/task/taskloader.h"
#include "ui/window/findinglocation.h"

#include <QDir>
#include <QFileInfo>

namespace kwb::ui {

Session::Session(QObject* parent)
    : QObject(parent)
{
}

FindingCounts countFindings(const Findings& findings)
{
    FindingCounts c;
    for (const Finding& f : findings) {
        switch (f.severity) {
        case Severity::Error:
            ++c.errors;
            break;
        case Severity::Warning:
            ++c.warnings;
            break;
        case Severity::Info:
            ++c.infos;
            break;
        }
    }
    return c;
}

QString countsText(const FindingCounts& c)
{
    QStringList parts;
    if (c.errors)
        parts << (c.errors == 1 ? Session::tr("1 error") : Session::tr("%1 errors").arg(c.errors));
    if (c.warnings)
        parts << (c.warnings == 1 ? Session::tr("1 warning") : Session::tr("%1 warnings").arg(c.warnings));
    if (c.infos)
        parts << Session::tr("%1 info").arg(c.infos);
    return parts.isEmpty() ? Session::tr("no findings") : parts.join(QStringLiteral(", "));
}

Status Session::openPath(const QString& path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error { path, {}, QStringLiteral("no such file or folder"), {}, 0 };
    // A task.json names its bundle.
    const QString folder = info.isFile() ? info.absolutePath() : info.absoluteFilePath();
    if (BatchQueue::isWorkspace(folder))
        return openWorkspace(folder);
    const QStringList found = findTaskBundles(folder);
    if (found.isEmpty())
        return Error { path, {}, QStringLiteral("no task bundle (a folder with task.json) found"), {}, 0 };

    // Lint is quick (it reads manifests, specs and sources, never runs anything), so a folder of
    // tasks is checked up front and the task list can show every status at once.
    QList<LintReport> reports;
    reports.reserve(found.size());
    for (const QString& bundle : found)
        reports << lintBundle(bundle);

    m_root = folder;
    m_queue.reset();
    m_bundles = reports;
    m_current = -1;
    m_task.reset();
    Q_EMIT logged(tr("Opened %1: %2 %3")
                      .arg(QDir::toNativeSeparators(folder))
                      .arg(m_bundles.size())
                      .arg(m_bundles.size() == 1 ? tr("task") : tr("tasks")));
    for (const LintReport& r : std::as_const(m_bundles)) {
        const FindingCounts c = countFindings(r.findings);
        const QString name = r.id.isEmpty() ? QDir(folder).relativeFilePath(r.path) : r.id;
        Q_EMIT logged(r.loaded ? tr("lint %1: %2").arg(name, countsText(c))
                               : tr("lint %1: does not load: %2").arg(name, r.loadError));
    }
    Q_EMIT folderOpened(folder);
    selectTask(0);
    return Ok {};
}

Status Session::openWorkspace(const QString& folder)
{
    auto queue = BatchQueue::open(folder);
    if (!queue)
        return queue.error();
    if (queue->size() == 0)
        return Error { folder, {}, QStringLiteral("the workspace lists no assignments"), {}, 0 };
    // Reports without a digest stand for "not linted yet": selectTask lints a bundle when it is first opened.
    QList<LintReport> reports;
    reports.reserve(queue->size());
    for (qsizetype i = 0; i < queue->size(); ++i) {
        const Assignment& a = queue->assignments()[i];
        LintReport r;
        r.path = queue->bundlePath(i);
        r.id = a.bundleId;
        r.loaded = a.loadError.isEmpty();
        r.loadError = a.loadError;
        if (!r.loaded)
            r.findings << Finding { QStringLiteral("scope.invalid-manifest"), Severity::Error, a.loadError, {}, 0, 0,
                {}, {}, {}, {} };
        reports << r;
    }
    m_root = folder;
    m_queue = std::move(*queue);
    m_bundles = reports;
    m_current = -1;
    m_task.reset();
    Q_EMIT logged(tr("Opened workspace %1: %2 assignments from %3")
                      .arg(QDir::toNativeSeparators(folder))
                      .arg(m_bundles.size())
                      .arg(m_queue->source()));
    Q_EMIT folderOpened(folder);
    selectTask(0);
    return Ok {};
}

const LintReport* Session::currentReport() const
{
    return m_current >= 0 && m_current < m_bundles.size() ? &m_bundles[m_current] : nullptr;
}

bool Session::selectTask(int index)
{
    if (index < 0 || index >= m_bundles.size())
        return false;
    if (index == m_current)
        return true;
    m_current = index;
    if (m_queue && m_bundles[index].loaded && m_bundles[index].digest.isEmpty())
        m_bundles[index] = lintBundle(m_bundles[index].path); // a workspace bundle, opened for the first time
    const LintReport& report = m_bundles[index];
    m_task.reset();
    m_findings = report.findings;
    if (report.loaded) {
        // The lint report was made from the same files a moment ago; loading again gives the
        // Task model itself (the report keeps only findings).
        Result<LoadedTask> loaded = loadTask(report.path);
        if (loaded)
            m_task = std::move(loaded.value().task);
        else
            m_findings = { Finding { loaded.error().findingId, Severity::Error, loaded.error().oneLine(),
                loaded.error().file, loaded.error().line, 0, loaded.error().where, {}, {}, {} } };
    }
    if (!m_task)
        Q_EMIT logged(tr("%1 does not load: %2").arg(QDir::toNativeSeparators(report.path), report.loadError));
    else
        for (Findings f : m_actionFindings.value(report.path)) {
            locateFindings(f, *m_task);
            m_findings << f; // what the task's actions found earlier in this session
        }
    m_baseline = m_task ? m_task->reference.id : QString();
    m_candidate = m_task && !m_task->candidates.isEmpty() ? m_task->candidates.first().id : QString();
    Q_EMIT taskOpened();
    Q_EMIT findingsChanged();
    return true;
}

bool Session::setCandidate(const QString& implId)
{
    if (!m_task || !m_task->implementation(implId))
        return false;
    if (implId != m_candidate) {
        m_candidate = implId;
        Q_EMIT candidateChanged(implId);
    }
    return true;
}

bool Session::setBaseline(const QString& implId)
{
    if (!m_task || !m_task->implementation(implId))
        return false;
    if (implId != m_baseline) {
        m_baseline = implId;
        Q_EMIT baselineChanged(implId);
    }
    return true;
}

QString Session::currentKey() const
{
    const LintReport* r = currentReport();
    return r ? r->path : QString();
}

void Session::setActionFindings(const QString& action, const Findings& findings)
{
    setActionFindingsFor(currentKey(), action, findings);
}

void Session::setActionFindingsFor(const QString& taskKey, const QString& action, const Findings& findings)
{
    m_actionFindings[taskKey].insert(action, withBlameSeverity(findings));
    if (taskKey == currentKey())
        recomputeFindings();
}

void Session::recomputeFindings()
{
    const LintReport* report = currentReport();
    m_findings = report ? report->findings : Findings {};
    for (Findings f : m_actionFindings.value(currentKey())) {
        if (m_task)
            locateFindings(f, *m_task);
        m_findings << f;
    }
    Q_EMIT findingsChanged();
}

void Session::addFindings(const Findings& findings)
{
    if (findings.isEmpty())
        return;
    m_findings << findings;
    Q_EMIT findingsChanged();
}

} // namespace kwb::ui
