// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compile/disassembly.h"

#include "core/compile/kernelresources.h"

#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>

#include <functional>

namespace kwb {

QList<int> DisassembledKernel::linesForSource(int line) const
{
    QList<int> out;
    for (int i = 0; i < sourceLines.size(); ++i) {
        if (sourceLines[i] == line && line > 0)
            out << i;
    }
    return out;
}

QJsonObject DisassembledKernel::toJson(bool withText) const
{
    QJsonObject m;
    int total = 0;
    for (auto it = mix.begin(); it != mix.end(); ++it) {
        if (it.key() != u"instructions")
            m.insert(it.key(), it.value());
    }
    total = mix.value(QStringLiteral("instructions"));
    QJsonObject j { { QStringLiteral("name"), name }, { QStringLiteral("demangled"), demangled },
        { QStringLiteral("arch"), arch }, { QStringLiteral("kind"), kind }, { QStringLiteral("mix"), m },
        { QStringLiteral("instructions"), total } };
    if (withText) {
        QJsonArray text;
        for (int i = 0; i < lines.size(); ++i)
            text.append(
                QJsonObject { { QStringLiteral("text"), lines[i] }, { QStringLiteral("line"), sourceLines.value(i) } });
        j.insert(QStringLiteral("text"), text);
    }
    return j;
}

namespace {
int typeBits(const QString& t)
{
    static const QRegularExpression bits(QStringLiteral(R"(\d+)"));
    const auto m = bits.match(t);
    return m.hasMatch() ? m.captured().toInt() : 0;
}

// One PTX instruction (opcode with its dotted modifiers) into its category, or empty.
QString ptxCategory(const QString& op)
{
    const QStringList parts = op.split(QLatin1Char('.'));
    const QString& head = parts.first();
    if (head == u"wgmma")
        return op.contains(u"mma_async") ? QStringLiteral("wgmma") : QString();
    if (head == u"mma" || head == u"wmma")
        return head == u"wmma" && !op.contains(u".mma") ? QString() : head;
    if (head == u"fma")
        return QStringLiteral("fma");
    if (head == u"bar" || head == u"barrier")
        return QStringLiteral("bar.sync");
    if (head == u"cp" && parts.value(1).startsWith(u"async"))
        return QStringLiteral("cp.async");
    if (head == u"atom" || head == u"red")
        return QStringLiteral("atom");
    if (head == u"shfl")
        return QStringLiteral("shfl");
    if ((head == u"ld" || head == u"st") && parts.size() > 1) {
        const QString space = parts.value(1);
        if (space == u"shared" || space == u"local")
            return head + QLatin1Char('.') + space;
        if (space == u"global") {
            int vec = 1;
            for (const QString& p : parts) {
                if (p == u"v2")
                    vec = 2;
                else if (p == u"v4")
                    vec = 4;
            }
            return QStringLiteral("%1.global.%2").arg(head).arg(vec * typeBits(parts.last()));
        }
    }
    return {};
}

QString sassCategory(const QString& op)
{
    const QStringList parts = op.split(QLatin1Char('.'));
    const QString& head = parts.first();
    static const QStringList plain { QStringLiteral("HMMA"), QStringLiteral("HGMMA"), QStringLiteral("IMMA"),
        QStringLiteral("FFMA"), QStringLiteral("LDS"), QStringLiteral("STS"), QStringLiteral("LDL"),
        QStringLiteral("STL"), QStringLiteral("BAR"), QStringLiteral("LDGSTS"), QStringLiteral("SHFL") };
    if (plain.contains(head))
        return head;
    if (head == u"ATOM" || head == u"ATOMG" || head == u"RED" || head == u"REDG")
        return QStringLiteral("ATOM");
    if (head == u"LDG" || head == u"STG") {
        int bits = 32;
        for (const QString& p : parts) {
            if (p == u"64" || p == u"128" || p == u"U8" || p == u"S8" || p == u"U16" || p == u"S16")
                bits = p == u"64" ? 64 : p == u"128" ? 128 : p.endsWith(u"8") ? 8 : 16;
        }
        return QStringLiteral("%1.%2").arg(head).arg(bits);
    }
    return {};
}
} // namespace

QList<DisassembledKernel> parsePtx(const QString& ptx, const QString& arch, const QString& sourceFile)
{
    static const QRegularExpression fileRe(QStringLiteral(R"(^\s*\.file\s+(\d+)\s+\"([^\"]+)\")"));
    static const QRegularExpression entryRe(QStringLiteral(R"(^\s*(?:\.visible\s+|\.weak\s+)?\.entry\s+([\w$]+))"));
    static const QRegularExpression locRe(QStringLiteral(R"(^\s*\.loc\s+(\d+)\s+(\d+))"));
    static const QRegularExpression instrRe(QStringLiteral(R"(^\s*(?:@!?%\w+\s+)?([a-z][\w.:]*)\s*)"));

    // .file entries come at the end of the module: find the index of the implementation's file first.
    QList<int> ownFiles;
    const QString wanted = QFileInfo(sourceFile).fileName();
    const QStringList all = ptx.split(QLatin1Char('\n'));
    for (const QString& l : all) {
        if (auto m = fileRe.match(l); m.hasMatch() && QFileInfo(m.captured(2)).fileName() == wanted)
            ownFiles << m.captured(1).toInt();
    }
    QList<DisassembledKernel> out;
    int current = 0;
    int depth = 0;
    bool inKernel = false;
    for (const QString& l : all) {
        if (auto m = entryRe.match(l); m.hasMatch()) {
            DisassembledKernel k;
            k.name = m.captured(1);
            k.demangled = demangle(k.name);
            k.arch = arch;
            k.kind = QStringLiteral("ptx");
            out.append(k);
            inKernel = true;
            depth = 0;
            current = 0;
        }
        if (!inKernel)
            continue;
        DisassembledKernel& k = out.last();
        if (auto m = locRe.match(l); m.hasMatch())
            current = ownFiles.contains(m.captured(1).toInt()) ? m.captured(2).toInt() : 0;
        k.lines << l;
        k.sourceLines << current;
        depth += int(l.count(QLatin1Char('{'))) - int(l.count(QLatin1Char('}')));
        if (l.trimmed() == u"}" && depth <= 0) {
            inKernel = false;
            continue;
        }
        const auto im = instrRe.match(l);
        if (im.hasMatch() && !l.trimmed().startsWith(u'.') && !l.trimmed().startsWith(u"//")) {
            k.mix[QStringLiteral("instructions")] += 1;
            const QString cat = ptxCategory(im.captured(1));
            if (!cat.isEmpty())
                k.mix[cat] += 1;
        }
    }
    return out;
}

QList<DisassembledKernel> parseSass(const QString& sass)
{
    static const QRegularExpression archRe(QStringLiteral(R"((?:arch = |code for )(sm_\w+))"));
    static const QRegularExpression funcRe(QStringLiteral(R"(^\s*Function : (\S+))"));
    static const QRegularExpression instrRe(QStringLiteral(R"(^\s*/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?([A-Z][\w.]*))"));
    QList<DisassembledKernel> out;
    QString arch;
    for (const QString& l : sass.split(QLatin1Char('\n'))) {
        if (auto m = archRe.match(l); m.hasMatch())
            arch = m.captured(1);
        if (auto m = funcRe.match(l); m.hasMatch()) {
            DisassembledKernel k;
            k.name = m.captured(1);
            k.demangled = demangle(k.name);
            k.arch = arch;
            k.kind = QStringLiteral("sass");
            out.append(k);
            continue;
        }
        if (out.isEmpty())
            continue;
        auto m = instrRe.match(l);
        if (!m.hasMatch())
            continue;
        DisassembledKernel& k = out.last();
        k.lines << l.trimmed();
        k.sourceLines << 0;
        k.mix[QStringLiteral("instructions")] += 1;
        if (const QString cat = sassCategory(m.captured(1)); !cat.isEmpty())
            k.mix[cat] += 1;
    }
    return out;
}

QList<DisassembledKernel> parseNvdisasm(const QString& sass, const QString& arch, const QString& sourceFile)
{
    static const QRegularExpression funcRe(QStringLiteral(R"(^\.text\.([\w$]+):\s*$)"));
    static const QRegularExpression lineRe(QStringLiteral(R"re(^\s*//## File "([^"]+)", line (\d+))re"));
    static const QRegularExpression instrRe(QStringLiteral(R"(^\s*/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?([A-Z][\w.]*))"));
    const QString wanted = QFileInfo(sourceFile).fileName();
    QList<DisassembledKernel> out;
    int current = 0;
    for (const QString& l : sass.split(QLatin1Char('\n'))) {
        if (auto m = funcRe.match(l); m.hasMatch()) {
            DisassembledKernel k;
            k.name = m.captured(1);
            k.demangled = demangle(k.name);
            k.arch = arch;
            k.kind = QStringLiteral("sass");
            out.append(k);
            current = 0;
            continue;
        }
        if (out.isEmpty())
            continue;
        if (auto m = lineRe.match(l); m.hasMatch()) {
            current = QFileInfo(m.captured(1)).fileName() == wanted ? m.captured(2).toInt() : 0;
            continue;
        }
        const auto m = instrRe.match(l);
        if (!m.hasMatch())
            continue;
        DisassembledKernel& k = out.last();
        k.lines << l.trimmed();
        k.sourceLines << current;
        k.mix[QStringLiteral("instructions")] += 1;
        if (const QString cat = sassCategory(m.captured(1)); !cat.isEmpty())
            k.mix[cat] += 1;
    }
    return out;
}

DisassembledKernel parseMlirWithLocations(const QString& mlir, const QString& sourceFile)
{
    static const QRegularExpression defRe(QStringLiteral(R"(^\s*#(loc\d*)\s*=\s*loc\((.*)\)\s*$)"));
    static const QRegularExpression fileLoc(QStringLiteral(R"(^\"([^\"]+)\":(\d+):(\d+))"));
    static const QRegularExpression ref(QStringLiteral(R"(#(loc\d*))"));
    static const QRegularExpression useRe(QStringLiteral(R"(loc\(#(loc\d*)\)\s*$)"));
    static const QRegularExpression inlineRe(QStringLiteral(R"(loc\(\"([^\"]+)\":(\d+):(\d+)\)\s*$)"));
    const QString wanted = QFileInfo(sourceFile).fileName();
    QHash<QString, QString> defs;
    const QStringList lines = mlir.split(QLatin1Char('\n'));
    for (const QString& l : lines) {
        if (auto m = defRe.match(l); m.hasMatch())
            defs.insert(m.captured(1), m.captured(2));
    }
    // A location's line in the implementation's file: direct, or through the first reference that resolves
    // (named `"x"(#loc)`, `callsite(#callee at #caller)`, `fused[...]`).
    QHash<QString, int> memo;
    std::function<int(const QString&, int)> resolve = [&](const QString& name, int depth) -> int {
        if (depth > 32)
            return 0;
        if (auto it = memo.constFind(name); it != memo.constEnd())
            return *it;
        const QString body = defs.value(name);
        int line = 0;
        if (auto m = fileLoc.match(body); m.hasMatch()) {
            line = QFileInfo(m.captured(1)).fileName() == wanted ? m.captured(2).toInt() : 0;
        } else if (auto q = QRegularExpression(QStringLiteral(R"(\"([^\"]+)\":(\d+):(\d+))")).match(body);
                   q.hasMatch() && QFileInfo(q.captured(1)).fileName() == wanted) {
            line = q.captured(2).toInt();
        } else {
            for (auto it = ref.globalMatch(body); it.hasNext() && line == 0;)
                line = resolve(it.next().captured(1), depth + 1);
        }
        memo.insert(name, line);
        return line;
    };
    DisassembledKernel k;
    for (const QString& l : lines) {
        if (defRe.match(l).hasMatch())
            continue;
        int line = 0;
        if (auto m = useRe.match(l); m.hasMatch())
            line = resolve(m.captured(1), 0);
        else if (auto n = inlineRe.match(l); n.hasMatch() && QFileInfo(n.captured(1)).fileName() == wanted)
            line = n.captured(2).toInt();
        k.lines << l;
        k.sourceLines << line;
        if (line > 0)
            k.mix[QStringLiteral("instructions")] += 1;
    }
    return k;
}

QList<DisassembledKernel> parseObjdump(const QString& text, const QString& sourceFile)
{
    static const QRegularExpression funcRe(QStringLiteral(R"(^[0-9a-f]+ <(.+)>:\s*$)"));
    static const QRegularExpression fileLineRe(
        QStringLiteral(R"(^(/[^:]+|[^\s:][^:]*):(\d+)(?: \(discriminator \d+\))?\s*$)"));
    static const QRegularExpression instrRe(QStringLiteral(R"(^\s+[0-9a-f]+:\s+([a-z][\w.]*)\s*(.*)$)"));
    const QString wanted = QFileInfo(sourceFile).fileName();
    QList<DisassembledKernel> out;
    int current = 0;
    for (const QString& l : text.split(QLatin1Char('\n'))) {
        if (auto m = funcRe.match(l); m.hasMatch()) {
            DisassembledKernel k;
            k.name = k.demangled = m.captured(1);
            k.arch = QStringLiteral("x86-64");
            k.kind = QStringLiteral("x86");
            out.append(k);
            current = 0;
            continue;
        }
        if (out.isEmpty())
            continue;
        if (auto m = fileLineRe.match(l); m.hasMatch()) {
            current = QFileInfo(m.captured(1)).fileName() == wanted ? m.captured(2).toInt() : 0;
            continue;
        }
        const auto m = instrRe.match(l);
        if (!m.hasMatch())
            continue;
        DisassembledKernel& k = out.last();
        k.lines << l.trimmed();
        k.sourceLines << current;
        k.mix[QStringLiteral("instructions")] += 1;
        const QString op = m.captured(1);
        const QString operands = m.captured(2);
        if (op.startsWith(u"vfmadd") || op.startsWith(u"vfmsub") || op.startsWith(u"vfnmadd"))
            k.mix[QStringLiteral("fma")] += 1;
        if (operands.contains(u"%zmm"))
            k.mix[QStringLiteral("zmm (512-bit)")] += 1;
        else if (operands.contains(u"%ymm"))
            k.mix[QStringLiteral("ymm (256-bit)")] += 1;
        else if (op.endsWith(u"ps") || op.endsWith(u"pd"))
            k.mix[QStringLiteral("xmm packed")] += 1;
        else if (op.endsWith(u"ss") || op.endsWith(u"sd"))
            k.mix[QStringLiteral("scalar fp")] += 1;
        if (op.startsWith(u"call"))
            k.mix[QStringLiteral("call")] += 1;
    }
    return out;
}

} // namespace kwb
