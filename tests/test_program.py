"""A small plan lowered to statements as data (``tapejit/compiler/program.py``):
the statements a step lowers to, their key, their outputs' roots, and the
native function emitted from them equal to the step-by-step plan."""

from __future__ import annotations

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.compiler import program as P
from tapejit.targets import compile_graph
from tapejit.targets.cpu import native, one_call
from tapejit.ir.trace import trace_graph
from mlp_cases import mlp_data, mlp_step

needs_native = pytest.mark.skipif(not native.enabled(), reason='TAPEJIT_NATIVE=0')


@pytest.fixture(autouse=True)
def _kernel_cache(tmp_path_factory, monkeypatch):
    d = tmp_path_factory.getbasetemp() / 'kernel-cache'
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(d))


def _kinds(program):
    return [type(st).__name__ for st in program.statements]


def test_an_mlp_steps_plan_lists_its_products_kernels_and_finishes():
    args = mlp_data(5, np.random.default_rng(0))
    ex = compile_graph(trace_graph(mlp_step, args))
    p = ex.one_call.program
    kinds = _kinds(p)
    assert set(kinds) == {'Alloc', 'CallKernel', 'Product', 'Reshape', 'Finish', 'Return'}
    assert kinds[-1] == 'Return' and kinds.count('Return') == 1
    # Two layers forward (x @ W.T), then dL/dh = g @ W2 and the weights'
    # gradients g.T @ h and g1.T @ x.
    forms = [(st.transa, st.transb) for st in p.statements if isinstance(st, P.Product)]
    assert forms == [(False, True), (False, True), (False, False), (True, False),
                     (True, False)]
    # Every kernel step is a call of its kernel (one kernel may serve several).
    calls = [st for st in p.statements if isinstance(st, P.CallKernel)]
    assert len(calls) == sum(kind == 'kernel' for kind, _ in ex.steps)
    assert {c.kernel for c in calls} == set(range(len(p.kernels)))
    # The loss and the four updated parameters, none of them a strided view.
    assert len(p.results) == 5 and None not in p.output_roots()
    # Each allocated array's shape is read from the table; a new name per array.
    allocs = [st for st in p.statements if isinstance(st, P.Alloc)]
    assert len({st.out for st in allocs}) == len(allocs)
    assert all(0 <= d < len(p.table) for st in allocs for d in st.dims)


def test_the_key_is_the_statements_not_their_sizes():
    rng = np.random.default_rng(1)
    small = compile_graph(trace_graph(mlp_step, mlp_data(4, rng))).one_call
    large = compile_graph(trace_graph(mlp_step, mlp_data(9, rng))).one_call
    assert small.program.table != large.program.table
    assert small.program.key() == large.program.key()
    # Another statement, or one field of one, is another key.
    p = small.program
    i = next(k for k, st in enumerate(p.statements) if isinstance(st, P.Product))
    other = P.Program(p.params, p.table, p.kernels)
    other.statements = list(p.statements)
    st = other.statements[i]
    other.statements[i] = P.Product(st.out, st.a, st.b, st.transa, not st.transb)
    assert other.key() != p.key()
    assert 'transb=' in p.key() and 'mm_' not in p.key()


def test_output_roots_follow_reshapes_and_refuse_transposes():
    p = P.Program(('a0', 'a1'), [2, 3, 6])
    for st in (P.Alloc('o1', (0, 1), 'float32'), P.Reshape('v2', 'o1', (2,)),
               P.Reshape('v3', 'a1', None), P.Transpose('v4', 'o1', (1, 0)),
               P.Product('o5', 'a0', 'v4', False, False), P.Return(('v2', 'v3', 'v4', 'o5'))):
        p.add(st)
    assert p.output_roots() == [('alloc', 'o1'), ('param', 'a1'), None, ('alloc', 'o5')]
    assert p.results == ('v2', 'v3', 'v4', 'o5')


def test_a_donated_update_is_copied_into_its_parameter():
    w = tapejit.Variable(np.arange(6, dtype=np.float32).reshape(2, 3))
    g = np.full((2, 3), 0.5, np.float32)

    @tapejit.jit
    def update(w, g):
        w.array -= 0.1 * g
        return F.sum(w)
    update(w, g)
    (plan,) = update._cache.values()
    oc = plan._executable.one_call
    p = oc.program
    copies = [st for st in p.statements if isinstance(st, P.CopyInto)]
    assert [c.dst for c in copies] == ['d0'] and p.params[-1] == 'd0'
    assert len(oc.donated) == 1 and len(p.results) == len(oc.kept_outputs) == 1
    # The copy comes after every statement that reads the old values.
    assert _kinds(p)[-2:] == ['CopyInto', 'Return']
    assert 'copy_into(d0, ' in oc.describe()


def _run(fn, args, enabled, monkeypatch):
    monkeypatch.setattr(one_call, 'ENABLED', enabled)
    ex = compile_graph(trace_graph(fn, args))
    out = ex(list(args))
    assert (ex.one_call is not None and ex.one_call.native is not None) == enabled
    return out


@needs_native
def test_kernels_and_finished_reductions_are_bit_identical_to_step_by_step(monkeypatch):
    # Kernels, chunked sums (finished from partial sums), row reductions,
    # a reshape and a transpose read by a kernel: the same arithmetic
    # either way.
    x = np.random.default_rng(2).standard_normal((200, 100)).astype(np.float32)

    def f(x):
        y = F.tanh(x) * 3.0
        return (F.sum(y), F.max(x * 2.0), F.sum(x * x, axis=0), F.min(y, axis=1),
                F.sum(F.transpose(F.reshape(y, (400, 50))) * 2.0, axis=0))
    native_out = _run(f, [x], True, monkeypatch)
    ex = compile_graph(trace_graph(f, [x]))
    assert {st.op for st in ex.one_call.program.statements if isinstance(st, P.Finish)} == {
        'sum', 'max'}
    steps_out = _run(f, [x], False, monkeypatch)
    for a, b in zip(native_out, steps_out):
        assert a.shape == b.shape and a.dtype == b.dtype
        np.testing.assert_array_equal(a, b)


def _blocked_product(a, b):
    """``a @ b`` summed as the plan's loops sum it: four of ``a``'s columns
    at a time, added in order, then the rest one by one (in ``a``'s dtype)."""
    out = np.zeros((a.shape[0], b.shape[1]), a.dtype)
    k4 = a.shape[1] // 4
    for q in range(k4):
        p = 4 * q
        out = (out + a[:, p, None] * b[p] + a[:, p + 1, None] * b[p + 1]
               + a[:, p + 2, None] * b[p + 2] + a[:, p + 3, None] * b[p + 3])
    for p in range(4 * k4, a.shape[1]):
        out = out + a[:, p, None] * b[p]
    return out


@needs_native
@pytest.mark.parametrize('ta', [False, True])
@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_products_keep_their_order_of_sums(ta, dtype):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((11, 5) if ta else (5, 11)).astype(dtype)
    b = rng.standard_normal((11, 7)).astype(dtype)
    g = trace_graph(lambda a, b: F.matmul(a, b, transa=ta), [a, b])
    ex = compile_graph(g)
    (got,) = ex([a, b])
    assert ex.one_call.native is not None
    assert [type(st).__name__ for st in ex.one_call.program.statements] == ['Product', 'Return']
    np.testing.assert_array_equal(got, _blocked_product(a.T if ta else a, b))
