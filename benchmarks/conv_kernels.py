"""The convolution kernels' speed per layer, next to this machine's FMA peak
and PyTorch's (oneDNN's) kernels on the same layers.

For each 3x3 convolution of the ``cnn`` and ``resnet`` workloads (their
full sizes), times tapejit's forward, data-gradient and filter-gradient
kernels (:mod:`tapejit.targets.cpu.contraction`, layout passes included)
and PyTorch's ``conv2d`` and ``convolution_backward`` on the same arrays,
on the cores this process may use, alternating the two in ``--rounds``
rounds and keeping each one's fastest; then the FMA peak, measured by an
FMA loop generated as the kernels are (:func:`~tapejit.targets.cpu.contraction.fma_peak`),
on as many threads.  It prints a table of GFLOP/s (2 per multiply-add of
the convolution's own arithmetic, not the padding a kernel computes) and
the fraction of the peak, and writes ``conv_kernels.json`` and
``conv_kernels.md`` under ``--out``::

    .venv/bin/python -m benchmarks.conv_kernels --out benchmarks/results
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from typing import Any, Callable, Optional

import numpy as np

from benchmarks import workloads as W

DIRECTIONS = ('forward', 'data gradient', 'filter gradient')


def layers(size_name: str = 'full') -> list:
    """``(workload, layer, batch, in channels, out channels, size)`` of each
    convolution of the convolutional workloads (at ``size_name``), once per
    distinct shape."""
    out, seen = [], set()
    for name in ('cnn', 'resnet'):
        size, net = W.SIZES[size_name][name], W.CONVNETS[name]
        hw, chans = size['hw'], size['channels']
        for i, (c_in, c_out) in enumerate(zip(chans[:-1], chans[1:]), 1):
            key = (size['batch'], c_in, c_out, hw)
            if key not in seen:
                seen.add(key)
                out.append((name, i) + key)
            if i in net.pool_after:
                hw //= 2
    return out


def _best(fn: Callable[[], Any], repeats: int) -> float:
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def _aligned(a: np.ndarray) -> np.ndarray:
    from tapejit.backends.host_arrays import aligned_empty
    out = aligned_empty(a.shape, a.dtype)
    out[...] = a
    return out


def _tapejit_calls(x: np.ndarray, w: np.ndarray, gy: np.ndarray) -> list:
    from tapejit.targets.cpu import contraction as K
    one = (1, 1)
    return [lambda: K.conv2d(x, w, one, one, one, 1, x.shape[2:]),
            lambda: K.conv2d_transpose(gy, w, one, one, one, 1, x.shape[2:]),
            lambda: K.conv2d_filter(x, gy, w.shape[2:], one, one, one, 1)]


def _torch_calls(x: np.ndarray, w: np.ndarray, gy: np.ndarray) -> Optional[list]:
    try:
        import torch
    except ImportError:
        return None
    tx, tw, tg = (torch.from_numpy(a) for a in (x, w, gy))
    one = [1, 1]

    def backward(which: list) -> Callable[[], Any]:
        return lambda: torch.ops.aten.convolution_backward(tg, tx, tw, None, one, one, one,
                                                           False, [0, 0], 1, which)
    return [lambda: torch.nn.functional.conv2d(tx, tw, padding=1),
            backward([True, False, False]), backward([False, True, False])]


def measure(rounds: int, repeats: int, size_name: str = 'full') -> dict:
    """Per layer and direction, tapejit's and PyTorch's GFLOP/s, and the FMA
    peak on this process's cores."""
    cores = kernel_cores()
    rng = np.random.default_rng(0)
    rows = []
    for name, i, n, c_in, c_out, hw in layers(size_name):
        # (Held as a compiled plan holds its arrays, and as eager results
        # come: aligned to the widest vector.)
        x = _aligned(rng.standard_normal((n, c_in, hw, hw)).astype(np.float32))
        w = _aligned(rng.standard_normal((c_out, c_in, 3, 3)).astype(np.float32))
        gy = _aligned(rng.standard_normal((n, c_out, hw, hw)).astype(np.float32))
        flops = 2.0 * n * c_out * c_in * 9 * hw * hw
        ours, theirs = _tapejit_calls(x, w, gy), _torch_calls(x, w, gy)
        best = {'tapejit': [float('inf')] * 3, 'torch': [float('inf')] * 3}
        for _ in range(rounds):
            for k in range(3):
                best['tapejit'][k] = min(best['tapejit'][k], _best(ours[k], repeats))
                if theirs is not None:
                    best['torch'][k] = min(best['torch'][k], _best(theirs[k], repeats))
        rows.append({'layer': f'{name} conv{i}', 'shape': [n, c_in, c_out, hw],
                     'gflops': flops / 1e9,
                     'tapejit': [flops / t / 1e9 for t in best['tapejit']],
                     'torch': (None if theirs is None
                               else [flops / t / 1e9 for t in best['torch']])})
    return with_peak(rows, 'layers', rounds, cores)


def kernel_cores() -> int:
    """The cores this process may use, PyTorch's threads set to as many."""
    from tapejit.backends.threads import available_cores
    cores = available_cores()
    try:
        import torch
        torch.set_num_threads(cores)
    except ImportError:
        pass
    return cores


def with_peak(rows: list, key: str, rounds: int, cores: int) -> dict:
    """A report's result: ``rows`` under ``key``, the machine and the FMA
    peak on ``cores`` threads (the best of ``rounds``)."""
    from tapejit.targets.cpu.contraction import fma_peak
    peak = max(fma_peak(cores) for _ in range(rounds)) / 1e9
    return {'machine': f'{platform.processor() or platform.machine()}, {cores} cores',
            'cores': cores, 'fma_peak_gflops': peak, key: rows}


def peak_line(result: dict) -> list:
    """The lines above a kernel report's table: the measured FMA peak."""
    return [f'FMA peak on {result["cores"]} cores: {result["fma_peak_gflops"]:.0f} GFLOP/s '
            '(an FMA loop generated as the kernels are)', '']


def table(result: dict) -> str:
    """The Markdown table of a :func:`measure` result."""
    peak = result['fma_peak_gflops']
    lines = peak_line(result) + [
             '| layer (batch, in, out, size) | direction | tapejit GFLOP/s | of peak '
             '| PyTorch (oneDNN) GFLOP/s | tapejit / PyTorch |',
             '|---|---|---:|---:|---:|---:|']
    for row in result['layers']:
        n, c_in, c_out, hw = row['shape']
        for k, direction in enumerate(DIRECTIONS):
            ours = row['tapejit'][k]
            theirs = row['torch'][k] if row['torch'] else None
            lines.append(f'| {row["layer"]} ({n}, {c_in}, {c_out}, {hw}x{hw}) | {direction} '
                         f'| {ours:.0f} | {ours / peak:.0%} | '
                         + (f'{theirs:.0f} | {ours / theirs:.2f}x |' if theirs else '- | - |'))
    return '\n'.join(lines) + '\n'


def report(argv: Optional[list], doc: str, measure_fn: Callable[..., dict],
           table_fn: Callable[[dict], str], name: str, title: str) -> None:
    """A kernel report's command line (``doc`` its description): measure,
    print the table and write ``name``.json and ``name``.md under ``--out``."""
    p = argparse.ArgumentParser(description=doc.split('\n\n')[0])
    p.add_argument('--rounds', type=int, default=3)
    p.add_argument('--repeats', type=int, default=5)
    p.add_argument('--size', choices=('full', 'tiny'), default='full')
    p.add_argument('--out', default=os.path.join('benchmarks', 'results', 'latest'))
    args = p.parse_args(argv)
    result = measure_fn(args.rounds, args.repeats, args.size)
    text = table_fn(result)
    print(text)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, f'{name}.json'), 'w') as f:
        json.dump(result, f, indent=1)
    with open(os.path.join(args.out, f'{name}.md'), 'w') as f:
        f.write(f'# {title} ({result["machine"]})\n\n' + text)


def main(argv: Optional[list] = None) -> None:
    """Measure, print the table and write it under ``--out``."""
    report(argv, __doc__, measure, table, 'conv_kernels', 'Convolution kernels')


if __name__ == '__main__':
    main()
