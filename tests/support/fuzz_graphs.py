"""Differential fuzzing of tapejit: random graphs, every executor, finite differences.

A :class:`Program` is a random composition of tapejit functions (elementwise
math with broadcasting, reductions over random axes with ``keepdims``,
indexing with slices, integer and boolean arrays, matmul, concat/split/stack,
reshape/transpose/broadcast, a few composites, attention, convolutions and poolings,
the allreduce of a bucket of values over a test group), drawn by the hypothesis
strategy :func:`programs` over random shapes (0-d, size-1 and empty
dimensions), float32 or float64.  Its ``source`` is plain tapejit code: a
``forward`` function and a wrapper ``f`` that, depending on the mode, returns
the outputs, their gradients from ``tapejit.grad``, the gradients that
``loss.backward()`` leaves in ``.grad``, or double-backprop gradients.

:func:`check_program` runs it every way tapejit can and compares:

* eager (Variables on NumPy arrays) == the IR interpreter on the graph that
  ``tapejit.jit(f).lower(...)`` traces == ``tapejit.jit(f)`` (twice: the
  second call, on new values, replays the cached plan) == the compiled CPU
  plan ``tapejit.compiler.compile_graph(graph)``, compared with the
  interpreter's results;
* the first derivatives (eager, float64) against float64 central finite
  differences, for graphs without kinks (``abs``, ``relu``, ``max``...);
* in the double-backprop mode, the second derivatives likewise.

A failure raises :class:`Mismatch` whose message is a runnable script
reproducing it.  The compiled plans compared with the interpreter are listed
in ``TARGETS``; ``CUDA_TARGET`` is the CUDA plan
(``tapejit.compiler.compile_graph_cuda``), usable under Numba's CUDA
simulator or on a GPU with CuPy.

A long campaign (counts of graphs, ops and mismatches are printed)::

    python -m tests.support.fuzz_graphs --graphs 5000 --seed 0

one of convolutions and poolings (random windows, strides, padding,
dilation, cover_all and groups, with the ops that meet them in a model; in
one program of three, images big enough for the CPU's convolution kernels,
compared without finite differences)::

    python -m tests.support.fuzz_graphs --ops windows --graphs 2000 --seed 0

and one of the CUDA plan, on small shapes only, without finite differences
(the CPU campaign covers them).  Without a GPU it runs itself again in a new
process under the simulator (``NUMBA_ENABLE_CUDASIM=1``), which is slow::

    python -m tests.support.fuzz_graphs --target cuda --graphs 3000 --seed 0
"""

from __future__ import annotations

import argparse
import collections
import math
import os
import subprocess
import sys
import time
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import numpy as np
from hypothesis import assume, strategies as st

import tapejit
import tapejit.functions as F  # noqa: F401  (used by the generated code)
from tapejit import backends
from tapejit.core.errors import LabelError
from tapejit.targets import compile_graph
from tapejit.ir import interpret

MODES = ('value', 'grad', 'backward', 'double', 'backward_args')
MAX_SIZE = 48       # elements per value: keeps finite differences cheap
MAX_INPUTS = 4
MAX_BOUND = 50.0    # |values| stay below this, so nothing overflows and FD is meaningful


class Mismatch(AssertionError):
    """Two executors (or an executor and finite differences) disagree."""


# ------------------------------------------------------------------ programs
@dataclass
class Value:
    name: str
    shape: tuple
    bound: float                 # an upper bound of |value|
    deps: frozenset              # inputs reaching it along differentiable paths


@dataclass(repr=False)
class Program:
    """A random graph as tapejit source; ``repr`` is the runnable reproduction."""

    dtype: str
    inputs: list = field(default_factory=list)       # shapes of a0, a1, ...
    lines: list = field(default_factory=list)        # body of forward()
    ops: list = field(default_factory=list)          # op names, for the counts
    outputs: list = field(default_factory=list)      # Values returned by forward()
    mode: str = 'value'
    seed: int = 0
    kink: bool = False       # a non-differentiable point may be hit: no FD check
    kink2: bool = False      # the first derivative has kinks: no second-order FD
    large: bool = False      # big enough for multi-chunk and parallel kernels; no FD

    @property
    def targets(self) -> list:
        """Inputs that reach the outputs along differentiable paths."""
        deps = frozenset().union(*(o.deps for o in self.outputs))
        return sorted(deps)

    def arrays(self, which: int = 0, dtype: Any = None) -> list:
        rng = np.random.default_rng([self.seed, which])
        dt = self.dtype if dtype is None else dtype
        return [rng.uniform(-2, 2, s).astype(dt) for s in self.inputs]

    def source(self) -> str:
        n = len(self.inputs)
        xs = ', '.join(f'x{i}' for i in range(n))
        outs = ', '.join(o.name for o in self.outputs)
        lines = ['import numpy as np', 'import tapejit', 'import tapejit.functions as F']
        if 'allreduce' in self.ops:
            lines += _EXCHANGE_SOURCE
        lines += ['', '', f'def forward({xs}):']
        lines += ['    ' + ln for ln in self.lines]
        lines += [f'    return {outs},', '', '']
        lines += ['def loss_of(outs):',
                  '    # Fixed, uneven weights: no symmetry hides a wrong gradient.',
                  '    loss = 0',
                  '    for k, o in enumerate(outs):',
                  '        w = np.cos(np.arange(o.size) * 1.3 + k).reshape(o.shape)',
                  '        loss = loss + F.sum(o * w.astype(o.dtype))',
                  '    return loss', '', '']
        t = self.targets
        tx = ', '.join(f'x{i}' for i in t)
        if self.mode == 'backward_args':
            lines += [f'def f({xs}):',
                      f'    loss = loss_of(forward({xs}))',
                      '    loss.backward()',
                      '    return loss']
        else:
            args = ', '.join(f'a{i}' for i in range(n))
            lines += [f'def f({args}):']
            lines += [f'    x{i} = tapejit.Variable(a{i})' for i in range(n)]
            if self.mode == 'value':
                lines += [f'    return forward({xs})']
            elif self.mode == 'grad':
                lines += [f'    loss = loss_of(forward({xs}))',
                          f'    gs = tapejit.grad([loss], [{tx}])',
                          '    return (loss, *gs)']
            elif self.mode == 'backward':
                lines += [f'    loss = loss_of(forward({xs}))',
                          '    loss.backward()',
                          f'    return (loss, {", ".join(f"x{i}.grad" for i in t)})']
            else:  # double
                lines += [f'    loss = loss_of(forward({xs}))',
                          f'    gs = tapejit.grad([loss], [{tx}], '
                          'enable_double_backprop=True)',
                          '    loss2 = sum(F.sum(g * g) for g in gs if g is not None)',
                          f'    ggs = tapejit.grad([loss2], [{tx}])',
                          '    return (loss, *gs, *ggs)']
        lines += ['', '',
                  f'rng = np.random.default_rng([{self.seed}, 0])',
                  f'inputs = [rng.uniform(-2, 2, s).astype(np.{self.dtype}) '
                  f'for s in {self.inputs!r}]']
        if self.mode == 'backward_args':
            lines += ['xs = [tapejit.Variable(a) for a in inputs]',
                      'print(tapejit.jit(f)(*xs), [x.grad for x in xs])',
                      'xs = [tapejit.Variable(a) for a in inputs]',
                      'print(f(*xs), [x.grad for x in xs])']
        else:
            lines += ['print(tapejit.jit(f)(*inputs))', 'print(f(*inputs))']
        return '\n'.join(lines) + '\n'

    def __repr__(self) -> str:
        return f'\n# --- tapejit program ({self.mode}, {self.dtype}) ---\n{self.source()}'

    def compile(self) -> dict:
        ns: dict = {}
        exec(compile(self.source().split('\n\nrng = ')[0], '<fuzz program>', 'exec'), ns)
        return ns


# ------------------------------------------------------------- the generator
class _Gen:
    """State while drawing one program."""

    def __init__(self, draw: Callable, dtype: str) -> None:
        self.draw = draw
        self.prog = Program(dtype)
        self.values: list = []
        self.n = 0
        self.max_size = MAX_SIZE
        self.max_bound = MAX_BOUND

    def new_input(self, shape: tuple) -> Optional[Value]:
        if len(self.prog.inputs) >= MAX_INPUTS:
            return None
        i = len(self.prog.inputs)
        self.prog.inputs.append(tuple(shape))
        v = Value(f'x{i}', tuple(shape), 2.0, frozenset([i]))
        self.values.append(v)
        return v

    def emit(self, op: str, expr: str, shape: tuple, bound: float, deps: frozenset,
             kink: bool = False, kink2: bool = False) -> Value:
        name = f'v{self.n}'
        self.n += 1
        self.prog.lines.append(f'{name} = {expr}')
        self.prog.ops.append(op)
        self.prog.kink |= kink
        self.prog.kink2 |= kink or kink2
        v = Value(name, tuple(shape), bound, deps)
        self.values.append(v)
        return v

    def pick(self, pred: Callable = lambda v: True) -> Optional[Value]:
        """A value, most often a recent one (shrinks towards the last)."""
        cands = [v for v in self.values if pred(v)]
        if not cands:
            return None
        k = self.draw(st.integers(0, len(cands) - 1))
        return cands[-1 - k]

    def integer(self, lo: int, hi: int) -> int:
        return self.draw(st.integers(lo, hi))

    def flag(self) -> bool:
        return self.draw(st.booleans())


def _size(shape: tuple) -> int:
    return int(np.prod(shape)) if shape else 1


def _dims(draw: Callable, ndim: int, empty: bool) -> tuple:
    dims = st.sampled_from([3, 1, 2, 4, 0]) if empty else st.sampled_from([3, 1, 2, 4])
    return tuple(draw(dims) for _ in range(ndim))


def _shape(draw: Callable, empty: bool) -> tuple:
    while True:
        s = _dims(draw, draw(st.integers(0, 3)), empty)
        if _size(s) <= 24:
            return s


def _partner_shape(g: _Gen, shape: tuple) -> tuple:
    """A shape that broadcasts with ``shape``: some dims set to 1, leading ones dropped."""
    nd = len(shape)
    drop = g.integer(0, nd)
    out = tuple(1 if g.draw(st.integers(0, 3)) == 0 else d for d in shape[drop:])
    if g.integer(0, 5) == 0 and nd < 3 and _size(shape) * 2 <= g.max_size:
        out = (2,) + tuple(shape)  # the partner broadcasts the other way
    return out


def _operand(g: _Gen, x: Value) -> tuple:
    """A second operand for ``x``: a value, a new input or a Python scalar."""
    kind = g.integer(0, 2)
    if kind == 0:
        def fits(v):
            try:
                s = np.broadcast_shapes(v.shape, x.shape)
            except ValueError:
                return False
            return _size(s) <= g.max_size
        y = g.pick(fits)
        if y is not None:
            return y.name, y.shape, y.bound, y.deps
    if kind <= 1:
        y = g.new_input(_partner_shape(g, x.shape))
        if y is not None:
            return y.name, y.shape, y.bound, y.deps
    c = g.draw(st.sampled_from([1.5, 0.5, -2.0, 3.0]))
    return repr(c), (), abs(c), frozenset()


def _axis_arg(g: _Gen, nd: int, single: bool = False) -> tuple:
    """(axis expression, normalised axes) for a reduction over ``nd`` dims."""
    if single:
        if nd == 0:
            return None
        a = g.integer(-nd, nd - 1)
        return repr(a), (a % nd,)
    k = g.integer(0, 3)
    if k == 0 or nd == 0:
        return 'None', tuple(range(nd))
    if k == 1:
        a = g.integer(-nd, nd - 1)
        return repr(a), (a % nd,)
    axes = g.draw(st.lists(st.integers(0, nd - 1), min_size=1, max_size=nd, unique=True))
    axes = [a - nd if g.flag() else a for a in axes]
    return repr(tuple(axes)), tuple(a % nd for a in axes)


# Unary templates: (name, expression, bound of the result from the operand's, kink flags)
_UNARY = [
    ('tanh', 'F.tanh({x})', lambda b: 1.0, ''),
    ('neg', '-{x}', lambda b: b, ''),
    ('sin', 'F.sin({x})', lambda b: 1.0, ''),
    ('cos', 'F.cos({x})', lambda b: 1.0, ''),
    ('sigmoid', 'F.sigmoid({x})', lambda b: 1.0, ''),
    ('exp', 'F.exp({x})', lambda b: math.exp(b) if b < 5 else math.inf, ''),
    ('expm1', 'F.expm1({x})', lambda b: math.exp(b) if b < 5 else math.inf, ''),
    ('log', 'F.log({x} * {x} + 1)', lambda b: math.log(b * b + 1), ''),
    ('log1p', 'F.log1p({x} * {x})', lambda b: math.log1p(b * b), ''),
    ('sqrt', 'F.sqrt({x} * {x} + 0.5)', lambda b: math.sqrt(b * b + 0.5), ''),
    ('rsqrt', 'F.rsqrt({x} * {x} + 0.5)', lambda b: 1.5, ''),
    ('square', 'F.square({x})', lambda b: b * b, ''),
    ('pow_const', '{x} ** 3', lambda b: b ** 3, ''),
    ('rpow', '2.0 ** {x}', lambda b: 2.0 ** b, ''),
    ('tan', 'F.tan(F.tanh({x}))', lambda b: 1.6, ''),
    ('erf', 'F.erf({x})', lambda b: 1.0, ''),
    ('gelu', 'F.gelu({x})', lambda b: b, ''),
    ('softplus', 'F.softplus({x})', lambda b: b + 1, ''),
    ('scale', '{x} * 0.5 + 1.5', lambda b: b * 0.5 + 1.5, ''),
    ('rsub', '2.0 - {x}', lambda b: b + 2, ''),
    ('rdiv', '1.0 / ({x} * {x} + 1)', lambda b: 1.0, ''),
    ('elu', 'F.elu({x})', lambda b: b, '2'),
    ('relu', 'F.relu({x})', lambda b: b, '1'),
    ('leaky_relu', 'F.leaky_relu({x}, 0.1)', lambda b: b, '1'),
    ('absolute', 'abs({x})', lambda b: b, '1'),
    ('clip', 'F.clip({x}, -1.0, 1.0)', lambda b: 1.0, '1'),
    ('sign', 'F.sign({x}) * {x}', lambda b: b, '1'),
]

# Binary templates on broadcast operands: (name, expression, bound, kink flags)
_BINARY = [
    ('add', '{x} + {y}', lambda a, b: a + b, ''),
    ('sub', '{x} - {y}', lambda a, b: a + b, ''),
    ('mul', '{x} * {y}', lambda a, b: a * b, ''),
    ('div', '{x} / ({y} * {y} + 1)', lambda a, b: a, ''),
    ('pow', '({x} * {x} + 1) ** F.tanh({y})', lambda a, b: a * a + 1, ''),
    ('maximum', 'F.maximum({x}, {y})', max, '1'),
    ('minimum', 'F.minimum({x}, {y})', max, '1'),
    ('where', 'F.where({x} > {y}, {x}, {y} * 0.5)', max, '1'),
]


def _unary(g: _Gen) -> Optional[Value]:
    x = g.pick()
    name, tmpl, bnd, k = g.draw(st.sampled_from(_UNARY))
    b = bnd(x.bound)
    if b > g.max_bound:
        name, tmpl, bnd, k = _UNARY[0]
        b = 1.0
    return g.emit(name, tmpl.format(x=x.name), x.shape, b, x.deps,
                  kink='1' in k, kink2='2' in k)


def _binary(g: _Gen) -> Optional[Value]:
    x = g.pick()
    name, tmpl, bnd, k = g.draw(st.sampled_from(_BINARY))
    yname, yshape, ybound, ydeps = _operand(g, x)
    b = bnd(x.bound, ybound)
    if b > g.max_bound:
        return None
    if name == 'pow' and not ydeps and yshape == ():
        tmpl = '({x} * {x} + 1) ** {y}'  # a constant exponent: pow_const
        b = (x.bound ** 2 + 1) ** max(float(yname), 1.0)
        if b > g.max_bound:
            return None
    if g.flag() and name in ('add', 'sub', 'mul', 'div'):
        # the operands swapped: the scalar or the broadcast one on the left
        if name != 'div':
            tmpl = tmpl.replace('{x}', '{t}').replace('{y}', '{x}').replace('{t}', '{y}')
    shape = np.broadcast_shapes(x.shape, yshape)
    if _size(shape) > g.max_size:
        return None
    return g.emit(name, tmpl.format(x=x.name, y=yname), shape, b, x.deps | ydeps,
                  kink='1' in k)


def _cast(g: _Gen) -> Optional[Value]:
    x = g.pick()
    other = 'float64' if g.prog.dtype == 'float32' else 'float32'
    # float64 -> float32 -> float64 rounds: a step function for finite differences.
    return g.emit('cast', f'F.cast(F.cast({x.name}, np.{other}), {x.name}.dtype)',
                  x.shape, x.bound, x.deps, kink=other == 'float32')


def _reduce(g: _Gen) -> Optional[Value]:
    x = g.pick()
    nd = len(x.shape)
    op = g.draw(st.sampled_from(['sum', 'mean', 'max', 'min', 'logsumexp']))
    axis, axes = _axis_arg(g, nd)
    keep = g.flag() if op != 'logsumexp' else False
    red = 1
    for a in axes:
        red *= x.shape[a]
    if op in ('max', 'min', 'logsumexp') and red == 0:
        op = 'sum'
    if op == 'mean' and red == 0:
        return None  # 0/0: nan everywhere, nothing to compare
    shape = tuple((1 if i in axes else s) for i, s in enumerate(x.shape) if keep or i not in axes)
    if op == 'sum':
        b = x.bound * max(red, 1)
    elif op == 'logsumexp':
        b = x.bound + math.log(max(red, 1))
    else:
        b = x.bound
    if b > g.max_bound:
        return None
    kw = '' if op == 'logsumexp' else f', keepdims={keep}'
    return g.emit(op, f'F.{op}({x.name}, axis={axis}{kw})', shape, b, x.deps,
                  kink=op in ('max', 'min'))


def _softmax(g: _Gen) -> Optional[Value]:
    x = g.pick(lambda v: len(v.shape) >= 1 and _size(v.shape) > 0)
    if x is None:
        return None
    op = g.draw(st.sampled_from(['softmax', 'log_softmax']))
    axis, _ = _axis_arg(g, len(x.shape), single=True)
    b = 1.0 if op == 'softmax' else 2 * x.bound + math.log(g.max_size)
    return g.emit(op, f'F.{op}({x.name}, axis={axis})', x.shape, b, x.deps)


def _factor_shape(g: _Gen, size: int) -> tuple:
    nd = g.integer(0, 3)
    if size == 0:
        return tuple(0 if i == 0 else g.integer(1, 3) for i in range(max(nd, 1)))
    dims = []
    rest = size
    for _ in range(nd - 1):
        divs = [d for d in range(1, rest + 1) if rest % d == 0]
        d = g.draw(st.sampled_from(divs))
        dims.append(d)
        rest //= d
    if nd:
        dims.append(rest)
    elif size != 1:
        dims = [size]
    return tuple(dims)


def _reshape(g: _Gen) -> Optional[Value]:
    x = g.pick()
    size = _size(x.shape)
    kind = g.integer(0, 3)
    if kind == 0 and x.shape:
        return g.emit('flatten', f'F.flatten({x.name})', (size,), x.bound, x.deps)
    if kind == 1 and 1 in x.shape:
        return g.emit('squeeze', f'F.squeeze({x.name})',
                      tuple(s for s in x.shape if s != 1), x.bound, x.deps)
    shape = _factor_shape(g, size)
    expr = shape
    if shape and size and g.flag():
        i = g.integer(0, len(shape) - 1)
        expr = shape[:i] + (-1,) + shape[i + 1:]
    return g.emit('reshape', f'F.reshape({x.name}, {expr!r})', shape, x.bound, x.deps)


def _expand_dims(g: _Gen) -> Optional[Value]:
    x = g.pick()
    nd = len(x.shape)
    a = g.integer(-nd - 1, nd)
    s = list(x.shape)
    s.insert(a % (nd + 1), 1)
    return g.emit('expand_dims', f'F.expand_dims({x.name}, {a})', tuple(s), x.bound, x.deps)


def _transpose(g: _Gen) -> Optional[Value]:
    x = g.pick(lambda v: len(v.shape) >= 2)
    if x is None:
        return None
    nd = len(x.shape)
    kind = g.integer(0, 2)
    if kind == 0:
        return g.emit('transpose', f'{x.name}.T', x.shape[::-1], x.bound, x.deps)
    perm = tuple(g.draw(st.permutations(range(nd))))
    return g.emit('transpose', f'F.transpose({x.name}, {perm!r})',
                  tuple(x.shape[p] for p in perm), x.bound, x.deps)


def _broadcast_to(g: _Gen) -> Optional[Value]:
    x = g.pick(lambda v: len(v.shape) < 3)
    if x is None:
        return None
    shape = tuple(g.integer(2, 3) if s == 1 and g.flag() else s for s in x.shape)
    if g.flag():
        shape = (2,) + shape
    if _size(shape) > g.max_size:
        return None
    return g.emit('broadcast_to', f'F.broadcast_to({x.name}, {shape!r})', shape, x.bound,
                  x.deps)


def _slice_for(g: _Gen, n: int) -> tuple:
    """(index text, resulting length or None for an int index) on a dim of size n."""
    kind = g.integer(0, 4)
    if kind == 0 and n > 0:
        i = g.integer(-n, n - 1)
        return repr(i), None
    if kind == 1:
        return ':', n
    start = g.draw(st.sampled_from([None, 0, 1, -1, -2]))
    stop = g.draw(st.sampled_from([None, 2, -1, 5]))
    step = g.draw(st.sampled_from([None, 1, 2, -1, -2]))
    s = slice(start, stop, step)
    text = (f'{"" if start is None else start}:{"" if stop is None else stop}'
            + ('' if step is None else f':{step}'))
    return text, len(range(*s.indices(n)))


def _get_item(g: _Gen) -> Optional[Value]:
    x = g.pick(lambda v: len(v.shape) >= 1)
    if x is None:
        return None
    nd = len(x.shape)
    kind = g.integer(0, 3)
    if kind == 0:  # basic indexing: ints, slices (negative steps), None, Ellipsis
        parts, shape = [], []
        k = g.integer(1, nd)
        for d in range(k):
            text, n = _slice_for(g, x.shape[d])
            parts.append(text)
            if n is not None:
                shape.append(n)
        if g.integer(0, 3) == 0:
            parts.append('None')  # a new axis before the dims not indexed
            shape.append(1)
        shape += list(x.shape[k:])
        if g.integer(0, 3) == 0 and k < nd:
            parts.append('...')
        idx = ', '.join(parts)
        return g.emit('get_item', f'{x.name}[{idx}]', tuple(shape), x.bound, x.deps)
    if kind == 1:  # an integer array (repeats accumulate in the gradient)
        ax = g.integer(0, nd - 1)
        n = x.shape[ax]
        if n == 0:
            return None
        idx = g.draw(st.lists(st.integers(-n, n - 1), min_size=0, max_size=4))
        shape = x.shape[:ax] + (len(idx),) + x.shape[ax + 1:]
        pre = ':, ' * ax
        return g.emit('get_item_int', f'{x.name}[{pre}np.array({idx!r}, dtype=np.intp)]',
                      shape, x.bound, x.deps)
    if kind == 2:  # a boolean mask over the leading dims
        k = g.integer(1, nd)
        mshape = x.shape[:k]
        if _size(mshape) > 64:  # a pattern, not a literal, for a big mask
            m = g.integer(2, 5)
            mask = np.arange(_size(mshape)).reshape(mshape) % m == 1
            text = f'np.arange({_size(mshape)}).reshape({mshape!r}) % {m} == 1'
        else:
            mask = np.asarray(g.draw(st.lists(st.booleans(), min_size=_size(mshape),
                                              max_size=_size(mshape)))).reshape(mshape)
            text = f'np.array({mask.tolist()!r}, dtype=bool)'
            if mask.size == 0:  # the literal [] would lose the mask's shape
                text = f'np.zeros({mshape!r}, dtype=bool)'
        shape = (int(mask.sum()),) + x.shape[k:]
        return g.emit('get_item_bool', f'{x.name}[{text}]', shape, x.bound, x.deps)
    # F.get_item with a tuple and a negative-step slice
    text, n = _slice_for(g, x.shape[0])
    shape = x.shape[1:] if n is None else (n,) + x.shape[1:]
    if n is None:
        expr = f'F.get_item({x.name}, {text})'
    else:
        expr = f'F.get_item({x.name}, (slice({", ".join(_slice_args(text))}),))'
    return g.emit('get_item', expr, shape, x.bound, x.deps)


def _slice_args(text: str) -> list:
    parts = text.split(':') + ['']
    return [p if p else 'None' for p in parts[:3]]


def _concat(g: _Gen) -> Optional[Value]:
    x = g.pick(lambda v: len(v.shape) >= 1)
    if x is None:
        return None
    nd = len(x.shape)
    ax = g.integer(-nd, nd - 1)
    a = ax % nd
    stack = g.integer(0, 3) == 0
    if stack:
        y = g.pick(lambda v: v.shape == x.shape and v is not x)
        if y is None:
            y = g.new_input(x.shape)
        yname, ydeps, yb = (y.name, y.deps, y.bound) if y else (f'F.sin({x.name})', x.deps, 1.0)
        ax = g.integer(-nd - 1, nd)
        shape = list(x.shape)
        shape.insert(ax % (nd + 1), 2)
        if _size(shape) > g.max_size:
            return None
        return g.emit('stack', f'F.stack([{x.name}, {yname}], axis={ax})', tuple(shape),
                      max(x.bound, yb), x.deps | ydeps)

    def fits(v):
        return (len(v.shape) == nd and v is not x
                and all(s == t for i, (s, t) in enumerate(zip(v.shape, x.shape)) if i != a))
    y = g.pick(fits)
    if y is None:
        s = list(x.shape)
        s[a] = g.integer(0, 3)
        y = g.new_input(tuple(s))
    if y is None:
        yname, yshape, ydeps, yb = f'F.cos({x.name})', x.shape, x.deps, 1.0
    else:
        yname, yshape, ydeps, yb = y.name, y.shape, y.deps, y.bound
    shape = list(x.shape)
    shape[a] += yshape[a]
    if _size(shape) > g.max_size:
        return None
    return g.emit('concat', f'F.concat([{x.name}, {yname}], axis={ax})', tuple(shape),
                  max(x.bound, yb), x.deps | ydeps)


def _split(g: _Gen) -> Optional[Value]:
    x = g.pick(lambda v: len(v.shape) >= 1)
    if x is None:
        return None
    nd = len(x.shape)
    ax = g.integer(-nd, nd - 1)
    a = ax % nd
    n = x.shape[a]
    if n >= 2 and n % 2 == 0 and g.flag():
        spec = '2'
        sizes = [n // 2, n // 2]
    else:
        cut = g.integer(0, n)
        spec = f'[{cut}]'
        sizes = [cut, n - cut]
    name = f'v{g.n}'
    g.n += 1
    g.prog.lines.append(f'{name}_0, {name}_1 = F.split_axis({x.name}, {spec}, axis={ax})')
    g.prog.ops.append('split_axis')
    for k, sz in enumerate(sizes):
        s = list(x.shape)
        s[a] = sz
        g.values.append(Value(f'{name}_{k}', tuple(s), x.bound, x.deps))
    return g.values[-1]


def _matmul(g: _Gen) -> Optional[Value]:
    x = g.pick(lambda v: len(v.shape) >= 2)
    if x is None:
        return None
    transa = g.integer(0, 3) == 0
    transb = g.integer(0, 3) == 0
    xs = x.shape
    n, k = (xs[-1], xs[-2]) if transa else (xs[-2], xs[-1])
    m = g.integer(1, 3)
    batch = xs[:-2]
    if batch and g.flag():
        batch = (1,) * len(batch) if g.flag() else batch
    else:
        batch = ()
    ys = batch + ((m, k) if transb else (k, m))
    y = g.new_input(ys)
    if y is None:
        y = g.pick(lambda v: v.shape == ys)
        if y is None:
            return None
    b = x.bound * y.bound * max(k, 1)
    if b > g.max_bound:
        return None
    opts = (', transa=True' if transa else '') + (', transb=True' if transb else '')
    expr = (f'{x.name} @ {y.name}' if not opts and g.flag()
            else f'F.matmul({x.name}, {y.name}{opts})')
    shape = np.broadcast_shapes(xs[:-2], batch) + (n, m)
    return g.emit('matmul', expr, shape, b, x.deps | y.deps)


def _composite(g: _Gen) -> Optional[Value]:
    x = g.pick(lambda v: len(v.shape) == 2)
    if x is None:
        return None
    n, c = x.shape
    op = g.draw(st.sampled_from(['linear', 'layer_normalization', 'mean_squared_error',
                                 'softmax_cross_entropy', 'select_item']))
    if op == 'linear':
        m = g.integer(1, 3)
        w = g.new_input((m, c))
        if w is None:
            return None
        b = g.new_input((m,))
        bias = f', {b.name}' if b is not None else ''
        deps = x.deps | w.deps | (b.deps if b is not None else frozenset())
        bound = x.bound * 2 * max(c, 1) + 2
        if bound > g.max_bound:
            return None
        return g.emit('linear', f'F.linear({x.name}, {w.name}{bias})', (n, m), bound, deps)
    if op == 'layer_normalization':
        if c < 2:
            return None
        gm = g.new_input((c,))
        bt = g.new_input((c,))
        if gm is None or bt is None:
            return None
        return g.emit(op, f'F.layer_normalization({x.name}, {gm.name}, {bt.name})',
                      (n, c), 2 + 2 * math.sqrt(c), x.deps | gm.deps | bt.deps)
    if n * c == 0:
        return None
    if op == 'softmax_cross_entropy':
        if n > 64:  # a pattern, not a literal, for many rows
            t = f'np.arange({n}, dtype=np.int32) % {c}'
        else:
            t = g.draw(st.lists(st.integers(0, c - 1), min_size=n, max_size=n))
            t = f'np.array({t!r}, dtype=np.int32)'
        return g.emit(op, f'F.softmax_cross_entropy({x.name}, {t})', (),
                      2 * x.bound + math.log(c), x.deps)
    if op == 'select_item':
        # labels computed in the graph: the one-hot path, not an index known at trace time
        return g.emit(op, f'F.select_item({x.name}, F.argmax({x.name}, axis=1))', (n,),
                      x.bound, x.deps, kink=True)
    y = g.pick(lambda v: v.shape == x.shape and v is not x) or g.new_input(x.shape)
    if y is None:
        return None
    return g.emit(op, f'F.mean_squared_error({x.name}, {y.name})', (),
                  (x.bound + y.bound) ** 2, x.deps | y.deps)


def _attention(g: _Gen) -> Optional[Value]:
    """Attention as users write it: a softmax (masked or not) between two
    batched products, over heads of a whole vector of this CPU (the CPU
    plans' attention kernels) or of a few columns (products and softmax)."""
    from tapejit.targets.cpu.contraction import machine
    lanes = machine(np.dtype(g.prog.dtype))[0]
    d = g.draw(st.sampled_from([lanes, lanes, 1, 3]))
    heads, s = g.integer(1, 2), g.integer(1, 4)
    t = s if g.integer(0, 3) else g.integer(1, 4)
    # (Heads of a whole vector may pass the size other values keep to: the
    # kernels' tiles and key ranges need rows.)
    if heads * max(s, t) * d > g.max_size * (4 if d == lanes else 1):
        return None
    q = g.new_input((heads, s, d))
    k = g.new_input((heads, t, d)) if t != s or g.flag() else q
    v = (g.new_input((heads, t, d)) or k) if g.flag() else k
    if q is None or k is None or v is None:
        return None
    scores = f'F.matmul({q.name}, {k.name}, transb=True)'
    kind = g.draw(st.sampled_from(['none', 'causal', 'holes']))
    if kind != 'none':
        if kind == 'causal':     # (every row keeps its first key)
            mask = f'np.tril(np.ones(({s}, {t}), bool))'
        else:
            keep = [[j == 0 or g.flag() for j in range(t)] for _ in range(s)]
            mask = f'np.array({keep!r})'
        scores = f'F.where({mask}, {scores}, np.array(-np.inf, {q.name}.dtype))'
    return g.emit('attention', f'F.matmul(F.softmax({scores}, axis=2), {v.name})',
                  (heads, s, d), v.bound, q.deps | k.deps | v.deps)


def _outsize(size: int, k: int, s: int, p: int, cover_all: bool, d: int = 1) -> int:
    dk = (k - 1) * d + 1
    return (size + 2 * p - dk + (s - 1 if cover_all else 0)) // s + 1


def _image(g: _Gen) -> Optional[Value]:
    """A 4-d value (batch, channels, height, width): one computed, or a new input."""
    x = g.pick(lambda v: len(v.shape) == 4 and _size(v.shape) > 0)
    if x is None or g.integer(0, 2) == 0:
        n, c = g.integer(1, 2), g.integer(1, 3)
        side = max(1, int(math.sqrt(g.max_size // (n * c))))
        x = g.new_input((n, c, g.integer(1, side), g.integer(1, side))) or x
    return x


def _window(g: _Gen) -> Optional[Value]:
    """A convolution, deconvolution, pooling or unpooling of a 4-d value, with
    random window, stride, padding, dilation, cover_all and groups."""
    x = _image(g)
    if x is None:
        return None
    n, c, h, w = x.shape
    op = g.draw(st.sampled_from(['convolution_2d', 'deconvolution_2d', 'max_pooling_2d',
                                 'average_pooling_2d', 'unpooling_2d']))
    kh, kw, sy, sx = g.integer(1, 3), g.integer(1, 3), g.integer(1, 2), g.integer(1, 2)
    ph, pw = g.integer(0, min(kh - 1, 1)), g.integer(0, min(kw - 1, 1))
    if op in ('convolution_2d', 'deconvolution_2d'):
        groups = c if c > 1 and g.flag() else 1
        d = g.integer(1, 2)
        cover = op == 'convolution_2d' and g.flag()
        # (Big images also get enough output channels to fill a vector's
        # lanes, where the filter gradient's vectors run along them.)
        wide = g.prog.large and groups == 1 and g.flag()
        oc = groups * (g.draw(st.sampled_from([12, 20])) if wide else g.integer(1, 2))
        wshape = (oc, c // groups, kh, kw) if op == 'convolution_2d' else (c, oc // groups,
                                                                              kh, kw)
        wt = g.new_input(wshape) or g.pick(lambda v: v.shape == wshape)
        if wt is None:
            return None
        if op == 'convolution_2d':
            shape = (n, oc, _outsize(h, kh, sy, ph, cover, d), _outsize(w, kw, sx, pw, cover, d))
            overlap = (c // groups) * kh * kw
        else:
            shape = (n, oc, sy * (h - 1) + (kh - 1) * d + 1 - 2 * ph,
                     sx * (w - 1) + (kw - 1) * d + 1 - 2 * pw)
            overlap = c // groups * math.ceil(kh / sy) * math.ceil(kw / sx)
        args = (f'{x.name}, {wt.name}, stride=({sy}, {sx}), pad=({ph}, {pw}), '
                f'dilate={d}, groups={groups}' + (', cover_all=True' if cover else ''))
        bound, deps = x.bound * wt.bound * overlap, x.deps | wt.deps
    elif op == 'unpooling_2d':
        shape = (n, c, sy * (h - 1) + kh - 2 * ph, sx * (w - 1) + kw - 2 * pw)
        args = f'{x.name}, ({kh}, {kw}), stride=({sy}, {sx}), pad=({ph}, {pw}), cover_all=False'
        bound, deps = x.bound * math.ceil(kh / sy) * math.ceil(kw / sx), x.deps
    else:
        cover = op == 'max_pooling_2d' and g.flag()
        shape = (n, c, _outsize(h, kh, sy, ph, cover), _outsize(w, kw, sx, pw, cover))
        extra = f', cover_all={cover}' if op == 'max_pooling_2d' else ''
        args = f'{x.name}, ({kh}, {kw}), stride=({sy}, {sx}), pad=({ph}, {pw}){extra}'
        bound, deps = x.bound, x.deps
    if min(shape) < 1 or _size(shape) > g.max_size or bound > g.max_bound:
        return None
    return g.emit(op, f'F.{op}({args})', shape, bound, deps, kink=op == 'max_pooling_2d')


# The group the generated collectives run over: two ranks, the other one's
# values zeros, so the mean halves (linear: the derivatives hold); the
# exchange overwrites the row it is given as MPI's in-place one does, so a
# value a plan wrongly wrote into a bucket's row is seen overwritten.
_EXCHANGE_SOURCE = [
    'from tapejit.backends import get_array_module',
    'from tapejit.ops.collective import Group, allreduce_start, allreduce_wait', '', '',
    'class Halving(Group):',
    '    def __init__(self):',
    '        super().__init__(2)',
    '',
    '    def mean(self, x):',
    '        return x / 2',
    '',
    '    def mean_start(self, xs):',
    '        xp = get_array_module(xs[0])',
    '        buf = (xs[0].copy() if len(xs) == 1',
    '               else xp.concatenate([x.reshape(-1) for x in xs]))',
    '        return self.mean_start_in(buf)',
    '',
    '    def mean_start_in(self, buf):',
    '        buf /= 2',
    '        return buf',
    '',
    '    def mean_wait(self, buf):',
    '        return buf',
    '', '',
    'G = Halving()']


def _exchange(g: _Gen) -> Optional[Value]:
    """The mean over the group ``G`` of one to three values (a bucket: one
    row, or the one value's shape), started and waited for; sometimes a
    part of the row read back in its value's shape, and the value itself
    subtracted from it (read again after the exchange)."""
    # (Computed values mostly: the plan may write those into the row.)
    xs = [g.pick(lambda v: v.name.startswith('v')) if g.integer(0, 3) else g.pick()
          for _ in range(g.integer(1, 3))]
    if any(x is None for x in xs):
        return None
    names = ', '.join(x.name for x in xs)
    shape = xs[0].shape if len(xs) == 1 else (sum(_size(x.shape) for x in xs),)
    v = g.emit('allreduce', f'allreduce_wait(allreduce_start({names}, group=G), group=G)',
               shape, max(x.bound for x in xs) / 2, frozenset().union(*(x.deps for x in xs)))
    if len(xs) == 1 or g.integer(0, 3) == 0:
        return v
    k = g.integer(0, len(xs) - 1)
    start = sum(_size(x.shape) for x in xs[:k])
    x = xs[k]
    part = f'F.reshape({v.name}[{start}:{start + _size(x.shape)}], {x.shape!r})'
    if g.flag():  # (the value itself read again after the exchange)
        return g.emit('allreduce_part', f'{part} - {x.name}', x.shape, v.bound + x.bound,
                      v.deps | x.deps)
    return g.emit('allreduce_part', part, x.shape, v.bound, v.deps)


# (generator, weight): the first entry is where shrinking ends up.
_OPS = [(_unary, 6), (_binary, 6), (_reduce, 3), (_softmax, 1), (_reshape, 1),
        (_expand_dims, 1), (_transpose, 1), (_broadcast_to, 1), (_get_item, 3),
        (_concat, 2), (_split, 1), (_matmul, 2), (_composite, 1), (_cast, 1), (_window, 3),
        (_exchange, 2), (_attention, 2)]
_OP_CHOICES = [f for f, w in _OPS for _ in range(w)]
# The window campaign (``--ops windows``): convolutions, deconvolutions and
# poolings of random shapes and options, and the ops that meet them in a model.
_WINDOW_CHOICES = [_window] * 4 + [_unary, _binary, _reduce, _reshape]


@st.composite
def programs(draw: Callable, max_ops: int = 8, modes: tuple = MODES,
             large: bool = True, windows: bool = False) -> Program:
    """Random tapejit programs (see the module docstring); ``windows``: each
    starts with a window op and draws mostly window ops."""
    dtype = draw(st.sampled_from(['float32', 'float64']))
    g = _Gen(draw, dtype)
    empty = draw(st.integers(0, 9)) == 0
    if large and windows and draw(st.integers(0, 2)) == 0:
        # Images big enough for the CPU's convolution kernels (at least four
        # vectors of pixels), of a few channels or of enough to fill a
        # vector's lanes (the kernels then take vectors along the channels).
        g.prog.large = True
        shape = (draw(st.integers(1, 2)), draw(st.sampled_from([1, 3, 12, 16, 20])),
                 draw(st.integers(9, 20)), draw(st.integers(9, 20)))
        g.max_size = 8 * _size(shape)
        g.max_bound = 1e6
        g.new_input(shape)
    elif large and not windows and draw(st.integers(0, 19)) == 0:
        # Past the kernels' chunk size (several partial reductions) and, for the
        # biggest, past the size where the parallel variant runs.
        g.prog.large = True
        shape = (draw(st.sampled_from([6000, 17000, 70000])), draw(st.integers(1, 3)))
        g.max_size = 4 * _size(shape)
        g.max_bound = 1e6
        g.new_input(shape)
    for _ in range(draw(st.integers(1, 2)) - g.prog.large):
        g.new_input(_shape(draw, empty))
    n_ops = draw(st.integers(1, max_ops))
    for k in range(n_ops):
        v = (_window if windows and k == 0 else
             draw(st.sampled_from(_WINDOW_CHOICES if windows else _OP_CHOICES)))(g)
        if v is None:
            _unary(g)
    assume(not windows or any(op.endswith('_2d') for op in g.prog.ops))
    # The last value and, sometimes, an earlier one are the outputs.
    outs = [g.values[-1]]
    if len(g.values) > 2 and draw(st.booleans()):
        k = draw(st.integers(0, len(g.values) - 2))
        if g.values[k] is not outs[0]:
            outs.append(g.values[k])
    g.prog.outputs = outs
    # Gradient modes are drawn more often than the plain forward pass.
    g.prog.mode = draw(st.sampled_from([m for m in modes for _ in range(1 if m in (
        'value', 'backward_args', 'backward') else 2)]))
    if not g.prog.targets and g.prog.mode != 'value':
        g.prog.mode = 'value'
    g.prog.seed = draw(st.integers(0, 2 ** 16))
    return g.prog


# ------------------------------------------------------------------- running
# Where a compiled plan is compared against the interpreter.  A new backend
# adds a (name, build) pair: build(graph) returns a callable on a list of
# NumPy input arrays that returns a list of NumPy arrays.
def compile_steps(graph: Any) -> Callable:
    """The CPU plan run step by step, also where it is small enough to run as
    one compiled call (which the 'cpu' target then runs)."""
    ex = compile_graph(graph)
    ex.one_call = None
    return ex


def compile_cpu(graph: Any) -> Callable:
    """The CPU plan as the user gets it: one compiled call where it is small."""
    ex = compile_graph(graph)

    def run(xs: list) -> list:
        return ex(xs)
    return run


def compile_runner(graph: Any) -> Callable:
    """The CPU plan step by step (``tapejit.targets.cpu.lowering.compile_runner``): its
    first call loads the kernels as they run, the second calls them directly."""
    ex = compile_graph(graph)
    ex.one_call = None

    def run(xs: list) -> list:
        first = ex(xs)
        outs = ex(xs)
        if ex._runner is None:
            raise RuntimeError('the runner was not written out after a first call')
        for a, b in zip(first, outs):  # the first call and the next agree exactly
            np.testing.assert_array_equal(a, b)
        return outs
    return run


def compile_donated(graph: Any) -> Callable:
    """The step-by-step plan with each output donated to an input of its shape
    and dtype (as ``jit`` donates a parameter to its update): kernels may write
    it in place, so each call gets fresh copies of the inputs."""
    donate: dict = {}
    for o, ov in enumerate(graph.outvars):
        for i, iv in enumerate(graph.invars):
            if i not in donate.values() and iv.shape == ov.shape and iv.dtype == ov.dtype:
                donate[o] = i
                break
    ex = compile_graph(graph, donate=donate)
    ex.one_call = None

    def fresh(xs: list) -> list:
        return [np.array(x, copy=True) if isinstance(x, np.ndarray) else x for x in xs]

    def run(xs: list) -> list:
        first = [np.array(a, copy=True) for a in ex(fresh(xs))]
        outs = ex(fresh(xs))
        for a, b in zip(first, outs):  # the loop and the runner agree exactly
            np.testing.assert_array_equal(a, b)
        return outs
    return run


def compile_parallel(graph: Any) -> Callable:
    """The step-by-step plan with every kernel parallel (threads over its
    chunks, compiled by Numba): the fuzzer's graphs are otherwise too small
    for any but the serial kernels compiled natively."""
    from tapejit.targets.cpu import executable
    old, executable.PARALLEL_MIN = executable.PARALLEL_MIN, 1
    try:
        ex = compile_graph(graph)
    finally:
        executable.PARALLEL_MIN = old
    ex.one_call = None
    return ex


TARGETS: list = [('cpu', compile_cpu), ('cpu steps', compile_steps),
                 ('cpu runner', compile_runner), ('cpu donated', compile_donated),
                 ('cpu parallel', compile_parallel)]


def _simulator() -> bool:
    from tapejit.targets.cuda.executable import simulator_enabled
    return simulator_enabled()


def _gpu() -> bool:
    """Whether CuPy sees a GPU (``numba.cuda`` is not imported here)."""
    cp = backends.cupy_or_none()
    if cp is None:
        return False
    try:
        return cp.cuda.runtime.getDeviceCount() > 0
    except Exception:
        return False


def cuda_usable() -> bool:
    """Whether the CUDA plan can run in this process: under Numba's CUDA
    simulator (``NUMBA_ENABLE_CUDASIM=1`` before ``numba.cuda`` is imported)
    or on a GPU with CuPy."""
    return _simulator() or _gpu()


def build_cuda(graph: Any) -> Callable:
    """The CUDA plan of ``graph`` as a target: NumPy arrays in and out."""
    from tapejit.targets import compile_graph_cuda
    if not cuda_usable():
        raise RuntimeError('the cuda target needs NUMBA_ENABLE_CUDASIM=1 (set before '
                           'numba.cuda is imported) or a GPU with CuPy')
    ex = compile_graph_cuda(graph)

    def run(xs: list) -> list:
        if _simulator():
            outs = ex(xs)  # the simulator runs on NumPy arrays
        else:
            import cupy
            outs = [o.get() for o in ex([cupy.asarray(a) for a in xs])]
        # A kernel Numba cannot compile runs op by op with a warning (which the
        # fuzzer silences): for generated code that is a bug of the code generator.
        bad = [k.spec.source for k in ex.kernels if k.fallback]
        if bad:
            raise RuntimeError('a CUDA kernel failed to compile and ran op by op:\n'
                               + '\n'.join(bad))
        return outs
    return run


CUDA_TARGET = ('cuda', build_cuda)

# Eager and the interpreter run the same impls on small arrays: they agree
# to rounding (on large ones eager may run a function's plan: see
# check_program).  Compiled kernels fuse, reorder and use their own math functions (a few ulps
# apart, which an ill-conditioned expression such as 1 - tanh(x)**2 amplifies):
# they, and jit (which may run them), are held to a looser tolerance.
_TOL_SAME = {'float32': 2e-6, 'float64': 1e-12}
_TOL_COMPILED = {'float32': 2e-4, 'float64': 1e-9}


@dataclass
class Stats:
    graphs: int = 0
    ops: collections.Counter = field(default_factory=collections.Counter)
    modes: collections.Counter = field(default_factory=collections.Counter)
    fd_first: int = 0
    fd_second: int = 0
    compiled: int = 0
    plans: collections.Counter = field(default_factory=collections.Counter)
    large: int = 0
    mismatches: list = field(default_factory=list)

    def summary(self) -> str:
        top = ', '.join(f'{k} {v}' for k, v in sorted(self.ops.items()))
        return (f'graphs: {self.graphs}\n'
                f'ops: {sum(self.ops.values())} ({top})\n'
                f'modes: {dict(sorted(self.modes.items()))}\n'
                f'first derivatives vs finite differences: {self.fd_first} graphs\n'
                f'second derivatives vs finite differences: {self.fd_second} graphs\n'
                f'compiled plans: {self.compiled} {dict(sorted(self.plans.items()))}\n'
                f'graphs past the kernel chunk size: {self.large}\n'
                f'mismatches: {len(self.mismatches)}')


def _flat(out: Any) -> list:
    if not isinstance(out, (tuple, list)):
        out = (out,)
    res = []
    for o in out:
        if isinstance(o, tapejit.Variable):
            o = o.array
        res.append(None if o is None else np.asarray(o))
    return res


def _scale(a: np.ndarray) -> float:
    if a.size == 0:
        return 1.0
    m = np.max(np.abs(a[np.isfinite(a)])) if np.isfinite(a).any() else 1.0
    return 1.0 + float(m)


def _compare(prog: Program, what: str, got: list, want: list, tol: float) -> None:
    if len(got) != len(want):
        raise Mismatch(f'{what}: {len(got)} results, expected {len(want)}{prog!r}')
    for i, (a, b) in enumerate(zip(got, want)):
        if a is None or b is None:
            if a is not b:
                raise Mismatch(f'{what}: result {i} is {a!r}, expected {b!r}{prog!r}')
            continue
        if a.shape != b.shape or a.dtype != b.dtype:
            raise Mismatch(f'{what}: result {i} is {a.dtype}{a.shape}, expected '
                           f'{b.dtype}{b.shape}{prog!r}')
        if not np.allclose(a, b, rtol=tol, atol=tol * _scale(b), equal_nan=True):
            err = np.max(np.abs(a.astype(np.float64) - b))
            raise Mismatch(f'{what}: result {i} differs by {err:.3g} (tolerance '
                           f'{tol} relative)\n got {a!r}\nwant {b!r}{prog!r}')


def _eager(prog: Program, ns: dict, arrays: list) -> list:
    if prog.mode == 'backward_args':
        xs = [tapejit.Variable(a.copy()) for a in arrays]
        loss = ns['f'](*xs)
        return _flat(loss) + [x.grad for x in xs]
    return _flat(ns['f'](*arrays))


def _jitted(prog: Program, jf: Any, arrays: list) -> list:
    if prog.mode == 'backward_args':
        xs = [tapejit.Variable(a.copy()) for a in arrays]
        loss = jf(*xs)
        return _flat(loss) + [x.grad for x in xs]
    return _flat(jf(*arrays))


def _graph_view(prog: Program, results: list) -> list:
    """The eager results in the order of the graph's outputs (written-back
    gradients of Variable arguments that received one follow the loss)."""
    if prog.mode == 'backward_args':
        return [results[0]] + [g for g in results[1:] if g is not None]
    return [r for r in results if r is not None]


def _loss64(prog: Program, ns: dict, arrays: list) -> float:
    with tapejit.no_backprop_mode():
        outs = ns['forward'](*[tapejit.Variable(a) for a in arrays])
        return float(ns['loss_of'](outs).array)


def _grads64(prog: Program, ns: dict, arrays: list, order: int = 1) -> tuple:
    xs = [tapejit.Variable(a) for a in arrays]
    loss = ns['loss_of'](ns['forward'](*xs))
    t = prog.targets
    gs = tapejit.grad([loss], [xs[i] for i in t], enable_double_backprop=order > 1)
    if order == 1:
        return float(loss.array), [None if g is None else g.array for g in gs]
    loss2 = sum(F.sum(g * g) for g in gs if g is not None)
    if not isinstance(loss2, tapejit.Variable):
        return 0.0, [None] * len(t)
    ggs = tapejit.grad([loss2], [xs[i] for i in t])
    return float(loss2.array), [None if g is None else g.array for g in ggs]


def _second_loss64(prog: Program, ns: dict, arrays: list) -> float:
    xs = [tapejit.Variable(a) for a in arrays]
    loss = ns['loss_of'](ns['forward'](*xs))
    gs = tapejit.grad([loss], [xs[i] for i in prog.targets])
    return float(sum(np.sum(g.array ** 2) for g in gs if g is not None))


def _fd_check(prog: Program, ns: dict, value_fn: Callable, analytic: list, what: str,
              rtol: float) -> None:
    base = prog.arrays(0, np.float64)
    eps = 1e-6
    for ti, i in enumerate(prog.targets):
        num = np.zeros(base[i].shape)
        for j in np.ndindex(base[i].shape):
            xp = [a.copy() for a in base]
            xm = [a.copy() for a in base]
            xp[i][j] += eps
            xm[i][j] -= eps
            num[j] = (value_fn(prog, ns, xp) - value_fn(prog, ns, xm)) / (2 * eps)
        an = analytic[ti]
        an = np.zeros_like(num) if an is None else an
        if an.shape != num.shape:
            raise Mismatch(f'{what}: gradient of x{i} has shape {an.shape}, expected '
                           f'{num.shape}{prog!r}')
        s = max(_scale(num), _scale(an))
        if not np.allclose(an, num, rtol=rtol, atol=rtol * s):
            raise Mismatch(f'{what}: gradient of x{i} differs from finite differences by '
                           f'{np.max(np.abs(an - num)):.3g}\n analytic {an!r}\n numeric '
                           f'{num!r}{prog!r}')


def check_program(prog: Program, stats: Optional[Stats] = None, fd: bool = True,
                  targets: Optional[list] = None) -> None:
    """Run ``prog`` through every executor and finite differences; raise :class:`Mismatch`."""
    ns = prog.compile()
    ctol = _TOL_COMPILED[prog.dtype]
    # Eagerly, composites and float32 math functions on large arrays run as
    # their compiled plans (tapejit.functions._fused_eager): a large
    # program's eager results are held to the compiled tolerance.
    tol = ctol if prog.large else _TOL_SAME[prog.dtype]
    with np.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        data = [prog.arrays(0), prog.arrays(1)]
        eager = [_eager(prog, ns, d) for d in data]

        jf = tapejit.jit(ns['f'])
        for d, want in zip(data, eager):
            _compare(prog, 'jit vs eager', _jitted(prog, jf, d), want, ctol)
        info = jf.cache_info()
        if info.traces != 1 or info.hits != 1:
            raise Mismatch(f'jit traced {info.traces} times with {info.hits} hits for '
                           f'two calls of one signature{prog!r}')

        if prog.mode == 'backward_args':
            plan = jf._plan(tuple(tapejit.Variable(a) for a in data[0]), {})[0]
        else:
            plan = jf._plan(tuple(data[0]), {})[0]
        graph = plan.graph
        # The function's results and the values it writes to Variables come
        # first; after them, the values of the plan's checks (labels in
        # range, say) and what a backward through the call reads (an
        # allreduce's buffers): not results of the function.
        n_out = (sum(1 for kind in plan.out_kinds if kind[0] not in 'SO')
                 + sum(1 for _, w in plan.writes if w != 'cleargrad' and w.__class__ is not tuple))
        if len(graph.invars) != len(prog.inputs):
            raise Mismatch(f'the graph takes {len(graph.invars)} inputs, expected '
                           f'{len(prog.inputs)}{prog!r}')
        views = [_graph_view(prog, e) for e in eager]
        interp = [_flat(interpret(graph, d))[:n_out] for d in data]
        for got, want in zip(interp, views):
            _compare(prog, 'interpreter vs eager', got, want, tol)
        for name, build in (TARGETS if targets is None else targets):
            ex = build(graph)
            for d, want in zip(data, interp):
                _compare(prog, f'compiled ({name}) vs interpreter', _flat(ex(d))[:n_out], want,
                         ctol)
            if stats is not None:
                stats.compiled += 1
                stats.plans[name] += 1

        if fd and not prog.kink and not prog.large and prog.targets:
            base = prog.arrays(0, np.float64)
            loss, gs = _grads64(prog, ns, base)
            finite = np.isfinite(loss) and all(g is None or np.isfinite(g).all() for g in gs)
            if finite:
                _fd_check(prog, ns, _loss64, gs, 'first derivative', 1e-5)
                if stats is not None:
                    stats.fd_first += 1
                if prog.mode == 'double' and not prog.kink2:
                    _, ggs = _grads64(prog, ns, base, order=2)
                    if all(g is None or np.isfinite(g).all() for g in ggs):
                        _fd_check(prog, ns, _second_loss64, ggs, 'second derivative',
                                  1e-4)
                        if stats is not None:
                            stats.fd_second += 1
    if stats is not None:
        stats.graphs += 1
        stats.ops.update(prog.ops)
        stats.modes[prog.mode] += 1
        stats.large += prog.large


# ------------------------------------------------------------------ campaign
def run_campaign(graphs: int, seed: int, keep_going: bool = True,
                 progress: bool = True, targets: Optional[list] = None,
                 large: bool = True, fd: bool = True, windows: bool = False) -> Stats:
    """Check ``graphs`` random programs drawn from hypothesis with ``seed``
    (``windows``: the window campaign, see :func:`programs`)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hseed

    stats = Stats()
    t0 = time.time()
    every = 250 if large else 50

    @hseed(seed)
    @settings(max_examples=graphs, database=None, deadline=None, derandomize=False,
              suppress_health_check=list(HealthCheck), print_blob=False)
    @given(programs(large=large, windows=windows))
    def campaign(prog):
        try:
            check_program(prog, stats, fd=fd, targets=targets)
        except Exception as e:
            if not keep_going:
                raise
            msg = str(e) if isinstance(e, Mismatch) else f'{type(e).__name__}: {e}{prog!r}'
            stats.mismatches.append(msg)
            stats.graphs += 1
            print(f'MISMATCH #{len(stats.mismatches)}: {msg}', flush=True)
        if progress and stats.graphs % every == 0:
            print(f'{stats.graphs} graphs, {len(stats.mismatches)} mismatches, '
                  f'{time.time() - t0:.0f} s', flush=True)

    campaign()
    return stats


# ------------------------------------------------- labels, subclasses, state
_INT_DTYPES = ('int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64')
_ARRAY_KINDS = ('plain', 'subclass', 'read-only', 'big-endian')


@dataclass
class LabelCase:
    """A labelled loss on random labels (in range, out of range, negative,
    ``ignore_label``) of any integer dtype, its scores passed as a plain
    array, an ndarray subclass (as a memmap is), a read-only or a big-endian
    one, and a parameter (plain, read-only or broadcast) that the step updates
    in place: eager, ``jit`` (CPU and interpreter) and ``value_and_grad``
    must give the same values or the same error."""

    fn: str             # 'softmax_cross_entropy' | 'select_item'
    rows: int
    classes: int
    dtype: str
    labels: tuple
    kind: str           # of the scores array (see _ARRAY_KINDS)
    param: str          # 'plain' | 'read-only' | 'broadcast'
    seed: int = 0

    def arrays(self) -> tuple:
        rng = np.random.default_rng(self.seed)
        x = rng.standard_normal((self.rows, self.classes))
        if self.kind == 'subclass':
            x = x.view(_Sub)
        elif self.kind == 'read-only':
            x.flags.writeable = False
        elif self.kind == 'big-endian':
            x = x.astype('>f8')
        t = np.array(self.labels, dtype=np.int64).astype(self.dtype)
        return x, t

    def parameter(self) -> np.ndarray:
        if self.param == 'broadcast':
            return np.broadcast_to(np.float64(1.5), (self.classes,))
        w = np.full(self.classes, 1.5)
        if self.param == 'read-only':
            w.flags.writeable = False
        return w

    def loss(self, x: Any, t: Any, W: Any) -> Any:
        y = x * W
        if self.fn == 'select_item':
            return F.sum(F.select_item(y, t))
        return F.softmax_cross_entropy(y, t)

    def expected_error(self) -> Optional[type]:
        lo = 0 if self.fn == 'select_item' else -1  # (-1: ignore_label)
        bad = [v for v in self.labels if not (0 <= v < self.classes or v == lo == -1)]
        if bad or (self.fn == 'select_item' and any(v < 0 for v in self.labels)):
            # (select_item's LabelError is both an IndexError and a ValueError.)
            return LabelError if self.fn == 'select_item' else ValueError
        return None


class _Sub(np.ndarray):
    """An ndarray subclass with ndarray's semantics (as np.memmap has)."""


@st.composite
def label_cases(draw: Callable) -> LabelCase:
    dtype = draw(st.sampled_from(_INT_DTYPES))
    info = np.iinfo(dtype)
    rows = draw(st.sampled_from((1, 3, 4)))
    classes = draw(st.sampled_from((2, 5, 300)))
    hi = min(int(info.max), classes + 3)
    lo = max(int(info.min), -3)
    labels = tuple(draw(st.lists(st.integers(lo, hi), min_size=rows, max_size=rows)))
    if draw(st.booleans()):  # mostly valid labels: out of range is the exception
        labels = tuple(v % classes if v >= 0 else v for v in labels)
    return LabelCase(draw(st.sampled_from(('softmax_cross_entropy', 'select_item'))),
                     rows, classes, dtype, labels, draw(st.sampled_from(_ARRAY_KINDS)),
                     draw(st.sampled_from(('plain', 'plain', 'read-only', 'broadcast'))),
                     draw(st.integers(0, 3)))


def _label_step(case: LabelCase, W: Any) -> Callable:
    def step(x: Any, t: Any) -> Any:
        loss = case.loss(x, t, W)
        W.cleargrad()
        loss.backward()
        W.array -= 0.1 * W.grad
        return loss
    return step


def _outcome(fn: Callable, *args: Any) -> tuple:
    try:
        out = fn(*args)
    except (ValueError, IndexError) as e:
        return type(e), str(e)
    return None, out


def check_label_case(case: LabelCase) -> None:
    """Run ``case`` every way; raise :class:`Mismatch` where they disagree."""
    x, t = case.arrays()
    want_err = case.expected_error()
    # value_and_grad (CPU and interpreter) and eager, on the loss alone.
    results = {}
    for how in ('eager', 'cpu', 'interpret'):
        f = (case.loss if how == 'eager' else
             tapejit.value_and_grad(case.loss, argnums=2, target=how))
        err, out = _outcome(f, x, t, case.parameter())
        if err is not want_err:
            raise Mismatch(f'{case}: {how} gave {err or out!r}, expected {want_err}')
        if err is None:
            results[how] = np.asarray((out[0] if how != 'eager' else out).array)
    for how, got in results.items():
        np.testing.assert_allclose(got, results['eager'], rtol=1e-9, atol=1e-12,
                                   err_msg=f'{case}: {how}')
    # A training step that updates the parameter in place.
    outcomes = []
    for how in ('eager', 'jit'):
        W = tapejit.Variable(case.parameter())
        step = _label_step(case, W)
        err, out = _outcome(step if how == 'eager' else tapejit.jit(step), x, t)
        outcomes.append((err, None if err else (float(out.array), W.array.copy())))
    (ee, eo), (je, jo) = outcomes
    if ee is not je:
        raise Mismatch(f'{case}: the step raised {ee} eagerly and {je} under jit')
    if eo is not None:
        np.testing.assert_allclose(jo[0], eo[0], rtol=1e-9, err_msg=f'{case}: loss')
        np.testing.assert_allclose(jo[1], eo[1], rtol=1e-9, err_msg=f'{case}: W')


def _under_simulator(argv: list) -> int:
    """Run this command again in a new process under Numba's CUDA simulator."""
    print('no GPU: running the cuda target under the simulator (NUMBA_ENABLE_CUDASIM=1)',
          flush=True)
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM='1', TAPEJIT_FUZZ_RERUN='1')
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env['PYTHONPATH'] = os.pathsep.join(filter(None, [root, env.get('PYTHONPATH')]))
    return subprocess.run([sys.executable, '-m', 'tests.support.fuzz_graphs', *argv], env=env,
                          cwd=root).returncode


def main(argv: Optional[list] = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--graphs', type=int, default=5000)
    p.add_argument('--seed', type=int, default=0)
    p.add_argument('--target', choices=('cpu', 'cuda'), default='cpu',
                   help='the compiled plan compared with the interpreter: cpu (with large '
                        'inputs and finite differences) or cuda (small shapes, no finite '
                        'differences; under the simulator where no GPU is present)')
    p.add_argument('--ops', choices=('all', 'windows'), default='all',
                   help='the ops drawn: all, or windows (convolutions, deconvolutions and '
                        'poolings of random shapes and options, first in every program)')
    p.add_argument('--stop', action='store_true',
                   help='stop at the first mismatch and shrink it to a minimal program')
    a = p.parse_args(argv)
    cuda = a.target == 'cuda'
    if cuda and not cuda_usable():
        if os.environ.get('TAPEJIT_FUZZ_RERUN') == '1':
            sys.exit('fuzz_graphs: the cuda target found neither a GPU nor the simulator')
        return _under_simulator(argv)
    if cuda and _simulator():
        # The simulated threads meet at every syncthreads(): hand the GIL over
        # sooner than the default 5 ms, or the barriers dominate the run time.
        sys.setswitchinterval(1e-4)
    t0 = time.time()
    stats = run_campaign(a.graphs, a.seed, keep_going=not a.stop,
                         targets=[CUDA_TARGET] if cuda else None, large=not cuda, fd=not cuda,
                         windows=a.ops == 'windows')
    where = (' (simulator)' if _simulator() else ' (GPU)') if cuda else ''
    print(f'seed: {a.seed}\ntarget: {a.target}{where}\nops: {a.ops}\n{stats.summary()}\n'
          f'time: {time.time() - t0:.0f} s')
    if stats.mismatches:
        print('rerun with --stop for a shrunk reproduction of the first mismatch')
    return 1 if stats.mismatches else 0


if __name__ == '__main__':
    sys.exit(main())
