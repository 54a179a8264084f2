"""Reference causal attention scores in numpy, float64 accumulation rounded to float32."""

import numpy as np


def attn_scores(q, k, H, L, D):
    q64 = np.asarray(q, dtype=np.float64).reshape(H, L, D)
    k64 = np.asarray(k, dtype=np.float64).reshape(H, L, D)
    s = np.einsum("hqd,hkd->hqk", q64, k64) / np.sqrt(D)
    causal = np.triu(np.ones((L, L), dtype=bool), k=1)  # key index > query index
    s[:, causal] = -np.inf
    return s.astype(np.float32)
