"""The CPU's compiled kernels: a kernel's loop IR compiled natively
(:class:`~tapejit.targets.cpu.native.NativeKernel`), serial or parallel (its
chunks taken by the plan's threads, :class:`tapejit.backends.threads.Chunked`),
kept in memory by :mod:`tapejit.targets.numba_cache`'s table of loaded
kernels.

A kernel is identified by :func:`kernel_id`: the digest of its loop IR
(:func:`tapejit.compiler.loop_ir.digest`; whether it is parallel is part of
the IR) and its fast-math flags, never by its rendered text.  Its object
code is keyed by :mod:`~tapejit.targets.cpu.llvm_jit` with llvmlite's
version and the host CPU.  Kernels with equal loop IR and flags share one
compiled kernel.
"""

from __future__ import annotations

import os
from typing import Any, Optional

from tapejit.compiler import loop_ir as L
from tapejit.targets import numba_cache
from tapejit.targets.cpu import codegen, llvm_jit, native as native_kernels

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


def kernel_id(kernel: L.Kernel, fastmath: Any, digest: Optional[str] = None) -> str:
    """What identifies the CPU kernel of loop IR ``kernel`` compiled with
    ``fastmath``, in every process: the IR's digest (``digest`` where the
    caller has it) and the flags.

    >>> import numpy as np
    >>> body = [L.Assign(L.Load('y', ('i',)), L.Load('x', ('i',)))]
    >>> k = L.Kernel('kernel', ['x', 'y'], [],
    ...              L.ChunkLoop(False, [], [L.ChunkRange('i', body)], []))
    >>> kernel_id(k, {'reassoc'}) == f"{L.digest(k)} fastmath={{'reassoc'}}"
    True
    """
    return f'{digest or L.digest(kernel)} fastmath={flags_text(fastmath)}'


def get_kernel(kernel: L.Kernel, *, fastmath: Any = False, exclusive: bool = False,
               digest: Optional[str] = None) -> Any:
    """The compiled kernel of loop IR ``kernel`` (:class:`native.NativeKernel`,
    ``exclusive`` as there).  ``fastmath``:
    a bool, or a set of LLVM fast-math flags; ``digest``: the IR's
    :func:`~tapejit.compiler.loop_ir.digest`, where the caller has it.

    >>> import numpy as np
    >>> body = [L.Assign(L.Load('y', ('i',)), L.Load('x', ('i',)))]
    >>> k = L.Kernel('kernel', ['x', 'y'], [],
    ...              L.ChunkLoop(False, [], [L.ChunkRange('i', body)], []))
    >>> get_kernel(k) is get_kernel(L.Kernel(k.name, k.params, k.hoisted, k.chunk))
    True
    """
    digest = digest or L.digest(kernel)
    ident = kernel_id(kernel, fastmath, digest)
    label = f'kernel (parallel={kernel.chunk.parallel} fastmath={flags_text(fastmath)})'

    def make(d: Optional[str]) -> Any:
        return native_kernels.NativeKernel(kernel.name, kernel, fastmath, d,
                                           exclusive=exclusive, digest=digest)
    return numba_cache.load(f'llvm|{exclusive}|{ident}', f'native {label}',
                            lambda: codegen.source(kernel),
                            lambda d: make(os.path.join(d, 'native')), lambda: make(None))


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
