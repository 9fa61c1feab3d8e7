"""Eager per-op overhead: a chain of small ops, microseconds per op.

``python -m benchmarks.overhead`` prints the table for the systems installed in
this interpreter; ``benchmarks.run`` merges it with Chainer's figures from
``--chainer-python``.  The chain is ``y = y * 1.0001 + 0.5`` on 16 float32
elements, ``--ops`` ops long; each timed call runs the whole chain (and its
backward pass where the row says so).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Callable, Optional

import numpy as np

from benchmarks.worker import MARK

# system -> rows it measures
SYSTEMS = ('numpy', 'tapejit', 'torch', 'chainer')


def _time(fn: Callable[[], object], repeats: int) -> float:
    fn()
    ts = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


def _chain(y, n: int, mul=1.0001, add=0.5):
    for _ in range(n // 2):
        y = y * mul + add
    return y


def measure(system: str, n: int = 1000, repeats: int = 20) -> dict:
    """Row label -> microseconds per op, or a note string if not installed."""
    a = np.ones(16, np.float32)
    rows: dict = {}

    def us(fn: Callable[[], object]) -> float:
        return _time(fn, repeats) / n * 1e6

    if system == 'numpy':
        rows['NumPy (no autodiff)'] = us(
            lambda: _chain(a, n, np.float32(1.0001), np.float32(0.5)))
    elif system == 'tapejit':
        import tapejit
        import tapejit.functions as F
        x = tapejit.Variable(a.copy())

        def nograph():
            with tapejit.no_backprop_mode():
                _chain(x, n)

        def fwd_bwd():
            x.cleargrad()
            F.sum(_chain(x, n)).backward()
        rows['tapejit eager, no graph'] = us(nograph)
        rows['tapejit eager, forward'] = us(lambda: _chain(x, n))
        rows['tapejit eager, forward+backward'] = us(fwd_bwd)
    elif system == 'torch':
        try:
            import torch
        except ImportError:
            return {'torch eager, forward+backward': 'torch not installed'}
        t = torch.ones(16, requires_grad=True)

        def torch_fwd_bwd():
            t.grad = None
            _chain(t, n).sum().backward()
        rows['torch eager, forward+backward'] = us(torch_fwd_bwd)
    elif system == 'chainer':
        try:
            import chainer
        except Exception as e:
            return {'Chainer eager, forward+backward':
                    f'chainer not importable here ({type(e).__name__})'}
        cx = chainer.Variable(a.copy())

        def chainer_fwd_bwd():
            cx.cleargrad()
            chainer.functions.sum(_chain(cx, n)).backward()
        rows['Chainer eager, forward+backward'] = us(chainer_fwd_bwd)
    else:
        raise ValueError(f'unknown system {system!r}; known: {", ".join(SYSTEMS)}')
    return rows


def format_rows(rows: dict) -> str:
    lines = [f'{"system":<36}{"us per op":>12}']
    for name, v in rows.items():
        cell = f'{v:.2f}' if isinstance(v, float) else v
        lines.append(f'{name:<36}{cell:>12}')
    return '\n'.join(lines)


def main(argv: Optional[list] = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--ops', type=int, default=1000, help='ops in the chain')
    ap.add_argument('--repeats', type=int, default=20)
    ap.add_argument('--systems', default=','.join(SYSTEMS))
    ap.add_argument('--json', action='store_true', help='print one BENCH-JSON line')
    a = ap.parse_args(argv)
    rows: dict = {}
    for s in a.systems.split(','):
        rows.update(measure(s, a.ops, a.repeats))
    if a.json:
        print(MARK + json.dumps({'overhead_us_per_op': rows}), flush=True)
    else:
        print(format_rows(rows))


if __name__ == '__main__':
    main()
