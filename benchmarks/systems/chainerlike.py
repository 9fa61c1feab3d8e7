"""The workloads written once against Chainer's API (``Variable``, ``functions``,
``grad``): tapejit eager, tapejit jit (the same step functions under
``tapejit.jit``) and Chainer itself run this code."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable, Optional

from benchmarks import workloads as W
from benchmarks.systems import Unsupported

PARAMS = ('W1', 'b1', 'W2', 'b2', 'W3', 'b3')


def gelu_tanh_by_hand(F: Any, u: Any) -> Any:
    return 0.5 * u * (1 + F.tanh(W.GELU_C * (u + 0.044715 * u ** 3)))


def build(api: SimpleNamespace, name: str, data: dict,
          wrap: Optional[Callable] = None) -> tuple:
    """``api`` has ``Variable``, ``F``, ``grad`` and ``gelu_tanh``; ``wrap``
    (e.g. ``tapejit.jit``) is applied to the step function."""
    V, F, grad = api.Variable, api.F, api.grad
    wrap = wrap or (lambda f: f)

    if name == 'poly':
        @wrap
        def step(x):
            x.cleargrad()
            loss = F.sum(x ** 2 - 2 * x + 1)
            loss.backward()
            return loss
        x = V(data['x'].copy())
        return (lambda: step(x)), (lambda out: [out.array, x.grad])

    if name == 'layernorm_gelu':
        @wrap
        def step(x, w, g, b):
            for p in (x, g, b):
                p.cleargrad()
            u = F.layer_normalization(x, g, b, eps=W.EPS)
            loss = F.sum(api.gelu_tanh(u) * w)
            loss.backward()
            return loss
        x, g, b = (V(data[k].copy()) for k in ('x', 'g', 'b'))
        w = data['w']
        return (lambda: step(x, w, g, b)), (lambda out: [out.array, x.grad, g.grad, b.grad])

    if name in ('mlp_big', 'mlp_tiny'):
        @wrap
        def step(x, t, params):
            W1, b1, W2, b2, W3, b3 = params
            for p in params:
                p.cleargrad()
            h = F.relu(F.linear(x, W1, b1))
            h = F.relu(F.linear(h, W2, b2))
            loss = F.softmax_cross_entropy(F.linear(h, W3, b3), t)
            loss.backward()
            for p in params:
                p.array -= W.LR * p.grad
            return loss
        params = [V(data[k].copy()) for k in PARAMS]
        x, t = data['x'], data['t']
        return ((lambda: step(x, t, params)),
                (lambda out: [out.array] + [p.array for p in params]))

    if name == 'hvp':
        @wrap
        def step(x, v):
            x = V(x)
            y = F.sum(F.tanh(x) ** 3)
            gx, = grad([y], [x], enable_double_backprop=True)
            hv, = grad([F.sum(gx * v)], [x])
            return hv
        x, v = data['x'], data['v']
        return (lambda: step(x, v)), (lambda out: [out.array])

    if name == 'chainer_step':
        return _chain_step(api, data, wrap)

    raise Unsupported(f'no {name} workload')


def _chain_step(api: SimpleNamespace, data: dict, wrap: Callable) -> tuple:
    """The step as users write it: a Chain of Linear links, Adam closed
    over, ``model.cleargrads(); loss.backward(); optimizer.update()``."""
    F, L = api.F, api.L

    class MLP(api.Chain):
        def __init__(self) -> None:
            super().__init__()
            with self.init_scope():
                for i in (1, 2, 3):
                    w = data[f'W{i}']
                    setattr(self, f'l{i}', L.Linear(w.shape[1], w.shape[0]))

        def forward(self, x: Any) -> Any:
            return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))

    model = MLP()
    for i in (1, 2, 3):
        link = getattr(model, f'l{i}')
        link.W.array[...] = data[f'W{i}']
        link.b.array[...] = data[f'b{i}']
    optimizer = api.optimizers.Adam(**W.ADAM).setup(model)

    @wrap
    def step(x, t):
        loss = F.softmax_cross_entropy(model(x), t)
        model.cleargrads()
        loss.backward()
        optimizer.update()
        return loss
    x, t = data['x'], data['t']
    links = [getattr(model, f'l{i}') for i in (1, 2, 3)]
    return ((lambda: step(x, t)),
            (lambda out: [out.array] + [a for lk in links for a in (lk.W.array, lk.b.array)]))
