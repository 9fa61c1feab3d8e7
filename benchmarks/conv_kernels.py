"""The convolution kernels' speed per layer, next to this machine's FMA peak
and PyTorch's (oneDNN's) kernels on the same layers.

For each 3x3 convolution of the ``cnn`` and ``resnet`` workloads (their full
sizes), and for convolutions no workload names (:data:`OTHER_LAYERS`: small
planes, 1x1, strides, depthwise and grouped filters, 5x5 and a 7x7 stem),
times tapejit's forward, data-gradient and filter-gradient primitives as an
eager call runs them: the kernels
(:mod:`tapejit.targets.cpu.contraction`, layout passes included), or the
windows' product where the planes are small; and PyTorch's ``conv2d`` and
``convolution_backward`` on the same arrays, on the cores this process may
use, alternating the two in ``--rounds`` rounds and keeping each one's
fastest; then the FMA peak, measured by an FMA loop generated as the kernels
are (:func:`~tapejit.targets.cpu.contraction.fma_peak`), on as many threads.
It prints a table of GFLOP/s (2 per multiply-add of the convolution's own
arithmetic, not the padding a kernel computes) and the fraction of the peak,
and writes ``conv_kernels.json`` and ``conv_kernels.md`` under ``--out``::

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
# Convolutions of models no workload names: (label, batch, in channels, out
# channels, size, kernel, stride, pad, groups) at full size.
OTHER_LAYERS = [
    ('8x8 planes', 64, 128, 128, 8, 3, 1, 1, 1),
    ('4x4 planes', 32, 256, 256, 4, 3, 1, 1, 1),
    ('1x1 expansion', 32, 64, 256, 16, 1, 1, 0, 1),
    ('3x3 stride 2', 32, 64, 128, 32, 3, 2, 1, 1),
    ('depthwise 3x3', 32, 128, 128, 32, 3, 1, 1, 128),
    ('grouped 3x3', 32, 64, 64, 32, 3, 1, 1, 4),
    ('5x5', 32, 16, 32, 32, 5, 1, 2, 1),
    ('7x7 stride-2 stem', 16, 3, 64, 112, 7, 2, 3, 1),
]


def layers(size_name: str = 'full') -> list:
    """``(label, batch, in channels, out channels, size, kernel, stride,
    pad, groups)`` of each convolution of the convolutional workloads (at
    ``size_name``), once per distinct shape, then :data:`OTHER_LAYERS`
    (their batches cut to 2 at the tiny size)."""
    out, seen = [], set()
    for name in ('cnn', 'resnet'):
        size, net = W.SIZES[size_name][name], W.CONVNETS[name]
        hw, chans = size['hw'], size['channels']
        for i, (c_in, c_out) in enumerate(zip(chans[:-1], chans[1:]), 1):
            key = (size['batch'], c_in, c_out, hw)
            if key not in seen:
                seen.add(key)
                out.append((f'{name} conv{i}',) + key + (3, 1, 1, 1))
            if i in net.pool_after:
                hw //= 2
    for label, n, *rest in OTHER_LAYERS:
        out.append((label, n if size_name == 'full' else 2, *rest))
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


def _tapejit_calls(x: np.ndarray, w: np.ndarray, gy: np.ndarray, stride: int, pad: int,
                   groups: int) -> list:
    # (The primitives, as an eager call runs them: the kernels, or the
    # windows' product where the planes are small.)
    from tapejit.ops import convolution as C
    s, p, one = (stride, stride), (pad, pad), (1, 1)
    return [lambda: C.conv2d.impl(x, w, stride=s, pad=p, dilate=one, groups=groups,
                                  out_size=gy.shape[2:]),
            lambda: C.conv2d_transpose.impl(gy, w, s, p, one, groups, x.shape[2:]),
            lambda: C.conv2d_filter.impl(x, gy, w.shape[2:], s, p, one, groups)]


def _torch_calls(x: np.ndarray, w: np.ndarray, gy: np.ndarray, stride: int, pad: int,
                 groups: int) -> Optional[list]:
    try:
        import torch
    except ImportError:
        return None
    tx, tw, tg = (torch.from_numpy(a) for a in (x, w, gy))
    s, p, one = [stride] * 2, [pad] * 2, [1, 1]

    def backward(which: list) -> Callable[[], Any]:
        return lambda: torch.ops.aten.convolution_backward(tg, tx, tw, None, s, p, one,
                                                           False, [0, 0], groups, which)
    return [lambda: torch.nn.functional.conv2d(tx, tw, stride=stride, padding=pad,
                                               groups=groups),
            backward([True, False, False]), backward([False, True, False])]


def measure(rounds: int, repeats: int, size_name: str = 'full') -> dict:
    """Per layer and direction, tapejit's and PyTorch's GFLOP/s, and the FMA
    peak on this process's cores."""
    cores = kernel_cores()
    peak = peak_gflops(rounds, cores)
    rng = np.random.default_rng(0)
    rows = []
    for label, n, c_in, c_out, hw, k, stride, pad, groups in layers(size_name):
        out = (hw + 2 * pad - k) // stride + 1
        # (Held as a compiled plan holds its arrays, and as eager results
        # come: aligned to the widest vector.)
        x = _aligned(rng.standard_normal((n, c_in, hw, hw)).astype(np.float32))
        w = _aligned(rng.standard_normal((c_out, c_in // groups, k, k)).astype(np.float32))
        gy = _aligned(rng.standard_normal((n, c_out, out, out)).astype(np.float32))
        flops = 2.0 * n * c_out * (c_in // groups) * k * k * out * out
        geometry = (stride, pad, groups)
        ours, theirs = _tapejit_calls(x, w, gy, *geometry), _torch_calls(x, w, gy, *geometry)
        best = {'tapejit': [float('inf')] * 3, 'torch': [float('inf')] * 3}
        for _ in range(rounds):
            for d in range(3):
                best['tapejit'][d] = min(best['tapejit'][d], _best(ours[d], repeats))
                if theirs is not None:
                    best['torch'][d] = min(best['torch'][d], _best(theirs[d], repeats))
        rows.append({'layer': label, 'shape': [n, c_in, c_out, hw],
                     'kernel': k, 'stride': stride, 'groups': groups,
                     'gflops': flops / 1e9,
                     'tapejit': [flops / t / 1e9 for t in best['tapejit']],
                     'torch': (None if theirs is None
                               else [flops / t / 1e9 for t in best['torch']])})
    return with_peak(rows, 'layers', peak, cores)


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


def peak_gflops(rounds: int, cores: int) -> float:
    """The FMA peak on ``cores`` threads in GFLOP/s, the best of ``rounds``:
    measured before a report's first PyTorch call, whose threads go on
    spinning on the cores for a while after it (a peak measured after the
    layers once read half the cores' rate)."""
    from tapejit.targets.cpu.contraction import fma_peak
    return max(fma_peak(cores) for _ in range(rounds)) / 1e9


def with_peak(rows: list, key: str, peak: float, cores: int) -> dict:
    """A report's result: ``rows`` under ``key``, the machine and the FMA
    ``peak`` (:func:`peak_gflops`) on ``cores`` threads."""
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
        # (The workloads' layers are 3x3, stride 1, one group.)
        k, stride, groups = row.get('kernel', 3), row.get('stride', 1), row.get('groups', 1)
        extra = ''.join([f', {k}x{k}' if k != 3 else '',
                         f', stride {stride}' if stride != 1 else '',
                         f', {groups} groups' if groups != 1 else ''])
        for d, direction in enumerate(DIRECTIONS):
            ours = row['tapejit'][d]
            theirs = row['torch'][d] if row['torch'] else None
            lines.append(f'| {row["layer"]} ({n}, {c_in}, {c_out}, {hw}x{hw}{extra}) '
                         f'| {direction} '
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
