"""The layout pass: which 2-D values a CPU plan holds transposed."""

from __future__ import annotations

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.compiler import compile_graph, layout, simplify
from tapejit.ir.graph import verify
from tapejit.ir.interpret import interpret
from tapejit.ir.trace import trace_graph

from mlp_cases import sgd_step


@pytest.fixture(autouse=True)
def _kernel_cache(tmp_path_factory, monkeypatch):
    d = tmp_path_factory.getbasetemp() / 'kernel-cache'
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(d))


def _rand(*shape, seed=0):
    return np.random.default_rng(seed + sum(shape)).standard_normal(shape).astype(np.float32)


def _all_free(g):
    comps = layout.free_components(g)
    return set().union(*comps) if comps else set()


def _check_transposed(fn, args):
    """Every free component transposed: the graph computes the same values."""
    g = simplify(trace_graph(fn, args))
    flipped = _all_free(g)
    assert flipped, 'nothing to transpose: the test checks nothing'
    t = layout.transpose_values(g, flipped)
    verify(t)
    for v in t.eqns:
        if v.out.id in flipped:  # the original values are gone
            raise AssertionError(f'{v.out!r} kept its layout')
    for got, want in zip(interpret(t, list(args)), interpret(g, list(args))):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    return g, t


def _mlp_step(x, t, W1, b1, W2, b2):
    h = F.relu(F.linear(x, W1, b1))
    loss = F.softmax_cross_entropy(F.linear(h, W2, b2), t)
    return loss


def _mlp_grads(*arrays):
    vs = [tapejit.Variable(a) for a in arrays]
    return tuple(tapejit.grad([_mlp_step(*vs)], vs[2:]))


@pytest.mark.parametrize('transa', [False, True])
@pytest.mark.parametrize('transb', [False, True])
def test_every_matmul_form_with_transposed_operands_and_result(transa, transb):
    a = _rand(*((6, 4) if transa else (4, 6)))
    b = _rand(*((5, 6) if transb else (6, 5)))
    c = _rand(5, 3)

    def fn(a, b, c):
        y = F.tanh(F.matmul(a, b, transa=transa, transb=transb))  # (4, 5), transposed
        return F.matmul(y * 2.0, c) + 1.0, F.matmul(y, y, transa=True)
    g, t = _check_transposed(fn, (a, b, c))
    forms = [(e.params['transa'], e.params['transb']) for e in t.eqns
             if e.prim.name == 'matmul']
    assert forms[0] == (not transb, not transa)


@pytest.mark.parametrize('keepdims', [False, True])
@pytest.mark.parametrize('axis', [0, 1, None, (0, 1)])
@pytest.mark.parametrize('op', ['sum', 'max', 'min'])
def test_reductions_of_a_transposed_value_reduce_the_other_axis(axis, keepdims, op):
    a, b = _rand(4, 6), _rand(6, 5)

    def fn(a, b):
        y = F.exp(F.matmul(a, b) * 0.5)
        return getattr(F, op)(y, axis=axis, keepdims=keepdims)
    _check_transposed(fn, (a, b))


def test_rows_columns_and_scalars_broadcast_into_a_transposed_value():
    a, b = _rand(4, 6), _rand(6, 5)
    row, row2, col = _rand(5), _rand(1, 5), _rand(4, 1)

    def fn(a, b, row, row2, col):
        y = F.matmul(a, b)
        z = F.where(y > 0.0, y * row + row2, col - y)
        return F.sum(F.relu(z) * 3.0, axis=0)
    _, t = _check_transposed(fn, (a, b, row, row2, col))
    shapes = [e.out.shape for e in t.eqns if e.prim.name == 'reshape']
    assert (5, 1) in shapes and (1, 4) in shapes


def test_a_component_holding_an_output_or_read_by_a_reshape_keeps_its_layout():
    a, b = _rand(4, 6), _rand(6, 5)
    assert layout.free_components(trace_graph(
        lambda a, b: F.relu(F.matmul(a, b)), (a, b))) == []
    assert layout.free_components(trace_graph(
        lambda a, b: F.sum(F.reshape(F.relu(F.matmul(a, b)), (20,))), (a, b))) == []
    # a full-size input of the elementwise chain is in the other layout
    c = _rand(4, 5)
    assert layout.free_components(trace_graph(
        lambda a, b, c: F.sum(F.matmul(a, b) * c), (a, b, c))) == []


@pytest.mark.parametrize('op', [F.sum, F.max, F.min])
def test_a_reduction_over_no_axis_keeps_its_input_in_layout(op):
    # axis=() reduces nothing: its result has its input's shape, so the input
    # stays batch-major.
    a, b = _rand(4, 6), _rand(6, 5)
    assert layout.free_components(trace_graph(
        lambda a, b: F.sum(op(F.relu(F.matmul(a, b)), axis=()), axis=0), (a, b))) == []
    # With sizes that make the cost model flip the activations:
    x, w = _rand(256, 784), _rand(1024, 784) * np.float32(0.03)

    def fn(x, w):
        h = F.relu(F.linear(x, w))
        return F.sum(op(h, axis=()), axis=0) + F.sum(h, axis=1)[:1]

    np.testing.assert_allclose(tapejit.jit(fn)(x, w).array, fn(x, w).array,
                               rtol=1e-5, atol=1e-4)


def test_the_cost_model_flips_an_mlp_and_leaves_small_plans_alone():
    big = (_rand(256, 784), np.arange(256, dtype=np.int32) % 10, _rand(1024, 784),
           _rand(1024), _rand(10, 1024), _rand(10))
    g = simplify(trace_graph(_mlp_grads, big))
    chosen = layout.choose(g)
    assert chosen
    out = layout.feature_major(g)
    first = next(e for e in out.eqns if e.prim.name == 'matmul')
    assert first.out.shape == (1024, 256)  # W1 @ x.T: the activations feature-major
    small = tuple(a[:8] if a.ndim else a for a in big[:2]) + (
        _rand(32, 784), _rand(32), _rand(10, 32), _rand(10))
    g_small = simplify(trace_graph(_mlp_grads, small))
    assert layout.choose(g_small) == set()


def test_a_jitted_training_step_with_transposed_activations_equals_eager():
    rng = np.random.default_rng(3)
    x = rng.standard_normal((128, 256)).astype(np.float32)
    t = rng.integers(0, 10, 128).astype(np.int32)

    def params():
        r = np.random.default_rng(4)
        return [tapejit.Variable(r.standard_normal(s).astype(np.float32) * 0.05)
                for s in ((256, 256), (256,), (256, 256), (256,), (10, 256), (10,))]

    eager, jitted = params(), params()
    js = tapejit.jit(sgd_step)
    for _ in range(3):
        le = sgd_step(x, t, eager)
        lj = js(x, t, jitted)
        np.testing.assert_allclose(lj.array, le.array, rtol=1e-5)
    for pe, pj in zip(eager, jitted):
        np.testing.assert_allclose(pj.array, pe.array, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(pj.grad, pe.grad, rtol=1e-4, atol=1e-6)
    plan = next(iter(js._cache.values()))._executable
    assert any(e.prim.name == 'matmul' and e.out.shape == (256, 128)
               for e in plan.graph.eqns), 'the step kept its batch-major layout'


def test_the_switch_turns_the_pass_off(monkeypatch):
    a, b = _rand(256, 512), _rand(512, 512)

    def fn(a, b):
        h = F.relu(F.matmul(a, b, transb=True))
        return F.sum(F.matmul(h, b, transb=True))
    g = trace_graph(fn, (a, b))
    monkeypatch.setattr(layout, 'ENABLED', False)
    off = compile_graph(g)
    monkeypatch.setattr(layout, 'ENABLED', True)
    on = compile_graph(g)
    shapes = [[e.out.shape for e in ex.graph.eqns if e.prim.name == 'matmul']
              for ex in (off, on)]
    assert shapes[0] == [(256, 512)] * 2 and shapes[1][0] == (512, 256)
    np.testing.assert_allclose(on([a, b])[0], off([a, b])[0], rtol=1e-4)
