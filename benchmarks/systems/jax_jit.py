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

    if name == 'chainer_step':
        return _adam_step(data)

    if name == 'hvp':
        def f(x):
            return jnp.sum(jnp.tanh(x) ** 3)

        @jax.jit
        def hvp(x, v):
            return jax.grad(lambda x: jnp.vdot(jax.grad(f)(x), v))(x)
        x, v = jnp.asarray(data['x']), jnp.asarray(data['v'])
        return (lambda: hvp(x, v)), lambda out: [_np(out)]

    raise Unsupported(f'no {name} workload')


def _adam_step(data: dict) -> tuple:
    """The MLP with an Adam written with ``jax.numpy`` (Chainer's update
    rule), the whole step one jitted function with its state donated."""
    import jax
    import jax.numpy as jnp
    a = W.ADAM

    def loss(params, x, t):
        W1, b1, W2, b2, W3, b3 = params
        h = jax.nn.relu(x @ W1.T + b1)
        h = jax.nn.relu(h @ W2.T + b2)
        logp = jax.nn.log_softmax(h @ W3.T + b3)
        return -jnp.mean(jnp.take_along_axis(logp, t[:, None], axis=1))

    def step(state, x, t):
        params, ms, vs, k = state
        value, grads = jax.value_and_grad(loss)(params, x, t)
        k = k + 1
        lr = a['alpha'] * jnp.sqrt(1 - a['beta2'] ** k) / (1 - a['beta1'] ** k)
        ms = [m + (1 - a['beta1']) * (g - m) for m, g in zip(ms, grads)]
        vs = [v + (1 - a['beta2']) * (g * g - v) for v, g in zip(vs, grads)]
        params = [p - lr * m / (jnp.sqrt(v) + a['eps']) for p, m, v in zip(params, ms, vs)]
        return value, (params, ms, vs, k)
    step = jax.jit(step, donate_argnums=0)
    params = [jnp.asarray(data[k]) for k in chainerlike.PARAMS]
    box = {'state': (params, [jnp.zeros_like(p) for p in params],
                     [jnp.zeros_like(p) for p in params], jnp.float32(0))}
    x, t = jnp.asarray(data['x']), jnp.asarray(data['t'])

    def fn():
        value, box['state'] = step(box['state'], x, t)
        return value
    return fn, lambda out: [_np(out)] + [_np(p) for p in box['state'][0]]
