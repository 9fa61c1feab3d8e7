"""ParameterStatistics against values computed with Chainer 7.8.1."""

import math

import numpy as np
import pytest

from tapejit import links, reporter
from tapejit.training import extensions as E
from tests.training.test_schedule_extensions import _Trainer


def _always(trainer):
    return True


def _linear():
    link = links.Linear(3, 2, initialW=np.arange(6, dtype=np.float32).reshape(2, 3) - 2,
                        initial_bias=np.array([0.5, 0], np.float32))
    link.name = 'fc'
    link.W.grad = np.full((2, 3), 0.25, np.float32)
    link.b.grad = np.array([np.nan, 1], np.float32)
    return link


def _observe(ext):
    observation = {}
    with reporter.Reporter().scope(observation):
        ext(_Trainer())
    return {key: float(value) for key, value in observation.items()}


# Chainer 7.8.1's report of ParameterStatistics(link, prefix='p'), triggered
_W_DATA = {'max': 3.0, 'mean': 0.5, 'min': -2.0, 'std': 1.7078251838684082, 'zeros': 1.0,
           'percentile/0': -1.9935, 'percentile/1': -1.8860000000000001,
           'percentile/2': -1.2065000000000001, 'percentile/3': 0.5, 'percentile/4': 2.2065,
           'percentile/5': 2.886, 'percentile/6': 2.9935}
_B_DATA = {'max': 0.5, 'mean': 0.25, 'min': 0.0, 'std': 0.25, 'zeros': 1.0,
           'percentile/0': 0.00065, 'percentile/1': 0.011399999999999999,
           'percentile/2': 0.07934999999999999, 'percentile/3': 0.25,
           'percentile/4': 0.42064999999999997, 'percentile/5': 0.4886, 'percentile/6': 0.49935}


def _check(observed, prefix, expected):
    for name, value in expected.items():
        got = observed.pop(f'{prefix}/{name}')
        assert got == pytest.approx(value, rel=1e-6) or (math.isnan(got) and math.isnan(value))


@pytest.mark.parametrize('skip_nan', [False, True])
def test_parameter_statistics_match_chainer(skip_nan):
    ext = E.ParameterStatistics(_linear(), prefix='p', trigger=_always,
                                skip_nan_params=skip_nan)
    observed = _observe(ext)
    _check(observed, 'p/fc/W/data', _W_DATA)
    _check(observed, 'p/fc/b/data', _B_DATA)
    _check(observed, 'p/fc/W/grad', {'max': 0.25, 'mean': 0.25, 'min': 0.25, 'std': 0.0,
                                     'zeros': 0.0, **{f'percentile/{i}': 0.25 for i in range(7)}})
    if skip_nan:  # one NaN per statistic, the percentiles' too
        expected = {name: math.nan for name in ('max', 'mean', 'min', 'std', 'zeros',
                                                'percentile')}
    else:
        expected = {'max': math.nan, 'mean': math.nan, 'min': math.nan, 'std': math.nan,
                    'zeros': 0.0, **{f'percentile/{i}': math.nan for i in range(7)}}
    _check(observed, 'p/fc/b/grad', expected)
    assert observed == {}


def test_parameter_statistics_summarize_until_the_trigger_fires():
    link = _linear()
    ext = E.ParameterStatistics(link, {'mean': np.mean}, report_grads=False,
                                trigger=lambda trainer: trainer.fire)
    trainer = _Trainer()
    observation = {}
    with reporter.Reporter().scope(observation):
        trainer.fire = False
        ext(trainer)
        link.b.array[...] = [1.5, 1.0]
        trainer.fire = True
        ext(trainer)
    assert {k: float(v) for k, v in observation.items()} == {'fc/W/data/mean': 0.5,
                                                             'fc/b/data/mean': 0.75}


def test_parameter_statistics_register_and_invalid_statistics():
    ext = E.ParameterStatistics(_linear(), None, report_grads=False, trigger=_always)
    assert _observe(ext) == {}
    ext.register_statistics('one', lambda x: 1.0)
    assert _observe(ext) == {'fc/W/data/one': 1.0, 'fc/b/data/one': 1.0}
    with pytest.raises(ValueError, match="dict, None or 'default'"):
        E.ParameterStatistics(_linear(), 'mean')
