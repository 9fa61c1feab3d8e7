"""Run the workloads on one system in this process and print the figures as JSON.

``python -m benchmarks.worker --system torch-eager --workloads poly,hvp``.
The runner starts one worker process per system (so frameworks do not share
thread pools or caches, and Chainer can run under its own interpreter) and
merges what they print.  Only NumPy and the system's own framework are
imported here.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback

from benchmarks import systems, timing
from benchmarks import workloads as W

MARK = 'BENCH-JSON '


def _note(e: BaseException) -> str:
    """The first line of an exception, short enough for a table cell."""
    first = (str(e).strip().splitlines() or [''])[0]
    return f'{type(e).__name__}: {first}'[:200]


def run_system(system: str, names: list, size: str = 'full', warmup: int = 2,
               repeats: int = 10, verbose: bool = False) -> dict:
    """Time every workload in ``names`` on ``system``; a failure is a note."""
    mod = systems.load(system)
    doc = {'system': system, 'label': mod.LABEL, 'results': {}}
    why = mod.unavailable()
    if why:
        doc['unavailable'] = why
        return doc
    doc['versions'] = mod.versions()
    for name in names:
        try:
            fn, _ = mod.build(name, W.make_data(name, size))
            doc['results'][name] = timing.measure(fn, mod.sync, warmup=warmup,
                                                  repeats=repeats)
        except systems.Unsupported as e:
            doc['results'][name] = {'note': str(e)}
        except Exception as e:  # a peer that refuses a workload is a figure too
            if verbose:
                traceback.print_exc(file=sys.stderr)
            doc['results'][name] = {'note': _note(e)}
    return doc


def main(argv: list | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--system', required=True, choices=list(systems.SYSTEMS))
    ap.add_argument('--workloads', default=','.join(W.NAMES))
    ap.add_argument('--size', default='full', choices=list(W.SIZES))
    ap.add_argument('--warmup', type=int, default=2)
    ap.add_argument('--repeats', type=int, default=10)
    ap.add_argument('--verbose', action='store_true', help='print tracebacks of failures')
    a = ap.parse_args(argv)
    doc = run_system(a.system, a.workloads.split(','), a.size, a.warmup, a.repeats,
                     a.verbose)
    print(MARK + json.dumps(doc), flush=True)


if __name__ == '__main__':
    main()
