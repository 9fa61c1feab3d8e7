"""The lowered plan's statements; the CPU target renders them.

A small plan run as one call is lowered to a :class:`Program`: the arrays
it takes (its parameters), a table of sizes, the kernels it calls and a
list of statements over named arrays.  Every buffer decision is made here,
before any code exists: which arrays are new (:class:`Alloc`, the result of
a :class:`Product`), which are views (:class:`Reshape`, :class:`Transpose`),
where a donated parameter's update is copied (:class:`CopyInto`) and which
values are returned (:class:`Return`).  A renderer walks the statements
(:mod:`tapejit.targets.cpu.native_plan` emits one LLVM function from them).

Sizes are positions in the table (``T[k]``), never values, so a new batch
size builds a new table for the same statements: the statements alone are
the compiled function's identity (:meth:`Program.key`).  A 0-d value is
carried as a one-element 1-d array (``dims`` ``()``).

>>> p = Program(('a0',), [3, 4])
>>> p.add(Alloc('o1', (0, 1), 'float32'))
'o1'
>>> p.add(CallKernel(0, (0, 2), 0, 1, ('a0', 'o1')))
>>> p.add(Return(('o1',)))
>>> print(p.describe())
plan(T, a0):
    o1 = empty((T[0], T[1]), float32)
    k0(T[0:2], T[0], T[1], a0, o1)
    return (o1,)
    # T = [3, 4]
>>> p.output_roots()
[('alloc', 'o1')]
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Optional, Union

__all__ = ['Alloc', 'Reshape', 'Transpose', 'CallKernel', 'Product', 'Finish', 'CopyInto',
           'Return', 'Program']

# A shape as positions in the size table; ``()`` is a 0-d value (one element).
Dims = tuple
# The value a new array is filled with: a Python scalar of its dtype's kind.
Scalar = Union[bool, int, float]


def _tuple(items: list) -> str:
    return '(' + ', '.join(items) + (',' if len(items) == 1 else '') + ')'


def _dims(dims: Dims) -> str:
    return _tuple([f'T[{d}]' for d in dims]) if dims else '(1,)'


@dataclass(frozen=True)
class Alloc:
    """``out``: a new array of ``dtype`` (a NumPy dtype name) and shape
    ``dims``, filled with ``fill`` unless that is ``None``.

    >>> print(Alloc('r1', (2,), 'float32', 0.0))
    r1 = full((T[2],), 0.0, float32)
    """

    out: str
    dims: Dims
    dtype: str
    fill: Optional[Scalar] = None

    def __str__(self) -> str:
        if self.fill is None:
            return f'{self.out} = empty({_dims(self.dims)}, {self.dtype})'
        return f'{self.out} = full({_dims(self.dims)}, {self.fill!r}, {self.dtype})'


@dataclass(frozen=True)
class Reshape:
    """``out``: a view of the contiguous array ``src`` of shape ``dims``, or
    of its elements in one row where ``dims`` is ``None``.

    >>> print(Reshape('v2', 'o1', None))
    v2 = reshape(o1, -1)
    """

    out: str
    src: str
    dims: Optional[Dims]

    def __str__(self) -> str:
        shape = '-1' if self.dims is None else _dims(self.dims)
        return f'{self.out} = reshape({self.src}, {shape})'


@dataclass(frozen=True)
class Transpose:
    """``out``: the strided view of ``src`` with its axes in the order ``axes``.

    >>> print(Transpose('v2', 'o1', (1, 0)))
    v2 = transpose(o1, (1, 0))
    """

    out: str
    src: str
    axes: tuple

    def __str__(self) -> str:
        return f'{self.out} = transpose({self.src}, {self.axes})'


@dataclass(frozen=True)
class CallKernel:
    """A call of the program's kernel number ``kernel``: its sizes are the
    table's entries ``sizes`` (start, stop), its chunk length and number of
    chunks the entries ``ch`` and ``nch``, then the arrays ``args`` (its
    inputs, outputs and reduction buffers, in the kernel's order).

    >>> print(CallKernel(1, (0, 2), 2, 3, ('a0', 'o1')))
    k1(T[0:2], T[2], T[3], a0, o1)
    """

    kernel: int
    sizes: tuple
    ch: int
    nch: int
    args: tuple

    def __str__(self) -> str:
        lo, hi = self.sizes
        return f'k{self.kernel}(T[{lo}:{hi}], T[{self.ch}], T[{self.nch}], {", ".join(self.args)})'


@dataclass(frozen=True)
class Product:
    """``out``: a new array, the matrix product of 2-d ``a`` and ``b``, each
    transposed where ``transa`` / ``transb`` say.

    >>> print(Product('o3', 'a0', 'a1', False, True))
    o3 = mm_nt(a0, a1)
    """

    out: str
    a: str
    b: str
    transa: bool
    transb: bool

    def __str__(self) -> str:
        form = 'tn'[not self.transa] + 'tn'[not self.transb]
        return f'{self.out} = mm_{form}({self.a}, {self.b})'


@dataclass(frozen=True)
class Finish:
    """A reduction's final values written to ``out`` (read as one row) from
    its buffer ``buf``: ``op`` ``'sum'``, ``'max'`` or ``'min'`` over the
    partial results along ``buf``'s first axis, or ``'cast'`` (``buf``'s
    values in ``out``'s dtype).

    >>> print(Finish('sum', 'r1', 'f2'))
    fin_sum(r1, f2)
    """

    op: str
    buf: str
    out: str

    def __str__(self) -> str:
        return f'fin_{self.op}({self.buf}, {self.out})'


@dataclass(frozen=True)
class CopyInto:
    """The values of ``src`` copied into the parameter ``dst`` (a donated
    array: its update, written in place once nothing reads it).

    >>> print(CopyInto('d0', 'o4'))
    copy_into(d0, o4)
    """

    dst: str
    src: str

    def __str__(self) -> str:
        return f'copy_into({self.dst}, {self.src})'


@dataclass(frozen=True)
class Return:
    """The values the program returns, in order.

    >>> print(Return(()))
    return ()
    """

    values: tuple

    def __str__(self) -> str:
        return f'return {_tuple(list(self.values))}'


Statement = Union[Alloc, Reshape, Transpose, CallKernel, Product, Finish, CopyInto, Return]
_DEFINES = (Alloc, Reshape, Transpose, Product)


class Program:
    """A lowered plan: its parameters (array names), its table of sizes, the
    identities of the kernels it calls (opaque to this module: the target's
    keys) and its statements, in order.

    >>> p = Program(('a0',), [])
    >>> p.add(Transpose('v1', 'a0', (1, 0)))
    'v1'
    >>> p.add(Return(('a0', 'v1')))
    >>> p.output_roots()
    [('param', 'a0'), None]
    """

    def __init__(self, params: tuple, table: list, kernels: Optional[list] = None) -> None:
        self.params = tuple(params)
        self.table = table
        self.kernels: list = list(kernels or [])
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
        """Per returned value: ``('alloc', name)``, an array the program makes
        (or a reshape of one), ``('param', name)``, one of its parameters (or
        a reshape of one), or ``None``, a strided view."""
        roots: dict = {p: ('param', p) for p in self.params}
        for st in self.statements:
            if isinstance(st, (Alloc, Product)):
                roots[st.out] = ('alloc', st.out)
            elif isinstance(st, Reshape):
                roots[st.out] = roots.get(st.src)
            elif isinstance(st, Transpose):
                roots[st.out] = None
        return [roots.get(v) for v in self.results]

    def key(self) -> str:
        """A deterministic serialization of the parameters, the kernels'
        identities and the statements (every field, named): equal keys are
        equal programs, whatever their tables' sizes.

        >>> a, b = Program(('a0',), [4]), Program(('a0',), [9])
        >>> for p in (a, b):
        ...     _ = p.add(Alloc('o1', (0,), 'float64'))
        >>> a.key() == b.key() and a.key() != Program(('a1',), []).key()
        True
        """
        lines = [f'params {self.params!r}', f'kernels {self.kernels!r}']
        for st in self.statements:
            body = ' '.join(f'{f.name}={getattr(st, f.name)!r}' for f in fields(st))
            lines.append(f'{type(st).__name__} {body}')
        return '\n'.join(lines)

    def describe(self) -> str:
        """The statements in a readable form, then the table's sizes."""
        head = f'plan({", ".join(("T",) + self.params)}):'
        body = [f'    {st}' for st in self.statements]
        return '\n'.join([head] + body + [f'    # T = {list(self.table)}'])

    def __repr__(self) -> str:
        return f'<Program of {len(self.statements)} statements over {len(self.params)} arrays>'

