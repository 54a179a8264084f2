// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compile/kernelresources.h"

#include <QJsonValue>
#include <QRegularExpression>

#include <cstdlib>
#include <cxxabi.h>

namespace kwb {

QJsonObject KernelResources::toJson() const
{
    QJsonObject j {
        { QStringLiteral("name"), name },
        { QStringLiteral("demangled"), demangled },
        { QStringLiteral("arch"), arch },
        { QStringLiteral("registers"), registers },
        { QStringLiteral("stack_bytes"), stackBytes },
        { QStringLiteral("spill_stores"), spillStores },
        { QStringLiteral("spill_loads"), spillLoads },
        { QStringLiteral("smem_bytes"), smemBytes },
        { QStringLiteral("cmem_bytes"), cmemBytes },
        { QStringLiteral("barriers"), barriers },
        { QStringLiteral("occupancy"), occupancy ? QJsonValue(occupancy->toJson()) : QJsonValue() },
    };
    if (!framework.isEmpty()) {
        j.insert(QStringLiteral("framework"), framework);
        j.insert(QStringLiteral("config"), config);
        j.insert(QStringLiteral("line"), line);
        j.insert(QStringLiteral("num_warps"), numWarps);
        j.insert(QStringLiteral("num_stages"), numStages);
        j.insert(QStringLiteral("dynamic_smem_bytes"), dynamicSmemBytes);
        j.insert(QStringLiteral("vmem_bytes"), vmemBytes < 0 ? QJsonValue() : QJsonValue(vmemBytes));
        j.insert(QStringLiteral("error"), error);
        j.insert(QStringLiteral("details"), details);
    }
    return j;
}

QString demangle(const QString& symbol)
{
    if (!symbol.startsWith(u"_Z"))
        return symbol;
    int status = 0;
    char* out = abi::__cxa_demangle(symbol.toUtf8().constData(), nullptr, nullptr, &status);
    const QString result = status == 0 && out ? QString::fromUtf8(out) : symbol;
    std::free(out);
    return result;
}

QList<KernelResources> parsePtxasResources(const QString& text)
{
    static const QRegularExpression entry(QStringLiteral(R"(Compiling entry function '([^']+)' for '(\w+)')"));
    static const QRegularExpression props(QStringLiteral(R"(Function properties for (\S+))"));
    static const QRegularExpression frame(
        QStringLiteral(R"((\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads)"));
    static const QRegularExpression used(QStringLiteral(R"(ptxas info\s*: Used (\d+) registers(.*)$)"));
    static const QRegularExpression barriers(QStringLiteral(R"(used (\d+) barriers)"));
    static const QRegularExpression smem(QStringLiteral(R"((\d+) bytes smem)"));
    static const QRegularExpression cmem(QStringLiteral(R"((\d+) bytes cmem\[0\])"));

    QList<KernelResources> out;
    QString propsFor; // the function the next stack-frame line belongs to
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        QRegularExpressionMatch m;
        if ((m = entry.match(line)).hasMatch()) {
            KernelResources k;
            k.name = m.captured(1);
            k.demangled = demangle(k.name);
            k.arch = m.captured(2);
            out.append(k);
            propsFor.clear();
        } else if ((m = props.match(line)).hasMatch()) {
            propsFor = m.captured(1);
        } else if ((m = frame.match(line)).hasMatch() && !line.startsWith(u"ptxas")) {
            // Device functions get their own "Function properties"; only the entry's own line counts.
            if (!out.isEmpty() && propsFor == out.last().name) {
                out.last().stackBytes = m.captured(1).toInt();
                out.last().spillStores = m.captured(2).toInt();
                out.last().spillLoads = m.captured(3).toInt();
            }
        } else if ((m = used.match(line)).hasMatch() && !out.isEmpty()) {
            KernelResources& k = out.last();
            k.registers = m.captured(1).toInt();
            const QString rest = m.captured(2);
            if (auto b = barriers.match(rest); b.hasMatch())
                k.barriers = b.captured(1).toInt();
            if (auto s = smem.match(rest); s.hasMatch())
                k.smemBytes = s.captured(1).toInt();
            if (auto c = cmem.match(rest); c.hasMatch())
                k.cmemBytes = c.captured(1).toInt();
        }
    }
    return out;
}

} // namespace kwb
