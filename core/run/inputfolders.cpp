// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/inputfolders.h"

#include "core/run/workspace.h"

#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>

namespace kwb {

InputFolders::InputFolders(const QString& workDir)
    : m_inputsRoot(QDir(workDir).filePath(QStringLiteral("inputs")))
    , m_salt(QRandomGenerator::system()->generate64())
    , m_index(QDir(workDir).filePath(QStringLiteral("inputs-index.txt")))
{
}

Status InputFolders::open()
{
    if (!m_index.open(QIODevice::WriteOnly))
        return Error::environment(m_index.fileName(), {}, QStringLiteral("cannot write the inputs' index"));
    return Ok {};
}

QString InputFolders::folder(const QString& caseName, int trial)
{
    const QString dir = opaqueInputsDir(m_inputsRoot, m_salt, caseName, trial);
    m_index.write(QStringLiteral("%1\t%2/t%3\n").arg(QFileInfo(dir).fileName(), caseName).arg(trial).toUtf8());
    m_index.flush();
    return dir;
}

} // namespace kwb
