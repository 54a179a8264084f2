// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/audit/audit.h"
#include "core/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace kwb {

/// One entry of the audit log.
struct AuditLogEntry {
    qint64 seq = 0; ///< 1-based position
    QString time; ///< UTC, ISO 8601
    QString auditor;
    QString action; ///< verdict | adjudicate | note | reverify
    QJsonObject data; ///< what the action recorded
    QString prev; ///< the previous entry's hash (`sha256:` and 64 zeros for the first)
    QString hash; ///< `sha256:` of this entry's canonical JSON without `hash`
};

/// The audit log: append-only JSON Lines whose entries are chained by SHA-256 (each holds the previous
/// entry's hash), plus a `.head` file beside it recording the entry count and the last hash, so removing
/// the last entries is detected too. Every line must be the canonical compact JSON of its entry, so any
/// edited byte shows: as invalid JSON, a non-canonical line, a wrong hash, or a broken chain.
namespace auditlog {

/// $KWB_AUDIT_LOG when set, else `audit.log.jsonl` in the user's data folder.
QString defaultPath();

/// The hash of the entry before the first.
QString genesisHash();

/// Reads and verifies the whole log. The Error names the file, the line (and seq) of the first bad
/// entry and what is wrong with it. A missing file is an empty log.
Result<QList<AuditLogEntry>> read(const QString& path);

/// Verifies the log and appends one entry (flushed to disk), then updates the head. Refuses to append to
/// a log that does not verify.
Result<AuditLogEntry> append(
    const QString& path, const QString& action, const QString& auditor, const QJsonObject& data);

/// The entry as the canonical line (no newline).
QByteArray entryLine(const AuditLogEntry& e);

QJsonObject verdictData(const AuditVerdict& v);
QJsonObject adjudicationData(const Adjudication& a);
/// The adjudications and verdicts the log records, in log order.
QList<Adjudication> adjudications(const QList<AuditLogEntry>& entries);
QList<AuditVerdict> verdicts(const QList<AuditLogEntry>& entries);

} // namespace auditlog
} // namespace kwb
