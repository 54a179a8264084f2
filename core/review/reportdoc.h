// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace kwb {

/// One finding as a kwb.report/1 document lists it.
struct ReportFinding {
    QString id;
    QString severity;
    QString impl;
    QString caseName;
    QString message;
    QString origin; ///< the finding's own `origin` when it names one (see findingblame.h), else empty
    QJsonObject evidence; ///< the finding's `evidence` (values, the peaks a floor used, …)
    QString file; ///< bundle-relative file the finding is about, may be empty
    int line = 0; ///< 1-based, 0 when not known
};

/// The parts of a kwb.report/1 document the review checks read.
struct ReportDoc {
    QString file; ///< where it was read from, may be empty
    QString digest; ///< `sha256:` of the document's bytes: what reviews attach and cite
    QString action;
    QString taskId;
    QString taskDigest;
    QList<ReportFinding> findings;
    QByteArray bytes; ///< the document as read (the store keeps it)
};

/// `sha256:<hex>` of `bytes`.
QString contentDigest(const QByteArray& bytes);

/// Parses a kwb.report/1 (run), kwb.compile/1, kwb.bench/1 or kwb.check/1 document; the Error names the file
/// and the JSON path.
Result<ReportDoc> parseReportDoc(const QByteArray& bytes, const QString& file);

/// Reads and parses the report at `path`.
Result<ReportDoc> loadReportDoc(const QString& path);

} // namespace kwb
