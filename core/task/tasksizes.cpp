// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/tasksizes.h"

namespace kwb {
namespace {
Error overflow(const TensorSpec& t)
{
    return Error { {}, {},
        QStringLiteral("tensor '%1' [%2] has more than 2^63-1 bytes (overflows 64-bit sizes)")
            .arg(t.name, t.shape.join(QStringLiteral(", "))) };
}
} // namespace

Result<qint64> tensorElements(const TensorSpec& tensor, const QMap<QString, qint64>& dims)
{
    if (!tensor.shapeKnown)
        return qint64(0); // known only when the reference runs: it counts for nothing here
    qint64 n = 1;
    for (const QString& e : tensor.shape) {
        bool literal = false;
        qint64 v = e.toLongLong(&literal);
        if (!literal) {
            const auto it = dims.constFind(e);
            if (it == dims.constEnd())
                return Error { {}, {}, QStringLiteral("dim '%1' of tensor '%2' has no value").arg(e, tensor.name) };
            v = *it;
        }
        if (__builtin_mul_overflow(n, v, &n))
            return overflow(tensor);
    }
    return n;
}

Result<qint64> tensorBytes(const TensorSpec& tensor, const QMap<QString, qint64>& dims)
{
    const auto n = tensorElements(tensor, dims);
    if (!n)
        return n;
    qint64 bytes = 0;
    if (__builtin_mul_overflow(*n, qint64(dtypeSize(tensor.dtype)), &bytes))
        return overflow(tensor);
    return bytes;
}

Result<qint64> caseBytes(const Task& task, const Case& c)
{
    qint64 total = 0;
    for (const auto* list : { &task.inputs, &task.outputs }) {
        for (const TensorSpec& t : *list) {
            const auto b = tensorBytes(t, c.dims);
            if (!b)
                return b;
            if (__builtin_add_overflow(total, *b, &total))
                return Error { {}, {},
                    QStringLiteral("the tensors of case '%1' together have more than 2^63-1 bytes").arg(c.name) };
        }
    }
    return total;
}

} // namespace kwb
