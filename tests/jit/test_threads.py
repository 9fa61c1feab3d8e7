"""Threads: one jitted function called from several threads at once, and the
thread-local configuration (``no_backprop_mode``, ``train``, an active trace)
never leaking from one thread into another."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import Variable
from tapejit.targets import numba_cache

N_THREADS = 4


pytestmark = pytest.mark.usefixtures('cache_dir')  # (tests/conftest.py)


def _in_threads(work, n=N_THREADS, timeout=120):
    """Run ``work(i)`` in ``n`` threads started together; re-raise the first error."""
    barrier = threading.Barrier(n)
    results = [None] * n
    errors = []

    def run(i):
        try:
            barrier.wait()
            results[i] = work(i)
        except BaseException as e:  # reported in the main thread
            errors.append(e)
    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
        assert not t.is_alive(), 'a thread hung'
    if errors:
        raise errors[0]
    return results


def _step(x, w):
    # A forward pass, its backward pass and a reduction: several kernels.
    loss = F.sum(F.tanh(F.matmul(x, w)) ** 2) * 0.5 + F.sum(F.exp(w * 0.1))
    w.cleargrad()
    loss.backward()
    return loss


def _eager(x, w0):
    w = Variable(w0.copy())
    loss = _step(Variable(x), w)
    return loss.array, w.grad


def test_one_jitted_function_from_four_threads_at_once():
    rng = np.random.default_rng(0)
    xs = [rng.standard_normal((16, 8)).astype(np.float32) for _ in range(N_THREADS)]
    w0 = rng.standard_normal((8, 5)).astype(np.float32)
    step = tapejit.jit(_step)
    before = set(numba_cache._memory)

    def work(i):
        out = []
        for k in range(20):
            # each thread its own data and its own parameter Variable
            w = Variable(w0 * (1 + i) + k)
            loss = step(xs[i], w)
            out.append((loss.array.copy(), w.grad.copy(), i, k))
        return out
    for out in _in_threads(work):
        for loss, g, i, k in out:
            want_loss, want_g = _eager(xs[i], w0 * (1 + i) + k)
            np.testing.assert_allclose(loss, want_loss, rtol=1e-5)
            np.testing.assert_allclose(g, want_g, rtol=1e-5, atol=1e-5)
    info = step.cache_info()
    assert info.traces == 1 and info.misses == 1
    assert info.hits == N_THREADS * 20 - 1
    # Each kernel the plan needed was compiled once, for one signature (the
    # step-by-step kernels of a plan run as one call are never compiled), or
    # the plan is one natively compiled function, built once by one thread.
    new = [numba_cache._memory[k] for k in set(numba_cache._memory) - before]
    assert all(len(k.signatures) <= 1 for k in new)
    oc = step._last._executable.one_call
    assert (oc is not None and oc.native is not None) or sum(
        len(k.signatures) for k in new) >= 1


def test_threads_with_different_signatures_each_trace_once():
    f = tapejit.jit(lambda x: F.sum(F.sin(x) * x, axis=0))
    shapes = [(3, 2), (4, 2), (3, 2), (4, 2)]

    def work(i):
        x = np.full(shapes[i], i + 1.0)
        return [f(x).array for _ in range(10)], x
    for outs, x in _in_threads(work):
        for o in outs:
            np.testing.assert_allclose(o, np.sum(np.sin(x) * x, axis=0))
    assert f.cache_info().traces == 2


def test_no_backprop_mode_in_one_thread_does_not_leak():
    inside = threading.Event()
    done = threading.Event()
    seen = {}

    def quiet():
        with tapejit.no_backprop_mode(), tapejit.using_config('train', False):
            x = Variable(np.ones(2))
            seen['quiet_creator'] = (x * 2).creator
            inside.set()
            assert done.wait(30)
            seen['quiet_after'] = tapejit.config.enable_backprop

    def busy():
        assert inside.wait(30)
        try:
            seen['busy_backprop'] = tapejit.config.enable_backprop
            seen['busy_train'] = tapejit.config.train
            x = Variable(np.array([1.0, 2.0]))
            y = F.sum(x * x)
            seen['busy_creator'] = y.creator
            y.backward()
            seen['busy_grad'] = x.grad
            # a jitted step in this thread is traced with backprop on
            f = tapejit.jit(lambda x: F.sum(x * x))
            xv = Variable(np.array([3.0]))
            yv = f(xv)
            seen['busy_jit_requires_grad'] = yv.requires_grad
        finally:
            done.set()
    ts = [threading.Thread(target=quiet), threading.Thread(target=busy)]
    for t in ts:
        t.start()
    for t in ts:
        t.join(60)
    assert seen['quiet_creator'] is None and seen['quiet_after'] is False
    assert seen['busy_backprop'] is True and seen['busy_train'] is True
    assert seen['busy_creator'] is not None
    np.testing.assert_array_equal(seen['busy_grad'], [2.0, 4.0])
    assert seen['busy_jit_requires_grad'] is True
    assert tapejit.config.enable_backprop is True


def test_a_trace_in_one_thread_does_not_capture_another_threads_ops():
    tracing = threading.Event()
    resume = threading.Event()
    seen = {}

    def slow(x):
        tracing.set()          # Python side effects run only while tracing
        assert resume.wait(30)
        return x * 3

    def tracer():
        seen['traced'] = tapejit.jit(slow)(np.array([1.0, 2.0])).copy()

    def other():
        assert tracing.wait(30)
        try:
            y = Variable(np.array([5.0])) * 2       # eager, concrete
            seen['other'] = y.array.copy()
            seen['other_trace'] = tapejit.config.trace
        finally:
            resume.set()
    ts = [threading.Thread(target=tracer), threading.Thread(target=other)]
    for t in ts:
        t.start()
    for t in ts:
        t.join(60)
    np.testing.assert_array_equal(seen['other'], [10.0])
    assert seen['other_trace'] is None
    np.testing.assert_array_equal(seen['traced'], [3.0, 6.0])


def test_value_and_grad_from_threads():
    vg = tapejit.value_and_grad(lambda x: F.sum(F.tanh(x) ** 3))

    def work(i):
        x = np.linspace(-1, 1, 7) * (i + 1)
        return x, [vg(x) for _ in range(10)]
    for x, outs in _in_threads(work):
        t = np.tanh(x)
        for value, g in outs:
            np.testing.assert_allclose(value.array, np.sum(t ** 3), rtol=1e-12, atol=1e-12)
            np.testing.assert_allclose(g.array, 3 * t ** 2 * (1 - t ** 2), rtol=1e-12)
    assert vg.cache_info().traces == 1
