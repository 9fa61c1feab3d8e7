"""Run the benchmark workloads on every system and report them side by side.

``python -m benchmarks`` runs everything: each system in its own worker
process, one after another (the ``compile`` rows in two fresh processes
each, cold and warm), in ``--rounds`` rounds (3) where the systems take
turns, each row reporting its fastest round; then it prints the table and
writes
``results.json``, ``results.md`` and ``ratios.png`` under ``--out``.
Peers that are not installed appear as notes.  Chainer needs ``numpy<2``;
give ``--chainer-python`` the interpreter of a venv that has it.
``--readme README.md`` replaces the README's table (between its
``<!-- benchmarks:start -->`` and ``<!-- benchmarks:end -->`` markers) with
this run's.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from typing import Optional

from benchmarks import load, report, systems
from benchmarks import workloads as W
from benchmarks.first_call import COMPILERS
from benchmarks.worker import MARK

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROWS = W.NAMES + ('compile',)
# Where benchmarks/README.md's command puts Chainer's venv; used when present.
CHAINER_VENV_PYTHON = os.path.join(ROOT, '.venv-chainer', 'bin', 'python')
START, END = '<!-- benchmarks:start -->', '<!-- benchmarks:end -->'


def _call(python: str, args: list, timeout: float, env_extra: Optional[dict] = None) -> tuple:
    """Run ``python -m args`` in the repository root; (parsed JSON or None, error)."""
    env = dict(os.environ, **(env_extra or {}))
    env['PYTHONPATH'] = ROOT + os.pathsep + env.get('PYTHONPATH', '')
    try:
        p = subprocess.run([python, '-m'] + args, cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f'timed out after {timeout:.0f} s'
    except OSError as e:
        return None, f'could not start {python}: {e}'
    for line in reversed(p.stdout.splitlines()):
        if line.startswith(MARK):
            return json.loads(line[len(MARK):]), None
    tail = (p.stderr.strip().splitlines() or ['no output'])[-1]
    return None, f'worker failed (exit {p.returncode}): {tail[:200]}'


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def _best(rounds: list) -> dict:
    """The fastest round's result of one row (the rest kept as figures):
    a phase of a shared host that slows one process then decides no ratio."""
    timed = [r for r in rounds if 'median_ms' in r]
    if not timed:
        return rounds[-1]
    best = dict(min(timed, key=lambda r: r['median_ms']))
    if len(rounds) > 1:
        best['rounds_ms'] = [r.get('median_ms') for r in rounds]
    return best


def run(workloads: list, system_names: list, *, size: str = 'full', warmup: int = 2,
        repeats: int = 10, rounds: int = 1, chainer_python: Optional[str] = None,
        overhead: bool = True, timeout: float = 1800) -> dict:
    """Measure and merge everything into one document.  With ``rounds`` > 1
    every system runs that many times, the systems taking turns, and each
    row reports its fastest round."""
    doc: dict = {'size': size, 'systems': system_names, 'labels': {}, 'results': {},
                 'unavailable': {}, 'versions': {}, 'machine': report.machine(),
                 'rows': [w for w in workloads if w != 'compile'], 'seconds': 0.0,
                 'rounds': rounds}
    t_start = time.perf_counter()
    timed = [w for w in workloads if w != 'compile']
    # system -> row -> the result of each round
    per_round: dict = {}

    def python_for(system: str) -> str:
        return chainer_python if (system == 'chainer' and chainer_python) else sys.executable

    doc['env'] = {}
    for s in system_names:
        doc['labels'][s] = systems.load(s).LABEL
        if getattr(systems.load(s), 'ENV', None):
            doc['env'][s] = systems.load(s).ENV
    for k in range(rounds if timed else 0):
        for s in system_names:
            if s in doc['unavailable']:
                continue
            _log(f'[benchmarks] {s}: {", ".join(timed)}'
                 + (f' (round {k + 1} of {rounds})' if rounds > 1 else ''))
            out, err = _call(python_for(s), ['benchmarks.worker', '--system', s,
                                             '--workloads', ','.join(timed), '--size', size,
                                             '--warmup', str(warmup), '--repeats',
                                             str(repeats)],
                             timeout, getattr(systems.load(s), 'ENV', None))
            if out is None:
                doc['unavailable'][s] = err
                continue
            if 'unavailable' in out:
                doc['unavailable'][s] = out['unavailable']
            doc['versions'].update(out.get('versions', {}))
            for row, r in out['results'].items():
                per_round.setdefault(s, {}).setdefault(row, []).append(r)

    if 'compile' in workloads:
        doc['rows'] += list(report.COMPILE_ROWS)
        # An installed package has its modules byte-compiled (pip does it at
        # install), as the peers' have; a checkout run with
        # PYTHONDONTWRITEBYTECODE=1 would compile tapejit's from source in
        # every process, which a user does not pay.
        compileall.compile_dir(os.path.join(ROOT, 'tapejit'), quiet=1)
        for k in range(rounds):
            for s in system_names:
                if s not in COMPILERS or s in doc['unavailable']:
                    continue
                # Each round starts cold: a cache directory of its own.
                with tempfile.TemporaryDirectory(prefix='tapejit-bench-cache-') as d:
                    for row in report.COMPILE_ROWS:
                        _log(f'[benchmarks] {s}: {row}'
                             + (f' (round {k + 1} of {rounds})' if rounds > 1 else ''))
                        out, err = _call(sys.executable,
                                         ['benchmarks.first_call', '--system', s,
                                          '--cache-dir', d, '--size', size],
                                         timeout, getattr(systems.load(s), 'ENV', None))
                        if out is None or 'first_call_ms' not in out:
                            r = {'note': err or out.get('note') or out.get('unavailable')}
                        else:
                            r = {'median_ms': out['first_call_ms'],
                                 'second_call_ms': out['second_call_ms'],
                                 'import_ms': out['import_ms']}
                        per_round.setdefault(s, {}).setdefault(row, []).append(r)

    for s, rows in per_round.items():
        doc['results'].setdefault(s, {}).update({row: _best(rs) for row, rs in rows.items()})

    if overhead:
        _log('[benchmarks] eager per-op overhead')
        rows: dict = {}
        for name in ('numpy', 'tapejit', 'torch', 'chainer'):
            py = chainer_python if (name == 'chainer' and chainer_python) else sys.executable
            out, err = _call(py, ['benchmarks.overhead', '--systems', name, '--json'], timeout)
            rows.update(out['overhead_us_per_op'] if out else {name: err})
        doc['overhead_us_per_op'] = rows
    doc['seconds'] = round(time.perf_counter() - t_start, 1)
    return doc


def write(doc: dict, out_dir: str, command: str, readme: Optional[str] = None) -> list:
    """Write results.json, results.md and ratios.png; returns what was written/skipped."""
    os.makedirs(out_dir, exist_ok=True)
    md = report.markdown(doc, command)
    written = []
    report.write_json(doc, os.path.join(out_dir, 'results.json'))
    with open(os.path.join(out_dir, 'results.md'), 'w') as f:
        f.write(md)
    written += ['results.json', 'results.md']
    why = report.plot(doc, os.path.join(out_dir, 'ratios.png'))
    written.append(why or 'ratios.png')
    if readme:
        replace_readme_block(readme, md)
        written.append(readme)
    return written


def replace_readme_block(path: str, md: str) -> None:
    with open(path) as f:
        text = f.read()
    if START not in text or END not in text:
        raise SystemExit(f'{path}: no {START} ... {END} block to replace')
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    with open(path, 'w') as f:
        f.write(head + START + '\n' + md + END + tail)


def main(argv: Optional[list] = None) -> None:
    ap = argparse.ArgumentParser(prog='python -m benchmarks', description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--workloads', default=','.join(ROWS),
                    help=f'comma-separated subset of: {", ".join(ROWS)}')
    ap.add_argument('--systems', default=','.join(systems.SYSTEMS),
                    help=f'comma-separated subset of: {", ".join(systems.SYSTEMS)}')
    ap.add_argument('--size', default='full', choices=list(W.SIZES),
                    help="'tiny' is the smoke-test size")
    ap.add_argument('--warmup', type=int, default=2, help='untimed calls first (>= 2)')
    ap.add_argument('--repeats', type=int, default=10, help='timed batches (median taken)')
    ap.add_argument('--rounds', type=int, default=3,
                    help='worker processes per system, the systems taking turns; '
                         'each row reports its fastest round (default 3)')
    ap.add_argument('--chainer-python', metavar='PATH',
                    help='interpreter of a venv with chainer and numpy<2 '
                         '(default: .venv-chainer/bin/python when present)')
    ap.add_argument('--no-overhead', action='store_true',
                    help='skip the eager per-op overhead table')
    ap.add_argument('--out', help='where to write the results (default: '
                    'benchmarks/results/latest, not committed; with --publish: '
                    'benchmarks/results)')
    ap.add_argument('--background-load', type=int, default=0, metavar='N',
                    help='time every system quiet and beside N busy processes, and report '
                         "each one's slowdown next to JAX jit's (writes load-N.md)")
    ap.add_argument('--readme', metavar='PATH', help="replace this README's table")
    ap.add_argument('--publish', action='store_true',
                    help='write benchmarks/results and the README table together, so the '
                         'README shows the committed figures')
    a = ap.parse_args(argv)
    if a.chainer_python is None and os.path.exists(CHAINER_VENV_PYTHON):
        a.chainer_python = CHAINER_VENV_PYTHON
    workloads = [w for w in a.workloads.split(',') if w]
    bad = [w for w in workloads if w not in ROWS]
    if bad:
        ap.error(f'unknown workload(s) {", ".join(bad)}; known: {", ".join(ROWS)}')
    names = [s for s in a.systems.split(',') if s]
    bad = [s for s in names if s not in systems.SYSTEMS]
    if bad:
        ap.error(f'unknown system(s) {", ".join(bad)}; known: {", ".join(systems.SYSTEMS)}')
    if a.warmup < 2:
        ap.error('--warmup must be at least 2 (the first call of a jit system compiles)')
    if a.publish:
        a.out = a.out or os.path.join(ROOT, 'benchmarks', 'results')
        a.readme = a.readme or os.path.join(ROOT, 'README.md')
    a.out = a.out or os.path.join(ROOT, 'benchmarks', 'results', 'latest')
    if a.rounds < 1:
        ap.error('--rounds must be at least 1')
    argv_shown = sys.argv[1:] if argv is None else argv
    command = ' '.join(['python -m benchmarks'] + [shlex.quote(x) for x in argv_shown])
    if a.background_load:
        return run_load(a, workloads, names, command)
    doc = run(workloads, names, size=a.size, warmup=a.warmup, repeats=a.repeats,
              rounds=a.rounds, chainer_python=a.chainer_python, overhead=not a.no_overhead)
    print(report.text_table(doc))
    bars = report.bar_check(doc)
    width = max((len(b['what']) for b in bars), default=0)
    for b in bars:
        print(f'bar  {b["what"]:<{width}} {b["measured"]:>8}  {b["target"]:>8}  met: {b["met"]}')
    if doc.get('overhead_us_per_op'):
        from benchmarks.overhead import format_rows
        print('\neager per-op overhead, us/op\n' + format_rows(doc['overhead_us_per_op']))
    written = write(doc, a.out, command, a.readme)
    print(f'\n{doc["seconds"]} s; wrote {", ".join(written)} in {a.out}')


def run_load(a: argparse.Namespace, workloads: list, names: list, command: str) -> None:
    """``--background-load N``: the quiet and loaded runs, their table and
    bars, written as ``load-N.json`` and ``load-N.md`` under ``--out``."""
    timed = [w for w in workloads if w != 'compile']

    def call(s: str) -> tuple:
        return _call(sys.executable, ['benchmarks.worker', '--system', s, '--workloads',
                                      ','.join(timed), '--size', a.size, '--warmup',
                                      str(a.warmup), '--repeats', str(a.repeats)],
                     1800, getattr(systems.load(s), 'ENV', None))
    doc = load.run(call, names, timed, a.background_load, a.rounds, _log)
    labels = {s: systems.load(s).LABEL for s in names}
    machine = report.machine()
    print(load.text(doc, labels))
    os.makedirs(a.out, exist_ok=True)
    stem = os.path.join(a.out, f'load-{a.background_load}')
    with open(stem + '.json', 'w') as f:
        json.dump({**doc, 'machine': machine, 'command': command}, f, indent=1)
    with open(stem + '.md', 'w') as f:
        f.write(load.markdown(doc, labels, machine, command))
    print(f'\nwrote {stem}.json, {stem}.md')


if __name__ == '__main__':
    main()
