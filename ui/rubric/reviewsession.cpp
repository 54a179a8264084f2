// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/rubric/reviewsession.h"

#include "core/review/reviewchecks.h"
#include "core/task/digest.h"
#include "core/task/task.h"

namespace kwb::ui {

ReviewSession::ReviewSession(QObject* parent)
    : QObject(parent)
{
    m_autosave.setSingleShot(true);
    m_autosave.setInterval(kAutosaveMs);
    connect(&m_autosave, &QTimer::timeout, this, [this] {
        if (const Status s = saveNow(); !s && !m_conflict)
            Q_EMIT failed(s.error().oneLine());
    });
}

ReviewSession::~ReviewSession()
{
    // The panel listening may be half destroyed already: save silently.
    const QSignalBlocker quiet(this);
    (void)saveNow();
}

Status ReviewSession::openStore(const QString& path)
{
    auto store = std::make_unique<ReviewStore>();
    if (const Status s = store->open(path); !s)
        return s;
    m_store = std::move(store);
    return Ok {};
}

QList<const Criterion*> ReviewSession::criteria() const
{
    return m_rubric ? m_rubric->criteriaFor(m_taskKind) : QList<const Criterion*> {};
}

Status ReviewSession::openTask(const Task* task)
{
    const Rubric* rubric = this->rubric();
    const Status pending = saveNow();
    m_autosave.stop();
    m_review.reset();
    m_reports.clear();
    m_held.clear();
    m_draftRevision = 0;
    m_storedRevision = 0;
    m_restoredDraft = false;
    m_dirty = false;
    m_changedSinceSubmit = false;
    m_conflict = false;
    m_baseTimeMs = 0;
    if (m_active)
        m_activeClock.restart();
    if (!task || !rubric || !m_store) {
        Q_EMIT reviewLoaded();
        return pending;
    }
    m_taskKind = task->kind;
    m_taskDir = task->dir;
    const Result<QString> digest = taskDigest(*task);
    m_currentDigest = digest ? *digest : QString();

    const auto draft = m_store->loadDraftRevision(task->id, m_reviewer);
    if (!draft) {
        Q_EMIT reviewLoaded();
        return draft.error();
    }
    if (*draft) {
        m_review = (*draft)->review;
        m_draftRevision = (*draft)->revision;
        m_restoredDraft = true;
        if (const auto stored = m_store->load(task->id, m_reviewer, m_review->created))
            m_storedRevision = stored->revision;
    } else if (const auto all = m_store->reviews()) {
        // The reviewer's latest stored review of the task, to continue from.
        for (const StoredReview& s : *all) {
            if (s.review.taskId == task->id && s.review.reviewer == m_reviewer
                && (!m_review || s.review.created > m_review->created)) {
                m_review = s.review;
                m_storedRevision = s.revision;
            }
        }
    }
    if (!m_review) {
        Review r;
        r.taskId = task->id;
        r.rubricId = rubric->id;
        r.rubricVersion = rubric->version;
        r.reviewer = m_reviewer;
        r.created = QDateTime::currentDateTimeUtc();
        r.updated = r.created;
        m_review = r;
    }
    // A draft is work in progress on the bundle as it is now.
    if (m_review->status == Review::Status::Draft && !m_currentDigest.isEmpty())
        m_review->taskDigest = m_currentDigest;
    m_baseTimeMs = m_review->timeSpentS * 1000;
    loadReports();
    for (const ReportDoc& doc : m_pending.take(task->id))
        attachDoc(doc); // reports of jobs that ended while another task was open
    Q_EMIT reviewLoaded();
    return pending;
}

void ReviewSession::loadReports()
{
    m_reports.clear();
    if (!m_store || !m_review)
        return;
    if (const auto docs = m_store->reportsFor(*m_review))
        m_reports = *docs;
}

Findings ReviewSession::checks() const
{
    if (!m_review || !m_rubric)
        return {};
    Review r = *m_review;
    r.status = Review::Status::Submitted;
    ReviewCheckContext context;
    context.taskKind = m_taskKind;
    context.currentTaskId = r.taskId;
    context.currentTaskDigest = m_currentDigest;
    context.reports = m_reports;
    return checkReview(r, *m_rubric, context);
}

bool ReviewSession::isComplete() const
{
    return m_review && !hasErrors(checks());
}

Result<qint64> ReviewSession::submit()
{
    if (!m_review || !m_store)
        return Error { {}, {}, QStringLiteral("no review is open") };
    for (const Finding& f : checks()) {
        if (f.severity == Severity::Error)
            return Error { {}, f.jsonPath, QStringLiteral("the review is not complete: %1").arg(f.message), f.id };
    }
    Review r = *m_review;
    r.status = Review::Status::Submitted;
    r.updated = QDateTime::currentDateTimeUtc();
    r.timeSpentS = timeSpentS();
    const Result<qint64> saved = m_store->save(r, m_storedRevision);
    if (!saved) {
        if (saved.error().findingId == QLatin1StringView("store.conflict")) {
            m_conflict = true;
            Q_EMIT conflictDetected(saved.error().what);
        }
        return saved;
    }
    m_autosave.stop();
    m_review = r;
    m_storedRevision = *saved;
    m_draftRevision = 0; // the store removed the draft
    m_dirty = false;
    m_changedSinceSubmit = false;
    Q_EMIT submitted(*saved);
    Q_EMIT reviewChanged();
    return saved;
}

Status ReviewSession::saveNow()
{
    m_autosave.stop();
    if (!m_dirty || !m_review || !m_store || m_conflict)
        return Ok {};
    Review r = *m_review;
    r.status = Review::Status::Draft;
    r.updated = QDateTime::currentDateTimeUtc();
    r.timeSpentS = timeSpentS();
    const Result<qint64> saved = m_store->saveDraft(r, m_draftRevision);
    if (!saved) {
        if (saved.error().findingId == QLatin1StringView("store.conflict")) {
            m_conflict = true;
            Q_EMIT conflictDetected(saved.error().what);
        }
        return saved.error();
    }
    m_draftRevision = *saved;
    m_review->updated = r.updated;
    m_review->timeSpentS = r.timeSpentS;
    m_dirty = false;
    Q_EMIT draftSaved(r.updated);
    return Ok {};
}

Status ReviewSession::resolveConflict(bool keepMine)
{
    if (!m_conflict || !m_review || !m_store)
        return Ok {};
    const auto theirs = m_store->loadDraftRevision(m_review->taskId, m_reviewer);
    if (!theirs)
        return theirs.error();
    m_conflict = false;
    if (keepMine) {
        m_draftRevision = *theirs ? (*theirs)->revision : 0;
        m_dirty = true;
        return saveNow();
    }
    if (*theirs) {
        m_review = (*theirs)->review;
        m_draftRevision = (*theirs)->revision;
    } else if (const auto stored = m_store->load(m_review->taskId, m_reviewer, m_review->created)) {
        // The other window submitted: continue from the stored review.
        m_review = stored->review;
        m_storedRevision = stored->revision;
        m_draftRevision = 0;
    }
    m_dirty = false;
    m_baseTimeMs = m_review->timeSpentS * 1000;
    if (m_active)
        m_activeClock.restart();
    loadReports();
    Q_EMIT reviewLoaded();
    return Ok {};
}

qint64 ReviewSession::timeSpentS() const
{
    const qint64 ms = m_baseTimeMs + (m_active && m_activeClock.isValid() ? m_activeClock.elapsed() : 0);
    return ms / 1000;
}

void ReviewSession::setActive(bool active)
{
    if (active == m_active)
        return;
    if (m_active && m_activeClock.isValid())
        m_baseTimeMs += m_activeClock.elapsed();
    m_active = active;
    if (active)
        m_activeClock.restart();
}

void ReviewSession::edited()
{
    for (const ReportDoc& doc : std::exchange(m_held, {})) {
        // The first edit after a submit brings in what arrived since.
        m_review->reports.append(ReportRef { doc.digest, doc.action, QDateTime::currentDateTimeUtc() });
        m_reports.append(doc);
    }
    m_dirty = true;
    m_changedSinceSubmit = true;
    if (!m_autosave.isActive() && !m_conflict)
        m_autosave.start(); // not restarted by later edits: every edit is saved within kAutosaveMs
    Q_EMIT reviewChanged();
}

} // namespace kwb::ui
