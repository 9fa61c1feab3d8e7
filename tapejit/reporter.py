"""Reporting observed values (Chainer's ``chainer.reporter``).

A :class:`Reporter` collects named values (a loss, an accuracy) into an
*observation* dictionary; :func:`report` writes to the current reporter, with
the name of a registered *observer* (a link) as a prefix.  The training loop
makes its reporter current around every update, so a link that calls
``report({'loss': loss}, self)`` shows up as ``'main/loss'``.
:class:`Summary` and :class:`DictSummary` average the reported scalars.

Inside ``@tapejit.jit`` a reported value is not known until the compiled plan
runs: the values a jitted function reports become outputs of its plan, handed
to the reporter current at each call (:func:`capture_reports`, :func:`deliver`).
Traced some other way (``tapejit.ir.trace.trace_graph``), a function that
reports a traced value while a reporter is current raises an error naming the
value instead of losing it; with no reporter current, ``report()`` does
nothing, as eagerly.

>>> import tapejit
>>> reporter = tapejit.Reporter()
>>> observer = object()
>>> reporter.add_observer('my_observer', observer)
>>> observation = {}
>>> with reporter.scope(observation):
...     tapejit.report({'x': 1}, observer)
>>> observation
{'my_observer/x': 1}
"""

from __future__ import annotations

import collections
import contextlib
import json
import threading
import warnings
from typing import Any, Iterator, Optional

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray
from tapejit.core.config import config
from tapejit.core.variable import Variable

_thread_local = threading.local()


class Reporter:
    """Object to which observed values are reported.

    The reporter maps names to observed values (its ``observation``).  A value
    reported with an *observer* (any object registered with
    :meth:`add_observer`) is named ``'<observer name>/<key>'``.

    >>> import tapejit
    >>> reporter = tapejit.Reporter()
    >>> observation = {}
    >>> with reporter:
    ...     with tapejit.report_scope(observation):
    ...         tapejit.report({'x': 1})
    >>> observation
    {'x': 1}
    """

    def __init__(self) -> None:
        self._observer_names: dict = {}
        self.observation: dict = {}

    def __enter__(self) -> None:
        """Make this reporter current."""
        _get_reporters().append(self)

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any) -> None:
        """Restore the previous current reporter."""
        _get_reporters().pop()

    @contextlib.contextmanager
    def scope(self, observation: dict) -> Iterator[None]:
        """Make this reporter current and write reported values into ``observation``.

        >>> import tapejit
        >>> r = tapejit.Reporter(); obs = {}
        >>> with r.scope(obs):
        ...     tapejit.report({'a': 2.0})
        >>> obs
        {'a': 2.0}
        """
        old = self.observation
        self.observation = observation
        self.__enter__()
        try:
            yield
        finally:
            self.__exit__(None, None, None)
            self.observation = old

    def add_observer(self, name: str, observer: Any) -> None:
        """Register ``observer`` (identified by ``id(observer)``) under ``name``."""
        self._observer_names[id(observer)] = name

    def add_observers(self, prefix: str, observers: Any) -> None:
        """Register ``(name, observer)`` pairs under ``prefix + name``.

        >>> import tapejit
        >>> from tapejit import links as L
        >>> model = tapejit.Chain(l1=L.Linear(2, 2))
        >>> r = tapejit.Reporter()
        >>> r.add_observers('main', model.namedlinks(skipself=True))
        >>> sorted(r._observer_names.values())
        ['main/l1']
        """
        for name, observer in observers:
            self._observer_names[id(observer)] = prefix + name

    def report(self, values: dict, observer: Any = None) -> None:
        """Write ``values`` into the observation, prefixed by the observer's name.

        A Variable is stored detached from its graph (a copy sharing its
        array), as Chainer does unless ``config.keep_graph_on_report`` is set.

        >>> import tapejit
        >>> r = tapejit.Reporter(); model = object()
        >>> r.add_observer('main', model)
        >>> with r.scope({}) as _:
        ...     r.report({'loss': 0.5}, model); r.observation
        {'main/loss': 0.5}
        """
        if _capturing():
            _capture(values, None if observer is None else id(observer), observer)
            return
        if config.trace is not None and _has_traced(values):
            _refuse(values)
        self._report(values, None if observer is None else id(observer))

    def _report(self, values: dict, observer_id: Optional[int]) -> None:
        if not getattr(config, 'keep_graph_on_report', False):
            values = {k: _detached(v) for k, v in values.items()}
        if observer_id is None:
            self.observation.update(values)
            return
        name = self._observer_names.get(observer_id)
        if name is None:
            raise KeyError('Given observer is not registered to the reporter.')
        for key, value in values.items():
            self.observation[f'{name}/{key}'] = value


def _detached(value: Any) -> Any:
    if isinstance(value, Variable):
        return Variable(value._data, requires_grad=False, name=value.name)
    return value


def _get_reporters() -> list:
    reporters = getattr(_thread_local, 'reporters', None)
    if reporters is None:
        reporters = _thread_local.reporters = []
    return reporters


def get_current_reporter() -> Reporter:
    """The current reporter (the innermost one made current in this thread).

    >>> import tapejit
    >>> r = tapejit.Reporter()
    >>> with r:
    ...     tapejit.get_current_reporter() is r
    True
    """
    reporters = _get_reporters()
    if not reporters:
        raise RuntimeError('get_current_reporter: no reporter is current; use '
                           '`with reporter:` or `with reporter.scope(observation):`')
    return reporters[-1]


def report(values: dict, observer: Any = None) -> None:
    """Report ``values`` to the current reporter (nothing happens when none is current).

    >>> import tapejit
    >>> tapejit.report({'ignored': 1.0})  # no current reporter: a no-op
    >>> r = tapejit.Reporter(); obs = {}
    >>> with r.scope(obs):
    ...     tapejit.report({'loss': 1.5})
    >>> obs
    {'loss': 1.5}
    """
    if _capturing():
        _capture(values, None if observer is None else id(observer), observer)
        return
    reporters = _get_reporters()
    if reporters:
        reporters[-1].report(values, observer)


@contextlib.contextmanager
def report_scope(observation: dict) -> Iterator[None]:
    """Write the current reporter's reports into ``observation`` inside the block.

    >>> import tapejit
    >>> r = tapejit.Reporter(); inner = {}
    >>> with r:
    ...     with tapejit.report_scope(inner):
    ...         tapejit.report({'x': 3})
    >>> inner
    {'x': 3}
    """
    current = get_current_reporter()
    old = current.observation
    current.observation = observation
    try:
        yield
    finally:
        current.observation = old


# ----------------------------------------------------------- summaries
class Summary:
    """Online mean and standard deviation of a sequence of scalars.

    >>> from tapejit.reporter import Summary
    >>> s = Summary()
    >>> s.add(1.0); s.add(3.0); s.add(5.0, weight=2)
    >>> float(s.compute_mean())
    3.5
    >>> [round(float(v), 4) for v in s.make_statistics()]
    [3.5, 1.6583]
    """

    def __init__(self) -> None:
        self._x: Any = 0.0
        self._x2: Any = 0.0
        self._n: Any = 0

    def add(self, value: Any, weight: Any = 1) -> None:
        """Add a scalar (a number, a 0-d array, or a Variable of one) with a weight."""
        if isinstance(value, Variable):
            value = value.array
        if isinstance(weight, Variable):
            weight = weight.array
        self._x += weight * value
        self._x2 += weight * value * value
        self._n += weight

    def compute_mean(self) -> Any:
        """The weighted mean of the added values."""
        if _is_zero(self._n):
            raise ZeroDivisionError('Summary.compute_mean: no value was added')
        return self._x / self._n

    def make_statistics(self) -> tuple:
        """The weighted mean and standard deviation of the added values."""
        mean = self.compute_mean()
        var = self._x2 / self._n - mean * mean
        xp = backends.get_array_module(var) if backends.is_array(var) else numpy
        return mean, xp.sqrt(xp.maximum(var, 0) if xp is not numpy else max(var, 0))

    def serialize(self, serializer: Any) -> None:
        """Save or load the running sums."""
        try:
            self._x = serializer('_x', self._x)
            self._x2 = serializer('_x2', self._x2)
            self._n = serializer('_n', self._n)
        except KeyError:
            warnings.warn('The previous statistics are not saved.')


def _is_zero(n: Any) -> bool:
    try:
        return bool(n == 0)
    except Exception:  # an array of several elements: not a count we can check
        return False


class DictSummary:
    """Online means of dictionaries of scalars (non-scalar entries are skipped).

    A value given as ``(value, weight)`` is weighted.

    >>> import numpy as np
    >>> from tapejit.reporter import DictSummary
    >>> s = DictSummary()
    >>> s.add({'loss': 1.0, 'acc': np.float32(0.5), 'image': np.zeros((2, 2))})
    >>> s.add({'loss': (4.0, 2)})
    >>> {k: float(v) for k, v in sorted(s.compute_mean().items())}
    {'acc': 0.5, 'loss': 3.0}
    """

    def __init__(self) -> None:
        self._summaries: collections.defaultdict = collections.defaultdict(Summary)

    def add(self, d: dict) -> None:
        """Add the scalar entries of ``d``."""
        summaries = self._summaries
        for k, v in d.items():
            w = 1
            if isinstance(v, tuple):
                v, w = v[0], v[1]
                if isinstance(w, Variable):
                    w = w.array
                if not numpy.isscalar(w) and getattr(w, 'ndim', -1) != 0:
                    raise ValueError(f'DictSummary.add: the weight given to {k!r} is not a '
                                     f'scalar (shape {getattr(w, "shape", None)})')
            if isinstance(v, Variable):
                v = v.array
            if numpy.isscalar(v) or getattr(v, 'ndim', -1) == 0:
                summaries[k].add(v, weight=w)

    def compute_mean(self) -> dict:
        """``{name: mean}`` of every entry added so far."""
        return {name: s.compute_mean() for name, s in self._summaries.items()}

    def make_statistics(self) -> dict:
        """``{name: mean, name + '.std': standard deviation}`` of every entry."""
        stats = {}
        for name, s in self._summaries.items():
            mean, std = s.make_statistics()
            stats[name] = mean
            stats[name + '.std'] = std
        return stats

    def serialize(self, serializer: Any) -> None:
        """Save or load the names and running sums of every entry."""
        from tapejit.serializers.npz import Deserializer
        if not isinstance(serializer, Deserializer):
            names = list(self._summaries.keys())
            serializer('_names', json.dumps(names))
            for index, name in enumerate(names):
                self._summaries[name].serialize(serializer['_summaries'][str(index)])
            return
        self._summaries.clear()
        try:
            names = json.loads(serializer('_names', ''))
        except KeyError:
            warnings.warn('The names of statistics are not saved.')
            return
        for index, name in enumerate(names):
            self._summaries[name].serialize(serializer['_summaries'][str(index)])


# ------------------------------------------------- reports from compiled code
# While a function is traced for tapejit.jit, report() collects the
# traced values here instead of writing them to a reporter: they become
# outputs of the plan, and every call (the tracing one and each replay) hands
# them to the reporter that is current then.

_NO_OBSERVER = '-'


class _Captured:
    def __init__(self) -> None:
        self.values: dict = {}
        self.observers: dict = {}  # id -> observer, kept alive while the plan lives


def _captures() -> list:
    stack = getattr(_thread_local, 'captures', None)
    if stack is None:
        stack = _thread_local.captures = []
    return stack


def _capturing() -> bool:
    return config.trace is not None and bool(getattr(_thread_local, 'captures', None))


def _is_traced(v: Any) -> bool:
    if isinstance(v, Variable):
        v = v._data
    return v.__class__ is TracedArray


def _has_traced(values: dict) -> bool:
    return any(_is_traced(v[0] if isinstance(v, tuple) else v) for v in values.values())


def _capture(values: dict, observer_id: Optional[int], observer: Any) -> None:
    cap = _captures()[-1]
    prefix = _NO_OBSERVER if observer_id is None else str(observer_id)
    if observer is not None:
        cap.observers[observer_id] = observer
    for key, value in values.items():
        if isinstance(value, tuple):
            raise TypeError(f'report: the weighted value {key!r} ((value, weight)) cannot be '
                            'reported from compiled code; report the value and the weight '
                            'as two entries')
        kind = 'V' if isinstance(value, Variable) else 'A'
        arr = value._data if kind == 'V' else value
        if arr.__class__ is not TracedArray:
            # A value fixed when the function was traced: reported on every call.
            if isinstance(arr, (bool, int, float)):
                kind = type(arr).__name__
            arr = numpy.asarray(backends.CPU.send(arr) if backends.is_array(arr) else arr)
        # The observer is resolved when the values are delivered, as eagerly.
        cap.values[f'{prefix}/{kind}/{key}'] = arr


def _refuse(values: dict) -> None:
    names = sorted(k for k, v in values.items() if _is_traced(v))
    raise RuntimeError(f'report: {names} are traced values, known only when a compiled '
                       'plan runs; compile the function with tapejit.jit (its reports '
                       'are delivered after each call) or return the values and report '
                       'them after the call')


def deliver(reports: dict) -> None:
    """Hand the values a compiled plan reported to the current reporter.

    ``reports`` maps ``'<observer id>/<kind>/<key>'`` (observer id ``'-'`` for none;
    kind ``'V'`` for a Variable, ``'A'`` for an array, or the name of a Python
    scalar type) to arrays.

    >>> import numpy as np, tapejit
    >>> from tapejit.reporter import deliver
    >>> r = tapejit.Reporter(); obs = {}
    >>> with r.scope(obs):
    ...     deliver({'-/V/loss': np.array(0.25), '-/float/lr': np.array(0.1)})
    >>> obs
    {'loss': variable(0.25), 'lr': 0.1}
    """
    reporters = _get_reporters()
    if not reporters:
        return
    current = reporters[-1]
    grouped: dict = {}
    for full, value in reports.items():
        prefix, kind, key = full.split('/', 2)
        grouped.setdefault(prefix, {})[key] = _restore(kind, value)
    for prefix, values in grouped.items():
        current._report(values, None if prefix == _NO_OBSERVER else int(prefix))


def _restore(kind: str, value: Any) -> Any:
    if kind == 'V':
        return Variable(value, requires_grad=False)
    if kind in _SCALAR_TYPES:
        return _SCALAR_TYPES[kind](value)
    return value


_SCALAR_TYPES = {'bool': bool, 'int': int, 'float': float}


@contextlib.contextmanager
def capture_reports() -> Iterator[_Captured]:
    """While a function is traced for ``tapejit.jit``, collect what it reports:
    the traced values become outputs of the plan, which hands them to
    :func:`deliver` after every call (``.values``: the reports; ``.observers``:
    the observers they name, kept alive with the plan).

    >>> with capture_reports() as cap:
    ...     pass
    >>> cap.values
    {}
    """
    cap = _Captured()
    stack = _captures()
    stack.append(cap)
    try:
        yield cap
    finally:
        stack.pop()


__all__ = ['DictSummary', 'Reporter', 'Summary', 'capture_reports', 'deliver',
           'get_current_reporter', 'report', 'report_scope']
