"""The example scripts run (at a small size) and print the values they promise."""

import importlib.util
import json
import os
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _squash(text):
    return ' '.join(text.split())


def test_variables_and_derivatives_example():
    script = ROOT / 'examples' / 'variables_and_derivatives.py'
    proc = subprocess.run([sys.executable, str(script)], check=False, capture_output=True,
                          text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = _squash(proc.stdout)
    for expected in [
        'array([16.], dtype=float32)',                                  # y.array
        'array([8.], dtype=float32)',                                   # x.grad
        'array([-1.], dtype=float32)',                                  # z.grad
        'array([[ 0., 2., 4.], [ 6., 8., 10.]], dtype=float32)',        # 2x3 gradient
        'variable([[ 0., 12., 27.], [ 48., 75., 108.]])',               # x.grad_var
        'array([[ 0., 12., 18.], [24., 30., 36.]], dtype=float32)',     # second derivative
    ]:
        assert expected in out, f'{expected!r} not in the output:\n{proc.stdout}'
    # Each value is preceded by a label line.
    lines = proc.stdout.splitlines()
    assert lines[0].startswith('y.array')
    assert lines[1] == 'array([16.], dtype=float32)'
    timings = re.findall(r'^(eager|jit) forward\+backward of y = x\*\*2 - 2\*x \+ 1 on this '
                         r'machine:\n\d+(?:\.\d+)? us per iteration \(\d+ repeats\)$',
                         proc.stdout, re.MULTILINE)
    assert timings == ['eager', 'jit'], proc.stdout
    # From whatever cache the tests have (an empty one in CI): the compiled
    # step is faster, no recompile falls inside its timed calls.
    eager_us, jit_us = (float(v) for v in re.findall(r'^(\d+(?:\.\d+)?) us per iteration',
                                                      proc.stdout, re.MULTILINE))
    assert jit_us < eager_us, proc.stdout


def _run_example(name, *args, cwd=ROOT):
    script = ROOT / 'examples' / name
    proc = subprocess.run([sys.executable, str(script), *args], check=False,
                          capture_output=True, text=True, timeout=300, cwd=cwd)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


def _timing(out):
    m = re.search(r'on this machine: eager (\d+\.\d+) ms, jit (\d+\.\d+) ms '
                  r'\((\d+\.\d+)x\)$', out, re.MULTILINE)
    assert m, out
    return float(m.group(1)), float(m.group(2))


def _import_example(name):
    # In this process: the example's imports (scikit-learn, matplotlib) are paid once.
    spec = importlib.util.spec_from_file_location(f'example_{name}',
                                                  ROOT / 'examples' / f'{name}.py')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_train_digits_example(tmp_path, capsys):
    td = _import_example('train_digits')
    td.main(['--epochs', '3', '--timing-repeats', '10', '--out', str(tmp_path / 'out')])
    captured = capsys.readouterr()
    out = captured.out
    epochs = re.findall(r'^epoch +(\d+) +train loss (\S+) +train accuracy (\S+) +test loss '
                        r'(\S+) +test accuracy (\S+)$', out, re.MULTILINE)
    assert [int(e[0]) for e in epochs] == [1, 2, 3], out
    train_losses = [float(e[1]) for e in epochs]
    assert train_losses[2] < train_losses[0]
    test_acc = float(epochs[-1][4])
    assert test_acc > 0.93, out
    assert f'final test accuracy: {test_acc:.4f}' in out
    # The compiled step was traced once and replayed for every other step.
    assert re.search(r'CacheInfo\(hits=\d+, misses=1, traces=1,', out), out
    assert '100%' in captured.err  # the tqdm progress bar
    png = tmp_path / 'out' / 'digits_curves.png'
    assert png.read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    with np.load(tmp_path / 'out' / 'digits_mlp.npz') as f:
        assert sorted(f.files) == ['l1/W', 'l1/b', 'l2/W', 'l2/b', 'l3/W', 'l3/b']
        assert f['l1/W'].shape == (256, 64)
    assert f'(reloaded: test accuracy {test_acc:.4f})' in out
    _timing(out)

    history = td.main(['--epochs', '1', '--eager', '--timing-repeats', '0', '--no-progress',
                       '--out', str(tmp_path / 'eager')])
    captured = capsys.readouterr()
    assert 'eager steps' in captured.out and 'CacheInfo' not in captured.out
    assert history[0]['test_acc'] > 0.8, captured.out
    assert captured.err == ''


def test_train_digits_cnn_example(tmp_path, capsys):
    td = _import_example('train_digits_cnn')
    td.main(['--epochs', '2', '--channels', '8', '--out', str(tmp_path / 'out')])
    captured = capsys.readouterr()
    out = captured.out
    epochs = re.findall(r'^epoch +(\d+) +train loss (\S+) +train accuracy (\S+) +test loss '
                        r'(\S+) +test accuracy (\S+)$', out, re.MULTILINE)
    assert [int(e[0]) for e in epochs] == [1, 2], out
    assert float(epochs[-1][4]) > 0.9, out
    # One trace of the training step, replayed for every other batch.
    assert re.search(r'CacheInfo\(hits=\d+, misses=1, traces=1,', out), out
    assert '100%' in captured.err  # the tqdm progress bar
    assert (tmp_path / 'out' / 'digits_cnn_curves.png').read_bytes()[:4] == b'\x89PNG'
    with np.load(tmp_path / 'out' / 'digits_cnn.npz') as f:
        assert f['bn1/avg_mean'].shape == (8,) and f['conv2/W'].shape == (8, 8, 3, 3)
        assert np.abs(f['bn1/avg_mean']).sum() > 0  # the compiled step updated them

def test_train_char_lstm_example(capsys):
    ex = _import_example('train_char_lstm')
    history = ex.main(['--epochs', '2', '--steps', '4', '--batch-size', '4', '--bptt', '6',
                       '--embed', '8', '--hidden', '16', '--no-progress'])
    out = capsys.readouterr().out
    assert [h['epoch'] for h in history] == [1, 2], out
    assert all(np.isfinite(h['valid_ppl']) and h['valid_ppl'] > 1 for h in history), out
    assert history[1]['valid_ppl'] < history[0]['valid_ppl'], out  # it learns
    assert re.search(r'CacheInfo\(hits=7, misses=1, traces=1,', out), out
    assert re.search(r'^sample: The ', out, re.MULTILINE), out

def test_gradient_penalty_example():
    out = _run_example('gradient_penalty.py', '--steps', '300', '--timing-repeats',
                       '10').stdout
    diff = float(re.search(r'largest parameter difference (\S+)', out).group(1))
    assert diff < 1e-5, out
    last = re.findall(r'^step +\d+ +distance estimate (\S+) +penalty (\S+) +gradient norm '
                      r'(\S+)$', out, re.MULTILINE)[-1]
    distance, penalty, norm = map(float, last)
    assert 0.9 < norm < 1.15, out  # the penalty keeps the critic about 1-Lipschitz
    assert penalty < 0.05, out
    est = float(re.search(r'Wasserstein-1 estimate (\S+) \(exact 5.657\)', out).group(1))
    assert 4.5 < est < 7.0, out
    assert re.search(r'CacheInfo\(hits=299, misses=1, traces=1,', out), out
    _timing(out)


def test_custom_function_example():
    out = _run_example('custom_function.py', '--steps', '600', '--timing-repeats',
                       '10').stdout
    assert 'check_backward and check_double_backward: passed' in out
    lines = out.splitlines()
    values = {lines[i]: lines[i + 1] for i in range(len(lines) - 1)}
    assert values['squareplus(x) at x = [-2, 0, 1, 3]:'] == \
        '[0.414214, 1.      , 1.618034, 3.302776]'
    assert values["first derivative f'(x):"] == '[0.146447, 0.5     , 0.723607, 0.916025]'
    assert values["second derivative f''(x):"] == '[0.088388, 0.25    , 0.178885, 0.042669]'
    assert 'compiled with @tapejit.jit: same values: True' in out
    mse = float(re.search(r'mean squared error (\S+)', out).group(1))
    assert mse < 1e-2, out
    _timing(out)


def test_train_mnist_example(tmp_path, capsys):
    tm = _import_example('train_mnist')
    out_dir = tmp_path / 'result'
    trainer = tm.main(['--unit', '512', '--epoch', '10', '--batchsize', '50',
                       '--out', str(out_dir)])
    # (The progress bar moves the cursor as Chainer's does: its escapes left out.)
    out = re.sub(r'\x1b\[\d*[AJ]', '', capsys.readouterr().out)
    assert 'Device: @numpy' in out and '# dataset: digits, compiled steps' in out
    header = ['epoch', 'main/loss', 'validation/main/loss', 'main/accuracy',
              'validation/main/accuracy', 'elapsed_time']
    rows = [line.split() for line in out.splitlines() if re.match(r'^\d+ +\d', line)]
    assert [int(r[0]) for r in rows] == list(range(11)), out  # epoch 0: before training
    assert ' '.join(header) in _squash(out)
    # The progress bar, in Chainer's lines.
    assert '] 100.00%' in out and '       270 iter, 10 epoch / 10 epochs' in out
    assert re.search(r'compiled update step: CacheInfo\(hits=269, misses=1, traces=1,', out)
    # The log, the plots, the graph and the snapshot in result/.
    with open(out_dir / 'log') as f:
        log = json.load(f)
    assert [e['epoch'] for e in log] == list(range(11))
    assert log[-1]['validation/main/accuracy'] >= 0.97, log[-1]
    assert float(rows[-1][4]) == pytest.approx(log[-1]['validation/main/accuracy'], rel=1e-5)
    for png in ('loss.png', 'accuracy.png'):
        assert (out_dir / png).read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    assert (out_dir / 'cg.dot').read_text().startswith('//')  # a compiled step: no graph
    assert sorted(f for f in os.listdir(out_dir) if f.startswith('snapshot')) == [
        'snapshot_iter_270']
    # The accuracy over the whole test set, recomputed from the trained model.
    import tapejit
    import tapejit.functions as F
    _, test = tapejit.datasets.get_digits()
    x, t = tapejit.datasets.concat_examples(test[:])
    with tapejit.no_backprop_mode(), tapejit.using_config('train', False):
        acc = float(F.accuracy(trainer.updater.get_optimizer('main').target.predictor(x),
                               t).array)
    assert acc >= 0.97

    # --resume continues from the snapshot: two more epochs, eagerly this time.
    tm.main(['--unit', '512', '--epoch', '12', '--batchsize', '50', '--eager',
             '--no-progress', '--out', str(tmp_path / 'resumed'),
             '--resume', str(out_dir / 'snapshot_iter_270')])
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if re.match(r'^\d+ +\d', line)]
    # As in Chainer, the restored log is printed again, then the new epochs.
    assert [int(r[0]) for r in rows] == list(range(13)), out
    assert 'eager steps' in out and 'CacheInfo' not in out
    with open(tmp_path / 'resumed' / 'log') as f:
        resumed = json.load(f)
    assert [e['epoch'] for e in resumed] == list(range(13))
    assert resumed[:11] == log  # the log goes on from the snapshot's
    assert resumed[-1]['elapsed_time'] > log[-1]['elapsed_time']
