"""Serial kernels compiled by llvmlite directly (tapejit.targets.cpu.native),
against the same kernels compiled by Numba and against the interpreter."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import warnings

import numpy as np
import pytest

import tapejit.functions as F
from tapejit.backends import threads
from tapejit.targets import compile_graph
from tapejit.targets.cpu import executable, kernel_cache, llvm_jit, native, one_call
from tapejit.ir.interpret import interpret
from tapejit.ir.trace import trace_graph
from tapejit.compiler import loop_ir as L
from tapejit.compiler import store

f32, f64, i64 = np.dtype(np.float32), np.dtype(np.float64), np.dtype(np.int64)


@pytest.fixture(autouse=True)
def _setup(cache_dir, monkeypatch):
    # Step by step: a small plan would otherwise run as one Numba call.
    monkeypatch.setattr(one_call, 'ENABLED', False)


def _run(fn, args):
    g = trace_graph(fn, args)
    ex = compile_graph(g)
    outs = [ex(list(args)) for _ in range(2)]  # the loop, then the runner
    kernels = [st.kernel for kind, st in ex.plan.steps if kind == 'kernel']
    return g, outs, kernels


rng = np.random.default_rng(0)
X32 = rng.standard_normal((7, 33)).astype(np.float32)
X64 = rng.standard_normal((7, 33))
V32 = rng.standard_normal(33).astype(np.float32)
NANS = X32.copy()
NANS[1, 3], NANS[2, 5], NANS[4, 0] = np.nan, np.inf, -np.inf
I32 = rng.integers(-5, 5, (7, 33)).astype(np.int32)

CASES = {
    'relu_bias_rowmax': (lambda x, v: F.max(F.relu(x + v), axis=1), [X32, V32]),
    'softmax_cross_entropy': (lambda x: F.softmax_cross_entropy(
        x, np.arange(7, dtype=np.int32) % 33), [X32]),
    'log_softmax_rows': (lambda x: F.log_softmax(x), [X64]),
    'tanh_f32_sigmoid': (lambda x: F.tanh(x) * F.sigmoid(x) + F.sum(x), [X32]),
    'tanh_f64': (lambda x: F.tanh(x * 3), [X64]),
    'math_functions': (lambda x: F.exp(x) + F.log1p(F.absolute(x)) + F.expm1(x * 0.1)
                       + F.sqrt(F.absolute(x)) + F.sin(x) * F.cos(x), [X64]),
    'powers': (lambda x: x ** 2 + x ** 3 - F.absolute(x) ** 1.7 + x ** 4, [X32]),
    'nan_inf_max_min': (lambda x: (F.max(x, axis=0), F.min(x, axis=1), F.sum(x * 2)), [NANS]),
    'nan_maximum_where': (lambda x: F.where(x > 0, F.maximum(x, 0.5 * x), F.minimum(x, -x)),
                          [NANS]),
    'int_casts_and_compares': (lambda i, x: F.where(i > 0, F.cast(i, np.float32) * x, x / 2),
                               [I32, X32]),
    'column_sums': (lambda x: F.sum(x * x, axis=0) + 1, [X64]),
    'transposed_input': (lambda x: F.sum(F.exp(x) * 2, axis=1), [X32.T.copy().T]),
    'erf_sign': (lambda x: F.erf(x) + F.sign(x), [X32]),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_native_kernels_equal_the_interpreter(name):
    fn, args = CASES[name]
    g, nat, nk = _run(fn, args)
    assert nk and all(isinstance(k, native.NativeKernel) and k.variants for k in nk)
    want = interpret(g, list(args))
    for run in nat:
        for a, w in zip(run, want):
            assert a.shape == w.shape and a.dtype == w.dtype
            np.testing.assert_allclose(a, w, rtol=2e-5, atol=2e-5, equal_nan=True)


def _kernel(name, body, params=('x', 'y'), pre=(), post=(), parallel=False):
    """``name(n, ch, nch, *params)`` as loop IR: ``body`` over the rows of each chunk."""
    return L.Kernel(name, list(params), [], L.ChunkLoop(
        parallel, list(pre), [L.ChunkRange('i', body)], list(post)))


def _apply(prim, dt, *args):
    return L.Apply(prim, args, {}, (dt,) * len(args), dt)


def _scale(name, factor, dt=f64, prim='mul'):
    """``y[i] = x[i] <prim> factor``: the small kernel most tests compile."""
    x = L.Load('x', ('i',))
    return _kernel(name, [L.Assign(L.Load('y', ('i',)),
                                   _apply(prim, dt, x, L.Const(factor, dt)))])


def _call(k, *arrays):
    """Run kernel ``k`` over the rows of ``arrays[0]``, 16 rows a chunk."""
    rows = arrays[0].shape[0]
    return k(np.array([rows]), 16, -(-rows // 16), *arrays)


def test_strided_arrays_get_their_own_variant():
    cell = ('i', 'j')
    k = native.NativeKernel('k', _kernel('k', [L.For('j', 1, [L.Assign(
        L.Load('y', cell), _apply('mul', f32, L.Load('x', cell), L.Const(3.0, f32)))])]),
        False, None)
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    for x in (a, a[:, ::2], a.T):
        out = np.zeros(x.shape, np.float32)
        k(np.array(x.shape, np.int64), 16, 1, x, out)
        np.testing.assert_array_equal(out, x * 3)
    assert [s[3][2] for s in k.signatures] == [True, False]  # C, then strided
    out = np.zeros((4, 6))
    k(np.array([4, 6]), 16, 1, a.astype(np.float64), out)  # another dtype
    np.testing.assert_array_equal(out, a * 3)
    assert len(k.signatures) == 3


def test_a_strided_variant_leaves_contiguous_arrays_to_theirs():
    # The same arrays run the same compiled code whichever variant was
    # compiled last (the kernel's fast entry): a float sum vectorized in one
    # variant and not in another would round differently from call to call.
    cell = ('i', 'j')
    k = native.NativeKernel('ks', _kernel('ks', [L.For('j', 1, [L.Assign(
        L.Load('y', cell), _apply('mul', f32, L.Load('x', cell), L.Const(3.0, f32)))])]),
        False, None)
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    n = np.array([4, 3], np.int64)
    k(n, 16, 1, a[:, ::2], np.zeros((4, 3), np.float32))  # compiles the strided variant
    c, out = np.ascontiguousarray(a[:, ::2]), np.zeros((4, 3), np.float32)
    assert k.fast(n, 16, 1, c, out) is NotImplemented  # not the strided variant's
    k(n, 16, 1, c, out)
    np.testing.assert_array_equal(out, c * 3)
    assert k.fast(n, 16, 1, c, out) is None  # its own


@pytest.mark.parametrize('bad', ['dtype', 'ndim', 'list', 'count', 'byteorder', 'unaligned',
                                 'strided', 'float'])
def test_a_variant_refuses_arguments_it_was_not_compiled_for(bad):
    k = native.NativeKernel('k', _scale('k', 1.0, f32, 'add'), False, None)
    n, x, y = np.array([4]), np.arange(4, dtype=np.float32), np.zeros(4, np.float32)
    k(n, 16, 1, x, y)
    fast = k.fast
    assert fast(n, 16, 1, x, y) is None
    args = {'dtype': (n, 16, 1, x.astype(np.float64), y), 'ndim': (n, 16, 1, x.reshape(2, 2), y),
            'list': (n, 16, 1, [0.0] * 4, y), 'count': (n, 16, 1, x),
            'byteorder': (n, 16, 1, x.astype('>f4'), y),
            'unaligned': (n, 16, 1, np.frombuffer(b'\0' + x.tobytes(), np.float32, 4, 1), y),
            'strided': (n, 16, 1, np.arange(8, dtype=np.float32)[::2], y),
            'float': (n, 16.0, 1, x, y)}[bad]
    assert fast(*args) is NotImplemented
    np.testing.assert_array_equal(y, x + 1)  # nothing written


def test_a_kernel_outside_the_language_runs_op_by_op_with_a_warning():
    # An integer power has no LLVM entry: the plan runs that kernel's ops
    # with NumPy, and says so.
    x = np.arange(6, dtype=np.int64)
    g = trace_graph(lambda x: x ** 5 + x, [x])
    ex = compile_graph(g)
    with pytest.warns(RuntimeWarning, match='integer power.*one by one'):
        got = ex([x])
    np.testing.assert_array_equal(got[0], x ** 5 + x)
    np.testing.assert_array_equal(ex([x + 1])[0], (x + 1) ** 5 + x + 1)
    k = _scale('k', 3, i64, 'pow')
    with pytest.raises(native.Unsupported, match='integer power'):
        _call(native.NativeKernel('k', k, False, None), x, np.zeros(6, np.int64))


def test_parallel_kernels_are_native_and_equal_the_serial_ones(monkeypatch):
    # y[i] += x[i] * 3 over 1000 rows in chunks of 16: a chunk run twice, or
    # skipped, by the threads sharing the counter would show in y.
    def kernel(parallel):
        x_i, y_i = L.Load('x', ('i',)), L.Load('y', ('i',))
        body = [L.Assign(y_i, _apply('add', f64, y_i, _apply('mul', f64, x_i,
                                                               L.Const(3.0, f64))))]
        return _kernel('kpar', body, parallel=parallel)
    serial, par = kernel_cache.get_kernel(kernel(False)), kernel_cache.get_kernel(kernel(True))
    assert isinstance(par, native.NativeKernel) and isinstance(serial, native.NativeKernel)
    assert par is not serial  # (whether it is parallel is part of its identity)
    assert par.params[:4] == ['n', 'ch', 'nch', 'claim'] and 'claim' not in serial.params
    x = np.random.default_rng(1).standard_normal(1000)
    want = np.ones(1000)
    _call(serial, x, want)
    for width in (1, 2, 4, 8):
        y = np.ones(1000)
        threads.Chunked(par, width)(np.array([1000]), 16, -(-1000 // 16), x, y)
        np.testing.assert_array_equal(y, want)
    # A plan's kernels, all parallel (several chunks each, on the plan's
    # threads) or all serial.
    xs = rng.standard_normal((1000, 40)).astype(np.float32)

    def steps(parallel_min):
        monkeypatch.setattr(executable, 'PARALLEL_MIN', parallel_min)
        monkeypatch.setattr(threads, 'available_cores', lambda: 4)
        ex = compile_graph(trace_graph(lambda v: (F.sum(F.tanh(v) * v, axis=1),
                                                  F.exp(v) * 2 - v), [xs]))
        ex.one_call = None
        outs = [ex([xs]) for _ in range(2)]
        return outs, [st for kind, st in ex.plan.steps if kind == 'kernel']
    (want_a, want_b), serial_steps = steps(1 << 40)
    (got_a, got_b), par_steps = steps(1)
    assert serial_steps and not any(st.parallel for st in serial_steps)
    assert par_steps and all(st.parallel and isinstance(st.kernel, threads.Chunked)
                             and isinstance(st.kernel.kernel, native.NativeKernel)
                             and st.kernel.width == 4 and st.nch > 1 for st in par_steps)
    for got in (got_a, got_b):
        for a, w in zip(got, want_a):
            np.testing.assert_allclose(a, w, rtol=1e-6, atol=1e-6)


class _Sub(np.ndarray):
    pass


def test_subclasses_unaligned_and_swapped_arrays_run_as_plain_copies():
    k = native.NativeKernel('kc', _scale('kc', 2.0), False, None)
    raw = np.zeros(8 * 5 + 1, np.uint8)
    unaligned = raw[1:].view(np.float64)             # written: copied back
    swapped = np.arange(5.0).astype('>f8')
    _call(k, swapped, unaligned)
    np.testing.assert_array_equal(unaligned, np.arange(5.0) * 2)
    sub = np.zeros(5).view(_Sub)                      # (viewed as an ndarray)
    _call(k, np.arange(5.0).view(_Sub), sub)
    np.testing.assert_array_equal(np.asarray(sub), np.arange(5.0) * 2)
    with pytest.raises(native.Unsupported, match='0-d array'):
        k(np.array([5]), 16, 1, np.float64(1.0), np.zeros(5))


def test_a_damaged_object_is_recompiled_with_a_warning(tmp_path):
    # (A kernel of its own: a process loads each compiled variant once.)
    k = _scale('kd', 5.0)
    x, y = np.arange(3.0), np.zeros(3)
    _call(native.NativeKernel('kd', k, False, str(tmp_path)), x, y)
    (path,) = tmp_path.glob('*.o')
    blob = path.read_bytes()
    path.write_bytes(blob[:len(blob) // 2])  # truncated
    llvm_jit._entries.clear()  # as a new process
    y[:] = 0
    with pytest.warns(RuntimeWarning, match='damaged'):
        _call(native.NativeKernel('kd', k, False, str(tmp_path)), x, y)
    np.testing.assert_array_equal(y, x * 5)
    assert path.read_bytes() == blob  # rewritten whole


def test_an_unwritable_directory_compiles_in_memory_with_one_warning(tmp_path, monkeypatch):
    blocker = tmp_path / 'file'
    blocker.write_text('not a directory')
    monkeypatch.setattr(store, 'warned', set())
    x, y = np.arange(3.0), np.zeros(3)
    with pytest.warns(RuntimeWarning, match='compiling in memory'):
        _call(native.NativeKernel('k', _scale('k', 7.0), False, str(blocker / 'native')), x, y)
    np.testing.assert_array_equal(y, x * 7)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        _call(native.NativeKernel('k2', _scale('k2', 7.0), False, str(blocker / 'native')),
              x, y)


def test_a_second_process_loads_the_objects_without_numba(tmp_path):
    # Serial kernels compile (vecmath's tanh inlined) and load with llvmlite
    # alone: Numba is imported by neither process (the plan is small enough
    # for one call, which it is not yet: it has not run 100 times).
    code = ('import sys, numpy as np, tapejit, tapejit.functions as F\n'
            'from tapejit.targets import compile_graph\n'
            'from tapejit.ir.trace import trace_graph\n'
            'x = np.linspace(-1, 1, 4000, dtype=np.float32).reshape(40, 100)\n'
            'g = trace_graph(lambda x: F.sum(F.tanh(F.relu(x)) * 3 + x, axis=1), [x])\n'
            'print(float(compile_graph(g)([x])[0].sum()), "numba" in sys.modules)\n')
    env = dict(os.environ, TAPEJIT_CACHE_DIR=str(tmp_path))
    cold = subprocess.run([sys.executable, '-c', code], env=env, check=True,
                          capture_output=True, text=True).stdout.split()
    assert cold[1] == 'False'
    assert list((tmp_path / 'kernels' / 'native').glob('*.o'))
    warm = subprocess.run([sys.executable, '-c', code], env=env, check=True,
                          capture_output=True, text=True).stdout.split()
    assert warm == [cold[0], 'False']


KF = _scale('kf', 6.0)


def _fresh_run(d):
    x, y = np.arange(3.0), np.zeros(3)
    llvm_jit._entries.clear()  # as a new process: nothing loaded yet
    _call(native.NativeKernel('kf', KF, False, str(d)), x, y)
    np.testing.assert_array_equal(y, x * 6)


@pytest.mark.parametrize('fault', ['garbage', 'empty', 'unreadable'])
def test_a_faulty_object_entry_is_never_trusted(tmp_path, fault):
    _fresh_run(tmp_path)
    (path,) = tmp_path.glob('*.o')
    blob = path.read_bytes()
    if fault == 'garbage':  # same length, checksum no longer matches
        path.write_bytes(blob[:len(store.MAGIC) + 32] + bytes(len(blob) - 39))
    elif fault == 'empty':
        path.write_bytes(b'')
    else:
        path.chmod(0)
        if os.access(path, os.R_OK):
            pytest.skip('running as a user who reads any file')
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        _fresh_run(tmp_path)
    assert len(w) <= 1 and all('damaged' in str(x.message) for x in w)
    assert path.read_bytes() == blob


def test_processes_compiling_the_same_kernel_at_once(tmp_path):
    # (The loop IR travels pickled: the processes build nothing of their own.)
    code = ('import pickle, numpy as np\nfrom tapejit.targets.cpu import native\n'
            f'k = pickle.loads({pickle.dumps(KF)!r})\n'
            'x, y = np.arange(3.0), np.zeros(3)\n'
            f'native.NativeKernel("kf", k, False, {str(tmp_path)!r})(np.array([3]), 16, 1, x, y)\n'
            'assert (y == x * 6).all()\n')
    procs = [subprocess.Popen([sys.executable, '-c', code]) for _ in range(4)]
    assert [p.wait(timeout=300) for p in procs] == [0] * 4
    # (The kernel, and the entries' argument reader where this process had
    # not bound it yet.)
    assert len(list(tmp_path.glob('tj_*.o'))) == 1
    assert len(list(tmp_path.glob('tjenter_*.o'))) <= 1
    assert not list(tmp_path.glob('.tmp-*'))
    _fresh_run(tmp_path)


def test_read_only_outputs_long_long_and_big_ints():
    # y[i] = x[i] * m, with m an int argument.
    k = _kernel('kw', [L.Assign(L.Load('y', ('i',)),
                                _apply('mul', i64, L.Load('x', ('i',)), L.Local('m')))],
                ['m', 'x', 'y'])
    nk = native.NativeKernel('kw', k, False, None)
    n, x = np.array([3]), np.arange(3, dtype=np.longlong)  # type number 9, not int64's 7
    y = np.zeros(3, np.longlong)
    nk(n, 16, 1, 2, x, y)
    np.testing.assert_array_equal(y, x * 2)
    assert nk.fast(n, 16, 1, 2, x, y) is None
    ro = np.zeros(3, np.longlong)
    ro.flags.writeable = False
    assert nk.fast(n, 16, 1, 2, x, ro) is NotImplemented  # never stored to
    with pytest.raises(ValueError, match='writes y, given read-only'):
        nk(n, 16, 1, 2, x, ro)
    assert not ro.any()
    with pytest.raises(OverflowError):
        nk.fast(n, 16, 1, 2 ** 70, x, y)


def test_kernels_run_without_the_gil():
    import threading
    # for r in range(n[1]): for i in range(n[0]): y[i] = sqrt(x[i] + y[i])
    y_i = L.Load('y', ('i',))
    step = L.Assign(y_i, _apply('sqrt', f64, _apply('add', f64, L.Load('x', ('i',)), y_i)))
    k = native.NativeKernel('kg', L.Kernel('kg', ['x', 'y'], [], L.ChunkLoop(
        False, [], [L.For('r', 1, [L.For('i', 0, [step])])], [])), False, None)
    x, y = np.random.default_rng(0).random(1 << 16), np.zeros(1 << 16)
    k(np.array([8, 1]), 1, 1, x, y)
    ticks = [0]
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks[0] += 1
    t = threading.Thread(target=count)
    t.start()
    try:
        # The counting rate while this thread sleeps (the GIL free).
        import time
        t0, c0 = time.perf_counter(), ticks[0]
        time.sleep(0.1)
        rate = (ticks[0] - c0) / (time.perf_counter() - t0)
        t0, c0 = time.perf_counter(), ticks[0]
        k.fast(np.array([1 << 16, 3000]), 1, 1, x, y)  # a few tenths of a second of loops
        elapsed, during = time.perf_counter() - t0, ticks[0] - c0
    finally:
        done.set()
        t.join()
    # Holding the GIL, the other thread would count only in the switch
    # intervals around the call (a few ms), not through it.
    assert elapsed > 0.05
    assert during > 0.25 * rate * elapsed, (during, rate, elapsed)


def test_integer_arithmetic_wraps_in_the_array_dtype_as_numpy_does():
    # Numba widens 8- to 32-bit integers to 64 bits; eager mode (NumPy) and
    # the native kernels wrap in the dtype.
    a = np.array([2 ** 31 - 1, 2 ** 31 - 2, 5, -7] * 10, np.int32)
    b = np.array([1, 5, 3, 2 ** 31 - 1] * 10, np.int32)
    g, outs, kernels = _run(lambda a, b: (F.cast(a + b > b, np.float32) * 2,
                                          F.sum(F.cast(a * b, np.float32))), [a, b])
    assert all(isinstance(k, native.NativeKernel) for k in kernels)
    want = interpret(g, [a, b])
    for run in outs:
        for x, w in zip(run, want):
            np.testing.assert_allclose(x, w, rtol=1e-6)


def test_an_entry_is_one_call_of_the_process_argument_reader(tmp_path, monkeypatch):
    # Each entry hands its arguments and a table of their kinds to tj_enter:
    # none of the per-argument checks is compiled again in every kernel.
    import llvmlite.ir as ir
    from tapejit.compiler.loop_ir import Unsupported
    from tapejit.targets.cpu import emitter
    from tapejit.targets.cpu.llvm_render import translate
    x, y = np.arange(3.0), np.zeros(3)
    sig = native.signature((np.array([3]), 16, 1, x, y))
    text = translate(KF, sig, False, 'one_call_entry')
    assert '@"tj_enter"' in text and 'tj_arg_ok' not in text and 'tj_as_ll' not in text
    entry = text[text.index('define i8* @"one_call_entry"'):]
    assert entry[:entry.index('\n}')].count('\n  ') <= 4     # bitcasts, the call, ret
    # The reader: compiled once, kept in the store, bound before the first kernel.
    monkeypatch.setattr(llvm_jit, '_entries', {})
    monkeypatch.setitem(llvm_jit._setup()['symbols'], 'tj_enter', None)
    del llvm_jit._setup()['symbols']['tj_enter']
    native.NativeKernel('kf', KF, False, str(tmp_path))(np.array([3]), 16, 1, x, y)
    np.testing.assert_array_equal(y, x * 6)
    assert len(list(tmp_path.glob('tjenter_*.o'))) == 1
    assert llvm_jit._setup()['symbols']['tj_enter']
    # A call its block could not hold is refused when the entry is built.
    em = emitter.Emitter(ir, ir.Module('too_long'), False)
    with pytest.raises(Unsupported, match='argument words'):
        em.entry_function('too_long', [f'p{i}' for i in range(emitter.ENTRY_WORDS)], set(),
                          ('int',) * emitter.ENTRY_WORDS, lambda layout: None)
