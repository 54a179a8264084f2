// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/export/labelstudio.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QXmlStreamWriter>

namespace kwb {
namespace {
QJsonObject result(const QString& from, const QString& type, const QJsonObject& value)
{
    return { { QStringLiteral("id"), from }, { QStringLiteral("from_name"), from },
        { QStringLiteral("to_name"), QString::fromLatin1(kLabelStudioTarget) }, { QStringLiteral("type"), type },
        { QStringLiteral("value"), value } };
}

QJsonObject texts(const QStringList& items)
{
    return { { QStringLiteral("text"), QJsonArray::fromStringList(items) } };
}

// The identity travels in a result, the one part of an annotation Label Studio keeps as imported (it drops
// unknown annotation fields and rewrites created_at).
QString identityText(const Review& r)
{
    return QString::fromUtf8(QJsonDocument(
        QJsonObject { { QStringLiteral("reviewer"), r.reviewer },
            { QStringLiteral("created"), reviewTimestamp(r.created) }, { QStringLiteral("rubric"), r.rubricId },
            { QStringLiteral("rubric_version"), r.rubricVersion } })
                                 .toJson(QJsonDocument::Compact));
}

QJsonObject annotation(const Review& r, int id, const QStringList& criteria, const ExportOptions& o)
{
    // Label Studio imports `completed_by` as the numeric id of an existing user, or {"email": …} which it looks
    // up; it rejects anything else.
    const QString email = o.labelStudioEmails.value(r.reviewer);
    const QJsonValue by = email.isEmpty() ? QJsonValue(o.labelStudioUsers.value(r.reviewer, o.labelStudioUser))
                                          : QJsonValue(QJsonObject { { QStringLiteral("email"), email } });
    QJsonArray results = labelStudioResult(r, criteria);
    results.append(
        result(QString::fromLatin1(kLabelStudioIdName), QStringLiteral("textarea"), texts({ identityText(r) })));
    // `kwb_reviewer` is for readers of the file; Label Studio drops it (the identity is the `kwb_review` result).
    return { { QStringLiteral("id"), id }, { QStringLiteral("completed_by"), by },
        { QStringLiteral("kwb_reviewer"), r.reviewer }, { QStringLiteral("lead_time"), double(r.timeSpentS) },
        { QStringLiteral("created_at"), reviewTimestamp(r.created) },
        { QStringLiteral("updated_at"), reviewTimestamp(r.updated) }, { QStringLiteral("was_cancelled"), false },
        { QStringLiteral("ground_truth"), false }, { QStringLiteral("result"), results } };
}

QString preHtml(const QString& text)
{
    return QStringLiteral("<pre>") + text.toHtmlEscaped() + QStringLiteral("</pre>");
}
} // namespace

QString labelStudioCommentName(const QString& criterionId)
{
    return criterionId + QStringLiteral("_comment");
}

QString labelStudioEvidenceName(const QString& criterionId)
{
    return criterionId + QStringLiteral("_evidence");
}

QString labelStudioNaName(const QString& criterionId)
{
    return criterionId + QStringLiteral("_na");
}

QString labelStudioLineComment(const LineComment& c)
{
    QString s = c.file + QStringLiteral("#L%1").arg(c.startLine);
    if (c.endLine != c.startLine)
        s += QStringLiteral("-L%1").arg(c.endLine);
    if (!c.criterion.isEmpty())
        s += QStringLiteral(" [") + c.criterion + u']';
    return s + QStringLiteral(": ") + c.text;
}

QJsonArray labelStudioResult(const Review& r, const QStringList& criteria)
{
    QJsonArray results;
    QStringList all = criteria;
    for (auto it = r.scores.begin(); it != r.scores.end(); ++it) {
        if (!all.contains(it.key()))
            all << it.key();
    }
    for (const QString& c : all) {
        if (!r.scores.contains(c))
            continue;
        const Score s = r.scores.value(c);
        if (s.value)
            results.append(result(c, QStringLiteral("rating"), { { QStringLiteral("rating"), *s.value } }));
        else if (s.notApplicable)
            results.append(result(labelStudioNaName(c), QStringLiteral("choices"),
                { { QStringLiteral("choices"), QJsonArray { QString::fromLatin1(kLabelStudioNa) } } }));
        if (!s.comment.isEmpty())
            results.append(result(labelStudioCommentName(c), QStringLiteral("textarea"), texts({ s.comment })));
        if (!s.evidence.isEmpty())
            results.append(result(labelStudioEvidenceName(c), QStringLiteral("textarea"), texts(s.evidence)));
    }
    if (!r.comments.isEmpty()) {
        QStringList lines;
        for (const LineComment& c : r.comments)
            lines << labelStudioLineComment(c);
        results.append(result(QString::fromLatin1(kLabelStudioLineComments), QStringLiteral("textarea"), texts(lines)));
    }
    if (!r.verdict.isEmpty())
        results.append(result(QStringLiteral("verdict"), QStringLiteral("choices"),
            { { QStringLiteral("choices"), QJsonArray { r.verdict } } }));
    if (!r.summary.isEmpty())
        results.append(result(QStringLiteral("summary"), QStringLiteral("textarea"), texts({ r.summary })));
    if (r.confidence)
        results.append(result(
            QStringLiteral("confidence"), QStringLiteral("rating"), { { QStringLiteral("rating"), *r.confidence } }));
    return results;
}

QByteArray labelStudioTasks(const QList<Review>& reviews, const ExportOptions& options)
{
    const QStringList criteria = exportCriteria(reviews, options.rubric);
    QStringList order;
    QMap<QString, QList<const Review*>> byTask;
    for (const Review& r : reviews) {
        if (!byTask.contains(r.taskId))
            order << r.taskId;
        byTask[r.taskId].append(&r);
    }
    QJsonArray tasks;
    int annotationId = 1;
    for (qsizetype i = 0; i < order.size(); ++i) {
        const QList<const Review*>& rs = byTask.value(order.at(i));
        const TaskTexts t = options.tasks.value(order.at(i));
        QJsonArray annotations;
        QJsonArray docs;
        for (const Review* r : rs) {
            annotations.append(annotation(*r, annotationId++, criteria, options));
            docs.append(reviewToJson(*r));
        }
        const QJsonObject data { { QStringLiteral("task_id"), order.at(i) },
            { QStringLiteral("task_digest"), rs.first()->taskDigest }, { QStringLiteral("spec"), t.spec },
            { QStringLiteral("reference"), t.reference }, { QStringLiteral("candidate"), t.candidate },
            { QStringLiteral("spec_html"), preHtml(t.spec) },
            { QStringLiteral("reference_html"), preHtml(t.reference) },
            { QStringLiteral("candidate_html"), preHtml(t.candidate) } };
        tasks.append(QJsonObject { { QStringLiteral("id"), int(i + 1) }, { QStringLiteral("data"), data },
            { QStringLiteral("annotations"), annotations },
            { QStringLiteral("meta"), QJsonObject { { QStringLiteral("kwb_reviews"), docs } } } });
    }
    return QJsonDocument(tasks).toJson(QJsonDocument::Indented);
}

QByteArray labelStudioConfig(const Rubric& rubric)
{
    QByteArray xml;
    QXmlStreamWriter w(&xml);
    w.setAutoFormatting(true);
    const QString target = QString::fromLatin1(kLabelStudioTarget);
    const auto header = [&](const QString& value, int size) {
        w.writeEmptyElement(QStringLiteral("Header"));
        w.writeAttribute(QStringLiteral("value"), value);
        if (size)
            w.writeAttribute(QStringLiteral("size"), QString::number(size));
    };
    const auto code = [&](const QString& name, const QString& title) {
        header(title, 0);
        // HyperText shows the escaped <pre> of `<name>_html` with its indentation (Text collapses whitespace).
        w.writeEmptyElement(QStringLiteral("HyperText"));
        w.writeAttribute(QStringLiteral("name"), name);
        w.writeAttribute(QStringLiteral("value"), u'$' + name + QStringLiteral("_html"));
    };
    const auto rating = [&](const QString& name, const Scale& s) {
        w.writeEmptyElement(QStringLiteral("Rating"));
        w.writeAttribute(QStringLiteral("name"), name);
        w.writeAttribute(QStringLiteral("toName"), target);
        w.writeAttribute(QStringLiteral("maxRating"), QString::number(s.max));
    };
    const auto textArea = [&](const QString& name, const QString& placeholder, bool single, bool required) {
        w.writeEmptyElement(QStringLiteral("TextArea"));
        w.writeAttribute(QStringLiteral("name"), name);
        w.writeAttribute(QStringLiteral("toName"), target);
        w.writeAttribute(QStringLiteral("placeholder"), placeholder);
        if (single)
            w.writeAttribute(QStringLiteral("maxSubmissions"), QStringLiteral("1"));
        w.writeAttribute(QStringLiteral("editable"), QStringLiteral("true"));
        if (required)
            w.writeAttribute(QStringLiteral("required"), QStringLiteral("true"));
    };
    w.writeStartElement(QStringLiteral("View"));
    code(QStringLiteral("spec"), QStringLiteral("Specification"));
    code(QStringLiteral("reference"), QStringLiteral("Reference"));
    code(target, QStringLiteral("Candidate"));
    for (const Dimension& d : rubric.dimensions) {
        header(d.title, 3);
        for (const Criterion& c : d.criteria) {
            header(QStringLiteral("%1 — %2 (score 1–%3, or N/A)").arg(c.id, c.title).arg(c.scale.max), 5);
            rating(c.id, c.scale);
            w.writeStartElement(QStringLiteral("Choices"));
            w.writeAttribute(QStringLiteral("name"), labelStudioNaName(c.id));
            w.writeAttribute(QStringLiteral("toName"), target);
            w.writeAttribute(QStringLiteral("choice"), QStringLiteral("single"));
            w.writeAttribute(QStringLiteral("showInline"), QStringLiteral("true"));
            w.writeEmptyElement(QStringLiteral("Choice"));
            w.writeAttribute(QStringLiteral("value"), QString::fromLatin1(kLabelStudioNa));
            w.writeAttribute(QStringLiteral("hint"), QStringLiteral("Not applicable to this task"));
            w.writeEndElement();
            header(QStringLiteral("%1 comment").arg(c.id), 6);
            textArea(labelStudioCommentName(c.id), QStringLiteral("Why this score? Cite findings, reports or lines."),
                true, false);
            header(QStringLiteral("%1 evidence (one reference an entry: finding:ID, report:sha256:…, "
                                  "file:PATH#L10-L12)")
                       .arg(c.id),
                6);
            textArea(labelStudioEvidenceName(c.id), QStringLiteral("finding:correct.mismatch"), false, false);
        }
    }
    header(QStringLiteral("Overall"), 3);
    header(QStringLiteral("Verdict"), 5);
    w.writeStartElement(QStringLiteral("Choices"));
    w.writeAttribute(QStringLiteral("name"), QStringLiteral("verdict"));
    w.writeAttribute(QStringLiteral("toName"), target);
    w.writeAttribute(QStringLiteral("choice"), QStringLiteral("single"));
    w.writeAttribute(QStringLiteral("required"), QStringLiteral("true"));
    for (const VerdictOption& v : rubric.overall.verdicts) {
        w.writeEmptyElement(QStringLiteral("Choice"));
        w.writeAttribute(QStringLiteral("value"), v.value);
        // `html` shows the meaning beside the value, not only as a tooltip.
        w.writeAttribute(QStringLiteral("html"),
            QStringLiteral("<b>%1</b> — %2").arg(v.value.toHtmlEscaped(), v.description.toHtmlEscaped()));
        w.writeAttribute(QStringLiteral("hint"), v.description);
    }
    w.writeEndElement();
    header(QStringLiteral("Summary"), 5);
    textArea(QStringLiteral("summary"), QStringLiteral("Summary"), true, rubric.overall.summaryRequired);
    header(QStringLiteral("Confidence (1–%1)").arg(rubric.overall.confidence.max), 5);
    rating(QStringLiteral("confidence"), rubric.overall.confidence);
    header(QStringLiteral("Line comments (one an entry: FILE#L10-L12 [CRITERION]: text)"), 5);
    textArea(
        QString::fromLatin1(kLabelStudioLineComments), QStringLiteral("candidate.cu#L10-L12 [NC4]: why"), false, false);
    // The review's identity (kwb reads it back); hidden, not for editing.
    w.writeStartElement(QStringLiteral("View"));
    w.writeAttribute(QStringLiteral("style"), QStringLiteral("display: none"));
    textArea(QString::fromLatin1(kLabelStudioIdName), QStringLiteral("kwb review identity"), true, false);
    w.writeEndElement();
    w.writeEndElement();
    w.writeEndDocument();
    return xml;
}

} // namespace kwb
