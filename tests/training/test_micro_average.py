"""extensions.MicroAverage (Chainer's sentiment example reports its accuracy
with it): the ratio of the sums over the batches until the trigger fires."""

import types

import numpy as np

import tapejit
from tapejit.training import extensions


class _Every:
    def __init__(self, n):
        self.n, self.calls = n, 0

    def __call__(self, trainer):
        self.calls += 1
        return self.calls % self.n == 0


def _step(ext, observation):
    trainer = types.SimpleNamespace(observation=observation)
    with tapejit.Reporter().scope(observation):
        ext(trainer)


def test_sums_then_divides_and_starts_again():
    ext = extensions.MicroAverage('main/correct', 'main/total', 'main/accuracy',
                                  trigger=_Every(3))
    assert ext.priority == tapejit.training.extension.PRIORITY_EDITOR
    seen = []
    # Batches of 10, 10 and 1 examples: 9, 1 and 1 correct.
    for correct, total in ((9, 10), (np.int64(1), 10), (tapejit.Variable(np.array(1.0)), 1),
                           (2, 4), (2, 4), (0, 2)):
        obs = {'main/correct': correct, 'main/total': total}
        _step(ext, obs)
        seen.append(obs.get('main/accuracy'))
    assert seen[:2] == [None, None] and seen[3:5] == [None, None]
    assert seen[2] == 11 / 21  # not (0.9 + 0.1 + 1.0) / 3
    assert seen[5] == 0.4  # the sums started again


def test_an_observation_without_the_keys_is_skipped():
    ext = extensions.MicroAverage('c', 't', 'r', trigger=_Every(1))
    obs = {'c': 1}
    _step(ext, obs)
    assert 'r' not in obs


def test_serializes_the_running_sums(tmp_path):
    ext = extensions.MicroAverage('c', 't', 'r', trigger=_Every(10))
    _step(ext, {'c': 3, 't': 4})
    path = str(tmp_path / 'ext.npz')
    tapejit.serializers.save_npz(path, ext)
    other = extensions.MicroAverage('c', 't', 'r', trigger=_Every(1))
    tapejit.serializers.load_npz(path, other)
    obs = {'c': 1, 't': 4}
    _step(other, obs)
    assert obs['r'] == 0.5
