"""Two-level blocked inclusive scan, float32, shaped like the CUDA kernel it prototypes:
grid = blocks of 1024 elements, each block scans its tile, one block scans the block totals,
then every block adds its offset."""

import numpy as np

BLOCK = 1024
MAX_BLOCKS = 1024  # the totals are scanned by one 1024-thread block


def inclusive_scan(x, N):
    x = np.asarray(x, dtype=np.float32).reshape(N)
    y = np.zeros(N, dtype=np.float32)
    n = min(N, BLOCK * MAX_BLOCKS)
    blocks = (n + BLOCK - 1) // BLOCK
    tiles = np.zeros(blocks * BLOCK, dtype=np.float32)
    tiles[:n] = x[:n]
    tiles = tiles.reshape(blocks, BLOCK)
    local = np.cumsum(tiles, axis=1, dtype=np.float32)  # phase 1: scan inside each block
    totals = local[:, -1]
    offsets = np.concatenate(([np.float32(0)], np.cumsum(totals, dtype=np.float32)[:-1]))  # phase 2
    y[:n] = (local + offsets[:, None]).reshape(-1)[:n]  # phase 3: add the block offsets
    return y
