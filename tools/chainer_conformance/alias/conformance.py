"""pytest plugin of the conformance run: skips what the CPU run lacks, records outcomes."""

import inspect
import json
import os
import re

import numpy
import pytest

# Chainer 7.8.1's tests predate NumPy 2, which removed these aliases.
for _name, _value in (('float', float), ('int', int), ('bool', bool), ('complex', complex),
                      ('object', object), ('str', str), ('unicode', str),
                      ('product', numpy.prod), ('cumproduct', numpy.cumprod),
                      ('alltrue', numpy.all), ('sometrue', numpy.any)):
    if _name not in numpy.__dict__:
        setattr(numpy, _name, _value)

_ABSENT = {
    'gpu': 'needs a GPU (CuPy)', 'cudnn': 'needs cuDNN', 'multi_gpu': 'needs GPUs',
    'chainerx': 'needs ChainerX', 'ideep': 'needs iDeep',
}
_tests = {}
_reasons = {}
_collect_errors = []


def _unexported_optimizers(item):
    """Optimizers a test case builds that tapejit does not export (out of scope)."""
    import tapejit.optimizers
    cls = getattr(item, 'cls', None)
    create = getattr(cls, 'create', None)
    if create is None:
        return []
    try:
        src = inspect.getsource(create)
    except (OSError, TypeError):
        return []
    names = set(re.findall(r'optimizers\.([A-Z]\w*)', src))
    return sorted(n for n in names if not hasattr(tapejit.optimizers, n))


def pytest_configure(config):
    for mark in ('gpu', 'cudnn', 'multi_gpu', 'chainerx', 'ideep', 'slow'):
        config.addinivalue_line('markers', f'{mark}: Chainer test attribute')


def pytest_collection_modifyitems(config, items):
    kept, dropped = [], []
    for item in items:
        (dropped if _unexported_optimizers(item) else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
        for item in dropped:
            _tests[item.nodeid] = 'out_of_scope'
    for item in items:
        for mark, why in _ABSENT.items():
            if item.get_closest_marker(mark) is not None:
                item.add_marker(pytest.mark.skip(reason=f'{why}: not in the CPU run'))
                break


def pytest_collectreport(report):
    if report.failed:
        text = str(report.longrepr).strip().splitlines()
        last = [ln for ln in text if ln.startswith('E ')] or text[-1:]
        _collect_errors.append(last[-1][:300] if last else 'collection failed')


def pytest_runtest_logreport(report):
    prev = _tests.get(report.nodeid)
    if report.failed:
        _tests[report.nodeid] = 'failed'
        lines = [ln for ln in report.longreprtext.splitlines() if ln.startswith('E ')]
        errs = [ln for ln in lines if re.match(r'E\s+[\w.]*(Error|Exception|Warning|Type)\b', ln)]
        _reasons.setdefault(report.nodeid, ((errs or lines or [''])[-1])[:300])
    elif report.skipped and prev != 'failed':
        _tests[report.nodeid] = 'skipped'
    elif report.when == 'call' and report.passed and prev is None:
        _tests[report.nodeid] = 'passed'


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get('CONFORMANCE_REPORT')
    if path:
        with open(path, 'w') as f:
            json.dump({'tests': _tests, 'reasons': _reasons,
                       'collect_error': ' / '.join(_collect_errors)}, f)
