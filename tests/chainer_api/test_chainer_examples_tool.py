"""tools/chainer_examples: the rewriting of an example's imports, the synthetic
data the loaders read, and the measuring harness on a small inline script; with
a Chainer checkout (TAPEJIT_CHAINER_SRC), the runner on Chainer's MNIST example."""

import importlib.util
import json
import os
import pathlib
import shutil
import subprocess
import sys

import numpy as np
import pytest

import tapejit

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOL = ROOT / 'tools' / 'chainer_examples'


def _load_tool():
    spec = importlib.util.spec_from_file_location('chainer_examples_run', TOOL / 'run.py')
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


run = _load_tool()


EXAMPLE = '''\
import argparse
import chainer
import chainer.functions as F
import chainer.links as L
import chainer.backends.cuda
from chainer import training
from chainer.training import extensions
import chainerx
import matplotlib
    import chainer
print("import chainer")  # a string is not an import
import chainer_utils
'''


def test_only_the_imports_of_chainer_change():
    got = run.as_tapejit(EXAMPLE).splitlines()
    want = EXAMPLE.splitlines()
    assert len(got) == len(want)  # line numbers stay
    changed = {i: line for i, (line, old) in enumerate(zip(got, want)) if line != old}
    assert changed == {
        1: 'import tapejit as chainer',
        2: 'import tapejit.functions as F',
        3: 'import tapejit.links as L',
        4: 'import tapejit.backends.cuda; import tapejit as chainer',
        5: 'from tapejit import training',
        6: 'from tapejit.training import extensions',
        9: '    import tapejit as chainer',
    }


def test_synthetic_data_has_the_shapes_chainers_loaders_give(tmp_path):
    run.write_datasets(tmp_path)
    tapejit.dataset.set_dataset_root(str(tmp_path))
    try:
        train, test = tapejit.datasets.get_mnist()
        assert len(train) == 2000 and len(test) == 500
        x, t = train[0]
        assert x.shape == (784,) and x.dtype == np.float32 and 0 <= x.min() <= x.max() <= 1
        assert t.dtype == np.int32
        for get, classes in ((tapejit.datasets.get_cifar10, 10),
                             (tapejit.datasets.get_cifar100, 100)):
            train, _ = get()
            assert train[0][0].shape == (3, 32, 32)
            assert max(int(t) for _, t in train) < classes
        train, valid, test = tapejit.datasets.get_ptb_words()
        assert train.dtype == np.int32 and train.max() == 9999 and len(train) == 20000
        assert len(tapejit.datasets.get_ptb_words_vocabulary()) == 10000
    finally:
        tapejit.dataset.set_dataset_root(None)


SCRIPT = '''\
import numpy as np
import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training

x = np.random.RandomState(0).rand(64, 5).astype(np.float32)
t = (x.sum(axis=1) > 2.5).astype(np.int32)
model = L.Classifier(L.Linear(5, 2))
opt = chainer.optimizers.SGD(lr=0.5)
opt.setup(model)
it = chainer.iterators.SerialIterator(chainer.datasets.TupleDataset(x, t), 8)
updater = training.updaters.StandardUpdater(it, opt)
training.Trainer(updater, (100, 'epoch')).run()
'''


@pytest.mark.parametrize('mode', ['eager', 'compiled'])
def test_the_harness_caps_times_and_keeps_losses(tmp_path, mode):
    shutil.copy(TOOL / 'harness.py', tmp_path / '_harness.py')
    (tmp_path / 'train.py').write_text(run.as_tapejit(SCRIPT))
    result = tmp_path / 'result.json'
    env = dict(os.environ, PYTHONPATH=str(ROOT), EXAMPLE_BACKEND='tapejit', EXAMPLE_MODE=mode,
               EXAMPLE_ITERATIONS='6', EXAMPLE_RESULT=str(result), EXAMPLE_SEED='0')
    proc = subprocess.run([sys.executable, '_harness.py', 'train.py'], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(result.read_text())
    assert data['ok'] and data['error'] == ''
    assert len(data['times']) == 6 and all(s > 0 for s in data['times'])
    losses = [entry[0] for entry in data['losses']]
    assert len(losses) == 6 and np.isfinite(losses).all()
    # The first update's loss is the initial model's on the first batch.
    np.random.seed(0)
    model = tapejit.links.Classifier(tapejit.links.Linear(5, 2))
    x = np.random.RandomState(0).rand(64, 5).astype(np.float32)
    t = (x.sum(axis=1) > 2.5).astype(np.int32)
    order = np.random.permutation(64)[:8]
    np.testing.assert_allclose(losses[0], float(model(x[order], t[order]).array), rtol=1e-6)


def test_a_failing_example_reports_its_error(tmp_path):
    case = run.Case('broken', 'broken', 'train.py', [], iterations=2)
    (tmp_path / 'broken').mkdir()
    (tmp_path / 'broken' / 'train.py').write_text('import chainer\nchainer.no_such_name()\n')
    got = run.run_one(case, tmp_path, 'eager', sys.executable, tmp_path, timeout=120)
    assert not got.ok
    assert got.error.startswith('AttributeError') and 'no_such_name' in got.error
    assert '| broken | no: AttributeError' in run.table([(case, {'eager': got})], 1e-4)


_SRC = os.environ.get('TAPEJIT_CHAINER_SRC', '/tmp/chainer-7.8.1')


@pytest.mark.skipif(not (pathlib.Path(_SRC) / 'examples' / 'mnist').is_dir(),
                    reason="needs Chainer's examples folder: set TAPEJIT_CHAINER_SRC to a "
                           'Chainer v7.8.1 checkout')
def test_the_runner_runs_chainers_mnist_example(tmp_path, capsys):
    out = tmp_path / 'RESULTS.md'
    assert run.main(['--examples', str(pathlib.Path(_SRC) / 'examples'), '--only', 'mnist',
                     '--systems', 'compiled', '--iterations', '4', '--out', str(out)]) == 0
    rows = {line.split(' | ')[0]: line for line in out.read_text().splitlines()}
    for name in ('mnist', 'mnist custom loop'):
        cells = [c.strip() for c in rows[f'| {name}'].split('|')[1:-1]]
        assert cells[1] == 'yes' and cells[2] == cells[3] == '', cells  # (compiled only)
        assert 0 < float(cells[4]) < 10, cells
    assert 'not run: needs two GPUs' in rows['| mnist data parallel']


LOOP = '''\
import numpy as np
import chainer
import chainer.links as L

model = L.Classifier(L.Linear(5, 2))
opt = chainer.optimizers.SGD()
opt.setup(model)
x = np.random.RandomState(0).rand(8, 5).astype(np.float32)
t = np.zeros(8, np.int32)
while True:  # a custom loop the harness stops
    loss = model(x, t)
    model.cleargrads()
    loss.backward()
    opt.update()
'''


def test_the_harness_stops_a_custom_loop_after_the_cap(tmp_path):
    shutil.copy(TOOL / 'harness.py', tmp_path / '_harness.py')
    (tmp_path / 'loop.py').write_text(run.as_tapejit(LOOP))
    result = tmp_path / 'result.json'
    env = dict(os.environ, PYTHONPATH=str(ROOT), EXAMPLE_BACKEND='tapejit', EXAMPLE_MODE='eager',
               EXAMPLE_ITERATIONS='5', EXAMPLE_RESULT=str(result))
    proc = subprocess.run([sys.executable, '_harness.py', 'loop.py'], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(result.read_text())
    # (the first update only starts the clock)
    assert data['ok'] and len(data['times']) == 5 and len(data['losses']) == 5
    losses = [entry[0] for entry in data['losses']]
    assert losses == sorted(losses, reverse=True)  # SGD on one batch: the loss falls
