"""Generated Python source compiled once and kept on disk.

A plan writes several small Python functions for itself (the call check,
the input and result functions, the step runner, the hot call): compiling
them costs about 3 ms of a warm process's first call of an MLP step, whose
kernels load from the disk cache in 6.  Their code objects are kept in the
kernel cache directory (``py/``), marshalled, keyed by the source and the
interpreter's version, and written and checked like the native kernels'
object code (atomic writes, a checksum; a damaged entry is compiled again
with a warning).
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
import threading
import types

__all__ = ['compile_source']

_memory: dict = {}
_lock = threading.Lock()
# Distinct sources kept in memory: a process tracing many plans keeps the
# recent ones (each is a few kilobytes).
_MEMORY_MAX = 4096


def compile_source(src: str, filename: str) -> types.CodeType:
    """``compile(src, filename, 'exec')``, from this process's memory or the
    disk cache where an earlier process compiled the same source.

    >>> ns = {}
    >>> exec(compile_source('def f():\\n    return 41 + 1\\n', '<demo>'), ns)
    >>> ns['f']()
    42
    """
    key = (filename, src)
    code = _memory.get(key)
    if code is not None:
        return code
    # (Imported here: ``import tapejit`` stays as light as it was.)
    from tapejit.compiler import store
    d = store.cache_dir()
    path = None
    if d is not None:
        h = hashlib.sha256(f'{sys.version}\n{filename}\n{src}'.encode()).hexdigest()[:32]
        path = os.path.join(d, 'py', f'{h}.bin')
    if path is not None and os.path.exists(path):
        blob = store.read_entry(path)  # None (with a warning) when damaged
        if blob is not None:
            try:
                code = marshal.loads(blob)
            except (ValueError, EOFError, TypeError):
                code = None
            if not isinstance(code, types.CodeType) or code.co_filename != filename:
                code = None
    if code is None:
        code = compile(src, filename, 'exec')
        if path is not None:
            store.write_entry(path, marshal.dumps(code))
    with _lock:
        if len(_memory) >= _MEMORY_MAX:
            _memory.clear()
        _memory[key] = code
    return code
