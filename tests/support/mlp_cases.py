"""Training steps shared by several test files: a small MLP step written as a
graph function (the arrays in, the loss and the updated parameters out), for
the one-call plan tests; a Chainer-style step (backward, SGD in place) for the
planner's tests; and a step updating two Variables that may share one
array (tied weights), for the jit tests on every target."""

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


def sgd_step(x, t, params, lr=0.01):
    """ReLU layers over ``params`` = [W1, b1, W2, b2, ...] (the last pair the
    output layer), softmax cross-entropy, ``backward`` and SGD in place."""
    for p in params:
        p.cleargrad()
    layers = list(zip(params[::2], params[1::2]))
    h = x
    for W, b in layers[:-1]:
        h = F.relu(F.linear(h, W, b))
    loss = F.softmax_cross_entropy(F.linear(h, *layers[-1]), t)
    loss.backward()
    for p in params:
        p.array -= lr * p.grad
    return loss


def mlp_data(n, rng, dims=(6, 8, 3)):
    """Inputs, labels and parameters of :func:`mlp_step` for a batch of ``n``."""
    a, h, o = dims
    return [rng.standard_normal((n, a)).astype(np.float32),
            rng.integers(0, o, n).astype(np.int32),
            rng.standard_normal((h, a)).astype(np.float32), np.zeros(h, np.float32),
            rng.standard_normal((o, h)).astype(np.float32), np.zeros(o, np.float32)]


def tied_step(x, a, b):
    """Two Variables updated in place, then ``b``'s array written again
    through a local name: eagerly, tied weights see each other's updates."""
    a.cleargrad()
    b.cleargrad()
    loss = F.sum(F.linear(x, a) * 2 + F.linear(x, b))
    loss.backward()
    a.array -= 0.1 * a.grad
    b.array -= 0.1 * b.grad
    w = b.array
    w *= 1.5
    return loss


def tied_run(step, tied, dtype=np.float64, calls=3):
    """``calls`` losses of ``step`` (:func:`tied_step`, jitted or not) on two
    Variables sharing one array (``tied``) or holding equal copies; then
    their arrays."""
    W = np.arange(6, dtype=dtype).reshape(2, 3) / 10
    a, b = tapejit.Variable(W), tapejit.Variable(W if tied else W.copy())
    x = np.linspace(-1, 1, 12, dtype=dtype).reshape(4, 3)
    losses = [step(x, a, b).array for _ in range(calls)]
    return losses, a.array, b.array
