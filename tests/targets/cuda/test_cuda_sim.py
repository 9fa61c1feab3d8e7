"""The CUDA code path without a GPU.

The kernels run under Numba's CUDA simulator, which must be switched on
before ``numba.cuda`` is first imported: all cases of ``cuda_sim_cases.py``
run in one fresh process (the simulator and the process start are slow) and
each is reported here as a test of its own.  The rest (op table, generated
source, launch geometry, errors) needs no simulator and runs in this process.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

from tests.targets.cuda import cuda_sim_cases
import tapejit.functions as F
from tapejit.targets import ops as target_ops
from tapejit.targets.cuda import codegen as cuda_codegen
from tapejit.targets.cuda.executable import compile_graph_cuda, simulator_enabled
from tapejit.ir.trace import trace_graph
from tapejit.ops.registry import PRIMITIVES

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture(scope='module')
def sim_results(tmp_path_factory):
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM='1',
               TAPEJIT_CACHE_DIR=str(tmp_path_factory.mktemp('cuda-sim-cache')))
    env.pop('TAPEJIT_CACHE', None)
    proc = subprocess.run([sys.executable, os.path.join(HERE, 'cuda_sim_cases.py')],
                          env=env, capture_output=True, text=True, timeout=600)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith('CUDA-SIM-RESULTS ')]
    assert proc.returncode == 0 and lines, (
        f'the simulator process failed (exit {proc.returncode}):\n'
        f'{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}')
    return json.loads(lines[-1][len('CUDA-SIM-RESULTS '):])


@pytest.mark.parametrize('name', list(cuda_sim_cases.CASES))
def test_simulated_kernels(sim_results, name):
    res = sim_results[name]
    if res.startswith('skip'):
        pytest.skip(res)
    assert res == 'ok', res


# ------------------------------------------------------- no simulator needed
def test_one_op_table_serves_every_renderer():
    # Each elementwise primitive has one row, with an entry per renderer
    # (LLVM, Numba's CPU text, numba.cuda's text), and no other primitive has one.
    from tapejit.targets.ops import OPS
    elementwise = {p.name for p in PRIMITIVES.values() if p.kind == 'elementwise'}
    assert set(OPS) == elementwise
    assert all(callable(r.llvm) and callable(r.numba) and callable(r.cuda)
               for r in OPS.values())
    assert not hasattr(next(iter(PRIMITIVES.values())), 'lowering')


CUDA_CALLS = {f'math.{f}' for f in ('exp', 'log', 'log1p', 'expm1', 'sqrt', 'sin', 'cos',
                                      'tan', 'tanh', 'erf', 'asin', 'acos', 'atan')} | {
    f'np.{d}' for d in ('float32', 'float64', 'int8', 'int16', 'int32', 'int64', 'uint8',
                        'bool_')} | {'abs'}


@pytest.mark.parametrize('dtype', [np.float32, np.float64, np.int32])
def test_cuda_table_renders_only_device_functions(dtype):
    dt = np.dtype(dtype)
    binary = {'add', 'sub', 'mul', 'div', 'pow', 'maximum', 'minimum', 'greater',
              'greater_equal', 'less', 'less_equal', 'equal', 'not_equal'}
    for name, entry in target_ops.CUDA_TABLE.items():
        n_in = 3 if name == 'where' else 2 if name in binary else 1
        variants = [{}]
        if name == 'pow_const':
            variants = [{'p': e} for e in (0, 0.5, -0.5, -1, 1, 2, 3, 4, 5, 1.5)]
        elif name == 'cast':
            variants = [{'dtype': np.dtype(t)} for t in (np.float32, np.int64, np.bool_)]
        for params in variants:
            src = entry([f'x{k}' for k in range(n_in)], params, [dt] * n_in, dt)
            calls = set(re.findall(r'([A-Za-z_][\w.]*)\(', src))
            assert calls <= CUDA_CALLS, (name, params, dt.name, src)


def _specs(fn, args):
    ex = compile_graph_cuda(trace_graph(fn, args))
    return ex, [k.spec for k in ex.kernels]


ROWS_GOLDEN = '''\
def kernel(m, k, P, kc, n0, n1, in0, in1, red0):
    sh0 = cuda.shared.array(256, np.float64)
    tid = cuda.threadIdx.x
    for b in range(cuda.blockIdx.x, m * P, cuda.gridDim.x):
        c = b // P
        p = b - c * P
        i0 = c
        acc0 = np.float64(0.0)
        for j in range(p * kc + tid, min(p * kc + kc, k), 256):
            i1 = j
            t0 = (in0[i0, i1] + in1[i1])
            t1 = math.tanh(t0)
            acc0 += np.float64(t1)
        sh0[tid] = acc0
        cuda.syncthreads()
        w = 128
        while w > 0:
            if tid < w:
                sh0[tid] += sh0[tid + w]
            cuda.syncthreads()
            w //= 2
        if tid == 0:
            red0[p, c] = sh0[0]
        cuda.syncthreads()
'''

COLS_GOLDEN = '''\
def kernel(m, k, P, kc, n0, n1, in0, in1, red0):
    for t in range(cuda.grid(1), m * P, cuda.gridsize(1)):
        p = t // m
        c = t - p * m
        i1 = c
        acc0 = np.float64(0.0)
        for j in range(p * kc, min(p * kc + kc, k)):
            i0 = j
            t0 = (in0[i0, i1] * in1[i1])
            acc0 += np.float64(t0)
        red0[p, c] = acc0
'''

EW_GOLDEN = '''\
def kernel(N, n0, n1, in0, in1, out0):
    for i in range(cuda.grid(1), N, cuda.gridsize(1)):
        rem = i
        i1 = rem % n1
        rem = rem // n1
        i0 = rem
        t0 = (in0[i0, 0] * in1[i1])
        t1 = math.exp(t0)
        out0[i0, i1] = t1
'''


@pytest.mark.skipif(simulator_enabled(), reason='golden sources are those of a real GPU')
def test_generated_kernels_golden():
    # A refactor that changes a kernel shows here.
    x = np.ones((64, 300), np.float32)
    b = np.ones(300, np.float32)
    ex, specs = _specs(lambda x, b: (F.sum(F.tanh(x + b), axis=1), F.sum(x * b, axis=0)),
                       [x, b])
    assert [s.kind for s in specs] == ['rows', 'cols']
    assert specs[0].source == ROWS_GOLDEN
    assert specs[1].source == COLS_GOLDEN
    _, [ew] = _specs(lambda c, b: F.exp(c * b), [np.ones((64, 1), np.float32), b])
    assert ew.source == EW_GOLDEN and not ew.flat
    assert 'block per reduced row' in ex.explain() and 'cuda.shared.array' in ex.explain()


def test_a_new_batch_size_renders_the_same_kernels():
    def f(x):
        return F.sum(F.tanh(x) * 2, axis=1), F.sum(x * x, axis=0), F.exp(x)
    a = [s.source for s in _specs(f, [np.ones((100, 300), np.float32)])[1]]
    b = [s.source for s in _specs(f, [np.ones((70, 300), np.float32)])[1]]
    assert a == b


@pytest.mark.parametrize('shape,axes,kind', [
    ((64, 1000), (1,), 'rows'), ((1000, 64), (0,), 'cols'), ((500, 4), (1,), 'cols'),
    ((8, 1000), (0,), 'cols'), ((1000, 8), (0,), 'rows'), ((100000,), (0,), 'rows'),
    ((4, 300, 5), (0, 2), 'cols'), ((4, 300, 500), (1, 2), 'rows')])
def test_reduction_strategy(shape, axes, kind):
    assert cuda_codegen.choose_kind(shape, axes) == kind


def test_launch_geometry_covers_every_element():
    spec = cuda_codegen.CudaKernelSpec()
    spec.shape, spec.axes = (3, 100000), (1,)
    for kind in ('rows', 'cols'):
        spec.kind = kind
        lau = cuda_codegen.launch(spec, sms=132, simulator=False)
        m, k, P, kc = lau.scalars[:4]
        assert (m, k) == (3, 100000) and P >= 1 and P * kc >= k > (P - 1) * kc
        assert lau.grid <= 132 * 16 and lau.block == spec.block
    spec.kind, spec.shape, spec.flat = 'ew', (10 ** 7,), True
    lau = cuda_codegen.launch(spec, sms=132, simulator=False)
    assert lau.grid == 132 * 16 and lau.scalars == (10 ** 7,)


def test_without_a_gpu_the_call_says_what_is_missing(monkeypatch):
    if simulator_enabled():
        pytest.skip('this process runs the simulator')
    from tapejit import backends
    if backends.cupy_or_none() is not None:
        pytest.skip('CuPy is usable here')
    ex = compile_graph_cuda(trace_graph(lambda x: x * 2, [np.ones(3)]))
    with pytest.raises(RuntimeError, match=r'CuPy is not installed.*tapejit\[cuda\]'):
        ex([np.ones(3)])


def test_kernel_bodies_are_loop_ir_built_as_the_cpus():
    # Each CUDA kernel is a loop-IR kernel in a GridLoop, its per-element
    # statements made by the builders the CPU uses; the source is rendered
    # from that IR (a change to the IR changes the source).
    from tapejit.compiler import fusion, loop_ir as L
    from tapejit.compiler.passes import simplify
    from tapejit.targets import numba_text
    from tapejit.targets.cpu import codegen as cpu_codegen
    from tapejit.targets.ops import NUMBA_TABLE
    x = np.ones((64, 300), np.float32)
    b = np.ones(300, np.float32)
    _, specs = _specs(lambda x, b: (F.sum(F.tanh(x + b), axis=1), F.sum(x * b, axis=0)), [x, b])
    rows = specs[0]
    assert isinstance(rows.kernel, L.Kernel) and isinstance(rows.kernel.chunk, L.GridLoop)
    loop = rows.kernel.chunk
    assert (loop.kind, loop.axes, loop.rank) == ('rows', (1,), 2)
    assert [type(s).__name__ for s in loop.body] == ['Assign', 'Assign', 'Accumulate']
    assert [s.value.prim for s in loop.body[:2]] == ['add', 'tanh']
    assert cuda_codegen.source(rows.kernel) == rows.source == ROWS_GOLDEN
    loop.body[1].value.prim = 'exp'
    assert cuda_codegen.source(rows.kernel) == ROWS_GOLDEN.replace('math.tanh', 'math.exp')
    # An elementwise group: the CPU's flat kernel and the CUDA one compute
    # the same statements per element.
    g = simplify(trace_graph(lambda x, y: F.exp(x * y) - y, [x, x]))
    [grp] = fusion.partition(g, rows=False)
    out = {v.id for v in g.outvars}
    [cuda] = cuda_codegen.render(grp, g, {}, out)
    cpu = cpu_codegen.render(grp, g, {}, out, 'kernel', parallel=False)
    cpu_body = cpu.kernel.chunk.body[0].body
    assert [numba_text.line(s, NUMBA_TABLE) for s in cuda.kernel.chunk.body] == \
        [numba_text.line(s, NUMBA_TABLE) for s in cpu_body]
    assert 'out0[i] = t2' in cuda.source and 'math.exp(t0)' in cuda.source


def test_the_plan_is_a_program_and_explain_shows_it():
    from tapejit.compiler import program as P
    from tapejit.targets.cuda.executable import lower
    x = np.ones((8, 40), np.float32)
    w = np.ones((40, 3), np.float32)
    c = np.arange(3, dtype=np.float32)
    ex = compile_graph_cuda(trace_graph(
        lambda x, w: (F.sum(F.tanh(F.matmul(x, w)), axis=0), x, c), [x, w]))
    low = lower(ex, sms=4, simulator=False)
    kinds = [type(st).__name__ for st in low.program.statements]
    assert kinds.count('CallKernel') == len(ex.kernels) == 1
    assert kinds.index('Call') < kinds.index('CallKernel') < kinds.index('Finish')
    [call] = [st for st in low.program.statements if isinstance(st, P.Call)]
    assert call.prim == 'matmul' and low.program.calls[call.fn].__name__ == '_matmul_impl'
    # The input and the constant returned are copies; the constant is a parameter.
    ret = low.program.statements[-1]
    assert isinstance(ret, P.Return) and ret.copies == (1, 2)
    assert [i for i, _ in low.arg_inputs] == [0, 1] and len(low.const_args) == 1
    [k] = [st for st in low.program.statements if isinstance(st, P.CallKernel)]
    lau = low.launches[0]
    assert low.program.table[k.ch] == lau.block and low.program.table[k.nch] == lau.grid
    assert tuple(low.program.table[k.sizes[0]:k.sizes[1]]) == lau.scalars
    text = ex.explain()
    assert 'plan(T, a0, a1, a2):' in text and 'matmul(a0, a1' in text and '# k0: cuda' in text
    assert ex.kernels[0].spec.source in text


def test_window_primitives_are_kernels_in_a_convolution_plan():
    # A convolution's windows and their gradient, a max pooling and an
    # embedding's rows are numba.cuda kernels of the plan (a gather, a sum
    # per pixel, a gather of rows); the products stay cuBLAS calls.
    import tapejit
    from tapejit.compiler import program as P
    from tapejit.targets.cuda.executable import lower

    def step(x, W, E):
        y = F.max_pooling_2d(F.relu(F.convolution_2d(x, W, pad=1)), 3, stride=2, pad=1)
        e = F.embed_id(np.array([[2, 0], [1, 2]], np.int32), E)
        return tapejit.grad([F.sum(y * y) + F.sum(e * e)], [x, W, E])
    args = [tapejit.Variable(np.ones(s, np.float32)) for s in ((2, 3, 6, 6), (4, 3, 3, 3),
                                                               (3, 5))]
    ex = compile_graph_cuda(tapejit.jit(step).lower(*args))
    low = lower(ex, sms=4, simulator=False)
    calls = [st.prim for st in low.program.statements if isinstance(st, P.Call)]
    assert not {'im2col', 'col2im', 'take_rows'} & set(calls), calls
    assert 'matmul' in calls
    windows = {k.spec.members[0].prim.name: k.spec for k in ex.kernels
               if k.spec.members[0].prim.name in ('im2col', 'col2im', 'take_rows')}
    assert set(windows) == {'im2col', 'col2im', 'take_rows'}
    assert windows['im2col'].kind == 'ew' and windows['take_rows'].kind == 'ew'
    assert (windows['col2im'].kind, windows['col2im'].axes) == ('cols', (4, 5))
    assert 'cuda.atomic' not in ''.join(s.source for s in windows.values())
    # Both the convolution's and the pooling's windows are gathers of their own.
    assert sum(1 for k in ex.kernels if k.spec.members[0].prim.name == 'im2col') == 2
