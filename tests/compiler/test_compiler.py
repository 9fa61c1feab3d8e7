"""The CPU compiler (simplify -> fuse -> native kernels) against the interpreter."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.backends import threads
from tapejit.targets import compile_graph, compiled_signatures
from tapejit.compiler import fusion
from tapejit.targets.cpu import kernel_cache, llvm_jit, llvm_render, native, one_call
from tapejit.compiler.passes import DEFAULT_PASSES, batch_products, simplify
from tapejit.ir.interpret import interpret
from tapejit.ir.trace import trace_graph
from tapejit.compiler import store
from tests.support.kernels import forget_loaded, one_cell, run_one_cell


pytestmark = pytest.mark.usefixtures('cache_dir')  # (tests/conftest.py)


def _check(fn, args, rtol=1e-5):
    g = trace_graph(fn, args)
    ex = compile_graph(g)
    want = interpret(g, list(args))
    # The first call runs the step loop, the second its written-out runner
    # (or the one-call plan both times).
    for _ in range(2):
        got = ex(list(args))
        assert len(got) == len(want)
        for a, b in zip(got, want):
            assert a.shape == b.shape and a.dtype == b.dtype
            np.testing.assert_allclose(a, b, rtol=rtol, atol=rtol, equal_nan=True)
    return ex


def _poly(x):
    x = tapejit.Variable(x)
    loss = F.sum(x ** 2 - 2 * x + 1)
    gx, = tapejit.grad([loss], [x])
    return loss, gx


def test_poly_and_its_gradient_are_one_kernel():
    x = np.linspace(-2, 2, 1000).astype(np.float32)
    ex = _check(_poly, [x])
    kinds = [k for k, _ in ex.plan.steps]
    assert kinds == ['kernel']
    assert not ex.plan.steps[0][1].parallel  # small: the serial variant


def test_simplify_folds_ones_gradients_cse_and_dce():
    g = trace_graph(lambda x: (x * 1.0 + x * 1.0) * 2, [np.ones(3, np.float32)])
    s = simplify(g)
    assert [e.prim.name for e in s.eqns] == ['add', 'mul']


@pytest.mark.parametrize('form, folds', [
    (lambda x: x + 0.0, False), (lambda x: 0.0 + x, False), (lambda x: x - (-0.0), False),
    (lambda x: x + (-0.0), True), (lambda x: x - 0.0, True)])
def test_adding_a_zero_folds_only_where_it_keeps_the_sign_of_zero(form, folds):
    # -0.0 + 0.0 is +0.0, which 1 / x tells from -0.0.
    x = np.array([-0.0, 0.0, 1.5, -np.inf], np.float32)
    g = trace_graph(lambda x: 1.0 / form(x), [x])
    assert [e.prim.name for e in simplify(g).eqns].count('div') == 1
    assert len(simplify(g).eqns) == (1 if folds else 2)
    ex = _check(lambda x: 1.0 / form(x), [x])
    with np.errstate(divide='ignore'):
        np.testing.assert_array_equal(ex([x])[0], 1.0 / form(x))


@pytest.mark.parametrize('op, dtype', [('sum', np.float32), ('max', np.float32),
                                       ('min', np.int32), ('sum', np.bool_)])
def test_a_reduction_over_no_axis_is_its_input(op, dtype, recwarn):
    # NumPy's axis=() reduces nothing; next to other reductions it once made a
    # kernel that did not compile (and ran op by op, with a warning).
    x = (np.arange(12).reshape(3, 4) % 5 > 1).astype(dtype)

    def fn(x):
        x = tapejit.Variable(x)
        r = getattr(F, op)(x * 1 if dtype != np.bool_ else x, axis=())
        return r, F.sum(F.max(x, axis=1)), F.sum(r, axis=0)

    ex = _check(fn, [x])
    g = trace_graph(fn, [x])
    assert [e for e in g.eqns if e.params.get('axis') == ()]  # (traced as written)
    assert not [e for e in simplify(g).eqns if e.params.get('axis') == ()]
    assert not [w for w in recwarn if 'tapejit' in str(w.message)]
    assert ex([x])[0].dtype == np.dtype(np.int64 if dtype == np.bool_ else dtype)


@pytest.mark.parametrize('shape, axis, keepdims', [
    ((6, 5), 1, True), ((6, 5), 0, False), ((4, 3, 5), (0, 2), False),
    ((4, 3, 5), None, False), ((7,), None, True), ((3, 4), (1,), False)])
@pytest.mark.parametrize('op', ['sum', 'max', 'min'])
def test_reductions_with_elementwise_producers(shape, axis, keepdims, op):
    rng = np.random.default_rng(0)
    x = rng.standard_normal(shape).astype(np.float32)
    red = getattr(F, op)
    _check(lambda x: red(F.exp(x) * 2 - x, axis=axis, keepdims=keepdims), [x])


def test_broadcasting_loads():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((4, 1, 5)).astype(np.float64)
    b = rng.standard_normal((3, 1)).astype(np.float64)
    c = rng.standard_normal(()).astype(np.float64)
    _check(lambda a, b, c: F.tanh(a * b + c) - F.maximum(a, b), [a, b, c])


def test_softmax_cross_entropy_and_layer_norm_with_backward():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((8, 6)).astype(np.float32)
    t = rng.integers(0, 6, 8).astype(np.int32)
    g = (1 + 0.1 * rng.standard_normal(6)).astype(np.float32)
    b = rng.standard_normal(6).astype(np.float32)

    def f(x, g, b):
        xs = [tapejit.Variable(v) for v in (x, g, b)]
        y = F.layer_normalization(xs[0], xs[1], xs[2])
        loss = F.softmax_cross_entropy(F.gelu(y, approximate='tanh'), t)
        return [loss] + list(tapejit.grad([loss], xs))
    _check(f, [x, g, b], rtol=1e-4)


def test_nan_and_inf_propagate_as_in_eager_mode():
    x = np.array([1.0, np.nan, np.inf, -np.inf, 0.0], np.float32)
    _check(lambda x: F.maximum(x, x * 0) + F.sum(F.minimum(x, 1.0)) + F.max(x), [x])


def test_mixed_dtypes_casts_and_comparisons():
    x = np.arange(-3, 3, dtype=np.int32)
    y = np.linspace(-1, 1, 6)
    _check(lambda x, y: F.where(x > 0, F.cast(x, np.float64) * y, y / 2), [x, y])


def test_a_new_batch_size_compiles_no_new_kernel():
    rng = np.random.default_rng(3)

    def f(x, w):
        return F.sum(F.relu(x * w - 0.5), axis=1)
    _check(f, [rng.standard_normal((8, 16)).astype(np.float32),
               rng.standard_normal(16).astype(np.float32)])
    before = compiled_signatures()
    _check(f, [rng.standard_normal((5, 16)).astype(np.float32),
               rng.standard_normal(16).astype(np.float32)])
    assert compiled_signatures() == before


def test_groups_respect_dependencies_through_calls():
    # A matmul between elementwise stages: the second stage cannot share the
    # first one's loop.
    rng = np.random.default_rng(4)
    a = rng.standard_normal((4, 4)).astype(np.float32)

    def f(a):
        h = F.tanh(a) * 2
        return h + F.matmul(h, a) + 1
    ex = _check(f, [a])
    units = fusion.partition(ex.plan.graph)
    assert len([u for u in units if isinstance(u, fusion.Group)]) == 2


@pytest.mark.parametrize('kernels', ['parallel', 'one-call'])
def test_second_process_starts_warm(tmp_path, kernels):
    # The object code of the plan's parallel kernels, or of the natively
    # compiled plan (a plan this small runs as one call at once when its
    # kernels are serial), is reused by a new process: it compiles nothing.
    code = ('import numpy as np, tapejit, tapejit.functions as F\n'
            'from tapejit.backends import threads\n'
            'from tapejit.targets import compile_graph\n'
            'from tapejit.targets.cpu import executable, llvm_jit, native\n'
            'from tapejit.ir.trace import trace_graph\n'
            f'executable.PARALLEL_MIN = {1 if kernels == "parallel" else 1 << 17}\n'
            'made = []\n'
            'compile_object = llvm_jit._object_code\n'
            'llvm_jit._object_code = lambda ir, *a: made.append(1) or compile_object(ir, *a)\n'
            'x = np.ones(9, np.float32)\n'
            'ex = compile_graph(trace_graph(lambda x: F.sum(F.sin(x) * 3 + x), [x]))\n'
            'out = ex([x])[0]\n'
            'steps = [st for k, st in ex.plan.steps if k == "kernel"]\n'
            'par = all(st.parallel and isinstance(st.kernel, threads.Chunked) and\n'
            '          isinstance(st.kernel.kernel, native.NativeKernel) for st in steps)\n'
            'print(np.allclose(out, np.sum(np.sin(x) * 3 + x)), par, len(made))\n')
    env = dict(os.environ, TAPEJIT_CACHE_DIR=str(tmp_path))

    def run() -> list:
        return subprocess.run([sys.executable, '-c', code], env=env, check=True,
                              capture_output=True, text=True).stdout.split()
    cold = run()
    pattern = 'tj_*.o' if kernels == 'parallel' else 'tjplan_*.o'
    files = list((tmp_path / 'kernels' / 'native').glob(pattern))
    assert len(files) >= 1 if kernels == 'parallel' else len(files) == 1
    assert cold[:2] == ['True', str(kernels == 'parallel')] and int(cold[2]) > 0
    assert run() == ['True', str(kernels == 'parallel'), '0']


def test_damaged_cache_entry_is_rewritten_with_a_warning(tmp_path, monkeypatch):
    # A parallel kernel's object code, truncated: compiled again, with one warning.
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(tmp_path))
    forget_loaded()
    kernel = one_cell('kdamaged', 'add', 41.0)
    assert run_one_cell(kernel_cache.get_kernel(kernel)) == 42.0
    (path,) = (tmp_path / 'kernels' / 'native').glob('tj_*.o')
    blob = path.read_bytes()
    path.write_bytes(blob[:40])                      # truncated
    forget_loaded()
    with pytest.warns(RuntimeWarning, match='damaged') as w:
        k = kernel_cache.get_kernel(kernel)
        assert isinstance(k, native.NativeKernel) and 'claim' in k.params
        assert run_one_cell(k) == 42.0
    assert len([x for x in w if 'tapejit' in str(x.message)]) == 1
    assert path.read_bytes() == blob


def test_unwritable_cache_dir_compiles_in_memory(tmp_path, monkeypatch):
    blocker = tmp_path / 'file'
    blocker.write_text('not a directory')
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(blocker))
    forget_loaded()
    with pytest.warns(RuntimeWarning, match='compiling in memory'):
        k = kernel_cache.get_kernel(one_cell('kmem', 'mul', 3.0))
        assert k.kernel.chunk.parallel and k.cache_dir is None
        assert run_one_cell(k) == 3.0
    store.forget()


def test_inputs_of_the_wrong_count_shape_or_dtype_are_refused():
    g = trace_graph(lambda x: F.sum(x * 2), [np.ones((2, 3), np.float32)])
    ex = compile_graph(g)
    with pytest.raises(ValueError, match='takes 1 inputs, got 2'):
        ex([np.ones((2, 3), np.float32)] * 2)
    with pytest.raises(ValueError, match=r'input 0 is float32\(3, 2\); expected float32\(2, 3\)'):
        ex([np.ones((3, 2), np.float32)])
    with pytest.raises(ValueError, match=r'input 0 is float64\(2, 3\); expected float32'):
        ex([np.ones((2, 3))])


def _chain(x):
    # two fused loops with a reduction between them: an intermediate buffer
    return x * F.broadcast_to(F.sum(F.tanh(x) * 2, axis=1, keepdims=True), x.shape) + 1


def test_buffers_are_reused_and_outputs_held_by_the_caller_are_left_alone(monkeypatch):
    # The step-by-step runner's pool (a plan run as one call allocates inside).
    monkeypatch.setattr(one_call, 'ENABLED', False)
    # 128 KB: above POOL_MIN_BYTES, so its buffers go through the pool
    x = np.random.default_rng(0).standard_normal((256, 128)).astype(np.float32)
    g = trace_graph(_chain, [x])
    ex = compile_graph(g)
    want = interpret(g, [x])[0]
    held = ex([x])[0]
    owned = len(ex.pool._owned)
    for _ in range(5):
        np.testing.assert_allclose(ex([x])[0], want, rtol=1e-5, atol=1e-5)
    # Dropped outputs and dead intermediates came back: nothing new allocated.
    assert owned > 0 and len(ex.pool._owned) <= owned + 1
    # The output the caller kept was never written into again.
    np.testing.assert_allclose(held, want, rtol=1e-5, atol=1e-5)
    view = ex([x])[0][3:]  # a view keeps its buffer out of the pool
    before = view.copy()
    for _ in range(3):
        ex([x * 2])
    np.testing.assert_array_equal(view, before)


def test_a_view_returned_by_a_call_keeps_its_kernel_buffer():
    def f(x):
        y = F.tanh(x) * 3  # a kernel output ...
        return F.reshape(y, (-1,)), F.transpose(y)  # ... seen through views
    x = np.arange(12, dtype=np.float32).reshape(3, 4) / 10
    g = trace_graph(f, [x])
    ex = compile_graph(g)
    a, b = ex([x])
    a2, b2 = a.copy(), b.copy()
    for _ in range(3):
        ex([x + 1])
    np.testing.assert_array_equal(a, a2)
    np.testing.assert_array_equal(b, b2)


def test_float32_tanh_is_within_a_few_ulp_and_propagates_nan():
    x = np.concatenate([np.linspace(-12, 12, 200001, dtype=np.float32),
                        np.array([np.nan, np.inf, -np.inf, -0.0, 1e-30, 4e-4], np.float32)])
    got = compile_graph(trace_graph(lambda v: F.tanh(v), [x]))([x])[0]
    ref = np.tanh(x)
    fin = np.isfinite(ref)
    ulp = np.abs(got[fin].astype(np.float64) - ref[fin]) / np.spacing(np.abs(ref[fin]))
    assert ulp.max() <= 8, ulp.max()
    assert np.isnan(got[-6]) and got[-5] == 1 and got[-4] == -1
    assert np.signbit(got[-3]) and got[-2] == np.float32(1e-30)


@pytest.mark.parametrize('p', [2, 3, 4, -1, 0.5, 2.5])
def test_constant_powers(p):
    x = np.linspace(0.1, 3, 101).astype(np.float32)
    _check(lambda v: v ** p, [x], rtol=2e-6)


def test_division_by_zero_gives_inf_and_nan_as_numpy_does():
    x = np.array([1.0, -1.0, 0.0, 2.0], np.float32)
    y = np.array([0.0, 0.0, 0.0, 4.0], np.float32)
    with np.errstate(divide='ignore', invalid='ignore'):
        _check(lambda a, b: a / b, [x, y])


def _full_passes(ex, shape):
    return sum(1 for k, st in ex.plan.steps
               if (k == 'kernel' and st.spec.shape == shape) or k == 'call')


def test_row_chains_run_layer_norm_and_its_gradient_row_by_row():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((33, 40)).astype(np.float32)
    w = rng.standard_normal((33, 40)).astype(np.float32)
    g, b = np.ones(40, np.float32) * 1.5, np.full(40, 0.25, np.float32)

    def f(x, g, b, w):
        x, g, b = tapejit.Variable(x), tapejit.Variable(g), tapejit.Variable(b)
        y = F.layer_normalization(x, g, b, eps=1e-5)
        loss = F.sum(F.tanh(y) * w)
        return (loss,) + tuple(tapejit.grad([loss], [x, g, b]))
    ex = _check(f, [x, g, b, w], rtol=2e-5)
    chains = [st for k, st in ex.plan.steps if type(st).__name__ == '_ChainStep']
    assert chains, ex.explain()
    # mean, variance, normalize, gradient: one or two passes over the rows, not six
    assert _full_passes(ex, x.shape) <= 2, ex.explain()


def test_a_row_chain_part_reads_earlier_parts_through_their_own_parameters(monkeypatch):
    # Numba compiles a parallel loop assuming its array arguments do not
    # overlap: a part reading an earlier part's row sums through a second
    # parameter on the same memory read them before they were written
    # (layer norm's double backprop, every kernel forced parallel).
    from tapejit.targets.cpu import executable
    monkeypatch.setattr(executable, 'PARALLEL_MIN', 1)
    rng = np.random.default_rng([1, 0])
    x, g, b = (rng.uniform(-2, 2, s) for s in [(2, 4), (4,), (4,)])

    def f(x, g, b):
        x, g, b = (tapejit.Variable(a) for a in (x, g, b))
        y = F.layer_normalization(x, g, b)[:, np.array([0, 0])]
        loss = (F.sum(y * np.cos(np.arange(4) * 1.3).reshape(2, 2))
                + F.sum(F.log_softmax(x, axis=0) * np.cos(np.arange(8) * 1.3 + 1).reshape(2, 4)))
        gs = tapejit.grad([loss], [x, g, b], enable_double_backprop=True)
        ggs = tapejit.grad([sum(F.sum(v * v) for v in gs)], [x, g, b])
        return tuple(v for v in (loss, *gs, *ggs) if v is not None)
    ex = _check(f, [x, g, b], rtol=1e-9)
    chains = [st for k, st in ex.plan.steps if type(st).__name__ == '_ChainStep']
    assert chains and all(st.parallel for st in chains), ex.explain()
    for st in chains:
        made = {e.out.id for e in st.members} | {e.out.id for e in st.chain.views}
        assert not [v for sp in st.spec.specs for v, _ in sp.inputs if v.id in made]


def test_a_row_value_broadcast_across_rows_is_not_chained():
    # s has shape (n,): x * s multiplies column j by s[j], a value of another
    # row, so the two loops must not share one row loop.
    x = np.arange(36, dtype=np.float32).reshape(6, 6) / 10

    def f(x):
        s = F.sum(F.tanh(x), axis=1)
        return F.sum(x * F.broadcast_to(s, x.shape) + 1, axis=1)
    ex = _check(f, [x])
    assert not any(type(st).__name__ == '_ChainStep' for _, st in ex.plan.steps)


def test_softmax_forward_and_backward_take_at_most_two_passes():
    rng = np.random.default_rng(1)
    x, w = (rng.standard_normal((50, 20)).astype(np.float32) for _ in range(2))

    def f(x, w):
        x = tapejit.Variable(x)
        y = F.softmax(x, axis=1)
        return (y,) + tuple(tapejit.grad([F.sum(y * w)], [x]))
    ex = _check(f, [x, w])
    # logsumexp is lowered to loops: max, shift, exp-sum, log and the gradient
    # all run in one row chain
    assert _full_passes(ex, x.shape) <= 2, ex.explain()


@pytest.mark.parametrize('axis', [1, 0, None])
def test_logsumexp_lowered_to_loops_keeps_its_edge_cases(axis):
    x = np.array([[1, 2, 3], [-np.inf, -np.inf, -np.inf], [np.inf, 1, 2], [np.nan, 1, 2],
                  [1e30, -1e30, 0]], np.float32)
    with np.errstate(all='ignore'):
        ex = _check(lambda v: F.logsumexp(v, axis=axis), [x])
    assert not any(k == 'call' and 'logsumexp' in getattr(st[0], '__name__', '')
                   for k, st in ex.plan.steps), ex.explain()


@pytest.mark.parametrize('axis', [(1,), (0,), None])
def test_logsumexp_keeping_its_dims_is_lowered_to_loops_too(axis):
    from tapejit.ops.reduction import logsumexp
    x = np.array([[1, 2, 3], [-np.inf, -np.inf, -np.inf], [1e30, -1e30, 0]], np.float32)
    with np.errstate(all='ignore'):
        ex = _check(lambda v: logsumexp(v, axis=axis, keepdims=True), [x])
    assert not any(e.prim.name == 'logsumexp' for e in ex.plan.graph.eqns), ex.explain()


def test_a_parameter_update_is_written_in_place_by_its_kernel():
    rng = np.random.default_rng(0)
    W = tapejit.Variable(rng.standard_normal((300, 200)).astype(np.float32))
    x = rng.standard_normal((8, 200)).astype(np.float32)
    W_eager = tapejit.Variable(W.array.copy())

    def step(W, x):
        loss = F.sum(F.tanh(F.linear(x, W)))
        W.cleargrad()
        loss.backward()
        W.array -= 0.1 * W.grad
        return loss

    f = tapejit.jit(step)
    ref = W.array
    for _ in range(3):
        f(W, x)
        step(W_eager, x)
    assert W.array is ref  # other references see the update, as eagerly
    # (1 - tanh**2 near saturation magnifies tanh_f32 ulps: an absolute tolerance)
    np.testing.assert_allclose(W.array, W_eager.array, rtol=1e-5, atol=2e-5)
    plan, = f._plans()
    assert any(st.donated for k, st in plan.executable().plan.steps if k == 'kernel')


def _in_place_steps(f):
    plan, = f._plans()
    return [st for k, st in plan.executable().plan.steps if k == 'kernel' and st.donated]


def test_an_in_place_update_writes_through_its_input_parameter(monkeypatch):
    # Passed as an output too, the parameter array made LLVM's alias check
    # fail at run time, and the update ran as scalar code (twice as slow).
    monkeypatch.setattr(one_call, 'ENABLED', False)
    rng = np.random.default_rng(1)
    W = tapejit.Variable(rng.standard_normal((64, 48)))
    g = rng.standard_normal((64, 48))
    want = W.array - 0.1 * g

    @tapejit.jit
    def update(W, g):
        W.array -= 0.1 * g
    update(W, g)
    np.testing.assert_array_equal(W.array, want)
    st, = _in_place_steps(update)
    (k, i), = st.donated.items()
    param = st.spec.in_params[i]
    header = st.source.splitlines()[0]
    assert f'out{k}' not in header and param in header, st.source
    assert f'    {param}[i] = ' in st.source, st.source
    assert st.source == st.spec.source  # (rendered once, in place from the start)


def test_an_in_place_kernel_reduces_the_old_values(monkeypatch):
    # The sum reads the parameter at the index the update writes; the store
    # comes last, so the sum sees the values from before the update.
    monkeypatch.setattr(one_call, 'ENABLED', False)
    rng = np.random.default_rng(2)
    W = tapejit.Variable(rng.standard_normal(5000))
    g = rng.standard_normal(5000)
    old = W.array.copy()

    @tapejit.jit
    def update(W, g):
        s = F.sum(W * W)
        W.array -= 0.5 * g
        return s
    s = update(W, g)
    st, = _in_place_steps(update)
    assert st.spec.reductions  # the sum and the update are one kernel
    np.testing.assert_allclose(s.array, (old * old).sum(), rtol=1e-12)
    np.testing.assert_array_equal(W.array, old - 0.5 * g)


@pytest.mark.parametrize('how', ['read_only', 'strided'])
def test_an_in_place_kernel_writes_a_copy_of_an_array_it_may_not_write(monkeypatch, how):
    monkeypatch.setattr(one_call, 'ENABLED', False)
    g = np.ones((6, 4), np.float32)
    W = tapejit.Variable(np.zeros((6, 4), np.float32))

    @tapejit.jit
    def update(W, g):
        W.array -= 0.5 * g
    update(W, g)
    assert _in_place_steps(update)
    if how == 'read_only':
        kept = W.array
        kept.flags.writeable = False
    else:
        kept = np.zeros((4, 6), np.float32).T
        W.array = kept
    if how == 'read_only':
        # As eagerly (NumPy refuses ``-=`` on it): an error, the array untouched.
        with pytest.raises(ValueError, match='output array is read-only'):
            update(W, g)
        np.testing.assert_array_equal(kept, np.full((6, 4), -0.5))
        assert W.array is kept
    else:
        update(W, g)  # updated where it is, as eagerly, through a copy the kernel wrote
        assert W.array is kept
        np.testing.assert_array_equal(kept, np.full((6, 4), -0.5))


def test_the_old_array_returned_with_its_update_is_not_overwritten():
    W = tapejit.Variable(np.arange(6, dtype=np.float32).reshape(2, 3))

    @tapejit.jit
    def step(W):
        before = W.array
        W.array = W.array * 2 + 1
        return before, W.array
    before, after = step(W)
    np.testing.assert_array_equal(before, np.arange(6).reshape(2, 3))
    np.testing.assert_array_equal(after, np.arange(6).reshape(2, 3) * 2 + 1)
    np.testing.assert_array_equal(W.array, after)


def _hvp_like(x, v):
    x = tapejit.Variable(x)
    gx, = tapejit.grad([F.sum(F.tanh(x) ** 3)], [x], enable_double_backprop=True)
    return tapejit.grad([F.sum(gx * v)], [x])


@pytest.mark.parametrize('fn, n_in', [(_poly, 1), (_hvp_like, 2)])
def test_fused_loops_vectorize_with_contiguous_loads(fn, n_in):
    # A signed chunk index made every load a gather (4x slower); a strict-order
    # sum made poly latency-bound.  Both show in the machine code.
    rng = np.random.default_rng(0)
    args = [rng.standard_normal(4096).astype(np.float32) for _ in range(n_in)]
    ex = _check(fn, args)
    (kind, st), = ex.plan.steps
    ex.one_call = None  # this kernel, not the plan function, is what runs
    ex(list(args))
    k = st.kernel
    text = llvm_render.translate(k.kernel, k.signatures[0], k.fastmath, 'vec', k.exclusive)
    asm = llvm_jit._jit()['tm'].emit_assembly(llvm_jit._optimized(text)).lower()
    if 'ymm' not in asm and 'zmm' not in asm:
        pytest.skip('this CPU has no 256/512-bit vector registers')
    assert 'gather' not in asm
    assert 'vmulps' in asm
    if st.spec.reductions:
        assert any(f'vaddpd\t%{r}' in asm or f'vaddpd %{r}' in asm for r in ('ymm', 'zmm'))


def test_an_input_read_through_a_view_is_not_updated_in_place(monkeypatch):
    # transpose returns a view of the parameter's array: read at [j, i] by the
    # update kernel, and by a product after it, both need the old values.
    monkeypatch.setattr(one_call, 'ENABLED', False)
    n = 32
    w0 = (np.arange(n * n, dtype=np.float32).reshape(n, n) / (n * n))
    b = np.linspace(0, 1, n).astype(np.float32)
    x = np.ones((4, n), np.float32)

    @tapejit.jit
    def self_transposed(w, b):
        w.array = w.array - 0.5 * F.transpose(w).array + b

    @tapejit.jit
    def read_later(w, x):
        wt = F.transpose(w)
        w.array = w.array - 0.1 * b
        return F.matmul(x, wt)
    for _ in range(2):
        w = tapejit.Variable(w0.copy())
        self_transposed(w, b)
        np.testing.assert_allclose(w.array, w0 - 0.5 * w0.T + b, rtol=1e-6)
        w = tapejit.Variable(w0.copy())
        y = read_later(w, x)
        np.testing.assert_allclose(y.array, x @ w0.T, rtol=1e-5)
        np.testing.assert_allclose(w.array, w0 - 0.1 * b, rtol=1e-6)


def test_an_update_also_returned_keeps_the_returned_array(monkeypatch):
    monkeypatch.setattr(one_call, 'ENABLED', False)

    @tapejit.jit
    def step(w, g):
        w.array = w.array - 0.1 * g
        return w.array
    w = tapejit.Variable(np.ones(4, np.float32))
    g = np.ones(4, np.float32)
    r1 = step(w, g)
    step(w, g)
    np.testing.assert_allclose(r1, 0.9)  # as eagerly: the next call leaves it
    np.testing.assert_allclose(w.array, 0.8)


def test_a_pooled_array_kept_as_a_parameter_is_lent_once(monkeypatch):
    # A read-only parameter gets a pool buffer as its new array, which comes
    # back as the update's output on every later call.
    monkeypatch.setattr(one_call, 'ENABLED', False)
    g = np.ones((256, 128), np.float32)  # large enough for the pool
    W = tapejit.Variable(np.zeros((256, 128), np.float32))

    @tapejit.jit
    def update(W, g):
        W.array -= 0.5 * g
    update(W, g)
    # A read-only parameter's in-place update raises, as eagerly; the arrays
    # given it anew afterwards take the kernel's update where they are.
    W.array.flags.writeable = False
    with pytest.raises(ValueError, match='output array is read-only'):
        update(W, g)
    for k in range(6):
        W.array = W.array.copy()
        update(W, g)
    np.testing.assert_allclose(W.array, -3.5)


def test_a_returned_view_of_an_update_is_not_overwritten(monkeypatch):
    monkeypatch.setattr(one_call, 'ENABLED', False)

    @tapejit.jit
    def step(w):
        w.array = w.array - 0.5
        return F.reshape(w, (2, 2))
    w = tapejit.Variable(np.arange(4, dtype=np.float32))
    first = step(w)
    step(w)
    step(w)
    np.testing.assert_allclose(first.array, np.arange(4).reshape(2, 2) - 0.5)
    np.testing.assert_allclose(w.array, np.arange(4) - 1.5)


def test_an_input_sharing_a_donated_array_reads_the_old_values(monkeypatch):
    # The parameter's own array passed as a second input: the kernel must not
    # update it in place before the product reads it.
    monkeypatch.setattr(one_call, 'ENABLED', False)
    x = np.eye(3, dtype=np.float32) * 2

    def f(w, a):
        w.array = w.array * 2
        return F.matmul(F.matmul(w, x), x) + a
    jitted, reference = tapejit.jit(f), tapejit.jit(f, target='interpret')
    for _ in range(2):
        w, w_ref = (tapejit.Variable(np.ones((3, 3), np.float32)) for _ in range(2))
        got, want = jitted(w, w.array), reference(w_ref, w_ref.array)
        np.testing.assert_allclose(got.array, want.array)
        np.testing.assert_allclose(w.array, w_ref.array)


def test_inputs_on_one_foreign_buffer_count_as_shared(monkeypatch):
    # Two arrays over one bytearray through different memoryviews: different
    # base objects, overlapping memory. The donated one is updated on a copy.
    monkeypatch.setattr(one_call, 'ENABLED', False)
    n = 4096
    g = trace_graph(lambda w, x: w + x * 2, [np.zeros(n, np.float32)] * 2)
    ex = compile_graph(g, donate={0: 0})
    for _ in range(3):
        buf = bytearray(np.arange(n + 1, dtype=np.float32).tobytes())
        w = np.frombuffer(memoryview(buf)[4:], np.float32)      # elements 1..n
        x = np.frombuffer(memoryview(buf)[:4 * n], np.float32)  # elements 0..n-1
        want = interpret(g, [w.copy(), x.copy()])[0]
        np.testing.assert_array_equal(ex([w, x])[0], want)


def test_explain_passes_shows_the_plan_after_each_pass_in_order():
    import tapejit.functions as F

    def f(x):
        v = tapejit.Variable(x)
        y = F.sum(F.tanh(v) * 1.0)
        g, = tapejit.grad([y], [v])
        return y, g
    text = tapejit.jit(f).explain_passes(np.ones((4, 3), np.float32))
    heads = [ln.split(' (')[0].split(':')[0] for ln in text.splitlines() if ln.startswith('#')]
    assert heads == ['# traced', '# after lower_logsumexp', '# after fold', '# after cse',
                     '# after merge_products', '# after stack_scatters',
                     '# after batch_products',
                     '# after dce', '# after schedule_collectives', '# after fusion',
                     '# after lowering',
                     '# after memory planning', '# the Program']
    after_fold = text.split('# after fold\n')[1].split('# after')[0]
    assert 'mul' not in after_fold.split('tanh')[1].split('\n')[1]  # x * 1.0 folded away
    assert 'kernel group over (4, 3): tanh' in text
    assert text.split('# the Program\n')[1].startswith('plan(T, ')


def _weight_grad_graph(batches, extra=False):
    rng = np.random.default_rng(0)
    W = tapejit.Variable(rng.standard_normal((4, 3)))

    def f(xs, c):
        W.cleargrad()
        loss = sum(F.sum(F.tanh(F.linear(x, W)) ** 2) for x in xs)
        loss.backward()
        return W.grad_var + c if extra else W.grad_var
    xs = [rng.standard_normal((n, 3)) for n in batches]
    c = rng.standard_normal((4, 3))
    return tapejit.jit(f), f, (xs, c)


@pytest.mark.parametrize('batches', [(2, 3, 2, 1, 2), (3, 3)])
def test_a_sum_of_weight_products_becomes_one_product(batches):
    # A weight used at every step of a loop: its gradient, n products and
    # n - 1 additions, is one product of the stacked rows (and the forward's
    # n products by the weight, independent of each other, are one too).
    jf, f, args = _weight_grad_graph(batches)
    g = simplify(jf.lower(*args))
    names = [e.prim.name for e in g.eqns]
    assert names.count('matmul') == 2 and names.count('concat') == 3
    g = simplify(jf.lower(*args), [p for p in DEFAULT_PASSES if p is not batch_products])
    names = [e.prim.name for e in g.eqns]
    assert names.count('matmul') == len(batches) + 1 and names.count('concat') == 2
    np.testing.assert_allclose(jf(*args).array, f(*args).array, rtol=1e-13, atol=1e-13)


def test_weight_products_merge_beside_other_terms_of_the_sum():
    jf, f, args = _weight_grad_graph((2, 2, 2), extra=True)
    np.testing.assert_allclose(jf(*args).array, f(*args).array, rtol=1e-13, atol=1e-13)


def _parts_gradient(cut, parts):
    """``(jitted, eager)`` gradient of a function using ``parts`` (positions
    along its cut axis) of an array cut by ``cut``: ``'gates'`` takes
    integer positions of the last axis of a (5, 6, 4) array, as an LSTM's
    gates; ``'rows'`` takes row ranges of a (9, 3) one, as F.split_axis;
    ``'picks'`` takes rows of it by index arrays."""
    rng = np.random.default_rng(3)
    x0 = rng.standard_normal((5, 6, 4) if cut == 'gates' else (9, 3))

    def f(x0):
        x = tapejit.Variable(x0)
        if cut == 'gates':
            pieces = [x[:, :, k] for k in parts]
        elif cut == 'picks':        # (index arrays, an empty one among them)
            pieces = [x[np.array(rows, dtype=np.int64)] for rows in parts]
        else:
            pieces = [x[a:b] for a, b in parts]
        loss = sum(F.sum(F.tanh(p) * (k + 1.0)) for k, p in enumerate(pieces))
        g, = tapejit.grad([loss], [x])
        return g
    return tapejit.jit(f), f, x0


@pytest.mark.parametrize('cut, parts', [('gates', (2, 0, 3, 1)),
                                        ('rows', ((0, 4), (4, 5), (5, 9)))])
def test_the_gradients_of_parts_covering_an_axis_are_one_concat(cut, parts):
    # Each part's gradient is a scatter into zeros of the whole array; the
    # parts cover the axis once, so their sum is the parts' values side by side.
    jf, f, x0 = _parts_gradient(cut, parts)
    g = simplify(jf.lower(x0))
    names = [e.prim.name for e in g.eqns]
    assert 'scatter_add' not in names and names.count('concat') == 1
    np.testing.assert_allclose(jf(x0).array, f(x0).array, rtol=1e-13, atol=1e-13)


@pytest.mark.parametrize('cut, parts', [('gates', (0, 1, 3)), ('rows', ((0, 4), (3, 9))),
                                        ('gates', (0, 0, 1, 2, 3)),
                                        ('picks', ((0, 1, 2, 3), (), (4, 5, 6, 7, 8)))])
def test_parts_that_do_not_cover_an_axis_once_keep_their_scatters(cut, parts):
    jf, f, x0 = _parts_gradient(cut, parts)
    g = simplify(jf.lower(x0))
    assert 'scatter_add' in [e.prim.name for e in g.eqns]
    np.testing.assert_allclose(jf(x0).array, f(x0).array, rtol=1e-13, atol=1e-13)


def _unrolled_rnn(steps=5, batch=3, width=4):
    """An RNN unrolled as users write it: an input layer, a recurrent one
    and an output layer per step, trained by its summed loss."""
    rng = np.random.default_rng(1)
    Wx, Wh, Wo = (tapejit.Variable(rng.standard_normal((width, width))) for _ in range(3))
    xs = [rng.standard_normal((batch, width)) for _ in range(steps)]

    def f(xs):
        for W in (Wx, Wh, Wo):
            W.cleargrad()
        h = tapejit.Variable(np.zeros((batch, width)))
        loss = 0
        for x in xs:
            h = F.tanh(F.linear(x, Wx) + F.linear(h, Wh))
            loss = loss + F.sum(F.linear(h, Wo) ** 2)
        loss.backward()
        return loss, Wx.grad_var, Wh.grad_var, Wo.grad_var
    return f, xs


def test_products_by_one_weight_that_do_not_wait_for_each_other_run_as_one():
    # The input and output layers of every step (and the output layer's
    # data gradients) are one product each; the recurrent layer's products
    # wait for each other and stay one per step.
    f, xs = _unrolled_rnn()
    jf = tapejit.jit(f)
    g = simplify(jf.lower(xs))
    plain = simplify(jf.lower(xs), [p for p in DEFAULT_PASSES if p is not batch_products])
    rows = [e.inputs[0].shape[0] for e in g.eqns if e.prim.name == 'matmul'
            and not e.params.get('transa')]
    assert rows.count(15) == 3      # x Wx^T, h Wo^T and gy Wo, each 5 steps of 3 rows
    assert sum(1 for e in plain.eqns if e.prim.name == 'matmul') - sum(
        1 for e in g.eqns if e.prim.name == 'matmul') == 3 * 4
    got = [v.array for v in jf(xs)]
    want = [v.array for v in f(xs)]
    for a, b in zip(got, want):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


def _draws_as_eagerly(f, xs, seed):
    """``tapejit.jit(f)``, checked twice to give ``f(xs)``'s eager value
    from the same dropout seed (the same masks)."""
    jf = tapejit.jit(f)
    for _ in range(2):
        F.set_dropout_seed(seed)
        want = f(xs).array
        F.set_dropout_seed(seed)
        np.testing.assert_allclose(jf(xs).array, want, rtol=1e-13, atol=1e-13)
    return jf


def test_batched_products_keep_the_random_draws_in_their_traced_order():
    # ptb's model: dropout before the input layer and after the recurrent
    # one. A mask is drawn from its input, so step t's first mask comes
    # after step t - 1's input product: those stay one per step, in eager's
    # order of draws. The output layer's products are one.
    rng = np.random.default_rng(3)
    Wx, Wh, Wo = (tapejit.Variable(rng.standard_normal((4, 5))) for _ in range(3))
    Wh = tapejit.Variable(rng.standard_normal((4, 4)))
    xs = [rng.standard_normal((3, 5)) for _ in range(4)]
    Wo = tapejit.Variable(rng.standard_normal((6, 4)))

    def f(xs):
        h = tapejit.Variable(np.zeros((3, 4)))
        ys = []
        for x in xs:
            h = F.dropout(F.tanh(F.linear(F.dropout(x), Wx) + F.linear(h, Wh)))
            ys.append(F.linear(h, Wo))
        return F.concat(ys, axis=0)
    jf = _draws_as_eagerly(f, xs, seed=5)
    rows = sorted((e.inputs[0].shape[0], e.inputs[1].shape[0]) for e in simplify(
        jf.lower(xs)).eqns if e.prim.name == 'matmul')
    assert rows == [(3, 4)] * 8 + [(12, 6)], rows


def test_fusion_keeps_the_random_draws_in_their_traced_order():
    # The input dropouts of two steps are independent elementwise work of
    # one shape, which fusion would run as one loop: step 2's input mask
    # would then be drawn before step 1's output mask, unlike eagerly.
    rng = np.random.default_rng(4)
    Wx = tapejit.Variable(rng.standard_normal((4, 5)))
    Wh = tapejit.Variable(rng.standard_normal((4, 4)))
    xs = [rng.standard_normal((3, 5)) for _ in range(3)]

    def f(xs):
        h = tapejit.Variable(np.zeros((3, 4)))
        for x in xs:
            h = F.dropout(F.tanh(F.linear(F.dropout(x), Wx) + F.linear(h, Wh)))
        return h
    _draws_as_eagerly(f, xs, seed=6)


def test_two_weights_batches_that_need_each_other_keep_one():
    # W's products (p1, p3, p5) and V's (q2, q4) are each independent within
    # their weight, but p3 reads q2 and q4 reads p1: both batches cannot
    # run. The first is kept, the second left as traced.
    rng = np.random.default_rng(6)
    W, V = rng.standard_normal((6, 5)), rng.standard_normal((5, 6))

    def h(x1, x2, y):
        p1 = F.matmul(x1, W)
        q2 = F.matmul(x2, V)
        p3 = F.matmul(F.tanh(q2), W)
        q4 = F.matmul(F.tanh(p1), V)
        return p3, q4, F.matmul(y, W)
    args = (rng.standard_normal((1, 6)), rng.standard_normal((1, 5)),
            rng.standard_normal((1, 6)))
    jh = tapejit.jit(h)
    rows = sorted(e.inputs[0].shape[0] for e in batch_products(jh.lower(*args)).eqns
                  if e.prim.name == 'matmul')
    assert rows == [1, 1, 3]
    for got, want in zip(jh(*args), h(*args)):
        np.testing.assert_allclose(got.array, want.array, rtol=1e-13, atol=1e-13)


def test_a_draw_nothing_reads_is_still_made_so_later_draws_match_eager():
    # The first step's dropout is overwritten unread: eagerly its mask still
    # moves the generator, so the plan draws it too.
    rng = np.random.default_rng(5)
    W = tapejit.Variable(rng.standard_normal((4, 5)))
    xs = [rng.standard_normal((3, 5)) for _ in range(3)]

    def f(xs):
        for x in xs:
            h = F.dropout(F.linear(x, W))
        return h
    _draws_as_eagerly(f, xs, seed=7)


def test_a_product_waiting_for_anothers_result_is_not_batched_with_it():
    # y2's left operand is made from y1: one product would need y1 before
    # it exists. y3's is not: y1 and y3 run as one, and z (reading y1,
    # traced before y3's operand) is moved after it.
    rng = np.random.default_rng(2)
    W = rng.standard_normal((4, 4))

    def f(a, b):
        y1 = F.matmul(a, W)
        z = F.exp(y1)
        y2 = F.matmul(F.tanh(y1), W)
        y3 = F.matmul(b * 2, W)
        return z, y2, y3
    a, b = rng.standard_normal((2, 4)), rng.standard_normal((3, 4))
    jf = tapejit.jit(f)
    g = simplify(jf.lower(a, b))
    rows = sorted(e.inputs[0].shape[0] for e in g.eqns if e.prim.name == 'matmul')
    assert rows == [2, 5]
    for got, want in zip(jf(a, b), f(a, b)):
        np.testing.assert_allclose(got.array, want.array, rtol=1e-13, atol=1e-13)


@pytest.mark.parametrize('with_product', [False, True])
def test_a_sum_over_the_rows_keeps_a_few_partial_arrays_not_one_per_row(with_product):
    # (Per row, the partial sums were as large as the input, in float64, and
    # added up in a pass of their own: a weight gradient's sum over images.)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((64, 8, 600)).astype(np.float32)
    m = rng.standard_normal((600, 600)).astype(np.float32)

    def f(x):  # (a plan with a product runs its kernels parallel too)
        return F.sum(F.matmul(x, m) if with_product else x * 2, axis=0)
    jf = tapejit.jit(f)
    np.testing.assert_allclose(jf(x).array, f(x).array, rtol=1e-4, atol=1e-3)
    (plan,) = jf._plans()
    (st,) = [st for k, st in plan.executable().plan.steps if k == 'kernel']
    assert st.parallel and isinstance(st.kernel, threads.Chunked)
    from tapejit.targets.cpu import codegen
    assert st.nch <= codegen.ROW_PARTIALS  # (as many on any machine)


def test_a_row_chain_summing_over_the_rows_keeps_a_few_partial_arrays():
    # A layer normalization's gradient: row sums (its mean and variance)
    # and sums over the rows (its scale's and shift's gradients) in one row
    # chain. Its partial arrays were one per chunk of 16 rows, float64, as
    # large as half the input, zeroed at every call.
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2048, 512)).astype(np.float32)
    g = tapejit.Variable(np.ones(512, np.float32))
    b = tapejit.Variable(np.zeros(512, np.float32))

    def f(x):
        g.cleargrad()
        b.cleargrad()
        x = tapejit.Variable(x)
        loss = F.sum(F.layer_normalization(x, g, b) ** 2)
        loss.backward()
        return loss, g.grad_var, b.grad_var
    want = [v.array for v in f(x)]
    jf = tapejit.jit(f)
    for got, w in zip(jf(x), want):
        np.testing.assert_allclose(got.array, w, rtol=1e-4, atol=1e-3)
    from tapejit.targets.cpu import codegen
    (plan,) = jf._plans()
    chains = [st for k, st in plan.executable().plan.steps
              if k == 'kernel' and isinstance(st.unit, fusion.RowChain)]
    assert chains and all(st.nch <= codegen.ROW_PARTIALS for st in chains)


def test_a_cheap_value_later_groups_read_is_computed_again_not_stored():
    # The centered input of a normalization: its group sums it, a later
    # group (after the sums) reads it. Stored, it is a pass's write and a
    # read back; recomputed, each group reads x.
    rng = np.random.default_rng(9)
    x = rng.standard_normal((16, 8, 64)).astype(np.float32)

    def f(x):
        c = x - F.mean(x, axis=(0, 2), keepdims=True)
        s = F.sum(c * c, axis=(0, 2), keepdims=True)
        return c * s + 1
    ex = _check(f, [x], rtol=1e-4)
    kernels = [st for kind, st in ex.plan.steps if kind == 'kernel' and st.spec.shape == x.shape]
    summing = next(st for st in kernels if st.spec.reductions and 'mul' in
                   [e.prim.name for e in st.members])
    assert summing.spec.stores == [], [v.shape for v in summing.spec.stores]
    units = fusion.partition(ex.plan.graph)
    last = [u for u in units if isinstance(u, fusion.Group) and u.shape == x.shape][-1]
    assert 'sub' in [e.prim.name for e in last.members]


def test_a_transcendental_value_later_groups_read_stays_stored():
    rng = np.random.default_rng(10)
    x = rng.standard_normal((16, 8, 64)).astype(np.float32)

    def f(x):
        e = F.exp(x)
        s = F.sum(e, axis=(0, 2), keepdims=True)
        return e * s
    ex = _check(f, [x], rtol=1e-4)
    kernels = [st for kind, st in ex.plan.steps if kind == 'kernel' and st.spec.shape == x.shape]
    assert [len(st.spec.stores) for st in kernels] == [1, 1]


def test_values_made_cheaply_from_a_costlier_one_are_stored_as_that_one():
    # A tanh GELU's backward reads 1 + t and 1 - t**2: stored, two arrays
    # written and read back; the group stores t alone, and the later group
    # computes both from it.
    rng = np.random.default_rng(12)
    x = rng.standard_normal((16, 8, 64)).astype(np.float32)

    def f(x):
        t = F.tanh(x * 0.5)
        a, b = t + 1, 1 - t * t
        s = F.sum(a * b, axis=(0, 2), keepdims=True)
        return a * s + b
    ex = _check(f, [x], rtol=1e-4)
    kernels = [st for kind, st in ex.plan.steps if kind == 'kernel' and st.spec.shape == x.shape]
    summing = next(st for st in kernels if st.spec.reductions)
    assert len(summing.spec.stores) == 1, [v.shape for v in summing.spec.stores]
    assert 'tanh' in [e.prim.name for e in summing.members]
    last = kernels[-1]
    assert 'tanh' not in [e.prim.name for e in last.members]
    assert {'add', 'sub'} <= {e.prim.name for e in last.members}


def test_a_value_stored_anyway_is_read_not_made_again_and_stored_twice():
    # m is an output (stored whatever happens): the values made from it are
    # made from it by their readers, which neither make m again nor store it.
    rng = np.random.default_rng(13)
    x = rng.standard_normal((16, 8, 64)).astype(np.float32)

    def f(x):
        t = F.tanh(x * 0.5)
        m = t + 1
        e1, e2 = m * 3, m * 5
        s = F.sum(e1 * e2, axis=(0, 2), keepdims=True)
        u = e1 * s
        s2 = F.sum(u * u, axis=(0, 2), keepdims=True)
        return e2 * s2, m
    ex = _check(f, [x], rtol=1e-4)
    stored = [v.id for kind, st in ex.plan.steps if kind == 'kernel' for v in st.out_vars
              if v.shape == x.shape]
    assert len(stored) == len(set(stored)) == 2, stored


def test_planning_many_costly_values_in_one_nest_stays_fast():
    import time
    from tapejit.compiler.plan import Plan
    from tapejit.ir.trace import trace_graph
    x = np.ones((4, 8, 16), np.float32)

    # (One nest of 80 tanh values, each read later as 1 + t and 1 - t**2.)
    def f(x):
        ts = [F.tanh(x * (0.1 + i)) for i in range(80)]
        a, b = [t + 1 for t in ts], [1 - t * t for t in ts]
        acc = a[0] * b[0]
        for i in range(1, 80):
            acc = acc + a[i] * b[i]
        s = F.sum(acc, axis=(0, 2), keepdims=True)
        out = a[0] * s
        for i in range(80):
            out = out + a[i] * s + b[i]
        return out
    g = trace_graph(f, [x])
    start = time.perf_counter()
    Plan(g, rows=True)
    assert time.perf_counter() - start < 5.0


def test_values_recomputed_from_shared_equations_take_each_once():
    rng = np.random.default_rng(11)
    x = rng.standard_normal((16, 8, 64)).astype(np.float32)

    def f(x):
        a = x * 2
        u, v = a + 1, a - 1
        s = F.sum(u * v, axis=(0, 2), keepdims=True)
        return u * s + v
    ex = _check(f, [x], rtol=1e-4)
    for kind, st in ex.plan.steps:
        if kind == 'kernel':
            outs = [e.out.id for e in st.members]
            assert len(outs) == len(set(outs)), [e.prim.name for e in st.members]
