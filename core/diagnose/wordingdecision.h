// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// When no rule names a cause: the wording model's reading of the log (wordingmodel.h) decides, if it is clear
// enough, and says that it is a reading of the words, not a rule (docs/diagnosis.md, "When no rule decides").

#include "core/diagnose/diagnosis.h"

#include <QByteArrayView>

namespace kwb::detail {

class WordingModel;

/// How sure a reading of the words is: on logs neither the rules nor the model had seen, the model's class was right
/// for about half of the logs the rules left `unknown` (docs/diagnosis.md, "When no rule decides").
inline constexpr double wordingConfidence = 0.45;

/// How far the model's class must be ahead of `unknown` (natural log of the odds): a failure outside the accelerator
/// stack in a GPU job's log reads like that job's failures, and the rules, which know the layers, said `unknown`.
/// Chosen on the repository's corpora (each repository's logs out of the model), not on the unseen sets it was then
/// measured on (docs/diagnosis.md, "When no rule decides").
inline constexpr double wordingMarginOverUnknown = 8.0;

/// `rules` as it is unless they found nothing (`unknown`, no sign they set aside, not a failure outside the
/// accelerator stack) and the
/// model reads their failure lines (wordingText()) as another class, far enough ahead of `unknown`; then that class,
/// with the lines that hold its strongest words as evidence. A sign the rules found, however weak, is kept: on unseen
/// logs the words overruling a wrapper or a hint lost logs.
Diagnosis consultWording(Diagnosis rules, QByteArrayView log, const WordingModel* model);

} // namespace kwb::detail
