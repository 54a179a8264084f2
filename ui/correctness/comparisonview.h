#pragma once

#include "compare/comparison.h"

#include <QList>
#include <QString>

#include <memory>

namespace kwb::ui {

/// One comparison as the correctness pane shows it: the engine's result with the output and case it is about
/// (empty labels for a plain two-file comparison).
struct ComparisonView {
    QString output;
    QString caseName;
    std::shared_ptr<const Comparison> result;
};

} // namespace kwb::ui
