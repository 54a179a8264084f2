// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/task.h"

#include <QDir>

namespace kwb {

QString Task::path(const QString& relative) const
{
    return QDir(dir).filePath(relative);
}

QList<Implementation> Task::implementations() const
{
    QList<Implementation> all { reference };
    if (oracle)
        all << *oracle;
    all << candidates;
    return all;
}

const Implementation* Task::implementation(const QString& implId) const
{
    if (reference.id == implId)
        return &reference;
    if (oracle && oracle->id == implId)
        return &*oracle;
    for (const auto& c : candidates) {
        if (c.id == implId)
            return &c;
    }
    return nullptr;
}

QStringList stressPatternNames()
{
    return { QStringLiteral("shift"), QStringLiteral("scale"), QStringLiteral("impulse"), QStringLiteral("ramp"),
        QStringLiteral("sorted"), QStringLiteral("large"), QStringLiteral("hidden"), QStringLiteral("mixture") };
}

QStringList stressPatternsFor(const TensorSpec& input)
{
    if (input.stress)
        return *input.stress;
    const bool generated = input.init.dist == u"normal" || input.init.dist == u"uniform";
    return generated && isFloatingPoint(input.dtype) ? stressPatternNames() : QStringList {};
}

Tolerance Task::toleranceFor(const TensorSpec& output) const
{
    if (output.tolerance)
        return *output.tolerance;
    if (tolerance)
        return *tolerance;
    return defaultTolerance(output.dtype);
}

QString Task::requiredKernelLanguage() const
{
    if (!target.kernel.isEmpty())
        return target.kernel == u"none" ? QString() : target.kernel;
    return kernelLanguages().contains(target.framework) ? target.framework : QString();
}

const QStringList& kernelLanguages()
{
    static const QStringList langs { QStringLiteral("triton"), QStringLiteral("cuda"), QStringLiteral("pallas"),
        QStringLiteral("nki") };
    return langs;
}

} // namespace kwb
