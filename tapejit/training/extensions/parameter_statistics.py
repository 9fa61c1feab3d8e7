"""Statistics of a model's parameters and gradients, reported while training."""

from __future__ import annotations

from typing import Any, Callable, Dict, Union

import numpy

from tapejit import reporter
from tapejit.backends import get_array_module
from tapejit.training import extension
from tapejit.training.util import get_trigger

_PERCENTILES = (0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87)

_default_statistics: Dict[str, Callable[[Any], Any]] = {
    'mean': lambda x: get_array_module(x).mean(x),
    'std': lambda x: get_array_module(x).std(x),
    'min': lambda x: get_array_module(x).min(x),
    'max': lambda x: get_array_module(x).max(x),
    'zeros': lambda x: get_array_module(x).count_nonzero(x == 0),
    'percentile': lambda x: get_array_module(x).percentile(x, _PERCENTILES),
}


class ParameterStatistics(extension.Extension):
    """Reports statistics of the parameters (``report_params``) and gradients
    (``report_grads``) of ``links`` (a link or a list of links).

    Each call adds them to a summary; when ``trigger`` fires, their means
    since the last report are reported, under
    ``{prefix}/{link name}{parameter path}/{data|grad}/{statistic}`` (a
    statistic giving several values adds ``/0``, ``/1``...).  ``statistics``
    maps names to functions of a flat array (``'default'``: mean, std, min,
    max, zeros and percentile; None: none, see :meth:`register_statistics`).
    ``skip_nan_params`` reports NaN for an array holding a NaN without
    calling the functions.

    >>> import numpy as np
    >>> from tapejit import links, reporter
    >>> from tapejit.training import extensions
    >>> link = links.Linear(3, 2, initialW=np.ones((2, 3)))
    >>> link.name = 'fc'
    >>> ext = extensions.ParameterStatistics(
    ...     link, {'max': np.max}, report_grads=False, trigger=(1, 'iteration'))
    >>> class Trainer:
    ...     class updater:
    ...         iteration, epoch, epoch_detail, is_new_epoch = 1, 0, 0.1, False
    >>> observation = {}
    >>> with reporter.Reporter().scope(observation):
    ...     ext(Trainer())
    >>> sorted((key, float(value)) for key, value in observation.items())
    [('fc/W/data/max', 1.0), ('fc/b/data/max', 0.0)]
    """

    default_name = 'parameter_statistics'
    priority = extension.PRIORITY_WRITER
    report_key_template = '{prefix}{link_name}{param_name}/{attr_name}/{function_name}'
    default_statistics = _default_statistics

    def __init__(self, links: Any, statistics: Union[str, Dict[str, Callable], None] = 'default',
                 report_params: bool = True, report_grads: bool = True,
                 prefix: Union[str, None] = None, trigger: Any = (1, 'epoch'),
                 skip_nan_params: bool = False) -> None:
        if not isinstance(links, (list, tuple)):
            links = links,
        self._links = links
        if statistics is None:
            statistics = {}
        elif isinstance(statistics, str):
            if statistics != 'default':
                raise ValueError(f"ParameterStatistics: statistics must be a dict, None or "
                                 f"'default', got {statistics!r}")
            statistics = self.default_statistics
        self._statistics = dict(statistics)
        self._attrs = [name for name, on in (('data', report_params), ('grad', report_grads))
                       if on]
        self._prefix = prefix
        self._trigger = get_trigger(trigger)
        self._summary = reporter.DictSummary()
        self._skip_nan_params = skip_nan_params

    def __call__(self, trainer: Any) -> None:
        """Add the statistics of the parameters now to the summary; report its
        means and start a new one when the trigger fires."""
        statistics = {}
        prefix = self._prefix + '/' if self._prefix else ''
        for link in self._links:
            link_name = getattr(link, 'name', 'None')
            for param_name, param in link.namedparams():
                for attr_name in self._attrs:
                    array = getattr(param, attr_name)
                    if array is None:
                        continue  # not initialized yet / no gradient
                    array = array.ravel()
                    skip = (self._skip_nan_params
                            and bool(get_array_module(array).isnan(array).any()))
                    for function_name, function in self._statistics.items():
                        value = numpy.nan if skip else function(array)
                        key = self.report_key_template.format(
                            prefix=prefix, link_name=link_name, param_name=param_name,
                            attr_name=attr_name, function_name=function_name)
                        if getattr(value, 'size', 1) > 1:
                            statistics.update(
                                {f'{key}/{i}': v for i, v in enumerate(value)})
                        else:
                            statistics[key] = value
        self._summary.add(statistics)
        if self._trigger(trainer):
            reporter.report(self._summary.compute_mean())
            self._summary = reporter.DictSummary()

    def register_statistics(self, name: str, function: Callable[[Any], Any]) -> None:
        """Add the statistic ``name``: ``function`` of a flat array, giving one
        number or an array of them."""
        self._statistics[name] = function
