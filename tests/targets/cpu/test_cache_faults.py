"""Faults injected into the on-disk kernel cache (``tapejit/targets/numba_cache.py``).

The cache holds, per kernel, a generated module ``kernels/k_<key>.py`` and the
machine code Numba saves beside it (``kernels/__pycache__/*.nbi`` index and
``*.nbc`` data).  Each test damages one of them, or the directory, and checks:
correct results, at most one warning, no crash, nothing stale trusted.
"""

from __future__ import annotations

import glob
import os
import pickle
import shutil
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.targets import compile_graph, numba_cache
from tapejit.targets.cpu import executable, kernel_cache
from tapejit.ir.trace import trace_graph
from tapejit.compiler import store

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
    # Numba's cache is what these tests damage: every kernel is parallel,
    # compiled by Numba (test_native covers the native kernels' cache).
    monkeypatch.setattr(executable, 'PARALLEL_MIN', 1)
    return tmp_path / 'kernels'


def _forget():
    """As a new process would: no kernel in memory, warnings not yet given."""
    numba_cache._memory.clear()
    store.warned.clear()


def _run():
    """Compile and run the test graph; return (result, warnings raised)."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        out = compile_graph(trace_graph(_fn, [X]))([X])[0]
    np.testing.assert_allclose(out, WANT, rtol=1e-6)
    return out, [x for x in w if not issubclass(x.category, ResourceWarning)]


def _entries(d):
    return sorted(glob.glob(str(d / 'numba' / 'k_*.py')))


def _numba_files(d, ext):
    return sorted(glob.glob(str(d / 'numba' / '__pycache__' / f'*.{ext}')))


def _warm(d):
    """A cache holding the test kernel (source and machine code)."""
    _, w = _run()
    assert not w, [str(x.message) for x in w]
    assert _entries(d) and _numba_files(d, 'nbi') and _numba_files(d, 'nbc')
    _forget()


def _at_most_one_warning(w, *patterns, per=1):
    """No more than one warning (per damaged file), each naming the fault."""
    assert len(w) <= per, [str(x.message) for x in w]
    for x in w:
        assert issubclass(x.category, RuntimeWarning) or 'numba' in x.category.__module__
        for p in patterns:
            assert p in str(x.message), str(x.message)


# ----------------------------------------------------------------- baseline
def test_a_warm_cache_loads_silently(cache):
    _warm(cache)
    mtimes = [os.path.getmtime(p) for p in _entries(cache)]
    _, w = _run()
    assert not w
    assert [os.path.getmtime(p) for p in _entries(cache)] == mtimes  # not rewritten


def test_cache_off_writes_nothing(cache, monkeypatch):
    monkeypatch.setenv('TAPEJIT_CACHE', '0')
    _, w = _run()
    assert not w and not cache.exists()


# ------------------------------------------------------ damaged source entries
@pytest.mark.parametrize('damage', [
    'garbage', 'truncated', 'empty', 'wrong-code',
    'non-utf8',
])
def test_a_damaged_source_entry_is_rewritten(cache, damage):
    _warm(cache)
    texts = {p: open(p).read() for p in _entries(cache)}
    damaged = 0
    for path, text in texts.items():
        bad = {'garbage': 'not python {{{ \x00', 'non-utf8': '\xff\xfe not python',
               'truncated': text[:len(text) // 2],
               'empty': '',
               # valid code that computes something else: must not be trusted
               'wrong-code': text.replace('np.float32(3.0)', 'np.float32(5.0)')}[damage]
        if bad != text:
            damaged += 1
            with open(path, 'w', encoding='latin-1') as f:
                f.write(bad)
    assert damaged
    _, w = _run()
    _at_most_one_warning(w, 'damaged; rewriting it', per=damaged)
    assert len(w) == damaged, 'the damage went unnoticed'
    assert {p: open(p).read() for p in _entries(cache)} == texts


# ------------------------------------------------ damaged Numba machine code
@pytest.mark.parametrize('ext', ['nbi', 'nbc'])
@pytest.mark.parametrize('damage', ['garbage', 'truncated', 'empty'])
def test_damaged_machine_code_is_recompiled(cache, ext, damage):
    _warm(cache)
    files = _numba_files(cache, ext)
    for p in files:
        data = open(p, 'rb').read()
        bad = {'garbage': b'\x80\x04garbage' * 7, 'truncated': data[:len(data) // 3],
               'empty': b''}[damage]
        with open(p, 'wb') as f:
            f.write(bad)
    _, w = _run()
    _at_most_one_warning(w, 'recompiling it', per=len(files))


def test_machine_code_from_another_numba_version_is_not_used(cache):
    _warm(cache)
    indexes = _numba_files(cache, 'nbi')
    for idx in indexes:
        with open(idx, 'rb') as f:
            version = pickle.load(f)
            rest = f.read()
        assert isinstance(version, str)
        with open(idx, 'wb') as f:
            pickle.dump('0.0.1-elsewhere', f, protocol=-1)
            f.write(rest)
    _, w = _run()
    _at_most_one_warning(w, per=len(indexes))
    for idx in indexes:
        with open(idx, 'rb') as f:  # Numba rewrote the index for this version
            assert pickle.load(f) == version


def test_an_entry_from_another_version_is_never_picked_up(cache, monkeypatch):
    # The file name hashes the Numba/llvmlite versions and the CPU: an entry
    # written under another fingerprint is a different file, left alone.
    fingerprint = kernel_cache._FP
    monkeypatch.setattr(kernel_cache, '_FP', 'numba 0.0|llvmlite 0.0|other cpu')
    _warm(cache)
    old = _entries(cache)
    for p in old:
        with open(p, 'a') as f:
            f.write('\n# from another numba\n')
    monkeypatch.setattr(kernel_cache, '_FP', fingerprint)
    _, w = _run()
    assert not w
    entries = _entries(cache)
    assert len(entries) == 2 * len(old) and set(old) <= set(entries)
    assert all(open(p).read().endswith('# from another numba\n') for p in old)


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
def _as_root():
    return hasattr(os, 'geteuid') and os.geteuid() == 0


def test_an_unreadable_entry_is_replaced(cache, monkeypatch):
    _warm(cache)
    paths = _entries(cache)
    real_open = open

    def refusing_open(p, *a, **k):
        if str(p) in paths and (not a or 'r' in a[0]):
            raise PermissionError(13, 'Permission denied', p)
        return real_open(p, *a, **k)
    # Root reads anything: refuse the read the way a chmod 000 would.
    monkeypatch.setattr(numba_cache, 'open', refusing_open, raising=False)
    _, w = _run()
    _at_most_one_warning(w, 'damaged; rewriting it', per=len(paths))


@pytest.mark.skipif(_as_root(), reason='root ignores file permissions')
def test_a_chmod_000_entry_and_read_only_directory(cache):
    _warm(cache)
    paths = _entries(cache)
    for p in paths:
        os.chmod(p, 0)
    try:
        _, w = _run()
        _at_most_one_warning(w, per=len(paths))
    finally:
        for p in paths:
            os.chmod(p, 0o644)
    _forget()
    os.chmod(cache, 0o555)
    try:
        _, w = _run()
        _at_most_one_warning(w, per=len(paths))
    finally:
        os.chmod(cache, 0o755)


def test_a_directory_where_files_cannot_be_created(cache, monkeypatch):
    # As a read-only directory does (simulated: root may write anywhere).
    def refuse(*a, **k):
        raise PermissionError(13, 'Permission denied', str(cache))
    monkeypatch.setattr(numba_cache.tempfile, 'mkstemp', refuse)
    _, w = _run()
    _at_most_one_warning(w, 'cannot use the kernel cache directory', 'in memory')
    assert not _entries(cache)


# ------------------------------------------------------------ the directory
def test_a_cache_dir_that_is_a_file(tmp_path, monkeypatch):
    blocker = tmp_path / 'not-a-dir'
    blocker.write_text('a file where the cache directory should be')
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(blocker))
    monkeypatch.setattr(numba_cache, '_memory', {})
    monkeypatch.setattr(store, 'warned', set())
    _, w = _run()
    _at_most_one_warning(w, 'cannot use the kernel cache directory')
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
    # The module is imported, then the directory disappears before Numba
    # compiles and tries to save its machine code there.
    g = trace_graph(_fn, [X])
    ex = compile_graph(g)
    shutil.rmtree(cache.parent)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        out = ex([X])[0]
    np.testing.assert_allclose(out, WANT, rtol=1e-6)
    _at_most_one_warning([x for x in w if not issubclass(x.category, ResourceWarning)],
                         per=len(ex.plan.steps))


def test_leftover_temporary_files_are_harmless(cache):
    # A process killed between writing and renaming leaves a .tmp- file.
    cache.mkdir(parents=True)
    (cache / '.tmp-abandoned.py').write_text('def kernel(:\n')
    _, w = _run()
    assert not w and _entries(cache)


# ------------------------------------------------------- concurrent processes
_WORKER = textwrap.dedent('''
    import os, sys, time
    import numpy as np
    import tapejit.functions as F
    from tapejit.targets import compile_graph
    from tapejit.targets.cpu import executable
    from tapejit.ir.trace import trace_graph
    executable.PARALLEL_MIN = 1
    go = sys.argv[1]
    while not os.path.exists(go):    # start together: compile at the same moment
        time.sleep(0.002)
    x = np.linspace(-2, 2, 30).reshape(5, 6)
    g = trace_graph(lambda x: F.sum(F.sin(x) * x + 2, axis=0) - F.max(x, axis=0), [x])
    out = compile_graph(g)([x])[0]
    want = np.sum(np.sin(x) * x + 2, axis=0) - np.max(x, axis=0)
    print('ok' if np.allclose(out, want) else 'WRONG')
''')


def test_processes_compiling_the_same_kernel_at_once(tmp_path):
    # (Parallel kernels: they go through Numba and its cache.)
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
        assert out.strip() == 'ok', (out, err)
    kdir = tmp_path / 'cache' / 'kernels'
    assert not glob.glob(str(kdir / '.tmp-*'))  # every write was renamed into place
    entries = _entries(kdir)
    assert entries and all('def kernel(' in open(p).read() for p in entries)
    # and a later process starts warm from what they left
    (tmp_path / 'go2').write_text('')
    r = subprocess.run([sys.executable, '-c', _WORKER, str(tmp_path / 'go2')], env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == 'ok', r.stderr
    assert _entries(kdir) == entries
