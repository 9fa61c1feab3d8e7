"""The attention kernels' speed, forward and backward, next to this
machine's FMA peak and PyTorch's on the same arrays.

For ``transformer_block``'s attention (its full size) and shapes no
workload names (longer and shorter sequences, narrower and wider heads,
with and without a causal mask), times tapejit's kernels
(:mod:`tapejit.targets.cpu.attention`: ``attention`` then
``attention_grad``, as a compiled step calls them), PyTorch's
``scaled_dot_product_attention`` forward and backward (its fused CPU
kernel), and PyTorch's products and softmax one by one (what a step written
with ``matmul`` and ``softmax`` runs eagerly), on the cores this process
may use, in ``--rounds`` rounds taking turns and keeping each one's
fastest.  GFLOP/s count the products' multiply-adds of the whole score
matrix (two forward, four backward; a causal mask's skipped keys
included), 2 FLOP each.  Writes ``attention_kernels.json`` and
``attention_kernels.md`` under ``--out``::

    .venv/bin/python -m benchmarks.attention_kernels --out benchmarks/results
"""

from __future__ import annotations

import time
from typing import Optional

import numpy as np

from benchmarks import workloads as W
from benchmarks.conv_kernels import (_aligned, _best, kernel_cores, peak_gflops, peak_line,
                                     report, with_peak)

SETTLE_S = 0.3


def shapes(size_name: str = 'full') -> list:
    """``(name, matrices, queries, head width, causal)``: the workload's
    attention, then others."""
    size = W.SIZES[size_name]['transformer_block']
    g, s, dh = size['batch'] * size['heads'], size['seq'], size['width'] // size['heads']
    if size_name == 'tiny':
        # (Heads of 16 columns: whole vectors for the kernels on any width.)
        return [('transformer_block', g, s, 16, True), ('same, no mask', g, s, 16, False),
                ('longer', 2, 2 * s, 16, True)]
    return [('transformer_block', g, s, dh, True),
            ('same, no mask', g, s, dh, False),
            ('long sequence', 8, 1024, 64, True),
            ('short sequence, narrow heads', 64, 128, 32, True),
            ('wide heads', 16, 256, 128, False)]


def _torch_calls(q: np.ndarray, k: np.ndarray, v: np.ndarray, gy: np.ndarray,
                 mask: Optional[np.ndarray]) -> Optional[dict]:
    try:
        import torch
        import torch.nn.functional as TF
    except ImportError:
        return None
    tq, tk, tv = (torch.from_numpy(a).requires_grad_() for a in (q, k, v))
    tgy = torch.from_numpy(gy)
    tm = None if mask is None else torch.from_numpy(mask)

    def fused() -> None:
        y = TF.scaled_dot_product_attention(tq, tk, tv, attn_mask=tm, scale=1.0)
        torch.autograd.grad(y, (tq, tk, tv), tgy)

    def one_by_one() -> None:
        s = tq @ tk.transpose(-1, -2)
        if tm is not None:
            s = s.masked_fill(~tm, float('-inf'))
        y = torch.softmax(s, dim=-1) @ tv
        torch.autograd.grad(y, (tq, tk, tv), tgy)
    return {'torch_sdpa': fused, 'torch_eager': one_by_one}


def measure(rounds: int, repeats: int, size_name: str = 'full') -> dict:
    """Per shape, the milliseconds and GFLOP/s of each system's forward and
    backward, and the FMA peak on this process's cores."""
    from tapejit.ops import attention as A
    from tapejit.targets.cpu import attention as K
    cores = kernel_cores()
    peak = peak_gflops(rounds, cores)
    rng = np.random.default_rng(0)
    rows = []
    for name, g, s, dh, causal in shapes(size_name):
        q, k, v, gy = (_aligned(rng.standard_normal((g, s, dh)).astype(np.float32))
                       for _ in range(4))
        mask = np.tril(np.ones((s, s), bool)) if causal else None

        def ours(q=q, k=k, v=v, gy=gy, mask=mask) -> None:
            # (The primitives, as a plan calls them: the kernels where they
            # take the arrays.)
            A.attention.impl(q, k, v, mask)
            A.attention_grad.impl(q, k, v, gy, mask)
        calls: dict = {'tapejit': ours, **(_torch_calls(q, k, v, gy, mask) or {})}
        best = {key: float('inf') for key in calls}
        for _ in range(rounds):
            for key, fn in calls.items():
                time.sleep(SETTLE_S)   # (PyTorch's threads spin a while after a call)
                best[key] = min(best[key], _best(fn, repeats))
        flops = 2.0 * 6 * g * s * s * dh
        rows.append({'shape': name, 'matrices': g, 'queries': s, 'head': dh, 'causal': causal,
                     'gflops': flops / 1e9, 'kernel': K.takes_attention(q, k, v, mask),
                     **{key: {'ms': t * 1e3, 'gflops_s': flops / t / 1e9}
                        for key, t in best.items()}})
    return with_peak(rows, 'attention', peak, cores)


def table(result: dict) -> str:
    """The Markdown table of a :func:`measure` result."""
    peak = result['fma_peak_gflops']
    lines = peak_line(result) + [
        '| attention | matrices x queries x head | mask | tapejit ms | GFLOP/s | of peak '
        '| PyTorch SDPA ms | PyTorch one by one ms | tapejit / faster PyTorch |',
        '|---|---|---|---:|---:|---:|---:|---:|---:|']
    for row in result['attention']:
        ours = row['tapejit']
        others = [row[k]['ms'] for k in ('torch_sdpa', 'torch_eager') if k in row]

        def cell(key: str, row: dict = row) -> str:
            return f'{row[key]["ms"]:.2f}' if key in row else '-'
        ratio = f'{ours["ms"] / min(others):.2f}x' if others else '-'
        lines.append(f'| {row["shape"]} | {row["matrices"]} x {row["queries"]} x {row["head"]} '
                     f'| {"causal" if row["causal"] else "none"} | {ours["ms"]:.2f} '
                     f'| {ours["gflops_s"]:.0f} | {ours["gflops_s"] / peak:.0%} '
                     f'| {cell("torch_sdpa")} | {cell("torch_eager")} | {ratio} |')
    return '\n'.join(lines) + '\n'


def main(argv: Optional[list] = None) -> None:
    """Measure, print the table and write it under ``--out``."""
    report(argv, __doc__, measure, table, 'attention_kernels', 'Attention kernels')


if __name__ == '__main__':
    main()
