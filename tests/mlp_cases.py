"""A small MLP training step written as a graph function (the arrays in, the
loss and the updated parameters out), shared by the one-call plan tests."""

from __future__ import annotations

import numpy as np

import tapejit
import tapejit.functions as F


def mlp_step(x, t, W1, b1, W2, b2):
    params = [tapejit.Variable(a) for a in (W1, b1, W2, b2)]
    h = F.relu(F.linear(x, params[0], params[1]))
    loss = F.softmax_cross_entropy(F.linear(h, params[2], params[3]), t)
    grads = tapejit.grad([loss], params)
    return (loss,) + tuple(p.array - 0.1 * gp.array for p, gp in zip(params, grads))


def mlp_data(n, rng, dims=(6, 8, 3)):
    """Inputs, labels and parameters of :func:`mlp_step` for a batch of ``n``."""
    a, h, o = dims
    return [rng.standard_normal((n, a)).astype(np.float32),
            rng.integers(0, o, n).astype(np.int32),
            rng.standard_normal((h, a)).astype(np.float32), np.zeros(h, np.float32),
            rng.standard_normal((o, h)).astype(np.float32), np.zeros(o, np.float32)]
