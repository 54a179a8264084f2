#pragma once

#include "compile/occupancy.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace kwb {

/// What ptxas reports for one entry function on one arch (`-Xptxas -v`).
struct KernelResources {
    QString name; ///< mangled, as ptxas prints it
    QString demangled; ///< the C++ name (same as `name` for extern "C" kernels)
    QString arch; ///< `sm_90`
    int registers = 0;
    int stackBytes = 0; ///< stack frame
    int spillStores = 0; ///< bytes
    int spillLoads = 0; ///< bytes
    int smemBytes = 0; ///< static shared memory
    int cmemBytes = 0; ///< constant bank 0 (kernel parameters and constants)
    int barriers = 0;
    std::optional<Occupancy> occupancy; ///< at the launch's block size, where the task states one

    /// `{"name", "demangled", "arch", "registers", "stack_bytes", "spill_stores", "spill_loads", "smem_bytes",
    /// "cmem_bytes", "barriers", "occupancy"}` (`occupancy` null when not computed).
    QJsonObject toJson() const;
};

/// The entry functions of a `-Xptxas -v` log, in the order ptxas compiled them (one per kernel and arch).
QList<KernelResources> parsePtxasResources(const QString& text);

/// The demangled C++ name of an Itanium-mangled symbol, or `symbol` itself when it is not one.
QString demangle(const QString& symbol);

} // namespace kwb
