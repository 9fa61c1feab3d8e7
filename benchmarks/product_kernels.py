"""The matrix product kernel's speed per product, next to this machine's FMA
peak, NumPy's BLAS and PyTorch on the same products.

For each product a training step of ``mlp_big``, ``adam_mlp`` and
``transformer_block`` makes (at their full sizes; the linear layers'
forward ``x @ W.T``, data gradient ``gy @ W`` and weight gradient ``gy.T @
x``, and the attention's batched products), with the operands laid out as
a step passes them, times tapejit's kernel
(:mod:`tapejit.targets.cpu.product`, where it takes the product; "BLAS"
where it leaves it to BLAS on tapejit's threads), NumPy's ``matmul`` on its
BLAS's own threads and ``torch.matmul``, on the cores this process may
use, in ``--rounds`` rounds taking turns (each after the others' threads
have gone idle) and keeping each one's fastest;
then the FMA peak (:func:`~tapejit.targets.cpu.contraction.fma_peak`) on as
many threads.  It prints a table of GFLOP/s (2 per multiply-add) and the
fraction of the peak, and writes ``product_kernels.json`` and
``product_kernels.md`` under ``--out``::

    .venv/bin/python -m benchmarks.product_kernels --out benchmarks/results
"""

from __future__ import annotations

import time
from typing import Any, Callable, Optional

import numpy as np

from benchmarks import workloads as W
from benchmarks.conv_kernels import (_aligned, _best, kernel_cores, peak_gflops, peak_line,
                                     report, with_peak)

# Seconds each system's timing waits first, then calls it untimed (see
# measure).
SETTLE_S = 0.3
WARM_S = 0.05


def products(size_name: str = 'full') -> list:
    """``(name, a shape, b shape, transposes)`` of the products of the
    workloads' steps (at ``size_name``), once per distinct layout; the
    transposes say which operand the step passes transposed (``'a'``,
    ``'b'`` or ``''``)."""
    out = []
    for name in ('mlp_big', 'adam_mlp'):
        size = W.SIZES[size_name][name]
        dims, n = size['dims'], size['batch']
        for i, (d_in, d_out) in enumerate(zip(dims[:-1], dims[1:]), 1):
            out += [(f'{name} layer {i} forward', (n, d_in), (d_out, d_in), 'b'),
                    (f'{name} layer {i} data gradient', (n, d_out), (d_out, d_in), ''),
                    (f'{name} layer {i} weight gradient', (n, d_out), (n, d_in), 'a')]
    size = W.SIZES[size_name]['transformer_block']
    n, s, d, h = size['batch'], size['seq'], size['width'], size['heads']
    rows = n * s
    for label, d_in, d_out in (('projection', d, d), ('MLP up', d, 4 * d),
                               ('MLP down', 4 * d, d)):
        out += [(f'transformer {label} forward', (rows, d_in), (d_out, d_in), 'b'),
                (f'transformer {label} weight gradient', (rows, d_out), (rows, d_in), 'a')]
    g, dh = n * h, d // h
    out += [('transformer scores q k^T', (g, s, dh), (g, s, dh), 'b'),
            ('transformer weights times v', (g, s, s), (g, s, dh), '')]
    return out


def _operands(rng: np.random.Generator, a_shape: tuple, b_shape: tuple,
              trans: str) -> tuple:
    a = _aligned(rng.standard_normal(a_shape).astype(np.float32))
    b = _aligned(rng.standard_normal(b_shape).astype(np.float32))
    return (a.swapaxes(-1, -2) if trans == 'a' else a,
            b.swapaxes(-1, -2) if trans == 'b' else b)


def _torch_call(a: np.ndarray, b: np.ndarray) -> Optional[Callable[[], Any]]:
    try:
        import torch
    except ImportError:
        return None
    ta, tb = torch.from_numpy(a), torch.from_numpy(b)
    return lambda: torch.matmul(ta, tb)


def matmul(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> np.ndarray:
    """``a @ b`` into ``out`` as tapejit's matmul primitive computes it
    (eagerly, or as a plan's step): its kernel or BLAS, as it chose."""
    from tapejit.ops.linalg import matmul as primitive
    return primitive.impl(a, b, out=out)


def _chosen(product: Any, a: np.ndarray, b: np.ndarray, out: np.ndarray) -> bool:
    """Call ``a @ b`` as a training loop does, until tapejit has tried
    its kernel against BLAS on it (its calls take turns: see
    ``tapejit.targets.cpu.product._kernel_pays``); whether the kernel
    computes it from then on."""
    for _ in range(product.TIME_AFTER_CALLS):
        matmul(a, b, out)
    product.settle_trials(60)
    for _ in range(2 * (product.TRIAL_RUNS + 1)):
        matmul(a, b, out)
    return product.takes_product(a, b)


def measure(rounds: int, repeats: int, size_name: str = 'full') -> dict:
    """Per product, tapejit's, NumPy's and PyTorch's GFLOP/s, and the FMA
    peak on this process's cores."""
    from tapejit.targets.cpu import product
    cores = kernel_cores()
    peak = peak_gflops(rounds, cores)
    rng = np.random.default_rng(0)
    rows = []
    for name, a_shape, b_shape, trans in products(size_name):
        a, b = _operands(rng, a_shape, b_shape, trans)
        out = np.empty(np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
                       + (a.shape[-2], b.shape[-1]), np.float32)
        taken = _chosen(product, a, b, out)
        calls = {'tapejit': lambda: matmul(a, b, out=out),
                 'numpy': lambda: np.matmul(a, b, out=out),
                 'torch': _torch_call(a, b)}
        best = {k: float('inf') for k, fn in calls.items() if fn is not None}
        for _ in range(rounds):
            for k in best:
                # (BLAS's and PyTorch's threads spin for a while after a
                # call, taking a core from whoever runs next: let them rest.)
                time.sleep(SETTLE_S)
                # (Then WARM_S of calls first: a core idle that long runs the
                # first milliseconds slower.)
                start = time.perf_counter()
                while time.perf_counter() - start < WARM_S:
                    calls[k]()
                best[k] = min(best[k], _best(calls[k], repeats))
        flops = 2.0 * out.size * a.shape[-1]
        rows.append({'product': name, 'a': list(a.shape), 'b': list(b.shape),
                     'kernel': taken, 'gflops': flops / 1e9,
                     **{k: flops / t / 1e9 for k, t in best.items()}})
    return with_peak(rows, 'products', peak, cores)


def table(result: dict) -> str:
    """The Markdown table of a :func:`measure` result."""
    peak = result['fma_peak_gflops']
    lines = peak_line(result) + [
             '| product | a @ b | tapejit GFLOP/s | of peak | NumPy (its BLAS) | PyTorch '
             '| tapejit / faster other |',
             '|---|---|---:|---:|---:|---:|---:|']
    for row in result['products']:
        ours = row['tapejit']
        others = [row[k] for k in ('numpy', 'torch') if row.get(k)]
        how = '' if row['kernel'] else ' (BLAS)'
        shapes = f'{tuple(row["a"])} @ {tuple(row["b"])}'
        lines.append(f'| {row["product"]}{how} | {shapes} | {ours:.0f} | {ours / peak:.0%} '
                     f'| {row["numpy"]:.0f} | '
                     + (f'{row["torch"]:.0f}' if row.get('torch') else '-')
                     + f' | {ours / max(others):.2f}x |')
    return '\n'.join(lines) + '\n'


def main(argv: Optional[list] = None) -> None:
    """Measure, print the table and write it under ``--out``."""
    report(argv, __doc__, measure, table, 'product_kernels', 'Matrix product kernels')


if __name__ == '__main__':
    main()
