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
    if (!m_review || !m_store)
        return Error { file, {}, QStringLiteral("no review is open") };
    const Result<ReportDoc> doc = m_store->addReport(bytes, file);
    if (!doc)
        return doc.error();
    for (const ReportRef& r : m_review->reports) {
        if (r.digest == doc->digest)
            return doc->digest;
    }
    m_review->reports.append(ReportRef { doc->digest, doc->action, QDateTime::currentDateTimeUtc() });
    m_reports.append(*doc);
    edited();
    return doc->digest;
}

} // namespace kwb::ui
