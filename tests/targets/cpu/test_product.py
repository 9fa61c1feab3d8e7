"""The CPU's matrix product kernels (targets/cpu/product.py): against
float64 NumPy for every layout, edge and block of the shared axis, on one
thread and two alike, and as the matmul primitive's kernel eagerly and
under jit."""

import os

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.compiler import contraction as C
from tapejit.ops.registry import host_kernel
from tapejit.targets.cpu import product as P
from tapejit.targets.cpu.contraction import machine


def _operands(rng, m, k, n, dtype, ta, tb):
    a = rng.standard_normal((k, m) if ta else (m, k)).astype(dtype)
    b = rng.standard_normal((n, k) if tb else (k, n)).astype(dtype)
    return (a.T if ta else a), (b.T if tb else b)


def _tol(dtype):
    return 2e-6 if dtype == np.float32 else 1e-14


# Rows past a tile, columns past a panel, a shared axis past a vector.
SHAPES = [(7, 5, 16), (13, 33, 47), (64, 64, 64), (100, 3, 130), (6, 1000, 200),
          (31, 17, 129)]


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
@pytest.mark.parametrize('ta', [False, True])
@pytest.mark.parametrize('tb', [False, True])
def test_product_equals_float64_numpy_for_every_layout(dtype, ta, tb):
    rng = np.random.default_rng(1)
    for m, k, n in SHAPES:
        a, b = _operands(rng, m, k, n, dtype, ta, tb)
        want = a.astype(np.float64) @ b.astype(np.float64)
        got = P.matmul(a, b)
        assert got.dtype == dtype and got.shape == (m, n)
        err = np.abs(got - want).max() / max(1.0, np.abs(want).max())
        assert err < _tol(dtype), (m, k, n, err)


def _stacks(rng, dtype):
    """Stacked operands as attention and batched layers make them."""
    q = rng.standard_normal((6, 40, 24)).astype(dtype)
    k = rng.standard_normal((6, 70, 24)).astype(dtype)
    v = rng.standard_normal((6, 70, 33)).astype(dtype)
    s = rng.standard_normal((6, 40, 70)).astype(dtype)
    w = rng.standard_normal((24, 90)).astype(dtype)
    x4 = rng.standard_normal((2, 3, 40, 24)).astype(dtype)
    yield q, k.swapaxes(-1, -2)                 # scores: q k^T
    yield s, v                                  # weights times values
    yield s.swapaxes(-1, -2), q[:, :40, :]      # a gradient: s^T q
    yield q, w                                  # a stack times one matrix
    yield x4, w                                 # two stack axes, one matrix
    yield x4, x4.swapaxes(-1, -2)               # two stack axes, stacked alike
    yield w.T[None], q.swapaxes(-1, -2)[:, :, :40]  # one matrix times a stack


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_stacked_products_equal_float64_numpy(dtype):
    rng = np.random.default_rng(7)
    for a, b in _stacks(rng, dtype):
        assert P._call_of(a, b) is not None, (a.shape, b.shape)
        want = np.matmul(a.astype(np.float64), b.astype(np.float64))
        got = P.matmul(a, b)
        assert got.shape == want.shape
        assert np.abs(got - want).max() / max(1.0, np.abs(want).max()) < _tol(dtype)


def test_blocks_of_the_shared_axis_add_up(monkeypatch):
    # A second-level cache of 8 KiB: the shared axis is packed a vector of
    # rows at a time, each block after the first added to the result.
    monkeypatch.setattr(P, '_cache_bytes', lambda: 8192)
    monkeypatch.setattr(P, '_calls', {})
    lanes, regs = machine(np.float32)
    assert P._k_block(300, C.product_tile(lanes, regs)[1] * lanes, 4, lanes) < 300
    rng = np.random.default_rng(2)
    for ta, tb in [(False, False), (True, True), (False, True)]:
        a, b = _operands(rng, 37, 300, 150, np.float32, ta, tb)
        want = a.astype(np.float64) @ b.astype(np.float64)
        assert np.abs(P.matmul(a, b) - want).max() < 1e-4


def test_a_transposed_first_operand_takes_blocks_that_stay_in_the_first_level_cache():
    # A weight gradient's gy.T reads a cache line of A a step of the shared
    # axis: a block's lines and panel rows fill at most the first-level
    # cache (the most whole vectors of rows that do), where a row-major A
    # takes blocks by the second-level cache.
    from tapejit.targets.cpu.contraction import cache_line, first_level
    lanes, regs = machine(np.float32)
    nr = C.product_tile(lanes, regs)[1] * lanes
    size, per_row = first_level()[0], cache_line() + nr * 4
    kc = P._k_block(1 << 20, nr, 4, lanes, True)
    assert kc % lanes == 0 and kc * per_row <= size < (kc + lanes) * per_row or kc == lanes
    assert P._k_block(1 << 20, nr, 4, lanes) == P._cache_bytes() // 2 // (nr * 4) // lanes * lanes
    rng = np.random.default_rng(12)
    gy, x = (rng.standard_normal((3 * kc + 5, c)).astype(np.float32) for c in (70, 150))
    want = gy.T.astype(np.float64) @ x.astype(np.float64)
    assert np.abs(P.matmul(gy.T, x) - want).max() / np.abs(want).max() < 1e-5


def test_a_transposed_first_operand_longer_than_its_block_is_written_row_major_first(
        monkeypatch):
    # Read in place, its shared axis would come in blocks, each adding to the
    # result: written row-major (once a matrix, a broadcast one once), it is
    # one block, with the bits of that row-major operand, on any threads.
    lanes, regs = machine(np.float32)
    nr = C.product_tile(lanes, regs)[1] * lanes
    kc = P._k_block(1 << 20, nr, 4, lanes, True)
    written = []
    rows_of = P._rows_of
    monkeypatch.setattr(P, '_rows_of', lambda a, call, width: written.append(
        (call.m, call.k, call.count if call.sab else 1)) or rows_of(a, call, width))
    rng = np.random.default_rng(21)
    for stack_a, stack_b in [((), ()), ((3,), (3,)), ((), (3,)), ((3,), ())]:
        gy = rng.standard_normal(stack_a + (kc + 37, 45)).astype(np.float32)
        x = rng.standard_normal(stack_b + (kc + 37, 150)).astype(np.float32)
        a = np.swapaxes(gy, -1, -2)
        want = np.ascontiguousarray(a)
        for width in (1, 2):
            got = P.matmul(a, x, width=width)
            assert np.array_equal(got, P.matmul(want, x, width=width))
        ref = np.matmul(a.astype(np.float64), x.astype(np.float64))
        assert np.abs(got - ref).max() / np.abs(ref).max() < 1e-5
    assert written == [(45, kc + 37, c) for c in (1, 1, 3, 3, 1, 1, 3, 3)]
    written.clear()
    short = rng.standard_normal((kc, 45)).astype(np.float32)
    P.matmul(short.T, rng.standard_normal((kc, 150)).astype(np.float32))
    assert written == []                           # (one block: read where it lies)


def test_one_thread_and_two_give_the_same_bits():
    rng = np.random.default_rng(3)
    a, b = _operands(rng, 130, 70, 300, np.float32, False, True)
    assert np.array_equal(P.matmul(a, b, width=1), P.matmul(a, b, width=2))


def test_out_is_written_whatever_its_layout():
    rng = np.random.default_rng(4)
    a, b = _operands(rng, 40, 30, 80, np.float64, False, False)
    want = a @ b
    out = np.empty((40, 80))
    assert P.matmul(a, b, out) is out and np.allclose(out, want)
    out_f = np.empty((80, 40)).T
    assert P.matmul(a, b, out_f) is out_f and np.allclose(out_f, want)


def test_nan_and_inf_reach_only_their_rows_and_columns():
    rng = np.random.default_rng(5)
    a, b = _operands(rng, 13, 20, 70, np.float32, False, False)
    a[12, 3] = np.nan      # the last row, in a tile padded with copies of it
    b[5, 69] = np.inf      # the last column, in a panel padded with zeros
    got = P.matmul(a, b)
    want = a.astype(np.float64) @ b.astype(np.float64)
    assert np.array_equal(np.isnan(got), np.isnan(want))
    assert np.array_equal(np.isinf(got), np.isinf(want))
    ok = np.isfinite(want)
    assert np.abs(got[ok] - want[ok]).max() < 1e-4


def test_what_the_kernels_take():
    x = np.ones((512, 512), np.float32)
    assert P.takes_product(x, x) and P.takes_product(x.T, x.T)
    assert not P.takes_product(x, x[:, ::2])                    # strided
    assert not P.takes_product(x[:8], x[:, :8])                 # short
    assert not P.takes_product(x.astype(np.float16), x.astype(np.float16))
    assert P.takes_product(x[None], x[None])                    # stacked
    assert P.takes_product(np.ones((3, 2, 256, 128), np.float32), x[:128, :256])
    two = 2 * P._columns(512, np.float32)         # (two panels of the full tile)
    assert -(-two // P._columns(two, np.float32)) < P.MIN_PANELS
    assert not P.takes_product(x, x[:, :two])                   # two panels
    # A classifier's ten columns of a long product: one narrow panel, taken.
    h = np.ones((256, 4096), np.float32)
    assert P.takes_product(h, np.ones((10, 4096), np.float32).T)
    assert not P.takes_product(h[:, :128], np.ones((10, 128), np.float32).T)   # short
    # A stack of small matrices: refused (each item's fixed costs dominate).
    assert not P.takes_product(np.ones((4096, 16, 16), np.float32),
                               np.ones((4096, 16, 16), np.float32))
    # A stack whose axes need no single stride: refused.
    y = np.ones((4, 3, 256, 128), np.float32)
    assert not P.takes_product(y.transpose(1, 0, 2, 3), y.transpose(1, 0, 3, 2))
    assert P.takes_product(y, y.transpose(0, 1, 3, 2))
    # Partly broadcast stacks: refused.
    assert not P.takes_product(y[:1], y[:, :1].transpose(0, 1, 3, 2))
    assert not P.takes_product(x, x.astype(np.float64))
    assert host_kernel('matmul', x, x) is P.matmul


def _arrays(result):
    value, grads = result
    return getattr(value, 'array', value), tuple(getattr(g, 'array', g) for g in grads)


def _products_seen(monkeypatch, takes) -> list:
    """The ``(a.shape, b.shape)`` of each product the kernel computes from
    now on, ``takes(a, b)`` deciding which products it computes."""
    calls = []
    real = P.matmul

    def spy(a, b, *args, **kwargs):
        calls.append((a.shape, b.shape))
        return real(a, b, *args, **kwargs)
    from tapejit.ops import registry
    monkeypatch.setitem(registry._HOST, 'matmul', (spy, takes))
    return calls


def test_linear_layers_run_the_kernel_eagerly_and_under_jit(monkeypatch, steady_calibration):
    calls = _products_seen(monkeypatch, P.takes_product)
    # (Two cores: a plan whose products are worth cutting runs step by step,
    # its products through the primitive, rather than as one native call.)
    from tapejit.backends import threads
    monkeypatch.setattr(threads, 'available_cores', lambda: 2)
    rng = np.random.default_rng(6)
    x = rng.standard_normal((256, 300)).astype(np.float32)
    w = rng.standard_normal((200, 300)).astype(np.float32)

    def loss(x, w):
        return F.sum(F.relu(F.linear(x, w)) ** 2)
    value, (gx, gw) = _arrays(tapejit.value_and_grad(loss, argnums=(0, 1))(x, w))
    assert len(calls) >= 3          # forward, and both gradients
    x64, w64 = x.astype(np.float64), w.astype(np.float64)
    h = x64 @ w64.T
    gh = 2 * np.maximum(h, 0)
    assert np.allclose(value, (np.maximum(h, 0) ** 2).sum(), rtol=1e-5)
    assert np.allclose(gx, gh @ w64, rtol=1e-4, atol=1e-3)
    assert np.allclose(gw, gh.T @ x64, rtol=1e-4, atol=1e-3)
    calls.clear()
    jv, (jgx, jgw) = _arrays(tapejit.jit(tapejit.value_and_grad(loss, argnums=(0, 1)))(x, w))
    assert len(calls) >= 3
    assert np.allclose(jv, value, rtol=1e-6)
    assert np.allclose(jgx, gx, rtol=1e-5, atol=1e-5)
    assert np.allclose(jgw, gw, rtol=1e-5, atol=1e-5)


def test_explain_shows_each_product_kernels_tile_and_panels():
    x = np.ones((256, 300), np.float32)
    w = np.ones((200, 300), np.float32)
    f = tapejit.jit(lambda x, w: F.linear(x, w) * 2.0)
    f(x, w)
    lanes, regs = machine(np.float32)
    mr, nv = C.product_tile(lanes, regs)
    text = f.explain(x, w)
    assert f'matmul: tile {mr} rows x {nv} vectors of {lanes}' in text
    assert f'{-(-200 // (nv * lanes))} panels of {nv * lanes} columns' in text


def test_empty_operands_are_numpys():
    a = np.ones((3, 0, 3))
    assert not P.takes_product(a, np.ones((3, 5)))
    assert F.matmul(a, np.ones((3, 5))).shape == (3, 0, 5)
    assert np.array_equal(F.matmul(np.ones((2, 0)), np.ones((0, 4))).array, np.zeros((2, 4)))


def _ref(a, b):
    return np.matmul(a.astype(np.float64), b.astype(np.float64))


def _close(got, a, b):
    want = _ref(a, b)
    return np.abs(got - want).max() / max(1.0, np.abs(want).max()) < 1e-5


@pytest.fixture
def steady_calibration(monkeypatch):
    """The machine's figures pinned to a quiet two-core machine's, for tests
    of which products run the kernel: the measured ones move with a busy
    moment of the machine, and these products pass the size rule by a few
    times the hand-off, not by a hundred."""
    from tapejit.backends import threads
    monkeypatch.setattr(threads, '_calibration',
                        [threads.Calibration(madds_per_s=60e9, handoff_s=5e-6, toggle_s=2e-6)])


def test_from_two_handoffs_the_kernel_takes_a_product_but_not_a_narrow_rewritten_transpose(
        steady_calibration):
    # (Pinned figures: a hand-off is worth 300 K multiply-adds.)
    h = np.ones((128, 512), np.float32)
    w = np.ones((10, 512), np.float32)
    assert P.takes_product(h, w.T)                       # 655 K: 2.2 hand-offs
    assert not P.takes_product(h[:, :256], w[:, :256].T)  # 328 K: 1.1
    # A transposed first operand whose shared axis is longer than its block
    # is written row-major first: a pass over it as long as its product
    # with one or two panels of columns, so BLAS runs those.
    gy = np.ones((4096, 16), np.float32)
    assert P._rewrites_rows(4096, 10, np.float32, True)
    assert not P.takes_product(gy.T, np.ones((4096, 10), np.float32))
    assert P.takes_product(np.ascontiguousarray(gy.T), np.ones((4096, 10), np.float32))
    wide = np.ones((4096, 512), np.float32)
    assert P.takes_product(gy.T, wide) and _close(P.matmul(gy.T, wide), gy.T, wide)
    with tapejit.no_backprop_mode():
        rng = np.random.default_rng(11)
        a, b = rng.standard_normal((4096, 16), np.float32), rng.standard_normal((4096, 10),
                                                                             np.float32)
        assert _close(F.matmul(a, b, transa=True).array, a.T, b)


def test_a_matrix_times_a_broadcast_stack_reads_only_the_matrix(steady_calibration):
    rng = np.random.default_rng(8)
    a = rng.standard_normal((64, 256)).astype(np.float32)
    b = np.broadcast_to(rng.standard_normal((256, 256)).astype(np.float32), (4, 256, 256))
    assert P.takes_product(a, b)
    assert _close(P.matmul(a, b), a, b)
    with tapejit.no_backprop_mode():
        assert _close(F.matmul(a, b).array, a, b)


def test_a_stack_of_single_rows_times_a_matrix():
    # (The rows of a (32, 1, k) stack lie k apart, though a one-row matrix
    # has any row stride.)
    rng = np.random.default_rng(9)
    q = rng.standard_normal((32, 1, 1024)).astype(np.float32)
    w = rng.standard_normal((1024, 1024)).astype(np.float32)
    assert P.takes_product(q, w) and _close(P.matmul(q, w), q, w)
    assert _close(P.matmul(q, w.T), q, w.T)
    assert _close(P.matmul(q.swapaxes(-1, -2).swapaxes(-1, -2), w), q, w)


def test_misaligned_operands_are_numpys():
    rng = np.random.default_rng(10)
    raw = np.zeros(4 * 256 * 256 + 8, np.uint8)
    a = np.ndarray((256, 256), np.float32, buffer=raw, offset=1)
    a[...] = rng.standard_normal((256, 256))
    b = rng.standard_normal((256, 256)).astype(np.float32)
    assert not P.takes_product(a, b) and not P.takes_product(b, a)
    assert _close(F.matmul(a, b).array, a, b)


def test_out_of_another_dtype_read_only_or_overlapping():
    rng = np.random.default_rng(11)
    a = rng.standard_normal((256, 256)).astype(np.float32)
    b = rng.standard_normal((256, 256)).astype(np.float32)
    want = _ref(a, b)
    out64 = np.zeros((256, 256))
    assert P.matmul(a, b, out64) is out64 and np.abs(out64 - want).max() < 1e-3
    frozen = np.zeros((256, 256), np.float32)
    frozen.flags.writeable = False
    with pytest.raises(ValueError):
        P.matmul(a, b, frozen)
    a2, b2 = a.copy(), b.copy()
    assert P.matmul(a2, b2, a2) is a2 and np.abs(a2 - want).max() < 1e-3
    a2, b2 = a.copy(), b.copy()
    assert P.matmul(a2, b2, b2) is b2 and np.abs(b2 - want).max() < 1e-3


def test_an_operand_whose_elements_overlap():
    rng = np.random.default_rng(12)
    m = k = 300
    sab = m * k - m + 1
    buf = rng.standard_normal(sab + m * (k + 1)).astype(np.float32)
    a = np.lib.stride_tricks.as_strided(buf, (2, m, k), (sab * 4, (k + 1) * 4, 4))
    b = rng.standard_normal((k, 256)).astype(np.float32)
    assert P._call_of(a, b) is not None and not P._call_of(a, b).a_dense
    assert _close(P.matmul(a, b), a, b)


def test_the_kernel_for_another_machines_vectors(monkeypatch):
    # AVX2's 32-byte vectors and 16 registers, whatever this host has: the
    # tile, packs and transposes of 8 lanes (4 in float64).
    from tapejit.targets.cpu import contraction as K
    monkeypatch.setattr(K, '_vectors', [(32, 16)])
    monkeypatch.setattr(P, '_calls', {})
    monkeypatch.setattr(P, '_fns', {})
    assert machine(np.float32) == (8, 16) and C.product_tile(8, 16) == (4, 3)
    rng = np.random.default_rng(13)
    for dtype in (np.float32, np.float64):
        for m, k, n in [(13, 33, 47), (31, 17, 129)]:
            for ta, tb in [(False, False), (True, True), (False, True)]:
                a, b = _operands(rng, m, k, n, dtype, ta, tb)
                want = a.astype(np.float64) @ b.astype(np.float64)
                err = np.abs(P.matmul(a, b) - want).max() / max(1.0, np.abs(want).max())
                assert err < _tol(dtype), (dtype, m, k, n, ta, tb, err)


def test_narrow_products_take_a_tile_of_the_vectors_they_need():
    # An attention head's 32 columns or a classifier's 10: a tile of one or
    # two vectors and more rows, never more rows than the first-level
    # cache's ways (rows 4 KiB apart share one of its sets).
    lanes, regs = machine(np.float32)
    wide = C.product_tile(lanes, regs)
    for n in (1, 10, lanes, lanes + 1, 33):
        mr, nv = P.tile(n, np.float32)
        need = -(-n // lanes)
        assert nv == min(need, wide[1]) and mr <= max(P.first_level()[1], wide[0])
        if need < wide[1]:
            assert mr * nv + nv + 1 <= regs and mr >= wide[0]
    assert P.tile(10 * wide[1] * lanes, np.float32) == wide
    assert C.product_tile(16, 32, 10, 16) == (16, 1) and C.product_tile(16, 32, 10, 8) == (8, 1)
    # A first-level cache of few ways: narrow tiles keep the wide tile's
    # rows, and wide products keep the wide tile.
    assert C.product_tile(16, 32, 10, 2) == (6, 1) and C.product_tile(16, 32, 1000, 2) == (6, 4)
    # A stack of attention weights times values of 24 and 40 columns, on
    # one to three threads: every row and column, the same bits.
    rng = np.random.default_rng(14)
    for n in (24, 40):
        p = rng.standard_normal((6, 70, 90)).astype(np.float32)
        v = rng.standard_normal((6, 90, n)).astype(np.float32)
        got = [P.matmul(p, v, width=w) for w in (1, 2, 3)]
        assert _close(got[0], p, v)
        assert np.array_equal(got[0], got[1]) and np.array_equal(got[0], got[2])


def test_the_last_panels_come_in_short_items():
    # Panels that do not share evenly among the threads (13 on two, or a
    # narrower last one): the last one a thread is cut into runs of at
    # least TAIL_BLOCKS blocks, so the threads end within a short item.
    assert P._items(13, 171, 2) == (1, 2, P.TAIL_PARTS)
    assert P._items(16, 171, 2, ragged=True) == (1, 2, P.TAIL_PARTS)
    assert P._items(16, 171, 2) == (1, 0, 1)            # eight panels each
    assert P._items(16, 171, 1, ragged=True) == (1, 0, 1)
    assert P._items(13, 22, 2) == (1, 2, 22 // P.TAIL_BLOCKS)
    assert P._items(13, 7, 2) == (1, 0, 1)              # too short to cut
    for panels in range(1, 40):
        for blocks in (1, 5, 22, 171):
            for width in (1, 2, 3, 8):
                parts, tail, tail_parts = P._items(panels, blocks, width, True)
                assert 1 <= parts <= blocks and 0 <= tail <= panels
                assert tail == 0 or (parts < tail_parts <= blocks
                                     and blocks // tail_parts >= P.TAIL_BLOCKS)
    # The kernel's items with a tail cover every row and column once: a
    # stack whose tail spans two matrices, and a product of 13 panels.
    rng = np.random.default_rng(15)
    lanes = machine(np.float32)[0]
    nr = P.tile(0, np.float32)[1] * lanes
    cases = [(rng.standard_normal((3, 200, 40)).astype(np.float32),
              rng.standard_normal((3, 40, nr + 3)).astype(np.float32)),
             (rng.standard_normal((300, 64)).astype(np.float32),
              rng.standard_normal((64, 12 * nr + 5)).astype(np.float32))]
    for a, b in cases:
        got = [P.matmul(a, b, width=w) for w in (1, 2, 3)]
        assert _close(got[1], a, b)
        assert np.array_equal(got[0], got[1]) and np.array_equal(got[0], got[2])


def test_row_major_operands_at_any_alignment_give_the_same_bits():
    # b's panels are packed into aligned rows whatever b's own alignment
    # (a parameter NumPy allocates lies 16 bytes past a cache line): the
    # same multiply-adds in the same order at every offset and width.
    rng = np.random.default_rng(16)
    for m, k, n in [(7, 5, 16), (13, 33, 47), (300, 70, 130), (10, 256, 200)]:
        a = rng.standard_normal((m, k)).astype(np.float32)
        b = rng.standard_normal((k, n)).astype(np.float32)
        want = P.matmul(a, b, width=1)
        assert _close(want, a, b)
        for offset in (1, 4, 7):
            raw = np.empty(b.size + offset, np.float32)
            moved = raw[offset:].reshape(b.shape)
            moved[...] = b
            for w in (1, 2):
                assert np.array_equal(P.matmul(a, moved, width=w), want), (m, k, n, offset)
    # A refused argument raises: the result is never left unwritten.
    fn = next(iter(P._fns.values()))
    with pytest.raises(TypeError, match='product kernel refused its arguments .bool, int'):
        fn(True, 1, 1, 0)
    # (An array of another dtype: named with its shape.)
    args = [8, 1, 1, 0] + [1] * 14 + [np.zeros(4, np.float16)] + [np.zeros(4, np.float32)] * 3
    with pytest.raises(TypeError, match=r'float16\[4\].*expected'):
        next(f for (dt, *_), f in P._fns.items() if dt == np.float32)(*args)


def test_second_derivatives_through_the_narrow_kernel_match_finite_differences(monkeypatch):
    # A classifier's layer (a few columns, taken by the narrow tile) in
    # float64: the Hessian-vector product of its loss, by double backward,
    # eagerly and under jit, against central differences of the gradient.
    # (Every product the kernel can compute goes to it, whatever this
    # machine's measured size rule says of these sizes.)
    calls = _products_seen(monkeypatch, lambda a, b: P._call_of(a, b) is not None)
    rng = np.random.default_rng(17)
    x = rng.standard_normal((256, 1024)) * 0.05
    cols = machine(np.float64)[0] + 2     # (a vector and a part: ten on AVX-512)
    w = rng.standard_normal((cols, 1024)) * 0.05
    v = rng.standard_normal(x.shape)
    assert P.tile(cols, np.float64)[1] < C.product_tile(*machine(np.float64))[1]

    def loss(x, w):
        return F.sum(F.tanh(F.linear(x, w)) ** 3)

    def gradient(x):
        xv = tapejit.Variable(x)
        gx, = tapejit.grad([loss(xv, w)], [xv])
        return gx.array

    def hvp(x, v, w):
        xv = tapejit.Variable(x)
        gx, = tapejit.grad([loss(xv, w)], [xv], enable_double_backprop=True)
        hv, = tapejit.grad([F.sum(gx * v)], [xv])
        return hv

    eps = 1e-5
    want = (gradient(x + eps * v) - gradient(x - eps * v)) / (2 * eps)
    got = hvp(x, v, w).array
    assert any(cols in b for _, b in calls)   # (the kernel ran the narrow products)
    assert got.shape == x.shape
    assert np.allclose(got, want, rtol=1e-5, atol=1e-8 * np.abs(want).max())
    jitted = tapejit.jit(hvp)(x, v, w)
    assert np.allclose(getattr(jitted, 'array', jitted), got, rtol=1e-10, atol=1e-14)


# --- which of the kernel and BLAS this machine runs faster, per product ----

def _settled():
    """Wait (a bounded time) for the trial thread to open its trials."""
    P.settle_trials(60)
    assert P._timer[0] is None, 'the trial thread did not end'


@pytest.fixture
def timed(monkeypatch):
    """The verdicts as the library keeps them (the suite's default gives
    every layout to the kernel), a product tried from its first call, and
    each way's runs made slower by the seconds the test sets in
    ``slow['kernel']`` or ``slow['blas']``; returns ``(slow, ways run)``."""
    import time
    slow, ran = {'kernel': 0.0, 'blas': 0.0}, []
    real_kernel, real_blas = P._kernel_matmul, P.threads.matmul

    def kernel(call, a, b, out, width):
        ran.append('kernel')
        time.sleep(slow['kernel'])
        return real_kernel(call, a, b, out, width)

    def blas(a, b, out=None, width=None):
        ran.append('blas')
        time.sleep(slow['blas'])
        return real_blas(a, b, out, width)
    for name in ('_verdicts', '_met', '_queued', '_trials'):
        monkeypatch.setattr(P, name, {})
    monkeypatch.setattr(P, '_kernel_matmul', kernel)
    monkeypatch.setattr(P.threads, 'matmul', blas)
    monkeypatch.setattr(P, 'TIME_AFTER_CALLS', 1)
    # (As in a process with no kernel at hand: an untried product is BLAS's.)
    monkeypatch.setattr(P, '_kernel_at_hand', lambda layout: False)
    yield slow, ran
    P.settle_trials(60)


def _tried(a, b):
    """Run the open trial of ``a @ b`` to its verdict (its products
    compared with float64 NumPy's on the way); returns its layout."""
    layout = P._call_of(a, b).layout
    for _ in range(2 * (P.TRIAL_RUNS + 1)):
        assert layout in P._trials and P.takes_product(a, b)
        assert _close(P.matmul(a, b), a, b)
    assert layout not in P._trials and layout in P._verdicts
    return layout


def _linear_operands(seed):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((256, 512)).astype(np.float32),
            rng.standard_normal((512, 512)).astype(np.float32))


def test_a_product_blas_computes_faster_goes_to_blas(fresh_store, timed, steady_calibration):
    slow, ran = timed
    slow['kernel'] = 0.02
    x, w = _linear_operands(12)
    assert not P.takes_product(x, w.T)      # (BLAS's while its kernel loads)
    _settled()
    ran.clear()
    layout = _tried(x, w.T)
    # The calls took turns, the kernel first, on the products themselves.
    assert ran == ['kernel', 'blas'] * (P.TRIAL_RUNS + 1)
    assert not P.takes_product(x, w.T) and P._stored_ratio(layout) > 1.0
    # Eagerly and under jit: the same product, BLAS's, and the kernel never called.
    ran.clear()
    want = x.astype(np.float64) @ w.astype(np.float64).T
    eager = F.linear(x, w).array
    jitted = tapejit.jit(lambda x, w: F.linear(x, w))(x, w).array
    assert 'kernel' not in ran and np.array_equal(eager, jitted)
    assert np.abs(eager - want).max() < 1e-3
    # explain() shows no kernel's tile for it.
    f = tapejit.jit(lambda x, w: F.linear(x, w) * 2.0)
    f(x, w)
    assert 'matmul: tile' not in f.explain(x, w)
    # Each shape is tried for itself: fewer rows of the same layout, where
    # BLAS is the slower, go to the kernel.
    slow['kernel'], slow['blas'] = 0.0, 0.02
    half = x[:128]
    assert not P.takes_product(half, w.T)
    _settled()
    assert _tried(half, w.T) != layout and P.takes_product(half, w.T)
    assert not P.takes_product(x, w.T)
    # A stack is the kernel's whatever its verdicts (BLAS's calls per
    # matrix cost more than the kernel's items), and is never tried.
    rng = np.random.default_rng(3)
    s = rng.standard_normal((3, 256, 512)).astype(np.float32)
    st = s.transpose(0, 2, 1)
    assert P.takes_product(s, st) and P._call_of(s, st).count == 3
    assert not P._trials and not P._queued


def test_the_ratios_are_kept_in_the_store_for_later_processes(fresh_store, timed, monkeypatch):
    slow, ran = timed
    slow['blas'] = 0.02
    x, w = _linear_operands(14)
    assert not P.takes_product(x, w)
    _settled()
    layout = _tried(x, w)
    assert P._kernel_pays(layout) and P._stored_ratio(layout) < 1.0
    # A later process (nothing in memory) reads the ratio: the same verdict,
    # at once, and no trial.
    monkeypatch.setattr(P, '_verdicts', {})
    monkeypatch.setattr(P, '_met', {})
    ran.clear()
    assert P.takes_product(x, w) and not P._trials
    assert _close(P.matmul(x, w), x, w) and ran == ['kernel']
    # Other cores (an affinity mask): tried for them.
    from tapejit.backends import threads
    monkeypatch.setattr(P, '_verdicts', {})
    monkeypatch.setattr(P, '_met', {})
    monkeypatch.setattr(threads, 'available_cores', lambda: 64)
    assert P._stored_ratio(layout) is None and not P._kernel_pays(layout)
    _settled()
    assert layout in P._trials


def test_ratios_that_do_not_read_are_tried_again(fresh_store, timed, monkeypatch):
    from tapejit.compiler import store
    layout = ('f', 'rows', False, False, 128, 512, 512)
    folder = store.cache_dir()
    for bad in (b'not json', b'{"kernel_s": 1}', b'{"kernel_over_blas": -1}',
                b'{"kernel_over_blas": "nan"}'):
        store.write(folder, P._ratio_key(layout), bad)
        for name in ('_verdicts', '_met', '_trials'):
            monkeypatch.setattr(P, name, {})
        assert not P._kernel_pays(layout)
        _settled()
        assert layout in P._trials and P._kernel_pays(layout)
    # A forged entry (not under this user's key) is refused with a warning.
    store.write(folder, P._ratio_key(layout), b'{"kernel_over_blas": 1.5}')
    path = store.entry_path(folder, P._ratio_key(layout))
    with open(path, 'r+b') as f:
        f.seek(-4, 2)
        f.write(b'0.5}')
    for name in ('_verdicts', '_met', '_trials'):
        monkeypatch.setattr(P, name, {})
    with pytest.warns(RuntimeWarning, match='timing again'):
        assert not P._kernel_pays(layout)
    _settled()
    assert layout in P._trials


def test_a_call_meeting_an_untried_product_does_not_wait_for_its_kernel(fresh_store, timed,
                                                                        monkeypatch):
    import threading
    slow, ran = timed
    slow['blas'] = 0.02
    go = threading.Event()
    real = P._load_kernels

    def slow_load(layout):
        assert go.wait(30)
        return real(layout)
    monkeypatch.setattr(P, '_load_kernels', slow_load)
    x, w = _linear_operands(13)
    # While its kernel loads, the product is BLAS's: eager and jit alike.
    eager = F.linear(x, w).array
    jitted = tapejit.jit(lambda x, w: F.linear(x, w))(x, w).array
    assert 'kernel' not in ran and np.array_equal(eager, jitted) and not P._trials
    go.set()
    _settled()
    # Then its calls take turns, eager and jit alike, until it is decided:
    # the kernel's (BLAS was the slower).
    f = tapejit.jit(lambda x, w: F.linear(x, w))
    ran.clear()
    for i in range(2 * (P.TRIAL_RUNS + 1)):
        y = (F.linear(x, w) if i % 2 else f(x, w)).array
        assert np.abs(y - x.astype(np.float64) @ w.astype(np.float64).T).max() < 1e-3
    assert ran == ['kernel', 'blas'] * (P.TRIAL_RUNS + 1) and not P._trials
    ran.clear()
    eager = F.linear(x, w).array
    jitted = f(x, w).array
    assert ran == ['kernel', 'kernel'] and np.array_equal(eager, jitted)


def test_a_product_is_tried_only_once_the_process_has_made_many_of_its_calls(
        fresh_store, timed, monkeypatch):
    monkeypatch.setattr(P, 'TIME_AFTER_CALLS', 5)
    layout = ('f', 'rows', True, False, 128, 512, 512)
    for _ in range(4):
        assert not P._kernel_pays(layout)
    _settled()
    assert not P._trials and P._timer[0] is None and P._stored_ratio(layout) is None
    assert not P._kernel_pays(layout)     # (the fifth: its kernel loads, BLAS meanwhile)
    _settled()
    assert layout in P._trials and P._kernel_pays(layout)


# (The warning turned into an error below ends its thread with the error,
# which the thread's excepthook reports.)
@pytest.mark.filterwarnings('ignore::pytest.PytestUnhandledThreadExceptionWarning')
def test_a_kernel_that_fails_to_load_leaves_its_product_to_blas_and_says_so(
        fresh_store, timed, monkeypatch):
    import warnings

    def broken(layout):
        raise MemoryError('no room for the kernel')
    real = P._load_kernels
    monkeypatch.setattr(P, '_load_kernels', broken)
    layout = ('f', 'rows', False, False, 128, 512, 512)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        assert not P._kernel_pays(layout)
        _settled()
    assert any('the matrix product kernel failed' in str(w.message)
               and 'no room' in str(w.message) for w in caught)
    assert not P._kernel_pays(layout) and P._stored_ratio(layout) is None
    # A warning turned into an error does not stop the trials of later products.
    other = ('f', 'rows', True, False, 128, 512, 512)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        monkeypatch.setattr(P, '_verdicts', {})
        assert not P._kernel_pays(layout)
        _settled()
        monkeypatch.setattr(P, '_load_kernels', real)
        assert not P._kernel_pays(other)
        _settled()
    assert other in P._trials


def test_a_kernel_that_fails_in_its_trial_leaves_the_product_to_blas(fresh_store, timed,
                                                                    monkeypatch):
    import warnings
    slow, ran = timed
    x, w = _linear_operands(15)

    def broken(call, a, b, out, width):
        raise MemoryError('no room for the panels')
    assert not P.takes_product(x, w)
    _settled()
    monkeypatch.setattr(P, '_kernel_matmul', broken)
    out = np.zeros((x.shape[0], w.shape[1]), np.float32)
    # BLAS computed the call before the warning (here an error) was given.
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        with pytest.raises(RuntimeWarning, match='no room for the panels'):
            P.matmul(x, w, out)
    assert _close(out, x, w) and ran == ['blas']
    layout = P._call_of(x, w).layout
    assert not P._trials and not P.takes_product(x, w) and P._stored_ratio(layout) is None


def test_a_call_at_fault_during_a_trial_raises_and_the_trial_goes_on(fresh_store, timed):
    slow, ran = timed
    x, w = _linear_operands(16)
    assert not P.takes_product(x, w)
    _settled()
    layout = P._call_of(x, w).layout
    out = np.zeros((x.shape[0], w.shape[1]), np.float32)
    out.flags.writeable = False
    with pytest.raises(ValueError, match='read-only'):
        P.matmul(x, w, out)
    assert layout in P._trials and layout not in P._verdicts
    _tried(x, w)


def test_asking_how_a_product_runs_counts_no_call(fresh_store, timed):
    # (explain() asks: however often, it opens no trial.)
    for _ in range(3):
        assert not P.takes_layout(128, 512, 512, np.float32, False, True)
    _settled()
    assert not P._met and not P._queued and not P._trials
    # Once tried, it says how the product runs.
    layout = P._layout(128, 512, 512, np.float32, False, True)
    P._keep_ratio(layout, 0.5)
    assert P.takes_layout(128, 512, 512, np.float32, False, True)


def test_the_shapes_counted_and_decided_are_kept_for_a_bounded_number(fresh_store, timed,
                                                                      monkeypatch):
    monkeypatch.setattr(P, 'MAX_KEPT_CALLS', 4)
    monkeypatch.setattr(P, 'TIME_AFTER_CALLS', 5)
    for m in range(100, 110):
        assert not P._kernel_pays(('f', 'rows', True, False, m, 512, 512))
        assert len(P._met) <= 4
    for m in range(200, 210):
        P._keep_ratio(('f', 'rows', True, False, m, 512, 512), 0.5)
        assert P._kernel_pays(('f', 'rows', True, False, m, 512, 512))
        assert len(P._verdicts) <= 4


@pytest.mark.skipif(not hasattr(os, 'fork'), reason='needs os.fork')
def test_a_child_forked_while_a_kernel_loads_tries_its_products_again(fresh_store, timed,
                                                                      monkeypatch):
    import threading
    go, began = threading.Event(), threading.Event()
    real = P._load_kernels

    def slow_load(layout):
        began.set()
        assert go.wait(30)
        return real(layout)
    monkeypatch.setattr(P, '_load_kernels', slow_load)
    layout = ('f', 'rows', True, False, 128, 512, 512)
    assert not P._kernel_pays(layout) and began.wait(30)
    pid = os.fork()
    if pid == 0:       # (the child: the trial thread is gone, its queue forgotten)
        ok = P._timer[0] is None and layout not in P._queued
        os._exit(0 if ok else 1)
    go.set()
    _, status = os.waitpid(pid, 0)
    _settled()
    assert os.waitstatus_to_exitcode(status) == 0 and layout in P._trials


def test_a_trial_opens_nothing_when_the_interpreter_ends(fresh_store, timed, monkeypatch):
    monkeypatch.setattr(P, '_stopping', [True])
    layout = ('f', 'rows', True, False, 128, 512, 512)
    assert not P._kernel_pays(layout)
    _settled()
    assert not P._trials and P._stored_ratio(layout) is None and layout not in P._verdicts


def _operands_of(rng, a_mode, b_transposed, narrow):
    """Operands of a product whose layout is as said."""
    m, k, n = (256, 1024, 10) if narrow else (128, 512, 512)
    lanes, _ = machine(np.float32)
    block = P._k_block(1 << 30, P._columns(n, np.float32), 4, lanes, True)
    if a_mode != 'rows':
        m, k = k, m     # (as a weight gradient's ``gy.T @ x``: the batch shared)
    if a_mode == 'columns':
        k = min(k, block)
    elif a_mode == 'rewritten':
        k = max(k, block + lanes)
    return _operands(rng, m, k, n, np.float32, a_mode != 'rows', b_transposed)


@pytest.mark.parametrize('how', [('rows', True, False), ('rows', False, False),
                                 ('columns', False, False), ('rewritten', False, False),
                                 ('rows', True, True), ('rows', False, True)])
def test_each_layout_is_tried_on_its_own_path(how, fresh_store, timed, monkeypatch,
                                              steady_calibration):
    slow, ran = timed
    real_rows = P._rows_of

    def rows_of(a, call, width):
        ran.append('rewritten')
        return real_rows(a, call, width)
    monkeypatch.setattr(P, '_rows_of', rows_of)
    a, b = _operands_of(np.random.default_rng(5), *how)
    layout = P._call_of(a, b).layout
    assert layout[:4] == ('f',) + how
    P._open_trial(layout)
    _tried(a, b)
    # Both ways computed it; the kernel wrote a transposed first operand
    # row-major first exactly where it is 'rewritten'.
    assert 'kernel' in ran and 'blas' in ran
    assert ('rewritten' in ran) == (how[0] == 'rewritten')
    assert np.isfinite(P._stored_ratio(layout))


def test_an_untried_product_runs_the_kernel_where_it_is_at_hand(fresh_store, monkeypatch):
    # Before its trial, a product runs the kernel where it is loaded or an
    # earlier process kept it in the store (loaded without compiling),
    # else BLAS: no call waits for a compile.
    from tapejit.targets.cpu import contraction, llvm_jit
    for name in ('_verdicts', '_met', '_queued', '_trials', '_fns'):
        monkeypatch.setattr(P, name, {})
    monkeypatch.setattr(contraction, '_kernels', {})       # (nothing loaded)
    monkeypatch.setattr(P, 'TIME_AFTER_CALLS', 1000)        # (no trial here)
    x, w = _linear_operands(15)
    layout = P._call_of(x, w.T).layout
    assert not P._kernel_at_hand(layout) and not P.takes_product(x, w.T)
    assert not P.takes_layout(256, 512, 512, np.float32, False, True)
    P._product_kernel(np.dtype(np.float32), P.tile(512, np.float32))   # (compiled, kept)
    assert P.takes_product(x, w.T)
    # A later process: nothing loaded, the kernel in the store.
    for module, name in ((P, '_fns'), (contraction, '_kernels'), (llvm_jit, '_entries'),
                         (P, '_met')):
        monkeypatch.setattr(module, name, {})
    monkeypatch.setattr(llvm_jit, '_object_code',
                        lambda *a: pytest.fail('an untried product compiled its kernel'))
    assert P.takes_product(x, w.T) and P.takes_layout(256, 512, 512, np.float32, False, True)
    assert _close(P.matmul(x, w.T), x, w.T)
    # A transposed first operand written row-major first needs the kernel
    # that writes it too: not stored, so BLAS's.
    g = np.random.default_rng(16).standard_normal((2048, 256)).astype(np.float32)
    rewritten = P._call_of(g.T, g)
    assert rewritten.layout[1] == 'rewritten' and not P.takes_product(g.T, g)
    assert P._met and not P._trials and not P._queued


def test_an_untried_product_whose_kernel_fails_goes_to_blas_and_says_so(fresh_store,
                                                                       monkeypatch):
    for name in ('_verdicts', '_met', '_queued', '_trials'):
        monkeypatch.setattr(P, name, {})
    monkeypatch.setattr(P, 'TIME_AFTER_CALLS', 1000)
    monkeypatch.setattr(P, '_kernel_at_hand', lambda layout: True)

    def refused(*args):
        raise RuntimeError('a stored object refused')
    monkeypatch.setattr(P, '_kernel_matmul', refused)
    x, w = _linear_operands(17)
    layout = P._call_of(x, w.T).layout
    # A call at fault (a read-only result) raises its own error, and
    # blames nothing on the kernel.
    frozen = np.empty((256, 512), np.float32)
    frozen.flags.writeable = False
    assert P.takes_product(x, w.T)
    with pytest.raises(ValueError):
        P.matmul(x, w.T, out=frozen)
    assert layout not in P._verdicts
    with pytest.warns(RuntimeWarning, match='kernel failed.*BLAS computes'):
        got = P.matmul(x, w.T)
    assert _close(got, x, w.T)
    assert P._verdicts[layout] is False and not P.takes_product(x, w.T)


def test_asking_whether_the_kernel_is_at_hand_waits_for_no_compile(fresh_store,
                                                                  monkeypatch):
    # A thread compiling holds LLVM's lock for the whole compile: an
    # untried product's question reads the store without it.
    import threading
    from tapejit.targets.cpu import llvm_jit
    llvm_jit._setup()
    monkeypatch.setattr(P, '_at_hand', {})
    layout = P._call_of(*_linear_operands(18)).layout
    held, done, answer = threading.Event(), threading.Event(), []

    def compiling():
        with llvm_jit._lock:
            held.set()
            done.wait(30)
    t = threading.Thread(target=compiling)
    t.start()
    try:
        held.wait(30)
        asker = threading.Thread(target=lambda: answer.append(P._kernel_at_hand(layout)))
        asker.start()
        asker.join(10)
        assert answer, 'the question waited for the lock a compile holds'
    finally:
        done.set()
        t.join(30)
