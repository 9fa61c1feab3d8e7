"""A CPU kernel is identified by its loop IR (its digest) and flags, not by
the text rendered from it: kernels of equal IR share one compiled kernel and
one kernel number in a plan's Program; any change to the IR is a new one."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import tapejit.functions as F
from tapejit.compiler import loop_ir as L, program as P
from tapejit.ir.interpret import interpret
from tapejit.ir.trace import trace_graph
from tapejit.targets import compile_graph, numba_cache
from tapejit.targets.cpu import codegen, executable, kernel_cache, one_call


@pytest.fixture
def kernels(tmp_path, monkeypatch):
    """The kernels compiled from here on, in an empty store (each plan runs
    step by step)."""
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(tmp_path))
    monkeypatch.setattr(numba_cache, '_memory', {})
    monkeypatch.setattr(one_call, 'ENABLED', False)
    return numba_cache._memory


def _step_kernels(fn, *args):
    """The compiled kernel of each kernel step of ``fn``'s plan, once run on ``args``."""
    g = trace_graph(fn, list(args))
    ex = compile_graph(g)
    np.testing.assert_allclose(ex(list(args))[0], interpret(g, list(args))[0], rtol=1e-6)
    return ex, [st.kernel for kind, st in ex.plan.steps if kind == 'kernel']


@pytest.mark.parametrize('parallel', [False, True], ids=['native', 'numba'])
def test_graphs_of_equal_loop_ir_share_one_kernel_whatever_their_text(kernels, monkeypatch,
                                                                       parallel):
    if parallel:
        monkeypatch.setattr(executable, 'PARALLEL_MIN', 1)
    # Each rendering differs (a comment numbered anew): only the IR counts.
    numbers, plain = itertools.count(), codegen.source
    monkeypatch.setattr(codegen, 'source', lambda k: plain(k) + f'# {next(numbers)}\n')
    a, b = np.ones((2, 3), np.float32), np.arange(20, dtype=np.float32)
    ex_a, ka = _step_kernels(lambda x: F.exp(x) * 2.0, a)
    ex_b, kb = _step_kernels(lambda x: F.exp(x) * 2.0, b)
    assert ex_a.plan.steps[0][1].source != ex_b.plan.steps[0][1].source
    unwrapped = [getattr(k, 'kernel', k) for k in ka + kb]  # (a parallel one runs Chunked)
    assert len(kernels) == 1 and unwrapped[0] is unwrapped[1]


def test_steps_of_equal_loop_ir_are_one_kernel_of_the_program(kernels):
    x = np.linspace(-1, 1, 9, dtype=np.float32).reshape(3, 3)
    ex, compiled = _step_kernels(lambda x, w: F.tanh(F.matmul(F.tanh(x) * 2.0, w)) * 2.0, x, x)
    program = ex.lowered.program
    calls = [st.kernel for st in program.statements if isinstance(st, P.CallKernel)]
    assert calls == [0, 0] and len(program.kernels) == 1
    assert compiled[0] is compiled[1] and len(kernels) == 1


@pytest.mark.parametrize('fn, x', [
    (lambda x: x * 3.0, np.ones(4, np.float32)),                  # a constant's value
    (lambda x: x * 2.0, np.ones(4, np.float64)),                  # the dtype
    (lambda x: x + 2.0, np.ones(4, np.float32)),                  # the operation
], ids=['constant', 'dtype', 'operation'])
def test_a_change_in_the_loop_ir_is_a_new_kernel(kernels, fn, x):
    base, (k0,) = _step_kernels(lambda x: x * 2.0, np.ones(4, np.float32))
    other, (k1,) = _step_kernels(fn, x)
    ids = [kernel_cache.kernel_id(ex.plan.steps[0][1].ir, False) for ex in (base, other)]
    assert ids[0] != ids[1] and k0 is not k1 and len(kernels) == 2
    assert base.lowered.program.kernels != other.lowered.program.kernels


def test_the_flags_are_part_of_the_identity():
    k = L.Kernel('kernel', ['x'], [], L.ChunkLoop(False, [], [], []))
    assert kernel_cache.kernel_id(k, False) != kernel_cache.kernel_id(k, {'reassoc'})
    assert kernel_cache.get_kernel(k) is not kernel_cache.get_kernel(k, fastmath={'reassoc'})
