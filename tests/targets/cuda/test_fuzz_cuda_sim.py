"""Differential fuzzing of the CUDA plan under Numba's CUDA simulator, in CI.

The simulator must be switched on before ``numba.cuda`` is first imported,
so the bounded campaign runs in one fresh process with
``NUMBA_ENABLE_CUDASIM=1``: random programs on small shapes (the simulator
runs every GPU thread as a Python thread), for which eager, the interpreter,
jit and ``compile_graph_cuda(graph)`` must agree.  A mismatch fails the test
with the program printed as runnable tapejit code.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

from tests.support import fuzz_graphs

ROOT = pathlib.Path(__file__).resolve().parents[3]  # the repository's root
GRAPHS, SEED = 60, 1


def test_random_graphs_agree_on_the_simulated_gpu(cache_dir):
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM='1', TAPEJIT_CACHE_DIR=str(cache_dir))
    env.pop('TAPEJIT_CACHE', None)
    env.pop('TAPEJIT_TARGET', None)
    proc = subprocess.run([sys.executable, '-m', 'tests.support.fuzz_graphs', '--target', 'cuda',
                           '--graphs', str(GRAPHS), '--seed', str(SEED)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    out = proc.stdout
    assert proc.returncode == 0, (
        f'the CUDA fuzzing process failed (exit {proc.returncode}):\n'
        f'{out[-20000:]}\n{proc.stderr[-3000:]}')
    assert 'target: cuda (simulator)' in out
    assert f'graphs: {GRAPHS}\n' in out and 'mismatches: 0' in out
    assert f"{{'cuda': {GRAPHS}}}" in out  # every graph ran the CUDA plan


def test_the_cuda_target_runs_itself_under_the_simulator(monkeypatch):
    # Without a GPU, `--target cuda` starts a new process with the simulator on.
    if fuzz_graphs.cuda_usable():
        pytest.skip('the CUDA plan runs in this process')
    calls = []
    monkeypatch.setattr(fuzz_graphs, '_under_simulator', lambda argv: calls.append(argv) or 0)
    assert fuzz_graphs.main(['--target', 'cuda', '--graphs', '3']) == 0
    assert calls == [['--target', 'cuda', '--graphs', '3']]


def test_the_cuda_target_refuses_to_run_without_a_device():
    if fuzz_graphs.cuda_usable():
        pytest.skip('the CUDA plan runs in this process')
    with pytest.raises(RuntimeError, match='NUMBA_ENABLE_CUDASIM=1'):
        fuzz_graphs.build_cuda(None)
