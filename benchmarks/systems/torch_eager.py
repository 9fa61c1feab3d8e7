"""PyTorch eager on the CPU (autograd, manual SGD with ``_foreach`` ops; the
steps written as users write them with ``nn.Module`` and ``torch.optim``)."""

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

    if name in W.ADAM_STEPS:
        return _module_step(data, wrap)
    if name in W.CONVNETS:
        return _cnn_step(data, wrap, W.CONVNETS[name])
    if name == 'lstm':
        return _lstm_step(data, wrap)
    if name == 'transformer_block':
        return _transformer_block(data, wrap)

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
    fn = _classifier_step(forward, opt, data)
    return fn, lambda out: ([out.detach().numpy()]
                            + [p.detach().numpy() for p in model.parameters()])


def _classifier_step(forward: Callable, opt: Any, data: dict) -> Callable:
    """The training step of a classifier as PyTorch users write it."""
    import torch
    import torch.nn.functional as TF
    x = torch.from_numpy(data['x'])
    t = torch.from_numpy(data['t'].astype('int64'))

    def fn():
        opt.zero_grad()
        loss = TF.cross_entropy(forward(x), t)
        loss.backward()
        opt.step()
        return loss
    return fn


def _copy(param: Any, value: Any) -> None:
    import torch
    with torch.no_grad():
        param.copy_(torch.from_numpy(value))


def _cnn_step(data: dict, wrap: Callable, net: W.ConvNet) -> tuple:
    """A convolutional step as PyTorch users write it: an ``nn.Module`` of
    Conv2d, BatchNorm2d (train mode), ReLU, MaxPool2d and Linear (compiled
    by ``wrap``), ``torch.optim.SGD`` with momentum."""
    import torch
    from torch import nn
    skips = dict(net.skips)

    class ConvNet(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            # momentum=0.1: the running averages decay by 0.9, Chainer's decay.
            self.convs = nn.ModuleList(
                nn.Conv2d(*data[f'conv{i}_W'].shape[1::-1], 3, padding=1)
                for i in range(1, net.layers + 1))
            self.bns = nn.ModuleList(
                nn.BatchNorm2d(data[f'conv{i}_W'].shape[0], eps=W.BN_EPS,
                               momentum=1 - W.BN_DECAY) for i in range(1, net.layers + 1))
            self.fc = nn.Linear(*data['fc_W'].shape[::-1])

        def forward(self, x: Any) -> Any:
            h, outs = x, {}
            for i, (conv, bn) in enumerate(zip(self.convs, self.bns), 1):
                h = bn(conv(h))
                if i in skips:
                    h = h + outs[skips[i]]
                h = outs[i] = torch.relu(h)
                if i in net.pool_after:
                    h = torch.nn.functional.max_pool2d(h, 2)
            return self.fc(h.flatten(1))

    model = ConvNet().train()
    params = [t for conv, bn in zip(model.convs, model.bns)
              for t in (conv.weight, conv.bias, bn.weight, bn.bias)] + [model.fc.weight,
                                                                       model.fc.bias]
    stats = [t for bn in model.bns for t in (bn.running_mean, bn.running_var)]
    for t, k in zip(params + stats, net.params() + net.stats()):
        _copy(t, data[k])
    forward = wrap(model)
    opt = torch.optim.SGD(model.parameters(), lr=W.MOMENTUM['lr'],
                          momentum=W.MOMENTUM['momentum'])
    fn = _classifier_step(forward, opt, data)
    return fn, lambda out: ([out.detach().numpy()] + [p.detach().numpy() for p in params]
                            + [s.numpy() for s in stats])


def _lstm_step(data: dict, wrap: Callable) -> tuple:
    """The unrolled language model as an ``nn.Module`` whose LSTM cell is
    written by hand in Chainer's gate layout (a, i, f, o interleaved per
    unit), ``torch.optim.SGD``."""
    import torch
    import torch.nn.functional as TF
    from torch import nn

    vocab, n_embed = data['embed_W'].shape
    n_hidden = data['lat_W'].shape[1]

    class LM(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.embed = nn.Embedding(vocab, n_embed)
            self.up = nn.Linear(n_embed, 4 * n_hidden)
            self.lat = nn.Linear(n_hidden, 4 * n_hidden, bias=False)
            self.out = nn.Linear(n_hidden, vocab)

        def forward(self, tokens: Any) -> Any:
            n, n_steps = tokens.shape[0], tokens.shape[1] - 1
            loss, h, c = 0, None, None
            for k in range(n_steps):
                z = self.up(self.embed(tokens[:, k]))
                if h is not None:        # the first step has no state (h = 0)
                    z = z + self.lat(h)
                a, i, f, o = z.view(n, n_hidden, 4).unbind(2)
                g = torch.tanh(a) * torch.sigmoid(i)
                c = g if c is None else g + torch.sigmoid(f) * c
                h = torch.tanh(c) * torch.sigmoid(o)
                loss = loss + TF.cross_entropy(self.out(h), tokens[:, k + 1])
            return loss / n_steps

    model = LM()
    params = [model.embed.weight, model.up.weight, model.up.bias, model.lat.weight,
              model.out.weight, model.out.bias]
    for p, k in zip(params, W.LSTM_PARAMS):
        _copy(p, data[k])
    forward = wrap(model)
    opt = torch.optim.SGD(model.parameters(), lr=W.LSTM_LR)
    tokens = torch.from_numpy(data['tokens'].astype('int64'))

    def fn():
        opt.zero_grad()
        loss = forward(tokens)
        loss.backward()
        opt.step()
        return loss
    return fn, lambda out: [out.detach().numpy()] + [p.detach().numpy() for p in params]


def _transformer_block(data: dict, wrap: Callable) -> tuple:
    """The pre-LayerNorm block as PyTorch users write it: an ``nn.Module``
    of ``nn.Linear`` layers with the layer normalizations' scales and shifts
    as its ``nn.Parameter``s (compiled by ``wrap``), ``TF.mse_loss`` to the
    target, ``torch.optim.SGD``."""
    import torch
    import torch.nn.functional as TF
    from torch import nn

    heads = int(data['heads'])
    width = data['x'].shape[-1]

    class Block(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            for k in ('ln1', 'ln2'):
                for p in ('g', 'b'):
                    setattr(self, f'{k}_{p}', nn.Parameter(torch.empty(width)))
            for k in chainerlike.TB_LINEARS:
                setattr(self, k, nn.Linear(*data[f'W{k}'].shape[::-1]))

        def forward(self, x: Any, mask: Any) -> Any:
            n, s, d = x.shape
            dh = d // heads

            def split(t):
                return t.view(n, s, heads, dh).transpose(1, 2)
            h = TF.layer_norm(x, (d,), self.ln1_g, self.ln1_b, W.EPS)
            q = split(self.q(h) * (1.0 / dh ** 0.5))
            k, v = split(self.k(h)), split(self.v(h))
            scores = (q @ k.transpose(-2, -1)).masked_fill(~mask, float('-inf'))
            a = (torch.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(n, s, d)
            x = x + self.o(a)
            h = TF.layer_norm(x, (d,), self.ln2_g, self.ln2_b, W.EPS)
            return x + self.m2(TF.gelu(self.m1(h), approximate='tanh'))

    model = Block()
    linears = {f'{p}{k}': getattr(getattr(model, k), 'weight' if p == 'W' else 'bias')
               for k in chainerlike.TB_LINEARS for p in ('W', 'b')}
    params = [linears[k] if k in linears else getattr(model, k) for k in W.TB_PARAMS]
    for p, k in zip(params, W.TB_PARAMS):
        _copy(p, data[k])
    forward = wrap(model)
    opt = torch.optim.SGD(model.parameters(), lr=W.TB_LR)
    x, y, mask = (torch.from_numpy(data[k]) for k in ('x', 'y', 'mask'))

    def fn():
        opt.zero_grad()
        loss = TF.mse_loss(forward(x, mask), y)
        loss.backward()
        opt.step()
        return loss
    return fn, lambda out: [out.detach().numpy()] + [p.detach().numpy() for p in params]
