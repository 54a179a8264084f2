// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QMap>
#include <QString>

namespace kwb {

/// A parsed evidence reference, as scores cite them:
/// - `finding:correct.mismatch` or `finding:correct.mismatch#case=tail&impl=cand` (a finding id, with
///   optional qualifiers that narrow it to a case, an implementation, an output, …);
/// - `report:sha256:<64 hex>` (a kwb.report/1 document by the SHA-256 of its bytes), optionally
///   `#finding=correct.mismatch`;
/// - `file:candidate.cu#L10-L12`, `file:candidate.cu#L10` or `file:spec.md` (bundle-relative, 1-based lines).
struct EvidenceRef {
    enum class Kind { Finding, Report, File };
    Kind kind = Kind::Finding;
    QString target; ///< finding id, report digest (`sha256:…`) or file path
    QMap<QString, QString> qualifiers; ///< `#k=v&k=v` of finding and report references
    int startLine = 0; ///< file references: 0 for the whole file
    int endLine = 0;

    /// The reference written back in its canonical form.
    QString toString() const;
};

/// Parses `text`; the Error's `what` says what was expected (it has no file: the caller names the place).
Result<EvidenceRef> parseEvidenceRef(const QString& text);

/// Whether `s` is `sha256:` followed by 64 lowercase hex digits.
bool isSha256Digest(const QString& s);

} // namespace kwb
