"""The workloads written once against Chainer's API (``Variable``, ``functions``,
``grad``): tapejit eager, tapejit jit (the same step functions under
``tapejit.jit``) and Chainer itself run this code."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable, Optional

import numpy as np

from benchmarks import workloads as W
from benchmarks.systems import Unsupported

PARAMS = ('W1', 'b1', 'W2', 'b2', 'W3', 'b3')


def gelu_tanh_by_hand(F: Any, u: Any) -> Any:
    return 0.5 * u * (1 + F.tanh(W.GELU_C * (u + 0.044715 * u ** 3)))


def build(api: SimpleNamespace, name: str, data: dict,
          wrap: Optional[Callable] = None) -> tuple:
    """``api`` has ``Variable``, ``F``, ``grad``, ``gelu_tanh``, ``Chain``,
    ``L``, ``optimizers`` and ``Parameter``; ``wrap``
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

    if name in W.ADAM_STEPS:
        return _chain_step(api, data, wrap)
    if name in W.CONVNETS:
        return _cnn_step(api, data, wrap, W.CONVNETS[name])
    if name == 'lstm':
        return _lstm_step(api, data, wrap)
    if name == 'transformer_block':
        return _transformer_block(api, data, wrap)

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

    step = _classifier_step(F, model, optimizer, wrap)
    x, t = data['x'], data['t']
    links = [getattr(model, f'l{i}') for i in (1, 2, 3)]
    return ((lambda: step(x, t)),
            (lambda out: [out.array] + [a for lk in links for a in (lk.W.array, lk.b.array)]))


def _classifier_step(F: Any, model: Any, optimizer: Any, wrap: Callable) -> Callable:
    """The training step of a classifier as users write it (``wrap``: the
    system's compiler, or the identity)."""
    @wrap
    def step(x, t):
        loss = F.softmax_cross_entropy(model(x), t)
        model.cleargrads()
        loss.backward()
        optimizer.update()
        return loss
    return step


def _load(array: Any, value: Any) -> None:
    """Copy a workload array into a link's array (a parameter's or a
    persistent one), in place."""
    array[...] = value


def _cnn_step(api: SimpleNamespace, data: dict, wrap: Callable, net: W.ConvNet) -> tuple:
    """A convolutional step as users write it: a Chain of Convolution2D,
    BatchNormalization (train mode) and Linear links, MomentumSGD."""
    F, L = api.F, api.L
    n_layers = net.layers
    skips = dict(net.skips)

    class CNN(api.Chain):
        def __init__(self) -> None:
            super().__init__()
            with self.init_scope():
                for i in range(1, n_layers + 1):
                    c_out, c_in = data[f'conv{i}_W'].shape[:2]
                    setattr(self, f'conv{i}', L.Convolution2D(c_in, c_out, 3, pad=1))
                    setattr(self, f'bn{i}', L.BatchNormalization(c_out, decay=W.BN_DECAY,
                                                                 eps=W.BN_EPS))
                self.fc = L.Linear(*data['fc_W'].shape[::-1])

        def forward(self, x: Any) -> Any:
            h, outs = x, {}
            for i in range(1, n_layers + 1):
                h = getattr(self, f'bn{i}')(getattr(self, f'conv{i}')(h))
                if i in skips:
                    h = h + outs[skips[i]]
                h = outs[i] = F.relu(h)
                if i in net.pool_after:
                    h = F.max_pooling_2d(h, 2)
            return self.fc(h)

    model = CNN()
    params, stats = _cnn_arrays(model, n_layers)
    for k, array in {**params, **stats}.items():
        _load(array, data[k])
    optimizer = api.optimizers.MomentumSGD(**W.MOMENTUM).setup(model)

    step = _classifier_step(F, model, optimizer, wrap)
    x, t = data['x'], data['t']

    def fetch(out: Any) -> list:
        # The running averages are read anew: a link may replace its arrays.
        p, s = _cnn_arrays(model, n_layers)
        return [out.array] + [p[k] for k in net.params()] + [s[k] for k in net.stats()]
    return (lambda: step(x, t)), fetch


def _cnn_arrays(model: Any, n_layers: int) -> tuple:
    """The model's parameter arrays and running averages by workload key."""
    params, stats = {}, {}
    for i in range(1, n_layers + 1):
        conv, bn = getattr(model, f'conv{i}'), getattr(model, f'bn{i}')
        params.update({f'conv{i}_W': conv.W.array, f'conv{i}_b': conv.b.array,
                       f'bn{i}_gamma': bn.gamma.array, f'bn{i}_beta': bn.beta.array})
        stats.update({f'bn{i}_mean': bn.avg_mean, f'bn{i}_var': bn.avg_var})
    params.update({'fc_W': model.fc.W.array, 'fc_b': model.fc.b.array})
    return params, stats


def _lstm_step(api: SimpleNamespace, data: dict, wrap: Callable) -> tuple:
    """The unrolled language-model step as users write it: EmbedID, LSTM and
    Linear links in a Chain, the state reset at the start of the step, the
    mean cross-entropy of each next token, SGD."""
    F, L = api.F, api.L
    vocab, n_embed = data['embed_W'].shape
    n_hidden = data['lat_W'].shape[1]

    class LM(api.Chain):
        def __init__(self) -> None:
            super().__init__()
            with self.init_scope():
                self.embed = L.EmbedID(vocab, n_embed)
                self.rnn = L.LSTM(n_embed, n_hidden)
                self.out = L.Linear(n_hidden, vocab)

        def forward(self, ids: Any) -> Any:
            return self.out(self.rnn(self.embed(ids)))

    model = LM()
    for k, p in zip(W.LSTM_PARAMS, _lstm_params(model)):
        _load(p.array, data[k])
    optimizer = api.optimizers.SGD(lr=W.LSTM_LR).setup(model)

    @wrap
    def step(tokens):
        model.rnn.reset_state()
        n_steps = tokens.shape[1] - 1
        loss = 0
        for k in range(n_steps):
            loss += F.softmax_cross_entropy(model(tokens[:, k]), tokens[:, k + 1])
        loss = loss / n_steps
        model.cleargrads()
        loss.backward()
        optimizer.update()
        return loss
    tokens = data['tokens']
    return ((lambda: step(tokens)),
            (lambda out: [out.array] + [p.array for p in _lstm_params(model)]))


def _lstm_params(model: Any) -> list:
    """The language model's parameters in the order of ``W.LSTM_PARAMS``."""
    return [model.embed.W, model.rnn.upward.W, model.rnn.upward.b, model.rnn.lateral.W,
            model.out.W, model.out.b]


# The linear layers of transformer_block (attention projections, MLP) by
# the suffix of their workload keys (Wq, bq, ...).
TB_LINEARS = ('q', 'k', 'v', 'o', 'm1', 'm2')


def _transformer_block(api: SimpleNamespace, data: dict, wrap: Callable) -> tuple:
    """The block's training step as users write it: a Chain of Linear links
    whose layer normalizations' scales and shifts are Parameters of the
    Chain, the mean squared error to the target, SGD."""
    F, L = api.F, api.L
    heads = int(data['heads'])

    class Block(api.Chain):
        def __init__(self) -> None:
            super().__init__()
            with self.init_scope():
                for k in ('ln1', 'ln2'):
                    for p in ('g', 'b'):
                        setattr(self, f'{k}_{p}', api.Parameter(data[f'{k}_{p}'].copy()))
                for k in TB_LINEARS:
                    setattr(self, k, L.Linear(*data[f'W{k}'].shape[::-1]))

        def forward(self, x: Any, mask: Any) -> Any:
            return _block(F, self, x, mask, heads, api.gelu_tanh)

    model = Block()
    for k, p in zip(W.TB_PARAMS, _tb_params(model)):
        _load(p.array, data[k])
    optimizer = api.optimizers.SGD(lr=W.TB_LR).setup(model)

    @wrap
    def step(x, y, mask):
        loss = F.mean_squared_error(model(x, mask), y)
        model.cleargrads()
        loss.backward()
        optimizer.update()
        return loss
    x, y, mask = data['x'], data['y'], data['mask']
    return ((lambda: step(x, y, mask)),
            (lambda out: [out.array] + [p.array for p in _tb_params(model)]))


def _tb_params(model: Any) -> list:
    """The block's parameters in the order of ``W.TB_PARAMS``."""
    linears = {f'{p}{k}': getattr(getattr(model, k), p[0]) for k in TB_LINEARS
               for p in ('W', 'b')}
    return [linears[k] if k in linears else getattr(model, k) for k in W.TB_PARAMS]


def _block(F: Any, m: Any, x: Any, mask: Any, heads: int, gelu: Callable) -> Any:
    """The pre-LayerNorm block of Chain ``m`` on ``x`` (batch, seq, width),
    in Chainer's functions: causal multi-head self-attention, then a GELU
    MLP, each added to its input."""
    n, s, d = x.shape
    dh = d // heads

    def split(t: Any) -> Any:       # (n * s, d) -> (n * heads, s, dh)
        t = F.transpose(F.reshape(t, (n, s, heads, dh)), (0, 2, 1, 3))
        return F.reshape(t, (n * heads, s, dh))

    # Chainer's layer_normalization and Linear take (rows, width).
    x = F.reshape(x, (n * s, d))
    h = F.layer_normalization(x, m.ln1_g, m.ln1_b, eps=W.EPS)
    q = split(m.q(h) * (1.0 / dh ** 0.5))
    k, v = split(m.k(h)), split(m.v(h))
    scores = F.where(mask, F.matmul(q, k, transb=True), _NEG_INF)
    a = F.matmul(F.softmax(scores, axis=2), v)
    a = F.reshape(F.transpose(F.reshape(a, (n, heads, s, dh)), (0, 2, 1, 3)), (n * s, d))
    x = x + m.o(a)
    h = F.layer_normalization(x, m.ln2_g, m.ln2_b, eps=W.EPS)
    return F.reshape(x + m.m2(gelu(m.m1(h))), (n, s, d))


# The masked scores (a 0-d array: Chainer's where takes no Python scalar).
_NEG_INF = np.array(-np.inf, np.float32)
