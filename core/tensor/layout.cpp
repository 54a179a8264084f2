// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tensor/layout.h"

#include <algorithm>
#include <cstring>

namespace kwb {

void toNativeCOrder(Tensor& t, bool bigEndian, bool fortranOrder)
{
    const std::size_t item = dtypeSize(t.dtype);
    const std::size_t count = std::size_t(t.elementCount());
    auto buffer = std::make_shared<std::vector<std::byte>>(count * item);
    std::byte* out = buffer->data();
    if (fortranOrder && t.shape.size() > 1 && count > 0) {
        // Walk the output in C order with an odometer while tracking the source offset under Fortran strides.
        const std::size_t nd = t.shape.size();
        std::vector<std::size_t> stride(nd), index(nd, 0);
        std::size_t s = 1;
        for (std::size_t d = 0; d < nd; ++d) {
            stride[d] = s;
            s *= std::size_t(t.shape[d]);
        }
        std::size_t src = 0;
        for (std::size_t i = 0; i < count; ++i) {
            std::memcpy(out + i * item, t.data + src * item, item);
            for (std::size_t d = nd; d-- > 0;) {
                src += stride[d];
                if (++index[d] < std::size_t(t.shape[d]))
                    break;
                src -= stride[d] * index[d];
                index[d] = 0;
            }
        }
    } else if (count > 0) {
        std::memcpy(out, t.data, count * item);
    }
    if (bigEndian && item > 1) {
        for (std::size_t i = 0; i < count; ++i)
            std::reverse(out + i * item, out + (i + 1) * item);
    }
    t.data = out;
    t.storage = std::move(buffer);
}

} // namespace kwb
