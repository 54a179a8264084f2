"""Reference LayerNorm forward: numpy transcription of torch.nn.functional.layer_norm.

Statistics are computed in float32 whatever the storage dtype, as PyTorch does for
reduced-precision inputs, and the result is cast back to the input's dtype.
"""

import numpy as np

EPS = 1e-5


def layernorm(x, weight, bias, M, N):
    x32 = np.asarray(x).reshape(M, N).astype(np.float32)
    w32 = np.asarray(weight).astype(np.float32)
    b32 = np.asarray(bias).astype(np.float32)
    mean = x32.mean(axis=1, keepdims=True)
    var = ((x32 - mean) ** 2).mean(axis=1, keepdims=True)
    y = (x32 - mean) / np.sqrt(var + np.float32(EPS)) * w32 + b32
    return y.astype(np.asarray(x).dtype)
