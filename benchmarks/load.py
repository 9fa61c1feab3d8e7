"""Speed under load: each system timed quiet, then beside busy processes.

``python -m benchmarks --background-load N`` runs, for every system and
round, the workloads once on a quiet machine and once with ``N`` busy
processes (a plain Python loop each) running beside the worker, and reports
each system's slowdown (loaded median / quiet median, both from the same
round) next to JAX jit's slowdown on the same workload, and the slowest
single call after the warm-up over the loaded median.

The bar: a tapejit system's slowdown is no worse than JAX jit's, and under
one busy process no call is slower than 10x the loaded median.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import subprocess
import sys
import time
from typing import Callable, Iterator, Optional

PEER = 'jax-jit'
# A busy process: what a data loader, a notebook or a second experiment does
# to the cores, at its simplest.
_BUSY = 'while True:\n    pass\n'


@contextlib.contextmanager
def busy(n: int) -> Iterator[list]:
    """Run ``n`` busy Python processes for the duration of the block (their
    ``Popen`` objects are its value)."""
    procs = [subprocess.Popen([sys.executable, '-c', _BUSY], stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for _ in range(n)]
    try:
        time.sleep(0.2)          # let them start spinning before the timing starts
        yield procs
    finally:
        for p in procs:
            p.kill()
        for p in procs:
            p.wait()


def run(call: Callable[[str], tuple], system_names: list, timed: list, n: int,
        rounds: int, log: Callable[[str], None]) -> dict:
    """Time ``timed`` on every system quiet and under ``n`` busy processes.

    ``call(system)`` runs one worker and returns ``(out, err)`` as
    :func:`benchmarks.run._call` does.  Returns ``{system: {row: figures}}``
    with the quiet and loaded medians of every round, their per-round
    ratios, and the slowest loaded call.
    """
    per: dict = {}
    unavailable: dict = {}
    for k in range(rounds):
        for s in system_names:
            if s in unavailable:
                continue
            for phase in ('quiet', 'loaded'):
                log(f'[benchmarks] {s}: {", ".join(timed)}, {phase}'
                    + (f' beside {n} busy process{"es" if n > 1 else ""}'
                       if phase == 'loaded' else '')
                    + f' (round {k + 1} of {rounds})')
                with busy(n if phase == 'loaded' else 0):
                    out, err = call(s)
                if out is None or 'unavailable' in out:
                    unavailable[s] = err or out['unavailable']
                    break
                for row, r in out['results'].items():
                    cell = per.setdefault(s, {}).setdefault(row, {'quiet': [], 'loaded': [],
                                                                  'slowest': []})
                    if 'median_ms' not in r:
                        cell['note'] = r.get('note')
                        continue
                    cell[phase].append(r['median_ms'])
                    if phase == 'loaded':
                        cell['slowest'].append(r['slowest_call_ms'] / r['median_ms'])
    return {'background_load': n, 'rounds': rounds, 'figures': per,
            'unavailable': unavailable}


def slowdown(cell: dict) -> Optional[float]:
    """The median over rounds of loaded / quiet, each round's pair measured
    back to back (a phase of the shared host then slows both)."""
    pairs = [b / a for a, b in zip(cell.get('quiet', []), cell.get('loaded', []))]
    return statistics.median(pairs) if pairs else None


def rows(doc: dict) -> list:
    """``(workload, system, quiet ms, loaded ms, slowdown, JAX's slowdown,
    slowest call / median)`` per timed cell."""
    fig = doc['figures']
    out = []
    for s, per_row in fig.items():
        for row, cell in per_row.items():
            r = slowdown(cell)
            if r is None:
                continue
            peer = slowdown(fig.get(PEER, {}).get(row, {}))
            out.append((row, s, min(cell['quiet']), min(cell['loaded']), r, peer,
                        max(cell['slowest'])))
    return sorted(out)


def bars(doc: dict) -> list:
    """The bar, per tapejit cell: ``(what, measured, target, met)``."""
    out = []
    for row, s, _, _, r, peer, worst in rows(doc):
        if not s.startswith('tapejit'):
            continue
        if peer is not None:
            out.append((f'{row}: {s} slowdown / JAX jit slowdown', r / peer, 1.0,
                        r <= peer))
        if doc['background_load'] == 1:
            out.append((f'{row}: {s} slowest call / median', worst, 10.0, worst <= 10.0))
    return out


def markdown(doc: dict, labels: dict, machine: dict, command: str) -> str:
    n = doc['background_load']
    lines = [f'Each system timed quiet, then beside {n} busy Python process'
             f'{"es" if n > 1 else ""} (a `while True: pass` each), in {doc["rounds"]} '
             'rounds, the systems taking turns. Slowdown: the median over rounds of the '
             "loaded median / the same round's quiet median. Slowest call: the slowest "
             'single call after the warm-up, over the loaded median.', '',
             '| workload | system | quiet ms | loaded ms | slowdown | JAX jit slowdown '
             '| slowest call |', '|---|---|---:|---:|---:|---:|---:|']
    for row, s, q, ld, r, peer, worst in rows(doc):
        lines.append(f'| {row} | {labels.get(s, s)} | {q:.3g} | {ld:.3g} | {r:.2f}x | '
                     + (f'{peer:.2f}x' if peer else '') + f' | {worst:.1f}x |')
    lines += ['', '| bar | measured | target | met |', '|---|---:|---:|---|']
    lines += [f'| {what} | {m:.2f}x | <= {t:g}x | {"yes" if ok else "no"} |'
              for what, m, t, ok in bars(doc)]
    for s, why in doc['unavailable'].items():
        lines.append(f'\n{labels.get(s, s)}: {why}')
    lines += ['', f'Machine: {machine.get("cpu")}, {machine.get("cores")} cores '
              f'(this process may use {len(os.sched_getaffinity(0))}).', '',
              f'Reproduce: `{command}`']
    return '\n'.join(lines) + '\n'


def text(doc: dict, labels: dict) -> str:
    out = [f'{"workload":<18} {"system":<14} {"quiet":>9} {"loaded":>9} {"slowdown":>9} '
           f'{"JAX":>6} {"slowest":>8}']
    for row, s, q, ld, r, peer, worst in rows(doc):
        out.append(f'{row:<18} {labels.get(s, s):<14} {q:>9.3g} {ld:>9.3g} {r:>8.2f}x '
                   + (f'{peer:>5.2f}x' if peer else ' ' * 6) + f' {worst:>7.1f}x')
    for what, m, t, ok in bars(doc):
        out.append(f'bar  {what:<58} {m:>6.2f}x  <= {t:g}x  met: {"yes" if ok else "no"}')
    return '\n'.join(out)
