"""The chunk a thread of a parallel kernel takes next.

A parallel kernel runs on the plan's threads at once
(:class:`tapejit.backends.threads.Chunked`), each calling it once.  Each
call takes chunks one at a time from a shared counter, by an atomic
fetch-and-add, until none is left: a thread that starts late, or whose core
another process takes, holds up no chunk it has not begun, and a call
costs one entry into the kernel per thread, whatever the number of chunks.
Chunks write their own partial results, so the outcome does not depend on
which thread ran which chunk.
"""

from __future__ import annotations

from typing import Any


def _next_chunk() -> Any:
    from llvmlite import ir
    from numba import types
    from numba.extending import intrinsic

    @intrinsic
    def next_chunk(typingctx: Any, addr: Any) -> Any:
        """The counter at address ``addr`` (an int64 the caller holds),
        incremented atomically; returns the value before."""
        if not isinstance(addr, types.Integer):
            return None

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            i64 = ir.IntType(64)
            ptr = builder.inttoptr(builder.zext(args[0], i64) if args[0].type.width < 64
                                   else args[0], i64.as_pointer())
            return builder.atomic_rmw('add', ptr, ir.Constant(i64, 1), 'monotonic')
        return types.int64(addr), codegen
    return next_chunk


def __getattr__(name: str) -> Any:
    # ``next_chunk``, which generated kernel modules import, is made on first
    # use: a process running only native kernels never imports Numba.
    if name == 'next_chunk':
        f = globals()['next_chunk'] = _next_chunk()
        return f
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')
