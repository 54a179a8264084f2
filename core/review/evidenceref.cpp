// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/review/evidenceref.h"

#include <QRegularExpression>

namespace kwb {
namespace {
Error bad(const QString& text, const QString& expected)
{
    return Error { {}, {}, QStringLiteral("bad evidence reference '%1': expected %2").arg(text, expected) };
}

bool parseQualifiers(const QString& s, QMap<QString, QString>& out)
{
    static const QRegularExpression kv(QStringLiteral("^([a-z_]+)=([^&=]+)$"));
    for (const QString& part : s.split(u'&')) {
        const QRegularExpressionMatch m = kv.match(part);
        if (!m.hasMatch())
            return false;
        out.insert(m.captured(1), m.captured(2));
    }
    return true;
}
} // namespace

bool isSha256Digest(const QString& s)
{
    static const QRegularExpression re(QStringLiteral("^sha256:[0-9a-f]{64}$"));
    return re.match(s).hasMatch();
}

Result<EvidenceRef> parseEvidenceRef(const QString& text)
{
    EvidenceRef r;
    const qsizetype colon = text.indexOf(u':');
    const QString scheme = text.left(colon);
    QString rest = colon < 0 ? QString() : text.mid(colon + 1);
    const qsizetype hash = rest.indexOf(u'#');
    const QString fragment = hash < 0 ? QString() : rest.mid(hash + 1);
    if (hash >= 0)
        rest.truncate(hash);
    r.target = rest;
    if (scheme == QLatin1StringView("finding")) {
        static const QRegularExpression id(QStringLiteral("^[a-z]+\\.[a-z0-9_.-]+$"));
        if (!id.match(rest).hasMatch() || (hash >= 0 && !parseQualifiers(fragment, r.qualifiers)))
            return bad(text, QStringLiteral("finding:<id>[#key=value&…], e.g. finding:correct.mismatch#case=tail"));
        return r;
    }
    if (scheme == QLatin1StringView("report")) {
        r.kind = EvidenceRef::Kind::Report;
        if (!isSha256Digest(rest) || (hash >= 0 && !parseQualifiers(fragment, r.qualifiers)))
            return bad(text, QStringLiteral("report:sha256:<64 hex digits>[#finding=<id>]"));
        return r;
    }
    if (scheme == QLatin1StringView("file")) {
        r.kind = EvidenceRef::Kind::File;
        static const QRegularExpression lines(QStringLiteral("^L([1-9][0-9]*)(?:-L?([1-9][0-9]*))?$"));
        const QRegularExpressionMatch m = lines.match(fragment);
        if (rest.isEmpty() || rest.startsWith(u'/') || rest.contains(QLatin1StringView(".."))
            || (hash >= 0 && !m.hasMatch()))
            return bad(text,
                QStringLiteral("file:<bundle-relative path>[#L<first>[-L<last>]], e.g. file:candidate.cu#L10-L12"));
        if (m.hasMatch()) {
            r.startLine = m.captured(1).toInt();
            r.endLine = m.captured(2).isEmpty() ? r.startLine : m.captured(2).toInt();
            if (r.endLine < r.startLine)
                return bad(text, QStringLiteral("a line range with first ≤ last"));
        }
        return r;
    }
    return bad(text, QStringLiteral("finding:…, report:sha256:… or file:…"));
}

QString EvidenceRef::toString() const
{
    QString s;
    switch (kind) {
    case Kind::Finding:
        s = QStringLiteral("finding:") + target;
        break;
    case Kind::Report:
        s = QStringLiteral("report:") + target;
        break;
    case Kind::File:
        s = QStringLiteral("file:") + target;
        if (startLine > 0)
            s += startLine == endLine ? QStringLiteral("#L%1").arg(startLine)
                                      : QStringLiteral("#L%1-L%2").arg(startLine).arg(endLine);
        return s;
    }
    QStringList parts;
    for (auto it = qualifiers.begin(); it != qualifiers.end(); ++it)
        parts << it.key() + u'=' + it.value();
    if (!parts.isEmpty())
        s += u'#' + parts.join(u'&');
    return s;
}

} // namespace kwb
