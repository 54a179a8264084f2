// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/hardware/hardware.h"

namespace kwb {
namespace {
// Lowercase letters and digits only, without a leading vendor or brand word.
QString normalized(QStringView name)
{
    QString s;
    for (QChar c : name) {
        if (c.isLetterOrNumber())
            s += c.toLower();
    }
    for (const char* prefix : { "nvidia", "amd", "google", "aws", "instinct", "geforce", "cloud" }) {
        if (s.startsWith(QLatin1StringView(prefix)) && s.size() > qsizetype(qstrlen(prefix)))
            s.remove(0, qsizetype(qstrlen(prefix)));
    }
    return s;
}
} // namespace

double HardwareSpec::peakFlops(DType t) const
{
    switch (t) {
    case DType::Float64:
        return std::max(peak.fp64, peak.fp64Matrix);
    case DType::Float32:
        return peak.fp32;
    case DType::Float16:
        return peak.fp16;
    case DType::BFloat16:
        return peak.bf16;
    case DType::Float8E4M3FN:
    case DType::Float8E5M2:
        return peak.fp8;
    case DType::Int8:
    case DType::UInt8:
        return peak.int8;
    default:
        return 0; // wider integers and bool run on the vector units: no published peak
    }
}

const HardwareSpec* findHardware(QStringView name)
{
    const QString key = normalized(name);
    if (key.isEmpty())
        return nullptr;
    for (const HardwareSpec& h : hardwareTable()) {
        if (normalized(h.name) == key)
            return &h;
        for (const QString& alias : h.aliases) {
            if (normalized(alias) == key)
                return &h;
        }
    }
    return nullptr;
}

const HardwareSpec* findHardwareForDevice(QStringView deviceName)
{
    QStringView name = deviceName;
    if (const qsizetype paren = name.indexOf(u'('); paren > 0) // "NVIDIA H100 80GB HBM3 (sm_90)"
        name = name.left(paren);
    if (const HardwareSpec* exact = findHardware(name))
        return exact;
    // A runtime's device name is longer than the table's names ("H100 80GB HBM3", "A100-SXM4-80GB"): the entry
    // whose name or alias is the longest prefix of it.
    const QString key = normalized(name);
    const HardwareSpec* best = nullptr;
    qsizetype bestLength = 0;
    for (const HardwareSpec& h : hardwareTable()) {
        QStringList names = h.aliases;
        names << h.name;
        for (const QString& n : names) {
            const QString k = normalized(n);
            if (k.size() >= 3 && k.size() > bestLength && key.startsWith(k)) {
                best = &h;
                bestLength = k.size();
            }
        }
    }
    return best;
}

} // namespace kwb
