// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ReviewSession: the edits of the working copy.
#include "ui/rubric/reviewsession.h"

namespace kwb::ui {

Score& ReviewSession::score(const QString& criterion)
{
    return m_review->scores[criterion];
}

void ReviewSession::setScore(const QString& criterion, std::optional<int> value, bool notApplicable)
{
    if (!m_review)
        return;
    Score& s = score(criterion);
    s.value = notApplicable ? std::nullopt : value;
    s.notApplicable = notApplicable;
    edited();
}

void ReviewSession::setScoreComment(const QString& criterion, const QString& text)
{
    if (!m_review || m_review->scores.value(criterion).comment == text)
        return;
    score(criterion).comment = text;
    edited();
}

bool ReviewSession::addEvidence(const QString& criterion, const QString& ref)
{
    if (!m_review || m_review->scores.value(criterion).evidence.contains(ref))
        return false;
    score(criterion).evidence.append(ref);
    edited();
    return true;
}

void ReviewSession::removeEvidence(const QString& criterion, const QString& ref)
{
    if (!m_review || !m_review->scores.contains(criterion))
        return;
    score(criterion).evidence.removeAll(ref);
    edited();
}

void ReviewSession::addLineComment(const LineComment& comment)
{
    if (!m_review)
        return;
    m_review->comments.append(comment);
    edited();
}

void ReviewSession::setLineCommentText(int index, const QString& text)
{
    if (!m_review || index < 0 || index >= m_review->comments.size() || m_review->comments[index].text == text)
        return;
    m_review->comments[index].text = text;
    edited();
}

void ReviewSession::setLineCommentCriterion(int index, const QString& criterion)
{
    if (!m_review || index < 0 || index >= m_review->comments.size())
        return;
    m_review->comments[index].criterion = criterion;
    edited();
}

void ReviewSession::removeLineComment(int index)
{
    if (!m_review || index < 0 || index >= m_review->comments.size())
        return;
    m_review->comments.removeAt(index);
    edited();
}

void ReviewSession::setVerdict(const QString& verdict)
{
    if (!m_review || m_review->verdict == verdict)
        return;
    m_review->verdict = verdict;
    edited();
}

void ReviewSession::setSummary(const QString& summary)
{
    if (!m_review || m_review->summary == summary)
        return;
    m_review->summary = summary;
    edited();
}

void ReviewSession::setConfidence(std::optional<int> confidence)
{
    if (!m_review || m_review->confidence == confidence)
        return;
    m_review->confidence = confidence;
    edited();
}

Result<QString> ReviewSession::attachReport(const QByteArray& bytes, const QString& file)
{
    if (!m_store)
        return Error { file, {}, QStringLiteral("no review database") };
    const Result<ReportDoc> doc = m_store->addReport(bytes, file);
    if (!doc)
        return doc.error();
    if (!m_review || doc->taskId != m_review->taskId) {
        m_pending[doc->taskId].append(*doc); // its task's review attaches it when it opens again
        return doc->digest;
    }
    attachDoc(*doc);
    return doc->digest;
}

void ReviewSession::attachDoc(const ReportDoc& doc)
{
    const auto same = [&](const auto& r) { return r.digest == doc.digest; };
    if (std::any_of(m_review->reports.cbegin(), m_review->reports.cend(), same)
        || std::any_of(m_held.cbegin(), m_held.cend(), same))
        return;
    if (m_review->status == Review::Status::Submitted && !m_changedSinceSubmit) {
        m_held.append(doc); // evidence gathered after the submit does not reopen it
        Q_EMIT reviewChanged();
        return;
    }
    m_review->reports.append(ReportRef { doc.digest, doc.action, QDateTime::currentDateTimeUtc() });
    m_reports.append(doc);
    edited();
}

} // namespace kwb::ui
