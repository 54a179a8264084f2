// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/rubric/suggestions.h"

#include "core/review/evidenceref.h"
#include "core/review/findingblame.h"

#include <QSet>

#include <algorithm>

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

bool isCandidateEvidence(const Finding& finding)
{
    // Also not a floor from the task's declared peaks: findingBlame (core/review/findingblame.h).
    return againstCandidate(finding);
}

QList<EvidenceSuggestion> suggestEvidence(const Findings& findings, const QList<const Criterion*>& criteria,
    const Review& review, const QSet<QString>& ignored)
{
    QList<EvidenceSuggestion> out;
    for (const Criterion* c : criteria) {
        // The kinds this score cites already.
        QSet<QString> cited;
        for (const QString& text : review.scores.value(c->id).evidence) {
            if (const Result<EvidenceRef> r = parseEvidenceRef(text); r && r->kind == EvidenceRef::Kind::Finding)
                cited.insert(r->target);
        }
        for (const Finding& f : findings) {
            if (f.severity == Severity::Info || !isCandidateEvidence(f) || !c->acceptsEvidence(f.id)
                || cited.contains(f.id) || ignored.contains(c->id + QLatin1Char('|') + f.id))
                continue;
            auto same = std::find_if(out.begin(), out.end(),
                [&](const EvidenceSuggestion& s) { return s.criterion == c->id && s.findingId == f.id; });
            if (same != out.end()) {
                ++same->count;
                if (f.severity == Severity::Error && same->severity != Severity::Error) {
                    same->ref = findingRef(f);
                    same->why = f.message;
                    same->severity = f.severity;
                }
                continue;
            }
            out.append(EvidenceSuggestion { c->id, findingRef(f), f.message, f.severity, f.id, 1 });
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
