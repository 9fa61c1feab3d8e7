"""Native kernels' object code loaded by tapejit.targets.cpu.object_loader,
against the same objects loaded by LLVM's MCJIT engine."""

from __future__ import annotations

import os
import pickle
import struct
import subprocess
import sys

import numpy as np
import pytest

from tapejit.compiler import loop_ir as L
from tapejit.compiler import store
from tapejit.targets.cpu import llvm_jit, native, object_loader

pytestmark = pytest.mark.skipif(not object_loader.supported(),
                                reason='the object loader handles x86-64 Linux only')

f32, f64, bool_ = np.dtype(np.float32), np.dtype(np.float64), np.dtype(np.bool_)


def _kernel(name: str = 'kl') -> L.Kernel:
    """A kernel calling the C math library (exp, log1p), with float32
    constants (a constant pool), a float64 sum and a conditional: the
    relocations and sections the generated kernels have.  Over one chunk::

        acc = 0.0
        for i ...: t = exp(x[i] * 0.5) + log1p(abs(x[i]))
                   y[i] = t if x[i] > 0.25 else x[i] * -3.0
                   acc += float64(y[i])
        s[c] = acc
    """
    x, acc = L.Load('x', ('i',)), L.Local('acc')

    def op(prim, *args, out=f32):
        ins = (bool_, f32, f32) if prim == 'where' else (f32,) * len(args)
        return L.Apply(prim, args, {}, ins, out)
    t = op('add', op('exp', op('mul', x, L.Const(0.5, f32))), op('log1p', op('absolute', x)))
    y = op('where', op('greater', x, L.Const(0.25, f32), out=bool_), t,
           op('mul', x, L.Const(-3.0, f32)))
    body = [L.Assign(L.Load('y', ('i',)), y),
            L.Accumulate('sum', acc, L.Cast(L.Load('y', ('i',)), f64))]
    return L.Kernel(name, ['x', 'y', 's'], [], L.ChunkLoop(
        False, [L.Assign(acc, L.Const(0.0, f64))], [L.ChunkRange('i', body)],
        [L.Assign(L.Load('s', ('c',)), acc)]))


def _args(seed: int = 0) -> tuple:
    x = np.random.default_rng(seed).standard_normal(1003).astype(np.float32)
    # (One chunk of all the rows: the sum runs over the whole of x.)
    return np.array([x.size]), x.size, 1, x, np.zeros_like(x), np.zeros(1)


def _run(d, direct: bool, monkeypatch, name: str = 'kl') -> tuple:
    monkeypatch.setattr(object_loader, 'supported', lambda: direct)
    llvm_jit._entries.clear()  # as a new process: nothing loaded yet
    args = _args()
    native.NativeKernel(name, _kernel(name), False, str(d))(*args)
    return args[-2:]


@pytest.fixture
def loads(monkeypatch):
    """The objects the loader was handed, and whether each loaded (the
    process's own first: the entries' argument reader and the pool's waits)."""
    from tapejit.targets.cpu import pool_waits
    llvm_jit._bind_providers(None)
    pool_waits.install()
    seen: list = []
    real = object_loader.load

    def spy(obj, symbols):
        try:
            out = real(obj, symbols)
        except object_loader.NotLoadable:
            seen.append(False)
            raise
        seen.append(True)
        return out

    monkeypatch.setattr(object_loader, 'load', spy)
    return seen


def test_loaded_here_and_by_mcjit_the_same_kernel_gives_the_same_bits(tmp_path, monkeypatch,
                                                                       loads):
    y1, s1 = _run(tmp_path / 'a', True, monkeypatch)   # compiled, then loaded here
    assert loads == [True]
    y2, s2 = _run(tmp_path / 'a', True, monkeypatch)   # from the disk cache, here
    y3, s3 = _run(tmp_path / 'a', False, monkeypatch)  # the same object, by MCJIT
    assert loads == [True, True]
    x = _args()[3]
    ref = np.where(x > 0.25, np.exp(x * np.float32(0.5)) + np.log1p(np.absolute(x)), x * -3)
    np.testing.assert_allclose(y1, ref, rtol=1e-6)
    np.testing.assert_allclose(s1[0], ref.astype(np.float64).sum(), rtol=1e-6)
    for y, s in ((y2, s2), (y3, s3)):
        assert y.tobytes() == y1.tobytes() and s.tobytes() == s1.tobytes()


def _relocation_types(obj: bytes) -> set:
    shoff = struct.unpack_from('<Q', obj, 0x28)[0]
    shnum = struct.unpack_from('<H', obj, 0x3C)[0]
    types = set()
    for k in range(shnum):
        typ = struct.unpack_from('<I', obj, shoff + 64 * k + 4)[0]
        off, size = struct.unpack_from('<QQ', obj, shoff + 64 * k + 24)
        if typ == 4:  # SHT_RELA
            types |= {struct.unpack_from('<Q', obj, off + j + 8)[0] & 0xFFFFFFFF
                      for j in range(0, size, 24)}
    return types


def test_kernels_reach_constants_relative_to_their_code_and_functions_through_a_got(
        tmp_path, monkeypatch, loads):
    # Small code model, position-independent: no 64-bit absolute address
    # (R_X86_64_64) to load before each constant; the argument reader's
    # Python objects (None, int, ndarray) through GOT slots the loader fills
    # (GOTPCREL forms 9, 41, 42).
    from tapejit.targets.cpu import emitter
    y, s = _run(tmp_path, True, monkeypatch)
    (path,) = tmp_path.glob('tj_*.o')
    types = _relocation_types(store.parse(path.read_bytes())[1])
    assert 1 not in types and 2 in types, types
    reader = _relocation_types(llvm_jit._object_code(emitter.enter_ir('tjenter_test'), 2))
    assert 1 not in reader and reader & {9, 41, 42}, reader
    assert loads == [True]
    x = _args()[3]
    ref = np.where(x > 0.25, np.exp(x * np.float32(0.5)) + np.log1p(np.absolute(x)), x * -3)
    np.testing.assert_allclose(y, ref, rtol=1e-6)


def test_a_call_out_of_32_bit_reach_goes_through_a_stub_and_its_got_slot():
    # The process's libraries may lie more than 2 GiB from the mapping: a
    # PLT32 call then jumps to a stub, ``jmp *slot(%rip)``, whose slot holds
    # the function's address (a low one here, far from any mapping).
    import ctypes
    obj = llvm_jit._object_code(
        'declare i64 @far_fn(i64)\n'
        'define i64 @g(i64 %x) {\n  %r = call i64 @far_fn(i64 %x)\n  ret i64 %r\n}\n')
    far = 0x100000
    g = object_loader.load(obj, {'far_fn': far})['g']
    code = ctypes.string_at(g, 32)
    at = next(k for k in range(32) if code[k] in (0xE8, 0xE9))   # call/jmp rel32
    stub = g + at + 5 + struct.unpack_from('<i', code, at + 1)[0]
    assert ctypes.string_at(stub, 2) == b'\xff\x25'
    slot = stub + 6 + struct.unpack('<i', ctypes.string_at(stub + 2, 4))[0]
    assert ctypes.c_uint64.from_address(slot).value == far


def test_an_object_it_does_not_handle_loads_through_mcjit(tmp_path, monkeypatch, loads):
    _run(tmp_path, True, monkeypatch, name='km')
    (path,) = tmp_path.glob('*.o')
    obj = bytearray(store.parse(path.read_bytes())[1])
    # Turn the first relocation of the code into a type the loader does not
    # apply (R_X86_64_GOTPCREL64, with a zero addend: MCJIT would fail on it
    # too, so only read it back).
    shoff = struct.unpack_from('<Q', obj, 0x28)[0]
    shnum = struct.unpack_from('<H', obj, 0x3C)[0]
    for k in range(shnum):
        typ, off = struct.unpack_from('<I', obj, shoff + 64 * k + 4)[0], \
            struct.unpack_from('<Q', obj, shoff + 64 * k + 24)[0]
        if typ == 4:  # SHT_RELA
            r_info = struct.unpack_from('<Q', obj, off + 8)[0]
            struct.pack_into('<Q', obj, off + 8, (r_info & ~0xFFFFFFFF) | 28)
            break
    with pytest.raises(object_loader.NotLoadable, match='relocation type 28'):
        object_loader.load(bytes(obj), llvm_jit._setup()['symbols'])
    with pytest.raises(object_loader.NotLoadable, match='not an x86-64 ELF'):
        object_loader.load(b'\x7fELF' + bytes(60), {})
    with pytest.raises(object_loader.NotLoadable, match="undefined symbol 'no_such_fn'"):
        object_loader.load(llvm_jit._object_code(
            'declare i64 @no_such_fn()\n'
            'define i64 @f() {\n  %v = call i64 @no_such_fn()\n  ret i64 %v\n}\n'), {})

    # Where the loader refuses a (sound) object, native falls back to MCJIT.
    def refuse(obj, symbols):
        raise object_loader.NotLoadable('refused for the test')

    monkeypatch.setattr(object_loader, 'load', refuse)
    y, s = _run(tmp_path, True, monkeypatch, name='km')
    y_ref, s_ref = _run(tmp_path / 'b', False, monkeypatch, name='km')
    assert y.tobytes() == y_ref.tobytes() and s.tobytes() == s_ref.tobytes()
    assert 'engine' in llvm_jit._state


def test_a_warm_process_loads_its_kernels_without_starting_llvm(tmp_path):
    code = (
        'import numpy as np, sys\n'
        'import pickle\n'
        'from tapejit.targets.cpu import llvm_jit, native\n'
        f'k = pickle.loads({pickle.dumps(_kernel())!r})\n'
        'x = np.linspace(-2, 2, 101, dtype=np.float32)\n'
        'y, s = np.zeros_like(x), np.zeros(1)\n'
        f'kl = native.NativeKernel("kl", k, False, {str(tmp_path)!r})\n'
        'kl(np.array([101]), 101, 1, x, y, s)\n'
        'print("engine" in llvm_jit._state, float(s[0]).hex(),\n'
        '      "llvmlite.binding" in sys.modules)\n')
    # (The host CPU's names are kept in the cache directory: see host_cpu.)
    env = {**os.environ, 'TAPEJIT_CACHE_DIR': str(tmp_path)}
    cold = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                          env=env, check=True).stdout.split()
    warm = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                          env=env, check=True).stdout.split()
    assert cold[0] == 'True'    # it compiled: LLVM started
    assert warm[0] == 'False'   # it only loaded: no LLVM target machine, no engine
    assert warm[1] == cold[1]
    # Nor LLVM's library: the CPU's names for the key came from the cache.
    assert cold[2] == 'True' and warm[2] == 'False'

