"""SerialIterator and order samplers against Chainer's documented behaviour."""

import io

import numpy as np
import pytest

from tapejit import iterators, serializers


def test_serial_iterator_no_shuffle_repeat():
    it = iterators.SerialIterator(list(range(6)), 2, shuffle=False)
    assert it.epoch == 0 and it.epoch_detail == 0 and it.previous_epoch_detail is None
    seen = []
    for i in range(5):
        batch = next(it)
        seen.append((batch, it.epoch, it.is_new_epoch, round(it.epoch_detail, 4)))
    assert seen == [([0, 1], 0, False, 0.3333), ([2, 3], 0, False, 0.6667),
                    ([4, 5], 1, True, 1.0), ([0, 1], 1, False, 1.3333),
                    ([2, 3], 1, False, 1.6667)]
    assert it.previous_epoch_detail == pytest.approx(4 / 3)


def test_serial_iterator_batch_wraps_into_the_next_epoch():
    it = iterators.SerialIterator(list(range(5)), 3, shuffle=False)
    assert next(it) == [0, 1, 2]
    assert next(it) == [3, 4, 0] and it.is_new_epoch and it.epoch == 1
    assert it.current_position == 1


def test_serial_iterator_no_repeat():
    it = iterators.SerialIterator(list(range(5)), 2, repeat=False, shuffle=False)
    assert list(it) == [[0, 1], [2, 3], [4]]
    with pytest.raises(StopIteration):
        next(it)
    it.reset()
    assert next(it) == [0, 1] and it.epoch == 0


def test_serial_iterator_shuffle_visits_each_example_once_per_epoch():
    np.random.seed(0)
    it = iterators.SerialIterator(list(range(10)), 5)
    for _ in range(3):
        epoch = next(it) + next(it)
        assert sorted(epoch) == list(range(10))
    assert it.epoch == 3


def test_order_sampler_and_shuffle_arguments():
    class Reverse(iterators.OrderSampler):
        def __call__(self, order, position):
            return np.arange(len(order))[::-1]

    it = iterators.SerialIterator(list(range(4)), 2, order_sampler=Reverse())
    assert next(it) == [3, 2]
    with pytest.raises(ValueError, match='custom `order_sampler`'):
        iterators.SerialIterator([1], 1, shuffle=True, order_sampler=Reverse())

    class Bad(iterators.OrderSampler):
        def __call__(self, order, position):
            return np.arange(len(order) + 1)

    it = iterators.SerialIterator(list(range(2)), 2, order_sampler=Bad())
    with pytest.raises(ValueError, match='size of order'):
        next(it)  # the first order comes from reset(): not checked; the next one is
        next(it)
    with pytest.raises(ValueError, match='batch_size must be positive'):
        iterators.SerialIterator([1], 0)


def test_shuffle_order_sampler_uses_its_random_state():
    a = iterators.ShuffleOrderSampler(np.random.RandomState(3))
    expected = np.random.RandomState(3).permutation(6)
    np.testing.assert_array_equal(a(np.arange(6), 0), expected)


def _roundtrip(src, dst):
    f = io.BytesIO()
    serializers.save_npz(f, src)
    f.seek(0)
    serializers.load_npz(f, dst)


def test_serialize_resumes_the_same_batches():
    data = list(range(7))
    it = iterators.SerialIterator(data, 3, order_sampler=iterators.ShuffleOrderSampler(
        np.random.RandomState(0)))
    for _ in range(4):
        next(it)
    copy = iterators.SerialIterator(data, 3, order_sampler=iterators.ShuffleOrderSampler(
        np.random.RandomState(99)))
    _roundtrip(it, copy)
    assert (copy.epoch, copy.current_position, copy.is_new_epoch) == (
        it.epoch, it.current_position, it.is_new_epoch)
    assert copy.previous_epoch_detail == it.previous_epoch_detail
    # The rest of this epoch and the orders of the next ones (the generator's state).
    assert [next(copy) for _ in range(6)] == [next(it) for _ in range(6)]


def test_serialize_without_order_and_from_an_older_file():
    it = iterators.SerialIterator(list(range(5)), 2, shuffle=False)
    next(it)
    copy = iterators.SerialIterator(list(range(5)), 2, shuffle=False)
    _roundtrip(it, copy)
    assert next(copy) == [2, 3]
    # A file without previous_epoch_detail: estimated from the position, as Chainer does.
    f = io.BytesIO()
    np.savez(f, current_position=np.asarray(2), epoch=np.asarray(0),
             is_new_epoch=np.asarray(False))
    f.seek(0)
    old = iterators.SerialIterator(list(range(5)), 2, shuffle=False)
    serializers.load_npz(f, old)
    assert old.previous_epoch_detail == 0.0 and old.current_position == 2
