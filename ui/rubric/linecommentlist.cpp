// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/rubric/linecommentlist.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>
#include <QVBoxLayout>

namespace kwb::ui {
namespace {
bool sameAnchors(const QList<LineComment>& a, const QList<LineComment>& b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a[i].file != b[i].file || a[i].startLine != b[i].startLine || a[i].endLine != b[i].endLine)
            return false;
    }
    return true;
}

QString location(const LineComment& c)
{
    return c.endLine > c.startLine ? QStringLiteral("%1 L%2–%3").arg(c.file).arg(c.startLine).arg(c.endLine)
                                   : QStringLiteral("%1 L%2").arg(c.file).arg(c.startLine);
}
} // namespace

LineCommentList::LineCommentList(QWidget* parent)
    : QWidget(parent)
    , m_rows(new QVBoxLayout(this))
    , m_empty(new QLabel(tr("No inline comments. Select lines in an editor, then Review ▸ Cite Selection "
                            "(Ctrl+Shift+C) ▸ Inline Comment."),
          this))
{
    setObjectName(QStringLiteral("lineComments"));
    m_rows->setContentsMargins(0, 0, 0, 0);
    m_rows->setSpacing(2);
    m_empty->setWordWrap(true);
    m_empty->setStyleSheet(QStringLiteral("color: #6b7280;"));
    m_rows->addWidget(m_empty);
}

void LineCommentList::setComments(const QList<LineComment>& comments, const QStringList& criteria)
{
    if (sameAnchors(comments, m_shown) && criteria == m_criteria && !findChildren<QLineEdit*>().isEmpty()) {
        // Same rows: update texts that differ (another source of edits), leave the one being typed in.
        const QList<QLineEdit*> edits = findChildren<QLineEdit*>(QStringLiteral("commentText"));
        for (qsizetype i = 0; i < edits.size() && i < comments.size(); ++i) {
            if (edits[i]->text() != comments[i].text && !edits[i]->hasFocus())
                edits[i]->setText(comments[i].text);
        }
        m_shown = comments;
        return;
    }
    m_shown = comments;
    m_criteria = criteria;
    while (m_rows->count() > 1) {
        QLayoutItem* item = m_rows->takeAt(1);
        delete item->widget();
        delete item;
    }
    m_empty->setVisible(comments.isEmpty());
    for (qsizetype i = 0; i < comments.size(); ++i) {
        const LineComment& c = comments[i];
        const int index = int(i);
        auto* row = new QWidget(this);
        row->setObjectName(QStringLiteral("lineComment"));
        // The anchor, criterion and delete on one line, the text on its own line below: a narrow dock (1366×768)
        // left the text a sliver beside the others.
        auto* v = new QVBoxLayout(row);
        v->setContentsMargins(0, 0, 0, 4);
        v->setSpacing(2);
        auto* h = new QHBoxLayout;
        h->setContentsMargins(0, 0, 0, 0);
        h->setSpacing(3);
        auto* where = new QToolButton(row);
        where->setObjectName(QStringLiteral("commentLocation"));
        where->setText(location(c));
        where->setToolTip(tr("Show these lines"));
        connect(where, &QToolButton::clicked, this,
            [this, c] { Q_EMIT locationActivated(c.file, c.startLine, c.endLine); });
        auto* criterion = new QComboBox(row);
        criterion->setObjectName(QStringLiteral("commentCriterion"));
        criterion->addItem(tr("—"), QString());
        for (const QString& id : criteria)
            criterion->addItem(id, id);
        criterion->setCurrentIndex(std::max(0, criterion->findData(c.criterion)));
        connect(criterion, &QComboBox::activated, this,
            [this, index, criterion] { Q_EMIT criterionChosen(index, criterion->currentData().toString()); });
        auto* text = new QLineEdit(c.text, row);
        text->setObjectName(QStringLiteral("commentText"));
        text->setPlaceholderText(tr("What is wrong or right on these lines?"));
        connect(text, &QLineEdit::textEdited, this, [this, index](const QString& t) { Q_EMIT textEdited(index, t); });
        auto* remove = new QToolButton(row);
        remove->setText(QStringLiteral("×"));
        remove->setToolTip(tr("Delete this comment"));
        connect(remove, &QToolButton::clicked, this, [this, index] { Q_EMIT removeRequested(index); });
        h->addWidget(where);
        h->addWidget(criterion);
        h->addStretch(1);
        h->addWidget(remove);
        v->addLayout(h);
        v->addWidget(text);
        m_rows->addWidget(row);
    }
}

void LineCommentList::focusComment(int index)
{
    const QList<QLineEdit*> edits = findChildren<QLineEdit*>(QStringLiteral("commentText"));
    if (index >= 0 && index < edits.size())
        edits[index]->setFocus(Qt::OtherFocusReason);
}

} // namespace kwb::ui
