"""pytest plugin of the conformance run: skips what the CPU run lacks, records outcomes."""

import ast
import importlib
import inspect
import json
import os
import re
import sys
import textwrap
import types

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
_reasons = {}  # node id -> the failure's last ``E`` line, for reading
_messages = {}  # node id -> the failure's ``Type: message``, matched by expected differences
_out_of_scope = {}  # node id -> the unexported names it uses
_collect_errors = []


# Chainer's public packages whose names tapejit exports in part: a test that
# uses a name of one of them (or of their modules) that tapejit does not export
# is out of scope (it comes back once tapejit exports that name).
_SCOPED = ('optimizers', 'iterators', 'training', 'datasets', 'dataset', 'serializers')
_MISSING = object()


def _chainer_name(module):
    """``chainer.X`` for the module ``tapejit.X`` (the alias ``chainer`` is itself)."""
    name = module.__name__
    return 'chainer' + name[len('tapejit'):] if name.startswith('tapejit') else name


def _scoped(module):
    """Whether ``module`` is tapejit's side of one of the packages in ``_SCOPED``."""
    name = module.__name__
    return any(name == f'tapejit.{p}' or name.startswith(f'tapejit.{p}.') for p in _SCOPED)


class _Unexported:
    """What a test file reads, while it is imported, for a name of a scoped package
    that tapejit does not export (``iterators.MultiprocessIterator`` in a
    ``testing.parameterize`` list, ``from chainer.datasets import get_svhn``):
    the file imports, and the tests that use the name are out of scope. Using it
    (calling it) fails, naming it."""

    def __init__(self, name):
        self._name = name

    def __getattr__(self, attr):
        if attr.startswith('__'):
            raise AttributeError(attr)
        return self  # the name missing is the first one (``tabular.from_data``: tabular)

    def __call__(self, *args, **kwargs):
        raise AttributeError(f'{self._name} is not exported by tapejit')

    def __bool__(self):
        return False  # ``if hdf5._available:`` at import: what is absent is not available

    def __repr__(self):
        return f'<{self._name}: not exported by tapejit>'


def _placeholder_getattr(module):
    chainer_name = _chainer_name(module)

    def __getattr__(name):
        if name.startswith('_'):
            raise AttributeError(f'module {module.__name__!r} has no attribute {name!r}')
        try:  # a submodule (or one of the alias's renamed modules) comes first
            return importlib.import_module(f'{module.__name__}.{name}')
        except ImportError:
            return _Unexported(f'{chainer_name}.{name}')
    return __getattr__


def _scoped_modules():
    for package in _SCOPED:  # a test file may be the first to import one
        importlib.import_module(f'tapejit.{package}')
    return [m for m in list(sys.modules.values())
            if isinstance(m, types.ModuleType) and _scoped(m) and '__getattr__' not in vars(m)]


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):
    # Only while a test file is imported (its module-level code, parameterize
    # lists included) does a missing name of a scoped package read as a
    # placeholder; the tests themselves run against tapejit's modules as they are.
    if not isinstance(collector, pytest.Module):
        return (yield)
    patched = _scoped_modules()
    for module in patched:
        module.__getattr__ = _placeholder_getattr(module)
    try:
        return (yield)
    finally:
        for module in patched:
            vars(module).pop('__getattr__', None)


def _attribute(module, name):
    value = getattr(module, name, _MISSING)
    if value is _MISSING and hasattr(module, '__path__'):
        try:  # a submodule not imported yet
            value = importlib.import_module(f'{module.__name__}.{name}')
        except ImportError:
            pass
    return value


def _classes(item):
    """The test's class and the classes it derives from in its own file."""
    module = getattr(item.module, '__name__', None)
    return [k for k in getattr(getattr(item, 'cls', None), '__mro__', ())
            if k.__module__ == module or k is item.cls]


def _sources(item):
    """The source of the test and of its class's other methods (setUp, helpers, create)."""
    funcs = [getattr(item, 'function', None)]
    for klass in _classes(item):
        funcs += [f for n, f in vars(klass).items()
                  if inspect.isfunction(f) and not n.startswith('test')]
    texts = []
    for func in funcs:
        try:
            texts.append(inspect.getsource(inspect.unwrap(func)))
        except (OSError, TypeError, ValueError):
            pass
    return texts


def _chains(text):
    """The dotted names (``iterators.SerialIterator`` as ``['iterators', 'SerialIterator']``)
    a function's source reads from its module's globals: not those starting with one of
    its own names (arguments, assignments, imports), as ``optimizer.update()`` where
    ``optimizer`` is a local optimizer and not the module ``chainer.optimizer``."""
    try:
        tree = ast.parse(textwrap.dedent(text))
    except SyntaxError:
        return []
    own = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            own.add(node.id)
        elif isinstance(node, ast.arg):
            own.add(node.arg)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            own.update((a.asname or a.name).split('.')[0] for a in node.names)
    chains = []
    for node in ast.walk(tree):
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if parts and isinstance(node, ast.Name) and node.id not in own:
            chains.append([node.id] + parts[::-1])
        elif isinstance(node, ast.Name) and node.id not in own:
            chains.append([node.id])
    return chains


def _unexported_names(item):
    """``chainer.P.Name`` for each name of a scoped package that the test uses and
    tapejit does not export: in its source and its class's methods (names and
    dotted names resolved from its module's globals), and among its class's
    attributes (a parameter of ``testing.parameterize``)."""
    namespace = vars(item.module)
    missing = set()
    for klass in _classes(item):
        missing.update(v._name for v in vars(klass).values() if isinstance(v, _Unexported))
    for text in _sources(item):
        for head, *rest in _chains(text):
            obj = namespace.get(head)
            for name in rest + [None]:
                if isinstance(obj, _Unexported):
                    missing.add(obj._name)
                    break
                if name is None or not isinstance(obj, types.ModuleType) or name[0] == '_':
                    break
                value = _attribute(obj, name)
                if value is _MISSING:
                    if _scoped(obj):
                        missing.add(f'{_chainer_name(obj)}.{name}')
                    break
                obj = value
    return sorted(missing)


def pytest_configure(config):
    for mark in ('gpu', 'cudnn', 'multi_gpu', 'chainerx', 'ideep', 'slow'):
        config.addinivalue_line('markers', f'{mark}: Chainer test attribute')


def pytest_collection_modifyitems(config, items):
    kept, dropped = [], []
    for item in items:
        absent = next((why for mark, why in _ABSENT.items()
                       if item.get_closest_marker(mark) is not None), None)
        if absent is not None:
            # What a test needs comes first: a GPU test is skipped whatever it uses.
            item.add_marker(pytest.mark.skip(reason=f'{absent}: not in the CPU run'))
            kept.append(item)
            continue
        names = _unexported_names(item)
        if names:
            _out_of_scope[item.nodeid] = names
            dropped.append(item)
        else:
            kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
        for item in dropped:
            _tests[item.nodeid] = 'out_of_scope'


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
        crash = getattr(report.longrepr, 'reprcrash', None)
        message = crash.message if crash is not None else report.longreprtext
        _messages.setdefault(report.nodeid, message[:2000])
    elif report.skipped and prev != 'failed':
        _tests[report.nodeid] = 'skipped'
    elif report.when == 'call' and report.passed and prev is None:
        _tests[report.nodeid] = 'passed'


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get('CONFORMANCE_REPORT')
    if path:
        with open(path, 'w') as f:
            json.dump({'tests': _tests, 'reasons': _reasons, 'messages': _messages,
                       'out_of_scope': _out_of_scope,
                       'collect_error': ' / '.join(_collect_errors)}, f)
