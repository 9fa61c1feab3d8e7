"""JAX ``jit`` on the CPU: ``value_and_grad`` (and ``grad`` of ``grad``) compiled by XLA."""

from __future__ import annotations

from typing import Any, Optional

from benchmarks import workloads as W
from benchmarks.systems import Unsupported, chainerlike

LABEL = 'JAX jit'


def unavailable() -> Optional[str]:
    try:
        import jax  # noqa: F401
    except ImportError:
        return 'jax not installed (pip install ".[bench]")'
    return None


def versions() -> dict:
    import jax
    import jaxlib
    return {'jax': jax.__version__, 'jaxlib': jaxlib.__version__}


def sync(out: Any) -> None:
    import jax
    jax.block_until_ready(out)


def _np(a: Any) -> Any:
    import numpy as np
    return np.asarray(a)


def build(name: str, data: dict) -> tuple:
    import jax
    import jax.numpy as jnp

    if name == 'poly':
        f = jax.jit(jax.value_and_grad(lambda x: jnp.sum(x ** 2 - 2 * x + 1)))
        x = jnp.asarray(data['x'])
        return (lambda: f(x)), lambda out: [_np(out[0]), _np(out[1])]

    if name == 'layernorm_gelu':
        def loss(x, w, g, b):
            mu = jnp.mean(x, axis=-1, keepdims=True)
            var = jnp.mean((x - mu) ** 2, axis=-1, keepdims=True)
            u = (x - mu) * jax.lax.rsqrt(var + W.EPS) * g + b
            return jnp.sum(jax.nn.gelu(u, approximate=True) * w)
        f = jax.jit(jax.value_and_grad(loss, argnums=(0, 2, 3)))
        args = [jnp.asarray(data[k]) for k in ('x', 'w', 'g', 'b')]
        return (lambda: f(*args)), lambda out: [_np(out[0])] + [_np(a) for a in out[1]]

    if name in ('mlp_big', 'mlp_tiny'):
        def loss(params, x, t):
            W1, b1, W2, b2, W3, b3 = params
            h = jax.nn.relu(x @ W1.T + b1)
            h = jax.nn.relu(h @ W2.T + b2)
            logp = jax.nn.log_softmax(h @ W3.T + b3)
            return -jnp.mean(jnp.take_along_axis(logp, t[:, None], axis=1))

        def step(params, x, t):
            value, grads = jax.value_and_grad(loss)(params, x, t)
            return value, [p - W.LR * gp for p, gp in zip(params, grads)]
        # The parameters are donated: XLA may update them in place.
        step = jax.jit(step, donate_argnums=0)
        state = {'params': [jnp.asarray(data[k]) for k in chainerlike.PARAMS]}
        x, t = jnp.asarray(data['x']), jnp.asarray(data['t'])

        def fn():
            value, state['params'] = step(state['params'], x, t)
            return value
        return fn, lambda out: [_np(out)] + [_np(p) for p in state['params']]

    if name in W.ADAM_STEPS:
        return _adam_step(data)
    if name in W.CONVNETS:
        return _cnn_step(data, W.CONVNETS[name])
    if name == 'lstm':
        return _lstm_step(data)
    if name == 'transformer_block':
        return _transformer_block(data)

    if name == 'hvp':
        def f(x):
            return jnp.sum(jnp.tanh(x) ** 3)

        @jax.jit
        def hvp(x, v):
            return jax.grad(lambda x: jnp.vdot(jax.grad(f)(x), v))(x)
        x, v = jnp.asarray(data['x']), jnp.asarray(data['v'])
        return (lambda: hvp(x, v)), lambda out: [_np(out)]

    raise Unsupported(f'no {name} workload')


def _adam(state: tuple, grads: list) -> tuple:
    """One step of Chainer's Adam on ``state`` (params, ms, vs, step count)."""
    import jax.numpy as jnp
    a = W.ADAM
    params, ms, vs, k = state
    k = k + 1
    lr = a['alpha'] * jnp.sqrt(1 - a['beta2'] ** k) / (1 - a['beta1'] ** k)
    ms = [m + (1 - a['beta1']) * (g - m) for m, g in zip(ms, grads)]
    vs = [v + (1 - a['beta2']) * (g * g - v) for v, g in zip(vs, grads)]
    params = [p - lr * m / (jnp.sqrt(v) + a['eps']) for p, m, v in zip(params, ms, vs)]
    return params, ms, vs, k


def _adam_state(params: list) -> tuple:
    import jax.numpy as jnp
    return (params, [jnp.zeros_like(p) for p in params], [jnp.zeros_like(p) for p in params],
            jnp.float32(0))


def _xent(logits: Any, t: Any) -> Any:
    """Mean softmax cross-entropy of integer labels ``t``."""
    import jax
    import jax.numpy as jnp
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, t[:, None], axis=1))


def _adam_step(data: dict) -> tuple:
    """The MLP with an Adam written with ``jax.numpy`` (Chainer's update
    rule), the whole step one jitted function with its state donated."""
    import jax
    import jax.numpy as jnp

    def loss(params, x, t):
        W1, b1, W2, b2, W3, b3 = params
        h = jax.nn.relu(x @ W1.T + b1)
        h = jax.nn.relu(h @ W2.T + b2)
        return _xent(h @ W3.T + b3, t)

    def step(state, x, t):
        value, grads = jax.value_and_grad(loss)(state[0], x, t)
        return value, _adam(state, grads)
    step = jax.jit(step, donate_argnums=0)
    box = {'state': _adam_state([jnp.asarray(data[k]) for k in chainerlike.PARAMS])}
    x, t = jnp.asarray(data['x']), jnp.asarray(data['t'])

    def fn():
        value, box['state'] = step(box['state'], x, t)
        return value
    return fn, lambda out: [_np(out)] + [_np(p) for p in box['state'][0]]


def _cnn_forward(net: W.ConvNet, params: dict, stats: dict, x: Any, t: Any) -> tuple:
    """A convolutional network in train mode: the loss, and the running
    averages updated from the batch statistics (Chainer's rule: the
    variance's running average takes the unbiased batch variance)."""
    import jax
    import jax.numpy as jnp
    from jax import lax

    def channel(a: Any) -> Any:
        return a[None, :, None, None]
    h, new_stats, outs, skips = x, {}, {}, dict(net.skips)
    for i in range(1, net.layers + 1):
        h = lax.conv_general_dilated(h, params[f'conv{i}_W'], (1, 1), ((1, 1), (1, 1)),
                                     dimension_numbers=('NCHW', 'OIHW', 'NCHW'))
        h = h + channel(params[f'conv{i}_b'])
        mean = jnp.mean(h, axis=(0, 2, 3))
        var = jnp.mean(jnp.square(h - channel(mean)), axis=(0, 2, 3))
        h = (h - channel(mean)) * channel(lax.rsqrt(var + W.BN_EPS))
        h = h * channel(params[f'bn{i}_gamma']) + channel(params[f'bn{i}_beta'])
        if i in skips:
            h = h + outs[skips[i]]
        h = outs[i] = jax.nn.relu(h)
        m = h.size // h.shape[1]
        d = W.BN_DECAY
        new_stats[f'bn{i}_mean'] = d * stats[f'bn{i}_mean'] + (1 - d) * mean
        new_stats[f'bn{i}_var'] = d * stats[f'bn{i}_var'] + (1 - d) * var * (m / (m - 1))
        if i in net.pool_after:
            h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), 'VALID')
    logits = h.reshape(h.shape[0], -1) @ params['fc_W'].T + params['fc_b']
    return _xent(logits, t), new_stats


def _cnn_step(data: dict, net: W.ConvNet) -> tuple:
    """The whole convolutional step (forward, backward, momentum SGD, running
    averages) one jitted function, its state (pytrees of dicts) donated."""
    import jax
    import jax.numpy as jnp
    lr, mu = W.MOMENTUM['lr'], W.MOMENTUM['momentum']

    def step(state, x, t):
        params, velocity, stats = state
        (value, stats), grads = jax.value_and_grad(
            lambda p, s, x, t: _cnn_forward(net, p, s, x, t), has_aux=True)(params, stats, x, t)
        # Chainer's MomentumSGD: v = momentum * v - lr * g; p += v.
        velocity = {k: mu * velocity[k] - lr * grads[k] for k in params}
        params = {k: params[k] + velocity[k] for k in params}
        return value, (params, velocity, stats)
    step = jax.jit(step, donate_argnums=0)
    params = {k: jnp.asarray(data[k]) for k in net.params()}
    box = {'state': (params, {k: jnp.zeros_like(p) for k, p in params.items()},
                     {k: jnp.asarray(data[k]) for k in net.stats()})}
    x, t = jnp.asarray(data['x']), jnp.asarray(data['t'])

    def fn():
        value, box['state'] = step(box['state'], x, t)
        return value

    def fetch(out: Any) -> list:
        params, _, stats = box['state']
        return ([_np(out)] + [_np(params[k]) for k in net.params()]
                + [_np(stats[k]) for k in net.stats()])
    return fn, fetch


def _lstm_loss(params: list, tokens: Any) -> Any:
    """The unrolled language model (Chainer's gate layout: a, i, f, o
    interleaved per unit); the mean cross-entropy of each next token."""
    import jax
    import jax.numpy as jnp
    embed_W, up_W, up_b, lat_W, out_W, out_b = params
    n, n_steps = tokens.shape[0], tokens.shape[1] - 1
    n_hidden = lat_W.shape[1]
    loss, h, c = 0.0, None, None
    for k in range(n_steps):
        z = embed_W[tokens[:, k]] @ up_W.T + up_b
        if h is not None:        # the first step has no state (h = 0)
            z = z + h @ lat_W.T
        z = z.reshape(n, n_hidden, 4)
        a, i, f, o = (z[:, :, j] for j in range(4))
        g = jnp.tanh(a) * jax.nn.sigmoid(i)
        c = g if c is None else g + jax.nn.sigmoid(f) * c
        h = jnp.tanh(c) * jax.nn.sigmoid(o)
        loss = loss + _xent(h @ out_W.T + out_b, tokens[:, k + 1])
    return loss / n_steps


def _sgd_step(loss: Any, lr: float, params: list, *args: Any) -> tuple:
    """``loss(params, *args)``'s training step, one jitted function: the
    loss and the parameters after plain SGD (``p - lr * grad``), the
    parameters donated. Returns ``(fn, fetch)``."""
    import jax

    def step(params, *args):
        value, grads = jax.value_and_grad(loss)(params, *args)
        return value, [p - lr * g for p, g in zip(params, grads)]
    step = jax.jit(step, donate_argnums=0)
    box = {'params': params}

    def fn():
        value, box['params'] = step(box['params'], *args)
        return value
    return fn, lambda out: [_np(out)] + [_np(p) for p in box['params']]


def _lstm_step(data: dict) -> tuple:
    """The language-model step, unrolled in one jitted function with plain SGD."""
    import jax.numpy as jnp
    return _sgd_step(_lstm_loss, W.LSTM_LR, [jnp.asarray(data[k]) for k in W.LSTM_PARAMS],
                     jnp.asarray(data['tokens']))


def _tb_loss(params: list, x: Any, y: Any, mask: Any, heads: int) -> Any:
    """The mean squared error of the pre-LayerNorm block's output to ``y``."""
    import jax
    import jax.numpy as jnp

    def layer_norm(x, g, b):
        mu = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean(jnp.square(x - mu), axis=-1, keepdims=True)
        return (x - mu) * jax.lax.rsqrt(var + W.EPS) * g + b

    g1, b1, Wq, bq, Wk, bk, Wv, bv, Wo, bo, g2, b2, Wm1, bm1, Wm2, bm2 = params
    n, s, d = x.shape
    dh = d // heads

    def split(t):
        return t.reshape(n, s, heads, dh).transpose(0, 2, 1, 3)
    h = layer_norm(x, g1, b1)
    q = split((h @ Wq.T + bq) * (1.0 / dh ** 0.5))
    k, v = split(h @ Wk.T + bk), split(h @ Wv.T + bv)
    scores = jnp.where(mask, q @ k.transpose(0, 1, 3, 2), -jnp.inf)
    a = (jax.nn.softmax(scores, axis=-1) @ v).transpose(0, 2, 1, 3).reshape(n, s, d)
    x = x + a @ Wo.T + bo
    h = layer_norm(x, g2, b2)
    out = x + jax.nn.gelu(h @ Wm1.T + bm1, approximate=True) @ Wm2.T + bm2
    return jnp.mean(jnp.square(out - y))


def _transformer_block(data: dict) -> tuple:
    """The block's training step (mean squared error to the target, plain
    SGD on every parameter), one jitted function."""
    import functools

    import jax.numpy as jnp
    loss = functools.partial(_tb_loss, heads=int(data['heads']))
    return _sgd_step(loss, W.TB_LR, [jnp.asarray(data[k]) for k in W.TB_PARAMS],
                     *(jnp.asarray(data[k]) for k in ('x', 'y', 'mask')))
