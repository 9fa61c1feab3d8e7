"""Where a trace's reads start, found in a code object's bytecode.

:func:`chains` lists, per code object of the user's (and of tapejit's
links), the reads that start at its instructions: a global, or a local,
cell or global followed by attributes, constant items, ``d.get(k)``,
``getattr(x, name)``, ``type(x)`` or ``vars(x)``; and the attribute chains
read from the result of a call (``self.cfg().scale``).
:class:`tapejit.jit.reads.ReadRecorder` reads them as the trace runs.

>>> def f(self, x):
...     return x * self.cfg().scale + self.bias
>>> entry, by_line, after_calls = chains(f.__code__)
>>> [read for read, line in entry], set(after_calls.values())
([('local', 'self', ('cfg',)), ('local', 'self', ('bias',))], {('scale',)})
"""

from __future__ import annotations

import builtins
import dis
import hashlib
import importlib.util
import marshal
import os
import site
import types
from typing import Optional

_ROOTS = {'LOAD_FAST': 'local', 'LOAD_FAST_CHECK': 'local', 'LOAD_DEREF': 'local',
          'LOAD_CLASSDEREF': 'local', 'LOAD_GLOBAL': 'global', 'LOAD_NAME': 'global'}
_ATTRS = ('LOAD_ATTR', 'LOAD_METHOD')
_CALLS = ('getattr', 'type', 'vars')  # (builtins whose result a read goes on through)
_DUPS = ('COPY', 'DUP_TOP')  # (``self.n += 1`` copies the object before reading)
_STORES = ('STORE_FAST', 'DELETE_FAST', 'STORE_DEREF', 'DELETE_DEREF')
_CALL_OPS = ('CALL', 'CALL_FUNCTION', 'CALL_METHOD', 'CALL_FUNCTION_KW')
_BUILTINS = frozenset(vars(builtins))
# (What _getter leaves out depends on the builtins this process started
# with: an IPython kernel's add display(); part of an analysis's key.)
_BUILTINS_KEY = ' '.join(sorted(_BUILTINS))


def _dir(path: str) -> str:
    return path if path.endswith('.py') else os.path.join(path, '')


def _not_users() -> tuple:
    """``(libraries, standard library, site folders)``: the folders of the
    libraries tapejit runs on and of tapejit itself (whose code is not the
    user's), the standard library's, and the folders of installed packages
    (which may be inside the standard library's).  (From ``os`` and
    ``site``: ``sysconfig``'s paths load its build data, milliseconds of
    a process's first trace.)

    >>> libs, stdlib, site_dirs = _not_users()
    >>> os.__file__.startswith(stdlib), any(d.endswith(os.sep + 'numpy' + os.sep) for d in libs)
    (True, True)
    """
    libs = [os.path.dirname(os.path.dirname(os.path.abspath(__file__)))]
    for name in ('numpy', 'numba', 'llvmlite', 'threadpoolctl', 'cupy', 'scipy'):
        # (Found without importing them: tapejit may not need them this run.)
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin:
            package = spec.submodule_search_locations is not None
            libs.append(os.path.dirname(spec.origin) if package else spec.origin)
    stdlib = _dir(os.path.dirname(os.__file__)) if getattr(os, '__file__', None) else None
    if stdlib is None:      # (a frozen ``os``: the interpreter's own record)
        import sysconfig
        stdlib = _dir(sysconfig.get_path('stdlib'))
    sites = []
    for name in ('getsitepackages', 'getusersitepackages'):
        # (Either may be missing, a frozen application's ``site``, or give None.)
        got = getattr(site, name, None)
        got = got() if got is not None else None
        sites.extend([got] if isinstance(got, str) else got or ())
    # (A folder that holds the standard library is no site folder: Windows
    # lists the installation's own folder among them.)
    sites = [_dir(d) for d in sites if d and not stdlib.startswith(_dir(d))]
    return tuple(map(_dir, libs)), stdlib, tuple(dict.fromkeys(sites))


LINKS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'links', '')
LINK_BASE = os.path.join(LINKS, 'link.py')
_folders: Optional[tuple] = None
watched: dict = {}  # code -> its reads (see chains) or None
UNSEEN = object()
MAX_CODES = 4096


def is_users(filename: str) -> bool:
    """Whether code from ``filename`` is read for values: the user's, and
    tapejit's links but their base class (its machinery reads no model values)."""
    global _folders
    if _folders is None:
        _folders = _not_users()
    if filename.startswith('<'):
        return not filename.startswith(('<frozen', '<tapejit'))
    if filename.startswith(LINKS):
        return filename != LINK_BASE
    libs, stdlib, sites = _folders
    if filename.startswith(libs):
        return False
    return filename.startswith(sites) or not filename.startswith(stdlib)


def importing(frame: types.FrameType) -> bool:
    """Whether ``frame`` runs for the import system (an import hook, a
    module's own code run as it is imported), not for the traced function."""
    back = frame.f_back
    return back is not None and back.f_code.co_filename.startswith('<frozen importlib')


def chains(code: types.CodeType) -> Optional[tuple]:
    """``(at_entry, by_line, after_calls)`` of the reads that start at
    instructions of ``code`` (a global, or a local followed by attributes),
    each as ``(kind, name, attrs)``; None for code that is not the user's.
    The reads from a global, a closed-over variable or an argument the code
    never assigns (``self``) are read when a call enters the code (a value
    the call then changes traces again at the next call: never stale), each
    with its line (``at_entry``: ``(read, line)``), and kept as guards once
    that line runs (a read on a line the call never reaches, a branch not
    taken, guards nothing: the branch's condition is guarded itself); the
    others, from locals the code assigns, when their line starts
    (``by_line``: ``{line: reads}``).  ``after_calls``: :func:`_after_calls`."""
    try:
        return watched[code]
    except KeyError:
        pass
    out: Optional[tuple] = None
    if is_users(code.co_filename) and code.co_name != '<module>':
        out = _kept(code)
    if len(watched) >= MAX_CODES:
        watched.clear()
    watched[code] = out
    return out


def _analyse(code: types.CodeType) -> tuple:
    """:func:`chains` of the user's ``code``, from its bytecode."""
    ins = [i for i in dis.get_instructions(code) if i.opname != 'CACHE']
    stored = {i.argval for i in ins if i.opname in _STORES}
    nargs = code.co_argcount + code.co_kwonlyargcount + bool(code.co_flags & 0x04) + bool(
        code.co_flags & 0x08)
    fixed = (set(code.co_varnames[:nargs]) | set(code.co_freevars)) - stored
    entry, by_line = [], {}
    for k, (i, line) in enumerate(zip(ins, _lines(ins))):
        kind = _ROOTS.get(i.opname)
        if kind is None:
            continue
        attrs = _steps(ins, k)
        if (kind == 'local' and not attrs and i.argval in code.co_freevars
                and i.argval != '__class__'):
            kind = 'cell'  # (a variable of an enclosing function, read as it is)
        if kind != 'local' or attrs:
            chain = (kind, i.argval, tuple(attrs))
            dynamic = any(a.__class__ is tuple and a[0] == 'attr' for a in attrs)
            if not dynamic and (kind == 'global' or i.argval in fixed):
                entry.append((chain, line))
            else:
                by_line.setdefault(line, []).append(chain)
        getter = _getter(ins, k)
        if getter is not None:
            # (Besides the read of the name itself, as the line runs.)
            by_line.setdefault(line, []).append(('local' if kind == 'cell' else kind,
                                                 i.argval, (getter,)))
    return (tuple(dict.fromkeys(entry)), {n: tuple(c) for n, c in by_line.items()},
            _after_calls(ins))


def _kept(code: types.CodeType) -> tuple:
    """:func:`_analyse` of ``code`` as an earlier process kept it in the
    store (folder ``reads/``, authenticated as every entry), else analysed
    and kept: reading the bytecode of each function of the user's model
    and of tapejit's links took 0.2-1 ms of a process's first trace each."""
    from tapejit.compiler import store
    d = store.cache_dir()
    if d is None:
        return _analyse(code)
    folder = os.path.join(d, 'reads')
    key = _analysis_key(code, store.fingerprint())
    blob = store.read(folder, key, 'reading the code again')
    if blob is not None:
        try:
            out = marshal.loads(blob)
        except (ValueError, EOFError, TypeError):
            out = None
        if (out.__class__ is tuple and len(out) == 3 and out[0].__class__ is tuple
                and out[1].__class__ is dict and out[2].__class__ is dict):
            return out
    out = _analyse(code)
    store.write(folder, key, marshal.dumps(out))
    return out


def _analysis_key(code: types.CodeType, fingerprint: str) -> str:
    """The store's key of :func:`_analyse`'s result for ``code``: a digest
    of everything it reads (the bytecode and its line table, names,
    constants, arguments and flags) with tapejit's and the interpreter's
    versions (``fingerprint``).  A nested function's code stands by its
    name: the analysis reads no further into it."""
    h = hashlib.sha256()
    for part in (code.co_code, code.co_linetable, code.co_exceptiontable
                 if hasattr(code, 'co_exceptiontable') else b''):
        h.update(len(part).to_bytes(8, 'little') + part)
    consts = tuple(_const_text(c) for c in code.co_consts)
    h.update(repr((code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars,
                   code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount,
                   code.co_flags, code.co_firstlineno, consts, _BUILTINS_KEY)).encode())
    return f'reads\n{fingerprint}\n{h.hexdigest()}'


def _const_text(c: object) -> str:
    """A code constant as text, the same in every process: a nested
    function's code by its name, a frozenset's items in order (its own
    order follows string hashing, which differs between processes)."""
    if c.__class__ is types.CodeType:
        return f'<code {c.co_name}>'
    if c.__class__ is frozenset:
        return 'frozenset(' + repr(sorted(_const_text(e) for e in c)) + ')'
    if c.__class__ is tuple:
        return '(' + ', '.join(_const_text(e) for e in c) + ',)'
    return repr(c)


def _steps(ins: list, k: int) -> list:
    """The steps of the read that starts at ``ins[k]``: attribute names,
    ``('[]', key)`` for an item of a constant key, ``('type',)`` for
    ``type(x)``; ``getattr(x, 'name')`` is the attribute ``name``,
    ``getattr(x, n)`` of a local ``n`` (or ``n.a.b``) is ``('attr', 'n'[,
    'a', 'b'])``, its name read as the line runs."""
    steps: list = []
    prev = ins[k - 1] if k else None
    nxt = ins[k + 1:k + 4]
    names = [n.opname for n in nxt]
    if prev is not None and prev.opname == 'LOAD_GLOBAL' and prev.argval in _CALLS:
        if prev.argval == 'getattr' and names[:1] in (['LOAD_CONST'], ['LOAD_FAST']):
            # getattr(x, name) or getattr(x, name, default): ``name`` a
            # constant, or a local (read as the line runs).
            name = nxt[0].argval
            # (A name read from the local's attributes: getattr(self, self.which).)
            via = [] if nxt[0].opname == 'LOAD_CONST' else [
                a for a in _attr_steps(ins, k + 2, []) if isinstance(a, str)]
            rest = ins[k + 2 + len(via):k + 5 + len(via)]
            if rest and rest[0].opname == 'LOAD_CONST':
                rest = rest[1:]  # (a constant default)
            calls = [n.opname for n in rest[:2]]
            if not (calls[:1] in (['PRECALL'], ['CALL']) and rest[0].arg in (2, 3)):
                return steps
            if nxt[0].opname == 'LOAD_CONST':
                if not isinstance(name, str):
                    return steps
                steps.append(name)
            else:
                steps.append(('attr', name, *via))
            return steps  # (what follows the call: not followed)
        if names[:1] not in (['PRECALL'], ['CALL']) or nxt[0].arg != 1:
            return steps
        steps.append((prev.argval,))  # type(x), vars(x)
        k += 1 + (names[:2] == ['PRECALL', 'CALL'])
    j = k + 1
    if not steps and j < len(ins) and ins[j].opname in _DUPS:
        j += 1
    return _attr_steps(ins, j, steps)


def _getter(ins: list, k: int) -> Optional[tuple]:
    """``('getter', 'g', global)`` where ``ins[k]`` is the one argument of
    a call of a name ``g`` (``g(x)``), else None: where ``g`` holds an
    ``operator.attrgetter`` or ``itemgetter`` as the line runs, the read
    goes on through the attributes or items it gets (C code, whose reads
    no frame of its own shows)."""
    prev = ins[k - 1] if k else None
    call = ins[k + 1] if k + 1 < len(ins) else None
    if (prev is None or call is None or prev.opname not in _ROOTS or prev.argval in _CALLS
            or call.opname not in ('PRECALL', 'CALL') or call.arg != 1):
        return None
    if _ROOTS[prev.opname] == 'global' and prev.argval in _BUILTINS:
        return None  # (len(x), float(x): no getter; spares a read per line)
    return ('getter', prev.argval, _ROOTS[prev.opname] == 'global')


def _attr_steps(ins: list, j: int, steps: list) -> list:
    """``steps`` with the attributes, constant items and ``d.get(key)`` read
    from ``ins[j]`` on."""
    while j < len(ins):
        op = ins[j].opname
        if (op == 'LOAD_METHOD' and ins[j].argval == 'get' and j + 2 < len(ins)
                and ins[j + 1].opname == 'LOAD_CONST'
                and isinstance(ins[j + 1].argval, (int, str))):
            call = ins[j + 2]
            if call.opname == 'LOAD_CONST':  # (a constant default)
                call = ins[min(j + 3, len(ins) - 1)]
            if call.opname in ('PRECALL', 'CALL') and call.arg in (1, 2):
                steps.append(('[]', ins[j + 1].argval))  # d.get(key[, default]): the item
            break
        if op in _ATTRS:
            steps.append(ins[j].argval)
            j += 1
        elif (op == 'LOAD_CONST' and j + 1 < len(ins) and ins[j + 1].opname == 'BINARY_SUBSCR'
              and isinstance(ins[j].argval, (int, str))):
            steps.append(('[]', ins[j].argval))
            j += 2
        else:
            break
    return steps


def _after_calls(ins: list) -> dict:
    """Per call instruction's offset, the attributes (and items) read from
    the call's result right after it (``self.cfg().scale``); a method
    called on the result is read as the attribute it is."""
    out = {}
    for k, i in enumerate(ins):
        if i.opname in _CALL_OPS:
            steps = _attr_steps(ins, k + 1, [])
            if steps:
                # (While the call runs, the caller's ``f_lasti`` is the call's
                # offset or, past its inline cache, the unit before the next
                # instruction.)
                out[i.offset] = out[ins[k + 1].offset - 2] = tuple(steps)
    return out


def _lines(ins: list) -> list:
    """The line each instruction belongs to."""
    out, line = [], None
    for i in ins:
        n = getattr(i, 'line_number', None)
        if n is None and not isinstance(i.starts_line, bool):
            n = i.starts_line
        line = n if n is not None else line
        out.append(line)
    return out
