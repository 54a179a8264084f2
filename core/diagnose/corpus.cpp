#include "diagnose/corpus.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace kwb {

namespace {
Error corpusError(const QString& path, int line, const QString& what)
{
    Error e;
    e.file = path;
    e.where = QStringLiteral("line %1").arg(line);
    e.what = what;
    e.line = line;
    return e;
}
} // namespace

Result<QList<CorpusEntry>> loadFailureCorpus(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error { path, {}, QStringLiteral("cannot read: %1").arg(f.errorString()), {}, 0 };
    QList<CorpusEntry> entries;
    QSet<QString> ids;
    int lineNo = 0;
    while (!f.atEnd()) {
        const QByteArray raw = f.readLine();
        ++lineNo;
        if (raw.trimmed().isEmpty())
            continue;
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(raw, &pe);
        if (pe.error != QJsonParseError::NoError)
            return corpusError(
                path, lineNo, QStringLiteral("invalid JSON at column %1: %2").arg(pe.offset + 1).arg(pe.errorString()));
        if (!doc.isObject())
            return corpusError(path, lineNo, QStringLiteral("expected a JSON object"));
        const QJsonObject o = doc.object();
        for (const char* key : { "id", "class", "log" }) {
            if (!o.value(QLatin1StringView(key)).isString())
                return corpusError(
                    path, lineNo, QStringLiteral("\"%1\": expected a string").arg(QLatin1StringView(key)));
        }
        CorpusEntry e;
        e.id = o.value(QLatin1StringView("id")).toString();
        const QString cls = o.value(QLatin1StringView("class")).toString();
        const auto c = failureClassFromName(cls);
        if (!c)
            return corpusError(path, lineNo, QStringLiteral("\"class\": unknown class '%1'").arg(cls));
        if (ids.contains(e.id))
            return corpusError(path, lineNo, QStringLiteral("\"id\": duplicate id '%1'").arg(e.id));
        ids.insert(e.id);
        e.expected = *c;
        e.framework = o.value(QLatin1StringView("framework")).toString();
        e.log = o.value(QLatin1StringView("log")).toString();
        e.fileLine = lineNo;
        entries.append(e);
    }
    return entries;
}

double ClassScore::precision() const
{
    const int predicted = truePositives + falsePositives;
    return predicted == 0 ? 1.0 : double(truePositives) / predicted;
}

double ClassScore::recall() const
{
    const int actual = truePositives + falseNegatives;
    return actual == 0 ? 1.0 : double(truePositives) / actual;
}

CorpusEvaluation evaluateFailureCorpus(const QList<CorpusEntry>& entries)
{
    CorpusEvaluation ev;
    QList<ClassScore> all;
    for (const auto c : failureClassesByPrecedence())
        all.append(ClassScore { c });
    auto score = [&](FailureClass c) -> ClassScore& { return all[failureClassesByPrecedence().indexOf(c)]; };
    for (const auto& e : entries) {
        const Diagnosis d = diagnose(e.log);
        ++ev.total;
        if (d.cls == e.expected) {
            ++ev.correct;
            ++score(d.cls).truePositives;
        } else {
            ++score(d.cls).falsePositives;
            ++score(e.expected).falseNegatives;
            ev.confusions.append({ e.id, e.expected, d.cls, d.evidence });
        }
    }
    for (const auto& s : all) {
        if (s.truePositives + s.falsePositives + s.falseNegatives > 0)
            ev.classes.append(s);
    }
    return ev;
}

QJsonObject CorpusEvaluation::toJson() const
{
    QJsonArray cls;
    for (const auto& s : classes) {
        cls.append(QJsonObject { { QStringLiteral("class"), failureClassName(s.cls) },
            { QStringLiteral("tp"), s.truePositives }, { QStringLiteral("fp"), s.falsePositives },
            { QStringLiteral("fn"), s.falseNegatives }, { QStringLiteral("precision"), s.precision() },
            { QStringLiteral("recall"), s.recall() } });
    }
    QJsonArray conf;
    for (const auto& c : confusions) {
        conf.append(
            QJsonObject { { QStringLiteral("id"), c.id }, { QStringLiteral("expected"), failureClassName(c.expected) },
                { QStringLiteral("got"), failureClassName(c.got) },
                { QStringLiteral("evidence_lines"), evidenceToJson(c.evidence) } });
    }
    return QJsonObject { { QStringLiteral("total"), total }, { QStringLiteral("correct"), correct },
        { QStringLiteral("accuracy"), total == 0 ? 1.0 : double(correct) / total }, { QStringLiteral("classes"), cls },
        { QStringLiteral("confusions"), conf } };
}

} // namespace kwb
