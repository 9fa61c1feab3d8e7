"""The generated Python a plan writes for itself, compiled once and kept on
disk (``tapejit/codecache.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest

from tapejit.compiler import codecache
from tapejit.compiler import store

_WORKER = textwrap.dedent('''
    import builtins, numpy as np, tapejit, tapejit.functions as F
    compiled = []
    real = builtins.compile
    def counting(src, filename, *a, **k):
        if isinstance(filename, str) and filename.startswith('<tapejit'):
            compiled.append(filename)
        return real(src, filename, *a, **k)
    builtins.compile = counting
    @tapejit.jit
    def step(x, w):
        w.cleargrad()
        loss = F.sum(F.tanh(F.matmul(x, w)) ** 2)
        loss.backward()
        return loss
    x = np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4)
    w = tapejit.Variable(np.full((4, 2), 0.25, np.float32))
    for _ in range(3):
        loss = step(x, w)
    print(repr(float(loss.array)), repr(float(w.grad.sum())), len(compiled))
''')


def _run(env):
    r = subprocess.run([sys.executable, '-c', _WORKER], env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    loss, g, n = r.stdout.split()
    return float(loss), float(g), int(n), r.stderr


def test_a_second_process_compiles_no_generated_python(tmp_path):
    env = dict(os.environ, TAPEJIT_CACHE_DIR=str(tmp_path))
    env.pop('TAPEJIT_CACHE', None)
    first = _run(env)
    assert first[2] > 0
    entries = list((tmp_path / 'kernels' / 'code').glob('*.bin'))
    assert len(entries) == first[2]
    second = _run(env)
    assert second[:2] == first[:2] and second[2] == 0, second
    # A damaged entry is compiled again, with a warning, and rewritten.
    for e in entries:
        e.write_bytes(e.read_bytes()[:20])
    third = _run(env)
    assert third[:2] == first[:2] and third[2] == first[2]
    assert 'damaged' in third[3]
    assert _run(env)[2] == 0


def test_same_source_same_code_object_and_damage_is_never_trusted(tmp_path, monkeypatch):
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(tmp_path))
    monkeypatch.setattr(codecache, '_memory', {})
    src = 'def f(a):\n    return a * 2 + 1\n'
    code = codecache.compile_source(src, '<tapejit test>')
    assert codecache.compile_source(src, '<tapejit test>') is code
    (path,) = (tmp_path / 'kernels' / 'code').glob('*.bin')
    # An authentic entry whose payload is not a code object: recompiled.
    store.write(str(path.parent), f'code\n{sys.version}\n<tapejit test>\n{src}',
                b'not marshal data')
    monkeypatch.setattr(codecache, '_memory', {})
    ns: dict = {}
    exec(codecache.compile_source(src, '<tapejit test>'), ns)
    assert ns['f'](np.float32(3)) == 7
    # Garbage: a warning, then compiled again.
    path.write_bytes(b'garbage')
    monkeypatch.setattr(codecache, '_memory', {})
    with pytest.warns(RuntimeWarning, match='damaged'):
        exec(codecache.compile_source(src, '<tapejit test>'), ns)
    assert ns['f'](1) == 3


def test_without_a_cache_directory_it_compiles_in_memory(monkeypatch):
    monkeypatch.setenv('TAPEJIT_CACHE', '0')
    monkeypatch.setattr(codecache, '_memory', {})
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        ns: dict = {}
        exec(codecache.compile_source('def g():\n    return 5\n', '<tapejit test>'), ns)
    assert ns['g']() == 5
