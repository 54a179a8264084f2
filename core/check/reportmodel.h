// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/check/checkengine.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace kwb {

/// One block of the human-readable check report; rendered to Markdown and to HTML from the same model so the
/// two always say the same thing.
struct ReportBlock {
    enum class Kind { Paragraph, Table, Bullets, Code, Plot };
    Kind kind = Kind::Paragraph;
    QString text; ///< Paragraph / Code: the text; Plot: the SVG (HTML only; Markdown points to report.html)
    QStringList header; ///< Table
    QList<QStringList> rows; ///< Table
    QStringList items; ///< Bullets
};

struct ReportSection {
    QString title;
    QList<ReportBlock> blocks;
};

struct ReportModel {
    QString title;
    QString verdict; ///< pass | fail | incomplete
    QList<ReportSection> sections;
};

/// The report's sections: summary, lint, compile, correctness, benchmark (with sample and roofline plots),
/// profile, findings with evidence, method, provenance.
ReportModel buildReportModel(const CheckResult& result);

namespace detail {
ReportBlock paragraph(const QString& text);
ReportBlock table(const QStringList& header, const QList<QStringList>& rows);
ReportBlock bullets(const QStringList& items);
ReportBlock code(const QString& text);
ReportBlock plot(const QString& svg);
ReportSection benchSection(const CheckResult& result);
ReportSection profileSection(const CheckResult& result);
ReportSection findingsSection(const CheckResult& result);
ReportSection methodSection(const CheckResult& result);
} // namespace detail

} // namespace kwb
