"""Plans lowered to statements as data (``tapejit/compiler/program.py``):
the statements a step lowers to (kernels, library calls, row chains,
in-place writes, donated updates, frees), their key, their outputs' roots,
and the native function emitted from them equal to the step runner's."""

from __future__ import annotations

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.compiler import program as P
from tapejit.targets import compile_graph
from tapejit.targets.cpu import one_call
from tapejit.ir.trace import trace_graph
from tests.support.mlp_cases import mlp_data, mlp_step



pytestmark = pytest.mark.usefixtures('cache_dir')  # (tests/conftest.py)


def _kinds(program):
    return [type(st).__name__ for st in program.statements]


def test_an_mlp_steps_plan_lists_its_products_kernels_and_finishes():
    args = mlp_data(5, np.random.default_rng(0))
    ex = compile_graph(trace_graph(mlp_step, args))
    p = ex.one_call.program
    assert p is ex.program
    kinds = _kinds(p)
    # (The products' results are written in place by the kernels reading
    # them last: InPlace.)
    assert set(kinds) == {'Alloc', 'CallKernel', 'Call', 'Reshape', 'Finish', 'InPlace', 'Free',
                          'Return'}
    assert kinds[-1] == 'Return' and kinds.count('Return') == 1
    # Two layers forward (x @ W.T), then dL/dh = g @ W2 and the weights'
    # gradients g.T @ h and g1.T @ x.
    forms = [tuple(v for _, v in st.params) for st in p.statements if isinstance(st, P.Call)]
    assert forms == [(False, True), (False, True), (False, False), (True, False),
                     (True, False)]
    # Every kernel step is a call of its kernel (one kernel may serve several).
    calls = [st for st in p.statements if isinstance(st, P.CallKernel)]
    assert len(calls) == sum(kind == 'kernel' for kind, _ in ex.plan.steps)
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
    i = next(k for k, st in enumerate(p.statements) if isinstance(st, P.Call))
    other = P.Program(p.params, p.table, p.kernels)
    other.statements = list(p.statements)
    st = other.statements[i]
    other.statements[i] = P.Call(st.out, st.prim, (('transa', False), ('transb', False)),
                                 st.args, st.fn)
    assert other.key() != p.key()
    assert "('transb', True)" in p.key()


def test_output_roots_follow_reshapes_and_refuse_transposes():
    p = P.Program(('a0', 'a1'), [2, 3, 6])
    mm = (('transa', False), ('transb', False))
    for st in (P.Alloc('o1', (0, 1), 'float32'), P.Reshape('v2', 'o1', (2,)),
               P.Reshape('v3', 'a1', None), P.Call('v4', 'transpose', (('axes', (1, 0)),),
                                                   ('o1',), 0),
               P.Call('o5', 'matmul', mm, ('a0', 'v4'), 1),
               P.InPlace('d6', 'a0', (0, 1), 'float32'),
               P.CopyInto('d7', 'a1', 'o5'), P.Finish('sum', 'o1', 'f8', (), 'float32'),
               P.Return(('v2', 'v3', 'v4', 'o5', 'd6', 'd7', 'f8'))):
        p.add(st)
    assert p.output_roots() == [('alloc', 'o1'), ('param', 'a1'), None, ('alloc', 'o5'),
                                ('param', 'a0'), ('param', 'a1'), ('alloc', 'f8')]
    assert p.results == ('v2', 'v3', 'v4', 'o5', 'd6', 'd7', 'f8')
    assert p.written_params() == {'a0', 'a1'}


@pytest.mark.parametrize('enabled', [True, False])
def test_a_donated_update_is_written_in_place_through_its_parameter(enabled, monkeypatch):
    monkeypatch.setattr(one_call, 'ENABLED', enabled)
    w = tapejit.Variable(np.arange(6, dtype=np.float32).reshape(2, 3))
    g = np.full((2, 3), 0.5, np.float32)
    held = w.array

    @tapejit.jit
    def update(w, g):
        w.array -= 0.1 * g
        return F.sum(w)
    for _ in range(2):
        update(w, g)
    assert w.array is held
    np.testing.assert_allclose(held, np.arange(6).reshape(2, 3) - 0.1, rtol=1e-6)
    (plan,) = update._plans()
    exe = plan._executable
    p = exe.program
    (st,) = [st for st in p.statements if isinstance(st, P.InPlace)]
    # The kernel writes the update through the parameter it reads.
    assert st.src == 'a0' and p.written_params() == {'a0'}
    call = next(s for s in p.statements if isinstance(s, P.CallKernel))
    assert [s.out for s in p.statements if isinstance(s, P.Reshape) and s.src == st.out][0] in \
        call.args
    assert p.output_roots()[1] == ('param', 'a0') and f'{st.out} = in_place(a0)' in exe.explain()
    assert (exe.one_call is not None) == enabled


@pytest.mark.parametrize('enabled', [True, False])
def test_a_donated_update_no_kernel_writes_is_copied_into_its_parameter(enabled, monkeypatch):
    # A product's result is a new array: copied into the parameter at the
    # end (step by step as natively), when nothing reads the old values.
    monkeypatch.setattr(one_call, 'ENABLED', enabled)
    w = np.eye(3, dtype=np.float32) * 2
    x = np.arange(9, dtype=np.float32).reshape(3, 3)
    g = trace_graph(lambda w, x: (F.sum(F.matmul(x, w)), F.matmul(x, w)), [w, x])
    exe = compile_graph(g, donate={1: 0})
    p = exe.program
    kinds = _kinds(p)
    assert kinds[-3:] == ['CopyInto', 'Free', 'Return'] and 'InPlace' not in kinds
    (cp,) = [st for st in p.statements if isinstance(st, P.CopyInto)]
    assert cp.dst == 'a0' and p.results[1] == cp.out and p.written_params() == {'a0'}
    assert exe.plan.memory.donated_inputs == [0]
    for _ in range(2):
        want = x @ w
        out = exe([w, x])
        assert out[1] is w and np.array_equal(w, want) and out[0] == want.sum()
    assert (exe.one_call is not None and exe.one_call.native is not None) == enabled
    # An array that may not be written gets nothing: the update is returned.
    ro = np.eye(3, dtype=np.float32)
    ro.flags.writeable = False
    out = exe([ro, x])
    assert out[1] is not ro and np.array_equal(out[1], x) and np.array_equal(ro, np.eye(3))


def _run(fn, args, enabled, monkeypatch):
    monkeypatch.setattr(one_call, 'ENABLED', enabled)
    ex = compile_graph(trace_graph(fn, args))
    out = ex(list(args))
    assert (ex.one_call is not None and ex.one_call.native is not None) == enabled
    return out


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
    assert [type(st).__name__ for st in ex.one_call.program.statements] == ['Call', 'Return']
    np.testing.assert_array_equal(got, _blocked_product(a.T if ta else a, b))
