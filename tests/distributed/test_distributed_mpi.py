"""Data-parallel training over MPI, run under ``mpiexec`` (tests/distributed/mpi_worker.py).

Needs the ``mpi`` extra (mpi4py and MPICH or Open MPI); skipped without it.
Every run has a timeout: a hang fails the test instead of stopping the suite.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import numpy as np
import pytest

pytest.importorskip('mpi4py')
from tapejit.distributed.run import find_mpiexec  # noqa: E402

WORKER = os.path.join(os.path.dirname(__file__), 'mpi_worker.py')
TIMEOUT = 120


@pytest.fixture(scope='module')
def env(tmp_path_factory):
    e = dict(os.environ)
    # (One kernel cache for every run: the ranks compile the same kernels.)
    e['TAPEJIT_CACHE_DIR'] = str(tmp_path_factory.mktemp('mpi-kernel-cache'))
    e.setdefault('OMPI_ALLOW_RUN_AS_ROOT', '1')
    e.setdefault('OMPI_ALLOW_RUN_AS_ROOT_CONFIRM', '1')
    return e


def _run(cmd, env, timeout=TIMEOUT, **extra):
    t0 = time.monotonic()
    p = subprocess.run(cmd, env={**env, **extra}, capture_output=True, text=True,
                       timeout=timeout)
    return p, time.monotonic() - t0


def _mpiexec(n, mode, out, env, **extra):
    return _run([find_mpiexec(), '-n', str(n), sys.executable, WORKER, mode, str(out)], env,
                **extra)


@pytest.fixture(scope='module')
def equal_runs(env, tmp_path_factory):
    d = tmp_path_factory.mktemp('mpi-equal')
    # Two ranks through the launcher docs/distributed.md shows; one rank as a plain mpiexec.
    two, _ = _run([sys.executable, '-m', 'tapejit.distributed.run', '-n', '2', WORKER,
                   'equal', str(d / 'two.npz')], env)
    assert two.returncode == 0, two.stdout + two.stderr
    one, _ = _mpiexec(1, 'equal', d / 'one.npz', env)
    assert one.returncode == 0, one.stdout + one.stderr
    return np.load(d / 'two.npz'), np.load(d / 'one.npz')


def _params(run, kind):
    return {k.split('/', 1)[1]: run[k] for k in run.files if k.startswith(kind + '/')}


def test_two_ranks_equal_one_rank_with_the_whole_batch(equal_runs):
    two, one = equal_runs
    assert int(two['size']) == 2 and int(one['size']) == 1
    # Compiled once on each rank: 20 steps of one plan.
    assert int(two['traces']) == 1
    np.testing.assert_allclose(two['losses'], one['losses'], rtol=1e-5, atol=1e-6)
    p2, p1 = _params(two, 'compiled'), _params(one, 'compiled')
    assert sorted(p2) == sorted(p1) and len(p2) == 4
    for name in p1:
        np.testing.assert_allclose(p2[name], p1[name], rtol=1e-5, atol=1e-6, err_msg=name)
    # The model learnt: the loss fell over the 20 steps.
    assert two['losses'][-1] < two['losses'][0]


def test_compiled_step_equals_eager_multi_node_step(equal_runs):
    two, _ = equal_runs
    np.testing.assert_allclose(two['losses'], two['eager_losses'], rtol=1e-5, atol=1e-6)
    compiled, eager = _params(two, 'compiled'), _params(two, 'eager')
    for name in compiled:
        np.testing.assert_allclose(compiled[name], eager[name], rtol=1e-5, atol=1e-6,
                                   err_msg=name)
    # The averaged gradients left on the parameters, in their shapes.
    grads, eager_grads = _params(two, 'grad'), _params(two, 'eager_grad')
    for name in grads:
        assert grads[name].shape == eager_grads[name].shape == compiled[name].shape, name
        np.testing.assert_allclose(grads[name], eager_grads[name], rtol=1e-4, atol=1e-6,
                                   err_msg=name)


def test_two_ranks_with_a_bucket_per_parameter_equal_one_rank(equal_runs, env, tmp_path):
    p, _ = _mpiexec(2, 'buckets', tmp_path / 'b.npz', env)
    assert p.returncode == 0, p.stdout + p.stderr
    two, (_, one) = np.load(tmp_path / 'b.npz'), equal_runs
    assert int(two['size']) == 2 and int(two['traces']) == 1
    # Four buckets, each started in the backward and waited for before its update.
    assert int(two['starts']) == 4
    np.testing.assert_allclose(two['losses'], one['losses'], rtol=1e-5, atol=1e-6)
    p2, p1 = _params(two, 'compiled'), _params(one, 'compiled')
    assert sorted(p2) == sorted(p1)
    for name in p1:
        np.testing.assert_allclose(p2[name], p1[name], rtol=1e-5, atol=1e-6, err_msg=name)
    # Each bucket's one gradient, averaged in its row, left in its shape.
    g2, g1 = _params(two, 'grad'), _params(one, 'grad')
    for name in g1:
        assert g2[name].shape == g1[name].shape == p1[name].shape, name
        np.testing.assert_allclose(g2[name], g1[name], rtol=1e-4, atol=1e-6, err_msg=name)


def test_bad_operands_fail_clearly_on_every_rank_without_hanging(env, tmp_path):
    p, took = _mpiexec(2, 'badinput', tmp_path / 'x.npz', env)
    assert p.returncode == 0, p.stdout + p.stderr
    for r in (0, 1):
        assert (f'rank {r}: RuntimeError: allreduce: the ranks passed arrays of different '
                'dtypes or shapes:') in p.stdout, p.stdout
        assert (f'rank {r}: TypeError: scatter_dataset: rank 0 (root) passed a '
                f'{"NoneType" if r == 0 else "dataset"}; expected a dataset with a length'
                ) in p.stdout, p.stdout
    assert 'no error' not in p.stdout


def test_a_rank_tracing_another_step_fails_on_every_rank(env, tmp_path):
    p, took = _mpiexec(2, 'mismatch', tmp_path / 'x.npz', env)
    assert p.returncode != 0
    for r in (0, 1):
        line = f'rank {r}: StepMismatchError: multi_node_mean_grad: the ranks traced ' \
               'different training steps at step 0'
        assert line in p.stdout, p.stdout + p.stderr
    # The message names the first difference: rank 0's tanh, rank 1's relu (a maximum).
    assert 'rank 0: tanh f32[8, 8] -> f32[8, 8]' in p.stdout
    assert 'rank 1: maximum f32[] f32[8, 8] -> f32[8, 8]' in p.stdout
    assert 'no error' not in p.stdout
    assert took < 60


def test_ranks_with_other_parameters_fail_at_setup(env, tmp_path):
    p, _ = _mpiexec(2, 'params', tmp_path / 'x.npz', env)
    assert p.returncode != 0
    assert "ValueError: bcast_data: rank 1 has other parameters than rank 0" in p.stdout
    assert "(9, 6)" in p.stdout and "(8, 6)" in p.stdout


def test_a_rank_that_dies_ends_the_others_in_bounded_time(env, tmp_path):
    p, took = _mpiexec(2, 'die', tmp_path / 'x.npz', env, TAPEJIT_MPI_TIMEOUT='20')
    assert p.returncode != 0
    assert 'rank 0: finished' not in p.stdout
    assert took < 60


@pytest.mark.parametrize('mode, what', [
    ('hang', 'multi_node_mean_grad: rank 0 of 2 waited 3 s for the other ranks on the step '
             'check of step 3'),
    ('objhang', 'bcast_obj: rank 0 of 2 waited 3 s for the other ranks on an integer')])
def test_a_rank_that_hangs_times_out_the_others(env, tmp_path, mode, what):
    # In a compiled step (its check, issued with its allreduce), or in an object collective.
    p, took = _mpiexec(2, mode, tmp_path / 'x.npz', env, TAPEJIT_MPI_TIMEOUT='3')
    assert p.returncode != 0
    assert f'rank 0: TimeoutError: {what}' in p.stdout, p.stdout + p.stderr
    # (Rank 1 sleeps 120 s: the abort ended it.)
    assert took < 60


OUT_OF_STEP = ('multi_node_mean_grad: the ranks are out of step: rank 0 is at step 3, rank 1 '
               'at step 4\n  (a rank skipped a step or ran an extra one: every rank must run '
               'every step)')


@pytest.mark.parametrize('mode', ['skip', 'skipeager'])
def test_a_rank_that_skips_a_step_fails_on_every_rank_at_once(env, tmp_path, mode):
    # Rank 1 cannot load batch 3 and goes on with batch 4: compiled steps
    # that the loop numbers, or eager steps loading their batch (counted as
    # they begin).  A long deadline: the check fails at once, not by it.
    p, took = _mpiexec(2, mode, tmp_path / 'x.npz', env, TAPEJIT_MPI_TIMEOUT='60')
    assert p.returncode != 0
    assert 'rank 1: skips step 3: batch 3 cannot be read' in p.stdout, p.stdout + p.stderr
    # Both at their next exchange, before averaging anything of steps 3 and 4:
    # three updates done, on each rank.
    for r in (0, 1):
        assert f'rank {r}: StepMismatchError after 3 updates: {OUT_OF_STEP}' in p.stdout, \
            p.stdout + p.stderr
    assert 'finished' not in p.stdout
    assert took < 30


def test_a_rank_that_ran_fewer_steps_ends_the_others_extra_step_at_once(env, tmp_path):
    # Steps the loop does not number: rank 1's skip goes unseen (steps 3 to 18
    # average different batches) until rank 0's extra last step, which learns
    # that rank 1 ended instead of waiting for it.
    p, took = _mpiexec(2, 'skiptail', tmp_path / 'x.npz', env, TAPEJIT_MPI_TIMEOUT='60')
    assert p.returncode != 0
    assert 'rank 1: finished 19 updates' in p.stdout, p.stdout + p.stderr
    assert ('rank 0: StepMismatchError after 19 updates: multi_node_mean_grad: the ranks are '
            'out of step: rank 0 is at step 19, while rank 1 ended\n  after 19 steps') \
        in p.stdout, p.stdout + p.stderr
    assert took < 30


def test_a_rank_tracing_an_uneven_last_batch_fails_on_every_rank(env, tmp_path):
    # Rank 1's last batch has 5 rows, rank 0's 8: rank 1 alone traces a step,
    # whose check meets rank 0's compiled one (no collectives of other sizes).
    p, took = _mpiexec(2, 'uneven', tmp_path / 'x.npz', env, TAPEJIT_MPI_TIMEOUT='60')
    assert p.returncode != 0
    for r in (0, 1):
        assert re.search(
            rf'rank {r}: StepMismatchError after 19 updates: multi_node_mean_grad: the ranks '
            r'traced different training steps at step 19 \(each rank must run the same model '
            r'on batches of the same shape\):\n'
            r'  rank 1 differs from rank 0 at line 0 of (\d+) \(rank 0 has \1\):\n'
            r'    rank 0: input f32\[8, 6\]\n'
            r'    rank 1: input f32\[5, 6\]', p.stdout), p.stdout + p.stderr
    assert 'finished' not in p.stdout
    assert took < 30


def test_ranks_averaging_other_statistics_in_their_forward_fail_before_it(env, tmp_path):
    # The first exchange of a compiled step is the forward's: checked first.
    p, took = _mpiexec(2, 'forward', tmp_path / 'x.npz', env, TAPEJIT_MPI_TIMEOUT='60')
    assert p.returncode != 0
    for r in (0, 1):
        assert (f'rank {r}: StepMismatchError after 0 updates: multi_node_mean_grad: the ranks '
                'traced different training steps at step 0') in p.stdout, p.stdout + p.stderr
    assert re.search(r'    rank 0: get_item f32\[8\] -> f32\[8\].*\n'
                     r'    rank 1: get_item f32\[8\] -> f32\[7\]', p.stdout), p.stdout
    assert took < 30


def test_object_collectives_and_messages_between_ranks(env, tmp_path):
    p, _ = _mpiexec(2, 'objects', tmp_path / 'x.npz', env)
    assert p.returncode == 0, p.stdout + p.stderr
    # (A gather reaches its root only: None on the other rank.)
    assert "rank 0: [1, [('g', 0), ('g', 1)], [0, 10], [3.0, 3.0], None]" in p.stdout, p.stdout
    assert ("rank 1: [1, None, [0, 10], [3.0, 3.0], [0, 3], {'hello': [0, 1, 2, 3, 4]}]"
            in p.stdout), p.stdout


def test_data_parallel_benchmark_runs(env, tmp_path):
    p, _ = _run([sys.executable, '-m', 'benchmarks.data_parallel', '--size', 'tiny',
                 '--steps', '2', '--out', str(tmp_path)], env)
    assert p.returncode == 0, p.stdout + p.stderr
    import json
    res = json.loads((tmp_path / 'data_parallel.json').read_text())
    assert [r['ranks'] for r in res['rows']] == [1, 2]
    assert all(r['traces'] == 1 and r['step_ms'] > 0 for r in res['rows'])
    assert res['rows'][1]['comm_ms'] > 0 and 0 < res['comm_share'] < 1
    assert '| 2 |' in p.stdout


def test_mnist_example_trains_on_two_ranks(env, tmp_path):
    example = os.path.join(os.path.dirname(__file__), '..', '..', 'examples', 'train_mnist.py')
    p, _ = _run([sys.executable, '-m', 'tapejit.distributed.run', '-n', '2', example,
                 '--communicator', 'mpi', '--epoch', '2', '--unit', '50', '--no-progress',
                 '--out', str(tmp_path)], env)
    assert p.returncode == 0, p.stdout + p.stderr
    # Rank 0 alone prints and writes; one trace of the step on it.
    assert p.stdout.count('# ranks: 2') == 1
    assert 'compiled update step: CacheInfo(hits=13, misses=1, traces=1' in p.stdout
    assert sorted(f.name for f in tmp_path.iterdir()) == [
        'accuracy.png', 'cg.dot', 'log', 'loss.png', 'snapshot_iter_14']
