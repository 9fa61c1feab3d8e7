"""Eager per-op overhead: a chain of small ops, microseconds per op.

Run: ``python benchmarks/eager_overhead.py``. Compares tapejit eager (with and
without graph recording, forward and backward) with plain NumPy on the same
chain, and with PyTorch / Chainer eager where they are installed.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np


def _time(fn, repeats: int) -> float:
    fn()
    ts = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--ops', type=int, default=1000, help='ops in the chain')
    ap.add_argument('--repeats', type=int, default=20)
    args = ap.parse_args()
    n = args.ops

    import tapejit
    import tapejit.functions as F

    a = np.ones(16, np.float32)

    def numpy_chain():
        y = a
        for _ in range(n // 2):
            y = y * np.float32(1.0001) + np.float32(0.5)
        return y

    x = tapejit.Variable(a.copy())

    def tj_chain():
        y = x
        for _ in range(n // 2):
            y = y * 1.0001 + 0.5
        return y

    def tj_fwd_bwd():
        x.cleargrad()
        F.sum(tj_chain()).backward()

    def tj_nograd():
        with tapejit.no_backprop_mode():
            tj_chain()

    rows = [('numpy', _time(numpy_chain, args.repeats)),
            ('tapejit eager, no graph', _time(tj_nograd, args.repeats)),
            ('tapejit eager, forward', _time(tj_chain, args.repeats)),
            ('tapejit eager, forward+backward', _time(tj_fwd_bwd, args.repeats))]
    try:
        import torch
        t = torch.ones(16, requires_grad=True)

        def torch_fwd_bwd():
            t.grad = None
            y = t
            for _ in range(n // 2):
                y = y * 1.0001 + 0.5
            y.sum().backward()
        rows.append(('torch eager, forward+backward', _time(torch_fwd_bwd, args.repeats)))
    except ImportError:
        rows.append(('torch eager', None))
    try:
        import chainer
        cx = chainer.Variable(a.copy())

        def chainer_fwd_bwd():
            cx.cleargrad()
            y = cx
            for _ in range(n // 2):
                y = y * 1.0001 + 0.5
            chainer.functions.sum(y).backward()
        rows.append(('chainer eager, forward+backward',
                     _time(chainer_fwd_bwd, args.repeats)))
    except ImportError:
        rows.append(('chainer eager', None))

    print(f'{"system":<36}{"us per op":>10}')
    for name, t in rows:
        cell = 'not installed' if t is None else f'{t / n * 1e6:.2f}'
        print(f'{name:<36}{cell:>10}')


if __name__ == '__main__':
    main()
