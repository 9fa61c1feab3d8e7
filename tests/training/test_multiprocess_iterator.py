"""MultiprocessIterator against values computed with Chainer 7.8.1."""

import copy
import pickle
import time
import warnings

import numpy as np
import pytest

from tapejit import iterators, serializers


def _shuffled(seed):
    return iterators.ShuffleOrderSampler(np.random.RandomState(seed))


class _Slow:
    """Example 2 takes 0.3 s to read."""

    def __len__(self):
        return 5

    def __getitem__(self, i):
        if i == 2:
            time.sleep(0.3)
        return i


def test_shuffled_batches_and_epochs_match_chainer():
    it = iterators.MultiprocessIterator(list(range(7)), 3, order_sampler=_shuffled(3),
                                        n_processes=2, n_prefetch=2)
    assert it._pool is None  # no workers before the first batch
    got = [(next(it), it.epoch, it.is_new_epoch, round(it.epoch_detail, 6)) for _ in range(6)]
    it.finalize()
    # Chainer 7.8.1, the same arguments
    assert got == [([4, 6, 5], 0, False, 0.428571), ([3, 1, 0], 0, False, 0.857143),
                   ([2, 6, 4], 1, True, 1.285714), ([1, 2, 3], 1, False, 1.714286),
                   ([5, 0, 6], 2, True, 2.142857), ([1, 3, 4], 2, False, 2.571429)]


def test_resume_from_a_snapshot():
    it = iterators.MultiprocessIterator(list(range(7)), 3, order_sampler=_shuffled(5),
                                        n_processes=2)
    next(it)
    next(it)
    target = {}
    it.serialize(serializers.DictionarySerializer(target))
    it.finalize()
    resumed = iterators.MultiprocessIterator(list(range(7)), 3, order_sampler=_shuffled(9),
                                             n_processes=2)
    resumed.serialize(serializers.NpzDeserializer(target))
    assert (resumed.epoch, resumed.current_position) == (0, 6)
    assert resumed.previous_epoch_detail == pytest.approx(3 / 7)
    # Chainer 7.8.1: the last example of epoch 0, then epoch 1's order begins
    assert next(resumed)[0] == 3
    assert (resumed.epoch, resumed.current_position) == (1, 2)
    assert resumed.previous_epoch_detail == pytest.approx(6 / 7)
    resumed.finalize()


def test_arrays_through_shared_memory_and_the_warning_when_too_small():
    data = [(i, np.arange(3.0) * i, {'k': 1}) for i in range(4)]
    # Chainer 7.8.1: the same batch (and its workers warn that 16 < 24 bytes)
    expected = [(0, [0., 0., 0.]), (1, [0., 1., 2.]), (2, [0., 2., 4.])]
    for shared_mem, warns in ((None, False), (16, True)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter('always')
            it = iterators.MultiprocessIterator(data, 3, shuffle=False, n_processes=2,
                                                shared_mem=shared_mem)
            batches = [next(it), next(it)]
            it.finalize()
        assert [(i, x.tolist()) for i, x, _ in batches[0]] == expected
        assert [i for i, _, _ in batches[1]] == [3, 0, 1]
        assert all(d == {'k': 1} for _, _, d in batches[0])
        too_small = [w for w in caught if 'shared memory' in str(w.message)]
        assert bool(too_small) == warns


def test_stalled_dataset_warns_and_goes_on():
    it = iterators.MultiprocessIterator(_Slow(), 2, repeat=False, shuffle=False,
                                        n_processes=2, dataset_timeout=0.05)
    assert next(it) == [0, 1]
    with pytest.warns(iterators.MultiprocessIterator.TimeoutWarning):
        assert next(it) == [2, 3]
    assert list(it) == [[4]]


def test_copy_pickle_reset_and_finalize():
    it = iterators.MultiprocessIterator([1, 2, 3, 4, 5], 2, repeat=False, shuffle=False,
                                        n_processes=2, n_prefetch=2)
    twin = copy.copy(it)
    assert next(it) == [1, 2]
    restored = pickle.loads(pickle.dumps(it))
    assert list(it) == [[3, 4], [5]]
    assert list(restored) == [[3, 4], [5]]
    assert list(twin) == [[1, 2], [3, 4], [5]]
    it.reset()
    assert next(it) == [1, 2]
    for i in (it, twin, restored):
        i.finalize()
    # Chainer 7.8.1 raises NotImplementedError too
    with pytest.raises(NotImplementedError):
        it.reset()
