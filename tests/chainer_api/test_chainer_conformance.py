"""The Chainer conformance harness (tools/chainer_conformance): its alias package and its
committed result table. Running Chainer's tests needs a Chainer checkout
(TAPEJIT_CHAINER_SRC); without one, that part is skipped, saying so."""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys

import pytest

HARNESS = pathlib.Path(__file__).resolve().parents[2] / 'tools' / 'chainer_conformance'


def _python(code: str, path: pathlib.Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [str(path), os.environ.get('PYTHONPATH')])))
    return subprocess.run([sys.executable, '-c', code], env=env, capture_output=True,
                          text=True, timeout=120)


def test_alias_resolves_chainer_names_to_tapejits_own_modules():
    code = '\n'.join([
        'import chainer, tapejit',
        'import chainer.functions as F, chainer.links as L',
        'from chainer import backend, configuration, optimizers',
        'from chainer.backends import cuda',
        'assert F is tapejit.functions and L.Linear is tapejit.links.Linear',
        'assert chainer.Variable is tapejit.Variable',
        'assert configuration.config is tapejit.config',
        'assert cuda is tapejit.cuda and backend.CpuDevice is tapejit.backend.CpuDevice',
        'try:',
        '    chainer.no_such_name',
        'except AttributeError as e:',
        '    print(e)',
    ])
    # Chainer's chainer.testing and chainer.utils are absent here (run.py copies them in).
    proc = _python(code, HARNESS / 'alias')
    assert proc.returncode == 0, proc.stderr
    assert "has no attribute 'no_such_name'" in proc.stdout


def test_alias_registers_a_packages_imported_submodules_as_chainer_does():
    # Chainer's package __init__ imports its submodules under Chainer's names;
    # a test deletes them from sys.modules and imports the package again.
    code = '\n'.join([
        'import sys, tapejit.serializers',
        'from chainer.serializers import hdf5',
        'assert hdf5 is tapejit.serializers.hdf5',
        'assert sys.modules["chainer.serializers.npz"] is tapejit.serializers.npz',
        'assert sys.modules["chainer.serializers.hdf5"] is hdf5',
        'for name in ("chainer.serializers.hdf5", "chainer.serializers.npz",',
        '             "chainer.serializers"):',
        '    del sys.modules[name]',
        'import chainer.serializers',
        'assert chainer.serializers.hdf5 is hdf5 and "chainer.serializers.npz" in sys.modules',
    ])
    proc = _python(code, HARNESS / 'alias')
    assert proc.returncode == 0, proc.stderr


def _table_rows(text: str) -> list:
    rows = []
    for line in text.splitlines():
        m = re.match(r'\| (\S+\.py) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|', line)
        if m:
            rows.append([int(g) for g in m.groups()[1:]])
    return rows


def test_committed_table_adds_up():
    text = (HARNESS / 'RESULTS.md').read_text()
    rows = _table_rows(text)
    assert len(rows) > 40
    total = re.search(r'\| \*\*total\*\* \| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \| \*\*(\d+)\*\* '
                      r'\| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \|', text)
    assert total, 'RESULTS.md has no total line'
    sums = [sum(col) for col in zip(*rows)]
    assert sums == [int(g) for g in total.groups()]
    passed, failed, _, expected, _ = sums
    m = re.search(r'Passed (\d+) of (\d+) tests that ran \(([\d.]+)%\)', text)
    assert m and int(m.group(1)) == passed and int(m.group(2)) == passed + failed + expected
    assert abs(float(m.group(3)) - 100.0 * passed / (passed + failed + expected)) < 0.05


def _harness_module(name: str):
    sys.path.insert(0, str(HARNESS))
    try:
        return __import__(name)
    finally:
        sys.path.remove(str(HARNESS))


def test_every_expected_difference_names_its_message_and_reason():
    expected = _harness_module('expected_differences').EXPECTED
    assert expected
    for entry in expected:
        re.compile(entry.test)
        re.compile(entry.message)
        assert entry.message, entry.test
        assert len(entry.reason) > 20, entry.test


def test_an_expected_test_failing_with_another_message_is_a_failure():
    run = _harness_module('run')
    Expected = _harness_module('expected_differences').Expected
    expected = [Expected(r'test_a\.py::test_x$', r'TypeError: no hash', 'a deliberate difference')]
    res = {'tests': {'t/test_a.py::test_x': 'failed', 't/test_a.py::test_y': 'failed',
                     't/test_b.py::test_x': 'passed'},
           'messages': {'t/test_a.py::test_x': 'TypeError: no hash for Variable',
                        't/test_a.py::test_y': 'TypeError: no hash'}}
    run.classify_expected(res, expected)
    assert res['tests'] == {'t/test_a.py::test_x': 'expected', 't/test_a.py::test_y': 'failed',
                            't/test_b.py::test_x': 'passed'}
    res = {'tests': {'t/test_a.py::test_x': 'failed'},
           'messages': {'t/test_a.py::test_x': 'AssertionError: 2 != 1'}}
    run.classify_expected(res, expected)
    assert res['tests'] == {'t/test_a.py::test_x': 'failed'}


def test_written_table_adds_up_and_lists_failures_and_scope(tmp_path):
    run = _harness_module('run')
    ct = run.CT
    results = {
        f'{ct}/test_a.py': {
            'tests': {'a::1': 'passed', 'a::2': 'failed', 'a::3': 'out_of_scope',
                      'a::4': 'expected', 'a::5': 'skipped'},
            'messages': {'a::2': 'AttributeError: Parameterized test failed.\n\n(caused by)\n'
                                 'KeyError: x'},
            'reasons': {}, 'out_of_scope': {'a::3': ['chainer.iterators.Multi']},
            'collect_error': '', 'tail': ''},
    }
    out = tmp_path / 'table.md'
    summary = run.write_table(out, results, [], {f'{ct}/test_b.py': 'needs what is absent'})
    text = out.read_text()
    assert summary.startswith('Passed 1 of 3 tests that ran (33.3%)')
    assert _table_rows(text) == [[1, 1, 1, 1, 1]]
    assert '| KeyError: x | 1 |' in text
    assert '| `chainer.iterators.Multi` | 1 |' in text
    assert '| test_b.py | needs what is absent |' in text


def test_pkg_resources_stand_in_answers_with_requires():
    code = '\n'.join([
        'import pkg_resources',
        "pkg_resources.WorkingSet().require('numpy>=1.0')",
        'for req in ("numpy<1.0", "no-such-distribution-tapejit"):',
        '    try:',
        '        pkg_resources.WorkingSet().require(req)',
        '    except pkg_resources.ResolutionError as e:',
        '        print(type(e).__name__)',
    ])
    proc = _python(code, HARNESS / 'alias')
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ['VersionConflict', 'DistributionNotFound']


_NEEDS_CHAINER = pytest.mark.skipif(
    not os.environ.get('TAPEJIT_CHAINER_SRC'),
    reason='running Chainer\'s tests needs a Chainer v7.8.1 checkout: set TAPEJIT_CHAINER_SRC '
           '(see tools/chainer_conformance/README.md)')


def _run_files(tmp_path: pathlib.Path, *files: str) -> str:
    out = tmp_path / 'table.md'
    proc = subprocess.run(
        [sys.executable, str(HARNESS / 'run.py'), '--chainer-src',
         os.environ['TAPEJIT_CHAINER_SRC'], '--files', *files, '--out', str(out)],
        capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return out.read_text()


@_NEEDS_CHAINER
@pytest.mark.parametrize('test_file', ['array_tests/test_stack.py',
                                       'triggers_tests/test_interval_trigger.py'])
def test_chainers_tests_of_a_file_pass(tmp_path, test_file):
    text = _run_files(tmp_path, test_file)
    (row,) = _table_rows(text)
    passed, failed = row[0], row[1]
    assert passed > 0 and failed == 0, text


@_NEEDS_CHAINER
def test_tests_of_unexported_names_are_out_of_scope(tmp_path):
    # The file builds VariableStatisticsPlot in its tests, which tapejit does not export.
    text = _run_files(tmp_path, 'training_tests/extensions_tests/test_variable_statistics_plot.py')
    (row,) = _table_rows(text)
    passed, failed, _, expected, out_of_scope = row
    assert (passed, failed, expected) == (0, 0, 0) and out_of_scope > 0, text
    assert '`chainer.training.extensions.VariableStatisticsPlot`' in text
