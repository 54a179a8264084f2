#pragma once

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace kwb {

/// The code the compiler made of one kernel for one arch: PTX (always) or SASS (when cuobjdump exists).
struct DisassembledKernel {
    QString name; ///< mangled
    QString demangled;
    QString arch; ///< `sm_90` (PTX: the virtual arch it was generated for, as `sm_XX`)
    QString kind; ///< `ptx` or `sass`
    QStringList lines; ///< the kernel's instructions and directives, as printed
    QList<int> sourceLines; ///< per entry of `lines`: the line of the implementation's own file (0: unknown)
    QMap<QString, int> mix; ///< instruction-mix counts (see instructionMix categories in disassembly.cpp)

    /// The indexes into `lines` that come from source line `line` (a click on a source line highlights these).
    QList<int> linesForSource(int line) const;

    /// `{"name", "demangled", "arch", "kind", "mix": {category: count}, "instructions": N}`; with `text`
    /// (lines and their source lines) when `withText`.
    QJsonObject toJson(bool withText = false) const;
};

/// The kernels (`.entry`) of a PTX module, with `.loc` lines mapped to `sourceFile` (matched by file name
/// against the `.file` table) and the instruction mix: mma, wmma, wgmma, fma, ld.global.N/st.global.N (N bits
/// per thread), ld.shared/st.shared, ld.local/st.local, bar.sync, cp.async, atom, shfl.
QList<DisassembledKernel> parsePtx(const QString& ptx, const QString& arch, const QString& sourceFile);

/// The kernels of `cuobjdump -sass` output, with the SASS mix: HMMA, HGMMA, FFMA, LDG.N/STG.N, LDS/STS, LDL/STL,
/// BAR, LDGSTS, ATOM/RED, SHFL.
QList<DisassembledKernel> parseSass(const QString& sass);

} // namespace kwb
