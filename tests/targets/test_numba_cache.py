"""Faults injected into the store's Numba kernels (``tapejit/targets/numba_cache.py``),
which the CUDA target compiles its kernels through.

Per kernel the store holds a generated module ``numba/k_<key>.py``, the
machine code Numba saves beside it (``numba/__pycache__/*.nbi`` index and
``*.nbc`` data) and the digests of those files.  The kernels here are small
modules of their own (``tests/support/numba_modules.py``) loaded by
:func:`numba_cache.load_source` itself.  Each test damages one of those
files, or the directory, and checks: correct results, at most one warning
per damaged file, no crash, nothing stale trusted.
"""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
import warnings

import pytest

from tapejit.compiler import store
from tapejit.targets import numba_cache
from tests.support import numba_modules as nm
from tests.support.kernels import at_most_one_warning, forget_loaded


def _run(name='ka'):
    """Load and call the demo kernel ``name``: (its dispatcher, the warnings raised)."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        k = nm.load(name)
        assert k(1.0) == 1.0 + nm.KERNELS[name]
    return k, [x for x in w if not issubclass(x.category, ResourceWarning)]


def _warm(d):
    """A store holding the demo kernel (module, machine code, digests)."""
    _, w = _run()
    assert not w, [str(x.message) for x in w]
    assert nm.modules(d) and nm.numba_files(d, 'nbi') and nm.numba_files(d, 'nbc')
    assert os.listdir(d / 'numba-files')
    forget_loaded()


def _repaired():
    """A new process finds the store repaired: its machine code loads, silently."""
    forget_loaded()
    k, w = _run()
    assert not w, [str(x.message) for x in w]
    assert nm.cache_hits(k) > 0


# ----------------------------------------------------------------- baseline
def test_a_warm_cache_loads_silently(fresh_store):
    _warm(fresh_store)
    mtimes = [os.path.getmtime(p) for p in nm.modules(fresh_store)]
    k, w = _run()
    assert not w
    assert nm.cache_hits(k) > 0  # the machine code came from Numba's cache
    assert [os.path.getmtime(p) for p in nm.modules(fresh_store)] == mtimes  # not rewritten


def test_cache_off_writes_nothing(fresh_store, monkeypatch):
    monkeypatch.setenv('TAPEJIT_CACHE', '0')
    k, w = _run()
    assert not w and not fresh_store.exists()
    assert nm.cache_hits(k) == 0


# ------------------------------------------------------ damaged source entries
@pytest.mark.parametrize('damage', ['garbage', 'truncated', 'empty', 'wrong-code', 'non-utf8'])
def test_a_damaged_source_entry_is_rewritten(fresh_store, damage):
    _warm(fresh_store)
    texts = {p: open(p).read() for p in nm.modules(fresh_store)}
    for path, text in texts.items():
        bad = {'garbage': 'not python {{{ \x00', 'non-utf8': '\xff\xfe not python',
               'truncated': text[:len(text) // 2], 'empty': '',
               # valid code that computes something else: must not be trusted
               'wrong-code': text.replace('x + 41.0', 'x + 45.0')}[damage]
        assert bad != text
        with open(path, 'w', encoding='latin-1') as f:
            f.write(bad)
    _, w = _run()               # (41 added, not 45: the module runs from its source)
    at_most_one_warning(w, 'damaged; rewriting it', per=len(texts))
    assert len(w) == len(texts), 'the damage went unnoticed'
    assert {p: open(p).read() for p in nm.modules(fresh_store)} == texts
    _repaired()


# ------------------------------------------------ damaged Numba machine code
@pytest.mark.parametrize('ext', ['nbi', 'nbc'])
@pytest.mark.parametrize('damage', ['garbage', 'truncated', 'empty'])
def test_damaged_machine_code_is_recompiled(fresh_store, ext, damage):
    _warm(fresh_store)
    files = nm.numba_files(fresh_store, ext)
    for p in files:
        data = open(p, 'rb').read()
        bad = {'garbage': b'\x80\x04garbage' * 7, 'truncated': data[:len(data) // 3],
               'empty': b''}[damage]
        with open(p, 'wb') as f:
            f.write(bad)
    k, w = _run()
    at_most_one_warning(w, 'do not match their recorded digests', 'recompiling it',
                         per=len(files))
    assert w, 'the damage went unnoticed'
    assert nm.cache_hits(k) == 0  # compiled again, nothing read from the damaged files
    _repaired()


def test_machine_code_from_another_numba_version_is_not_used(fresh_store):
    _warm(fresh_store)
    indexes = nm.numba_files(fresh_store, 'nbi')
    for idx in indexes:
        with open(idx, 'rb') as f:
            version = pickle.load(f)
            rest = f.read()
        assert isinstance(version, str)
        with open(idx, 'wb') as f:
            pickle.dump('0.0.1-elsewhere', f, protocol=-1)
            f.write(rest)
    k, w = _run()
    at_most_one_warning(w, per=len(indexes))
    assert nm.cache_hits(k) == 0
    for idx in indexes:
        with open(idx, 'rb') as f:  # Numba rewrote the index for this version
            assert pickle.load(f) == version
    _repaired()


def test_an_entry_under_another_key_is_never_picked_up(fresh_store):
    # A kernel's key hashes what compiles it (the CUDA target's: Numba's
    # version, the GPU): an entry another version wrote is another file, left alone.
    key, other = nm.key_of('ka'), nm.key_of('ka-other-numba')
    numba_cache.load_source(other, 'demo', '', f'tapejit_demo_{other}',
                            f'numba/k_{other}.py', nm.module_text(99.0))
    (old,) = nm.modules(fresh_store)
    with open(old, 'a') as f:
        f.write('\n# from another numba\n')
    k, w = _run()
    assert not w and k(1.0) == 42.0
    assert nm.modules(fresh_store) == sorted([old, str(fresh_store / 'numba' / f'k_{key}.py')])
    assert open(old).read().endswith('# from another numba\n')


# --------------------------------------------------------------- permissions
def _as_root():
    return hasattr(os, 'geteuid') and os.geteuid() == 0


def test_an_unreadable_entry_is_replaced(fresh_store, monkeypatch):
    _warm(fresh_store)
    paths = nm.modules(fresh_store)
    real_open = open
    refused = []

    def refusing_open(p, *a, **k):
        if str(p) in paths and (not a or 'r' in a[0]):
            refused.append(p)
            raise PermissionError(13, 'Permission denied', p)
        return real_open(p, *a, **k)
    # Root reads anything: refuse the read the way a chmod 000 would.
    monkeypatch.setattr(numba_cache, 'open', refusing_open, raising=False)
    _, w = _run()
    assert refused
    at_most_one_warning(w, 'damaged; rewriting it', per=len(paths))
    assert w


@pytest.mark.skipif(_as_root(), reason='root ignores file permissions')
def test_a_chmod_000_entry_and_read_only_directory(fresh_store):
    _warm(fresh_store)
    paths = nm.modules(fresh_store)
    for p in paths:
        os.chmod(p, 0)
    try:
        _, w = _run()
        at_most_one_warning(w, per=len(paths))
    finally:
        for p in paths:
            os.chmod(p, 0o644)
    forget_loaded()
    os.chmod(fresh_store, 0o555)
    try:
        _, w = _run()
        at_most_one_warning(w, per=len(paths))
    finally:
        os.chmod(fresh_store, 0o755)


def test_a_directory_where_files_cannot_be_created(fresh_store, monkeypatch):
    # As a read-only directory does (simulated: root may write anywhere).
    def refuse(*a, **k):
        raise PermissionError(13, 'Permission denied', str(fresh_store))
    assert store.cache_dir()    # (the store's key made first: only the kernels' files fail)
    monkeypatch.setattr(numba_cache.tempfile, 'mkstemp', refuse)
    k, w = _run()
    at_most_one_warning(w, 'cannot use the kernel cache directory', 'in memory')
    assert w
    assert not nm.modules(fresh_store)
    # One warning per process, not one per kernel.
    _, w = _run('kb')
    assert not w


# ------------------------------------------------------------ the directory
def test_the_directory_deleted_between_kernels(fresh_store):
    _warm(fresh_store)
    shutil.rmtree(fresh_store.parent)
    _, w = _run()
    assert not w
    assert len(nm.modules(fresh_store)) == 1 and nm.numba_files(fresh_store, 'nbc')


def test_the_directory_deleted_between_load_and_first_call(fresh_store):
    # The module is imported, then the directory disappears before Numba
    # compiles and tries to save its machine code there.
    k = nm.load('ka')
    shutil.rmtree(fresh_store.parent)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        assert k(1.0) == 42.0
    at_most_one_warning([x for x in w if not issubclass(x.category, ResourceWarning)])


def test_leftover_temporary_files_are_harmless(fresh_store):
    # A process killed between writing and renaming leaves a .tmp- file.
    (fresh_store / 'numba').mkdir(parents=True)
    (fresh_store / 'numba' / '.tmp-abandoned.py').write_text('def kernel(:\n')
    _, w = _run()
    assert not w and nm.modules(fresh_store)
    _repaired()


# ------------------------------------------------------- concurrent processes
def test_processes_compiling_the_same_kernel_at_once(tmp_path):
    env = dict(os.environ, TAPEJIT_CACHE_DIR=str(tmp_path / 'cache'),
               TAPEJIT_KEY_FILE=str(tmp_path / 'key'), PYTHONWARNINGS='error::RuntimeWarning')
    env.pop('TAPEJIT_CACHE', None)
    go = tmp_path / 'go'
    wait = f'import os, time\nwhile not os.path.exists({str(go)!r}): time.sleep(0.002)\n'
    procs = [subprocess.Popen([sys.executable, '-c', wait + nm.WORKER], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    go.write_text('')   # start together: compile at the same moment
    results = [p.communicate(timeout=120) for p in procs]
    for p, (out, err) in zip(procs, results):
        assert p.returncode == 0, err
        assert out.split()[:2] == ['RESULT', 'True'], (out, err)
    kdir = tmp_path / 'cache' / 'kernels'
    assert not list(kdir.rglob('.tmp-*'))  # every write was renamed into place
    entries = nm.modules(kdir)
    assert len(entries) == len(nm.KERNELS)
    assert all('def kernel(' in open(p).read() for p in entries)
    # and a later process starts warm from what they left, silently
    r = subprocess.run([sys.executable, '-c', nm.WORKER], env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.split() == ['RESULT', 'True', 'True'], r.stderr
    assert 'tapejit:' not in r.stderr
    assert nm.modules(kdir) == entries
    store.forget()
