#include "core/compare/comparekernel.h"

#include <cstring>
#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace kwb::detail::generic {
#include "core/compare/comparekernel.inc"
} // namespace kwb::detail::generic
