"""Fused attention scores in Pallas: S = (Q @ K^T) / sqrt(D) with a causal mask, one
(BQ x BK) tile of S per grid step, never materialising the unscaled or unmasked product."""

import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl

BQ = 128
BK = 128


def _scores_kernel(q_ref, k_ref, s_ref, *, scale):
    i = pl.program_id(1)
    j = pl.program_id(2)
    s = jnp.dot(q_ref[...], k_ref[...].T, precision=jax.lax.Precision.HIGHEST,
                preferred_element_type=jnp.float32) * scale
    rows = i * BQ + jax.lax.broadcasted_iota(jnp.int32, (BQ, BK), 0)
    cols = j * BK + jax.lax.broadcasted_iota(jnp.int32, (BQ, BK), 1)
    s_ref[...] = jnp.where(cols > rows, -jnp.inf, s)


def attn_scores(q, k, H, L, D):
    interpret = jax.default_backend() == "cpu"  # no TPU/GPU: run in the Pallas interpreter
    kernel = functools.partial(_scores_kernel, scale=1.0 / math.sqrt(D))
    out = pl.pallas_call(
        kernel,
        grid=(H, L // BQ, L // BK),
        in_specs=[
            pl.BlockSpec((None, BQ, D), lambda h, i, j: (h, i, 0)),
            pl.BlockSpec((None, BK, D), lambda h, i, j: (h, j, 0)),
        ],
        out_specs=pl.BlockSpec((None, BQ, BK), lambda h, i, j: (h, i, j)),
        out_shape=jax.ShapeDtypeStruct((H, L, L), jnp.float32),
        interpret=interpret,
    )(jnp.asarray(q).reshape(H, L, D), jnp.asarray(k).reshape(H, L, D))
    return np.asarray(out)
