"""CPU kernels compiled straight to machine code with llvmlite.

Numba types and lowers each kernel in Python and is slow to start in every
process, even one that only loads cached kernels.  A kernel's loop IR
(:mod:`tapejit.compiler.loop_ir`) is instead emitted as LLVM IR by
:mod:`~tapejit.targets.cpu.llvm_render` with the builder helpers of
:mod:`~tapejit.targets.cpu.emitter` (values typed with NumPy's promotion
rules, computed as Numba computes the kernel's rendered text), optimized at
O2 with loop vectorization, and loaded by :mod:`~tapejit.targets.cpu.llvm_jit`.

Each variant is specialized on its arguments' dtypes, ranks and C-contiguity
and entered as a CPython ``METH_FASTCALL`` function that checks the arrays'
fields itself and returns ``None``, or ``NotImplemented`` for arguments it
was not compiled for (:class:`NativeKernel` then dispatches by signature).
Variants are cached as object code in the store
(:mod:`tapejit.compiler.store`) under the digest of the kernel's loop IR
(:func:`tapejit.compiler.loop_ir.digest`, never its rendered text), the
flags, the signature and the store's fingerprint.  Process addresses are
symbols each process binds, so cached code never holds a stale address.
What no op table entry compiles raises :class:`Unsupported`: the plan runs
that kernel op by op, with a warning.  A parallel kernel's entry takes
the address of a chunk counter after ``n, ch, nch``: each of the plan's
threads enters it once and takes chunks from that counter
(:class:`tapejit.backends.threads.Chunked`); every entry runs its loops
without the GIL.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import numpy

from tapejit.compiler.loop_ir import Unsupported, digest as ir_digest
from tapejit.targets.cpu import pool_waits
from tapejit.targets.cpu.llvm_jit import load_object

__all__ = ['NativeKernel', 'Unsupported']


def signature(args: tuple) -> Optional[tuple]:
    """Per argument, ``'int'`` or ``(dtype character, ndim, C-contiguous)``:
    the variant of a kernel these arguments call; None where one has none
    (a subclass, a 0-d or unaligned array).

    >>> import numpy as np
    >>> signature((3, np.zeros((2, 2), np.float32)))
    ('int', ('f', 2, True))
    """
    sig = []
    for a in args:
        if a.__class__ is int and -2 ** 63 <= a < 2 ** 63:
            sig.append('int')
        elif (a.__class__ is numpy.ndarray and a.dtype.isnative and a.flags.aligned
              and a.ndim > 0):
            # By character, not ``dtype.str``: int64 and longlong share a
            # string but not the type number the entry checks.
            sig.append((a.dtype.char, a.ndim, bool(a.flags.c_contiguous)))
        else:
            return None
    return tuple(sig)


class NativeKernel:
    """A generated kernel compiled here, called like its Numba dispatcher:
    ``k(n, ch, nch, *arrays)``.  ``kernel`` is its loop IR
    (:class:`tapejit.compiler.loop_ir.Kernel`).  :attr:`fast` is the entry
    of the variant compiled last, which returns ``None`` when it ran, else
    ``NotImplemented`` (arguments of another signature: call the kernel).

    >>> import numpy as np
    >>> from tapejit.compiler import loop_ir as L
    >>> f32 = np.dtype(np.float32)
    >>> body = [L.Assign(L.Load('y', ('i',)), L.Apply('mul', (L.Load('x', ('i',)),
    ...                  L.Const(2.0, f32)), {}, (f32, f32), f32))]
    >>> k = NativeKernel('k', L.Kernel('k', ['x', 'y'], [], L.ChunkLoop(
    ...     False, [], [L.ChunkRange('i', body)], [])), False, None)
    >>> x, y = np.arange(3, dtype=np.float32), np.zeros(3, np.float32)
    >>> k(np.array([3]), 8, 1, x, y); y
    array([0., 2., 4.], dtype=float32)
    """

    def __init__(self, name: str, kernel: Any, fastmath: Any, cache_dir: Optional[str],
                 exclusive: bool = False, digest: Optional[str] = None) -> None:
        self.name = name
        # The caller passes arrays the kernel writes that share memory with
        # no other argument: no run-time overlap checks, and whether a loop
        # vectorizes (the order of a float sum) does not depend on where the
        # buffers lie.
        self.exclusive = exclusive
        from tapejit.targets.cpu import llvm_render
        self.kernel, self.digest = kernel, digest or ir_digest(kernel)
        stmts = kernel.hoisted + kernel.chunk.pre + kernel.chunk.body + kernel.chunk.post
        stored = llvm_render.stored_arrays(stmts)
        self.params = llvm_render.head(kernel) + list(kernel.params)
        self.written = [k for k, p in enumerate(self.params) if p in stored]
        self.fastmath = fastmath
        self.cache_dir = cache_dir
        self.variants: dict = {}       # signature -> entry
        self.fast: Callable = self.__call__  # (a kernel returns None)

    @property
    def signatures(self) -> list:
        """The signatures compiled (or loaded) so far."""
        return list(self.variants)

    def __call__(self, *args: Any) -> None:
        sig = signature(args)
        if sig is None:
            return self._call_plain(args)
        fn = self._variant(sig)
        if fn(*args) is not None:
            # (The signature matched: only an array it writes can be refused.)
            frozen = [self.params[k] for k in self.written if not args[k].flags.writeable]
            raise ValueError(f'kernel {self.name}: it writes {", ".join(frozen)}, given '
                             f'read-only arrays')
        return None

    def pack(self, block: numpy.ndarray, *args: Any) -> bool:
        """Pack the call ``self(*args)`` into ``block`` (an int64 array)
        for the pool's threads (see
        :meth:`~tapejit.targets.cpu.emitter.Emitter.entry_function`);
        False where it is not packed (arguments the plain call converts or
        refuses: the caller then calls)."""
        sig = signature(args)
        return sig is not None and self._variant(sig)(*args, block) is None

    def _variant(self, sig: tuple) -> Callable:
        """The entry of signature ``sig``, loaded the first time (then
        :attr:`fast`)."""
        fn = self.variants.get(sig)
        if fn is None:
            fn = self.variants[sig] = self._load_variant(sig)
            self.fast = fn
        return fn

    def _call_plain(self, args: tuple) -> None:
        """Call with each array that has no signature (a subclass, unaligned,
        another byte order) as a plain aligned ndarray, copied back where
        the kernel writes a copy."""
        plain = [numpy.asarray(a) if isinstance(a, numpy.ndarray) else a for a in args]
        for k, a in enumerate(plain):
            if isinstance(a, numpy.ndarray) and not (a.flags.aligned and a.dtype.isnative):
                plain[k] = numpy.array(a, a.dtype.newbyteorder('='))
        if signature(tuple(plain)) is None:
            raise Unsupported(f'kernel {self.name}: arguments of types '
                              f'{[type(a).__name__ for a in args]} (a 0-d array, an int '
                              f'beyond 64 bits?)')
        self(*plain)
        for k in self.written:
            if plain[k] is not args[k] and not numpy.shares_memory(plain[k], args[k]):
                args[k][...] = plain[k]

    def _load_variant(self, sig: tuple) -> Callable:
        key, make = self._source(sig)
        fn = load_object(key, make, self.cache_dir)
        pool_waits.install()      # (the threads that run it poll, not sleep)
        return fn

    def ahead(self, sig: tuple) -> tuple:
        """The arguments :func:`~tapejit.targets.cpu.llvm_jit.load_object`
        will be given for the variant of signature ``sig`` (for
        :func:`~tapejit.targets.cpu.llvm_jit.compile_ahead`)."""
        key, make = self._source(sig)
        return key, make, self.cache_dir, 'tj', 2

    def _source(self, sig: tuple) -> tuple:
        """``(key text, make_ir)`` of the variant of signature ``sig``."""
        from tapejit.targets.cpu import llvm_render
        fm = self.fastmath
        fm = sorted(fm) if isinstance(fm, (set, frozenset)) else fm
        key = f'llvm\n{fm!r}\n{self.exclusive}\n{sig!r}\n{self.digest}'
        return key, lambda symbol: llvm_render.translate(
            self.kernel, sig, self.fastmath, symbol, self.exclusive)
