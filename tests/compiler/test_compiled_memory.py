"""Memory planning: a compiled training step needs no more memory than the
same step run eagerly (tracemalloc sees NumPy's allocations)."""

from __future__ import annotations

import gc
import tracemalloc

import numpy as np

import tapejit
import tapejit.functions as F
from tapejit.backends import host_arrays


def _params(rng, dims):
    ps = []
    for a, b in zip(dims[:-1], dims[1:]):
        ps.append(tapejit.Variable((rng.standard_normal((b, a)) / np.sqrt(a)).astype(np.float32)))
        ps.append(tapejit.Variable(np.zeros(b, np.float32)))
    return ps


def _step(x, t, params):
    W1, b1, W2, b2, W3, b3 = params
    for p in params:
        p.cleargrad()
    h = F.tanh(F.linear(x, W1, b1))
    h = F.relu(F.linear(h, W2, b2)) * 2 - 1
    loss = F.softmax_cross_entropy(F.linear(h, W3, b3), t)
    loss.backward()
    for p in params:
        p.array -= 0.01 * p.grad
    return loss


def _footprint(step, steps=3):
    """Bytes a step allocates at its peak, plus the buffers a compiled step
    keeps between calls (its pool): what it costs beyond the parameters."""
    rng = np.random.default_rng(0)
    x = rng.standard_normal((512, 256)).astype(np.float32)
    t = rng.integers(0, 10, 512).astype(np.int32)
    params = _params(rng, (256, 512, 512, 10))
    for _ in range(steps):  # compiled (and the pool filled) before measuring
        step(x, t, params)
    kept = 0
    if isinstance(step, tapejit.jit(lambda: 0).__class__):
        plan, = step._plans()
        kept = plan.executable().pool.nbytes()
    gc.collect()
    # (Eager results come from blocks kept between steps: dropped here, the
    # eager step allocates what it uses where tracemalloc sees it.)
    host_arrays.release()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        loss = step(x, t, params)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return peak - before + kept, float(loss.array)


def test_a_compiled_step_needs_no_more_memory_than_eager():
    eager, le = _footprint(_step)
    jit, lj = _footprint(tapejit.jit(_step))
    assert abs(le - lj) < 1e-4 * max(1.0, abs(le))
    print(f'peak bytes per step: eager {eager}, jit {jit}')
    assert jit <= eager, (jit, eager)


def _relu_layer_graph(read_z_later: bool):
    # relu(x @ W.T + b) @ V: the ReLU's result is stored (a product reads
    # it); with read_z_later, a later product reads x @ W.T again.
    from tapejit.ir.trace import trace_graph

    def f(x, W, b, V):
        z = F.matmul(x, W, transb=True)
        y = F.sum(F.matmul(F.relu(z + b), V))
        return (y + F.sum(F.matmul(z, V)) if read_z_later else y).array
    rng = np.random.default_rng(1)
    args = [rng.standard_normal((128, 64)).astype(np.float32),
            rng.standard_normal((256, 64)).astype(np.float32),
            rng.standard_normal(256).astype(np.float32),
            rng.standard_normal((256, 4)).astype(np.float32)]
    x, W, b, V = (a.astype(np.float64) for a in args)
    z = x @ W.T
    want = (np.maximum(z + b, 0) @ V).sum() + ((z @ V).sum() if read_z_later else 0)
    return trace_graph(f, args), args, want


def _in_place_steps(ex):
    return [st for kind, st in ex.plan.steps if kind == 'kernel' and st.donated]


def test_a_kernel_writes_into_the_matmul_result_it_reads_last():
    # relu(x @ W.T + b): the ReLU's output goes into the product's array
    # (in cache), not into another buffer; the result is unchanged.
    from tapejit.targets import compile_graph
    g, args, want = _relu_layer_graph(read_z_later=False)
    ex = compile_graph(g)
    ex.one_call = None  # (step by step, as a large plan runs)
    (st,) = _in_place_steps(ex)
    # Memory planning decided it before the kernel was rendered (once):
    # its source stores through its input, and it has no output parameter.
    assert st.donated == {0: 0} and ex.plan.memory.in_place == {1: {0: 0}}
    assert 'in0[i0, i1] = ' in st.source and 'out0' not in st.source
    for _ in range(3):  # the loop, then the written-out runner
        np.testing.assert_allclose(ex(args)[0], want, rtol=1e-4)


def test_no_kernel_writes_into_a_product_read_later():
    from tapejit.targets import compile_graph
    g, args, want = _relu_layer_graph(read_z_later=True)
    ex = compile_graph(g)
    ex.one_call = None
    assert not _in_place_steps(ex)
    for _ in range(3):
        np.testing.assert_allclose(ex(args)[0], want, rtol=1e-4)


def test_a_large_product_is_written_into_a_pooled_buffer():
    # Its array goes back to the plan's pool after its last reader, so the
    # next call's product finds mapped pages instead of a new allocation.
    from tapejit.targets import compile_graph
    g, args, _ = _relu_layer_graph(read_z_later=True)
    ex = compile_graph(g)
    ex.one_call = None
    for _ in range(3):
        ex(args)
    gc.collect()
    # (Eager results come from blocks kept between steps: dropped here, the
    # eager step allocates what it uses where tracemalloc sees it.)
    host_arrays.release()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        ex(args)
        allocated = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert allocated < 128 * 256 * 4, allocated
    # A product of another dtype than its buffer's is left to matmul itself.
    mm = [st[0] for kind, st in ex.plan.steps if kind == 'call'][0]
    np.testing.assert_allclose(mm(args[0].astype(np.float64), args[1].astype(np.float64),
                                  transb=True), args[0] @ args[1].T, rtol=1e-4, atol=1e-4)


def test_memory_is_planned_before_each_kernel_is_rendered_once(monkeypatch):
    # The training step's updates and in-place reuses are decided by the
    # target-free pass; every kernel is then rendered exactly once, with
    # its in-place stores (no second rendering of a kernel that writes in place).
    from tapejit.targets.cpu import codegen
    rendered = []
    real = codegen.render

    def counting(grp, *args, **kw):
        rendered.append(id(grp))
        return real(grp, *args, **kw)
    monkeypatch.setattr(codegen, 'render', counting)
    monkeypatch.setenv('TAPEJIT_CACHE', '0')  # (planned here, not read back)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((64, 256)).astype(np.float32)
    t = rng.integers(0, 10, 64).astype(np.int32)
    params = _params(rng, (256, 64, 64, 10))
    step = tapejit.jit(_step)
    step(x, t, params)
    plan = step._plans()[0].executable().plan
    groups = [g for kind, st in plan.steps if kind == 'kernel'
              for g in (st.chain.items if hasattr(st, 'chain') else [st.unit])
              if hasattr(g, 'members')]   # (a row chain renders each of its parts)
    assert groups and sorted(rendered) == sorted(map(id, groups))
    mem = plan.memory
    assert len(mem.donated_inputs) == 6   # every parameter's update
    assert all(st.donated == mem.in_place.get(n, {})
               for n, (kind, st) in enumerate(plan.steps) if kind == 'kernel')
    text = step.explain_passes(x, t, params)
    assert '# after memory planning' in text and 'in place' in text
