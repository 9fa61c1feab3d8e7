"""Turn the merged figures into the table (text and Markdown), the bar check,
JSON and a PNG chart of the ratios."""

from __future__ import annotations

import json
import os
import platform
import subprocess
from typing import Optional

REF = 'tapejit-jit'          # every ratio is "this system's time / tapejit jit's"
COMPILE_ROWS = ('compile (cold)', 'compile (warm)')


def machine() -> dict:
    """CPU model, cores, memory, OS and Python of this machine."""
    info: dict = {'cores': os.cpu_count(), 'python': platform.python_version(),
                  'os': platform.platform()}
    try:
        import cpuinfo  # py-cpuinfo, from the bench extra: the precise model name
        info['cpu'] = cpuinfo.get_cpu_info().get('brand_raw')
    except Exception:
        info['cpu'] = None
    if not info['cpu']:
        try:
            with open('/proc/cpuinfo') as f:
                info['cpu'] = next(ln.split(':', 1)[1].strip() for ln in f
                                   if ln.startswith('model name'))
        except (OSError, StopIteration):
            info['cpu'] = platform.processor() or platform.machine()
    try:
        with open('/proc/cpuinfo') as f:
            flags = next(ln for ln in f if ln.startswith('flags')).split()
        info['simd'] = [f for f in ('avx2', 'avx512f', 'avx512_bf16', 'fma') if f in flags]
    except (OSError, StopIteration):
        pass
    try:
        with open('/proc/meminfo') as f:
            kb = int(next(ln for ln in f if ln.startswith('MemTotal')).split()[1])
        info['memory_gib'] = round(kb / 2 ** 20, 1)
    except (OSError, StopIteration):
        pass
    try:
        here = os.path.dirname(os.path.abspath(__file__))
        rev = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], cwd=here,
                             capture_output=True, text=True, timeout=10).stdout.strip()
        info['tapejit_commit'] = rev or None
    except (OSError, subprocess.SubprocessError):
        pass
    return info


def _ms(v: float) -> str:
    if v >= 100:
        return f'{v:,.0f}'
    if v >= 10:
        return f'{v:.1f}'
    if v >= 1:
        return f'{v:.2f}'
    return f'{v:.3g}'


def cell_ms(results: dict, row: str, system: str) -> Optional[float]:
    r = results.get(system, {}).get(row, {})
    return r.get('median_ms')


def grid(doc: dict) -> tuple:
    """(header, rows, notes): cells 'median ms (ratio to tapejit jit)'."""
    systems = doc['systems']
    res = doc['results']
    notes: list = []

    def note(text: str) -> str:
        if text not in notes:
            notes.append(text)
        return f'[{notes.index(text) + 1}]'

    header = ['workload'] + [doc['labels'].get(s, s) for s in systems]
    rows = []
    for row in doc['rows']:
        ref = cell_ms(res, row, REF)
        cells = [row]
        for s in systems:
            r = res.get(s, {}).get(row)
            if r is None:
                why = doc['unavailable'].get(s)
                cells.append(note(f'{doc["labels"].get(s, s)}: {why}') if why else '')
            elif 'median_ms' in r:
                v = r['median_ms']
                ratio = f' ({v / ref:.2f}x)' if ref and s != REF else ''
                cells.append(_ms(v) + ratio)
            else:
                cells.append(note(f'{doc["labels"].get(s, s)}, {row}: {r["note"]}'))
        rows.append(cells)
    return header, rows, notes


def text_table(doc: dict) -> str:
    header, rows, notes = grid(doc)
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    out = ['  '.join(str(c).rjust(w) if i else str(c).ljust(w)
                     for i, (c, w) in enumerate(zip(r, widths)))
           for r in [header] + rows]
    out.insert(1, '-' * len(out[0]))
    out += [f'[{i + 1}] {n}' for i, n in enumerate(notes)]
    return '\n'.join(out)


def markdown(doc: dict, command: str) -> str:
    header, rows, notes = grid(doc)
    m = doc['machine']
    lines = [f'Median milliseconds per call (forward + backward + update), and in '
             f'parentheses the ratio to tapejit jit (above 1: tapejit jit is faster). '
             f'Size: {doc["size"]}.'
             + (f' Each system ran {doc["rounds"]} times, the systems taking turns; a cell '
                f'is its fastest run (every run\'s median is in results.json).'
                if doc.get('rounds', 1) > 1 else ''), '',
             '| ' + ' | '.join(header) + ' |',
             '|' + '|'.join(['---'] + ['---:'] * (len(header) - 1)) + '|']
    lines += ['| ' + ' | '.join(str(c) for c in r) + ' |' for r in rows]
    lines.append('')
    lines += [f'[{i + 1}] {n}  ' for i, n in enumerate(notes)]
    if notes:
        lines.append('')
    bars = bar_check(doc)
    if bars:
        lines += ['| bar | measured | target | met |', '|---|---:|---:|---|']
        lines += [f'| {b["what"]} | {b["measured"]} | {b["target"]} | {b["met"]} |'
                  for b in bars]
        lines.append('')
    ov = doc.get('overhead_us_per_op')
    if ov:
        lines += ['Eager per-op overhead (a chain of 1000 small ops), microseconds per op:', '',
                  '| system | us/op |', '|---|---:|']
        lines += [f'| {k} | {v:.2f} |' if isinstance(v, float) else f'| {k} | {v} |'
                  for k, v in ov.items()]
        lines.append('')
    for s, env in doc.get('env', {}).items():
        settings = ' '.join(f'{k}={v}' for k, v in env.items())
        lines += [f'{doc["labels"].get(s, s)} ran with `{settings}` (see benchmarks/systems/).',
                  '']
    vers = ', '.join(f'{k} {v}' for k, v in sorted(doc['versions'].items()))
    lines += [f'Machine: {m.get("cpu")}, {m.get("cores")} cores, '
              f'{m.get("memory_gib", "?")} GiB, {m.get("os")}, Python {m.get("python")}; '
              f'tapejit commit {m.get("tapejit_commit")}; {vers}.', '',
              f'Reproduce: `{command}`']
    return '\n'.join(lines) + '\n'


def _ratio(res: dict, row: str, a: str, b: str) -> Optional[float]:
    x, y = cell_ms(res, row, a), cell_ms(res, row, b)
    return x / y if x and y else None


def bar_check(doc: dict) -> list:
    """The bar of the project's benchmark spec, checked against these figures."""
    res = doc['results']
    checks = [
        ('poly: jit / roofline copy', _ratio(res, 'poly', REF, 'roofline'), 1.25),
        ('poly: jit / torch.compile', _ratio(res, 'poly', REF, 'torch-compile'), 1.0),
        ('layernorm_gelu: jit / torch.compile',
         _ratio(res, 'layernorm_gelu', REF, 'torch-compile'), 0.5),
        ('mlp_big: jit / JAX jit', _ratio(res, 'mlp_big', REF, 'jax-jit'), 1.0),
        ('mlp_tiny: jit / JAX jit', _ratio(res, 'mlp_tiny', REF, 'jax-jit'), 0.3),
        ('hvp: jit / JAX jit', _ratio(res, 'hvp', REF, 'jax-jit'), 1.0),
        ('compile: cold jit / JAX first call',
         _ratio(res, 'compile (cold)', REF, 'jax-jit'), 1.0),
    ]
    # The steps users write: at most the faster compiled peer's time.
    for row in ('chainer_step', 'adam_mlp', 'cnn', 'resnet', 'lstm', 'transformer_block'):
        peers = [v for v in (cell_ms(res, row, 'torch-compile'), cell_ms(res, row, 'jax-jit'))
                 if v]
        ref = cell_ms(res, row, REF)
        checks.append((f'{row}: jit / faster of torch.compile, JAX jit',
                       ref / min(peers) if ref and peers else None, 1.0))
    checks.append(('chainer_step: jit / torch eager',
                   _ratio(res, 'chainer_step', REF, 'torch-eager'), 0.5))
    cold, warm = cell_ms(res, 'compile (cold)', REF), cell_ms(res, 'compile (warm)', REF)
    checks.append(('compile: warm / cold', warm / cold if cold and warm else None, 0.1))
    # Eager mode: at most PyTorch eager's time, on every workload.
    for row in doc['rows']:
        if row not in COMPILE_ROWS:
            checks.append((f'{row}: eager / torch eager',
                           _ratio(res, row, 'tapejit-eager', 'torch-eager'), 1.0))
    out = []
    for what, r, target in checks:
        if r is None:
            continue
        # "faster than" is strict; the other bars are "at most".
        strict = target == 1.0 and what.endswith('/ torch.compile')
        met = r < target if strict else r <= target
        out.append({'what': what, 'measured': f'{r:.2f}x', 'target': f'<= {target}x',
                    'met': 'yes' if met else 'no', 'ratio': r, 'bar': target})
    return out


def write_json(doc: dict, path: str) -> None:
    with open(path, 'w') as f:
        json.dump({**doc, 'bar': bar_check(doc)}, f, indent=1, sort_keys=False)
        f.write('\n')


def plot(doc: dict, path: str) -> Optional[str]:
    """A bar chart of every system's time / tapejit jit's, per workload (log scale).
    Returns None, or why no chart was drawn."""
    try:
        import matplotlib
        matplotlib.use('Agg')
        import matplotlib.pyplot as plt
    except ImportError:
        return 'matplotlib not installed (pip install ".[bench]"): no chart'
    res = doc['results']
    systems = [s for s in doc['systems'] if s != REF
               and any(cell_ms(res, r, s) for r in doc['rows'])]
    rows = [r for r in doc['rows'] if cell_ms(res, r, REF)]
    if not rows or not systems:
        return 'nothing to plot'
    fig, ax = plt.subplots(figsize=(max(8, 1.6 * len(rows)), 4.8))
    width = 0.8 / len(systems)
    for i, s in enumerate(systems):
        xs, ys = [], []
        for j, r in enumerate(rows):
            v = cell_ms(res, r, s)
            if v:
                xs.append(j - 0.4 + width * (i + 0.5))
                ys.append(v / cell_ms(res, r, REF))
        ax.bar(xs, ys, width, label=doc['labels'].get(s, s))
    ax.axhline(1.0, color='black', linewidth=1)
    ax.set_yscale('log')
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels(rows, rotation=15)
    ax.set_ylabel('time / tapejit jit time (log; above 1: tapejit jit faster)')
    m = doc['machine']
    ax.set_title(f'tapejit benchmarks ({doc["size"]} size) on {m.get("cpu")}, '
                 f'{m.get("cores")} cores')
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return None
