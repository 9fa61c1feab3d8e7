"""Products that compute the elementwise operations after them (the
epilogue pass, :mod:`tapejit.compiler.epilogue`, and the product kernel's
epilogue): the same bits as the unfused plan, the values eager computes."""

from __future__ import annotations

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
import tapejit.links as L
from tapejit.compiler.epilogue import fuse_epilogues
from tapejit.ir.trace import trace_graph
from tapejit.targets.cpu import executable, plan_cache
from tapejit.targets.cpu import product as P

pytestmark = pytest.mark.usefixtures('cache_dir')


def _rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def _edges(x):
    """``x`` with NaN, -0.0, +0.0 and values around 0 in its first rows."""
    x = x.copy().reshape(-1, x.shape[-1])
    x[0, :3] = np.nan
    x[-1, -4:] = [0.0, -0.0, 1e-30, -1e-30]
    return x


@pytest.mark.parametrize('m, k, n', [(256, 784, 1024), (7, 1000, 70), (256, 1024, 10),
                                     (64, 5000, 64), (45, 300, 131)])
@pytest.mark.parametrize('width', [1, 2])
def test_the_kernels_epilogue_is_the_elementwise_operations_bits(m, k, n, width):
    a, w = _rand(m, k), _rand(n, k, seed=1)
    bias, gate = _edges(_rand(n, seed=2))[0], _edges(_rand(m, n, seed=3))
    plain = P.matmul(a, w.T, width=width)
    with np.errstate(invalid='ignore'):
        want = plain + bias
        want = np.where(want < 0, np.float32(0), want)
        assert np.array_equal(P.matmul(a, w.T, width=width, bias=bias, relu=True), want,
                              equal_nan=True)
        assert np.array_equal(P.matmul(a, w.T, width=width, bias=bias), plain + bias,
                              equal_nan=True)
        gated = P.matmul(a, w.T, width=width, gate=gate)
    want = np.where(gate <= 0, np.float32(0), plain)
    assert np.array_equal(gated, want) and np.array_equal(np.signbit(gated), np.signbit(want))
    # A transposed first operand (written row-major first where long).
    at = np.ascontiguousarray(a.T).T
    assert np.array_equal(P.matmul(at, w.T, width=width, gate=gate), want)


def test_an_epilogue_on_a_stack_or_of_another_shape_is_refused():
    a = _rand(2, 64, 256)
    with pytest.raises(ValueError, match='epilogue on a product of shape'):
        P.matmul(a, _rand(2, 256, 256), bias=np.zeros(256, np.float32))
    with pytest.raises(ValueError, match='a bias of its columns'):
        P.matmul(a[0], _rand(256, 256), bias=np.zeros(255, np.float32))
    assert not P.takes_epilogue((64, 256), np.float32, None, np.zeros((64, 255), np.float32))


def _linear_relu_graph(shape=(256, 784), hidden=1024):
    """Two linear layers, a ReLU between: the second one's data gradient
    goes through the ReLU's mask."""
    x, w, b = _rand(*shape), _rand(hidden, shape[-1], seed=1), _rand(hidden, seed=2)
    w2 = _rand(hidden, hidden, seed=3)

    def loss_and_grads(x, w, b, w2):
        x, w, b = (tapejit.Variable(v) for v in (x, w, b))
        loss = F.sum(F.linear(F.relu(F.linear(x, w, b)), w2))
        return (loss,) + tuple(tapejit.grad([loss], [x, w, b]))
    return trace_graph(loss_and_grads, [x, w, b, w2])


def test_the_pass_fuses_a_linear_layers_bias_and_relu_and_the_gradients_gate():
    g = fuse_epilogues(_linear_relu_graph())
    products = [e for e in g.eqns if e.prim.name == 'matmul']
    epilogues = [{k for k in ('bias', 'relu', 'gate') if e.params.get(k)} for e in products]
    assert {'bias', 'relu'} in epilogues and {'gate'} in epilogues
    names = [e.prim.name for e in g.eqns]
    # The layer's pre-activation is gone: no maximum, no mask kept of it.
    assert 'maximum' not in names and 'greater_equal' not in names and 'where' not in names


def test_the_pass_leaves_what_it_cannot_compute():
    x, w, b = _rand(16, 8), _rand(4, 8, seed=1), _rand(4, seed=2)
    cases = {
        # The pre-activation is returned: it stays.
        'kept': lambda x, w, b: (lambda h: (F.relu(h), h))(F.linear(x, w, b)),
        # maximum(x, 0) keeps 0.0 where x is -0.0, the ReLU's maximum(0, x) -0.0.
        'order': lambda x, w, b: F.maximum(F.linear(x, w, b), np.float32(0)),
        # A bias of another shape (a column) is no row.
        'column': lambda x, w, b: F.matmul(x, w, transb=True) + x[:, :1],
    }
    for name, fn in cases.items():
        g = fuse_epilogues(trace_graph(fn, [x, w, b]))
        fused = [e for e in g.eqns if e.prim.name == 'matmul' and len(e.inputs) > 2]
        if name == 'order':
            assert all(not e.params.get('relu') for e in fused), name
        else:
            assert not fused or all(not e.params.get('relu') for e in fused), name
    g = fuse_epilogues(_linear_relu_graph((16, 8), 4), lambda a, b, params: False)
    assert all(len(e.inputs) == 2 for e in g.eqns if e.prim.name == 'matmul')
    # The gate needs the product alone to read the mask's where.
    g = fuse_epilogues(_linear_relu_graph((16, 8), 4), lambda a, b, params: b.shape != (4, 4))
    fused = {e.out.id: e for e in g.eqns if e.prim.name == 'matmul' and e.params.get('relu')}
    assert fused and not any(e.params.get('gate') for e in g.eqns)
    # ... and the ReLU's mask, kept, is taken of its result.
    masks = [e for e in g.eqns if e.prim.name == 'greater_equal']
    assert masks and all(e.inputs[1].id in fused for e in masks)


class _MLP(tapejit.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(784, 512)
            self.l2 = L.Linear(512, 512)
            self.l3 = L.Linear(512, 10)

    def forward(self, x):
        return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))


def _train(jit, monkeypatch=None, fuse=True, steps=3):
    np.random.seed(0)
    model = _MLP()
    opt = tapejit.optimizers.Adam().setup(model)
    x = _edges(_rand(128, 784, seed=5))
    x[0] = 0.1           # (no NaN into the weights)
    t = np.random.default_rng(6).integers(0, 10, 128).astype(np.int32)

    def step(x, t):
        model.cleargrads()
        loss = F.softmax_cross_entropy(model(x), t)
        loss.backward()
        opt.update()
        return loss
    if jit:
        step = tapejit.jit(step)
    if not fuse:
        # (Planned afresh, not loaded: the stored plan has the epilogues.)
        monkeypatch.setattr(executable, '_fuse_epilogues', lambda g: g)
        monkeypatch.setattr(plan_cache, 'load', lambda key: None)
        monkeypatch.setattr(plan_cache, 'store', lambda key, plan: None)
    losses = [float(step(x, t).array) for _ in range(steps)]
    return losses, [p.array.copy() for p in model.params()], step


def test_a_chain_trains_alike_with_epilogues_without_and_eagerly(monkeypatch):
    fused, fused_params, step = _train(True)
    text = step.explain(*[_rand(128, 784)], np.zeros(128, np.int32))
    assert 'epilogue: bias, relu' in text and 'epilogue: gate' in text
    plain, plain_params, step = _train(True, monkeypatch, fuse=False)
    text = step.explain(*[_rand(128, 784)], np.zeros(128, np.int32))
    assert 'epilogue' not in text
    assert fused == plain
    for a, b in zip(fused_params, plain_params):
        assert np.array_equal(a, b)
    eager, eager_params, _ = _train(False)
    np.testing.assert_allclose(fused, eager, rtol=1e-5)
    for a, b in zip(fused_params, eager_params):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-6)
