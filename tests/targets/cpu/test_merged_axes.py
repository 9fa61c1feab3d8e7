"""Kernels walk runs of axes that every array reads alike as one axis
(codegen.merged_runs): the same results for row-major, column-major and
strided arrays."""

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.compiler import loop_ir as L
from tapejit.targets.cpu import codegen


def _layouts(x):
    yield x
    yield np.asfortranarray(x)
    yield np.ascontiguousarray(x.transpose(0, 1, 3, 2)).transpose(0, 1, 3, 2)
    yield np.pad(x, ((0, 0), (0, 0), (1, 2), (3, 0)))[:, :, 1:-2, 3:]


def _merged_loops(jf, *args):
    (plan,) = jf._plans()
    fors = []

    def walk(stmts):
        for s in stmts:
            if isinstance(s, L.For):
                fors.append(s.axis)
                walk(s.body)
            elif isinstance(s, L.ChunkRange):
                walk(s.body)
    for kind, st in plan.executable().plan.steps:
        if kind == 'kernel':
            walk(st.ir.chunk.body)
    return [a for a in fors if isinstance(a, tuple)]


def test_batch_statistics_over_merged_axes_equal_float64_for_every_layout():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((6, 5, 7, 9)).astype(np.float32)
    g = rng.standard_normal((1, 5, 1, 1)).astype(np.float32)

    def f(x, g):
        d = x - g
        return F.sum(d, axis=(0, 2, 3)), F.sum(d * d, axis=(0, 2, 3)), F.relu(d) * g

    jf = tapejit.jit(f)
    for xx in _layouts(x):
        got = jf(xx, g)
        x64, g64 = xx.astype(np.float64), g.astype(np.float64)
        d = x64 - g64
        want = (d.sum((0, 2, 3)), (d * d).sum((0, 2, 3)), np.maximum(d, 0) * g64)
        for a, b in zip(got, want):
            np.testing.assert_allclose(a.array, b, rtol=1e-5, atol=1e-5)
    assert (2, 3) in _merged_loops(jf, x, g)


def test_a_sum_over_the_batch_keeps_the_other_axes_as_one_run():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((6, 5, 7, 9)).astype(np.float32)
    jf = tapejit.jit(lambda x: F.sum(F.exp(x), axis=0))
    for xx in _layouts(x):
        np.testing.assert_allclose(jf(xx).array, np.exp(xx.astype(np.float64)).sum(0),
                                   rtol=1e-5)
    assert (1, 2, 3) in _merged_loops(jf, x)


@pytest.mark.parametrize('shape, runs', [
    ((1, 5, 7, 1), [(1, 2)]),       # (read along 1 and 2, broadcast along 3)
    ((1, 5, 1, 9), []),             # (broadcast along 2 alone: each axis apart)
    ((5, 7, 9), [(1, 3)]),
    ((1, 1, 7, 9), [(2, 3)]),
])
def test_an_input_broadcast_along_part_of_a_run_keeps_its_axes_apart(shape, runs):
    from tapejit.ir.graph import Var
    x = Var(0, (6, 5, 7, 9), 'float32')
    assert codegen.merged_runs((6, 5, 7, 9), [x, Var(1, shape, 'float32')], []) == runs
    rng = np.random.default_rng(2)
    a = rng.standard_normal((6, 5, 7, 9)).astype(np.float32)
    b = rng.standard_normal(shape).astype(np.float32)
    jf = tapejit.jit(lambda a, b: F.sum(a * b, axis=(0, 2, 3)))
    np.testing.assert_allclose(jf(a, b).array,
                               (a.astype(np.float64) * b).sum((0, 2, 3)), rtol=1e-5)
