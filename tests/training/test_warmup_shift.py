"""WarmupShift against values computed with Chainer 7.8.1."""

import pytest

from tapejit import serializers
from tapejit.training import extensions


class _Optimizer:
    lr = 0.5


class _Trainer:
    def __init__(self, optimizer):
        self.updater = self

        def get_optimizer(name):
            assert name == 'main'
            return optimizer
        self.get_optimizer = get_optimizer


def test_warmup_from_a_given_start_matches_chainer():
    opt = _Optimizer()
    trainer = _Trainer(opt)
    ext = extensions.WarmupShift('lr', 0.01, 4, 0.1)
    ext.initialize(trainer)
    values = [opt.lr]
    for _ in range(6):
        ext(trainer)
        values.append(opt.lr)
    # Chainer 7.8.1
    assert values == pytest.approx([0.01, 0.0325, 0.055, 0.0775, 0.1, 0.1, 0.1])


def test_warmup_from_the_optimizers_value_then_left_alone_matches_chainer():
    opt = _Optimizer()
    trainer = _Trainer(None)
    ext = extensions.WarmupShift('lr', None, 3, 1.0, optimizer=opt)
    ext.initialize(trainer)
    values = [opt.lr]
    for _ in range(4):
        ext(trainer)
        values.append(opt.lr)
    opt.lr = 7.0  # after the warmup another schedule may set it
    ext(trainer)
    values.append(opt.lr)
    # Chainer 7.8.1
    assert values == pytest.approx([0.5, 2 / 3, 5 / 6, 1.0, 1.0, 7.0])


def test_resume_continues_the_warmup():
    opt = _Optimizer()
    ext = extensions.WarmupShift('lr', 0.01, 4, 0.1)
    ext.initialize(_Trainer(opt))
    ext(_Trainer(opt))
    ext(_Trainer(opt))
    target = {}
    ext.serialize(serializers.DictionarySerializer(target))
    resumed_opt = _Optimizer()
    resumed = extensions.WarmupShift('lr', 0.01, 4, 0.1)
    resumed.serialize(serializers.NpzDeserializer(target))
    resumed.initialize(_Trainer(resumed_opt))
    # the value the run stopped at (Chainer sets warmup_start again until the next call)
    assert resumed_opt.lr == pytest.approx(0.055)
    resumed(_Trainer(resumed_opt))
    # Chainer 7.8.1: the third call of the uninterrupted run
    assert resumed_opt.lr == pytest.approx(0.0775)
