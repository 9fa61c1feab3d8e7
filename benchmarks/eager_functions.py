"""Eager functions on one large array: tapejit eager against PyTorch eager.

``python -m benchmarks.eager_functions`` times each function of a list that
training code calls (activations, softmaxes, losses, reductions) on a
``(1024, 1024)`` float32 array (``--size tiny``: ``(16, 32)``), called
eagerly as users call them, forward alone and forward with
``sum(...).backward()``, in tapejit and in PyTorch (on as many threads as
tapejit may use), alternating the two in ``--rounds`` rounds and keeping
each one's fastest; it prints a table of milliseconds and the ratios, and
writes ``eager_functions.json`` and ``eager_functions.md`` under
``--out``::

    .venv/bin/python -m benchmarks.eager_functions --out benchmarks/results

No issue names these functions: the table is where an eager call that
falls far behind shows.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
from typing import Optional

import numpy as np

from benchmarks.conv_kernels import _best

SIZES = {'full': (1024, 1024), 'tiny': (16, 32)}


def _cases(np_x: np.ndarray, labels: np.ndarray) -> list:
    """``(name, tapejit form, PyTorch form)``: each form takes its system's
    array (a Variable, a tensor) and returns the function's result."""
    import tapejit.functions as F
    import torch
    import torch.nn.functional as TF
    width = np_x.shape[1]
    ones, zeros = np.ones(width, np.float32), np.zeros(width, np.float32)
    half = np_x * 0.5
    t_half, t_labels = torch.from_numpy(half), torch.from_numpy(labels.astype(np.int64))
    return [
        ('relu', F.relu, TF.relu),
        ('leaky_relu', lambda v: F.leaky_relu(v, 0.2), lambda u: TF.leaky_relu(u, 0.2)),
        ('sigmoid', F.sigmoid, torch.sigmoid),
        ('tanh', F.tanh, torch.tanh),
        ('gelu', F.gelu, TF.gelu),
        ('elu', F.elu, TF.elu),
        ('softplus', F.softplus, TF.softplus),
        ('exp', F.exp, torch.exp),
        ('log of abs', lambda v: F.log(F.absolute(v)), lambda u: torch.log(torch.abs(u))),
        ('softmax', F.softmax, lambda u: torch.softmax(u, 1)),
        ('log_softmax', F.log_softmax, lambda u: torch.log_softmax(u, 1)),
        ('layer_normalization', lambda v: F.layer_normalization(v, ones, zeros),
         lambda u: TF.layer_norm(u, (width,))),
        ('mean_squared_error', lambda v: F.mean_squared_error(v, half),
         lambda u: TF.mse_loss(u, t_half)),
        ('softmax_cross_entropy', lambda v: F.softmax_cross_entropy(v, labels),
         lambda u: TF.cross_entropy(u, t_labels)),
        ('sum', F.sum, torch.sum),
        ('max over rows', lambda v: F.max(v, axis=1), lambda u: u.max(1)[0]),
    ]


def measure(rounds: int, repeats: int, size: str = 'full') -> dict:
    """Per function: the fastest milliseconds of tapejit and PyTorch, forward
    and forward + backward."""
    import tapejit
    import tapejit.functions as F
    import torch
    from tapejit.backends import threads
    torch.set_num_threads(threads.available_cores())
    shape = SIZES[size]
    rng = np.random.default_rng(0)
    np_x = rng.standard_normal(shape).astype(np.float32)
    labels = rng.integers(0, shape[1], shape[0]).astype(np.int32)
    x = tapejit.Variable(np_x.copy())
    tx = torch.from_numpy(np_x.copy()).requires_grad_(True)
    rows = []
    for name, ours, theirs in _cases(np_x, labels):
        def ours_fb() -> None:
            x.cleargrad()
            F.sum(ours(x)).backward()

        def theirs_fb() -> None:
            tx.grad = None
            theirs(tx).sum().backward()

        def theirs_f() -> None:
            with torch.no_grad():
                theirs(tx)
        best = {k: float('inf') for k in ('tapejit', 'torch', 'tapejit f+b', 'torch f+b')}
        for _ in range(rounds):
            best['tapejit'] = min(best['tapejit'], _best(lambda: ours(x), repeats))
            best['torch'] = min(best['torch'], _best(theirs_f, repeats))
            best['tapejit f+b'] = min(best['tapejit f+b'], _best(ours_fb, repeats))
            best['torch f+b'] = min(best['torch f+b'], _best(theirs_fb, repeats))
        rows.append({'function': name, **{k: v * 1e3 for k, v in best.items()}})
    return {'machine': f'{platform.machine()}, {threads.available_cores()} cores',
            'shape': list(shape), 'rounds': rounds, 'rows': rows}


def table(result: dict) -> str:
    """The result as a Markdown table."""
    rows_, cols = result['shape']
    lines = [f'# Eager functions on a {rows_} x {cols} float32 array '
             f'({result["machine"]})', '',
             'Milliseconds, the fastest of the rounds; backward: `sum(f(x)).backward()`.',
             '', '| function | tapejit | PyTorch | ratio | tapejit f+b | PyTorch f+b | ratio |',
             '|---|---:|---:|---:|---:|---:|---:|']
    for r in result['rows']:
        lines.append(f'| {r["function"]} | {r["tapejit"]:.3f} | {r["torch"]:.3f} | '
                     f'{r["tapejit"] / r["torch"]:.2f}x | {r["tapejit f+b"]:.3f} | '
                     f'{r["torch f+b"]:.3f} | {r["tapejit f+b"] / r["torch f+b"]:.2f}x |')
    return '\n'.join(lines) + '\n'


def main(argv: Optional[list] = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--rounds', type=int, default=3)
    p.add_argument('--repeats', type=int, default=10)
    p.add_argument('--size', choices=tuple(SIZES), default='full')
    p.add_argument('--out', default=os.path.join('benchmarks', 'results', 'latest'))
    a = p.parse_args(argv)
    try:
        import torch  # noqa: F401
    except ImportError:
        raise SystemExit('benchmarks.eager_functions: PyTorch is not installed '
                         '(pip install -e ".[bench]")')
    result = measure(a.rounds, a.repeats, a.size)
    text = table(result)
    print(text)
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, 'eager_functions.json'), 'w') as f:
        json.dump(result, f, indent=1)
    with open(os.path.join(a.out, 'eager_functions.md'), 'w') as f:
        f.write(text)


if __name__ == '__main__':
    main()
