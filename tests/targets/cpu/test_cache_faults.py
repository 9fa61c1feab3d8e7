"""Faults in the on-disk kernel cache met by a CPU plan whose kernels are
all parallel (``executable.PARALLEL_MIN = 1``): each kernel's object code,
compiled natively (``kernels/native/tj_*.o``, :mod:`tapejit.targets.cpu.native`).
Each test takes the directory away, or leaves it in a state a crash or a
second process would, and checks: correct results, at most one warning, no
crash, nothing stale trusted.  (Damaged and forged objects:
``tests/targets/cpu/test_native.py`` and ``tests/compiler/test_cache_attacks.py``;
the store's Numba modules, which the CUDA target uses:
``tests/targets/test_numba_cache.py``.)
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.backends import threads
from tapejit.targets import compile_graph, numba_cache
from tapejit.targets.cpu import executable, llvm_jit, native
from tapejit.ir.trace import trace_graph
from tapejit.compiler import store
from tests.support.kernels import at_most_one_warning, forget_loaded

X = np.linspace(-1.5, 1.5, 24).reshape(4, 6).astype(np.float32)
WANT = np.sum(np.tanh(X) * 3 - X, axis=1) * np.float32(0.25)


def _fn(x):
    return F.sum(F.tanh(x) * 3 - x, axis=1) * 0.25


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh cache directory, and a process that has compiled nothing yet."""
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(tmp_path))
    monkeypatch.delenv('TAPEJIT_CACHE', raising=False)
    monkeypatch.setattr(numba_cache, '_memory', {})
    monkeypatch.setattr(store, 'warned', set())
    monkeypatch.setattr(llvm_jit, '_entries', {})
    # Every kernel parallel (compiled natively as the serial ones are), and
    # run step by step: a plan of serial kernels would be one compiled call.
    monkeypatch.setattr(executable, 'PARALLEL_MIN', 1)
    return tmp_path / 'kernels'


def _run():
    """Compile and run the test graph; return (result, warnings raised)."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        ex = compile_graph(trace_graph(_fn, [X]))
        out = ex([X])[0]
    np.testing.assert_allclose(out, WANT, rtol=1e-6)
    steps = [st for kind, st in ex.plan.steps if kind == 'kernel']
    # (Parallel kernels, native: what these tests are about.)
    assert steps and all(st.parallel and isinstance(st.kernel, threads.Chunked)
                         and isinstance(st.kernel.kernel, native.NativeKernel) for st in steps)
    return out, [x for x in w if not issubclass(x.category, ResourceWarning)]


def _entries(d):
    return sorted(glob.glob(str(d / 'native' / 'tj_*.o')))


def _warm(d):
    """A cache holding the test plan's kernels (their object code)."""
    _, w = _run()
    assert not w, [str(x.message) for x in w]
    assert _entries(d)
    forget_loaded()


# ----------------------------------------------------------------- baseline
def test_a_warm_cache_loads_silently(cache, monkeypatch):
    _warm(cache)
    mtimes = [os.path.getmtime(p) for p in _entries(cache)]

    def compile_again(*a):
        raise AssertionError('a cached kernel was compiled again')
    monkeypatch.setattr(llvm_jit, '_object_code', compile_again)
    _, w = _run()
    assert not w
    assert [os.path.getmtime(p) for p in _entries(cache)] == mtimes  # not rewritten


def test_cache_off_writes_nothing(cache, monkeypatch):
    monkeypatch.setenv('TAPEJIT_CACHE', '0')
    _, w = _run()
    assert not w and not cache.exists()


def test_the_fingerprint_follows_every_source_file_but_compiled_ones(tmp_path):
    # Every artifact is keyed by the sources: an edit anywhere in the package
    # (a nested module too) is a new fingerprint; Python's own caches are not.
    sub = tmp_path / 'sub'
    (sub / '__pycache__').mkdir(parents=True)
    files = [tmp_path / 'a.py', sub / 'b.py', sub / '__pycache__' / 'c.py']
    for f in files:
        f.write_text('x = 1\n')
    seen = [store._sources.__wrapped__(str(tmp_path))]
    # (Each edit changes the size: a file's time may not move within a tick.)
    for f, text in [(files[2], 'x = 22\n'), (files[1], 'x = 22\n'), (files[0], 'x = 333\n')]:
        f.write_text(text)
        seen.append(store._sources.__wrapped__(str(tmp_path)))
    assert seen[1] == seen[0] and len(set(seen[1:])) == 3
    assert store._sources() == store._sources.__wrapped__(os.path.dirname(tapejit.__file__))


# --------------------------------------------------------------- permissions
def test_a_directory_where_files_cannot_be_created(cache, monkeypatch):
    # As a read-only directory does (simulated: root may write anywhere).
    def refuse(*a, **k):
        raise PermissionError(13, 'Permission denied', str(cache))
    monkeypatch.setattr(tempfile, 'mkstemp', refuse)
    _, w = _run()
    at_most_one_warning(w, 'cannot use the kernel cache directory', 'in memory')
    assert not _entries(cache)


# ------------------------------------------------------------ the directory
def test_a_cache_dir_that_is_a_file(tmp_path, monkeypatch):
    blocker = tmp_path / 'not-a-dir'
    blocker.write_text('a file where the cache directory should be')
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(blocker))
    monkeypatch.setattr(numba_cache, '_memory', {})
    monkeypatch.setattr(store, 'warned', set())
    monkeypatch.setattr(executable, 'PARALLEL_MIN', 1)
    _, w = _run()
    at_most_one_warning(w, 'cannot use the kernel cache directory')
    assert w
    # One warning per process, not one per kernel.
    with warnings.catch_warnings(record=True) as w2:
        warnings.simplefilter('always')
        out = tapejit.jit(lambda x: F.exp(x) * 2 + 1)(X)
    np.testing.assert_allclose(out.array, np.exp(X) * 2 + 1, rtol=1e-6)
    assert not [x for x in w2 if 'kernel cache' in str(x.message)]


def test_the_directory_deleted_between_kernels(cache):
    _warm(cache)
    n = len(_entries(cache))
    shutil.rmtree(cache.parent)
    _, w = _run()
    assert not w
    assert len(_entries(cache)) == n


def test_the_directory_deleted_between_load_and_first_call(cache, monkeypatch):
    # The plan is made, then the directory disappears before its kernels
    # compile (at their first call) and save their object code there.
    g = trace_graph(_fn, [X])
    ex = compile_graph(g)
    shutil.rmtree(cache.parent)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        out = ex([X])[0]
    np.testing.assert_allclose(out, WANT, rtol=1e-6)
    at_most_one_warning([x for x in w if not issubclass(x.category, ResourceWarning)],
                         per=len(ex.plan.steps))


def test_leftover_temporary_files_are_harmless(cache):
    # A process killed between writing and renaming leaves a .tmp- file.
    (cache / 'native').mkdir(parents=True)
    (cache / 'native' / '.tmp-abandoned').write_bytes(store.MAGIC + b'\x7fELF half an obj')
    _, w = _run()
    assert not w and _entries(cache)
    forget_loaded()
    _, w = _run()
    assert not w


# ------------------------------------------------------- concurrent processes
_WORKER = textwrap.dedent('''
    import os, sys, time
    import numpy as np
    import tapejit.functions as F
    from tapejit.targets import compile_graph
    from tapejit.backends import threads
    from tapejit.targets.cpu import executable, llvm_jit, native
    from tapejit.ir.trace import trace_graph
    executable.PARALLEL_MIN = 1
    made = []
    compile_object = llvm_jit._object_code
    llvm_jit._object_code = lambda ir, *a: made.append(1) or compile_object(ir, *a)
    go = sys.argv[1]
    while not os.path.exists(go):    # start together: compile at the same moment
        time.sleep(0.002)
    x = np.linspace(-2, 2, 30).reshape(5, 6)
    g = trace_graph(lambda x: F.sum(F.sin(x) * x + 2, axis=0) - F.max(x, axis=0), [x])
    ex = compile_graph(g)
    out = ex([x])[0]
    want = np.sum(np.sin(x) * x + 2, axis=0) - np.max(x, axis=0)
    par = all(st.parallel and isinstance(st.kernel, threads.Chunked)
              and isinstance(st.kernel.kernel, native.NativeKernel)
              for kind, st in ex.plan.steps if kind == 'kernel')
    print('ok' if np.allclose(out, want) and par else 'WRONG', len(made))
''')


def test_processes_compiling_the_same_kernel_at_once(tmp_path):
    # (Parallel kernels, natively compiled, and their object code cached.)
    env = dict(os.environ, TAPEJIT_CACHE_DIR=str(tmp_path / 'cache'),
               PYTHONWARNINGS='error::RuntimeWarning')
    env.pop('TAPEJIT_CACHE', None)
    go = tmp_path / 'go'
    procs = [subprocess.Popen([sys.executable, '-c', _WORKER, str(go)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    go.write_text('')
    results = [p.communicate(timeout=120) for p in procs]
    for p, (out, err) in zip(procs, results):
        assert p.returncode == 0, err
        assert out.split()[0] == 'ok', (out, err)
    kdir = tmp_path / 'cache' / 'kernels'
    # every write was renamed into place
    assert not glob.glob(str(kdir / '**' / '.tmp-*'), recursive=True)
    entries = _entries(kdir)
    assert entries and all(open(p, 'rb').read().startswith(store.MAGIC) for p in entries)
    # and a later process starts warm from what they left: it compiles nothing
    (tmp_path / 'go2').write_text('')
    r = subprocess.run([sys.executable, '-c', _WORKER, str(tmp_path / 'go2')], env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.split() == ['ok', '0'], (r.stdout, r.stderr)
    assert _entries(kdir) == entries
