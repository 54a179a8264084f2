// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/audit/audit.h"

#include <QAbstractTableModel>

namespace kwb::ui {

/// The agreement table: a row per criterion (items, percent agreement, Cohen's κ, Fleiss' κ, Krippendorff's α
/// nominal/ordinal/interval, Gwet's AC1, the bootstrap CI of α). Rows below the α threshold are shown in red.
class AgreementModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Criterion,
        Items,
        Percent,
        Cohen,
        Fleiss,
        AlphaNominal,
        AlphaOrdinal,
        AlphaInterval,
        Ac1,
        AlphaCi,
        ColumnCount
    };

    explicit AgreementModel(QObject* parent = nullptr);
    void setCriteria(const QList<CriterionAgreement>& rows);
    const QList<CriterionAgreement>& criteria() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<CriterionAgreement> m_rows;
};

/// The per-reviewer table: pairs, agreement with others, with adjudicated scores, mean offset.
class ReviewerAgreementModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit ReviewerAgreementModel(QObject* parent = nullptr);
    void setReviewers(const QList<ReviewerAgreement>& rows);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<ReviewerAgreement> m_rows;
};

/// The per-task table: reviewers, items (criteria two or more of them scored), percent agreement, ordinal α (n/a
/// below two items), the criteria whose scores differ by two levels or more. Each task's figures come from its own
/// reviews only.
class TaskAgreementModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit TaskAgreementModel(QObject* parent = nullptr);
    void setTasks(const QList<TaskAgreement>& rows);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<TaskAgreement> m_rows;
};

} // namespace kwb::ui
