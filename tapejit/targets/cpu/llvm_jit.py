"""The in-process LLVM machinery of the CPU target's native code: the
symbols compiled code binds (CPython's API, the C math library, BLAS's
products), the target machine, object code compiled and cached in the
store (:mod:`tapejit.compiler.store`) and loaded into this process as
CPython ``METH_FASTCALL`` functions (:mod:`~tapejit.targets.cpu.object_loader`,
else LLVM's MCJIT).

Process addresses are symbols each process binds, so cached code never
holds a stale address.  Everything here runs under :func:`lock` (llvmlite's
engine is not thread-safe).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import threading
from typing import Any, Callable, Optional

import numpy

from tapejit.backends import threads
from tapejit.compiler import store
from tapejit.compiler.loop_ir import Unsupported
from tapejit.targets.cpu import compile_process, llvm_pipeline, object_loader

def lock() -> threading.RLock:
    """The lock that serializes compiling and loading (llvmlite's engine is
    not thread-safe).

    >>> with lock():
    ...     pass
    """
    return _lock


_lock = threading.RLock()
_state: dict = {}


def forget_lock_holders() -> None:
    """In a forked child: the locks that serialize compiling and loading,
    and handing kernels to the compile process, made anew (a thread that
    held one at the fork, a product's trial loading its kernel, is gone)."""
    global _lock
    _lock = threading.RLock()
    compile_process.forget_lock_holders()

# CPython object layout read by the entry code (stable across NumPy 1.x/2.x
# and CPython 3.9-3.13; checked against live objects in ``_setup``).
OB_TYPE, DATA, ND, DIMS, STRIDES, DESCR, FLAGS = 8, 16, 24, 32, 40, 56, 64
DESCR_BYTEORDER, DESCR_TYPENUM = 26, 28
C_CONTIGUOUS, ALIGNED, WRITEABLE = 0x1, 0x100, 0x400
METH_FASTCALL = 0x80

_LIBM = ('exp', 'log', 'log1p', 'expm1', 'sqrt', 'sin', 'cos', 'tan', 'tanh', 'erf', 'pow',
         'fabs', 'fmod', 'exp2', 'log2', 'log10', 'asin', 'acos', 'atan')


class _MethodDef(ctypes.Structure):
    _fields_ = [('ml_name', ctypes.c_char_p), ('ml_meth', ctypes.c_void_p),
                ('ml_flags', ctypes.c_int), ('ml_doc', ctypes.c_char_p)]


def _check_layout() -> None:
    # The offsets above, checked on a live strided array before any code
    # relies on them: a mismatch turns this path off rather than misread.
    a = numpy.zeros((3, 4), numpy.float32)[:, ::2]
    base = id(a)

    def rd(off: int, t: Any) -> Any:
        return t.from_address(base + off).value

    ok = (rd(OB_TYPE, ctypes.c_void_p) == id(numpy.ndarray)
          and rd(DATA, ctypes.c_void_p) == a.ctypes.data and rd(ND, ctypes.c_int) == 2
          and ctypes.cast(rd(DIMS, ctypes.c_void_p), ctypes.POINTER(ctypes.c_int64))[1] == 2
          and ctypes.cast(rd(STRIDES, ctypes.c_void_p),
                          ctypes.POINTER(ctypes.c_int64))[1] == 8
          and rd(DESCR, ctypes.c_void_p) == id(a.dtype)
          and rd(FLAGS, ctypes.c_int) & (C_CONTIGUOUS | ALIGNED) == ALIGNED
          and ctypes.c_int.from_address(id(a.dtype) + DESCR_TYPENUM).value == a.dtype.num)
    if not ok:
        raise Unsupported('unexpected NumPy array layout')


def type_nums(dt: numpy.dtype) -> tuple:
    """NumPy's type number of ``dt`` and of the other name of the same C
    type, if any (int64 is both ``long`` and ``long long`` on Linux: arrays
    of either hold the same values; else the number twice).

    >>> a, b = type_nums(numpy.dtype(numpy.int64))
    >>> {a, b} == {numpy.dtype('l').num, numpy.dtype('q').num}
    True
    >>> type_nums(numpy.dtype(numpy.float32))
    (11, 11)
    """
    for other in ('l', 'q') if dt.char in 'lq' else ('L', 'Q') if dt.char in 'LQ' else ():
        o = numpy.dtype(other)
        if o.char != dt.char and o.itemsize == dt.itemsize:
            return dt.num, o.num
    return dt.num, dt.num


def gemm_symbols() -> dict:
    """``{'tj_sgemm': address, 'tj_dgemm': address}``: SciPy's BLAS
    ``?gemm`` (``scipy.linalg.cython_blas``), which compiled plans call for
    large products, added to the symbols objects bind; empty without SciPy.
    Imported on first need only (SciPy's linear algebra is slow to import).

    >>> set(gemm_symbols()) <= {'tj_sgemm', 'tj_dgemm'}
    True
    """
    st = _setup()
    with _lock:
        if 'gemm' not in st:
            found: dict = {}
            # Prototypes of our own: ctypes.pythonapi's are process-wide.
            api = ctypes.pythonapi
            get_name = ctypes.PYFUNCTYPE(ctypes.c_char_p, ctypes.py_object)(
                ('PyCapsule_GetName', api))
            get_pointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object,
                                            ctypes.c_char_p)(('PyCapsule_GetPointer', api))
            try:
                from scipy.linalg import cython_blas
                for name in ('sgemm', 'dgemm'):
                    cap = cython_blas.__pyx_capi__[name]
                    found[f'tj_{name}'] = get_pointer(cap, get_name(cap))
            except (ImportError, AttributeError, KeyError, ValueError):
                found = {}  # (no SciPy, or no such interface here: products stay loops)
            if found:
                # SciPy's BLAS is another library whose threads tapejit sets.
                threads.blas_libraries_changed()
            st['gemm'] = found
            st['symbols'].update(found)
            if 'engine' in st:
                for name, addr in found.items():
                    st['llvm'].add_symbol(name, addr)
        return st['gemm']


def _setup() -> dict:
    """The cache fingerprint, the symbols objects bind and the entry maker;
    LLVM itself (:func:`_jit`) only where something is compiled or loads
    through MCJIT.  Once set up, read without the lock: a thread compiling
    holds it (see :func:`load_object`), and asking for a name must not wait."""
    if _state:
        return _state
    with _lock:
        if not _state:
            try:
                _start()
            except Unsupported:
                raise
            except Exception as e:  # no LLVM target, no C math library
                raise Unsupported(f'native kernels unavailable ({type(e).__name__}: {e})')
        return _state


def _jit() -> dict:
    """:func:`_setup`'s state with LLVM's target machine and MCJIT engine."""
    st = _setup()
    with _lock:
        if 'engine' not in st:
            try:
                import llvmlite.binding as llvm
                llvm.initialize_native_target()
                llvm.initialize_native_asmprinter()
                tm = llvm_pipeline.target_machine(llvm, st['cpu'], st['features'])
                for name, addr in st['symbols'].items():
                    llvm.add_symbol(name, addr)
                engine = llvm.create_mcjit_compiler(llvm.parse_assembly(''), tm)
            except Exception as e:  # no LLVM target
                raise Unsupported(f'native kernels unavailable ({type(e).__name__}: {e})')
            st.update(llvm=llvm, tm=tm, engine=engine)
        return st


def _libm() -> Any:
    try:
        return ctypes.CDLL('libm.so.6')  # glibc; without running ldconfig
    except OSError:
        pass
    # (Imported only here: ``ctypes.util`` imports ``subprocess``, which a
    # warm process's first call would wait for.)
    from ctypes import util
    try:
        return ctypes.CDLL(util.find_library('m'))
    except OSError:
        raise Unsupported('no C math library') from None


def _start() -> None:
    from tapejit.targets.cpu.host_cpu import host_cpu
    _check_layout()
    cpu, features = host_cpu()
    if '+avx512f' in features.split(','):
        # The machine's full vector width: LLVM's tuning of AVX-512 CPUs
        # prefers 256-bit vectors when it vectorizes a loop (older cores
        # slowed their clock on 512-bit ones); a softmax, an exp or a row
        # maximum measured 1.3-2x faster in 512-bit vectors.
        features += ',-prefer-256-bit'
    api = ctypes.pythonapi
    symbols = {'tj_none': id(None), 'tj_notimpl': id(NotImplemented),
               'tj_ndarray': id(numpy.ndarray), 'tj_long': id(int)}

    def add(lib: Any, names: Any, prefix: Any = None) -> None:
        for name, c_name in names:
            symbols[name if prefix is None else prefix + name] = ctypes.cast(
                getattr(lib, c_name), ctypes.c_void_p).value
    add(api, [('incref', 'Py_IncRef'), ('as_ll', 'PyLong_AsLongLong'),
              ('err_occurred', 'PyErr_Occurred'), ('save_thread', 'PyEval_SaveThread'),
              ('restore_thread', 'PyEval_RestoreThread')], 'tj_')
    add(_libm(), [(n, n) for base in _LIBM for n in (base, base + 'f')])
    add(ctypes.CDLL(None), [(n, n) for n in ('memset', 'memcpy', 'memmove')])
    new = api.PyCFunction_NewEx
    new.restype = ctypes.py_object
    new.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    _state.update(cpu=cpu, features=features, symbols=symbols, new_function=new,
                  fingerprint=store.fingerprint('llvmlite', cpu=f'{cpu}|{features}'))


def _object_code(llvm_ir: str, speed: int = 2) -> bytes:
    st = _jit()
    return llvm_pipeline.object_code(st['llvm'], st['tm'], llvm_ir, speed)


def _optimized(llvm_ir: str, speed: int = 2) -> Any:
    """The module of ``llvm_ir`` optimized at level ``speed``
    (:func:`~tapejit.targets.cpu.llvm_pipeline.optimized`)."""
    st = _jit()
    return llvm_pipeline.optimized(st['llvm'], st['tm'], llvm_ir, speed)


_entries: dict = {}  # symbol -> entry, for the process


def _method_def(symbol: str, addr: int) -> int:
    """The address of a ``PyMethodDef`` for the entry at ``addr``, in memory
    never freed (as a C extension's static table): the function object may
    read it at interpreter exit, after any Python owner is gone."""
    malloc = ctypes.pythonapi.PyMem_RawMalloc
    malloc.restype, malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
    name = symbol.encode() + b'\0'
    p = malloc(ctypes.sizeof(_MethodDef) + len(name))
    if not p:
        raise MemoryError('tapejit: no memory for a kernel entry')
    ctypes.memmove(p + ctypes.sizeof(_MethodDef), name, len(name))
    d = _MethodDef.from_address(p)
    d.ml_name = ctypes.cast(p + ctypes.sizeof(_MethodDef), ctypes.c_char_p)
    d.ml_meth, d.ml_flags, d.ml_doc = addr, METH_FASTCALL, None
    return p


def load_object(key_text: str, make_ir: Callable[[str], str],
                cache_dir: Optional[str], prefix: str = 'tj', speed: int = 2) -> Callable:
    """The callable entry compiled from ``make_ir(symbol)``'s LLVM IR: from
    the store's folder ``cache_dir`` under a key of ``key_text`` and this
    process's fingerprint, else compiled and written there.  An object is
    authenticated (:func:`tapejit.compiler.store.read`) before it is
    mapped; one without its entry symbol is compiled again and rewritten.
    ``speed``: the optimizer's level (see :func:`_optimized`).  The objects
    that define the symbols entries call (:func:`provide`) are loaded first."""
    st = _setup()
    symbol, _ = _names(key_text, prefix, speed)
    with _lock:
        # (A symbol is added to the engine once.)
        fn = _entries.get(symbol)
        if fn is not None:
            return fn
        _bind_providers(cache_dir)
        addr = _address(key_text, make_ir, cache_dir, prefix, speed)
        fn = _entries[symbol] = st['new_function'](_method_def(symbol, addr), None, None)
        return fn


def _address(key_text: str, make_ir: Callable[[str], str], cache_dir: Optional[str],
             prefix: str, speed: int) -> int:
    """The address of the symbol of ``key_text``'s object (see
    :func:`load_object`), read from the store or compiled, and loaded."""
    symbol, disk_key = _names(key_text, prefix, speed)
    obj = store.read(cache_dir, disk_key, name=f'{symbol}.o') if cache_dir else None
    addr = _load(obj, symbol) if obj is not None else 0
    if not addr:
        if obj is not None:
            store.warn_once(symbol, f'tapejit: cached object of kernel {symbol} has no '
                            'entry; recompiling it')
        obj = compile_process.take(symbol)
        if obj is None:
            obj = _object_code(make_ir(symbol), speed)
        if cache_dir:
            store.write(cache_dir, disk_key, obj, name=f'{symbol}.o')
        addr = _load(obj, symbol)
    if not addr:
        raise RuntimeError(f'tapejit: compiled kernel {symbol} has no entry')
    return addr


# Symbols that objects call and an object of tapejit's defines (name ->
# (key text, IR maker, prefix)), loaded before the first object that may
# call them (see provide).
_providers: dict = {}


def provide(name: str, key_text: str, make_ir: Callable[[str], str], prefix: str) -> None:
    """Have the object compiled from ``make_ir(symbol)`` (stored and loaded
    as :func:`load_object`'s) define symbol ``name`` for the objects loaded
    after it: the argument reader every kernel entry calls.

    >>> from tapejit.targets.cpu import emitter
    >>> 'tj_enter' in _providers
    True
    """
    _providers[name] = (key_text, make_ir, prefix)


def _bind_providers(cache_dir: Optional[str]) -> None:
    """Load the objects of the symbols :func:`provide` names that are not
    bound yet (their store folder ``cache_dir``, as the object's that needs them)."""
    st = _setup()
    with _lock:
        for name, (key_text, make_ir, prefix) in _providers.items():
            if name not in st['symbols']:
                _bind(name, _address(key_text, make_ir, cache_dir, prefix, 2))


def _bind(name: str, addr: int) -> None:
    """Make symbol ``name`` resolve to ``addr`` in the objects loaded from now on."""
    st = _setup()
    st['symbols'][name] = addr
    if 'engine' in st:
        st['llvm'].add_symbol(name, addr)


def _names(key_text: str, prefix: str, speed: int) -> tuple:
    """``(symbol, store key)`` of the object of ``key_text``."""
    st = _setup()
    key_text = f'{key_text}\nO{speed}'
    key = hashlib.sha256(f'{st["fingerprint"]}\n{key_text}'.encode()).hexdigest()[:32]
    symbol = f'{prefix}_{key}'
    return symbol, f'object\n{symbol}\n{st["fingerprint"]}\n{key_text}'


def has_object(key_text: str, cache_dir: Optional[str], prefix: str = 'tj',
               speed: int = 2) -> bool:
    """Whether :func:`load_object` has the object of these arguments without
    compiling it: loaded in this process, or in the store (unverified:
    :func:`load_object` verifies it)."""
    symbol, disk_key = _names(key_text, prefix, speed)
    return symbol in _entries or bool(cache_dir) and os.path.exists(
        store.entry_path(cache_dir, disk_key, f'{symbol}.o'))


def compile_ahead(objects: list) -> list:
    """Have the compile process (:mod:`~tapejit.targets.cpu.compile_process`)
    compile, while this process compiles others, the objects that
    :func:`load_object` will be asked for, in that order: ``(key_text,
    make_ir, cache_dir, prefix, speed)`` each, as its arguments.  Those
    loaded or in the store already are left out; nothing is handed over
    where fewer than two are left, or where this process may use one core.
    The jobs handed over (:class:`~tapejit.targets.cpu.compile_process.Job`),
    for :func:`~tapejit.targets.cpu.compile_process.withdraw` when the loads
    are done."""
    jobs = _jobs(objects)
    if len(jobs) < 2:
        return []
    # This machine's figures, which size every product and parallel kernel
    # of the process, measured before the compile process takes a core.
    threads.calibration()
    st = _setup()
    compile_process.offer(jobs, st['cpu'], st['features'])
    return jobs


def compile_there(objects: list) -> None:
    """Have the compile process compile ``objects`` (as
    :func:`compile_ahead`'s, however few) and wait until it has: a thread
    that needs kernels beside this process's work (a product's trial: its
    kernel) then loads them without holding LLVM, which the process's
    other threads compile with, for the time of a compile.  Where the
    compile process does not take them, :func:`load_object` compiles them
    here as always."""
    st = _setup()
    # (The symbols its entry calls too, where they are not loaded yet.)
    given = [(key_text, make_ir, objects[0][2], prefix, 2)
             for name, (key_text, make_ir, prefix) in _providers.items()
             if name not in st['symbols']] if objects else []
    jobs = _jobs(given + list(objects))
    if jobs:
        compile_process.offer(jobs, st['cpu'], st['features'])
        compile_process.wait_answered([job.symbol for job in jobs])


def _jobs(objects: list) -> list:
    """The compile process's jobs for ``objects`` (see :func:`compile_ahead`)
    not loaded or stored yet; none where this process may use one core."""
    if threads.available_cores() < 2:
        return []
    jobs, seen = [], set()
    for key_text, make_ir, cache_dir, prefix, speed in objects:
        symbol, _ = _names(key_text, prefix, speed)
        if symbol in seen or has_object(key_text, cache_dir, prefix, speed):
            continue
        seen.add(symbol)
        jobs.append(compile_process.Job(symbol, make_ir, speed))
    return jobs


def _load(obj: bytes, symbol: str) -> int:
    """The address of ``symbol`` in the object code ``obj``, loaded into
    this process by :mod:`object_loader`, else by LLVM's MCJIT."""
    if object_loader.supported():
        try:
            addr = object_loader.load(obj, _state['symbols']).get(symbol)
            if addr:
                return addr
        except object_loader.NotLoadable:
            pass
    st = _jit()
    st['engine'].add_object_file(st['llvm'].ObjectFileRef.from_data(obj))
    st['engine'].finalize_object()
    return st['engine'].get_function_address(symbol)
