"""Attacks on the disk cache and faults in it, tried as a user on a shared
machine would meet them (``tapejit/compiler/store.py``).

Each test warms a cache in a fresh process, attacks or damages it, and runs
a new process on it: the results are right, the fault is named in a warning
(or, for a refused directory, the directory and why), planted code never
runs (each payload would create a marker file), and the next process finds
the cache repaired (no warning).
"""

from __future__ import annotations

import glob
import hashlib
import hmac
import importlib.util
import marshal
import os
import pickle
import shutil
import signal
import subprocess
import sys
import textwrap

import pytest

from tapejit.compiler import store
from tapejit.targets.cpu import host_cpu
from tests.support import numba_modules

_WORKER = textwrap.dedent('''
    import os, sys, warnings
    import numpy as np
    import tapejit.functions as F
    from tapejit.compiler import store
    from tapejit.targets import compile_graph
    from tapejit.targets.cpu import native
    from tapejit.ir.trace import trace_graph
    warnings.simplefilter('always')
    x = np.linspace(-1.5, 1.5, 24).reshape(4, 6).astype(np.float32)
    y = np.linspace(0.5, 2.0, 24).reshape(4, 6).astype(np.float32)
    ok, cached = [], []
    def check(fn, args, want):
        ex = compile_graph(trace_graph(fn, args))
        ok.append(bool(np.allclose(ex(list(args))[0], want, rtol=1e-5)))
        cached.append(ex.from_cache)
    # Three plans (two of one input, one of two), their generated code and
    # their one-call objects.
    check(lambda v: F.sum(F.tanh(v) * 3 - v, axis=1) * 0.25, [x],
          np.sum(np.tanh(x) * 3 - x, axis=1) * 0.25)
    check(lambda v: F.exp(v) * 2 + 1, [x], np.exp(x) * 2 + 1)
    check(lambda v, w: v * w + w, [x, y], x * y + y)
    # Two kernel objects of their own: y[i] = x[i] * k, as loop IR.
    from tapejit.compiler import loop_ir as L
    d = os.path.join(store.cache_dir() or '/nonexistent', 'native')
    f64 = np.dtype(np.float64)
    for name, k in (('ka', 3.0), ('kb', 5.0)):
        times = L.Apply('mul', (L.Load('x', ('i',)), L.Const(k, f64)), {}, (f64, f64), f64)
        kernel = L.Kernel(name, ['x', 'y'], [], L.ChunkLoop(
            False, [], [L.ChunkRange('i', [L.Assign(L.Load('y', ('i',)), times)])], []))
        out = np.zeros(3)
        native.NativeKernel(name, kernel, False, d if store.cache_dir() else None)(
            np.array([3]), 16, 1, np.arange(3.0), out)
        ok.append(out.tolist() == [0.0, k, 2 * k])
    print('RESULT', all(ok), all(cached))
''')


# What a process loads: 'native', CPU plans and kernels (:data:`_WORKER`);
# 'numba', the store's Numba kernel modules, as the CUDA target's kernels
# are (``tests/support/numba_modules.py``).
WORKERS = {'native': _WORKER, 'numba': numba_modules.WORKER}


def _env(cache, **extra):
    env = dict(os.environ, TAPEJIT_CACHE_DIR=str(cache),
               MARKER=str(cache.parent / 'MARKER'), **extra)
    env.pop('TAPEJIT_CACHE', None)
    return env


def _run(cache, mode='native', **extra):
    """A new process on ``cache``: (results right, every plan or kernel from
    the cache, tapejit's warnings)."""
    r = subprocess.run([sys.executable, '-c', WORKERS[mode]], env=_env(cache, **extra),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    line = [s for s in r.stdout.splitlines() if s.startswith('RESULT')][0]
    warned = [s for s in r.stderr.splitlines() if 'tapejit:' in s]
    return line.split()[1] == 'True', line.split()[2] == 'True', warned


_TEMPLATES: dict = {}


def _snapshot(cache):
    """Every path under ``cache`` with its mode, modification time and bytes."""
    return {str(p.relative_to(cache)): (p.lstat().st_mode, p.lstat().st_mtime_ns,
                                        p.read_bytes() if p.is_file() else None)
            for p in sorted(cache.rglob('*'))}


@pytest.fixture
def warm(tmp_path_factory, tmp_path):
    """``warm(mode)``: a cache directory a first process filled, as a new
    process loads every plan from, silently.  One such cache is made and
    checked once per mode, then copied for each test: the check is a
    process run on a copy at another path, which finds every plan there
    without a warning and leaves every file as it was (mode, time, bytes),
    so each test's copy is the very cache that was checked."""
    def make(mode='native'):
        if mode not in _TEMPLATES:
            t = tmp_path_factory.mktemp(f'template-{mode}') / 'cache'
            right, _, warned = _run(t, mode)
            assert right and not warned, warned
            checked = tmp_path_factory.mktemp(f'checked-{mode}') / 'cache'
            shutil.copytree(t, checked, copy_function=shutil.copy2)
            before = _snapshot(checked)
            right, cached, warned = _run(checked, mode)
            assert right and cached and not warned, warned
            assert _snapshot(checked) == before, 'loading the cache changed it'
            _TEMPLATES[mode] = checked
        d = tmp_path / 'cache'
        shutil.copytree(_TEMPLATES[mode], d, copy_function=shutil.copy2)
        return d
    return make


def _files(cache, pattern):
    return sorted(glob.glob(str(cache / 'kernels' / pattern)))


def _marker(cache):
    return cache.parent / 'MARKER'


def _forge(key, payload, secret=b'\x01' * 32):
    """An entry framed as the store frames them, under a key that is not the
    user's (what anyone who can write the directory but not read the key can
    make)."""
    kb = key.encode()
    body = len(kb).to_bytes(4, 'little') + kb + payload
    return store.MAGIC + hmac.digest(secret, body, 'sha256') + body


def _old_style(payload):
    """An entry as the cache framed them before: its checksum beside it."""
    return b'TJOBJ1\n' + hashlib.sha256(payload).digest() + payload


def _assert_repaired(cache, mode='native'):
    right, cached, warned = _run(cache, mode)
    assert right and cached and not warned, warned


class _Plant:
    """A pickle whose loading would create the marker file."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (os.makedirs, (str(self.marker),))


# ----------------------------------------------------------- planted code
@pytest.mark.parametrize('framing', ['forged-hmac', 'old-checksum'])
def test_a_planted_pickle_never_runs(warm, framing):
    cache = warm()
    payload = pickle.dumps(_Plant(_marker(cache)))
    for p in _files(cache, 'plan/*.bin'):
        key = store.parse(open(p, 'rb').read())[0]
        blob = _forge(key, payload) if framing == 'forged-hmac' else _old_style(payload)
        open(p, 'wb').write(blob)
    right, _, warned = _run(cache)
    assert right and not _marker(cache).exists()
    assert warned and all('planning it again' in w for w in warned), warned
    _assert_repaired(cache)


def test_a_planted_code_object_never_runs(warm):
    cache = warm()
    bad = marshal.dumps(compile(f'import os\nos.makedirs({str(_marker(cache))!r})\n',
                                '<tapejit plan>', 'exec'))
    for p in _files(cache, 'code/*.bin'):
        key = store.parse(open(p, 'rb').read())[0]
        open(p, 'wb').write(_forge(key, bad))
    right, _, warned = _run(cache)
    assert right and not _marker(cache).exists()
    assert warned and all('fails authentication' in w for w in warned), warned
    _assert_repaired(cache)


def test_a_planted_pyc_beside_a_kernel_module_never_runs(warm):
    cache = warm('numba')
    modules = _files(cache, 'numba/k_*.py')
    assert modules
    for m in modules:
        st = os.stat(m)
        code = compile(f'import os\nos.makedirs({str(_marker(cache))!r})\n', m, 'exec')
        pyc = importlib.util.cache_from_source(m)
        os.makedirs(os.path.dirname(pyc), exist_ok=True)
        from importlib._bootstrap_external import _code_to_timestamp_pyc
        open(pyc, 'wb').write(_code_to_timestamp_pyc(code, int(st.st_mtime), st.st_size))
    right, cached, warned = _run(cache, 'numba')
    assert right and cached and not warned and not _marker(cache).exists(), warned


@pytest.mark.parametrize('ext', ['nbi', 'nbc'])
def test_a_planted_numba_cache_file_never_runs(warm, ext):
    cache = warm('numba')
    files = _files(cache, f'numba/__pycache__/*.{ext}')
    assert files
    for p in files:
        with open(p, 'wb') as f:
            if ext == 'nbi':
                pickle.dump('0.68.1', f)  # (Numba's index: its version, then a pickle)
            pickle.dump(_Plant(_marker(cache)), f)
    right, _, warned = _run(cache, 'numba')
    assert right and not _marker(cache).exists()
    assert warned and all('do not match their recorded digests' in w for w in warned)
    _assert_repaired(cache, 'numba')


def test_a_forged_kernel_object_is_never_mapped(warm):
    # Valid machine code (another kernel's), framed with a key not the user's.
    cache = warm()
    a, b = _files(cache, 'native/tj_*.o')[:2]
    key_b = store.parse(open(b, 'rb').read())[0]
    open(b, 'wb').write(_forge(key_b, store.parse(open(a, 'rb').read())[1]))
    right, _, warned = _run(cache)
    assert right and len(warned) == 1 and 'fails authentication' in warned[0], warned
    _assert_repaired(cache)


def _missing_feature():
    flags = (host_cpu.cpu_ident() or '').split('flags:')[-1].split()
    for f in host_cpu._CHECKED:
        if host_cpu._FLAG_NAMES.get(f, f) not in flags:
            return f
    return None


@pytest.mark.skipif(host_cpu.cpu_ident() is None or _missing_feature() is None,
                    reason='no /proc/cpuinfo flags, or a CPU with every checked feature')
@pytest.mark.parametrize('how', ['authentic', 'forged-hmac'])
def test_a_forged_host_record_is_a_miss(warm, how):
    # 'authentic': a record in the user's own cache that names a feature this
    # CPU lacks (one written on another CPU model): it would die of SIGILL.
    cache = warm()
    (p,) = _files(cache, 'cpu/*.bin')
    key, payload = store.parse(open(p, 'rb').read())
    name, features, _ = payload.decode().split('\n')
    bad = f'{name}\n+{_missing_feature()},{features}\n'.encode()
    if how == 'authentic':
        store.write(os.path.dirname(p), key, bad, name=os.path.basename(p))
    else:
        open(p, 'wb').write(_forge(key, bad))
    right, _, warned = _run(cache)
    assert right
    want = 'does not match this CPU' if how == 'authentic' else 'fails authentication'
    assert len(warned) == 1 and want in warned[0] and 'asking LLVM again' in warned[0], warned
    _assert_repaired(cache)


# ------------------------------------------------------------ swapped entries
@pytest.mark.parametrize('pattern', ['plan/*.bin', 'code/*.bin', 'native/tj_*.o',
                                     'native/tjplan_*.o'])
def test_swapped_entries_are_misses_and_repaired(warm, pattern):
    # Every entry moved to the next one's file: plans of one input and of two
    # swap with each other.
    cache = warm()
    files = _files(cache, pattern)
    assert len(files) >= 2
    blobs = [open(p, 'rb').read() for p in files]
    for p, blob in zip(files, blobs[1:] + blobs[:1]):
        open(p, 'wb').write(blob)
    right, _, warned = _run(cache)
    assert right, 'a swapped entry gave another function\'s result'
    assert len(warned) == len(files) and all('another key' in w for w in warned), warned
    _assert_repaired(cache)


# ------------------------------------------------------------ damaged files
KINDS = [('native', 'plan/*.bin'), ('native', 'code/*.bin'), ('native', 'native/tj_*.o'),
         ('native', 'native/tjplan_*.o'), ('native', 'cpu/*.bin'), ('numba', 'numba/k_*.py'),
         ('numba', 'numba/__pycache__/*.nbi'), ('numba', 'numba/__pycache__/*.nbc'),
         ('numba', 'numba-files/*.bin')]


@pytest.mark.parametrize('damage', ['bit-flip', 'truncated', 'zero-length'])
@pytest.mark.parametrize('mode,pattern', KINDS)
def test_a_damaged_file_is_a_miss_and_repaired(warm, mode, pattern, damage):
    cache = warm(mode)
    files = _files(cache, pattern)
    assert files
    for p in files:
        blob = bytearray(open(p, 'rb').read())
        if damage == 'bit-flip':
            blob[len(blob) * 2 // 3] ^= 0x10
        else:
            blob = blob[:len(blob) // 2] if damage == 'truncated' else b''
        open(p, 'wb').write(blob)
    right, _, warned = _run(cache, mode)
    assert right
    assert warned, 'the damage went unnoticed'
    assert all(('damaged' in w or 'do not match' in w) for w in warned), warned
    _assert_repaired(cache, mode)


# ---------------------------------------------------- the directory itself
def _as_root():
    return hasattr(os, 'geteuid') and os.geteuid() == 0


@pytest.mark.skipif(not _as_root(), reason='changing a directory\'s owner needs root')
def test_a_root_owned_by_another_user_is_refused(warm):
    cache = warm()
    for p in _files(cache, 'plan/*.bin'):  # whatever it holds is never read
        key = store.parse(open(p, 'rb').read())[0]
        open(p, 'wb').write(_forge(key, pickle.dumps(_Plant(_marker(cache)))))
    os.chown(cache, 65534, 65534)  # nobody
    right, cached, warned = _run(cache)
    assert right and not cached and not _marker(cache).exists()
    assert len(warned) == 1 and str(cache) in warned[0], warned
    assert 'owned by another user' in warned[0] and 'in memory' in warned[0]


@pytest.mark.parametrize('mode', [0o777, 0o1777, 0o770])
def test_a_root_others_can_write_is_refused(warm, mode):
    cache = warm()
    before = {p: os.path.getmtime(p) for p in _files(cache, '*/*')}
    os.chmod(cache, mode)
    right, cached, warned = _run(cache)
    assert right and not cached
    assert len(warned) == 1 and str(cache) in warned[0], warned
    assert 'writable by group or others' in warned[0]
    assert {p: os.path.getmtime(p) for p in _files(cache, '*/*')} == before  # untouched


def test_new_folders_are_private(tmp_path):
    cache = tmp_path / 'cache'
    assert _run(cache)[0]
    for d in [cache] + [p for p in cache.rglob('*') if p.is_dir()]:
        assert os.stat(d).st_mode & 0o077 == 0, d


def _mount_tmpfs(path, size):
    path.mkdir(parents=True, exist_ok=True)
    r = subprocess.run(['mount', '-t', 'tmpfs', '-o', f'size={size},mode=700', 'tmpfs',
                        str(path)], capture_output=True)
    return r.returncode == 0


def _umount(path):
    subprocess.run(['umount', '-l', str(path)], capture_output=True)


def test_a_read_only_cache_still_serves_reads(warm, tmp_path):
    cache = warm()
    if _as_root():
        # Root writes through any mode: a read-only file system instead.
        mnt = tmp_path / 'ro'
        if not _mount_tmpfs(mnt, '64m'):
            pytest.skip('cannot mount a tmpfs here')
        try:
            shutil.copytree(cache, mnt / 'cache', copy_function=shutil.copy2)
            subprocess.run(['mount', '-o', 'remount,ro', str(mnt)], check=True)
            right, cached, warned = _run(mnt / 'cache')
        finally:
            _umount(mnt)
    else:
        for d in [cache] + [p for p in cache.rglob('*') if p.is_dir()]:
            os.chmod(d, 0o500)
        right, cached, warned = _run(cache)
    assert right and cached and not warned, warned  # every plan read back, silently


@pytest.mark.skipif(not _as_root(), reason='mounting a small tmpfs needs root')
def test_a_full_file_system(tmp_path):
    mnt = tmp_path / 'full'
    if not _mount_tmpfs(mnt, '256k'):
        pytest.skip('cannot mount a tmpfs here')
    try:
        (mnt / 'cache').mkdir(mode=0o700)
        with open(mnt / 'filler', 'wb') as f:  # leave a few kilobytes free
            try:
                f.write(b'\0' * (256 << 10))
            except OSError:
                pass
        (mnt / 'filler').write_bytes(b'\0' * (220 << 10))
        right, _, warned = _run(mnt / 'cache')
        assert right
        assert len(warned) == 1 and 'No space left' in warned[0], warned
        assert not glob.glob(str(mnt / 'cache' / '**' / '.tmp-*'), recursive=True)
    finally:
        _umount(mnt)


# --------------------------------------------------------------- processes
def test_two_processes_writing_the_same_entries_at_once(tmp_path):
    cache = tmp_path / 'cache'
    go = tmp_path / 'go'
    code = f'import os, time\nwhile not os.path.exists({str(go)!r}): time.sleep(0.002)\n'
    procs = [subprocess.Popen([sys.executable, '-c', code + _WORKER], env=_env(cache),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    go.write_text('')
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0 and 'RESULT True' in out, err
        assert 'tapejit:' not in err, err
    assert not glob.glob(str(cache / '**' / '.tmp-*'), recursive=True)
    _assert_repaired(cache)


def test_a_process_killed_while_writing(tmp_path):
    cache = tmp_path / 'cache'
    # Killed after writing an entry's temporary file, before renaming it.
    kill = ('import os, signal\nfrom tapejit.compiler import store\n'
            'def die(*a):\n    os.kill(os.getpid(), signal.SIGKILL)\n'
            'store.os.replace = die\n')
    r = subprocess.run([sys.executable, '-c', kill + _WORKER], env=_env(cache),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == -signal.SIGKILL
    assert glob.glob(str(cache / '**' / '.tmp-*'), recursive=True)
    right, _, warned = _run(cache)
    assert right and not warned, warned
    _assert_repaired(cache)


# --------------------------------------------------------------- the key
def test_the_key_is_private_and_outside_the_cache(tmp_path, monkeypatch):
    key = tmp_path / 'config' / 'tapejit' / 'key'
    monkeypatch.setenv('TAPEJIT_KEY_FILE', str(key))
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(tmp_path / 'cache'))
    monkeypatch.delenv('TAPEJIT_CACHE', raising=False)
    store.forget()
    try:
        assert store.cache_dir() is not None
        assert os.stat(key).st_mode & 0o777 == 0o600 and len(key.read_bytes()) == 32
        folder = str(tmp_path / 'cache' / 'kernels' / 'demo')
        store.write(folder, 'k', b'payload')
        assert store.read(folder, 'k') == b'payload'
        # Another user's key (or none): nothing it wrote is authentic.
        open(store.entry_path(folder, 'k'), 'wb').write(_forge('k', b'payload'))
        with pytest.warns(RuntimeWarning, match='fails authentication'):
            assert store.read(folder, 'k') is None
        os.chmod(key, 0o644)
        store.forget()
        with pytest.warns(RuntimeWarning, match='others may read or write it'):
            assert store.cache_dir() is None
    finally:
        store.forget()


def test_an_unwritable_home_runs_from_memory(tmp_path):
    blocker = tmp_path / 'home-is-a-file'
    blocker.write_text('')
    right, cached, warned = _run(tmp_path / 'cache', TAPEJIT_KEY_FILE=str(blocker / 'key'))
    assert right and not cached
    assert len(warned) == 1 and 'cannot read or create the cache key' in warned[0], warned
    assert not (tmp_path / 'cache' / 'kernels' / 'plan').exists()


def test_cache_info_shows_and_clears(warm, monkeypatch):
    cache = warm()
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(cache))
    monkeypatch.delenv('TAPEJIT_CACHE', raising=False)
    store.forget()
    try:
        import tapejit
        info = tapejit.cache_info()
        assert info['directory'] == str(cache / 'kernels') and info['bytes'] > 0
        assert {'plan', 'code', 'native', 'cpu'} <= set(info['entries'])
        r = subprocess.run([sys.executable, '-m', 'tapejit.cache', '--clear'],
                           env=_env(cache), capture_output=True, text=True, check=True)
        assert str(cache / 'kernels') in r.stdout and '0 files' in r.stdout
        assert tapejit.cache_info()['bytes'] == 0
    finally:
        store.forget()
