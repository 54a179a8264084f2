// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/audit/reviewcompareview.h"

#include "ui/audit/reviewtablemodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kwb::ui {
namespace {
QTableWidgetItem* cell(const QString& text, const QString& tip = {})
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setTextAlignment(Qt::AlignLeft | Qt::AlignTop);
    if (!tip.isEmpty())
        item->setToolTip(tip);
    return item;
}

QString scoreText(const Score& s)
{
    QString text = s.value ? QString::number(*s.value) : s.notApplicable ? QStringLiteral("N/A") : QStringLiteral("—");
    if (!s.comment.trimmed().isEmpty())
        text += QStringLiteral("  ") + s.comment.trimmed();
    if (!s.evidence.isEmpty())
        text += QStringLiteral("\n⟶ ") + s.evidence.join(QStringLiteral(", "));
    return text;
}
} // namespace

ReviewCompareView::ReviewCompareView(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_table(new QTableWidget(this))
{
    m_title->setObjectName(QStringLiteral("compareTitle"));
    m_title->setWordWrap(true);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_title);
    layout->addWidget(m_table, 1);
    clear();
}

QColor ReviewCompareView::scoreDifferenceColor()
{
    return QColor(0xf9, 0xc7, 0x8f);
}

QColor ReviewCompareView::commentDifferenceColor()
{
    return QColor(0xfd, 0xf1, 0xb8);
}

void ReviewCompareView::clear()
{
    m_table->clear();
    m_table->setRowCount(0);
    m_table->setColumnCount(0);
    m_differing.clear();
    m_title->setText(tr("Select a review to see it beside the other reviews of its task."));
}

void ReviewCompareView::setReviews(const QList<Review>& reviews, const QList<AuditFlag>& flags, const Rubric* rubric)
{
    clear();
    if (reviews.isEmpty())
        return;
    QStringList criteria;
    if (rubric) {
        for (const Criterion* c : rubric->criteria())
            criteria << c->id;
    }
    for (const Review& r : reviews) {
        for (auto it = r.scores.begin(); it != r.scores.end(); ++it) {
            if (!criteria.contains(it.key()))
                criteria << it.key();
        }
    }
    QStringList rows { tr("Verdict"), tr("Confidence"), tr("Time spent") };
    for (const QString& c : criteria) {
        const Criterion* crit = rubric ? rubric->criterion(c) : nullptr;
        rows << (crit ? QStringLiteral("%1 %2").arg(c, crit->title) : c);
    }
    rows << tr("Summary") << tr("Flags");
    m_table->setColumnCount(int(reviews.size()));
    m_table->setRowCount(int(rows.size()));
    m_table->setVerticalHeaderLabels(rows);
    QStringList headers;
    for (const Review& r : reviews)
        headers << QStringLiteral("%1 · %2 · %3").arg(r.reviewer, statusName(r.status), reviewTimestamp(r.created));
    m_table->setHorizontalHeaderLabels(headers);

    const auto highlightRow = [&](int row, const QColor& color) {
        for (int c = 0; c < reviews.size(); ++c)
            m_table->item(row, c)->setBackground(color);
    };
    QSet<QString> verdicts;
    for (int c = 0; c < reviews.size(); ++c) {
        const Review& r = reviews.at(c);
        verdicts.insert(r.verdict);
        m_table->setItem(0, c, cell(r.verdict.isEmpty() ? QStringLiteral("—") : r.verdict));
        m_table->setItem(1, c, cell(r.confidence ? QString::number(*r.confidence) : QStringLiteral("—")));
        m_table->setItem(2, c, cell(durationText(r.timeSpentS)));
        QStringList own;
        for (const AuditFlag& f : flags) {
            if (f.review == r.identity())
                own << QStringLiteral("%1: %2").arg(f.id, f.message);
        }
        m_table->setItem(int(rows.size()) - 2, c, cell(r.summary));
        m_table->setItem(int(rows.size()) - 1, c, cell(own.isEmpty() ? QStringLiteral("—") : own.join(u'\n')));
        if (!own.isEmpty())
            m_table->item(int(rows.size()) - 1, c)->setBackground(QColor(0xf8, 0xc8, 0xc8));
    }
    if (verdicts.size() > 1)
        highlightRow(0, scoreDifferenceColor());

    for (int i = 0; i < criteria.size(); ++i) {
        const int row = 3 + i;
        QSet<QString> values;
        QSet<QString> comments;
        for (int c = 0; c < reviews.size(); ++c) {
            const Score s = reviews.at(c).scores.value(criteria.at(i));
            values.insert(s.value ? QString::number(*s.value) : s.notApplicable ? QStringLiteral("N/A") : QString());
            comments.insert(s.comment.trimmed());
            QString tip;
            for (const LineComment& lc : reviews.at(c).comments) {
                if (lc.criterion == criteria.at(i))
                    tip += QStringLiteral("%1:%2-%3: %4\n").arg(lc.file).arg(lc.startLine).arg(lc.endLine).arg(lc.text);
            }
            m_table->setItem(row, c, cell(scoreText(s), tip.trimmed()));
        }
        if (values.size() > 1) {
            m_differing << criteria.at(i);
            highlightRow(row, scoreDifferenceColor());
        } else if (comments.size() > 1) {
            highlightRow(row, commentDifferenceColor());
        }
    }
    m_title->setText(
        tr("<b>%1</b> — %2 reviews side by side; scores differ on %3 of %4 criteria (orange), comments differ "
           "where scores agree (yellow).")
            .arg(reviews.first().taskId)
            .arg(reviews.size())
            .arg(m_differing.size())
            .arg(criteria.size()));
}

} // namespace kwb::ui
