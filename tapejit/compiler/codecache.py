"""Generated Python source compiled once and kept on disk.

Compiling the small functions a plan writes for itself (the call check, the
entry, the step runner) is a sizeable part of a warm process's first call:
their code objects are kept in the store (:mod:`tapejit.compiler.store`,
folder ``code/``), marshalled, keyed by the source, its file name and the
interpreter's version.
"""

from __future__ import annotations

import marshal
import os
import sys
import threading
import types

__all__ = ['compile_source', 'define']

_memory: dict = {}
_lock = threading.Lock()
# Distinct sources kept in memory (each a few kilobytes).
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
    folder = os.path.join(d, 'code') if d is not None else None
    disk_key = f'code\n{sys.version}\n{filename}\n{src}'
    if folder is not None:
        blob = store.read(folder, disk_key)  # None (warned) when damaged or swapped
        if blob is not None:
            try:
                code = marshal.loads(blob)
            except (ValueError, EOFError, TypeError):
                code = None
            if not isinstance(code, types.CodeType) or code.co_filename != filename:
                code = None
    if code is None:
        code = compile(src, filename, 'exec')
        if folder is not None:
            store.write(folder, disk_key, marshal.dumps(code))
    with _lock:
        if len(_memory) >= _MEMORY_MAX:
            _memory.clear()
        _memory[key] = code
    return code


def define(name: str, params: str, lines: list, env: dict, filename: str) -> types.FunctionType:
    """The function ``def name(params)`` whose statements are ``lines``, its
    globals ``env``, compiled by :func:`compile_source` (as ``filename``);
    its ``source`` attribute holds the text (``explain()`` shows it).

    >>> f = define('f', 'x', ['return x + 1'], {}, '<demo>')
    >>> f(41), f.source.splitlines()
    (42, ['def f(x):', '    return x + 1'])
    """
    src = f'def {name}({params}):\n' + ''.join(f'    {ln}\n' for ln in lines)
    exec(compile_source(src, filename), env)
    fn = env[name]
    fn.source = src
    return fn
