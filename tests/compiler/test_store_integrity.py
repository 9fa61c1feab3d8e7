"""The store's integrity where earlier checks fell short: Numba's cache files
are unpickled from the very bytes that were verified (no second open), the
fingerprint follows the sources' contents (not their sizes and times),
``--clear`` deletes only what tapejit wrote, and a read-only install with an
unwritable home runs (in memory) instead of failing in Numba's cache."""

from __future__ import annotations

import builtins
import io
import os
import pickle
import shutil
import subprocess
import sys
import textwrap

import pytest

import tapejit
from tapejit.compiler import store
from tapejit.targets import numba_cache
from tests.support import numba_modules


class _Plant:
    """A pickle whose loading would create the directory ``marker``."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (os.makedirs, (str(self.marker),))


# ------------------------------------------------- Numba's cache files
def _call_kernel():
    # (A Numba kernel module of the store's, as the CUDA target's kernels are.)
    return numba_modules.load('kswap', 41.0)(1.0)


def test_a_numba_cache_file_swapped_after_its_check_is_never_loaded(fresh_store, tmp_path,
                                                                     monkeypatch):
    assert _call_kernel() == 42.0          # compiled, its machine code saved and recorded
    assert numba_modules.numba_files(fresh_store, 'nbc')
    numba_cache._memory.clear()           # as a new process: loaded from the disk cache
    marker = tmp_path / 'MARKER'
    plant = pickle.dumps(_Plant(marker))
    real_open = builtins.open
    swapped = []

    def racing_open(file, mode='r', *args, **kwargs):
        # Another user swaps the data file as soon as its bytes were read
        # (and checked): anything that opens it again gets the payload.
        f = real_open(file, mode, *args, **kwargs)
        if str(file).endswith('.nbc') and 'r' in mode and not swapped:
            data = f.read()
            f.close()
            with real_open(file, 'wb') as g:
                g.write(plant)
            swapped.append(file)
            return io.BytesIO(data)
        return f
    monkeypatch.setattr(builtins, 'open', racing_open)
    assert _call_kernel() == 42.0
    monkeypatch.setattr(builtins, 'open', real_open)
    assert swapped, 'the machine code was not read from the disk cache'
    assert not marker.exists(), 'a file swapped in after its check was loaded'
    # The next process finds the swapped file and compiles again.
    numba_cache._memory.clear()
    store.warned.clear()
    with pytest.warns(RuntimeWarning, match='do not match their recorded digests'):
        assert _call_kernel() == 42.0
    assert not marker.exists()


# ------------------------------------------------------------ fingerprint
def test_the_fingerprint_follows_contents_not_sizes_and_times(tmp_path):
    # Two versions whose files keep their sizes and times (cp -p, tar,
    # reproducible builds): their compiled code must not be shared.
    a, b = tmp_path / 'a', tmp_path / 'b'
    for top, text in ((a, 'x = 1\n'), (b, 'x = 2\n')):
        (top / 'sub').mkdir(parents=True)
        (top / 'one.py').write_text('y = 0\n')
        (top / 'sub' / 'two.py').write_text(text)
        for f in (top / 'one.py', top / 'sub' / 'two.py'):
            os.utime(f, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
    assert store._sources.__wrapped__(str(a)) != store._sources.__wrapped__(str(b))
    # The same contents at other times: the same fingerprint.
    (b / 'sub' / 'two.py').write_text('x = 1\n')
    assert store._sources.__wrapped__(str(a)) == store._sources.__wrapped__(str(b))
    # A file moved to another name is another version too.
    (b / 'one.py').rename(b / 'three.py')
    assert store._sources.__wrapped__(str(a)) != store._sources.__wrapped__(str(b))


def _tree(top, text):
    (top / 'sub').mkdir(parents=True, exist_ok=True)
    (top / 'one.py').write_text('y = 0\n')
    (top / 'sub' / 'two.py').write_text(text)


def test_a_later_process_knows_the_sources_by_their_stamp(fresh_store, tmp_path, monkeypatch):
    top = tmp_path / 'pkg'
    _tree(top, 'x = 1\n')
    monkeypatch.setattr(store, 'SETTLED_S', -1.0)     # (files written a moment ago)
    hashed = store._sources.__wrapped__(str(top))
    assert os.listdir(fresh_store / 'sources')
    # The next process reads the digest its files' stamp was stored with.
    monkeypatch.setattr(store, '_source_contents', lambda files: pytest.fail('hashed again'))
    assert store._sources.__wrapped__(str(top)) == hashed
    monkeypatch.undo()
    # A file replaced by another of the same size and times (cp -p, tar):
    # its stamp differs (another inode and change time), so it is hashed.
    two = top / 'sub' / 'two.py'
    kept = os.stat(two)
    (top / 'new.tmp').write_text('x = 2\n')
    os.utime(top / 'new.tmp', ns=(kept.st_atime_ns, kept.st_mtime_ns))
    os.replace(top / 'new.tmp', two)
    assert os.stat(two).st_mtime_ns == kept.st_mtime_ns
    other = store._sources.__wrapped__(str(top))
    assert other != hashed
    assert other == store._source_contents(store._source_files(str(top)))


def test_sources_changed_a_moment_ago_leave_no_stamp(fresh_store, tmp_path):
    # (A file may change again within the file system's clock tick and
    # keep its size and times: its stamp would then name old contents.)
    top = tmp_path / 'pkg'
    _tree(top, 'x = 1\n')
    digest = store._sources.__wrapped__(str(top))
    assert digest == store._source_contents(store._source_files(str(top)))
    assert not (fresh_store / 'sources').exists()


def test_a_forged_stamp_record_is_not_believed(fresh_store, tmp_path, monkeypatch):
    top = tmp_path / 'pkg'
    _tree(top, 'x = 1\n')
    monkeypatch.setattr(store, 'SETTLED_S', -1.0)
    honest = store._sources.__wrapped__(str(top))
    (entry,) = (fresh_store / 'sources').iterdir()
    blob = bytearray(entry.read_bytes())
    blob[-64:] = b'0' * 64                      # another digest, the MAC left as it was
    entry.write_bytes(bytes(blob))
    with pytest.warns(RuntimeWarning, match='fails authentication'):
        assert store._sources.__wrapped__(str(top)) == honest


# ------------------------------------------------------------------ clear
def test_clear_deletes_only_what_tapejit_wrote(fresh_store, tmp_path):
    cache = fresh_store
    # What tapejit writes: entries, a kernel module, Numba's files of it and
    # a temporary file an interrupted write left.
    store.write(str(cache / 'plan'), 'a plan', b'state')
    store.write(str(cache / 'native'), 'an object', b'\x7fELF', name='tj_0123.o')
    store.write(str(cache / 'cuda' / 'sim'), 'cuda', b'x')
    key = 'e' * 24
    numba_cache.load_source(key, 'demo', '', f'tapejit_demo_{key}', f'numba/k_{key}.py',
                            lambda cache: 'class kernel:\n    pass\n')
    pycache = cache / 'numba' / '__pycache__'
    pycache.mkdir()
    (pycache / f'k_{key}.kernel-3.py311.nbi').write_bytes(pickle.dumps('0.68'))
    (pycache / f'k_{key}.kernel-3.py311.1.nbc').write_bytes(pickle.dumps(b'code'))
    (cache / 'plan' / '.tmp-abc123_x').write_bytes(b'half an entr')
    ours = [p for p in cache.rglob('*') if p.is_file()]
    assert len(ours) == 7
    # The user's own files, in that directory and in the store's folders.
    outside = tmp_path / 'precious.bin'
    outside.write_bytes(store.MAGIC + b' not an entry, but framed as one')
    mine = {cache / 'README.txt': b'my notes', cache / 'plan' / 'notes.md': b'# plans',
            cache / 'numba' / 'helper.py': b'import numba\n',
            cache / 'numba' / f'k_{"f" * 24}.py': b'print("mine, by that name")\n',
            cache / 'mine' / 'data.bin': b'\x00\x01', cache / 'empty' / '.keep': b''}
    for p, data in mine.items():
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    (cache / 'plan' / 'link.bin').symlink_to(outside)
    info = tapejit.cache_info()
    assert info['entries'] == {'plan': 2, 'native': 1, 'cuda': 1, 'numba': 3}
    assert info['bytes'] == sum(p.stat().st_size for p in ours)
    env = dict(os.environ)
    r = subprocess.run([sys.executable, '-m', 'tapejit.cache', '--clear'], env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert '0 files' in r.stdout, r.stdout
    assert not any(p.exists() for p in ours)
    for p, data in mine.items():
        assert p.read_bytes() == data, p
    assert os.readlink(cache / 'plan' / 'link.bin') == str(outside) and outside.exists()
    # The folders the store made are gone where they were left empty.
    assert not (cache / 'native').exists() and not (cache / 'cuda').exists()
    assert not pycache.exists() and (cache / 'numba').is_dir()
    store.forget()
    assert tapejit.cache_info()['bytes'] == 0


# ------------------------------------- a read-only install, no writable home
_WORKER = textwrap.dedent('''
    import warnings
    warnings.simplefilter('always')
    import numpy as np
    import tapejit, tapejit.functions as F
    assert tapejit.__file__.startswith(%r), tapejit.__file__
    x = np.linspace(-2, 2, 1 << 18).astype(np.float32)   # large: parallel kernels
    f = tapejit.jit(lambda v: (F.tanh(v) * 2 - v + F.exp(v) * 0.5, F.mean(F.tanh(v) * v)))
    y, m = f(x)
    ok = np.allclose(y.array, np.tanh(x) * 2 - x + np.exp(x) * 0.5, rtol=1e-5, atol=1e-6)
    ok = ok and np.allclose(m.array, np.mean(np.tanh(x) * x), rtol=1e-3)
    ok = ok and np.allclose(F.erf(x[:8]).array,
                            [__import__('math').erf(v) for v in x[:8]], atol=1e-6)
    # A Numba kernel module of the store's (as the CUDA target's kernels are).
    import sys
    sys.path.append(%r)
    from tests.support.numba_modules import run_all
    ok = ok and run_all()[0]
    print('RESULT', ok)
''')


@pytest.fixture(scope='module')
def read_only_install(tmp_path_factory):
    """A copy of the package where nothing can be written beside its modules
    (each ``__pycache__`` is a file: as in read-only site-packages, even to
    root), and a home directory that cannot be created."""
    top = tmp_path_factory.mktemp('ro')
    src = os.path.dirname(tapejit.__file__)
    shutil.copytree(src, top / 'site' / 'tapejit', ignore=shutil.ignore_patterns('__pycache__'))
    for d, _, _ in os.walk(top / 'site'):
        open(os.path.join(d, '__pycache__'), 'w').close()
    (top / 'blocker').write_text('a file where the home directory would be')
    return top


@pytest.mark.parametrize('setting', ['cache-off', 'no-key', 'no-numba-dir'])
def test_a_read_only_install_with_an_unwritable_home_runs(read_only_install, tmp_path,
                                                          setting):
    top = read_only_install
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(('TAPEJIT_', 'NUMBA_', 'XDG_', 'PYTHON'))}
    env.update(PYTHONPATH=str(top / 'site'), HOME=str(top / 'blocker' / 'home'),
               PYTHONDONTWRITEBYTECODE='1')
    if setting == 'cache-off':
        env['TAPEJIT_CACHE'] = '0'
    elif setting == 'no-numba-dir':
        # A cache of the user's own, but Numba can write its files neither
        # beside the kernel modules nor in the home directory.
        env.update(TAPEJIT_CACHE_DIR=str(tmp_path / 'cache'),
                   TAPEJIT_KEY_FILE=str(tmp_path / 'key'))
        (tmp_path / 'cache' / 'kernels' / 'numba').mkdir(parents=True, mode=0o700)
        (tmp_path / 'cache').chmod(0o700)
        (tmp_path / 'cache' / 'kernels').chmod(0o700)
        (tmp_path / 'cache' / 'kernels' / 'numba' / '__pycache__').write_text('')
    r = subprocess.run([sys.executable, '-c', _WORKER % (str(top / 'site'), numba_modules.REPO)],
                       env=env,
                       capture_output=True, text=True, timeout=600, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr[-3000:]
    assert 'RESULT True' in r.stdout, (r.stdout, r.stderr[-3000:])
    warned = [ln for ln in r.stderr.splitlines() if 'Warning:' in ln]
    assert len(warned) <= 1, warned
    assert 'cannot cache function' not in r.stderr
    if setting == 'no-numba-dir':
        assert warned and 'in memory' in warned[0], warned


def test_the_stores_places_follow_the_environment_at_each_read(monkeypatch, tmp_path):
    # The setting named, else the XDG directory, else the home directory:
    # read anew each time (the home directory's path is kept per HOME).
    for var in ('TAPEJIT_CACHE_DIR', 'XDG_CACHE_HOME'):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv('HOME', str(tmp_path / 'a'))
    assert store._root_dir() == str(tmp_path / 'a' / '.cache' / 'tapejit')
    monkeypatch.setenv('HOME', str(tmp_path / 'b'))
    assert store._root_dir() == str(tmp_path / 'b' / '.cache' / 'tapejit')
    monkeypatch.setenv('XDG_CACHE_HOME', str(tmp_path / 'xdg'))
    assert store._root_dir() == str(tmp_path / 'xdg' / 'tapejit')
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(tmp_path / 'mine'))
    assert store._root_dir() == str(tmp_path / 'mine')
