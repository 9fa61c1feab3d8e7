"""MultithreadIterator against values computed with Chainer 7.8.1."""

import copy

import numpy as np
import pytest

from tapejit import iterators, serializers


def _shuffled(seed):
    return iterators.ShuffleOrderSampler(np.random.RandomState(seed))


def test_shuffled_batches_and_epochs_match_chainer():
    it = iterators.MultithreadIterator(list(range(7)), 3, order_sampler=_shuffled(3), n_threads=2)
    got = [(next(it), it.epoch, it.is_new_epoch, round(it.epoch_detail, 6)) for _ in range(6)]
    it.finalize()
    # Chainer 7.8.1, the same arguments
    assert got == [([4, 6, 5], 0, False, 0.428571), ([3, 1, 0], 0, False, 0.857143),
                   ([2, 6, 4], 1, True, 1.285714), ([1, 2, 3], 1, False, 1.714286),
                   ([5, 0, 6], 2, True, 2.142857), ([1, 3, 4], 2, False, 2.571429)]


def test_not_repeating_matches_chainer():
    it = iterators.MultithreadIterator(list(range(5)), 2, repeat=False, shuffle=False)
    assert list(it) == [[0, 1], [2, 3], [4]]
    assert (it.epoch, it.epoch_detail, it.previous_epoch_detail) == (1, 1.0, 1.0)
    with pytest.raises(StopIteration):
        next(it)
    it.reset()
    assert next(it) == [0, 1] and it.epoch == 0


def test_resume_from_a_snapshot():
    it = iterators.MultithreadIterator(list(range(7)), 3, order_sampler=_shuffled(5))
    next(it)
    next(it)
    target = {}
    it.serialize(serializers.DictionarySerializer(target))
    resumed = iterators.MultithreadIterator(list(range(7)), 3, order_sampler=_shuffled(9))
    resumed.serialize(serializers.NpzDeserializer(target))
    assert (resumed.epoch, resumed.current_position) == (0, 6)
    assert resumed.previous_epoch_detail == pytest.approx(3 / 7)
    # Chainer 7.8.1: the last example of epoch 0, then epoch 1's order begins
    assert next(resumed)[0] == 3
    assert (resumed.epoch, resumed.current_position) == (1, 2)
    assert resumed.previous_epoch_detail == pytest.approx(6 / 7)
    it.finalize()
    resumed.finalize()


def test_copy_reads_on_its_own_and_finalize_restarts():
    it = iterators.MultithreadIterator([1, 2, 3, 4, 5], 2, repeat=False, shuffle=False)
    twin = copy.copy(it)
    assert list(it) == [[1, 2], [3, 4], [5]]
    assert list(twin) == [[1, 2], [3, 4], [5]]
    it.reset()
    next(it)
    it.finalize()
    assert next(it) == [3, 4]
    it.finalize()


def test_invalid_arguments():
    with pytest.raises(ValueError, match='n_threads must be positive'):
        iterators.MultithreadIterator([1], 1, n_threads=0)
    with pytest.raises(ValueError, match='custom `order_sampler`'):
        iterators.MultithreadIterator([1], 1, shuffle=True, order_sampler=_shuffled(0))
