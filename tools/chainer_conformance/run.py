"""Run Chainer 7.8.1's own tests against tapejit and write the result table.

Usage (from the repository root, with the test extra installed)::

    git clone --depth 1 --branch v7.8.1 https://github.com/chainer/chainer.git /tmp/chainer-7.8.1
    .venv/bin/pip install six mock typing_extensions
    .venv/bin/python tools/chainer_conformance/run.py --chainer-src /tmp/chainer-7.8.1

The selected test files (the ones covering what tapejit exports, see
``select_files``) run on the CPU through the ``chainer`` alias package beside
this file, with Chainer's ``chainer.testing`` and ``chainer.utils`` copied from
the checkout into a scratch directory; Chainer's source is never copied into
this repository. Each file runs in its own pytest process (a crash or a hang
costs one file). The table goes to ``RESULTS.md`` beside this file, unless
``--out`` says otherwise; ``--files`` runs a subset (substring match), whose
table is written only where ``--out`` is given (the published table holds
the whole selection).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Optional

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CT = 'tests/chainer_tests'

# Files named outright: the core classes tapejit claims.
FIXED_FILES = [
    f'{CT}/test_variable.py',
    f'{CT}/test_function_node.py',
    f'{CT}/test_link.py',
    f'{CT}/test_sequential.py',
    f'{CT}/test_gradient_check.py',
    f'{CT}/test_optimizer.py',
    f'{CT}/links_tests/connection_tests/test_linear.py',
    f'{CT}/optimizers_tests/test_optimizers.py',
    f'{CT}/optimizers_tests/test_optimizers_by_linear_model.py',
    f'{CT}/initializer_tests/test_init.py',
    f'{CT}/test_initializer.py',
    f'{CT}/test_configuration.py',
    f'{CT}/distributions_tests/test_utils.py',
    f'{CT}/utils_tests/test_walker_alias.py',
]

# Folders (and files) run whole: the training loop, its data and its reporting.
# A test in them that uses a name tapejit does not export is counted "out of
# scope" (alias/conformance.py); a file that cannot even be imported without
# such names is left out below.
WHOLE = [
    f'{CT}/training_tests',
    f'{CT}/iterators_tests',
    f'{CT}/datasets_tests',
    f'{CT}/dataset_tests',
    f'{CT}/serializers_tests',
    f'{CT}/test_reporter.py',
]

# Selected files not run, and why: files that cannot even be imported without
# what tapejit does not have (their other tests are counted "out of scope" by name,
# see alias/conformance.py, and such files still import).
OUT_OF_SCOPE_FILES: dict[str, str] = {
    **{f'{CT}/dataset_tests/tabular_tests/{name}.py':
       'tabular datasets (chainer.dataset.tabular, TabularDataset), which tapejit does not '
       'export: the helper dataset of these tests derives from TabularDataset'
       for name in ('test_asmode', 'test_concat', 'test_delegate_dataset', 'test_from_data',
                    'test_join', 'test_slice', 'test_tabular_dataset', 'test_transform',
                    'test_with_converter')},
    f'{CT}/training_tests/updaters_tests/test_multiprocess_parallel_updater.py':
        'MultiprocessParallelUpdater (data parallelism over GPUs with NCCL), which tapejit '
        'does not export; the file imports its module and chainer.functions.math.minmax',
}

# (package whose exported names select files, Chainer's package, its tests folder)
EXPORT_MAPS = [
    ('tapejit.functions', 'chainer/functions', f'{CT}/functions_tests'),
    ('tapejit.initializers', 'chainer/initializers', f'{CT}/initializer_tests'),
    ('tapejit.optimizer_hooks', 'chainer/optimizer_hooks', f'{CT}/optimizer_hooks_tests'),
    ('tapejit.links', 'chainer/links', f'{CT}/links_tests'),
    ('tapejit.distributions', 'chainer/distributions', f'{CT}/distributions_tests'),
]


def _exported(package: str) -> list[str]:
    mod = __import__(package, fromlist=['__all__'])
    return list(getattr(mod, '__all__', [n for n in dir(mod) if not n.startswith('_')]))


def _chainer_homes(src: pathlib.Path, package: str) -> dict[str, str]:
    """``name -> dotted module`` from a Chainer package's ``from x import name`` lines."""
    tree = ast.parse((src / package / '__init__.py').read_text())
    homes = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                homes[alias.asname or alias.name] = node.module
    return homes


def select_files(src: pathlib.Path) -> dict[str, list[str]]:
    """``test file -> tapejit names it was selected for`` ([] for the fixed files)."""
    files: dict[str, list[str]] = {f: [] for f in FIXED_FILES}
    for entry in WHOLE:
        found = [entry] if entry.endswith('.py') else sorted(
            str(p.relative_to(src)) for p in (src / entry).rglob('test_*.py'))
        files.update((f, []) for f in found)
    for package, chainer_pkg, tests_dir in EXPORT_MAPS:
        homes = _chainer_homes(src, chainer_pkg)
        prefix = chainer_pkg.replace('/', '.') + '.'
        for name in _exported(package):
            module = homes.get(name)
            if module is None or not module.startswith(prefix):
                continue
            parts = module[len(prefix):].split('.')
            if len(parts) == 2:  # chainer.functions.<category>.<module>
                # The name's own file first (F.max_pooling_2d lives in
                # max_pooling_nd, and is tested in test_max_pooling_2d.py),
                # then its module's, then rnn_tests' ``test_function_`` or
                # ``test_link_`` one.
                where = f'{tests_dir}/{parts[0]}_tests/test_'
                candidates = [f'{where}{name}.py', f'{where}{parts[1]}.py',
                              f'{where}function_{parts[1]}.py', f'{where}link_{parts[1]}.py']
            else:
                candidates = [f'{tests_dir}/test_{parts[0]}.py']
            rel = next((c for c in candidates if (src / c).exists()), None)
            if rel is not None:
                files.setdefault(rel, []).append(name)
    return dict(sorted(files.items()))


def build_tree(src: pathlib.Path, work: pathlib.Path) -> None:
    """The alias package, Chainer's testing/utils and its tests, in ``work``."""
    shutil.copytree(HERE / 'alias', work, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns('__pycache__'))
    for sub in ('testing', 'utils'):
        shutil.copytree(src / 'chainer' / sub, work / 'chainer' / sub,
                        ignore=shutil.ignore_patterns('__pycache__'))
    shutil.copy(src / 'chainer' / 'types.py', work / 'chainer' / 'types.py')  # type aliases
    shutil.copytree(src / CT, work / CT, ignore=shutil.ignore_patterns('__pycache__'))
    (work / CT / 'conftest.py').unlink(missing_ok=True)  # needs CuPy's and ChainerX's
    for init in ('tests/__init__.py',):
        (work / init).touch()


def dataset_root(work: pathlib.Path) -> pathlib.Path:
    """The dataset root of the run: ``work/dataset_root``."""
    return work / 'dataset_root'


def run_file(work: pathlib.Path, rel: str, timeout: float) -> dict:
    report = work / 'report.json'
    report.unlink(missing_ok=True)
    # (``tests`` too: some test files import helpers from ``chainer_tests``.)
    path = os.pathsep.join(filter(None, [str(work), str(work / 'tests'),
                                         os.environ.get('PYTHONPATH')]))
    env = dict(os.environ, PYTHONPATH=path, CONFORMANCE_REPORT=str(report),
               PYTHONDONTWRITEBYTECODE='1', TAPEJIT_DATASET_ROOT=str(dataset_root(work)))
    cmd = [sys.executable, '-m', 'pytest', '-q', '-p', 'no:cacheprovider', '-p', 'conformance',
           '--rootdir', str(work), '-c', str(work / 'pytest.ini'), rel]
    t0 = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True,
                              timeout=timeout)
        tail = proc.stdout[-3000:] + proc.stderr[-2000:]
    except subprocess.TimeoutExpired:
        tail = f'timed out after {timeout:.0f} s'
    result = json.loads(report.read_text()) if report.exists() else {'tests': {}}
    result['seconds'] = round(time.monotonic() - t0, 1)
    result['tail'] = tail
    return result


def _outcome_counts(tests: dict) -> dict:
    counts = {'passed': 0, 'failed': 0, 'skipped': 0, 'expected': 0, 'out_of_scope': 0}
    for outcome in tests.values():
        counts[outcome] = counts.get(outcome, 0) + 1
    return counts


def classify_expected(res: dict, expected: list) -> None:
    """Turn the failures that an entry of ``expected`` describes, by test id and by
    message, into "expected"; a failure of a listed test with another message stays a
    failure."""
    messages = res.get('messages', {})
    for nodeid, outcome in list(res['tests'].items()):
        if outcome != 'failed':
            continue
        message = messages.get(nodeid, '')
        if any(re.search(e.test, nodeid) and re.search(e.message, message) for e in expected):
            res['tests'][nodeid] = 'expected'


def _cell(text: str, limit: int = 160) -> str:
    text = ' '.join(text.split())
    text = text if len(text) <= limit else text[:limit - 3] + '...'
    return text.replace('|', '\\|')


def _first_line(message: str) -> str:
    """A failure's message without Chainer's "Parameterized test failed" wrapper."""
    caused = message.split('(caused by)\n', 1)
    lines = [ln for ln in caused[-1].strip().splitlines() if ln.strip()]
    return lines[0] if lines else '(no message)'


def write_table(out: Optional[pathlib.Path], results: dict, expected: list,
                not_run: dict[str, str]) -> str:
    lines = [
        '# Chainer 7.8.1\'s tests against tapejit',
        '',
        'Written by `tools/chainer_conformance/run.py` (see its README). '
        '"expected" counts the failures that `expected_differences.py` describes (test and '
        'message) as deliberate differences; "out of scope" the tests that use a name of '
        'Chainer\'s optimizers, iterators, training, datasets, dataset or serializers '
        'packages that tapejit does not export (listed below); "errors" says why a file '
        'could not run at all.',
        '',
        '| file | passed | failed | skipped | expected | out of scope | errors |',
        '|---|---:|---:|---:|---:|---:|---|',
    ]
    total = {'passed': 0, 'failed': 0, 'skipped': 0, 'expected': 0, 'out_of_scope': 0}
    names: dict[str, int] = {}
    failures: dict[str, list[str]] = {}
    for rel, res in results.items():
        counts = _outcome_counts(res['tests'])
        for k in total:
            total[k] += counts.get(k, 0)
        for used in res.get('out_of_scope', {}).values():
            for name in used:
                names[name] = names.get(name, 0) + 1
        for nodeid, outcome in res['tests'].items():
            if outcome == 'failed':
                message = res.get('messages', {}).get(nodeid) or res['reasons'].get(nodeid, '')
                failures.setdefault(_cell(_first_line(message)), []).append(nodeid)
        err = res.get('collect_error', '')
        if not res['tests'] and not err:
            err = res['tail'].strip().splitlines()[-1] if res['tail'].strip() else 'no tests'
        short = rel[len(CT) + 1:]
        lines.append(f"| {short} | {counts['passed']} | {counts['failed']} | "
                     f"{counts['skipped']} | {counts['expected']} | {counts['out_of_scope']} | "
                     f"{_cell(err, 120)} |")
    ran = total['passed'] + total['failed'] + total['expected']
    share = 100.0 * total['passed'] / ran if ran else 0.0
    lines.append(f"| **total** | **{total['passed']}** | **{total['failed']}** | "
                 f"**{total['skipped']}** | **{total['expected']}** | "
                 f"**{total['out_of_scope']}** | |")
    summary = (f"Passed {total['passed']} of {ran} tests that ran ({share:.1f}%); "
               f"{total['expected']} are expected differences; {total['skipped']} skipped "
               "(GPU, ChainerX and iDeep variants, and Chainer's own skips); "
               f"{total['out_of_scope']} out of scope.")
    lines += ['', summary, '']
    if failures:
        lines += ['## Failures', '', 'By message (the first line of the exception).', '',
                  '| message | tests | first test |', '|---|---:|---|']
        for message, ids in sorted(failures.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            lines.append(f'| {message} | {len(ids)} | '
                         f'{_cell(ids[0][len(CT) + 1:], 200)} |')
        lines.append('')
    if names:
        lines += ['## Out of scope', '',
                  'Tests that use a name tapejit does not export (a test using two counts '
                  'under both).', '', '| name | tests |', '|---|---:|']
        lines += [f'| `{n}` | {c} |' for n, c in sorted(names.items())]
        lines.append('')
    if not_run:
        lines += ['## Files not run', '',
                  'Selected files that cannot be imported without names tapejit does not '
                  'export (`OUT_OF_SCOPE_FILES` in `run.py`).', '', '| file | why |',
                  '|---|---|']
        lines += [f'| {f[len(CT) + 1:]} | {_cell(why, 300)} |' for f, why in not_run.items()]
        lines.append('')
    if expected:
        lines += ['## Expected differences', '',
                  'Each entry: the test ids (a regular expression), the failure message it '
                  'must fail with, and why tapejit differs.', '']
        lines += [f'- `{e.test}` failing with `{e.message}`: {e.reason}' for e in expected]
        lines.append('')
    if out is not None:
        out.write_text('\n'.join(lines))
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--chainer-src', required=True, type=pathlib.Path,
                        help='a checkout of Chainer v7.8.1 (holding chainer/ and tests/)')
    parser.add_argument('--out', type=pathlib.Path, default=None,
                        help='where to write the table (default: RESULTS.md beside this '
                        'file, for a whole run)')
    parser.add_argument('--files', nargs='*', default=None,
                        help='run only the selected files containing one of these strings')
    parser.add_argument('--timeout', type=float, default=900.0, help='seconds per file')
    parser.add_argument('--json', type=pathlib.Path, default=None,
                        help='also write every test\'s outcome and each file\'s output here')
    args = parser.parse_args(argv)
    src = args.chainer_src.resolve()
    if not (src / 'chainer' / 'testing' / '__init__.py').exists() or not (src / CT).is_dir():
        parser.error(f'{src} is not a Chainer source checkout (chainer/testing, {CT})')
    sys.path.insert(0, str(HERE))
    from expected_differences import EXPECTED  # noqa: E402
    from synthetic_datasets import write_download_cache  # noqa: E402
    files = select_files(src)
    if args.files:
        files = {f: v for f, v in files.items() if any(s in f for s in args.files)}
    not_run = {f: why for f, why in OUT_OF_SCOPE_FILES.items() if f in files}
    files = {f: v for f, v in files.items() if f not in not_run}
    results = {}
    with tempfile.TemporaryDirectory(prefix='chainer-conformance-') as tmp:
        work = pathlib.Path(tmp)
        build_tree(src, work)
        # Chainer's dataset tests let the loaders download their raw files and
        # make their .npz from them (again in each test: tearDown deletes the
        # .npz). Offline, the raw files are in the download cache beforehand:
        # synthetic ones, in the published formats, that Chainer's own loaders
        # read as well (synthetic_datasets.py).
        write_download_cache(dataset_root(work))
        for i, rel in enumerate(files, 1):
            res = run_file(work, rel, args.timeout)
            classify_expected(res, EXPECTED)
            results[rel] = res
            c = _outcome_counts(res['tests'])
            print(f"[{i}/{len(files)}] {rel}: {c['passed']} passed, {c['failed']} failed, "
                  f"{c['skipped']} skipped, {c['expected']} expected, "
                  f"{c['out_of_scope']} out of scope ({res['seconds']} s)", flush=True)
    out = args.out or (None if args.files else HERE / 'RESULTS.md')
    summary = write_table(out, results, EXPECTED, not_run)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, sort_keys=True))
    print(summary)
    return 0


if __name__ == '__main__':
    sys.exit(main())
