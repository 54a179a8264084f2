// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QFile>
#include <QString>

namespace kwb {

/// The input folders of one action (a run, a profile): each named by nothing a runner could read a case from
/// (opaqueInputsDir, under `<work>/inputs`), and the index of which is which written to `<work>/inputs-index.txt`,
/// out of the runner's sight. keptInputsDir() reads the index back.
class InputFolders {
public:
    explicit InputFolders(const QString& workDir);

    /// Opens the index for writing: an environment error naming it when it cannot be.
    Status open();

    /// The folder of (case, trial), recorded in the index.
    QString folder(const QString& caseName, int trial);

private:
    QString m_inputsRoot;
    quint64 m_salt;
    QFile m_index;
};

} // namespace kwb
