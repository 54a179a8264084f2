// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/run/tensortablemodel.h"

#include "core/tensor/floatconv.h"

#include <QColor>

#include <cmath>

namespace kwb::ui {

TensorStats tensorStats(const Tensor& t)
{
    TensorStats s;
    s.count = t.elementCount();
    double sum = 0, sumSq = 0;
    std::int64_t finite = 0;
    double lo = 0, hi = 0;
    for (std::int64_t i = 0; i < s.count; ++i) {
        const double v = elementToDouble(t.data, t.dtype, std::size_t(i));
        if (std::isnan(v)) {
            ++s.nan;
            continue;
        }
        if (std::isinf(v)) {
            ++s.inf;
            continue;
        }
        s.zeros += v == 0 ? 1 : 0;
        lo = finite == 0 ? v : std::min(lo, v);
        hi = finite == 0 ? v : std::max(hi, v);
        sum += v;
        sumSq += v * v;
        ++finite;
    }
    if (finite > 0) {
        s.min = lo;
        s.max = hi;
        s.mean = sum / double(finite);
        s.std = std::sqrt(std::max(0.0, sumSq / double(finite) - *s.mean * *s.mean));
    }
    return s;
}

QString tensorSummary(const Tensor& t, const TensorStats& s)
{
    const auto num
        = [](const std::optional<double>& v) { return v ? QString::number(*v, 'g', 6) : QStringLiteral("—"); };
    return QObject::tr("%1 %2 · %3 elements · min %4 max %5 mean %6 std %7 · %8 NaN, %9 Inf, %10 zeros")
        .arg(dtypeName(t.dtype), t.shapeText())
        .arg(s.count)
        .arg(num(s.min), num(s.max), num(s.mean), num(s.std))
        .arg(s.nan)
        .arg(s.inf)
        .arg(s.zeros);
}

TensorTableModel::TensorTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TensorTableModel::setTensor(std::optional<Tensor> tensor)
{
    beginResetModel();
    m_tensor = std::move(tensor);
    m_rows = m_cols = 0;
    if (m_tensor) {
        const auto& shape = m_tensor->shape;
        if (shape.size() <= 1) {
            m_rows = m_tensor->elementCount();
            m_cols = 1;
        } else {
            m_cols = shape.back();
            m_rows = m_cols > 0 ? m_tensor->elementCount() / m_cols : 0;
        }
    }
    endResetModel();
}

bool TensorTableModel::truncated() const
{
    return m_rows > kMaxRows || m_cols > kMaxColumns;
}

int TensorTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(std::min<std::int64_t>(m_rows, kMaxRows));
}

int TensorTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(std::min<std::int64_t>(m_cols, kMaxColumns));
}

QVariant TensorTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_tensor || !index.isValid())
        return {};
    const std::size_t i = std::size_t(index.row()) * std::size_t(m_cols) + std::size_t(index.column());
    const double v = elementToDouble(m_tensor->data, m_tensor->dtype, i);
    if (role == Qt::DisplayRole)
        return isFloatingPoint(m_tensor->dtype) ? QString::number(v, 'g', 7) : QString::number(qint64(v));
    if (role == Qt::ForegroundRole && !std::isfinite(v))
        return QColor(0xb3, 0x26, 0x1e);
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant TensorTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || !m_tensor)
        return {};
    if (orientation == Qt::Horizontal)
        return m_tensor->shape.size() <= 1 ? QStringLiteral("value") : QString::number(section);
    if (m_tensor->shape.size() <= 1)
        return QString::number(section);
    // The row's leading indices, last dimension open: [2, 7, :].
    QStringList idx;
    std::int64_t rest = section;
    for (std::size_t d = m_tensor->shape.size() - 1; d-- > 0;) {
        const std::int64_t n = m_tensor->shape[d];
        idx.prepend(QString::number(n > 0 ? rest % n : 0));
        rest = n > 0 ? rest / n : 0;
    }
    return QStringLiteral("[%1, :]").arg(idx.join(QStringLiteral(", ")));
}

} // namespace kwb::ui
