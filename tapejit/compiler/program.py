"""A compiled plan's statements; each target's runners render them.

Every plan is lowered once (:mod:`tapejit.compiler.plan`) to a
:class:`Program`: the arrays it takes, a table of sizes, the kernels and
library callables it calls, and statements over named arrays in which every
buffer decision is made.  :class:`tapejit.compiler.runner.ProgramWriter` and
:mod:`tapejit.targets.cpu.native_plan` render it.  Sizes are positions in the
table (``T[k]``), never values: a new batch size builds a new table for the
same statements (:meth:`Program.key`).  A name nothing frees dies after its
last reader.  Each statement is a named tuple, printed as below:

>>> p = Program(('a0', 'a1'), [3, 4, 1, 1])
>>> for st in [Alloc('o1', (0, 1), 'float32', pool=True), InPlace('d2', 'a1', (0,), 'float32'),
...            CallKernel(0, (0, 2), 2, 3, ('a0', 'd2', 'o1')), Reshape('v5', 'o1', None),
...            Alloc('r3', (0,), 'float32', 0.0), Finish('sum', 'r3', 'f4', (), 'float32'),
...            Call('o6', 'matmul', (('transb', True),), ('a0', 'a0'), 0),
...            CopyInto('d7', 'a0', 'o6'), Free('o1', True), Free('r3', False),
...            Return(('v5', 'f4', 'd7', 'o6'), (0,))]:
...     _ = p.add(st)
>>> print(p.describe())
plan(T, a0, a1):
    o1 = take((T[0], T[1]), float32)
    d2 = in_place(a1)
    k0(T[0:2], T[2], T[3], a0, d2, o1)
    v5 = reshape(o1, -1)
    r3 = full((T[0],), 0.0, float32)
    f4 = fin_sum(r3, (1,), float32)
    o6 = matmul(a0, a0, transb=True)
    d7 = copy_into(a0, o6)
    release(o1)
    drop(r3)
    return (copy(v5), f4, d7, o6)
    # T = [3, 4, 1, 1]
>>> p.output_roots(), sorted(p.written_params())
([('alloc', 'o1'), ('alloc', 'f4'), ('param', 'a0'), ('alloc', 'o6')], ['a0', 'a1'])
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Union

__all__ = ['Alloc', 'Reshape', 'Slice', 'CallKernel', 'Call', 'Finish', 'InPlace', 'CopyInto',
           'Free', 'Return', 'Program']

Dims = tuple  # a shape as positions in the size table; ``()``: 0-d (one element)
Scalar = Union[bool, int, float]  # a fill value, of its dtype's kind
# Library calls whose result is a new array (the others may be views).
NEW_ARRAY_CALLS = frozenset({'matmul', 'argmax', 'argmin', 'conv2d', 'conv2d_transpose',
                             'conv2d_filter', 'attention', 'attention_grad'})
# Library calls that write their result into a given array (their ``out=``).
OUT_CALLS = frozenset({'matmul', 'conv2d', 'conv2d_transpose', 'conv2d_filter', 'attention',
                       'attention_grad'})


def _tuple(items: list) -> str:
    return '(' + ', '.join(items) + (',' if len(items) == 1 else '') + ')'


def _dims(dims: Dims) -> str:
    return _tuple([f'T[{d}]' for d in dims]) if dims else '(1,)'


class Alloc(NamedTuple):
    """``out``: a new array of ``dims``, ``fill`` unless None, from the pool where ``pool``."""

    out: str
    dims: Dims
    dtype: str
    fill: Optional[Scalar] = None
    pool: bool = False

    def __str__(self) -> str:
        if self.fill is None:
            how = 'take' if self.pool else 'empty'
            return f'{self.out} = {how}({_dims(self.dims)}, {self.dtype})'
        return f'{self.out} = full({_dims(self.dims)}, {self.fill!r}, {self.dtype})'


class Reshape(NamedTuple):
    """``out``: ``src``'s elements in shape ``dims`` (a view), or one row where None."""

    out: str
    src: str
    dims: Optional[Dims]

    def __str__(self) -> str:
        shape = '-1' if self.dims is None else _dims(self.dims)
        return f'{self.out} = reshape({self.src}, {shape})'


class Slice(NamedTuple):
    """``out``: the elements of the row ``src`` from ``T[start]`` on, in
    shape ``dims`` (a view: a value's place in a bucket's buffer)."""

    out: str
    src: str
    start: int
    dims: Dims

    def __str__(self) -> str:
        return f'{self.out} = slice({self.src}, T[{self.start}], {_dims(self.dims)})'


class CallKernel(NamedTuple):
    """Kernel ``kernel`` on table entries ``sizes`` (start, stop), ``ch``, ``nch``, ``args``."""

    kernel: int
    sizes: tuple
    ch: int  # the chunk length (a GPU's threads per block)
    nch: int  # the chunk count (a GPU's blocks)
    args: tuple

    def __str__(self) -> str:
        lo, hi = self.sizes
        return f'k{self.kernel}(T[{lo}:{hi}], T[{self.ch}], T[{self.nch}], {", ".join(self.args)})'


class Call(NamedTuple):
    """``out``: library call ``prim`` (callable ``fn``); a view unless in
    ``NEW_ARRAY_CALLS``; written into the array ``into`` (its ``out=``) where given."""

    out: str
    prim: str
    params: tuple
    args: tuple
    fn: int
    into: Optional[str] = None

    def __str__(self) -> str:
        items = list(self.args) + [f'{k}={v!r}' for k, v in self.params]
        items += [f'out={self.into}'] if self.into else []
        return f'{self.out} = {self.prim}({", ".join(items)})'


class Finish(NamedTuple):
    """``out``: a reduction's ``op`` over ``buf``'s first axis, or ``'cast'`` to
    ``dtype``; written into the array ``into`` where given."""

    op: str
    buf: str
    out: str
    dims: Dims
    dtype: str
    into: Optional[str] = None

    def __str__(self) -> str:
        into = f', into={self.into}' if self.into else ''
        return f'{self.out} = fin_{self.op}({self.buf}, {_dims(self.dims)}, {self.dtype}{into})'


class InPlace(NamedTuple):
    """``out``: ``src``, for the next kernel to write, where it may be written; else a copy."""

    out: str
    src: str
    dims: Dims
    dtype: str

    def __str__(self) -> str:
        return f'{self.out} = in_place({self.src})'


class CopyInto(NamedTuple):
    """``out``: ``dst`` (a donated parameter, a value's place in a bucket)
    given ``src``'s values where writable, else ``src``."""

    out: str
    dst: str
    src: str

    def __str__(self) -> str:
        return f'{self.out} = copy_into({self.dst}, {self.src})'


class Free(NamedTuple):
    """The plan is done with ``name``: back to the pool (``pool``) or dropped."""

    name: str
    pool: bool

    def __str__(self) -> str:
        return f'{"release" if self.pool else "drop"}({self.name})'


class Return(NamedTuple):
    """The values the program returns; those at ``copies`` as copies."""

    values: tuple
    copies: tuple = ()

    def __str__(self) -> str:
        return 'return ' + _tuple([f'copy({v})' if k in self.copies else v
                                   for k, v in enumerate(self.values)])


Statement = Union[Alloc, Reshape, Slice, CallKernel, Call, Finish, InPlace, CopyInto, Free,
                  Return]
_DEFINES = (Alloc, Reshape, Slice, Call, Finish, InPlace, CopyInto)


def reads(st: Statement) -> tuple:
    """The names statement ``st`` reads (a :class:`Free` reads none).

    >>> reads(CopyInto('d4', 'a0', 'o3'))
    ('a0', 'o3')
    """
    if isinstance(st, (Reshape, Slice, InPlace)):
        return (st.src,)
    if isinstance(st, CallKernel):
        return tuple(st.args)
    if isinstance(st, Call):
        return tuple(st.args) + ((st.into,) if st.into else ())
    if isinstance(st, Finish):
        return (st.buf,) + ((st.into,) if st.into else ())
    if isinstance(st, CopyInto):
        return (st.dst, st.src)
    if isinstance(st, Return):
        return tuple(st.values)
    return ()


class Program:
    """A lowered plan: parameters, size table, kernels' keys, library callables, statements."""

    def __init__(self, params: tuple, table: list, kernels: Optional[list] = None) -> None:
        self.params = tuple(params)
        self.table = table
        self.kernels: list = list(kernels or [])
        self.calls: list = []
        self.statements: list = []

    def add(self, st: Statement) -> Optional[str]:
        """Append ``st``; the name it defines, if any."""
        self.statements.append(st)
        return st.out if isinstance(st, _DEFINES) else None

    @property
    def results(self) -> tuple:
        """The names the program returns (those of its last :class:`Return`)."""
        rets = [st for st in self.statements if isinstance(st, Return)]
        return rets[-1].values if rets else ()

    def output_roots(self) -> list:
        """Per returned value: ``('alloc', name)`` (made by the program),
        ``('param', name)`` (a parameter, a view of one or written through one)
        or None (maybe a strided view)."""
        roots: dict = {p: ('param', p) for p in self.params}
        for st in self.statements:
            if isinstance(st, (Call, Finish)) and st.into:
                roots[st.out] = None  # (a view of the array written into)
            elif isinstance(st, (Alloc, Finish)):
                roots[st.out] = ('alloc', st.out)
            elif isinstance(st, (Reshape, InPlace)):
                roots[st.out] = roots.get(st.src)
            elif isinstance(st, CopyInto):
                roots[st.out] = roots.get(st.dst)
            elif isinstance(st, Slice):
                roots[st.out] = None
            elif isinstance(st, Call):
                roots[st.out] = ('alloc', st.out) if st.prim in NEW_ARRAY_CALLS else None
        return [roots.get(v) for v in self.results]

    def written_params(self) -> frozenset:
        """The parameters the program writes (in place, or an update copied in)."""
        out = set()
        for st in self.statements:
            if isinstance(st, InPlace):
                out.add(st.src)
            elif isinstance(st, CopyInto):
                out.add(st.dst)
        return frozenset(out) & set(self.params)

    def key(self) -> str:
        """A deterministic serialization of the program but its table: equal
        keys are equal programs.

        >>> a, b = Program(('a0',), [4]), Program(('a0',), [9])
        >>> for p in (a, b):
        ...     _ = p.add(Alloc('o1', (0,), 'float64'))
        >>> a.key() == b.key() and a.key() != Program(('a1',), []).key()
        True
        """
        lines = [f'params {self.params!r}', f'kernels {self.kernels!r}']
        for st in self.statements:
            body = ' '.join(f'{n}={getattr(st, n)!r}' for n in st._fields)
            lines.append(f'{type(st).__name__} {body}')
        return '\n'.join(lines)

    def describe(self) -> str:
        """The statements in a readable form, then the table's sizes."""
        head = f'plan({", ".join(("T",) + self.params)}):'
        body = [f'    {st}' for st in self.statements]
        return '\n'.join([head] + body + [f'    # T = {list(self.table)}'])

    def __repr__(self) -> str:
        return f'<Program of {len(self.statements)} statements over {len(self.params)} arrays>'
