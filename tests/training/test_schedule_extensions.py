"""The hyperparameter schedules (InverseShift, StepShift, PolynomialShift,
MultistepShift, and ExponentialShift and LinearShift beside them) against
values computed with Chainer 7.8.1 (the same calls, by hand, on a stand-in
trainer)."""

import io

import pytest

from tapejit import serializers
from tapejit.training import extensions as E


class _Opt:
    pass


class _Updater:
    iteration, epoch, epoch_detail, is_new_epoch = 1, 0, 0.5, False

    def __init__(self, optimizer):
        self.optimizer = optimizer

    def get_optimizer(self, name):
        return self.optimizer


class _Trainer:
    def __init__(self, optimizer=None):
        self.updater = _Updater(optimizer)


def _run(ext, n=6, start=1.0):
    opt = _Opt()
    opt.lr = start
    trainer = _Trainer(opt)
    ext.initialize(trainer)
    values = [float(opt.lr)]
    for _ in range(n):
        ext(trainer)
        values.append(float(opt.lr))
    return values


# (extension, start value, calls, Chainer 7.8.1's values: initialize, then each call)
CHAINER_VALUES = [
    (lambda: E.InverseShift('lr', 0.5, 0.75), 1.0, 6,
     [1.0, 0.7377879464668811, 0.5946035575013605, 0.5029733718731741, 0.4386913376508308,
      0.39079497139068015, 0.3535533905932738]),
    (lambda: E.InverseShift('lr', 0.5, -1.0, init=0.2, target=0.5), 1.0, 6,
     [0.2, 0.30000000000000004, 0.4, 0.5, 0.5, 0.5, 0.5]),
    (lambda: E.StepShift('lr', 0.5, 2, init=0.8, target=0.15), 1.0, 6,
     [0.8, 0.8, 0.4, 0.4, 0.2, 0.2, 0.15]),
    (lambda: E.StepShift('lr', 3.0, 2, target=20.0), 1.0, 6,
     [1.0, 1.0, 3.0, 3.0, 9.0, 9.0, 20.0]),
    (lambda: E.PolynomialShift('lr', 2.0, 4, init=1.0), 1.0, 6,
     [1.0, 0.5625, 0.25, 0.0625, 0.0, 0.0, 0.0]),
    (lambda: E.PolynomialShift('lr', 0.5, 4, target=0.6), 1.0, 3,
     [1.0, 0.8660254037844386, 0.7071067811865476, 0.6]),
    (lambda: E.MultistepShift('lr', 0.1, [2, 3, 5], 2.0), 1.0, 6,
     [2.0, 2.0, 0.2, 0.020000000000000004, 0.020000000000000004, 0.0020000000000000005,
      0.0020000000000000005]),
    (lambda: E.MultistepShift('lr', 2, [1, 4], None), 0.5, 6,
     [0.5, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0]),
    (lambda: E.ExponentialShift('lr', 0.5, init=0.1, target=0.02), 1.0, 6,
     [0.1, 0.05, 0.025, 0.02, 0.02, 0.02, 0.02]),
    (lambda: E.LinearShift('lr', (0.1, 0.0), (2, 5)), 1.0, 6,
     [0.1, 0.1, 0.1, 0.06666666666666668, 0.03333333333333334, 0.0, 0.0]),
]


@pytest.mark.parametrize('make, start, n, expected', CHAINER_VALUES)
def test_schedule_values_match_chainer(make, start, n, expected):
    assert _run(make(), n, start) == expected


def test_polynomial_shift_holds_its_target_once_the_value_reaches_zero():
    # Chainer divides by the value here (ZeroDivisionError); the target holds.
    assert _run(E.PolynomialShift('lr', 0.5, 4, target=0.6), 6)[-3:] == [0.6, 0.6, 0.6]


@pytest.mark.parametrize('make, message', [
    (lambda: E.InverseShift('lr', -0.1, 1.0), 'negative gamma'),
    (lambda: E.StepShift('lr', 0.5, 0), 'step must be positive'),
    (lambda: E.PolynomialShift('lr', 0.5, 0), 'max_count must be positive'),
])
def test_invalid_arguments(make, message):
    with pytest.raises(ValueError, match=message):
        make()


@pytest.mark.parametrize('make', [
    lambda: E.InverseShift('lr', 0.5, 0.75, init=1.0),
    lambda: E.StepShift('lr', 0.5, 2, init=1.0),
    lambda: E.PolynomialShift('lr', 2.0, 8, init=1.0),
])
def test_resume_from_a_snapshot_continues_the_schedule(make):
    ext = make()
    values = _run(ext, 3)
    buf = io.BytesIO()
    serializers.save_npz(buf, ext)
    buf.seek(0)
    resumed = make()
    serializers.load_npz(buf, resumed)
    opt = _Opt()
    opt.lr = 123.0
    trainer = _Trainer(opt)
    resumed.initialize(trainer)
    assert opt.lr == values[-1]
    resumed(trainer)
    assert opt.lr == _run(make(), 4)[-1]


def test_multistep_shift_resume_keeps_the_step():
    ext = E.MultistepShift('lr', 0.1, [1, 3], 1.0)
    _run(ext, 3)
    buf = io.BytesIO()
    serializers.save_npz(buf, ext)
    buf.seek(0)
    resumed = E.MultistepShift('lr', 0.1, [1, 3], 1.0)
    serializers.load_npz(buf, resumed)
    assert (resumed._t, resumed._current_step) == (3, 2)
