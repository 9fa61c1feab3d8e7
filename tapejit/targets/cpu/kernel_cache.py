"""The CPU's compiled kernels: a kernel's loop IR compiled natively
(:class:`~tapejit.targets.cpu.native.NativeKernel`) where it is serial, else
rendered as Numba source (:mod:`~tapejit.targets.cpu.codegen`) and compiled
by Numba, through the module files and verified Numba cache files of
:mod:`tapejit.targets.numba_cache`.

A kernel is identified by :func:`kernel_id`: the digest of its loop IR
(:func:`tapejit.compiler.loop_ir.digest`; whether it is parallel is part of
the IR) and its fast-math flags, never by its rendered text.  A Numba
kernel's key adds the renderer and the fingerprint of what compiles it
(tapejit's sources, Numba's and llvmlite's versions, the host CPU); a native
kernel's object code is keyed by :mod:`~tapejit.targets.cpu.llvm_jit` with
its own.  Kernels with equal loop IR and flags share one compiled kernel.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any, Optional

from tapejit.compiler import loop_ir as L, store
from tapejit.targets import numba_cache
from tapejit.targets.cpu import codegen, llvm_jit, native as native_kernels

HEADER = ('import math\nimport numpy as np\nfrom numba import njit\n'
          'from tapejit.targets.cpu.claim import next_chunk\n'
          'from tapejit.targets.cpu.vecmath import tanh_f32\n\n')


def _fingerprint() -> str:
    from tapejit.targets.cpu.host_cpu import host_cpu
    # (Numba's version from its metadata: importing Numba only to key a
    # kernel would cost a process that runs native kernels alone.)
    return store.fingerprint('numba', 'llvmlite', cpu='|'.join(host_cpu()))


_FP: Optional[str] = None


def flags_text(fastmath: Any) -> str:
    """``fastmath`` (a bool or a set of LLVM flags) as Python source, the
    same in every process (a set's own order follows string hashing, which
    differs between processes, and would key a kernel anew in each).

    >>> flags_text({'reassoc', 'contract'}), flags_text(False)
    ("{'contract', 'reassoc'}", 'False')
    """
    if isinstance(fastmath, (set, frozenset)):
        return '{' + ', '.join(repr(f) for f in sorted(fastmath)) + '}'
    return repr(fastmath)


def kernel_id(kernel: L.Kernel, fastmath: Any) -> str:
    """What identifies the CPU kernel of loop IR ``kernel`` compiled with
    ``fastmath``, in every process: the IR's digest and the flags.

    >>> import numpy as np
    >>> body = [L.Assign(L.Load('y', ('i',)), L.Load('x', ('i',)))]
    >>> k = L.Kernel('kernel', ['x', 'y'], [],
    ...              L.ChunkLoop(False, [], [L.ChunkRange('i', body)], []))
    >>> kernel_id(k, {'reassoc'}) == f"{L.digest(k)} fastmath={{'reassoc'}}"
    True
    """
    return f'{L.digest(kernel)} fastmath={flags_text(fastmath)}'


def _numba_key(ident: str) -> str:
    """The key of the Numba kernel identified by ``ident`` (:func:`kernel_id`)."""
    global _FP
    if _FP is None:
        _FP = _fingerprint()
    return hashlib.sha256(f'{_FP}\nnumba\n{ident}'.encode()).hexdigest()[:24]


def _decorate(kernel: L.Kernel, fastmath: Any, cache: bool) -> str:
    """The module text of the Numba kernel rendered from ``kernel``."""
    # error_model="numpy": a float division by zero gives inf/NaN as in NumPy
    # instead of raising, and leaves the loop without an exit so it vectorizes.
    # (Numba compiles the parallel kernels only: serial over a range of
    # chunks, without the GIL, so that the plan's threads run them at once.)
    return (HEADER + f'@njit(fastmath={flags_text(fastmath)}, cache={cache}, '
            'nogil=True, boundscheck=False, error_model="numpy")\n'
            + codegen.source(kernel).replace(f'def {kernel.name}(', 'def kernel(', 1))


def get_kernel(kernel: L.Kernel, *, fastmath: Any = False, exclusive: bool = False) -> Any:
    """The compiled kernel of loop IR ``kernel``: a Numba dispatcher of its
    rendered source where it is parallel, else compiled natively
    (:class:`native.NativeKernel`, ``exclusive`` as there).  ``fastmath``:
    a bool, or a set of LLVM fast-math flags.

    >>> import numpy as np
    >>> body = [L.Assign(L.Load('y', ('i',)), L.Load('x', ('i',)))]
    >>> k = L.Kernel('kernel', ['x', 'y'], [],
    ...              L.ChunkLoop(False, [], [L.ChunkRange('i', body)], []))
    >>> get_kernel(k) is get_kernel(L.Kernel(k.name, k.params, k.hoisted, k.chunk))
    True
    """
    ident = kernel_id(kernel, fastmath)
    parallel = kernel.chunk.parallel
    label = f'kernel (parallel={parallel} fastmath={flags_text(fastmath)})'
    if not parallel:
        # Keyed without the fingerprint, which reads Numba's version: a
        # process loading only native kernels never needs it.  (The object
        # code's own key holds llvmlite's.)
        def make(d: Optional[str]) -> Any:
            return native_kernels.NativeKernel(kernel.name, kernel, fastmath, d,
                                               exclusive=exclusive)
        return numba_cache.load(f'llvm|{exclusive}|{ident}', f'native {label}',
                                lambda: codegen.source(kernel),
                                lambda d: make(os.path.join(d, 'native')), lambda: make(None))
    key = _numba_key(ident)
    return numba_cache.load_source(key, label, codegen.source(kernel), f'tapejit_kernel_{key}',
                                   os.path.join('numba', f'k_{key}.py'),
                                   lambda cache: _decorate(kernel, fastmath, cache))


def compile_in_memory(kernel: L.Kernel, fastmath: Any = False) -> Any:
    """Compile the parallel kernel of loop IR ``kernel`` without the disk
    cache (after its cache entry failed to load)."""
    key = _numba_key(kernel_id(kernel, fastmath))
    return numba_cache.recompile_in_memory(key, _decorate(kernel, fastmath, False),
                                           f'tapejit_kernel_{key}')


def compiled_signatures() -> int:
    """How many (kernel, argument types) pairs this process has compiled or
    loaded, natively compiled one-call plans included: a new batch size must
    not add any.

    >>> compiled_signatures() >= 0
    True
    """
    kernels = sum(len(k.signatures) for k in numba_cache.loaded())
    with llvm_jit.lock():
        plans = sum(1 for symbol in llvm_jit._entries if symbol.startswith('tjplan_'))
    return kernels + plans
