// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
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

/// The kernels of `nvdisasm -g -c` output (SASS of a cubin, with `//## File "F", line N` line info): lines of
/// `sourceFile` (matched by file name) become sourceLines; the mix as parseSass().
QList<DisassembledKernel> parseNvdisasm(const QString& sass, const QString& arch, const QString& sourceFile);

/// An MLIR module (Triton's TTIR/TTGIR) as one listing: each operation's `loc(#locN)` resolved through the
/// module's `#locN = loc("F":L:C)` table (named, fused and callsite locations included) to a line of
/// `sourceFile`; kind, name and arch are left to the caller.
DisassembledKernel parseMlirWithLocations(const QString& mlir, const QString& sourceFile);

/// The functions of `objdump -d -l -C --no-show-raw-insn` output (x86-64 of a `-g` object): each function's
/// instructions with the line of `sourceFile` objdump names above them (kind `x86`), and a mix of vector
/// (`ymm`/`zmm`/`xmm` packed) and scalar floating-point instructions, loads/stores and calls.
QList<DisassembledKernel> parseObjdump(const QString& text, const QString& sourceFile);

} // namespace kwb
