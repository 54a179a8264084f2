// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/callcheck.h"

#include "core/compare/comparison.h"
#include "core/run/errorbudget.h"
#include "core/run/gluegen.h"
#include "core/tensor/tensor.h"

#include <QDir>

#include <cmath>
#include <cstring>

namespace kwb {

namespace {
qint64 poisoned(const Tensor& t)
{
    const quint64 pattern = poisonPattern(t.dtype);
    const std::size_t size = dtypeSize(t.dtype);
    qint64 n = 0;
    for (qint64 i = 0; i < t.elementCount(); ++i) {
        quint64 v = 0;
        std::memcpy(&v, t.data + i * size, size);
        n += v == pattern;
    }
    return n;
}
} // namespace

CallCheck checkCall(const Task& task, const QString& candidateDir, const QString& referenceDir)
{
    CallCheck c;
    c.compared = true;
    c.pass = true;
    for (const TensorSpec& o : task.outputs) {
        const QString file = o.name + QStringLiteral(".npy");
        auto expected = loadTensor(QDir(referenceDir).filePath(file), o.dtype);
        if (!expected) {
            c.compared = false; // the reference's answer is missing: nothing to judge against
            c.pass = false;
            c.detail = QStringLiteral("the reference's output '%1' is missing").arg(o.name);
            return c;
        }
        auto actual = loadTensor(QDir(candidateDir).filePath(file), o.dtype);
        if (!actual) {
            c.pass = false;
            c.detail = QStringLiteral("output '%1' was not written: %2").arg(o.name, actual.error().what);
            return c;
        }
        const qint64 poison = actual->dtype == o.dtype ? poisoned(*actual) : 0;
        auto cmp = compareTensors(*actual, *expected, task.toleranceFor(o));
        if (!cmp) {
            c.pass = false;
            c.detail = QStringLiteral("output '%1': %2").arg(o.name, cmp.error().what);
            return c;
        }
        if (poison > 0)
            c.unwritten = true;
        if (cmp->pass && dtypeEpsilon(o.dtype) > 0 && std::isfinite(cmp->maxAbs))
            c.errors << CallCheck::OutputError { o.name, o.dtype, cmp->maxAbs, maxFiniteMagnitude(*expected) };
        if (!cmp->pass && c.pass) {
            c.pass = false;
            c.detail = QStringLiteral("output '%1': %2%3")
                           .arg(o.name, cmp->reason,
                               poison > 0 ? QStringLiteral(" (%1 element(s) still poisoned)").arg(poison) : QString());
        }
    }
    return c;
}

} // namespace kwb
