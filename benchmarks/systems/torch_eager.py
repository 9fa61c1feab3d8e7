"""PyTorch eager on the CPU (autograd, manual SGD with ``_foreach`` ops)."""

from __future__ import annotations

from typing import Any, Callable, Optional

from benchmarks import workloads as W
from benchmarks.systems import Unsupported, chainerlike, no_sync

LABEL = 'torch eager'
sync = no_sync


def unavailable() -> Optional[str]:
    try:
        import torch  # noqa: F401
    except ImportError:
        return 'torch not installed (pip install ".[bench]")'
    return None


def versions() -> dict:
    import torch
    return {'torch': torch.__version__}


def build(name: str, data: dict, compile_fn: Optional[Callable] = None) -> tuple:
    """``compile_fn`` (``torch.compile``) wraps the differentiable part."""
    import torch
    import torch.nn.functional as TF
    wrap: Callable = compile_fn or (lambda f: f)

    def leaf(a: Any) -> Any:
        return torch.from_numpy(a.copy()).requires_grad_()

    if name == 'poly':
        x = leaf(data['x'])
        f = wrap(lambda x: (x ** 2 - 2 * x + 1).sum())

        def fn():
            x.grad = None
            loss = f(x)
            loss.backward()
            return loss
        return fn, lambda out: [out.detach().numpy(), x.grad.numpy()]

    if name == 'layernorm_gelu':
        x, g, b = (leaf(data[k]) for k in ('x', 'g', 'b'))
        w = torch.from_numpy(data['w'])
        n = data['x'].shape[-1]
        f = wrap(lambda x, w, g, b: (TF.gelu(TF.layer_norm(x, (n,), g, b, W.EPS),
                                             approximate='tanh') * w).sum())

        def fn():
            for p in (x, g, b):
                p.grad = None
            loss = f(x, w, g, b)
            loss.backward()
            return loss
        return fn, lambda out: [out.detach().numpy(), x.grad.numpy(), g.grad.numpy(),
                                b.grad.numpy()]

    if name in ('mlp_big', 'mlp_tiny'):
        params = [leaf(data[k]) for k in chainerlike.PARAMS]
        x = torch.from_numpy(data['x'])
        t = torch.from_numpy(data['t'].astype('int64'))

        def loss_fn(x, t, W1, b1, W2, b2, W3, b3):
            h = torch.relu(TF.linear(x, W1, b1))
            h = torch.relu(TF.linear(h, W2, b2))
            return TF.cross_entropy(TF.linear(h, W3, b3), t)
        f = wrap(loss_fn)

        def fn():
            for p in params:
                p.grad = None
            loss = f(x, t, *params)
            loss.backward()
            with torch.no_grad():
                torch._foreach_add_(params, [p.grad for p in params], alpha=-W.LR)
            return loss
        return fn, lambda out: [out.detach().numpy()] + [p.detach().numpy() for p in params]

    if name == 'chainer_step':
        return _module_step(data, wrap)

    if name == 'hvp':
        x0 = torch.from_numpy(data['x'])
        v = torch.from_numpy(data['v'])
        f = wrap(lambda x: (torch.tanh(x) ** 3).sum())

        def fn():
            x = x0.detach().requires_grad_()
            gx, = torch.autograd.grad(f(x), x, create_graph=True)
            hv, = torch.autograd.grad((gx * v).sum(), x)
            return hv
        return fn, lambda out: [out.numpy()]

    raise Unsupported(f'no {name} workload')


def _module_step(data: dict, wrap: Callable) -> tuple:
    """The step as PyTorch users write it: an ``nn.Module`` (compiled by
    ``wrap`` for torch.compile) and ``torch.optim.Adam``."""
    import torch
    import torch.nn.functional as TF
    from torch import nn

    layers = []
    for i in (1, 2, 3):
        w = data[f'W{i}']
        lin = nn.Linear(w.shape[1], w.shape[0])
        with torch.no_grad():
            lin.weight.copy_(torch.from_numpy(w))
            lin.bias.copy_(torch.from_numpy(data[f'b{i}']))
        layers += [lin, nn.ReLU()] if i < 3 else [lin]
    model = nn.Sequential(*layers)
    forward = wrap(model)
    a = W.ADAM
    opt = torch.optim.Adam(model.parameters(), lr=a['alpha'], betas=(a['beta1'], a['beta2']),
                           eps=a['eps'])
    x = torch.from_numpy(data['x'])
    t = torch.from_numpy(data['t'].astype('int64'))

    def fn():
        opt.zero_grad()
        loss = TF.cross_entropy(forward(x), t)
        loss.backward()
        opt.step()
        return loss
    return fn, lambda out: ([out.detach().numpy()]
                            + [p.detach().numpy() for p in model.parameters()])
