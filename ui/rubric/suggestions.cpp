#include "rubric/suggestions.h"

#include "review/evidenceref.h"

#include <QSet>

namespace kwb::ui {

QString findingRef(const Finding& finding)
{
    EvidenceRef ref;
    ref.kind = EvidenceRef::Kind::Finding;
    ref.target = finding.id;
    if (!finding.caseName.isEmpty())
        ref.qualifiers.insert(QStringLiteral("case"), finding.caseName);
    if (!finding.impl.isEmpty())
        ref.qualifiers.insert(QStringLiteral("impl"), finding.impl);
    const QString text = ref.toString();
    if (parseEvidenceRef(text))
        return text;
    // A case or implementation name the reference syntax cannot carry: cite the finding id alone.
    return QStringLiteral("finding:") + finding.id;
}

QList<EvidenceSuggestion> suggestEvidence(const Findings& findings, const QList<const Criterion*>& criteria,
    const Review& review, const QSet<QString>& ignored)
{
    QList<EvidenceSuggestion> out;
    for (const Finding& f : findings) {
        if (f.severity == Severity::Info)
            continue;
        const QString ref = findingRef(f);
        for (const Criterion* c : criteria) {
            if (!c->acceptsEvidence(f.id))
                continue;
            if (review.scores.value(c->id).evidence.contains(ref) || ignored.contains(c->id + QLatin1Char('|') + ref))
                continue;
            EvidenceSuggestion s { c->id, ref, f.message, f.severity };
            if (!out.contains(s))
                out.append(s);
        }
    }
    return out;
}

QString evidenceLabel(const QString& text)
{
    const Result<EvidenceRef> r = parseEvidenceRef(text);
    if (!r)
        return text;
    switch (r->kind) {
    case EvidenceRef::Kind::Finding: {
        QStringList parts { r->target };
        for (const QString& k : { QStringLiteral("case"), QStringLiteral("impl") }) {
            if (r->qualifiers.contains(k))
                parts << r->qualifiers.value(k);
        }
        return parts.join(QStringLiteral(" · "));
    }
    case EvidenceRef::Kind::Report: {
        const QString hex = r->target.mid(7, 8);
        const QString finding = r->qualifiers.value(QStringLiteral("finding"));
        return finding.isEmpty() ? QStringLiteral("report %1").arg(hex)
                                 : QStringLiteral("report %1 · %2").arg(hex, finding);
    }
    case EvidenceRef::Kind::File:
        if (r->startLine == 0)
            return r->target;
        if (r->endLine <= r->startLine)
            return QStringLiteral("%1 L%2").arg(r->target).arg(r->startLine);
        return QStringLiteral("%1 L%2–%3").arg(r->target).arg(r->startLine).arg(r->endLine);
    }
    return text;
}

} // namespace kwb::ui
