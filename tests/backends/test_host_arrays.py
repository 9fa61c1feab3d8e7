"""The blocks eager results are served from: used again only once every
array and view of a block is gone, within the machine's share, and by every
eager kernel that writes a large result."""

import gc
import threading

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.backends import host_arrays as H
from tapejit.backends import threads

BIG = (H.MIN_BYTES // 4) * 4      # float32 elements of a kept size


@pytest.fixture(autouse=True)
def _fresh_blocks(monkeypatch):
    monkeypatch.setattr(H, '_blocks', {})
    monkeypatch.setattr(H, '_held', [0])
    monkeypatch.setattr(H, '_last', {})


def test_a_block_is_used_again_only_when_no_array_or_view_refers_to_it():
    a = H.empty((BIG,), np.float32)
    address = a.ctypes.data
    view = a[10:]
    del a
    b = H.empty((BIG,), np.float32)
    assert b.ctypes.data != address          # the view still holds the block
    b[...] = 1.0
    view[...] = 2.0
    assert (b == 1.0).all()
    del view
    c = H.empty((BIG // 2, 2), np.float32)   # the same size class, another shape
    assert c.ctypes.data == address and c.ctypes.data % H.ALIGN == 0
    assert H.held() >= 2 * BIG * 4


def test_small_arrays_are_numpys_own_and_the_kept_bytes_stay_within_the_limit(monkeypatch):
    small = H.empty((16,), np.float64)
    assert small.flags.owndata and H.held() == 0
    monkeypatch.setattr(H, '_limit', [3 * BIG * 4])
    arrays = [H.empty((BIG,), np.float32) for _ in range(5)]
    assert H.held() <= 3 * BIG * 4 + 3 * H.ALIGN
    assert len({a.ctypes.data for a in arrays}) == 5
    del arrays
    assert H.release() > 0 and H.held() == 0


def test_release_keeps_the_blocks_in_use():
    kept = H.empty((BIG,), np.float32)
    kept[...] = 3.0
    H.empty((BIG,), np.float32)               # dropped at once
    assert H.release() > 0
    assert H.held() > 0 and (kept == 3.0).all()


def test_threads_never_get_one_block_twice():
    got, lock = [], threading.Lock()

    def take():
        mine = [H.empty((BIG,), np.float32) for _ in range(20)]
        for k, a in enumerate(mine):
            a[...] = k
        with lock:
            got.extend(mine)
    ts = [threading.Thread(target=take) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert len({a.ctypes.data for a in got}) == len(got)


def test_eager_kernels_write_large_results_into_kept_blocks():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((4, 8, 32, 32)).astype(np.float32)
    W = rng.standard_normal((16, 8, 3, 3)).astype(np.float32)
    y = F.convolution_2d(x, W, pad=1)
    assert H.held() >= y.array.nbytes
    ref = F.convolution_2d(x.astype(np.float64), W.astype(np.float64), pad=1).array
    np.testing.assert_allclose(y.array, ref, rtol=1e-4, atol=1e-4)
    before = H.held()
    a = rng.standard_normal((threads.UFUNC_PIECE * 4,)).astype(np.float32)
    s = threads.ufunc(np.add, a, a)
    assert H.held() > before and np.array_equal(s, a + a)
    # A training loop's steps reuse the blocks: what is kept stops growing.
    # (Collected before each reading: an array that cyclic garbage of the
    # suite's earlier tests still holds is freed when the collector runs.)
    v = tapejit.Variable(x)
    Wv = tapejit.Parameter(W)
    sizes = []
    for _ in range(5):
        loss = F.sum(F.relu(F.convolution_2d(v, Wv, pad=1)))
        Wv.cleargrad()
        loss.backward()
        gc.collect()
        sizes.append(H.held())
    assert sizes[-1] == sizes[-2] == sizes[-3]


def test_new_sizes_take_the_place_of_free_blocks_used_least_recently(monkeypatch):
    # Once the kept bytes reach the limit, blocks of sizes seen once (a last
    # partial batch, an evaluation) give way to the sizes a step still uses.
    monkeypatch.setattr(H, '_limit', [2 * (BIG * 4 + H.ALIGN)])
    for k in range(1, 4):
        H.empty((BIG * 4 - k * H.GRAIN,), np.uint8)      # three one-off sizes, freed
    assert len(H._blocks) == 2                           # (the limit holds two)
    steady = H.empty((BIG,), np.float32)
    address = steady.ctypes.data
    assert H.held() <= H.limit() and BIG * 4 in H._blocks
    assert BIG * 4 - 3 * H.GRAIN in H._blocks            # the most recent one-off stays
    del steady
    assert H.empty((BIG,), np.float32).ctypes.data == address


def test_object_arrays_are_numpys_own():
    # (An object array over reused bytes would release references it never
    # held.)
    a = H.empty((BIG,), object)
    assert a.flags.owndata and H.held() == 0
    ones = np.array([1] * (threads.UFUNC_PIECE * 4), dtype=object)
    assert (threads.ufunc(np.add, ones, ones) == 2).all()
