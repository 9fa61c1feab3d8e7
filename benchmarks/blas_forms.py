"""The five large products of ``mlp_big``'s step, in two layouts, on this BLAS.

``python -m benchmarks.blas_forms`` times the products a training step of the
784-1024-1024-10 MLP makes (batch 256) with activations and their gradients
batch-major (``(batch, features)``, C order, as the step computes them) and
feature-major (their transposes, C order).  The weights keep Chainer's ``(out, in)`` layout in both.
Each pair computes the same numbers; only the BLAS call's form differs:

====================  ====================  ========================
product               batch-major           feature-major
====================  ====================  ========================
layer 1 forward       ``x @ W1.T``          ``W1 @ x.T``
layer 2 forward       ``h1 @ W2.T``         ``W2 @ h1T``
layer 1 input grad    ``g2 @ W2``           ``W2.T @ g2T``
layer 2 weight grad   ``g2.T @ h1``         ``g2T @ h1T.T``
layer 1 weight grad   ``g1.T @ x``          ``g1T @ x``
====================  ====================  ========================

The forms alternate call by call, so both see the same phases of a shared
host; a cell is the median over ``--repeats`` rounds.  On the 2-core AMD EPYC
(Zen 4) hosts of this project, with NumPy's OpenBLAS 0.3.31 (SkylakeX
kernels), three runs gave 12.53-13.50 ms for the feature-major forms against
13.09-14.13 for the batch-major ones (0.95-0.96x): OpenBLAS is slower in the
``NT`` and ``TN`` forms the batch-major layout needs.  The CPU compiler's
layout pass (:mod:`tapejit.compiler.layout`) makes this choice: it holds the
activations and their gradients feature-major, so a jitted ``mlp_big`` step
makes the products in the right-hand column.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable

import numpy as np

SIZES = {'full': (784, 1024, 256), 'tiny': (24, 32, 8)}


def forms(size: str = 'full', seed: int = 0) -> list:
    """``[(product, batch-major call, feature-major call, batch-major result,
    feature-major result, whether the latter is the former's transpose)]``;
    each call writes its result array (the same one, for a weight gradient).

    >>> name, b, f, rb, rf, transposed = forms('tiny')[0]
    >>> _ = b(), f()
    >>> transposed, bool(abs(rb - rf.T).max() < 1e-3)
    (True, True)
    >>> forms('huge')
    Traceback (most recent call last):
    ValueError: blas_forms: size 'huge' is not one of ['full', 'tiny']
    """
    if size not in SIZES:
        raise ValueError(f'blas_forms: size {size!r} is not one of {sorted(SIZES)}')
    d_in, hidden, batch = SIZES[size]
    rng = np.random.default_rng(seed)

    def arr(*shape: int) -> np.ndarray:
        return rng.standard_normal(shape).astype(np.float32)

    x, W1, W2 = arr(batch, d_in), arr(hidden, d_in), arr(hidden, hidden)
    h1, g2, g1 = arr(batch, hidden), arr(batch, hidden), arr(batch, hidden)
    h1T, g2T, g1T = (np.ascontiguousarray(a.T) for a in (h1, g2, g1))
    act, actT = np.empty((batch, hidden), np.float32), np.empty((hidden, batch), np.float32)
    gW1, gW2 = np.empty((hidden, d_in), np.float32), np.empty((hidden, hidden), np.float32)
    mm = np.matmul
    # A weight gradient has one layout in both: its two forms write one array.
    return [
        ('layer 1 forward', lambda: mm(x, W1.T, out=act), lambda: mm(W1, x.T, out=actT),
         act, actT, True),
        ('layer 2 forward', lambda: mm(h1, W2.T, out=act), lambda: mm(W2, h1T, out=actT),
         act, actT, True),
        ('layer 1 input grad', lambda: mm(g2, W2, out=act), lambda: mm(W2.T, g2T, out=actT),
         act, actT, True),
        ('layer 2 weight grad', lambda: mm(g2.T, h1, out=gW2),
         lambda: mm(g2T, h1T.T, out=gW2), gW2, gW2, False),
        ('layer 1 weight grad', lambda: mm(g1.T, x, out=gW1), lambda: mm(g1T, x, out=gW1),
         gW1, gW1, False),
    ]


def measure(size: str = 'full', repeats: int = 40) -> list:
    """``[(product, batch-major ms, feature-major ms)]``, medians of
    ``repeats`` alternating rounds.

    >>> rows = measure('tiny', repeats=2)
    >>> [name for name, _, _ in rows][:2]
    ['layer 1 forward', 'layer 2 forward']
    """
    calls = [(name, b, f) for name, b, f, *_ in forms(size)]
    times: list = [([], []) for _ in calls]
    for _, b, f in calls:  # warm: buffers touched, BLAS threads started
        b()
        f()
    for _ in range(repeats):
        for i, (_, b, f) in enumerate(calls):
            for k, fn in enumerate((b, f)):
                times[i][k].append(_time_once(fn))
    return [(name, 1e3 * statistics.median(tb), 1e3 * statistics.median(tf))
            for (name, _, _), (tb, tf) in zip(calls, times)]


def _time_once(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def table(rows: list) -> str:
    """The rows of :func:`measure` as a Markdown table with a total row.

    >>> print(table([('p', 2.0, 1.5)]))  # doctest: +NORMALIZE_WHITESPACE
    | product | batch-major ms | feature-major ms | ratio |
    |---|---:|---:|---:|
    | p | 2.000 | 1.500 | 0.75 |
    | total | 2.000 | 1.500 | 0.75 |
    """
    lines = ['| product | batch-major ms | feature-major ms | ratio |', '|---|---:|---:|---:|']
    tb = tf = 0.0
    for name, b, f in rows:
        lines.append(f'| {name} | {b:.3f} | {f:.3f} | {f / b:.2f} |')
        tb, tf = tb + b, tf + f
    lines.append(f'| total | {tb:.3f} | {tf:.3f} | {tf / tb:.2f} |')
    return '\n'.join(lines)


def main(argv: list | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--size', default='full', choices=list(SIZES))
    ap.add_argument('--repeats', type=int, default=40)
    a = ap.parse_args(argv)
    print(table(measure(a.size, a.repeats)))


if __name__ == '__main__':
    main()
