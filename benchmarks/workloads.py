"""The workloads of the benchmark table: data, sizes and a NumPy reference.

Every system implements the same computation on the same data (float32,
fixed seed), so their times are comparable.  ``SIZES['tiny']`` is what the
smoke test runs; ``SIZES['full']`` is what the published table runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

SEED = 0

# Sizes per workload. mlp sizes are (in, hidden, hidden, out, batch).
SIZES = {
    'full': {
        'poly': {'n': 2 ** 24},
        'layernorm_gelu': {'rows': 4096, 'cols': 1024},
        'mlp_big': {'dims': (784, 1024, 1024, 10), 'batch': 256},
        'mlp_tiny': {'dims': (16, 32, 32, 4), 'batch': 8},
        'hvp': {'n': 2 ** 22},
        'chainer_step': {'dims': (64, 256, 256, 10), 'batch': 32},
        'adam_mlp': {'dims': (784, 512, 512, 10), 'batch': 128},
        'cnn': {'batch': 64, 'hw': 32, 'channels': (3, 32, 32, 64, 64), 'classes': 10},
        'resnet': {'batch': 32, 'hw': 32, 'channels': (3, 32, 32, 32, 32, 32), 'classes': 10},
        'lstm': {'batch': 32, 'vocab': 1000, 'embed': 128, 'hidden': 256, 'steps': 32},
        'transformer_block': {'batch': 4, 'seq': 256, 'width': 384, 'heads': 6},
    },
    'tiny': {
        'poly': {'n': 2 ** 10},
        'layernorm_gelu': {'rows': 8, 'cols': 16},
        'mlp_big': {'dims': (24, 32, 32, 10), 'batch': 8},
        'mlp_tiny': {'dims': (16, 32, 32, 4), 'batch': 8},
        'hvp': {'n': 2 ** 10},
        'chainer_step': {'dims': (16, 32, 32, 4), 'batch': 8},
        'adam_mlp': {'dims': (24, 32, 32, 10), 'batch': 8},
        'cnn': {'batch': 4, 'hw': 8, 'channels': (3, 4, 4, 8, 8), 'classes': 10},
        'resnet': {'batch': 4, 'hw': 8, 'channels': (3, 4, 4, 4, 4, 4), 'classes': 10},
        'lstm': {'batch': 4, 'vocab': 16, 'embed': 8, 'hidden': 12, 'steps': 5},
        'transformer_block': {'batch': 2, 'seq': 8, 'width': 16, 'heads': 2},
    },
}

LR = 0.01          # SGD learning rate of the mlp steps
LSTM_LR = 0.1      # SGD learning rate of lstm
TB_LR = 0.01       # SGD learning rate of transformer_block
# Adam's hyperparameters in chainer_step (Chainer's defaults).
ADAM = {'alpha': 1e-3, 'beta1': 0.9, 'beta2': 0.999, 'eps': 1e-8}
EPS = 1e-5         # layer normalization epsilon
GELU_C = float(np.sqrt(2.0 / np.pi))
# cnn: MomentumSGD and batch normalization with Chainer's defaults (PyTorch's
# BatchNorm2d momentum=0.1 is the same running-average decay 0.9).
MOMENTUM = {'lr': 0.01, 'momentum': 0.9}
BN_EPS, BN_DECAY = 2e-5, 0.9
@dataclass(frozen=True)
class ConvNet:
    """A convolutional workload's layout: ``layers`` convolutions, each with
    batch normalization and ReLU; a 2x2 max pooling after those in
    ``pool_after`` (1-based); ``skips[i] = j``: layer j's output added to
    layer i's normalized one before its ReLU (a residual block)."""
    layers: int
    pool_after: tuple
    skips: tuple = ()

    def params(self) -> tuple:
        """Parameter keys in the order the systems return them after a step."""
        return tuple(f'{k}{i}_{p}' for i in range(1, self.layers + 1)
                     for k, p in (('conv', 'W'), ('conv', 'b'), ('bn', 'gamma'), ('bn', 'beta'))
                     ) + ('fc_W', 'fc_b')

    def stats(self) -> tuple:
        """The running averages' keys, returned after the parameters."""
        return tuple(f'bn{i}_{p}' for i in range(1, self.layers + 1) for p in ('mean', 'var'))


CONVNETS = {
    # VGG-style: conv 32, 32, pool, 64, 64, pool.
    'cnn': ConvNet(4, (2, 4)),
    # A small residual network: conv 32, two residual blocks of two convs, pool.
    'resnet': ConvNet(5, (5,), ((3, 1), (5, 3))),
}
CNN_LAYERS = CONVNETS['cnn'].layers
CNN_PARAMS = CONVNETS['cnn'].params()
CNN_STATS = CONVNETS['cnn'].stats()

LSTM_PARAMS = ('embed_W', 'up_W', 'up_b', 'lat_W', 'out_W', 'out_b')
TB_PARAMS = ('ln1_g', 'ln1_b', 'Wq', 'bq', 'Wk', 'bk', 'Wv', 'bv', 'Wo', 'bo',
             'ln2_g', 'ln2_b', 'Wm1', 'bm1', 'Wm2', 'bm2')


@dataclass(frozen=True)
class Workload:
    name: str
    what: str
    make_data: Callable[[dict, int], dict]
    # Bytes the computation must at least read and write (for the roofline copy);
    # None for compute-bound workloads.
    min_bytes: Optional[Callable[[dict], int]]


def _poly_data(size: dict, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    return {'x': rng.standard_normal(size['n']).astype(np.float32)}


def _ln_data(size: dict, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    r, c = size['rows'], size['cols']
    return {'x': rng.standard_normal((r, c)).astype(np.float32),
            'w': rng.standard_normal((r, c)).astype(np.float32),
            'g': (1 + 0.1 * rng.standard_normal(c)).astype(np.float32),
            'b': (0.1 * rng.standard_normal(c)).astype(np.float32)}


def _mlp_data(size: dict, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    d_in, h1, h2, d_out = size['dims']
    n = size['batch']
    data = {'x': rng.standard_normal((n, d_in)).astype(np.float32),
            't': rng.integers(0, d_out, n).astype(np.int32)}
    # Chainer's Linear layout: W is (out, in); LeCun-normal scale.
    for i, (a, b) in enumerate([(d_in, h1), (h1, h2), (h2, d_out)], 1):
        data[f'W{i}'] = (rng.standard_normal((b, a)) / np.sqrt(a)).astype(np.float32)
        data[f'b{i}'] = np.zeros(b, np.float32)
    return data


def _hvp_data(size: dict, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    return {'x': rng.standard_normal(size['n']).astype(np.float32),
            'v': rng.standard_normal(size['n']).astype(np.float32)}


def _convnet_data(name: str) -> Callable[[dict, int], dict]:
    return lambda size, seed: _cnn_data(size, seed, CONVNETS[name])


def _cnn_data(size: dict, seed: int, net: ConvNet) -> dict:
    """Input images, labels and a convolutional network's initial weights
    (Chainer's layouts: convolution W (out, in, 3, 3), Linear W (out, in))."""
    rng = np.random.default_rng(seed)
    n, hw, chans = size['batch'], size['hw'], size['channels']
    data = {'x': rng.standard_normal((n, chans[0], hw, hw)).astype(np.float32),
            't': rng.integers(0, size['classes'], n).astype(np.int32)}
    for i, (c_in, c_out) in enumerate(zip(chans[:-1], chans[1:]), 1):
        # He-normal convolutions; gamma and beta off 1 and 0 so that their
        # gradients and updates are checked as they matter.
        data[f'conv{i}_W'] = (rng.standard_normal((c_out, c_in, 3, 3))
                              * np.sqrt(2.0 / (9 * c_in))).astype(np.float32)
        data[f'conv{i}_b'] = np.zeros(c_out, np.float32)
        data[f'bn{i}_gamma'] = (1 + 0.1 * rng.standard_normal(c_out)).astype(np.float32)
        data[f'bn{i}_beta'] = (0.1 * rng.standard_normal(c_out)).astype(np.float32)
        data[f'bn{i}_mean'] = np.zeros(c_out, np.float32)
        data[f'bn{i}_var'] = np.ones(c_out, np.float32)
    side = hw // 2 ** len(net.pool_after)
    d_in = chans[-1] * side * side
    data['fc_W'] = (rng.standard_normal((size['classes'], d_in)) / np.sqrt(d_in)
                    ).astype(np.float32)
    data['fc_b'] = np.zeros(size['classes'], np.float32)
    return data


def _lstm_data(size: dict, seed: int) -> dict:
    """Token windows (batch, steps + 1) and the language model's initial
    weights, in Chainer's LSTM layout: the gate pre-activations of unit j
    are columns 4j..4j+3 (a, i, f, o), the forget gate's bias 1."""
    rng = np.random.default_rng(seed)
    b, v, e, h = size['batch'], size['vocab'], size['embed'], size['hidden']
    up_b = np.zeros((h, 4), np.float32)
    up_b[:, 2] = 1
    return {'tokens': rng.integers(0, v, (b, size['steps'] + 1)).astype(np.int32),
            'embed_W': rng.standard_normal((v, e)).astype(np.float32),
            'up_W': (rng.standard_normal((4 * h, e)) / np.sqrt(e)).astype(np.float32),
            'up_b': up_b.reshape(4 * h),
            'lat_W': (rng.standard_normal((4 * h, h)) / np.sqrt(h)).astype(np.float32),
            'out_W': (rng.standard_normal((v, h)) / np.sqrt(h)).astype(np.float32),
            'out_b': np.zeros(v, np.float32)}


def _tb_data(size: dict, seed: int) -> dict:
    """The block's input x (batch, seq, width), the target y its output is
    fitted to (same shape), the causal mask (seq, seq; True where a position
    may attend), the number of heads (a 0-d array) and the parameters (Linear
    W (out, in))."""
    rng = np.random.default_rng(seed)
    b, s, d = size['batch'], size['seq'], size['width']
    data = {'x': rng.standard_normal((b, s, d)).astype(np.float32),
            'y': rng.standard_normal((b, s, d)).astype(np.float32),
            'mask': np.tril(np.ones((s, s), bool)),
            'heads': np.array(size['heads'])}
    for k in ('ln1', 'ln2'):
        data[f'{k}_g'] = (1 + 0.1 * rng.standard_normal(d)).astype(np.float32)
        data[f'{k}_b'] = (0.1 * rng.standard_normal(d)).astype(np.float32)
    for k, (d_out, d_in) in (('q', (d, d)), ('k', (d, d)), ('v', (d, d)), ('o', (d, d)),
                             ('m1', (4 * d, d)), ('m2', (d, 4 * d))):
        data[f'W{k}'] = (rng.standard_normal((d_out, d_in)) / np.sqrt(d_in)).astype(np.float32)
        data[f'b{k}'] = np.zeros(d_out, np.float32)
    return data


def _nbytes(*names: str, out: tuple = ()) -> Callable[[dict], int]:
    """Read every named input once, write every named output (same size) once."""
    def count(data: dict) -> int:
        return sum(data[k].nbytes for k in names) + sum(data[k].nbytes for k in out)
    return count


WORKLOADS = {
    'poly': Workload(
        'poly', 'loss = sum(x**2 - 2*x + 1), d loss / dx',
        _poly_data, _nbytes('x', out=('x',))),
    'layernorm_gelu': Workload(
        'layernorm_gelu', 'loss = sum(gelu_tanh(layer_norm(x) * g + b) * w), grads of x, g, b',
        _ln_data, _nbytes('x', 'w', 'g', 'b', out=('x', 'g', 'b'))),
    'mlp_big': Workload(
        'mlp_big', 'MLP training step (ReLU, softmax cross-entropy, SGD)',
        _mlp_data, None),
    'mlp_tiny': Workload(
        'mlp_tiny', 'the same step, tiny', _mlp_data, None),
    'hvp': Workload(
        'hvp', 'Hessian-vector product of sum(tanh(x)**3) by double backprop',
        _hvp_data, _nbytes('x', 'v', out=('x',))),
    'chainer_step': Workload(
        'chainer_step', 'the digits MLP as users write it: a Chain of Linear links, '
        'optimizer.update() with Adam', _mlp_data, None),
    'adam_mlp': Workload(
        'adam_mlp', 'a wider MLP as users write it: a Chain of Linear 784-512-512-10, '
        'optimizer.update() with Adam', _mlp_data, None),
    'cnn': Workload(
        'cnn', 'a VGG-style training step as users write it: conv3x3 32, 32, pool, 64, 64, '
        'pool, each with batch normalization and ReLU, Linear 10, softmax cross-entropy, '
        'MomentumSGD', _convnet_data('cnn'), None),
    'resnet': Workload(
        'resnet', 'a small residual network as users write it: conv3x3 32, two residual '
        'blocks of two convs, each with batch normalization and ReLU, pool, Linear 10, '
        'softmax cross-entropy, MomentumSGD', _convnet_data('resnet'), None),
    'lstm': Workload(
        'lstm', 'an unrolled LSTM language-model training step: EmbedID, LSTM, Linear, '
        'mean softmax cross-entropy of the next token, SGD', _lstm_data, None),
    'transformer_block': Workload(
        'transformer_block', 'a pre-LayerNorm transformer block training step (causal '
        'multi-head attention, GELU MLP 4x): mean squared error of block(x) to a target y, '
        'SGD on all parameters',
        _tb_data, None),
}

NAMES = tuple(WORKLOADS)
# The steps written as users write them with Adam (a Chain, optimizer.update()).
ADAM_STEPS = ('chainer_step', 'adam_mlp')
# Workloads without a NumPy reference below: the systems are checked against
# each other on them.
NO_NUMPY_REFERENCE = ('cnn', 'resnet', 'lstm', 'transformer_block')


def make_data(name: str, size: str = 'full', seed: int = SEED) -> dict:
    """The input arrays of workload ``name`` at ``size`` ('full' or 'tiny')."""
    return WORKLOADS[name].make_data(SIZES[size][name], seed)


# --- NumPy reference (also the "NumPy by hand" system) -----------------------

def poly(x: np.ndarray) -> tuple:
    loss = np.sum(x * x - 2 * x + 1)
    gx = 2 * x - 2
    return loss, gx


def layernorm_gelu(x, w, g, b) -> tuple:
    n = x.shape[-1]
    mu = x.mean(axis=-1, keepdims=True)
    xc = x - mu
    var = (xc * xc).mean(axis=-1, keepdims=True)
    rstd = 1 / np.sqrt(var + np.float32(EPS))
    xhat = xc * rstd
    u = xhat * g + b
    c = np.float32(GELU_C)
    inner = c * (u + np.float32(0.044715) * u ** 3)
    th = np.tanh(inner)
    y = np.float32(0.5) * u * (1 + th)
    loss = np.sum(y * w)
    # backward
    dinner = c * (1 + np.float32(3 * 0.044715) * u * u)
    du = w * (np.float32(0.5) * (1 + th) + np.float32(0.5) * u * (1 - th * th) * dinner)
    gg = np.sum(du * xhat, axis=0)
    gb = np.sum(du, axis=0)
    dxhat = du * g
    gx = rstd * (dxhat - dxhat.mean(axis=-1, keepdims=True)
                 - xhat * (dxhat * xhat).sum(axis=-1, keepdims=True) / n)
    return loss, gx, gg, gb


def mlp_grads(data: dict) -> tuple:
    """The loss of the MLP in ``data`` and the gradients of W1, b1, ..., b3."""
    x, t = data['x'], data['t']
    W1, b1, W2, b2, W3, b3 = (data[k] for k in ('W1', 'b1', 'W2', 'b2', 'W3', 'b3'))
    n = x.shape[0]
    a1 = x @ W1.T + b1
    h1 = np.maximum(a1, 0)
    a2 = h1 @ W2.T + b2
    h2 = np.maximum(a2, 0)
    z = h2 @ W3.T + b3
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    s = e.sum(axis=1, keepdims=True)
    logp = z - np.log(s)
    loss = -logp[np.arange(n), t].mean()
    dz = e / s
    dz[np.arange(n), t] -= 1
    dz /= n
    gW3 = dz.T @ h2
    gb3 = dz.sum(axis=0)
    dh2 = dz @ W3
    dh2 *= a2 > 0
    gW2 = dh2.T @ h1
    gb2 = dh2.sum(axis=0)
    dh1 = dh2 @ W2
    dh1 *= a1 > 0
    gW1 = dh1.T @ x
    gb1 = dh1.sum(axis=0)
    return loss, (gW1, gb1, gW2, gb2, gW3, gb3)


def mlp_step(data: dict, lr: float = LR) -> np.ndarray:
    """One SGD step, updating the W*/b* arrays of ``data`` in place; returns the loss."""
    loss, grads = mlp_grads(data)
    lr = np.float32(lr)
    for k, gp in zip(('W1', 'b1', 'W2', 'b2', 'W3', 'b3'), grads):
        data[k] -= lr * gp
    return loss


def adam_step(data: dict) -> np.ndarray:
    """One step of Chainer's Adam on the MLP in ``data`` (its moments and
    step count kept in ``data`` too), in place; returns the loss."""
    loss, grads = mlp_grads(data)
    t = data['t_adam'] = data.get('t_adam', 0) + 1
    a, b1, b2, eps = (ADAM[k] for k in ('alpha', 'beta1', 'beta2', 'eps'))
    lr = np.float32(a * np.sqrt(1 - b2 ** t) / (1 - b1 ** t))
    for k, g in zip(('W1', 'b1', 'W2', 'b2', 'W3', 'b3'), grads):
        m = data.setdefault('m_' + k, np.zeros_like(g))
        v = data.setdefault('v_' + k, np.zeros_like(g))
        m += np.float32(1 - b1) * (g - m)
        v += np.float32(1 - b2) * (g * g - v)
        data[k] -= lr * m / (np.sqrt(v) + np.float32(eps))
    return loss


def hvp(x, v) -> np.ndarray:
    t = np.tanh(x)
    t2 = t * t
    # d/dx [3 t^2 (1 - t^2)] = (6 t - 12 t^3) (1 - t^2)
    return v * (6 * t - 12 * t * t2) * (1 - t2)
