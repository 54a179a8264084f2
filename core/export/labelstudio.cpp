#include "export/labelstudio.h"

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

QJsonObject annotation(const Review& r, int id, const QStringList& criteria, int userId)
{
    QJsonArray results;
    for (const QString& c : criteria) {
        const Score s = r.scores.value(c);
        if (s.value) // N/A and unscored have no rating
            results.append(result(c, QStringLiteral("rating"), { { QStringLiteral("rating"), *s.value } }));
        if (!s.comment.isEmpty())
            results.append(result(labelStudioCommentName(c), QStringLiteral("textarea"),
                { { QStringLiteral("text"), QJsonArray { s.comment } } }));
    }
    if (!r.verdict.isEmpty())
        results.append(result(QStringLiteral("verdict"), QStringLiteral("choices"),
            { { QStringLiteral("choices"), QJsonArray { r.verdict } } }));
    if (!r.summary.isEmpty())
        results.append(result(QStringLiteral("summary"), QStringLiteral("textarea"),
            { { QStringLiteral("text"), QJsonArray { r.summary } } }));
    if (r.confidence)
        results.append(result(
            QStringLiteral("confidence"), QStringLiteral("rating"), { { QStringLiteral("rating"), *r.confidence } }));
    // Label Studio imports `completed_by` as the numeric id (or {"email": …}) of an existing user and
    // rejects anything else; the reviewer's name travels in `kwb_reviewer` (ignored by Label Studio) and in
    // the task's `meta`.
    return { { QStringLiteral("id"), id }, { QStringLiteral("completed_by"), userId },
        { QStringLiteral("kwb_reviewer"), r.reviewer }, { QStringLiteral("lead_time"), double(r.timeSpentS) },
        { QStringLiteral("created_at"), reviewTimestamp(r.created) },
        { QStringLiteral("updated_at"), reviewTimestamp(r.updated) }, { QStringLiteral("was_cancelled"), false },
        { QStringLiteral("ground_truth"), false }, { QStringLiteral("result"), results } };
}
} // namespace

QString labelStudioCommentName(const QString& criterionId)
{
    return criterionId + QStringLiteral("_comment");
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
        const TaskTexts texts = options.tasks.value(order.at(i));
        QJsonArray annotations;
        QJsonArray docs;
        QJsonArray reviewers;
        for (const Review* r : rs) {
            annotations.append(annotation(
                *r, annotationId++, criteria, options.labelStudioUsers.value(r->reviewer, options.labelStudioUser)));
            docs.append(reviewToJson(*r));
            reviewers.append(r->reviewer);
        }
        const QJsonObject data { { QStringLiteral("task_id"), order.at(i) },
            { QStringLiteral("task_digest"), rs.first()->taskDigest }, { QStringLiteral("spec"), texts.spec },
            { QStringLiteral("reference"), texts.reference }, { QStringLiteral("candidate"), texts.candidate } };
        tasks.append(QJsonObject { { QStringLiteral("id"), int(i + 1) }, { QStringLiteral("data"), data },
            { QStringLiteral("annotations"), annotations },
            { QStringLiteral("meta"),
                QJsonObject {
                    { QStringLiteral("kwb_reviews"), docs }, { QStringLiteral("kwb_reviewers"), reviewers } } } });
    }
    return QJsonDocument(tasks).toJson(QJsonDocument::Indented);
}

QByteArray labelStudioConfig(const Rubric& rubric)
{
    QByteArray xml;
    QXmlStreamWriter w(&xml);
    w.setAutoFormatting(true);
    w.writeStartElement(QStringLiteral("View"));
    const auto text = [&](const QString& name, const QString& title) {
        w.writeEmptyElement(QStringLiteral("Header"));
        w.writeAttribute(QStringLiteral("value"), title);
        w.writeEmptyElement(QStringLiteral("Text"));
        w.writeAttribute(QStringLiteral("name"), name);
        w.writeAttribute(QStringLiteral("value"), u'$' + name);
    };
    text(QStringLiteral("spec"), QStringLiteral("Specification"));
    text(QStringLiteral("reference"), QStringLiteral("Reference"));
    text(QString::fromLatin1(kLabelStudioTarget), QStringLiteral("Candidate"));
    const QString target = QString::fromLatin1(kLabelStudioTarget);
    const auto rating = [&](const QString& name, const Scale& s) {
        w.writeEmptyElement(QStringLiteral("Rating"));
        w.writeAttribute(QStringLiteral("name"), name);
        w.writeAttribute(QStringLiteral("toName"), target);
        w.writeAttribute(QStringLiteral("maxRating"), QString::number(s.max));
    };
    const auto textArea = [&](const QString& name, const QString& placeholder, bool required) {
        w.writeEmptyElement(QStringLiteral("TextArea"));
        w.writeAttribute(QStringLiteral("name"), name);
        w.writeAttribute(QStringLiteral("toName"), target);
        w.writeAttribute(QStringLiteral("placeholder"), placeholder);
        w.writeAttribute(QStringLiteral("maxSubmissions"), QStringLiteral("1"));
        w.writeAttribute(QStringLiteral("editable"), QStringLiteral("true"));
        if (required)
            w.writeAttribute(QStringLiteral("required"), QStringLiteral("true"));
    };
    for (const Dimension& d : rubric.dimensions) {
        w.writeEmptyElement(QStringLiteral("Header"));
        w.writeAttribute(QStringLiteral("value"), d.title);
        for (const Criterion& c : d.criteria) {
            w.writeEmptyElement(QStringLiteral("Header"));
            w.writeAttribute(QStringLiteral("value"), c.id + QStringLiteral(" — ") + c.title);
            w.writeAttribute(QStringLiteral("size"), QStringLiteral("5"));
            rating(c.id, c.scale);
            textArea(labelStudioCommentName(c.id), QStringLiteral("Why this score? Cite findings, reports or lines."),
                false);
        }
    }
    w.writeEmptyElement(QStringLiteral("Header"));
    w.writeAttribute(QStringLiteral("value"), QStringLiteral("Overall"));
    w.writeStartElement(QStringLiteral("Choices"));
    w.writeAttribute(QStringLiteral("name"), QStringLiteral("verdict"));
    w.writeAttribute(QStringLiteral("toName"), target);
    w.writeAttribute(QStringLiteral("choice"), QStringLiteral("single"));
    w.writeAttribute(QStringLiteral("required"), QStringLiteral("true"));
    for (const VerdictOption& v : rubric.overall.verdicts) {
        w.writeEmptyElement(QStringLiteral("Choice"));
        w.writeAttribute(QStringLiteral("value"), v.value);
        w.writeAttribute(QStringLiteral("hint"), v.description);
    }
    w.writeEndElement();
    textArea(QStringLiteral("summary"), QStringLiteral("Summary"), rubric.overall.summaryRequired);
    rating(QStringLiteral("confidence"), rubric.overall.confidence);
    w.writeEndElement();
    w.writeEndDocument();
    return xml;
}

} // namespace kwb
