// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/tensor/tensor.h"

#include <QAbstractTableModel>

#include <optional>

namespace kwb::ui {

/// Summary statistics of a tensor, over its finite values (NaN and ±Inf counted apart).
struct TensorStats {
    std::int64_t count = 0;
    std::int64_t nan = 0;
    std::int64_t inf = 0;
    std::int64_t zeros = 0;
    std::optional<double> min, max, mean, std;
};
TensorStats tensorStats(const Tensor& t);
/// One line: `float32 [4, 1025] · 4100 elements · min -3.1 max 3.4 mean 0.002 std 0.99 · 0 NaN, 0 Inf, 3 zeros`.
QString tensorSummary(const Tensor& t, const TensorStats& s);

/// A tensor's values as a table: the last dimension across (capped at kMaxColumns), every other index down (capped
/// at kMaxRows), each row headed by its index (`[2, 7, :]`); a 1-D tensor is one column indexed down.
class TensorTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int kMaxRows = 1'000'000;
    static constexpr int kMaxColumns = 256;

    explicit TensorTableModel(QObject* parent = nullptr);
    void setTensor(std::optional<Tensor> tensor);
    /// True when the tensor has more rows or columns than the table shows.
    bool truncated() const;
    std::int64_t totalRows() const { return m_rows; }
    std::int64_t totalColumns() const { return m_cols; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::optional<Tensor> m_tensor;
    std::int64_t m_rows = 0; ///< of the whole tensor
    std::int64_t m_cols = 0;
};

} // namespace kwb::ui
