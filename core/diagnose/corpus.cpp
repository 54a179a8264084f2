// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnose/corpus.h"

#include "core/diagnose/wordingmodel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace kwb {

Error detail::errorAtLine(const QString& path, int line, const QString& what)
{
    Error e;
    e.file = path;
    e.where = QStringLiteral("line %1").arg(line);
    e.what = what;
    e.line = line;
    return e;
}

namespace {

QJsonObject tallyJson(const Tally& t)
{
    return QJsonObject { { QStringLiteral("correct"), t.correct }, { QStringLiteral("total"), t.total } };
}

// Every entry's diagnosis, in entry order, with the wording model blind to the entry's group: the group's logs are
// taken out of the model's counts before any of them is read, and put back after. The rules are hand-written, so
// only the counted model needs this to keep an evaluation from scoring a log with its own words.
template <typename GroupOf> QList<Diagnosis> diagnoseBlind(const QList<CorpusEntry>& entries, GroupOf groupOf)
{
    QList<Diagnosis> out(entries.size());
    const detail::WordingModel* installed = detail::WordingModel::installed();
    std::optional<detail::WordingModel> model;
    if (installed)
        model = *installed;
    QMap<QString, QList<qsizetype>> groups;
    for (qsizetype i = 0; i < entries.size(); ++i)
        groups[groupOf(entries[i])].append(i);
    for (const QList<qsizetype>& group : std::as_const(groups)) {
        QList<CorpusEntry> members;
        for (qsizetype i : group)
            members.append(entries[i]);
        if (model)
            model->leaveOut(members);
        for (qsizetype i : group)
            out[i] = detail::diagnoseWithModel(entries[i].log.toUtf8(), entries[i].context, model ? &*model : nullptr);
        if (model)
            model->putBack(members);
    }
    return out;
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
            return detail::errorAtLine(
                path, lineNo, QStringLiteral("invalid JSON at column %1: %2").arg(pe.offset + 1).arg(pe.errorString()));
        if (!doc.isObject())
            return detail::errorAtLine(path, lineNo, QStringLiteral("expected a JSON object"));
        const QJsonObject o = doc.object();
        for (const char* key : { "id", "class", "log" }) {
            if (!o.value(QLatin1StringView(key)).isString())
                return detail::errorAtLine(
                    path, lineNo, QStringLiteral("\"%1\": expected a string").arg(QLatin1StringView(key)));
        }
        // An optional field of the wrong type is a mistake in the file, not a value to ignore: a "split" given
        // as a number would silently move the entry out of every split.
        for (const char* key : { "second", "framework", "source", "repo", "split", "reason" }) {
            const QJsonValue v = o.value(QLatin1StringView(key));
            if (!v.isUndefined() && !v.isString())
                return detail::errorAtLine(
                    path, lineNo, QStringLiteral("\"%1\": expected a string").arg(QLatin1StringView(key)));
        }
        for (const char* key : { "tuned", "timed_out", "log_states_cause" }) {
            const QJsonValue v = o.value(QLatin1StringView(key));
            if (!v.isUndefined() && !v.isBool())
                return detail::errorAtLine(
                    path, lineNo, QStringLiteral("\"%1\": expected true or false").arg(QLatin1StringView(key)));
        }
        // How the process ended: an exit status may be negative (Python's subprocess reports a signal as -N); a
        // signal is 1 to 64; null says it is not known, like a missing field.
        std::optional<int> exitCode;
        std::optional<int> signal;
        for (const auto& [key, low, into] : { std::tuple { "exit_code", -64, &exitCode }, { "signal", 1, &signal } }) {
            const QJsonValue v = o.value(QLatin1StringView(key));
            if (v.isUndefined() || v.isNull())
                continue;
            const double n = v.toDouble(0.5);
            if (!v.isDouble() || n != std::floor(n) || n < low || n > 255)
                return detail::errorAtLine(path, lineNo,
                    QStringLiteral("\"%1\": expected an integer from %2 to 255").arg(QLatin1StringView(key)).arg(low));
            *into = int(n);
        }
        const QJsonValue tuned = o.value(QLatin1StringView("tuned"));
        CorpusEntry e;
        e.id = o.value(QLatin1StringView("id")).toString();
        const QString cls = o.value(QLatin1StringView("class")).toString();
        const auto c = failureClassFromName(cls);
        if (!c)
            return detail::errorAtLine(path, lineNo, QStringLiteral("\"class\": unknown class '%1'").arg(cls));
        if (ids.contains(e.id))
            return detail::errorAtLine(path, lineNo, QStringLiteral("\"id\": duplicate id '%1'").arg(e.id));
        ids.insert(e.id);
        e.expected = *c;
        if (o.contains(QLatin1StringView("second"))) {
            const QString second = o.value(QLatin1StringView("second")).toString();
            const auto sc = failureClassFromName(second);
            if (!sc)
                return detail::errorAtLine(path, lineNo, QStringLiteral("\"second\": unknown class '%1'").arg(second));
            e.second = *sc;
        }
        e.framework = o.value(QLatin1StringView("framework")).toString();
        e.source = o.value(QLatin1StringView("source")).toString();
        e.split = o.value(QLatin1StringView("split")).toString();
        e.tuned = tuned.toBool();
        e.repo = o.value(QLatin1StringView("repo")).toString();
        if (e.repo.isEmpty()) {
            static const QRegularExpression github(QStringLiteral(R"re(github\.com/([\w.-]+/[\w.-]+))re"));
            const auto m = github.match(e.source);
            e.repo = m.hasMatch() ? m.captured(1) : e.source;
        }
        e.log = o.value(QLatin1StringView("log")).toString();
        e.context = FailureContext { exitCode, signal, o.value(QLatin1StringView("timed_out")).toBool() };
        if (const QJsonValue v = o.value(QLatin1StringView("log_states_cause")); v.isBool())
            e.logStatesCause = v.toBool();
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
    const QList<Diagnosis> diagnoses = diagnoseBlind(entries, [](const CorpusEntry& e) { return e.repo; });
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const CorpusEntry& e = entries[i];
        const Diagnosis& d = diagnoses[i];
        ++ev.total;
        const bool right = d.cls == e.expected;
        for (Tally* t : { &ev.byFramework[e.framework],
                 e.logStatesCause ? (*e.logStatesCause ? &ev.causeInLog : &ev.causeNotInLog) : nullptr }) {
            if (t) {
                ++t->total;
                t->correct += right ? 1 : 0;
            }
        }
        if (right) {
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
    QJsonObject frameworks;
    for (auto it = byFramework.cbegin(); it != byFramework.cend(); ++it)
        frameworks.insert(it.key(), tallyJson(it.value()));
    QJsonObject o { { QStringLiteral("total"), total }, { QStringLiteral("correct"), correct },
        { QStringLiteral("accuracy"), total == 0 ? 1.0 : double(correct) / total }, { QStringLiteral("classes"), cls },
        { QStringLiteral("frameworks"), frameworks }, { QStringLiteral("confusions"), conf } };
    if (causeInLog.total + causeNotInLog.total > 0)
        o.insert(QStringLiteral("log_states_cause"),
            QJsonObject {
                { QStringLiteral("yes"), tallyJson(causeInLog) }, { QStringLiteral("no"), tallyJson(causeNotInLog) } });
    return o;
}

CrossValidation crossValidateFailureCorpus(const QList<CorpusEntry>& entries, int folds)
{
    CrossValidation cv;
    folds = std::max(folds, 1);
    QMap<QString, int> perRepo;
    for (const auto& e : entries)
        ++perRepo[e.repo];
    QList<QString> repos = perRepo.keys();
    std::stable_sort(repos.begin(), repos.end(),
        [&](const QString& a, const QString& b) { return perRepo[a] != perRepo[b] ? perRepo[a] > perRepo[b] : a < b; });
    cv.folds.resize(folds);
    QList<int> size(folds, 0);
    QMap<QString, int> foldOf;
    for (const auto& r : repos) {
        const int f = int(std::min_element(size.cbegin(), size.cend()) - size.cbegin());
        foldOf[r] = f;
        size[f] += perRepo[r];
        cv.folds[f].repos.append(r);
    }

    QMap<QString, QList<CorpusEntry>> perSplit;
    const QList<Diagnosis> diagnoses
        = diagnoseBlind(entries, [&](const CorpusEntry& e) { return QString::number(foldOf[e.repo]); });
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const CorpusEntry& e = entries[i];
        const Diagnosis& d = diagnoses[i];
        const bool right = d.cls == e.expected;
        auto& fold = cv.folds[foldOf[e.repo]];
        for (Tally* t : { &fold.bySplit[e.split], &fold.all, &cv.byFramework[e.framework][e.split] }) {
            ++t->total;
            t->correct += right ? 1 : 0;
        }
        if (e.second) {
            Tally& t = cv.secondFound[e.split];
            ++t.total;
            t.correct += (d.secondary == e.second || d.cls == e.second) ? 1 : 0;
        }
        perSplit[e.split].append(e);
    }
    for (auto it = perSplit.cbegin(); it != perSplit.cend(); ++it)
        cv.bySplit.insert(it.key(), evaluateFailureCorpus(it.value()));
    cv.all = evaluateFailureCorpus(entries);
    return cv;
}

QJsonObject CrossValidation::toJson() const
{
    QJsonArray foldsJson;
    for (const auto& f : folds) {
        QJsonObject splits;
        for (auto it = f.bySplit.cbegin(); it != f.bySplit.cend(); ++it)
            splits.insert(it.key(), tallyJson(it.value()));
        foldsJson.append(QJsonObject { { QStringLiteral("repos"), QJsonArray::fromStringList(f.repos) },
            { QStringLiteral("splits"), splits }, { QStringLiteral("all"), tallyJson(f.all) } });
    }
    QJsonObject splitsJson;
    for (auto it = bySplit.cbegin(); it != bySplit.cend(); ++it)
        splitsJson.insert(it.key(), it.value().toJson());
    QJsonObject frameworksJson;
    for (auto it = byFramework.cbegin(); it != byFramework.cend(); ++it) {
        QJsonObject o;
        for (auto jt = it.value().cbegin(); jt != it.value().cend(); ++jt)
            o.insert(jt.key(), tallyJson(jt.value()));
        frameworksJson.insert(it.key(), o);
    }
    QJsonObject secondJson;
    for (auto it = secondFound.cbegin(); it != secondFound.cend(); ++it)
        secondJson.insert(it.key(), tallyJson(it.value()));
    return QJsonObject { { QStringLiteral("folds"), foldsJson }, { QStringLiteral("splits"), splitsJson },
        { QStringLiteral("frameworks"), frameworksJson }, { QStringLiteral("second"), secondJson },
        { QStringLiteral("all"), all.toJson() } };
}

} // namespace kwb
