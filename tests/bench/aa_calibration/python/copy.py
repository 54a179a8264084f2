"""Reference: c = 2a + b, computed four times over."""
import numpy as np


def axpb(a, b, N):
    c = None
    for _ in range(4):
        c = np.float32(2) * a + b
    return c
