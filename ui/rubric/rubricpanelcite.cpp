// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// RubricPanel: citing evidence (findings, reports, editor lines), suggestions, inline comments.
#include "ui/rubric/rubricpanel.h"

#include "core/review/evidenceref.h"
#include "core/review/findingblame.h"
#include "ui/rubric/linecommentlist.h"
#include "ui/rubric/reviewsession.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QToolButton>
#include <QVBoxLayout>

namespace kwb::ui {
namespace {
QString fileRef(const LineSelection& s)
{
    EvidenceRef r;
    r.kind = EvidenceRef::Kind::File;
    r.target = s.file;
    r.startLine = s.startLine;
    r.endLine = s.endLine;
    return r.toString();
}

QString linesText(const LineSelection& s)
{
    return s.endLine > s.startLine ? QStringLiteral("%1 L%2–%3").arg(s.file).arg(s.startLine).arg(s.endLine)
                                   : QStringLiteral("%1 L%2").arg(s.file).arg(s.startLine);
}
} // namespace

void RubricPanel::setFindings(const Findings& findings)
{
    m_findings = findings;
    refreshSuggestions();
}

void RubricPanel::setSelectionProvider(std::function<std::optional<LineSelection>()> provider)
{
    m_selection = std::move(provider);
}

void RubricPanel::refreshSuggestions()
{
    m_suggestions = m_review->hasReview()
        ? suggestEvidence(m_findings, m_review->criteria(), m_review->review(), m_ignored)
        : QList<EvidenceSuggestion> {};
    while (QLayoutItem* item = m_suggestionRows->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_suggestionBox->setVisible(!m_suggestions.isEmpty());
    for (qsizetype i = 0; i < m_suggestions.size(); ++i) {
        const EvidenceSuggestion& s = m_suggestions[i];
        auto* row = new QWidget(m_suggestionBox);
        row->setObjectName(QStringLiteral("suggestion"));
        auto* h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        auto* text = new QLabel(row);
        text->setObjectName(QStringLiteral("suggestionText"));
        text->setTextFormat(Qt::PlainText);
        text->setMinimumWidth(40); // elided below, never widening the dock
        text->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        const QString line = s.count > 1
            ? tr("%1 ◂ %2 (%n findings of this kind)", nullptr, s.count).arg(s.criterion, evidenceLabel(s.ref))
            : QStringLiteral("%1 ◂ %2").arg(s.criterion, evidenceLabel(s.ref));
        text->setProperty("fullText", line);
        text->setText(line);
        text->setToolTip(s.why);
        auto* accept = new QToolButton(row);
        accept->setObjectName(QStringLiteral("acceptSuggestion"));
        accept->setText(tr("Cite"));
        accept->setToolTip(tr("Cite %1 as evidence for %2").arg(s.ref, s.criterion));
        auto* ignore = new QToolButton(row);
        ignore->setObjectName(QStringLiteral("ignoreSuggestion"));
        ignore->setText(s.count > 1 ? tr("Ignore all of this kind") : tr("Ignore"));
        ignore->setToolTip(tr("Do not suggest %1 for %2 again in this task").arg(s.findingId, s.criterion));
        const int index = int(i);
        // Queued: accepting rebuilds these rows, the clicked button among them.
        connect(
            accept, &QToolButton::clicked, this, [this, index] { acceptSuggestion(index); }, Qt::QueuedConnection);
        connect(
            ignore, &QToolButton::clicked, this, [this, index] { ignoreSuggestion(index); }, Qt::QueuedConnection);
        h->addWidget(text, 1);
        h->addWidget(accept);
        h->addWidget(ignore);
        m_suggestionRows->addWidget(row);
    }
}

void RubricPanel::acceptSuggestion(int index)
{
    if (index < 0 || index >= m_suggestions.size())
        return;
    const EvidenceSuggestion s = m_suggestions[index];
    m_review->addEvidence(s.criterion, s.ref); // refreshes (and drops the suggestion) through reviewChanged
}

void RubricPanel::ignoreSuggestion(int index)
{
    if (index < 0 || index >= m_suggestions.size())
        return;
    m_ignored.insert(m_suggestions[index].criterion + QLatin1Char('|') + m_suggestions[index].findingId);
    refreshSuggestions();
}

bool RubricPanel::citeLines(const QString& criterion, const LineSelection& lines)
{
    if (!m_review->hasReview() || lines.file.isEmpty() || lines.startLine < 1)
        return false;
    m_review->addEvidence(criterion, fileRef(lines));
    return true;
}

bool RubricPanel::citeFinding(const QString& criterion, const Finding& finding)
{
    return m_review->hasReview() && m_review->addEvidence(criterion, findingRef(finding));
}

bool RubricPanel::citeReport(const QString& criterion, const QString& digest)
{
    return m_review->hasReview() && m_review->addEvidence(criterion, QStringLiteral("report:") + digest);
}

int RubricPanel::addLineComment(const LineSelection& lines, const QString& criterion)
{
    if (!m_review->hasReview() || lines.file.isEmpty() || lines.startLine < 1)
        return -1;
    m_review->addLineComment(
        LineComment { lines.file, lines.startLine, std::max(lines.startLine, lines.endLine), QString(), criterion });
    const int index = int(m_review->review().comments.size()) - 1;
    m_comments->focusComment(index);
    return index;
}

void RubricPanel::fillCiteMenu(const QString& criterion, QMenu* menu)
{
    const Criterion* c = m_review->rubric() ? m_review->rubric()->criterion(criterion) : nullptr;
    if (m_selection) {
        if (const std::optional<LineSelection> sel = m_selection()) {
            QAction* a = menu->addAction(tr("Selected lines: %1").arg(linesText(*sel)));
            connect(a, &QAction::triggered, this, [this, criterion, s = *sel] { citeLines(criterion, s); });
        }
    }
    if (m_selection && !menu->isEmpty())
        menu->addSeparator();
    menu->addSection(tr("Findings"));
    // Findings the rubric lists for this criterion first (★); the environment's and the host's last, never starred:
    // they say nothing about the candidate.
    QList<const Finding*> ordered;
    QList<const Finding*> notCandidate;
    for (const Finding& f : m_findings) {
        if (!isCandidateEvidence(f))
            notCandidate.append(&f);
        else if (c && c->acceptsEvidence(f.id))
            ordered.prepend(&f);
        else
            ordered.append(&f);
    }
    const qsizetype candidateCount = ordered.size();
    ordered << notCandidate;
    for (qsizetype i = 0; i < ordered.size(); ++i) {
        const Finding* f = ordered[i];
        const bool counts = i < candidateCount && c && c->acceptsEvidence(f->id);
        const QString origin = i >= candidateCount ? u' ' + blameLabel(findingBlame(*f)) : QString();
        QAction* a
            = menu->addAction((counts ? QStringLiteral("★ ") : QString()) + evidenceLabel(findingRef(*f)) + origin);
        a->setToolTip(f->message);
        connect(a, &QAction::triggered, this, [this, criterion, finding = *f] { citeFinding(criterion, finding); });
    }
    if (ordered.isEmpty())
        menu->addAction(tr("(no findings — run the task first)"))->setEnabled(false);
    menu->addSection(tr("Reports"));
    for (const ReportDoc& r : m_review->reports()) {
        QAction* a = menu->addAction(
            tr("%1 report %2 (%3 findings)").arg(r.action, r.digest.mid(7, 12)).arg(r.findings.size()));
        connect(a, &QAction::triggered, this, [this, criterion, d = r.digest] { citeReport(criterion, d); });
    }
    if (m_review->reports().isEmpty())
        menu->addAction(tr("(no reports attached — run, compile or benchmark)"))->setEnabled(false);
}

void RubricPanel::fillSelectionMenu(QMenu* menu, const LineSelection& lines)
{
    menu->addSection(tr("Cite %1 for").arg(linesText(lines)));
    for (const Criterion* c : m_review->criteria()) {
        QAction* a = menu->addAction(QStringLiteral("%1  %2").arg(c->id, c->title));
        a->setObjectName(QStringLiteral("cite_") + c->id);
        connect(a, &QAction::triggered, this, [this, id = c->id, lines] { citeLines(id, lines); });
    }
    menu->addSeparator();
    QAction* comment = menu->addAction(tr("Inline Comment on %1…").arg(linesText(lines)));
    comment->setObjectName(QStringLiteral("addLineComment"));
    connect(comment, &QAction::triggered, this, [this, lines] { addLineComment(lines); });
}

} // namespace kwb::ui
