// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/rubric/rubricpanel.h"

#include "core/review/reviewchecks.h"
#include "ui/rubric/criterionwidget.h"
#include "ui/rubric/linecommentlist.h"
#include "ui/rubric/overallwidget.h"
#include "ui/rubric/reviewsession.h"
#include "ui/rubric/reviewsettings.h"
#include "ui/rubric/suggestions.h"

#include <QApplication>
#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>
#include <QWindow>

#include <algorithm>

namespace kwb::ui {
namespace {
QString duration(qint64 s)
{
    return s >= 3600 ? QStringLiteral("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'))
                     : QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}
} // namespace

RubricPanel::RubricPanel(ReviewSession* review, QWidget* parent)
    : QWidget(parent)
    , m_review(review)
    , m_header(new QLabel(this))
    , m_saveState(new QLabel(this))
    , m_time(new QLabel(this))
    , m_conflict(new QFrame(this))
    , m_conflictText(new QLabel(m_conflict))
    , m_scroll(new QScrollArea(this))
    , m_content(new QWidget)
    , m_contentLayout(new QVBoxLayout(m_content))
    , m_suggestionBox(new QGroupBox(tr("Suggested evidence"), m_content))
    , m_suggestionRows(new QVBoxLayout(m_suggestionBox))
    , m_comments(new LineCommentList(m_content))
    , m_checks(new QLabel(m_content))
    , m_completeness(new QProgressBar(this))
    , m_submit(new QPushButton(tr("Submit Review"), this))
    , m_submitReason(new QLabel(this))
{
    setObjectName(QStringLiteral("rubricPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    m_header->setObjectName(QStringLiteral("reviewHeader"));
    m_header->setWordWrap(true);
    m_header->setTextFormat(Qt::RichText);
    layout->addWidget(m_header);
    auto* stateRow = new QHBoxLayout;
    m_saveState->setObjectName(QStringLiteral("saveState"));
    m_saveState->setStyleSheet(QStringLiteral("color: #4b5563;"));
    // Status lines wrap (a long database path included), never widening the dock.
    m_saveState->setWordWrap(true);
    m_saveState->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_header->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_time->setObjectName(QStringLiteral("timeSpent"));
    m_time->setToolTip(tr("Time spent on this review while a workbench window had the focus"));
    stateRow->addWidget(m_saveState, 1);
    stateRow->addWidget(m_time);
    layout->addLayout(stateRow);

    m_conflict->setObjectName(QStringLiteral("conflictBanner"));
    m_conflict->setStyleSheet(
        QStringLiteral("QFrame#conflictBanner { background: #fdecea; border: 1px solid #e0a39c; }"));
    auto* banner = new QVBoxLayout(m_conflict);
    m_conflictText->setWordWrap(true);
    banner->addWidget(m_conflictText);
    auto* choices = new QHBoxLayout;
    auto* keep = new QPushButton(tr("Keep Mine"), m_conflict);
    keep->setObjectName(QStringLiteral("keepMine"));
    auto* load = new QPushButton(tr("Load Other Window's"), m_conflict);
    load->setObjectName(QStringLiteral("loadTheirs"));
    choices->addWidget(keep);
    choices->addWidget(load);
    banner->addLayout(choices);
    m_conflict->hide();
    layout->addWidget(m_conflict);
    connect(keep, &QPushButton::clicked, this, [this] {
        if (const Status s = m_review->resolveConflict(true); !s)
            Q_EMIT message(s.error().oneLine());
        m_conflict->hide();
        refresh();
    });
    connect(load, &QPushButton::clicked, this, [this] {
        if (const Status s = m_review->resolveConflict(false); !s)
            Q_EMIT message(s.error().oneLine());
        m_conflict->hide();
    });

    m_contentLayout->setContentsMargins(0, 0, 4, 0);
    m_contentLayout->setSpacing(6);
    m_suggestionBox->setObjectName(QStringLiteral("suggestions"));
    m_suggestionRows->setSpacing(2);
    m_contentLayout->addWidget(m_suggestionBox);
    m_checks->setObjectName(QStringLiteral("reviewChecks"));
    m_checks->setWordWrap(true);
    m_checks->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_checks->setTextFormat(Qt::RichText);
    m_scroll->setObjectName(QStringLiteral("rubricScroll"));
    m_scroll->setWidget(m_content);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setFrameShape(QFrame::NoFrame);
    layout->addWidget(m_scroll, 1);

    auto* footer = new QHBoxLayout;
    m_completeness->setObjectName(QStringLiteral("completeness"));
    m_completeness->setTextVisible(true);
    m_submit->setObjectName(QStringLiteral("submitReview"));
    m_submit->setToolTip(tr("Submit (Ctrl+Return) — enabled once the review checks find nothing missing"));
    footer->addWidget(m_completeness, 1);
    footer->addWidget(m_submit);
    layout->addLayout(footer);
    // Why Submit is off, always in view beside it (never at the bottom of the scrolled checks).
    m_submitReason->setObjectName(QStringLiteral("submitReason"));
    m_submitReason->setWordWrap(true);
    m_submitReason->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_submitReason->setTextFormat(Qt::RichText);
    layout->addWidget(m_submitReason);
    connect(m_submit, &QPushButton::clicked, this, &RubricPanel::submit);

    connect(m_comments, &LineCommentList::textEdited, m_review, &ReviewSession::setLineCommentText);
    connect(m_comments, &LineCommentList::criterionChosen, m_review, &ReviewSession::setLineCommentCriterion);
    connect(m_comments, &LineCommentList::removeRequested, m_review, &ReviewSession::removeLineComment);
    connect(m_comments, &LineCommentList::locationActivated, this, &RubricPanel::locationActivated);

    connect(m_review, &ReviewSession::reviewLoaded, this, &RubricPanel::rebuild);
    connect(m_review, &ReviewSession::reviewChanged, this, &RubricPanel::refresh);
    connect(m_review, &ReviewSession::draftSaved, this, [this](const QDateTime& when) {
        m_saveState->setText(tr("Draft saved %1").arg(when.toLocalTime().toString(QStringLiteral("HH:mm:ss"))));
    });
    connect(m_review, &ReviewSession::submitted, this, [this](qint64 revision) {
        m_saveState->setText(tr("Submitted (revision %1) — stored in %2").arg(revision).arg(m_review->store()->path()));
        Q_EMIT message(tr("Review of %1 submitted").arg(m_review->review().taskId));
    });
    connect(m_review, &ReviewSession::conflictDetected, this, [this](const QString& what) {
        m_conflictText->setText(
            tr("<b>Edited in another window.</b> %1. Autosave is paused until you choose.").arg(what.toHtmlEscaped()));
        m_conflict->show();
    });
    connect(m_review, &ReviewSession::failed, this, &RubricPanel::message);

    // Keyboard scoring: whatever takes the focus inside the panel scrolls into view.
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) {
        if (!now || !m_content->isAncestorOf(now))
            return;
        QWidget* shown = now;
        for (QWidget* w = now; w && w != m_content; w = w->parentWidget()) {
            if (qobject_cast<CriterionWidget*>(w))
                shown = w;
        }
        m_scroll->ensureWidgetVisible(shown, 0, 8);
    });

    auto* clock = new QTimer(this);
    clock->setInterval(1000);
    connect(clock, &QTimer::timeout, this, &RubricPanel::updateTime);
    clock->start();
    rebuild();
}

void RubricPanel::rebuild()
{
    // The comment list and the checks survive rebuilds: take them out of the boxes about to be deleted.
    m_comments->setParent(m_content);
    qDeleteAll(m_built);
    m_built.clear();
    while (m_contentLayout->count() > 1)
        delete m_contentLayout->takeAt(1); // layout items only; the widgets were deleted above or are kept
    m_checks->hide();
    m_criteria.clear();
    m_overall = nullptr;
    m_ignored.clear();
    m_conflict->hide();
    const bool open = m_review->hasReview();
    if (!open) {
        m_header->setText(
            m_review->store() ? tr("<i>No task open.</i>") : tr("<i>No review database: reviews cannot be saved.</i>"));
        m_saveState->clear();
        m_checks->clear();
        refreshSuggestions();
        m_submit->setEnabled(false);
        m_submitReason->setText(tr("<span style='color:#6b7280'>Submit is off: no review is open.</span>"));
        m_completeness->setRange(0, 1);
        m_completeness->setValue(0);
        Q_EMIT lineCommentsChanged();
        Q_EMIT completenessChanged(false);
        return;
    }
    const Review& r = m_review->review();
    const Rubric* rubric = m_review->rubric();
    const QString email = reviewsettings::emailOf(r.reviewer);
    m_header->setText(tr("<b>%1</b> · %2 v%3 · reviewer <b>%4</b>%5")
                          .arg(r.taskId.toHtmlEscaped(), rubric->id.toHtmlEscaped())
                          .arg(rubric->version)
                          .arg(r.reviewer.toHtmlEscaped(),
                              email.isEmpty() ? QString() : QStringLiteral(" &lt;%1&gt;").arg(email.toHtmlEscaped())));
    m_header->setToolTip(tr("File ▸ Preferences (Ctrl+,) sets the reviewer's name and e-mail"));
    m_saveState->setText(m_review->restoredDraft()
            ? tr("Restored the draft saved %1")
                  .arg(r.updated.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))
            : (r.status == Review::Status::Submitted ? tr("Submitted (revision %1)").arg(m_review->storedRevision())
                                                     : tr("New review")));
    const QList<const Criterion*> applying = m_review->criteria();
    int insertAt = 1; // after the suggestions
    for (const Dimension& d : rubric->dimensions) {
        auto* box = new QGroupBox(QStringLiteral("%1 — %2").arg(d.id, d.title), m_content);
        box->setObjectName(QStringLiteral("dimension_") + d.id);
        box->setToolTip(d.description);
        auto* v = new QVBoxLayout(box);
        v->setSpacing(4);
        for (const Criterion& c : d.criteria) {
            if (!applying.contains(rubric->criterion(c.id)))
                continue;
            auto* w = new CriterionWidget(c, box);
            v->addWidget(w);
            m_criteria.insert(c.id, w);
            connect(w, &CriterionWidget::scoreChosen, m_review, &ReviewSession::setScore);
            connect(w, &CriterionWidget::commentEdited, m_review, &ReviewSession::setScoreComment);
            connect(w, &CriterionWidget::evidenceRemoved, m_review, &ReviewSession::removeEvidence);
            connect(w, &CriterionWidget::evidenceActivated, this, &RubricPanel::evidenceActivated);
            connect(w, &CriterionWidget::citeMenuRequested, this, &RubricPanel::fillCiteMenu);
        }
        if (v->isEmpty()) {
            delete box;
            continue;
        }
        m_contentLayout->insertWidget(insertAt++, box);
        m_built << box;
    }
    auto* commentsBox = new QGroupBox(tr("Inline comments"), m_content);
    auto* cv = new QVBoxLayout(commentsBox);
    cv->addWidget(m_comments);
    m_comments->show();
    m_contentLayout->insertWidget(insertAt++, commentsBox);
    m_built << commentsBox;
    auto* overallBox = new QGroupBox(tr("Overall"), m_content);
    auto* ov = new QVBoxLayout(overallBox);
    m_overall = new OverallWidget(rubric->overall, overallBox);
    ov->addWidget(m_overall);
    m_contentLayout->insertWidget(insertAt++, overallBox);
    m_built << overallBox;
    connect(m_overall, &OverallWidget::verdictChosen, m_review, &ReviewSession::setVerdict);
    connect(m_overall, &OverallWidget::summaryEdited, m_review, &ReviewSession::setSummary);
    connect(m_overall, &OverallWidget::confidenceChosen, m_review, &ReviewSession::setConfidence);
    m_contentLayout->insertWidget(insertAt++, m_checks);
    m_checks->show();
    m_contentLayout->addStretch(1);
    refresh();
}

void RubricPanel::refresh()
{
    if (!m_review->hasReview())
        return;
    const Review& r = m_review->review();
    for (auto it = m_criteria.begin(); it != m_criteria.end(); ++it)
        it.value()->refresh(r.scores.value(it.key()));
    if (m_overall)
        m_overall->refresh(r);
    m_comments->setComments(r.comments, m_criteria.keys());
    refreshSuggestions();
    refreshChecks();
    updateTime();
    Q_EMIT lineCommentsChanged();
}

void RubricPanel::refreshChecks()
{
    const Findings checks = m_review->checks();
    const Review& r = m_review->review();
    // Parts: every applying criterion, then verdict, summary and confidence.
    int done = 0;
    for (const QString& id : m_criteria.keys()) {
        const Score sc = r.scores.value(id);
        done += sc.scored() && (!sc.notApplicable || !sc.comment.trimmed().isEmpty()) ? 1 : 0; // N/A needs its reason
    }
    done += (!r.verdict.isEmpty()) + (!r.summary.trimmed().isEmpty()) + r.confidence.has_value();
    const int total = int(m_criteria.size()) + 3;
    m_completeness->setRange(0, total);
    m_completeness->setValue(done);
    m_completeness->setFormat(tr("%1 of %2 parts").arg(done).arg(total));
    QStringList lines;
    // review.no-evidence counts only scores the reviewer can still back here: the rubric counts one of the task's
    // candidate findings for it, or a report is attached to cite. The others are named once, in grey.
    const auto citable = [&](const QString& criterionId) {
        if (!m_review->reports().isEmpty())
            return true;
        const Criterion* c = m_review->rubric()->criterion(criterionId);
        return c && std::any_of(m_findings.cbegin(), m_findings.cend(), [c](const Finding& f) {
            return isCandidateEvidence(f) && c->acceptsEvidence(f.id);
        });
    };
    QStringList nothingToCite;
    for (const Finding& f : checks) {
        if (f.severity == Severity::Info)
            continue;
        if (f.id == u"review.no-evidence" && f.jsonPath.startsWith(u"/scores/")) {
            const QString criterionId = f.jsonPath.mid(8);
            if (!citable(criterionId)) {
                nothingToCite << criterionId;
                continue;
            }
        }
        const QString colour = f.severity == Severity::Error ? QStringLiteral("#b3261e") : QStringLiteral("#8a5a00");
        lines << QStringLiteral("<span style='color:%1'>● %2</span> %3")
                     .arg(colour, f.id.toHtmlEscaped(), f.message.toHtmlEscaped());
    }
    if (!nothingToCite.isEmpty())
        lines << tr("<span style='color:#6b7280'>%1: nothing here to cite yet (no report attached, no finding the "
                    "rubric counts) — run, compile or profile, or cite lines</span>")
                     .arg(nothingToCite.join(QStringLiteral(", ")).toHtmlEscaped());
    const bool complete = !hasErrors(checks);
    m_checks->setText(lines.isEmpty()
            ? tr("<span style='color:#1e7a34'>✔ The review checks find nothing missing.</span>")
            : lines.join(QStringLiteral("<br>")));
    if (!m_review->heldReports().isEmpty())
        lines << tr("<span style='color:#6b7280'>%n report(s) arrived after the submit; they are attached with your "
                    "next edit (the submitted review stays submitted).</span>",
            nullptr, int(m_review->heldReports().size()));
    const bool submittable = complete && !m_review->inConflict() && m_review->hasChangesToSubmit();
    m_submit->setEnabled(submittable);
    // The reason, beside the button: the first error the checks found, or what Submit will ask.
    QString reason;
    if (m_review->inConflict()) {
        reason = tr("Submit is off: another window saved this review — choose above.");
    } else if (!complete) {
        QStringList missing;
        QString first;
        for (const Finding& f : checks) {
            if (f.severity != Severity::Error)
                continue;
            if (f.id == u"review.incomplete")
                missing << (f.jsonPath.startsWith(u"/scores/") ? f.jsonPath.mid(8) : f.jsonPath.mid(1));
            else if (first.isEmpty())
                first = f.message;
        }
        reason = !first.isEmpty() ? tr("Submit is off: %1").arg(first)
                                  : tr("Submit is off until %1 %2 done: %3")
                                        .arg(missing.size())
                                        .arg(missing.size() == 1 ? tr("part is") : tr("parts are"))
                                        .arg(missing.mid(0, 6).join(QStringLiteral(", "))
                                            + (missing.size() > 6 ? QStringLiteral(", …") : QString()));
    } else if (!m_review->hasChangesToSubmit()) {
        reason = tr("Submitted — nothing changed since; edit to submit again.");
    } else {
        const Findings open = unaddressedErrors(r, *m_review->rubric(), m_findings, m_review->taskKind());
        reason = open.isEmpty()
            ? tr("Ready to submit (Ctrl+Return).")
            : tr("Ready — %n error finding(s) unaddressed (%1): Submit will ask first.", nullptr, int(open.size()))
                  .arg(open.first().id);
    }
    const QString colour = submittable                ? QStringLiteral("#1e7a34")
        : !m_review->hasChangesToSubmit() && complete ? QStringLiteral("#4b5563")
                                                      : QStringLiteral("#b3261e");
    m_submitReason->setText(QStringLiteral("<span style='color:%1'>%2</span>").arg(colour, reason.toHtmlEscaped()));
    m_submit->setToolTip(reason);
    Q_EMIT completenessChanged(submittable);
}

void RubricPanel::updateTime()
{
    m_time->setText(m_review->hasReview() ? tr("Time %1").arg(duration(m_review->timeSpentS())) : QString());
}

bool RubricPanel::submit()
{
    if (!m_review->hasReview())
        return false;
    if (const Status s = m_review->saveNow(); !s && m_review->inConflict())
        return false;
    // A rushed accept: the candidate's error findings on screen, none cited, none scored low. Ask first.
    const Findings open = unaddressedErrors(m_review->review(), *m_review->rubric(), m_findings, m_review->taskKind());
    if (!open.isEmpty() && m_review->isComplete()) {
        QStringList lines;
        for (const Finding& f : open)
            lines << QStringLiteral("• %1%2: %3")
                         .arg(f.id, f.caseName.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(f.caseName),
                             f.message.left(160));
        const QString title = tr("Submit with Unaddressed Errors?");
        const QString text
            = tr("The review neither cites these error findings nor scores their criteria below 3:\n\n%1\n\nSubmit "
                 "anyway?")
                  .arg(lines.join(u'\n'));
        const bool yes = m_confirm
            ? m_confirm(title, text)
            : QMessageBox::question(this, title, text, QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
                == QMessageBox::Yes;
        if (!yes) {
            Q_EMIT message(tr("Not submitted: cite the findings (E on a criterion) or score what they show."));
            return false;
        }
    }
    const Result<qint64> r = m_review->submit();
    if (!r) {
        Q_EMIT message(r.error().oneLine());
        return false;
    }
    return true;
}

void RubricPanel::trackActivity()
{
    connect(qApp, &QGuiApplication::focusWindowChanged, this,
        [this](QWindow* focused) { m_review->setActive(focused != nullptr); });
    m_review->setActive(QGuiApplication::focusWindow() != nullptr);
}

void RubricPanel::focusFirstOpen()
{
    if (!m_review->hasReview() || m_criteria.isEmpty())
        return;
    CriterionWidget* target = nullptr;
    for (const Criterion* c : m_review->criteria()) {
        CriterionWidget* w = m_criteria.value(c->id);
        if (!w)
            continue;
        if (!target)
            target = w;
        if (!m_review->review().scores.value(c->id).scored()) {
            target = w;
            break;
        }
    }
    target->setFocus(Qt::ShortcutFocusReason);
    m_scroll->ensureWidgetVisible(target, 0, 0);
}

} // namespace kwb::ui
