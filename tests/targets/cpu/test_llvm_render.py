"""CPU kernels compiled straight from the loop IR (tapejit.targets.cpu.llvm_render):
each op table row's LLVM entry against its Numba text run as plain Python on
NumPy scalars, tanh_f32's two forms bit for bit, what is refused, and the
kernels of compiled plans."""

from __future__ import annotations

import ast
import inspect
import math
import types

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.compiler import fusion
from tapejit.compiler import loop_ir as L
from tapejit.ir.interpret import interpret
from tapejit.ir.trace import trace_graph
from tapejit.ops.registry import KINDS, PRIMITIVES
from tapejit.targets import compile_graph
from tapejit.targets.cpu import codegen, emitter, llvm_jit, llvm_render, native, one_call, vecmath
from tapejit.targets.ops import OPS


f32, f64 = np.dtype(np.float32), np.dtype(np.float64)
i8, i32, u8 = np.dtype(np.int8), np.dtype(np.int32), np.dtype(np.uint8)
i16, i64 = np.dtype(np.int16), np.dtype(np.int64)
bool_ = np.dtype(np.bool_)
rng = np.random.default_rng(0)


pytestmark = pytest.mark.usefixtures('cache_dir')  # (tests/conftest.py)


def _values(dt: np.dtype, n: int = 67, special: bool = True) -> np.ndarray:
    if dt.kind == 'b':
        return rng.integers(0, 2, n).astype(bool)
    if dt.kind in 'iu':
        info = np.iinfo(dt)
        return rng.integers(max(info.min, -9), min(info.max, 9), n).astype(dt)
    x = (rng.standard_normal(n) * 3).astype(dt)
    if special:
        x[:8] = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-30, 7.9053111, -20.0]
    return x


def _kernel(prim: str, params: dict, in_dtypes: tuple, out_dtype: np.dtype) -> L.Kernel:
    args = [L.Load(f'in{k}', ('i',)) for k in range(len(in_dtypes))]
    body = [L.Assign(L.Local('t0'), L.Apply(prim, args, params, in_dtypes, out_dtype)),
            L.Assign(L.Load('out0', ('i',)), L.Local('t0'))]
    return L.Kernel('kernel', [f'in{k}' for k in range(len(in_dtypes))] + ['out0'], [],
                    L.ChunkLoop(False, [], [L.ChunkRange('i', body)], []))


def _python(k: L.Kernel, *arrays: np.ndarray) -> None:
    """Run ``k``'s Numba text as plain Python on NumPy scalars: the oracle."""
    ns = {'np': np, 'math': math, 'tanh_f32': vecmath.tanh_f32_py,
          'exp_f32': vecmath.exp_f32_py, 'erf_f32': vecmath.erf_f32_py,
          'log_f32': vecmath.log_f32_py, 'log1p_f32': vecmath.log1p_f32_py,
          'expm1_f32': vecmath.expm1_f32_py}
    exec(codegen.source(k), ns)
    with np.errstate(all='ignore'):
        ns['kernel'](np.array([arrays[0].size]), arrays[0].size, 1, *arrays)


def _native(k: L.Kernel, *arrays: np.ndarray) -> native.NativeKernel:
    nk = native.NativeKernel('kernel', k, False, None)
    nk(np.array([arrays[0].size]), 16, -(-arrays[0].size // 16), *arrays)
    assert nk.variants
    return nk


# (prim, params, input dtypes, output dtype, exact): ``exact`` where the
# text computes with IEEE operations only; library functions (NumPy's own
# and the C library's) may differ in the last place.
CASES = [
    ('neg', {}, (f32,), f32, True), ('neg', {}, (i32,), i32, True),
    ('absolute', {}, (f64,), f64, True), ('absolute', {}, (i8,), i8, True),
    ('sign', {}, (f32,), f32, True), ('sign', {}, (f64,), f64, True),
    ('tanh', {}, (f32,), f32, True), ('tanh', {}, (f64,), f64, False),
    ('sigmoid', {}, (f32,), f32, True), ('sigmoid', {}, (f64,), f64, False),
    ('sqrt', {}, (f32,), f32, True), ('exp', {}, (f64,), f64, False),
    ('log1p', {}, (f32,), f32, False), ('arctan', {}, (f64,), f64, False),
    ('erf', {}, (f32,), f32, False),
] + [('pow_const', {'p': p}, (f32,), f32, p != 1.7) for p in (1, 2, 3, 4, -1, 0.5, 1.7)] + [
    ('pow_const', {'p': 3}, (i32,), i32, True),
    ('cast', {'dtype': f64}, (i32,), f64, True), ('cast', {'dtype': f32}, (bool_,), f32, True),
    ('cast', {'dtype': bool_}, (f32,), bool_, True), ('cast', {'dtype': bool_}, (i8,), bool_, True),
    ('cast', {'dtype': f32}, (f64,), f32, True), ('cast', {'dtype': i32}, (u8,), i32, True),
    ('add', {}, (f32, f32), f32, True), ('sub', {}, (i32, f32), f64, True),
    ('mul', {}, (u8, i8), np.dtype(np.int16), True), ('div', {}, (f32, f32), f32, True),
    ('div', {}, (i32, i32), f64, True), ('pow', {}, (f64, f64), f64, False),
    ('maximum', {}, (f32, f32), f32, True), ('minimum', {}, (f64, f32), f64, True),
    ('maximum', {}, (i32, i32), i32, True),
    ('greater', {}, (f32, f32), bool_, True), ('less_equal', {}, (i32, f64), bool_, True),
    ('equal', {}, (f64, f64), bool_, True), ('not_equal', {}, (f32, f32), bool_, True),
    ('where', {}, (bool_, f32, f32), f32, True),
]


@pytest.mark.parametrize('case', CASES, ids=lambda c: f'{c[0]}-{"-".join(map(str, c[2]))}')
def test_each_rows_llvm_entry_computes_what_its_numba_text_computes(case):
    prim, params, ins, out, exact = case
    k = _kernel(prim, params, ins, out)
    special = not (prim == 'cast' and out.kind in 'iu')  # (a NaN as an int: undefined)
    arrays = [_values(dt, special=special) for dt in ins]
    want, got = np.zeros(67, out), np.zeros(67, out)
    _python(k, *arrays, want)
    _native(k, *arrays, got)
    if exact:
        nan = np.isnan(want) if out.kind == 'f' else np.zeros(want.shape, bool)
        assert np.array_equal(np.isnan(got), nan) if out.kind == 'f' else True
        assert got[~nan].tobytes() == want[~nan].tobytes(), (got, want)
    else:
        np.testing.assert_allclose(got, want, rtol=4e-7 if out == f32 else 1e-13,
                                   equal_nan=True)


def test_tanh_f32_llvm_form_gives_the_python_forms_bits():
    x = np.concatenate([np.linspace(-9, 9, 20001, dtype=np.float32),
                        np.float32([0.0, -0.0, 3.9e-4, -3.9e-4, 4e-4, 7.905311, 7.9053111,
                                    -7.9053111, 1e-45, np.inf, -np.inf, np.nan])])
    y = np.zeros_like(x)
    _native(_kernel('tanh', {}, (f32,), f32), x, y)
    want = np.array([vecmath.tanh_f32_py(v) for v in x], np.float32)
    assert np.isnan(y[-1]) and np.isnan(want[-1])
    assert y[:-1].view(np.uint32).tolist() == want[:-1].view(np.uint32).tolist()


def _exp_inputs() -> np.ndarray:
    rng = np.random.default_rng(5)
    return np.concatenate([
        np.linspace(-110, 92, 40001, dtype=np.float32),
        rng.uniform(-1, 1, 4000).astype(np.float32),
        rng.uniform(-104, -87, 4000).astype(np.float32),   # subnormal results
        np.float32([0.0, -0.0, 1e-30, -1e-30, vecmath._EXP_HI, np.nextafter(
            vecmath._EXP_HI, np.float32(np.inf)), vecmath._EXP_LO, np.nextafter(
            vecmath._EXP_LO, np.float32(-np.inf)), np.inf, -np.inf, np.nan])])


def test_exp_f32_llvm_form_gives_the_python_forms_bits():
    x = _exp_inputs()
    y = np.zeros_like(x)
    _native(_kernel('exp', {}, (f32,), f32), x, y)
    want = np.array([vecmath.exp_f32_py(v) for v in x], np.float32)
    assert np.isnan(y[-1]) and np.isnan(want[-1])
    assert y[:-1].view(np.uint32).tolist() == want[:-1].view(np.uint32).tolist()


def test_exp_f32_is_within_two_ulp_of_numpy_and_vectorizes():
    x = _exp_inputs()
    with np.errstate(over='ignore'):
        want = np.exp(x)
    got = np.array([vecmath.exp_f32_py(v) for v in x], np.float32)
    assert np.array_equal(np.isnan(got), np.isnan(want))
    assert np.array_equal(np.isinf(got), np.isinf(want))
    fin = np.isfinite(want)
    ulps = np.abs(got[fin].view(np.int32).astype(np.int64) - want[fin].view(np.int32))
    assert ulps.max() <= 2, x[fin][ulps.argmax()]
    # Branch-free: the loop over it vectorizes (a call per element did not).
    nk = native.NativeKernel('kernel', _kernel('exp', {}, (f32,), f32), False, None)
    text = llvm_render.translate(nk.kernel, (('l', 1, True), 'int', 'int', ('f', 1, True),
                                             ('f', 1, True)), False, 'exp_demo')
    assert 'expf' not in text and 'llvm.exp' not in text


def _erf_inputs() -> np.ndarray:
    rng = np.random.default_rng(6)
    # (Every float32 from 2.79 to 3.95, where the approximation is furthest
    # from erf, and its negatives.)
    worst = np.arange(np.float32(2.79).view(np.int32), np.float32(3.95).view(np.int32),
                      dtype=np.int32).view(np.float32)[::16]
    return np.concatenate([
        np.linspace(-6, 6, 60001, dtype=np.float32), worst, -worst,
        rng.standard_normal(20000).astype(np.float32) * 2,
        (np.float32(10.0) ** rng.uniform(-38, 0, 4000)).astype(np.float32),
        np.float32([0.0, -0.0, 1e-45, -1e-45, 3.99, 4.0, -4.0, np.nextafter(
            np.float32(4), np.float32(5)), 1e30, np.inf, -np.inf, np.nan])])


def test_erf_f32_llvm_form_gives_the_python_forms_bits():
    x = _erf_inputs()
    y = np.zeros_like(x)
    _native(_kernel('erf', {}, (f32,), f32), x, y)
    want = np.array([vecmath.erf_f32_py(v) for v in x], np.float32)
    assert np.isnan(y[-1]) and np.isnan(want[-1])
    assert y[:-1].view(np.uint32).tolist() == want[:-1].view(np.uint32).tolist()


def test_erf_f32_is_within_seven_ulp_of_math_erf_and_vectorizes():
    x = _erf_inputs()
    want = np.array([math.erf(float(v)) if v == v else np.nan for v in x]).astype(np.float32)
    got = np.array([vecmath.erf_f32_py(v) for v in x], np.float32)
    assert np.array_equal(np.isnan(got), np.isnan(want))
    assert np.abs(got[~np.isnan(got)]).max() <= 1
    ok = ~np.isnan(want)
    ulps = np.abs(got[ok].view(np.int32).astype(np.int64) - want[ok].view(np.int32))
    assert ulps.max() <= 7, x[ok][ulps.argmax()]
    # (The signs of zero, and the smallest values, kept.)
    zeros = x == 0
    assert (got[zeros] == 0).all() and (np.signbit(got[zeros]) == np.signbit(x[zeros])).all()
    # Branch-free: the loop over it vectorizes (a call of erff per element
    # did not).
    text = llvm_render.translate(_kernel('erf', {}, (f32,), f32),
                                 (('l', 1, True), 'int', 'int', ('f', 1, True),
                                  ('f', 1, True)), False, 'erf_demo')
    assert 'erff' not in text and 'llvm.fma' in text


def _log_inputs() -> np.ndarray:
    rng = np.random.default_rng(7)
    return np.concatenate([
        np.linspace(1e-3, 10, 50001, dtype=np.float32),
        (np.float32(10.0) ** rng.uniform(-45, 38.5, 30000)).astype(np.float32),  # subnormals too
        np.float32([1.0, 2.0, 0.5, 0.70710677, 0.70710683, np.nextafter(np.float32(1), 0),
                    np.nextafter(np.float32(1), 2), 1e-45, 1.1754942e-38, 1.1754944e-38,
                    3.4028235e38, 0.0, -0.0, -1e-45, -1.0, -np.inf, np.inf, np.nan])])


def test_log_f32_llvm_form_gives_the_python_forms_bits():
    x = _log_inputs()
    y = np.zeros_like(x)
    _native(_kernel('log', {}, (f32,), f32), x, y)
    want = np.array([vecmath.log_f32_py(v) for v in x], np.float32)
    assert np.array_equal(np.isnan(y), np.isnan(want))
    ok = ~np.isnan(want)
    assert y[ok].view(np.uint32).tolist() == want[ok].view(np.uint32).tolist()


def test_log_f32_is_within_three_ulp_of_numpy_and_vectorizes():
    x = _log_inputs()
    with np.errstate(divide='ignore', invalid='ignore'):
        want = np.log(x)
    got = np.array([vecmath.log_f32_py(v) for v in x], np.float32)
    assert np.array_equal(np.isnan(got), np.isnan(want))
    inf = np.isinf(want)
    assert np.array_equal(got[inf], want[inf])
    fin = np.isfinite(want)
    ulps = np.abs(got[fin].view(np.int32).astype(np.int64) - want[fin].view(np.int32))
    assert ulps.max() <= 3, x[fin][ulps.argmax()]
    text = llvm_render.translate(_kernel('log', {}, (f32,), f32),
                                 (('l', 1, True), 'int', 'int', ('f', 1, True),
                                  ('f', 1, True)), False, 'log_demo')
    assert 'logf' not in text and 'llvm.log' not in text


def _near_zero_inputs(low: float, high: float) -> np.ndarray:
    rng = np.random.default_rng(8)
    tiny = (np.float32(10.0) ** rng.uniform(-45, 0, 20000)).astype(np.float32)
    return np.concatenate([np.linspace(low, high, 50001, dtype=np.float32), tiny, -tiny,
                           np.float32([0.0, -0.0, -1.0, -2.0, 88.7, 89.0, -104.0, 3e38,
                                       -3e38, np.inf, -np.inf, np.nan])])


@pytest.mark.parametrize('name, low, high', [('log1p', -0.999, 20.0), ('expm1', -30.0, 30.0)])
def test_log1p_and_expm1_f32_keep_their_bits_and_are_within_three_ulp(name, low, high):
    x = _near_zero_inputs(low, high)
    ref = getattr(vecmath, f'{name}_f32_py')
    y = np.zeros_like(x)
    _native(_kernel(name, {}, (f32,), f32), x, y)
    with np.errstate(all='ignore'):
        want = np.array([ref(v) for v in x], np.float32)
        numpy_ = getattr(np, name)(x)
    assert np.array_equal(np.isnan(y), np.isnan(want))
    ok = ~np.isnan(want)
    assert y[ok].view(np.uint32).tolist() == want[ok].view(np.uint32).tolist()
    assert np.array_equal(np.isnan(want), np.isnan(numpy_))
    inf = np.isinf(numpy_)
    assert np.array_equal(want[inf], numpy_[inf])
    fin = np.isfinite(numpy_)
    ulps = np.abs(want[fin].view(np.int32).astype(np.int64) - numpy_[fin].view(np.int32))
    assert ulps.max() <= 3, x[fin][ulps.argmax()]
    text = llvm_render.translate(_kernel(name, {}, (f32,), f32),
                                 (('l', 1, True), 'int', 'int', ('f', 1, True),
                                  ('f', 1, True)), False, 'demo')
    assert not any(f'@"{fn}"' in text for fn in ('log1pf', 'expm1f', 'logf', 'expf'))


def test_erf_of_float64_keeps_the_c_librarys():
    text = llvm_render.translate(_kernel('erf', {}, (np.dtype(np.float64),), np.dtype(np.float64)),
                                 (('l', 1, True), 'int', 'int', ('d', 1, True),
                                  ('d', 1, True)), False, 'erf64_demo')
    assert '@"erf"(' in text


_SIG = (('l', 1, True), 'int', 'int', ('f', 1, True), ('f', 1, True))
_INTERLEAVED = '!"llvm.loop.interleave.count", i32 4'


def test_a_map_around_a_polynomial_is_interleaved_and_keeps_its_bits():
    # tanh's and exp's chains of fused multiply-adds: four vector iterations
    # in flight (emitter.LONG_CHAIN_INTERLEAVE); a plain map or a reduction
    # is left to LLVM's cost model.
    for prim, ref in (('tanh', vecmath.tanh_f32_py), ('exp', vecmath.exp_f32_py)):
        k = _kernel(prim, {}, (f32,), f32)
        assert _INTERLEAVED in llvm_render.translate(k, _SIG, False, f'{prim}_demo')
        # One chunk of an odd length: the interleaved vector body and the
        # remainder loop both run.
        x = np.linspace(-9, 9, 4133, dtype=np.float32)
        y = np.zeros_like(x)
        nk = native.NativeKernel('kernel', k, False, None)
        nk(np.array([x.size]), x.size, 1, x, y)
        want = np.array([ref(v) for v in x], np.float32)
        assert y.view(np.uint32).tolist() == want.view(np.uint32).tolist()
    plain = _kernel('mul', {}, (f32, f32), f32)
    sig = _SIG[:3] + (('f', 1, True),) * 3
    assert 'interleave' not in llvm_render.translate(plain, sig, False, 'mul_demo')
    acc = L.Local('acc')
    summed = L.Kernel('kernel', ['in0', 'out0'], [], L.ChunkLoop(
        False, [L.Assign(acc, L.Const(0.0, f32))],
        [L.ChunkRange('i', [L.Accumulate('sum', acc, L.Apply(
            'tanh', (L.Load('in0', ('i',)),), {}, (f32,), f32))])],
        [L.Assign(L.Load('out0', ('c',)), acc)]))
    assert 'interleave' not in llvm_render.translate(summed, _SIG, False, 'sum_demo')


def _fma_exact(a, b, c) -> np.float32:
    from fractions import Fraction
    v = Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c))
    r = np.float32(float(v))
    near = [r, np.nextafter(r, np.float32(np.inf)), np.nextafter(r, np.float32(-np.inf))]
    return min(near, key=lambda t: (abs(Fraction(float(t)) - v), int(t.view(np.uint32)) & 1))


def test_fma_f32_rounds_once_as_llvm_fma_does():
    rng = np.random.default_rng(7)
    cases = [tuple(rng.standard_normal(3).astype(np.float32) * np.float32(s))
             for s in (1e-3, 1.0, 1e3) for _ in range(300)]
    # cancellation, and products landing a hair off a float32 midpoint
    cases += [(a, b, -np.float32(np.float64(a) * b)) for a, b, _ in cases[:200]]
    for _ in range(300):
        a, b = (np.float32(1 + rng.integers(1, 2 ** 12) * 2.0 ** -12) for _ in range(2))
        cases.append((a, b, np.float32(rng.choice([1e-8, -1e-8, 2 ** -30, -2 ** -30]))))
    for a, b, c in cases:
        assert vecmath.fma_f32(a, b, c) == _fma_exact(a, b, c), (a, b, c)


def test_tanh_f32_is_evaluated_with_fused_multiply_adds_in_every_form(monkeypatch):
    # The native form calls llvm.fma; the Numba form (a parallel kernel)
    # gives the Python form's bits; the clamp saturates to exactly +-1.
    import llvmlite.ir as ir
    from tapejit.targets.cpu import executable
    em = emitter.Emitter(ir, ir.Module(), False)
    fn = ir.Function(em.module, ir.FunctionType(ir.FloatType(), [ir.FloatType()]), 'f')
    em.b = ir.IRBuilder(fn.append_basic_block())
    vecmath.tanh_f32_llvm(em, (fn.args[0], f32))
    assert str(em.module).count('llvm.fma.f32') >= 10
    x = np.concatenate([np.linspace(-9, 9, 4001, dtype=np.float32),
                        np.float32([vecmath._CLAMP, -vecmath._CLAMP, 7.9053111, np.nan])])
    monkeypatch.setattr(executable, 'PARALLEL_MIN', 1)
    got = compile_graph(trace_graph(lambda v: F.tanh(v), [x]))([x])[0]
    want = np.array([vecmath.tanh_f32_py(v) for v in x], np.float32)
    assert got.view(np.uint32).tolist()[:-1] == want.view(np.uint32).tolist()[:-1]
    assert np.isnan(got[-1]) and (got[-4], got[-3]) == (1, -1)


@pytest.mark.parametrize('prim, params, ins, out, why', [
    ('pow_const', {'p': 5}, (i32,), i32, 'integer power'),
    ('pow', {}, (i32, i32), i32, 'integer power'),
    ('exp', {}, (i16,), f32, 'np.exp of int16'),
    ('neg', {}, (bool_,), bool_, 'negative of a bool'),
    ('sub', {}, (bool_, bool_), bool_, '- of bools'),
])
def test_what_no_entry_compiles_is_refused(prim, params, ins, out, why):
    k = _kernel(prim, params, ins, out)
    sig = (('l', 1, True), 'int', 'int') + tuple((dt.char, 1, True) for dt in ins + (out,))
    with pytest.raises(native.Unsupported, match=why):
        llvm_render.translate(k, sig, False, 'refused')
    nk = native.NativeKernel('kernel', k, False, None)
    arrays = [_values(dt, 5) for dt in ins] + [np.zeros(5, out)]
    with pytest.raises(native.Unsupported, match=why):
        nk(np.array([5]), 16, 1, *arrays)


@pytest.mark.parametrize('prim, ins, out', [
    ('add', (bool_, bool_), bool_), ('mul', (bool_, bool_), bool_), ('sign', (i32,), i32),
    ('exp', (i32,), f64), ('sqrt', (i64,), f64)])
def test_bools_and_integers_compute_as_numpy(prim, ins, out):
    arrays = [np.absolute(_values(dt, 5)) if prim == 'sqrt' else _values(dt, 5) for dt in ins]
    got = np.zeros(5, out)
    native.NativeKernel('kernel', _kernel(prim, {}, ins, out), False, None)(
        np.array([5]), 16, 1, *arrays, got)
    want = getattr(np, {'add': 'add', 'mul': 'multiply'}.get(prim, prim))(*arrays)
    np.testing.assert_array_equal(got, want.astype(out))


def test_an_output_the_loop_ir_stores_to_must_be_writeable():
    # The entry learns which arrays are written from the loop IR (here an
    # accumulation into red0 and a store into out0), not from any text.
    t = L.Local('t0')
    body = [L.Assign(t, L.Load('in0', ('i',))), L.Assign(L.Load('out0', ('i',)), t),
            L.Accumulate('sum', L.Load('red0', ('c',)), t)]
    k = L.Kernel('kernel', ['in0', 'out0', 'red0'], [],
                 L.ChunkLoop(False, [], [L.ChunkRange('i', body)], []))
    assert llvm_render.stored_arrays(body) == {'out0', 'red0'}
    x = np.arange(5.0)
    for frozen in ('in0', 'out0', 'red0'):
        nk = native.NativeKernel('kernel', k, False, None)
        args = {'in0': x.copy(), 'out0': np.zeros(5), 'red0': np.zeros(1)}
        args[frozen].flags.writeable = False
        if frozen == 'in0':
            nk(np.array([5]), 16, 1, *args.values())
            assert args['out0'].tolist() == x.tolist() and args['red0'][0] == 10.0
        else:
            with pytest.raises(ValueError, match=f'writes {frozen}, given read-only'):
                nk(np.array([5]), 16, 1, *args.values())


def test_kernel_body_emits_into_a_given_module_for_a_caller_of_its_own():
    import llvmlite.ir as ir
    body = [L.Accumulate('max', L.Local('acc'), L.Load('x', ('i',)))]
    k = L.Kernel('k', ['x', 'out'], [], L.ChunkLoop(
        False, [L.Assign(L.Local('acc'), L.Const(-np.inf, f64))], [L.ChunkRange('i', body)],
        [L.Assign(L.Load('out', ('c',)), L.Local('acc'))]))
    em = emitter.Emitter(ir, ir.Module(name='mine'), {'reassoc'})
    lay = [emitter.Array(np.dtype(np.int64), 1, True), None, None,
           emitter.Array(f64, 1, False), emitter.Array(f64, 1, True)]
    f = llvm_render.kernel_body(em, k, lay, exclusive=True, inline=False, name='k_0')
    assert f.name == 'k_0' and 'noinline' in f.attributes
    assert [str(t) for t in f.function_type.args] == [
        'i64*', 'i64', 'i64', 'i64', 'double*', 'i64', 'i64', 'double*', 'i64']
    text = str(em.module)
    assert text.count('noalias') == 3 and 'call reassoc double @"llvm.maximum.f64"' in text
    llvm_jit._jit()['llvm'].parse_assembly(text).verify()
    with pytest.raises(native.Unsupported, match='5 arguments for 4 parameters'):
        llvm_render.kernel_body(em, L.Kernel('k', ['x'], [], k.chunk), lay, False)


def test_fusion_takes_each_primitives_own_kind_not_a_targets_table():
    assert {p.kind for p in PRIMITIVES.values()} <= set(KINDS)
    elementwise = {n for n, p in PRIMITIVES.items() if p.kind == 'elementwise'}
    assert elementwise == set(OPS)  # every one has a row, and only they
    assert all(callable(r.numba) and callable(r.llvm) for r in OPS.values())
    out = types.SimpleNamespace(dtype=f32, shape=(3,))
    for kind, loop in (('elementwise', 'ew'), ('broadcast', 'ew'), ('reduction', 'reduce'),
                       ('view', 'call'), ('call', 'call')):
        prim = types.SimpleNamespace(kind=kind, lowering={})  # no target's entry
        eqn = types.SimpleNamespace(prim=prim, inputs=[out], out=out)
        assert fusion.kind(eqn) == loop, kind


def test_a_plans_kernels_compile_from_their_loop_ir(monkeypatch):
    monkeypatch.setattr(one_call, 'ENABLED', False)

    def refuse(*a, **k):
        raise AssertionError('a kernel was compiled from Python source')
    x = rng.standard_normal((7, 33)).astype(np.float32)
    x[1, 3], x[2, 5], x[4, 0] = np.nan, np.inf, -np.inf
    v = rng.standard_normal(33).astype(np.float32)

    def fn(x, v):
        y = F.tanh(x) * F.sigmoid(x + v) + F.sum(x) + x ** 2
        return y, F.max(x, axis=0), F.min(x, axis=1), F.softmax(x * 0.5)
    g = trace_graph(fn, [x, v])
    # Nothing on the way from loop IR to machine code reads Python source
    # (no kernel text parsed, no helper's source inlined).
    with monkeypatch.context() as m:
        m.setattr(ast, 'parse', refuse)
        m.setattr(inspect, 'getsource', refuse)
        ex = compile_graph(g)
        with np.errstate(invalid='ignore'):
            outs = [ex([x, v]) for _ in range(2)]
    kernels = [st.kernel for kind, st in ex.plan.steps if kind == 'kernel']
    assert kernels and all(isinstance(k, native.NativeKernel) and k.kernel is not None
                           and k.variants for k in kernels)
    with np.errstate(invalid='ignore'):
        wants = interpret(g, [x, v])
    for got, want in zip(outs[1], wants):
        np.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-5, equal_nan=True)
    assert all(a.tobytes() == b.tobytes() for a, b in zip(*outs))


@pytest.mark.parametrize('op', ['max', 'min', 'sum'])
def test_folds_into_locals_and_array_cells_give_the_texts_bits(op):
    # NaN wins in max and min, a tie keeps the accumulator (0.0 against
    # -0.0), and a sum keeps its accumulator's dtype: as numba_text.update writes it.
    x = _values(f32, 64).reshape(8, 8)
    x[3, :4] = [0.0, -0.0, -0.0, 0.0]
    init = {'max': -np.inf, 'min': np.inf, 'sum': 0.0}[op]
    cell = [L.Accumulate(op, L.Load('red0', ('c', 'i1')), L.Load('in0', ('i0', 'i1')))]
    row = [L.Assign(L.Local('acc'), L.Const(init, f32)),
           L.For('i1', 1, [L.Accumulate(op, L.Local('acc'), L.Load('in0', ('i0', 'i1')))]),
           L.Assign(L.Load('red1', ('i0',)), L.Local('acc'))]
    k = L.Kernel('kernel', ['in0', 'red0', 'red1'], [], L.ChunkLoop(
        False, [], [L.ChunkRange('i0', [L.For('i1', 1, cell)] + row)], []))
    outs = {}
    for how, run in (('python', _python), ('native', None)):
        red0, red1 = np.full((1, 8), init, np.float32), np.zeros(8, np.float32)
        if run is None:
            nk = native.NativeKernel('kernel', k, False, None)
            nk(np.array([8, 8]), 8, 1, x, red0, red1)
            assert nk.variants
        else:
            ns = {'np': np, 'math': math}
            exec(codegen.source(k), ns)
            with np.errstate(all='ignore'):
                ns['kernel'](np.array([8, 8]), 8, 1, x, red0, red1)
        outs[how] = red0.tobytes() + red1.tobytes()
    assert outs['native'] == outs['python']


def _fors(stmts):
    for s in stmts:
        if isinstance(s, L.For):
            yield s
            yield from _fors(s.body)
        elif isinstance(s, L.ChunkRange):
            yield from _fors(s.body)


@pytest.mark.parametrize('shape,k', [((3, 4, 8, 10), 2), ((2, 3, 9, 24), 3), ((2, 2, 8, 32), 4)])
def test_a_poolings_window_axes_are_constants_of_its_kernels_and_give_numpys_values(shape, k):
    # A k x k pooling's windows are axes of k in its kernels' loops: each is
    # a constant of its kernel (codegen.SMALL_AXIS), written out by the
    # renderer, so that the loop around it runs over elements a constant
    # stride apart (vectorized); over a runtime size of 2 it ran scalar.
    x = rng.standard_normal(shape).astype(np.float32)
    gy = rng.standard_normal((shape[0], shape[1], shape[2] // k, shape[3] // k)).astype(
        np.float32)

    def fn(x, gy):
        v = tapejit.Variable(x)
        return tapejit.grad([F.sum(F.max_pooling_2d(v, k) * gy)], [v])[0].array
    g = trace_graph(fn, [x, gy])
    ex = compile_graph(g)
    sizes = {f.size for ir, _, _ in ex.lowered.kernels
             for f in _fors(ir.chunk.pre + ir.chunk.body + ir.chunk.post)}
    assert k in sizes
    assert any(f'range({k})' in ir_text for ir_text in
               (codegen.source(ir) for ir, _, _ in ex.lowered.kernels))
    got = ex([x, gy])[0]
    n, c, h, w = shape
    win = x[:, :, :h // k * k, :w // k * k].reshape(n, c, h // k, k, w // k, k)
    flat = win.transpose(0, 1, 2, 4, 3, 5).reshape(n, c, h // k, w // k, k * k)
    first = flat.argmax(-1)
    want = np.zeros_like(flat)
    np.put_along_axis(want, first[..., None], gy[..., None], -1)
    want = want.reshape(n, c, h // k, w // k, k, k).transpose(0, 1, 2, 4, 3, 5).reshape(
        n, c, h // k * k, w // k * k)
    np.testing.assert_array_equal(got[:, :, :h // k * k, :w // k * k], want)
    assert not got[:, :, h // k * k:].any() and not got[..., w // k * k:].any()


def test_only_few_copies_of_a_kernels_body_are_written_out():
    # Small innermost axes that hold more than SMALL_AXIS elements together
    # (a 4x4 feature map) stay run-time loops: written out, their copies
    # multiplied (16, 64) and the loops around them ran slower and compiled
    # for seconds.
    assert codegen.constant_axes((128, 512, 4, 4)) == frozenset()
    assert codegen.constant_axes((64, 3, 3, 3, 3, 3)) == frozenset()
    assert codegen.constant_axes((64, 32, 16, 2, 16, 2)) == {3, 5}
    for S in [(4, 3, 224, 224), (64, 2, 32, 2), (8, 1, 5, 1), (64, 32, 16, 3, 16, 3)]:
        const = codegen.constant_axes(S)
        assert math.prod(S[a] for a in const) <= codegen.MAX_COPIES
        assert all(S[a] <= codegen.SMALL_AXIS for a in const) and 0 not in const
