#pragma once

#include "result.h"
#include "task/task.h"

namespace kwb {

/// `sha256:<hex>` over task.json and every file the manifest names (spec, sources, init files),
/// each contributing its bundle-relative path and its bytes, in sorted path order — so a review of an
/// edited task is detectable, and renaming or moving the bundle folder does not change the digest.
Result<QString> taskDigest(const Task& task);

} // namespace kwb
