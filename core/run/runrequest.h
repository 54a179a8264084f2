#pragma once

#include "core/exec/executorspec.h"
#include "core/exec/processspec.h"

#include <QStringList>

#include <optional>

namespace kwb {

/// One request for an action on a task: filled by the GUI or the CLI, handed to the engine.
struct RunRequest {
    QString taskDir; ///< the bundle
    QStringList implIds; ///< candidates to judge; empty: all of them (the reference and oracle always run)
    QStringList cases; ///< empty: all
    int trials = 3; ///< fresh inputs per trial
    int heldOut = 3; ///< generated held-out sizes (`--heldout N`, one trial each); 0: none
    bool stress = true; ///< stress-pattern cases (`--no-stress` turns them off)
    std::optional<quint64> seed; ///< pins trial seeds (seed, seed+1, …); unset: from the OS
    RunLimits limits;
    bool sandbox = true; ///< false only with --no-sandbox
    QString keepDir; ///< keep the work folder here; empty: a temporary folder, removed afterwards
    ExecutorSpec executor; ///< where runners run: `local` (the default) or `ssh:HOST` (makeExecutor() makes it)
    bool tritonInterpret = false; ///< run Triton code in Triton's interpreter even where a GPU is present
};

} // namespace kwb
