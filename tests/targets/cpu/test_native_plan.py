"""A small plan's one-call function compiled natively
(``tapejit/targets/cpu/native_plan.py``): equal to the step-by-step plan,
refusing what it does not compile, cached on disk."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.compiler import program as P
from tapejit.targets import compile_graph, compiled_signatures
from tapejit.targets.cpu import llvm_jit, native, native_plan, one_call
from tapejit.ir.interpret import interpret
from tapejit.ir.trace import trace_graph
from tests.support.mlp_cases import mlp_data, mlp_step



pytestmark = pytest.mark.usefixtures('cache_dir')  # (tests/conftest.py)


def _native_executable(fn, args):
    g = trace_graph(fn, args)
    ex = compile_graph(g)
    got = ex(list(args))
    assert ex.one_call is not None and ex.one_call.native is not None, (
        ex.one_call and ex.one_call.native_refused)
    return g, ex, got


def _close(got, want, tol=1e-5):
    assert len(got) == len(want)
    for a, b in zip(got, want):
        assert a.shape == b.shape and a.dtype == b.dtype, (a.shape, b.shape, a.dtype, b.dtype)
        np.testing.assert_allclose(a, b, rtol=tol, atol=tol, equal_nan=True)


def test_a_training_step_runs_natively_and_equals_the_interpreter_and_step_by_step(
        monkeypatch):
    args = mlp_data(5, np.random.default_rng(0))
    g, ex, got = _native_executable(mlp_step, args)
    _close(got, interpret(g, list(args)))
    assert 'one compiled call, compiled natively' in ex.explain()
    monkeypatch.setattr(one_call, 'ENABLED', False)
    ex2 = compile_graph(g)
    steps_out = ex2(list(args))
    assert ex2.one_call is None
    _close(got, steps_out)


@pytest.mark.parametrize('ta,tb', [(False, False), (False, True), (True, False),
                                   (True, True)])
def test_products_of_every_layout_equal_numpy(ta, tb):
    rng = np.random.default_rng(1)
    a = rng.standard_normal((7, 5)).astype(np.float32)
    b = rng.standard_normal((5, 9) if not (ta or tb) else (7, 9) if ta and not tb
                            else (9, 5) if tb and not ta else (9, 7)).astype(np.float32)

    def f(a, b):
        x = F.transpose(a) if ta else a
        y = F.transpose(b) if tb else b
        return F.matmul(x, y) * 2.0

    g, ex, got = _native_executable(f, [a, b])
    want = ((a.T if ta else a) @ (b.T if tb else b)) * 2
    np.testing.assert_allclose(got[0], want, rtol=1e-5, atol=1e-5)


def test_outputs_that_are_inputs_or_the_same_value_twice():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    y = np.ones(4, np.float32)

    def f(x, y):
        s = F.exp(x) + 1.0
        return s, y, s, F.reshape(s, (3, 2))

    g, ex, got = _native_executable(f, [x, y])
    _close(got, interpret(g, [x, y]))
    # As the step-by-step plan: the input handed back is a copy (exe.plan.memory.copy_out).
    assert not np.shares_memory(got[1], y) and ex.plan.memory.copy_out


def test_a_new_native_plan_counts_as_a_compiled_signature():
    x = np.linspace(-2, 2, 6).astype(np.float32)
    before = compiled_signatures()
    # (A graph no other test compiles: its plan object is new to the process.)
    _native_executable(lambda v: (v * 3.25 - 0.125) * v, [x])
    assert compiled_signatures() > before
    plans = sum(1 for s in llvm_jit._entries if s.startswith('tjplan_'))
    assert plans >= 1


def test_a_new_batch_size_compiles_no_new_plan():
    rng = np.random.default_rng(2)
    _native_executable(mlp_step, mlp_data(4, rng))
    before, signatures = set(llvm_jit._entries), compiled_signatures()
    args = mlp_data(9, rng)
    g, ex, got = _native_executable(mlp_step, args)
    assert set(llvm_jit._entries) == before
    assert compiled_signatures() == signatures
    _close(got, interpret(g, list(args)))


def test_updates_in_place_and_read_only_parameters_run_step_by_step():
    rng = np.random.default_rng(3)
    data = mlp_data(6, rng)

    @tapejit.jit
    def train(x, t, params):
        for p in params:
            p.cleargrad()
        h = F.relu(F.linear(x, params[0], params[1]))
        loss = F.softmax_cross_entropy(F.linear(h, params[2], params[3]), t)
        loss.backward()
        for p in params:
            p.array -= 0.5 * p.grad
        return loss

    params = [tapejit.Variable(a.copy()) for a in data[2:]]
    ref = [tapejit.Variable(a.copy()) for a in data[2:]]
    arrays = [p.array for p in params]
    for _ in range(3):
        loss = train(data[0], data[1], params)
        # eager reference
        for p in ref:
            p.cleargrad()
        h = F.relu(F.linear(data[0], ref[0], ref[1]))
        want = F.softmax_cross_entropy(F.linear(h, ref[2], ref[3]), data[1])
        want.backward()
        for p in ref:
            p.array -= 0.5 * p.grad
        np.testing.assert_allclose(loss.array, want.array, rtol=1e-5)
        for p, q in zip(params, ref):
            np.testing.assert_allclose(p.array, q.array, rtol=1e-5, atol=1e-6)
            np.testing.assert_allclose(p.grad, q.grad, rtol=1e-5, atol=1e-6)
    assert all(p.array is a for p, a in zip(params, arrays))  # updated in place
    oc = train._last._executable.one_call
    assert oc.native is not None
    # The hot call is one generated function (inputs, native call, write-back).
    assert train._last._entry is not None
    # A read-only parameter: the native function refuses it, the plan runs
    # step by step for that call, the array is not written, and the write
    # raises as NumPy's ``-=`` does eagerly (not a new array given silently).
    frozen = params[0].array.copy()
    frozen.flags.writeable = False
    params[0].array = frozen
    assert oc.native.run([data[0], data[1]] + [p.array for p in params]) is None
    before = frozen.copy()
    with pytest.raises(ValueError, match='output array is read-only'):
        train(data[0], data[1], params)
    np.testing.assert_array_equal(frozen, before)
    assert params[0].array is frozen
    ref[0].array = frozen
    with pytest.raises(ValueError, match='output array is read-only'):
        ref[0].array -= 0.5 * ref[0].array


_SIG = [('l', 1, False), ('f', 2, False), ('f', 1, True), ('B', 1, True), ('l', 1, False)]


@pytest.mark.parametrize('statement, why', [
    (object(), 'plan statement object'),
    (P.Reshape('v2', 'v1', None), 'a strided array reshaped'),
    (P.Finish('prod', 'a0', 'f4', (0,), 'float32'), 'finish of a prod reduction'),
    (P.Call('o4', 'matmul', (('transa', False), ('transb', False)), ('a0', 'o3'), 0),
     'matmul of float32 2-d and float32 1-d'),
    (P.Call('o4', 'argmax', (('axis', 0),), ('a0',), 0), 'a library call of argmax'),
])
def test_translator_refuses_what_it_does_not_compile(statement, why):
    p = P.Program(('a0',), [2, 3, 6])
    for st in (P.Call('v1', 'transpose', (('axes', (1, 0)),), ('a0',), 0),
               P.Alloc('o3', (2,), 'float32'), statement, P.Return(('o3',))):
        p.add(st)
    with pytest.raises(native.Unsupported, match=why):
        native_plan.translate_plan(p, [], _SIG, ['o3'], 'refused')


def test_a_second_process_loads_the_plan_from_the_cache(tmp_path):
    code = textwrap.dedent('''
        import sys, numpy as np, tapejit, tapejit.functions as F
        from tapejit.targets.cpu import native
        @tapejit.jit
        def f(x, w):
            return F.sum(F.tanh(F.matmul(x, w)) * 2.0)
        x, w = np.ones((3, 4), np.float32), np.full((4, 2), 0.5, np.float32)
        for _ in range(3):
            out = f(x, w)
        oc = f._last._executable.one_call
        assert oc.native is not None, oc.native_refused
        print(float(out.array), 'numba' in sys.modules)
    ''')
    env = dict(os.environ, TAPEJIT_CACHE_DIR=str(tmp_path))
    first = subprocess.run([sys.executable, '-c', code], env=env, capture_output=True,
                           text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    objs = list((tmp_path / 'kernels' / 'native').glob('tjplan_*.o'))
    assert len(objs) == 1
    stamp = objs[0].stat().st_mtime_ns
    second = subprocess.run([sys.executable, '-c', code], env=env, capture_output=True,
                            text=True, timeout=300)
    assert second.returncode == 0, second.stderr
    value, numba_loaded = second.stdout.split()
    assert float(value) == pytest.approx(6 * np.tanh(2.0) * 2, rel=1e-5)
    assert numba_loaded == 'False'              # nothing compiled by Numba
    assert objs[0].stat().st_mtime_ns == stamp  # loaded, not written again


def test_output_arrays_are_reused_only_when_nothing_holds_them():
    rng = np.random.default_rng(4)
    args = mlp_data(5, rng)
    g, ex, first = _native_executable(mlp_step, args)
    want = interpret(g, list(args))
    held = [ex(list(args)) for _ in range(4)]
    ids = {id(a) for outs in held + [first] for a in outs}
    assert len(ids) == 5 * len(first)          # every call's arrays its own
    for outs in held:
        _close(outs, want)
    kept = ex(list(args))[2]                   # one output held, the rest dropped
    view = ex(list(args))[3][:1]               # a view holds its base
    again = [ex(list(args)) for _ in range(4)]
    assert not any(o is kept or o is view.base for outs in again for o in outs)
    for outs in again:
        _close(outs, want)
    del held, first
    a = ex(list(args))
    a_ids = [id(x) for x in a]
    del a
    ex(list(args))
    b = ex(list(args))                         # the call before last's arrays, free again
    assert [id(x) for x in b] == a_ids
    _close(b, want)


def test_every_statement_kind_has_a_handler():
    assert set(native_plan._PlanTranslator._HANDLERS) == set(P.Statement.__args__)


def test_an_identity_transpose_of_a_transpose_stays_strided():
    # (Read flat, the strided view would need a copy: the translator refuses
    # it, and the plan runs step by step.)
    a = np.arange(20, dtype=np.float32).reshape(5, 4)
    g = trace_graph(lambda a: F.exp(F.transpose(F.transpose(a), (0, 1)) * 0.1) + 1.0, [a])
    ex = compile_graph(g)
    _close(ex([a]), interpret(g, [a]))
    assert ex.one_call.native is None and 'strided' in ex.one_call.native_refused
    assert 'refused (' in ex.explain() and 'run step by step' in ex.explain()


def test_an_output_array_changed_in_place_after_the_caller_dropped_it_is_not_reused():
    x, w = np.ones((4, 5), np.float32), np.full((5, 3), 0.5, np.float32)
    g, ex, _ = _native_executable(lambda x, w: F.tanh(F.matmul(x, w)), [x, w])
    want = interpret(g, [x, w])[0]
    rings = ex.one_call.native._env['_rings']

    def from_ring() -> np.ndarray:
        while True:
            out = ex([x, w])[0]
            if any(out is r[0] for r in rings):
                return out

    out = from_ring()
    out.shape = (3, 4)          # reshaped in place, then dropped
    del out
    for _ in range(4):
        got = ex([x, w])[0]
        assert got.shape == (4, 3)
        np.testing.assert_allclose(got, want, rtol=1e-6)
    del got
    out = from_ring()
    out.flags.writeable = False  # made read-only, then dropped
    del out
    refused = []
    for _ in range(6):
        r = ex.one_call.native.run([x, w])
        refused.append(r is None)
        if r is not None:
            np.testing.assert_allclose(r[0], want, rtol=1e-6)
        del r
    # Refused once, when the ring hands that array back; then a fresh array.
    assert sum(refused) == 1 and not any(refused[-3:]), refused


def test_a_strided_constant_runs_natively():
    c = np.arange(12, dtype=np.float32).reshape(3, 4)
    const = c.T   # (4, 3), not C-contiguous: a constant of the graph
    x = np.ones((4, 3), np.float32)
    g, ex, got = _native_executable(lambda x: F.sin(x * const) + x, [x])
    _close(got, interpret(g, [x]))
    assert ex.one_call.native.run([x]) is not None


def test_long_long_labels_run_natively():
    # ``np.longlong`` arrays are int64 under another type number: the plan
    # (traced with NumPy's usual int64) takes them rather than refusing.
    x = np.random.default_rng(0).standard_normal((6, 4)).astype(np.float32)
    w = np.full((4, 3), 0.25, np.float32)

    def f(x, w, t):
        return F.softmax_cross_entropy(F.matmul(x, w), t)
    t = np.array([0, 2, 1, 1, 0, 2])
    g, ex, want = _native_executable(f, [x, w, t])
    tq = t.astype(np.longlong)
    assert tq.dtype.num != t.dtype.num
    got = ex.one_call.native.run([x, w, tq])
    assert got is not None  # not refused
    _close(got, want)
    _close(got, interpret(g, [x, w, tq]))
    assert llvm_jit.type_nums(np.dtype(np.longlong)) == (tq.dtype.num, t.dtype.num)


def test_values_written_into_a_row_run_natively():
    # A bucket's row (tapejit/compiler/buckets.py): a product and a
    # reduction's final sums written into their places, a value copied in.
    p = P.Program(('a0', 'a1'), [8, 0, 2, 2, 4, 2, 2, 6, 2])
    for st in (P.Alloc('b1', (0,), 'float32'),
               P.Slice('v2', 'b1', 1, (2, 3)),
               P.Call('o3', 'matmul', (('transa', False), ('transb', False)), ('a0', 'a0'), 0,
                      'v2'),
               P.Slice('v4', 'b1', 4, (5,)),
               P.Finish('sum', 'a1', 'f5', (6,), 'float32', 'v4'),
               P.Slice('v6', 'b1', 7, (8,)),
               P.CopyInto('d7', 'v6', 'f5'),
               P.Return(('b1',))):
        p.add(st)
    sig = [('l', 1, False), ('f', 2, False), ('f', 2, False), ('f', 1, True), ('B', 1, True),
           ('l', 1, False)]
    fn = llvm_jit.load_object(f'test row\n{p.key()}', lambda symbol: native_plan.translate_plan(
        p, [], sig, ['b1'], symbol), None, prefix='tjtest')
    a0 = np.arange(4, dtype=np.float32).reshape(2, 2)
    a1 = np.arange(6, dtype=np.float32).reshape(3, 2)
    out = np.full(8, -1, np.float32)
    table = np.array(p.table, np.int64)
    assert fn(table, a0, a1, out, np.empty(64, np.uint8), np.array([8], np.int64)) is None
    sums = a1.sum(axis=0)
    np.testing.assert_array_equal(out, np.concatenate([(a0 @ a0).ravel(), sums, sums]))
