"""The primitive table: every primitive has its rules, and abstract_eval agrees with impl.

``SAMPLES`` holds sample inputs per primitive; a primitive without samples
fails ``test_every_primitive_has_samples`` (add samples when adding a primitive).
"""

from __future__ import annotations

import numpy as np
import pytest

import tapejit  # noqa: F401  (registers the primitives)
from tapejit import Variable
from tapejit.gradient_check import check_backward, check_double_backward
from tapejit.ops import PRIMITIVES
from tapejit.ops.collective import SELF
from tapejit.ops.random import seed as _seed
from tapejit.ops.registry import Aval, Primitive

# Primitives with no gradient by definition (vjp is None): their outputs never
# require grad.  Every other primitive must have a vjp.
NON_DIFFERENTIABLE = frozenset({
    'sign', 'floordiv', 'greater', 'greater_equal', 'less', 'less_equal', 'equal',
    'not_equal', 'argmax', 'argmin',
    'dropout_mask', 'normal_noise', 'uniform_noise',  # (draws: constant in their input)
})

_rng = np.random.default_rng(0)


def f32(*shape):
    return np.asarray(_rng.standard_normal(shape), np.float32)


def f64(*shape):
    return np.asarray(_rng.standard_normal(shape))


def pos(*shape, dtype=np.float64):
    return np.asarray(_rng.uniform(0.5, 2.0, shape), dtype)


def distinct(*shape, dtype=np.float64):
    n = int(np.prod(shape)) if shape else 1
    return ((_rng.permutation(n) - n / 2) * 0.3).reshape(shape).astype(dtype)


def i32(*shape):
    return np.asarray(_rng.integers(-5, 6, shape), np.int32)


def boolean(*shape):
    return np.asarray(_rng.random(shape) > 0.5)


def far(*shape, dtype=np.float64, offset=0.0):
    """Grid values (step 0.5, + offset) with noise; offsets 0 and 0.25 never tie."""
    return np.asarray(_rng.integers(-4, 5, shape) * 0.5 + offset
                      + _rng.uniform(-0.1, 0.1, shape), dtype)


def _unary_float(make_pos=False):
    mk = pos if make_pos else (lambda *s, dtype=np.float64: _rng.standard_normal(s)
                                .astype(dtype))
    return [((mk(2, 3, dtype=np.float32),), {}), ((mk(dtype=np.float64),), {}),
            ((mk(4, dtype=np.float64),), {})]


def _binary(a_make=f64, b_make=f64):
    return [((a_make(2, 3), b_make(3)), {}), ((a_make(2, 1), b_make(1, 3)), {}),
            ((a_make(), b_make(2, 3)), {}), ((a_make(2, 3), b_make(2, 3)), {}),
            ((i32(2, 3), i32(3)), {}),
            ((f32(2, 3), f32(2, 3)), {})]


def _compare():
    return [((far(2, 3), far(3, offset=0.25)), {}), ((i32(2, 1), i32(1, 3)), {}),
            ((f32(), f32(2, 3)), {})]


SAMPLES = {
    'neg': _unary_float() + [((i32(2, 3),), {})],
    'exp': _unary_float(),
    'log': _unary_float(make_pos=True),
    'log1p': _unary_float(make_pos=True),
    'expm1': _unary_float(),
    'sqrt': _unary_float(make_pos=True),
    'sin': _unary_float(),
    'cos': _unary_float(),
    'tan': [((pos(2, 3) * 0.5,), {}), ((f32(3) * 0.5,), {})],
    'arcsin': [((pos(2, 3) * 0.4,), {}), ((f32(3) * 0.4,), {})],
    'arccos': [((pos(2, 3) * 0.4,), {}), ((f32(3) * 0.4,), {})],
    'arctan': [((pos(2, 3),), {}), ((f32(3),), {})],
    'tanh': _unary_float(),
    'sigmoid': _unary_float(),
    'sign': _unary_float() + [((i32(2, 3),), {})],
    'absolute': [((far(2, 3, offset=0.25),), {}), ((i32(2, 3),), {}),
                 ((far(3, dtype=np.float32, offset=0.25),), {})],
    'erf': _unary_float(),
    'pow_const': [((pos(2, 3),), dict(p=2)), ((pos(2, 3, dtype=np.float32),), dict(p=0.5)),
                  ((pos(3),), dict(p=-1.5)), ((i32(2, 3),), dict(p=3)),
                  ((pos(3),), dict(p=1)), ((pos(3),), dict(p=0)),
                  ((f64(2, 3),), dict(p=3)), ((f64(4),), dict(p=4))],
    'cast': [((f64(2, 3),), dict(dtype=np.dtype(np.float32))),
             ((f32(2, 3),), dict(dtype=np.dtype(np.float64))),
             ((f32(3),), dict(dtype=np.dtype(np.int32))),
             ((i32(3),), dict(dtype=np.dtype(np.float32)))],
    'add': _binary(),
    'sub': _binary(),
    'mul': _binary(),
    'div': [((f64(2, 3), pos(3)), {}), ((f64(2, 1), pos(1, 3)), {}),
            ((f64(), pos(2, 3)), {}), ((i32(2, 3), i32(3) * 0 + 2), {}),
            ((f32(2, 3), pos(2, 3, dtype=np.float32)), {})],
    'pow': [((pos(2, 3), f64(3)), {}), ((pos(2, 1), f64(1, 3)), {}),
            ((pos(), f64(2, 3)), {}), ((np.abs(i32(2, 3)), np.abs(i32(3))), {}),
            ((pos(3, dtype=np.float32), f32(3)), {})],
    'maximum': [((far(2, 3), far(3, offset=0.25)), {}),
                ((far(2, 1), far(1, 3, offset=0.25)), {}),
                ((far(), far(2, 3, offset=0.25)), {}), ((i32(2, 3), i32(3)), {})],
    'minimum': [((far(2, 3), far(3, offset=0.25)), {}),
                ((far(2, 1), far(1, 3, offset=0.25)), {}),
                ((far(), far(2, 3, offset=0.25)), {}), ((i32(2, 3), i32(3)), {})],
    'floordiv': [((f64(2, 3), pos(3)), {}), ((i32(2, 3), i32(3) * 0 + 3), {})],
    'greater': _compare(),
    'greater_equal': _compare(),
    'less': _compare(),
    'less_equal': _compare(),
    'equal': _compare(),
    'not_equal': _compare(),
    # (The last ones' rows of 8: whole vectors, taken by the CPU's kernels.)
    'attention': [((f64(2, 3, 4), f64(2, 5, 4), f64(2, 5, 3)), {}),
                  ((f64(2, 4, 3), f64(2, 4, 3), f64(2, 4, 3), np.tril(np.ones((4, 4), bool))),
                   {}),
                  ((f64(2, 5, 8), f64(2, 5, 8), f64(2, 5, 8), np.tril(np.ones((5, 5), bool))),
                   {})],
    'attention_grad': [((f64(2, 3, 4), f64(2, 3, 4), f64(2, 3, 4), f64(2, 3, 4)), {}),
                       ((f64(1, 4, 8), f64(1, 4, 8), f64(1, 4, 8), f64(1, 4, 8),
                         np.tril(np.ones((4, 4), bool))), {})],
    'where': [((boolean(2, 3), f64(2, 3), f64(2, 3)), {}),
              ((boolean(2, 1), f64(3), f64(2, 3)), {}),
              ((boolean(), f32(3), f32()), {}), ((boolean(3), i32(3), i32(3)), {})],
    'matmul': [((f64(2, 3), f64(3, 4)), dict(transa=False, transb=False)),
               ((f64(3, 2), f64(3, 4)), dict(transa=True, transb=False)),
               ((f64(2, 3), f64(4, 3)), dict(transa=False, transb=True)),
               ((f64(3, 2), f64(4, 3)), dict(transa=True, transb=True)),
               ((f64(2, 3), f64(2, 3, 4)), dict(transa=False, transb=False)),
               ((f32(2, 1, 2, 3), f32(3, 3, 4)), dict(transa=False, transb=False))],
    'reshape': [((f64(2, 3),), dict(shape=(3, 2))), ((f32(2, 3),), dict(shape=(6,))),
                ((f64(1, 1),), dict(shape=())), ((f64(2, 3),), dict(shape=(-1, 2)))],
    'broadcast_to': [((f64(3),), dict(shape=(2, 3))), ((f32(2, 1),), dict(shape=(4, 2, 3))),
                     ((f64(),), dict(shape=(2,)))],
    'transpose': [((f64(2, 3, 4),), dict(axes=(2, 0, 1))), ((f32(2, 3),), dict(axes=(1, 0))),
                  ((f64(),), dict(axes=()))],
    'get_item': [((f64(3, 4),), dict(slices=(slice(1, None), 2))),
                 ((f64(3, 4),), dict(slices=(Ellipsis, None, slice(None, None, -1)))),
                 ((f64(3, 4),), dict(slices=(np.array([0, 2, 0]),))),
                 ((f64(3, 4),), dict(slices=(np.array([0, 2]), np.array([3, 3])))),
                 ((f32(2, 3),), dict(slices=(np.array([[True, False, True],
                                                       [False, False, True]]),))),
                 ((f64(3, 4),), dict(slices=(1, 2)))],
    'scatter_add': [((f64(2, 4),), dict(shape=(3, 4), slices=(slice(1, None),))),
                    ((f64(3, 4),), dict(shape=(3, 4), slices=(np.array([0, 2, 0]),))),
                    ((f32(3),), dict(shape=(2, 3), slices=(np.array([[True, False, True],
                                                                     [False, False, True]]),))),
                    ((f64(),), dict(shape=(3, 4), slices=(1, 2)))],
    'im2col': [((f64(2, 2, 4, 5),), dict(ksize=(2, 3), stride=(1, 2), pad=(1, 0),
                                        dilate=(1, 1), out_size=(5, 2), pad_value=0.0)),
               ((f32(1, 1, 5, 5),), dict(ksize=(2, 2), stride=(2, 2), pad=(0, 0),
                                        dilate=(2, 1), out_size=(2, 2), pad_value=0.0))],
    'col2im': [((f64(2, 2, 2, 3, 5, 2),), dict(stride=(1, 2), pad=(1, 0), dilate=(1, 1),
                                              size=(4, 5))),
               ((f32(1, 1, 3, 3, 3, 3),), dict(stride=(2, 2), pad=(1, 1), dilate=(1, 1),
                                              size=(5, 5)))],
    'conv2d': [((f64(2, 2, 4, 5), f64(3, 2, 2, 3)), dict(stride=(1, 2), pad=(1, 0),
                                                     dilate=(1, 1), groups=1, out_size=(5, 2))),
               ((f32(1, 4, 5, 5), f32(2, 2, 2, 2)), dict(stride=(2, 2), pad=(0, 0),
                                                     dilate=(2, 1), groups=2, out_size=(2, 2)))],
    'conv2d_transpose': [((f64(2, 3, 5, 2), f64(3, 2, 2, 3)),
                          dict(stride=(1, 2), pad=(1, 0), dilate=(1, 1), groups=1,
                               size=(4, 5))),
                         ((f32(1, 2, 2, 2), f32(2, 2, 2, 2)),
                          dict(stride=(2, 2), pad=(0, 0), dilate=(2, 1), groups=2,
                               size=(5, 5)))],
    'conv2d_filter': [((f64(2, 2, 4, 5), f64(2, 3, 5, 2)),
                       dict(ksize=(2, 3), stride=(1, 2), pad=(1, 0), dilate=(1, 1), groups=1)),
                      ((f32(1, 4, 5, 5), f32(1, 2, 2, 2)),
                       dict(ksize=(2, 2), stride=(2, 2), pad=(0, 0), dilate=(2, 1), groups=2))],
    'take_rows': [((f64(5, 3), np.array([[4, 0], [0, 2]])), {}),
                  ((f32(3, 2, 2), np.array([1, 1, 2], np.int32)), {})],
    'add_rows': [((f64(2, 2, 3), np.array([[4, 0], [0, 2]])), dict(rows=5)),
                 ((f32(3, 2), np.array([1, 1, 2], np.int32)), dict(rows=4))],
    'concat': [((f64(2, 1), f64(2, 3)), dict(axis=1)),
               ((f32(1, 3), f32(2, 3), f32(1, 3)), dict(axis=0)),
               ((f64(2),), dict(axis=0))],
    'sum': [((f64(2, 3, 4),), dict(axis=None, keepdims=False)),
            ((f64(2, 3, 4),), dict(axis=(0, 2), keepdims=True)),
            ((f32(2, 3),), dict(axis=(1,), keepdims=False)),
            ((i32(2, 3),), dict(axis=(0,), keepdims=False)),
            ((f64(),), dict(axis=(0,), keepdims=False))],
    'max': [((distinct(2, 3, 4),), dict(axis=None, keepdims=False)),
            ((distinct(2, 3, 4),), dict(axis=(0, 2), keepdims=True)),
            ((distinct(2, 3, dtype=np.float32),), dict(axis=(1,), keepdims=False)),
            ((f64(),), dict(axis=(0,), keepdims=True))],
    'min': [((distinct(2, 3, 4),), dict(axis=None, keepdims=False)),
            ((distinct(2, 3, 4),), dict(axis=(0, 2), keepdims=True)),
            ((distinct(2, 3, dtype=np.float32),), dict(axis=(1,), keepdims=False)),
            ((f64(),), dict(axis=(0,), keepdims=False))],
    'argmax': [((distinct(3, 4),), dict(axis=None)), ((distinct(3, 4),), dict(axis=1)),
               ((f64(),), dict(axis=None))],
    'argmin': [((distinct(3, 4),), dict(axis=None)), ((distinct(3, 4),), dict(axis=0)),
               ((f64(),), dict(axis=None))],
    'allreduce_mean': [((f64(3, 4),), dict(group=SELF)), ((f32(5),), dict(group=SELF))],
    'allreduce_start': [((f64(3, 4),), dict(group=SELF)), ((f32(5),), dict(group=SELF))],
    'allreduce_wait': [((f64(3, 4),), dict(group=SELF)), ((f32(5),), dict(group=SELF))],
    'dropout_mask': [((f64(3, 4),), dict(ratio=0.0)), ((f32(5),), dict(ratio=0.0))],
    'normal_noise': [((f64(3, 4),), {}), ((f32(5),), {})],
    'uniform_noise': [((f64(3, 4),), {}), ((f32(5),), {})],
    'logsumexp': [((f64(2, 3, 4),), dict(axis=None, keepdims=False)),
                  ((f64(2, 3, 4),), dict(axis=(1,), keepdims=True)),
                  ((f32(2, 3),), dict(axis=(0, 1), keepdims=False)),
                  ((f64(),), dict(axis=(0,), keepdims=False))],
}

ALL = sorted(PRIMITIVES)


def seed_draws() -> None:
    _seed(0)

SAMPLE_CASES = [(name, k) for name in ALL for k in range(len(SAMPLES.get(name, ())))]


# ------------------------------------------------------------------------ rules
@pytest.mark.parametrize('name', ALL)
def test_primitive_has_rules(name):
    p = PRIMITIVES[name]
    assert isinstance(p, Primitive)
    assert p.name == name
    assert callable(p.impl), f'{name}: impl is not callable'
    assert callable(p.abstract_eval), f'{name}: abstract_eval is not callable'
    if name in NON_DIFFERENTIABLE:
        assert p.vjp is None, f'{name} is listed as non-differentiable but has a vjp'
        assert not p.differentiable
    else:
        assert callable(p.vjp), (f'{name}: vjp is {p.vjp!r}; only the primitives in '
                                 f'{sorted(NON_DIFFERENTIABLE)} may have no vjp')
        assert p.differentiable


def test_non_differentiable_list_is_current():
    unknown = sorted(NON_DIFFERENTIABLE - set(PRIMITIVES))
    assert not unknown, f'NON_DIFFERENTIABLE names unregistered primitives: {unknown}'


def test_every_primitive_has_samples():
    missing = [n for n in ALL if not SAMPLES.get(n)]
    assert not missing, f'primitives without samples in tests/ops/test_primitives.py: {missing}'
    unknown = sorted(set(SAMPLES) - set(PRIMITIVES))
    assert not unknown, f'samples for unregistered primitives: {unknown}'


# --------------------------------------------------------- abstract_eval vs impl
@pytest.mark.parametrize('name,k', SAMPLE_CASES, ids=[f'{n}-{k}' for n, k in SAMPLE_CASES])
def test_abstract_eval_matches_impl(name, k):
    p = PRIMITIVES[name]
    args, params = SAMPLES[name][k]
    seed_draws()  # (a random primitive draws the same from the same seed)
    out = np.asarray(p.impl(*args, **params))
    aval = p.abstract_eval(*[Aval(tuple(a.shape), a.dtype) for a in args], **params)
    assert isinstance(aval, Aval)
    assert tuple(aval.shape) == out.shape, \
        f'{name}: abstract_eval shape {aval.shape}, impl shape {out.shape}'
    assert np.dtype(aval.dtype) == out.dtype, \
        f'{name}: abstract_eval dtype {aval.dtype}, impl dtype {out.dtype}'
    # Binding gives the same result as the impl, as a Variable.
    seed_draws()
    y = p(*args, **params)
    assert isinstance(y, Variable)
    assert y.shape == out.shape and y.dtype == out.dtype
    np.testing.assert_array_equal(y.array, out)


# ------------------------------------------------------------------ vjp rules
def _float_inputs(args):
    return [a.dtype.kind == 'f' for a in args]


DIFF_CASES = [(n, k) for n, k in SAMPLE_CASES if n not in NON_DIFFERENTIABLE
              and any(_float_inputs(SAMPLES[n][k][0]))]


@pytest.mark.parametrize('name,k', DIFF_CASES, ids=[f'{n}-{k}' for n, k in DIFF_CASES])
def test_vjp_against_finite_differences(name, k):
    p = PRIMITIVES[name]
    args, params = SAMPLES[name][k]
    y = p(*args, **params)
    if y.dtype.kind != 'f':
        return  # e.g. cast to int: no gradient flows out of it
    rng = np.random.default_rng(k)
    gy = rng.standard_normal(y.shape).astype(y.dtype)
    ggx = tuple(rng.standard_normal(a.shape).astype(a.dtype) if a.dtype.kind == 'f' else None
                for a in args)
    # A primitive that changes the float dtype (cast) is checked in its own dtypes.
    same = all(a.dtype == y.dtype for a in args if a.dtype.kind == 'f')
    dtype = np.float64 if same else None
    eps = 1e-3 if same else 1e-1

    def f(*xs):
        return p(*xs, **params)

    check_backward(f, args, gy, dtype=dtype, eps=eps)
    check_double_backward(f, args, gy, ggx, dtype=dtype, eps=eps)


@pytest.mark.parametrize('name', sorted(NON_DIFFERENTIABLE))
def test_non_differentiable_outputs_do_not_require_grad(name):
    p = PRIMITIVES[name]
    args, params = SAMPLES[name][0]
    y = p(*[Variable(a) for a in args], **params)
    assert not y.requires_grad
    assert y.creator is None


@pytest.mark.parametrize('p', [2, 3, 4])
def test_small_integer_powers_equal_the_compiled_kernels(p):
    # Negative bases too: eager writes x**3 and x**4 as the products the
    # kernels compute, so eager and jit agree bit for bit, and stay within
    # rounding of the float64 power.
    x = np.linspace(-3, 3, 1001, dtype=np.float32)
    eager = (Variable(x) ** p).array
    jitted = tapejit.jit(lambda v: v ** p, target='cpu')(Variable(x)).array
    np.testing.assert_array_equal(eager, jitted)
    np.testing.assert_allclose(eager, x.astype(np.float64) ** p, rtol=3e-7, atol=0)
    assert eager.dtype == np.float32


@pytest.mark.parametrize('const', [2.5, np.float64(2.5), 'array', 'variable'])
def test_a_constant_operand_differentiates_as_a_variable_one(const):
    # A constant operand enters a vjp as its array (PrimitiveNode.operand):
    # first and second derivatives as with the constant held by a Variable,
    # by finite differences, eager and jitted.
    import tapejit.functions as F
    x0 = np.array([0.3, -1.2, 2.0])
    c = {'array': np.array([2.5, -1.0, 0.5]),
         'variable': Variable(np.array([2.5, -1.0, 0.5]), requires_grad=False)}.get(const, const)

    def f(x):
        return x * c * x

    check_backward(f, x0, np.ones(3), dtype=np.float64)
    check_double_backward(f, x0, np.ones(3), np.ones(3), dtype=np.float64)

    def grads(x):
        v = Variable(x)
        y = F.sum(f(v))
        gx, = tapejit.grad([y], [v], enable_double_backprop=True)
        ggx, = tapejit.grad([F.sum(gx)], [v])
        return gx, ggx
    eager = grads(x0)
    jitted = tapejit.jit(grads)(x0)
    c_arr = np.asarray(getattr(c, 'array', c))
    np.testing.assert_allclose(eager[0].array, 2 * c_arr * x0)
    np.testing.assert_allclose(eager[1].array, 2 * c_arr * np.ones(3))
    for e, j in zip(eager, jitted):
        np.testing.assert_array_equal(e.array, j.array)


def test_operand_is_the_array_of_a_constant_and_the_variable_of_a_variable():
    x = Variable(np.ones(3, np.float32))
    node = (x * 2.0).creator
    assert node.operand(0) is x
    assert isinstance(node.operand(1), np.ndarray) and node.operand(1) == np.float32(2.0)
    w = Variable(np.full(3, 2.0, np.float32))
    assert (x * w).creator.operand(1) is w


def test_an_impl_error_that_takes_more_than_a_message_is_named_with_the_op():
    # NumPy's missing-loop error (sign of a bool array) needs more than a
    # message to be made: the op's error is then the built-in class it
    # derives from, with the op, the shapes and dtypes, and NumPy's words.
    from tapejit.ops import elementwise as E
    with pytest.raises(TypeError) as info:
        E.sign(np.array([True, False]))
    assert info.type is TypeError
    text = str(info.value)
    assert text.startswith('sign: failed on inputs of shapes (2,) and dtypes bool')
    assert 'did not contain a loop' in text
