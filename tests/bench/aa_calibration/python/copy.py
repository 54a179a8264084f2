# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference: c = 2a + b, computed four times over."""
import numpy as np


def axpb(a, b, N):
    c = None
    for _ in range(4):
        c = np.float32(2) * a + b
    return c
