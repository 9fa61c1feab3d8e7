"""Trainer extensions (Chainer's ``training.extensions``).

>>> from tapejit.training import extensions
>>> extensions.Evaluator.default_name, extensions.Evaluator.trigger
('validation', (1, 'epoch'))
"""

# (snapshot_writers as a module, as Chainer's ``extensions.snapshot_writers.SimpleWriter``)
from tapejit.training.extensions import snapshot_writers  # noqa: F401
from tapejit.training.extensions.dump_graph import DumpGraph
from tapejit.training.extensions.evaluator import Evaluator
from tapejit.training.extensions.fail_on_nonnumber import FailOnNonNumber
from tapejit.training.extensions.log_report import LogReport
from tapejit.training.extensions.micro_average import MicroAverage
from tapejit.training.extensions.parameter_statistics import ParameterStatistics
from tapejit.training.extensions.plot_report import PlotReport
from tapejit.training.extensions.print_report import PrintReport
from tapejit.training.extensions.progress_bar import ProgressBar
from tapejit.training.extensions.shifts import (ExponentialShift, InverseShift, LinearShift,
                                                MultistepShift, PolynomialShift, StepShift,
                                                WarmupShift)
from tapejit.training.extensions.snapshot import SimpleWriter, snapshot, snapshot_object
from tapejit.training.extensions.value_observation import observe_lr, observe_value

__all__ = [
    'DumpGraph', 'Evaluator', 'ExponentialShift', 'FailOnNonNumber', 'InverseShift',
    'LinearShift', 'LogReport', 'MicroAverage', 'MultistepShift', 'ParameterStatistics',
    'PlotReport', 'PolynomialShift', 'PrintReport', 'ProgressBar', 'SimpleWriter', 'StepShift',
    'WarmupShift', 'observe_lr', 'observe_value',
    'snapshot', 'snapshot_object',
]
