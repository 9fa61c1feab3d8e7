"""The host CPU's LLVM names, kept in the kernel cache so that a warm
process keys its kernels without loading LLVM's library."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tapejit.targets.cpu import host_cpu, llvm_jit

CODE = ('import sys\n'
        'from tapejit.targets.cpu.host_cpu import host_cpu\n'
        'print(repr(host_cpu()))\n'
        'print("llvmlite.binding" in sys.modules)\n')


def _run(cache: str) -> list:
    env = {**os.environ, 'TAPEJIT_CACHE_DIR': cache}
    out = subprocess.run([sys.executable, '-W', 'error::RuntimeWarning', '-c', CODE],
                         capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


@pytest.mark.skipif(host_cpu.cpu_ident() is None, reason='no /proc/cpuinfo on this host')
def test_a_second_process_reads_the_names_llvm_gave(tmp_path):
    import llvmlite.binding as llvm
    want = repr((llvm.get_host_cpu_name(), llvm.get_host_cpu_features().flatten()))
    cold, warm = _run(str(tmp_path)), _run(str(tmp_path))
    assert cold == [want, 'True']   # asked LLVM
    assert warm == [want, 'False']  # read them back
    entries = os.listdir(tmp_path / 'kernels' / 'cpu')
    assert len(entries) == 1

    # A damaged entry: LLVM is asked again, with a warning, and it is rewritten.
    path = tmp_path / 'kernels' / 'cpu' / entries[0]
    path.write_bytes(path.read_bytes()[:-3])
    env = {**os.environ, 'TAPEJIT_CACHE_DIR': str(tmp_path)}
    out = subprocess.run([sys.executable, '-c', CODE], capture_output=True, text=True,
                         env=env)
    assert out.stdout.splitlines() == [want, 'True']
    assert 'damaged' in out.stderr and 'asking LLVM again' in out.stderr
    assert _run(str(tmp_path)) == [want, 'False']


def test_the_cache_off_asks_llvm(tmp_path):
    env = {**os.environ, 'TAPEJIT_CACHE_DIR': str(tmp_path), 'TAPEJIT_CACHE': '0'}
    out = subprocess.run([sys.executable, '-c', CODE], capture_output=True, text=True,
                         env=env, check=True)
    assert out.stdout.splitlines()[1] == 'True'
    assert not (tmp_path / 'kernels').exists()


def test_the_key_is_the_cpu_as_the_kernel_describes_it():
    a = ('processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 85\n'
         'model name\t: Xeon\nstepping\t: 7\ncpu MHz\t\t: 2000.1\nflags\t\t: fpu avx512f\n'
         'bogomips\t: 4000\n\nprocessor\t: 1\nvendor_id\t: GenuineIntel\n')
    b = a.replace('cpu MHz\t\t: 2000.1', 'cpu MHz\t\t: 3100.7').replace('4000', '6200')
    c = a.replace('fpu avx512f', 'fpu')
    assert host_cpu.cpu_ident(a) == host_cpu.cpu_ident(b)  # speeds vary
    assert host_cpu.cpu_ident(a) != host_cpu.cpu_ident(c)  # features do not
    assert 'processor' not in host_cpu.cpu_ident(a)
    assert host_cpu.cpu_ident('Hardware\t: X\n') is None


class _Named(Exception):
    """Raised with the symbol (hence the file name) a kernel's object would have."""


def _object_symbol(monkeypatch, cpu):
    """The symbol ``llvm_jit.load_object`` gives a kernel's object code in a
    process on the CPU ``cpu`` (``host_cpu()``'s (name, features), or None:
    this one's); nothing is compiled."""
    monkeypatch.setattr(llvm_jit, '_state', {})   # (as a new process: set up again)
    monkeypatch.setattr(llvm_jit, '_entries', {})
    if cpu is not None:
        monkeypatch.setattr(host_cpu, 'host_cpu', lambda: cpu)

    def name(symbol):
        raise _Named(symbol)
    with pytest.raises(_Named) as got:
        llvm_jit.load_object('llvm\nFalse\nFalse\n(sig)\nsome kernel digest', name, None)
    monkeypatch.undo()
    return got.value.args[0]


def test_native_objects_are_keyed_by_the_cpu(monkeypatch):
    # Object code compiled for one CPU (its name and features, as LLVM gives
    # them) is never loaded on another: another symbol, another file.
    here = host_cpu.host_cpu()
    mine = _object_symbol(monkeypatch, None)
    assert _object_symbol(monkeypatch, here) == mine and mine.startswith('tj_')
    assert _object_symbol(monkeypatch, ('othercpu', here[1])) != mine
    assert _object_symbol(monkeypatch, (here[0], here[1] + ',+madeup')) != mine


@pytest.mark.skipif(host_cpu.cpu_ident() is None, reason='no /proc/cpuinfo on this host')
def test_a_process_with_llvm_loaded_keeps_the_names_for_the_next(tmp_path):
    env = {**os.environ, 'TAPEJIT_CACHE_DIR': str(tmp_path)}
    subprocess.run([sys.executable, '-c', 'import llvmlite.binding\n' + CODE], env=env,
                   check=True, capture_output=True)
    assert _run(str(tmp_path))[1] == 'False'  # read back: LLVM's library not loaded
