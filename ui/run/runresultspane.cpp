// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/run/runresultspane.h"

#include "ui/correctness/comparisonview.h"
#include "ui/correctness/correctnesspane.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace kwb::ui {
namespace {
// "confidence 0.85, high · also possible: launch_config (wrapper)": how far to trust the class, in the bands that
// were measured on unseen logs, and the runners-up a reviewer weighs in a close call.
QString diagnosisCertainty(const Diagnosis& d)
{
    QString sure;
    if (d.cls == FailureClass::Unknown)
        sure = QObject::tr("no known cause in the log (confidence %1 that none applies)")
                   .arg(QString::number(d.confidence, 'f', 2));
    else if (d.scoreKind == u"wording")
        sure = QObject::tr("confidence %1, low: no rule decided, the wording model read the lines that report the "
                           "failure — check them")
                   .arg(QString::number(d.confidence, 'f', 2));
    else if (d.confidence >= 0.8)
        sure = QObject::tr("confidence %1, high").arg(QString::number(d.confidence, 'f', 2));
    else if (d.confidence >= 0.6)
        sure = QObject::tr("confidence %1, good").arg(QString::number(d.confidence, 'f', 2));
    else
        sure = QObject::tr("confidence %1, low: check the evidence lines").arg(QString::number(d.confidence, 'f', 2));
    QStringList also;
    for (const Alternative& a : d.alternatives.mid(0, 2))
        also << QStringLiteral("%1 (%2)").arg(failureClassName(a.cls), a.kind);
    if (!also.isEmpty())
        sure += QObject::tr(" · also possible: %1").arg(also.join(QStringLiteral(", ")));
    return QStringLiteral("<span style='color:#555'>%1</span>").arg(sure.toHtmlEscaped());
}

QWidget* diagnosisCard(const ImplRun& run, QWidget* parent)
{
    auto* card = new QFrame(parent);
    card->setObjectName(QStringLiteral("diagnosisCard"));
    card->setFrameShape(QFrame::StyledPanel);
    card->setStyleSheet(
        QStringLiteral("#diagnosisCard { background: #fff4f2; border: 1px solid #e0a49a; border-radius: 4px; }"));
    auto* layout = new QVBoxLayout(card);
    layout->setContentsMargins(10, 6, 10, 6);
    const Diagnosis& d = *run.diagnosis;
    auto* title
        = new QLabel(QStringLiteral("<b>%1 %2</b> — %3 <span style='color:#777'>(%4)</span>")
                         .arg(implRoleName(run.role), run.id.toHtmlEscaped(), d.title.toHtmlEscaped(), d.findingId()),
            card);
    title->setWordWrap(true);
    title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* sure = new QLabel(diagnosisCertainty(d), card);
    sure->setObjectName(QStringLiteral("diagnosisCertainty"));
    sure->setWordWrap(true);
    sure->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    sure->setToolTip(QObject::tr(
        "How sure the diagnosis is, from the sign that decided (a cause, a wrapper, a hint) and how close the next "
        "class came. Measured on 143 failure logs nobody had tuned the rules on: at 0.8 or more the class was right "
        "95 % of the time, from 0.6 to 0.8 90 %, below 0.6 59 % (docs/diagnosis.md, \"How sure it is\")."));
    // Plain text: an explanation quoting code ("const float *") has no tags, so escaped entities would show as
    // "&quot;" — the label is told what it holds instead of guessing.
    auto* text = new QLabel(card);
    text->setTextFormat(Qt::PlainText);
    text->setText(d.explanation);
    text->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    text->setWordWrap(true);
    layout->addWidget(title);
    layout->addWidget(sure);
    layout->addWidget(text);
    if (!d.evidence.isEmpty()) {
        QString lines;
        for (const auto& e : d.evidence)
            lines += QStringLiteral("%1: %2\n").arg(e.line, 5).arg(e.text);
        auto* evidence = new QLabel(card);
        evidence->setTextFormat(Qt::PlainText);
        evidence->setText(lines.trimmed());
        evidence->setFont(QFont(QStringLiteral("monospace")));
        evidence->setTextInteractionFlags(Qt::TextSelectableByMouse);
        layout->addWidget(evidence);
    }
    return card;
}
} // namespace

RunResultsPane::RunResultsPane(QWidget* parent)
    : QWidget(parent)
    , m_summary(
          new QLabel(tr("No run yet: Task ▸ Run (Ctrl+R) runs the reference and the candidates, sandboxed."), this))
    , m_inputs(new QToolButton(this))
    , m_rerun(new QToolButton(this))
    , m_cards(new QWidget(this))
    , m_cardsLayout(new QVBoxLayout(m_cards))
    , m_correctness(new CorrectnessPane(this))
{
    setObjectName(QStringLiteral("runResultsPane"));
    m_summary->setObjectName(QStringLiteral("runSummary"));
    m_summary->setWordWrap(true);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // wraps, never widens the dock
    m_summary->setTextFormat(Qt::RichText);
    m_cardsLayout->setContentsMargins(0, 0, 0, 0);
    m_inputs->setObjectName(QStringLiteral("showInputs"));
    m_inputs->setText(tr("Inputs…"));
    m_inputs->setToolTip(tr("The inputs of this run per case and trial: shape, statistics, values; save as .npy "
                            "(Ctrl+Alt+I)"));
    m_rerun->setObjectName(QStringLiteral("rerunCase"));
    m_rerun->setText(tr("Run This Case Again…"));
    m_rerun->setToolTip(tr("The selected row's case with its trial's seed, alone (Ctrl+Alt+R): kwb run --case NAME "
                           "--seed S --trials 1"));
    for (QToolButton* b : { m_inputs, m_rerun }) {
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setEnabled(false);
    }
    connect(m_inputs, &QToolButton::clicked, this, &RunResultsPane::inputsRequested);
    connect(m_rerun, &QToolButton::clicked, this, [this] {
        const QString row = m_correctness->currentLabel(); // "cand · tail/t1"
        const QString where = row.section(QStringLiteral(" · "), 1);
        Q_EMIT rerunRequested(where.section(u'/', 0, 0), m_seeds.value(where));
    });
    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_summary, 1);
    top->addWidget(m_inputs, 0, Qt::AlignTop);
    top->addWidget(m_rerun, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_cards);
    layout->addWidget(m_correctness, 1);
}

void RunResultsPane::setActionsVisible(bool visible)
{
    m_inputs->setVisible(visible);
    m_rerun->setVisible(visible);
}

QString RunResultsPane::summaryText() const
{
    return m_summary->text();
}

void RunResultsPane::showMessage(const QString& message)
{
    m_shownTask.clear();
    m_seeds.clear();
    m_summary->setText(message.toHtmlEscaped());
    while (QLayoutItem* item = m_cardsLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_correctness->setComparisons({});
    m_inputs->setEnabled(false);
    m_rerun->setEnabled(false);
}

void RunResultsPane::showResult(const RunResult& result, const QString& scope)
{
    m_shownTask = result.task.id;
    m_seeds.clear();
    for (const TrialInputs& t : result.trials)
        m_seeds.insert(QStringLiteral("%1/t%2").arg(t.caseName).arg(t.trial), t.seed);
    m_inputs->setEnabled(!result.workDir.isEmpty());
    m_rerun->setEnabled(!result.trials.isEmpty());
    QStringList parts;
    for (const ImplRun& run : result.impls) {
        const ImplVerdict st = implVerdict(result, run);
        const char* colour = st.state == VerdictState::Passed ? "#2e7d32"
            : st.state == VerdictState::Failed                ? "#c62828"
                                                              : "#6b7280";
        parts << QStringLiteral("%1 <b>%2</b>: <span style='color:%3'>%4</span>%5")
                     .arg(implRoleName(run.role), run.id.toHtmlEscaped(), QLatin1StringView(colour),
                         st.text.toHtmlEscaped(),
                         run.peakRssKiB >= 0
                             ? QStringLiteral(" (peak RSS %1 MiB)").arg(run.peakRssKiB / 1024.0, 0, 'f', 1)
                             : QString());
    }
    QStringList seeds;
    for (const auto& s : result.provenance.value(QStringLiteral("trial_seeds")).toArray())
        seeds << s.toString();
    // The build record: the exact command of every compiled implementation (flags are part of fairness).
    QStringList builds;
    for (const ImplRun& run : result.impls) {
        if (!run.build.compileCommand.isEmpty())
            builds << QStringLiteral("%1: <code>%2</code>")
                          .arg(run.id.toHtmlEscaped(), run.build.compileCommand.toHtmlEscaped());
    }
    const bool scratch = std::any_of(result.impls.cbegin(), result.impls.cend(),
        [](const ImplRun& r) { return r.id.startsWith(QLatin1StringView("scratch-")); });
    m_summary->setText(
        QStringLiteral("%7<b>Run of %8</b>%9<br>%1<br><span style='color:#777'>%2 trial(s), seeds %3, inputs %4, host "
                       "%5</span>%6")
            .arg(parts.join(QStringLiteral(" · ")))
            .arg(result.provenance.value(QStringLiteral("trials")).toInt())
            .arg(seeds.join(QStringLiteral(", ")),
                result.provenance.value(QStringLiteral("input_generator")).toString(),
                result.provenance.value(QStringLiteral("host")).toString(),
                builds.isEmpty() ? QString()
                                 : QStringLiteral("<br><span style='color:#777'>builds: %1</span>")
                                       .arg(builds.join(QStringLiteral(" · "))),
                scratch ? tr("<span style='background:#fff3cd;color:#7a4b00'>&nbsp;SCRATCH — a copy with your "
                             "edits, never the task's candidate&nbsp;</span><br>")
                        : QString(),
                result.task.id.toHtmlEscaped(),
                scope.isEmpty() ? QString() : QStringLiteral(" — %1").arg(scope.toHtmlEscaped())));

    while (QLayoutItem* item = m_cardsLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (const ImplRun& run : result.impls) {
        if (run.diagnosis)
            m_cardsLayout->addWidget(diagnosisCard(run, m_cards));
    }

    QList<ComparisonView> views;
    for (auto it = result.judgements.cbegin(); it != result.judgements.cend(); ++it) {
        for (const CaseVerdict& c : it.value().cases) {
            const auto made = std::find_if(result.task.cases.begin(), result.task.cases.end(),
                [&](const Case& k) { return k.name == c.name && k.origin != CaseOrigin::Declared; });
            QString generated;
            if (made != result.task.cases.end()) {
                if (!generatedCaseNotCounted(result, made->name).isEmpty())
                    continue; // the reference could not handle it: it judges nobody
                generated = made->origin == CaseOrigin::Stress ? QStringLiteral("stress: %1").arg(made->stress)
                                                               : QStringLiteral("held-out %1").arg(made->varied);
            }
            for (const TrialVerdict& t : c.trials) {
                for (const OutputVerdict& o : t.outputs) {
                    if (o.comparison)
                        views << ComparisonView { o.output,
                            QStringLiteral("%1 · %2/t%3").arg(it.key(), c.name).arg(t.trial),
                            std::make_shared<const Comparison>(*o.comparison), generated };
                }
            }
        }
    }
    m_correctness->setComparisons(views);
}

} // namespace kwb::ui
