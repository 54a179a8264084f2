// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QObject;
class QsciLexer;

namespace kwb::ui {

/// The languages a task bundle's files come in.
enum class Language { Plain, Cpp, Cuda, Python, Markdown, Json };

/// From the file suffix: .cu/.cuh → Cuda, .cpp/.cc/.h/.hpp → Cpp, .py → Python, .md → Markdown, .json → Json.
Language languageForFile(const QString& fileName);
QString languageName(Language language);

/// A lexer coloured with the workbench palette and the code font, or nullptr for Plain.
/// Cuda is the C++ lexer with CUDA's qualifiers as keywords and its built-ins (threadIdx,
/// __syncthreads, atomicAdd, …) as a second keyword set.
QsciLexer* createLexer(Language language, QObject* parent);

} // namespace kwb::ui
