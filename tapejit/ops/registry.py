"""The table of primitives and the one place where an op meets the graph.

Each :class:`Primitive` record holds, side by side, its eager ``impl`` (on
NumPy/CuPy arrays), its ``abstract_eval`` (shapes/dtypes in, shape/dtype out,
and the clear errors), its ``vjp`` written in tapejit ops (so eager backprop,
double backprop and a traced backward pass all come from it), and its
``kind``: how the target-free compiler treats it (see :data:`KINDS`).  How
an elementwise primitive is computed inside a fused kernel is the targets'
op table's (:mod:`tapejit.targets.ops`).
"""

from __future__ import annotations

import traceback
import weakref
from typing import Any, Callable, NamedTuple, Optional

import numpy
from numpy import ndarray

from tapejit import backends
from tapejit.core import watch
from tapejit.core.abstract import TracedArray
from tapejit.core.errors import native_dtype  # noqa: F401  (ops use it from here too)
from tapejit.core.config import config
from tapejit.core.errors import DTypeError, ShapeError, not_an_array
from tapejit.core.function_node import FunctionNode, check_nan
from tapejit.core.variable import Variable, VariableNode


class Aval(NamedTuple):
    """Abstract value: what the tracer and the error messages know of an array."""

    shape: tuple
    dtype: Any


# What a primitive is to the compiler: 'elementwise' (a scalar function of
# its inputs' elements that fused loops compute: each target's op table has
# a row for it), 'broadcast' (loops read its input with broadcasting),
# 'reduction' (sum/max/min, folded inside loops), 'view' (a new shape or
# axis order of the same elements) and 'call' (its impl or a library runs
# between kernels: matmul, indexing, argmax, ...).
KINDS = ('elementwise', 'broadcast', 'reduction', 'view', 'call')


class Primitive:
    """One primitive: impl, abstract_eval, vjp and kind side by side.

    >>> p = Primitive('demo_twice', impl=lambda x: x * 2, abstract_eval=lambda x: x,
    ...               vjp=None, kind='elementwise')
    >>> p.kind, p.differentiable
    ('elementwise', False)
    """

    __slots__ = ('name', 'impl', 'abstract_eval', 'vjp', 'save_inputs',
                 'save_output', 'unbroadcast', 'differentiable', 'kind', 'pure')

    def __init__(self, name: str, *, impl: Callable, abstract_eval: Callable,
                 vjp: Optional[Callable], save_inputs: tuple = (),
                 save_output: bool = False, unbroadcast: bool = False,
                 kind: str = 'call', pure: bool = True) -> None:
        if kind not in KINDS:
            raise ValueError(f'primitive {name!r}: kind {kind!r}; expected one of {KINDS}')
        self.name = name
        self.kind = kind
        # False: each run may give another value or act outside the plan
        # (a random draw, a collective): never folded at compile time,
        # never merged with an equal equation.
        self.pure = pure
        self.impl = impl
        self.abstract_eval = abstract_eval
        # None means "no gradient by definition" (comparisons, floor, argmax...):
        # outputs of such primitives never require grad.
        self.vjp = vjp
        self.differentiable = vjp is not None
        self.save_inputs = save_inputs
        self.save_output = save_output
        self.unbroadcast = unbroadcast

    def __repr__(self) -> str:
        return f'<Primitive {self.name}>'

    def __call__(self, *args: Any, **params: Any) -> Variable:
        return bind(self, args, params)


PRIMITIVES: dict = {}


def primitive(name: str, **kw: Any) -> Primitive:
    """Create and register a primitive."""
    if name in PRIMITIVES:
        raise ValueError(f'primitive {name!r} is already registered')
    p = Primitive(name, **kw)
    PRIMITIVES[name] = p
    return p


# The host's own kernels for some primitives (name -> (kernel, takes)),
# installed by the CPU target: a primitive computes with ``kernel`` (its
# impl's signature) on the arrays ``takes`` accepts, else as its impl says.
_HOST: dict = {}


def install_host_kernel(name: str, kernel: Callable, takes: Callable[..., bool]) -> None:
    """Make primitive ``name`` compute with ``kernel`` on the arrays that
    ``takes(*arrays)`` accepts (see :func:`host_kernel`)."""
    _HOST[name] = (kernel, takes)


def host_kernel(name: str, *arrays: Any) -> Optional[Callable]:
    """The host's kernel for primitive ``name`` on ``arrays``, or None
    (none installed, or not for these arrays).

    >>> host_kernel('no such primitive', 1.0) is None
    True
    """
    entry = _HOST.get(name)
    return entry[0] if entry is not None and entry[1](*arrays) else None


# Sums a gradient over the axes that broadcasting added, down to its input's
# shape (tapejit.ops.reduction.sum_to), for the primitives that broadcast
# their inputs.  It is made of primitives, so the module defining it is above
# this table and installs it when imported (``tapejit.ops`` imports it).
_sum_to: Optional[Callable[[Variable, tuple], Variable]] = None


def install_sum_to(sum_to: Callable[[Variable, tuple], Variable]) -> None:
    """Make ``sum_to`` what unbroadcasts the gradients of broadcasting primitives."""
    global _sum_to
    _sum_to = sum_to


class PrimitiveNode(FunctionNode):
    """Graph node of a primitive application (single output)."""

    __slots__ = ('prim', 'params', 'inputs', 'outputs', 'rank')

    def __init__(self, prim: Primitive, params: dict) -> None:
        self.prim = prim
        self.params = params

    @property
    def label(self) -> str:
        return self.prim.name

    # Accessors for vjp rules: Variables connected to the graph.
    def x(self, i: int) -> Variable:
        return self.inputs[i].get_variable()

    def operand(self, i: int) -> Any:
        """Input ``i`` as a vjp rule computes with it through :func:`bind`:
        its Variable, or for a constant of the graph (an operand that was
        an array or a Python number: no Variable, no gradient) its array,
        so that no Variable is made for it at each backward pass."""
        n = self.inputs[i]
        if n._variable is None and not n.requires_grad and n.data is not None:
            return n.data
        return n.get_variable()

    def y(self) -> Variable:
        return self.outputs[0]().get_variable()

    def in_shape(self, i: int) -> tuple:
        return self.inputs[i].shape

    def in_dtype(self, i: int) -> Any:
        return self.inputs[i].dtype

    def backward(self, target_input_indexes: tuple, grad_outputs: tuple) -> tuple:
        inputs = self.inputs
        prim = self.prim
        if len(target_input_indexes) == 1:
            # (Most nodes: one input wants a gradient.)
            i = target_input_indexes[0]
            need = [False] * len(inputs)
            need[i] = True
            g = prim.vjp(self, grad_outputs[0], need)[i]
            if prim.unbroadcast and g is not None and g._data.shape != inputs[i].shape:
                g = _sum_to(g, inputs[i].shape)
            return (g,)
        need = [False] * len(inputs)
        for i in target_input_indexes:
            need[i] = True
        gxs = prim.vjp(self, grad_outputs[0], need)
        out = tuple([gxs[i] for i in target_input_indexes])
        if prim.unbroadcast:
            k = 0
            for i, g in zip(target_input_indexes, out):
                if g is not None and g._data.shape != inputs[i].shape:
                    out = out[:k] + (_sum_to(g, inputs[i].shape),) + out[k + 1:]
                k += 1
        return out

    def get_retained_inputs(self) -> tuple:
        return tuple(self.x(i) for i in self.prim.save_inputs)

    def get_retained_outputs(self) -> tuple:
        return (self.y(),) if self.prim.save_output else ()


def _const_node(a: Any) -> VariableNode:
    n = VariableNode(None, a.shape, a.dtype, False)
    n.data = a
    return n


def bind(prim: Primitive, args: tuple, params: dict) -> Variable:
    """Apply ``prim`` to Variables/arrays ``args``: run it, and record it in backprop mode."""
    # The hot path of eager mode: kept free of per-op work that is not needed.
    arrays = []
    requires_grad = False
    # Set when an input is not a NumPy array: then the devices are compared.
    other = False
    for a in args:
        cls = a.__class__
        if cls is Variable or isinstance(a, Variable):
            d = a._data
            arrays.append(d)
            if d.__class__ is not ndarray:
                other = True
            if a._requires_grad:
                requires_grad = True
        elif cls is ndarray or cls is TracedArray:
            arrays.append(a)
        elif backends.is_array(a):
            arrays.append(a)
            other = True
        else:
            raise _bad_input(prim, args, a)
    tr = config.trace
    if other and tr is None:
        arrays = backends.on_one_device(prim.name, arrays)
    if tr is not None:
        token = watch.paused()  # (recording an op reads no user value)
        try:
            out = tr.record(prim, args, arrays, params)
        finally:
            watch.resume(token)
    else:
        try:
            out = prim.impl(*arrays, **params)
        except (ShapeError, DTypeError):
            raise
        except Exception as e:
            if any(arr.__class__ is TracedArray for arr in arrays):
                from tapejit.core.abstract import leaked_error
                raise leaked_error() from None
            raise _diagnose(prim, arrays, params, e) from e
        if out.__class__ is not ndarray and isinstance(out, numpy.generic):
            out = numpy.asarray(out)
        if config.debug:
            check_nan((out,), f'NaN is detected on forward computation of {prim.name}')
    if not (requires_grad and prim.differentiable and config.enable_backprop):
        return Variable._result(out, requires_grad and prim.differentiable)

    node = PrimitiveNode(prim, params)
    if config.debug:  # (where it was applied: in the message of an error in its backward)
        node.stack = traceback.extract_stack()
    in_nodes = []
    rank = 0
    for a, arr in zip(args, arrays):
        if isinstance(a, Variable):
            n = a._node
            if n is None:
                n = a.node
        else:
            n = _const_node(arr)
        if n.rank > rank:
            rank = n.rank
        in_nodes.append(n)
    node.inputs = in_nodes = tuple(in_nodes)
    node.rank = rank
    y = Variable._result(out, True)
    yn = y._node = VariableNode(y, out.shape, out.dtype, True)
    yn.creator_node = node
    yn.rank = rank + 1
    node.outputs = (weakref.ref(yn),)
    if tr is not None:
        # Which equation this node recorded: a jitted call's outputs are
        # differentiated along these nodes (see tapejit.jit.vjp).
        tr.tape[node] = out.var
    for i in prim.save_inputs:
        in_nodes[i].data = arrays[i]
    if prim.save_output:
        yn.data = out
    return y


def _bad_input(prim: Primitive, args: tuple, a: Any) -> TypeError:
    i = next(k for k, b in enumerate(args) if b is a)
    return not_an_array(prim.name, f'input {i}', a)


def _diagnose(prim: Primitive, arrays: list, params: dict, err: Exception) -> Exception:
    """Turn a failure inside an impl into an error naming the op and its inputs."""
    devs = {backends.get_device_from_array(a) for a in arrays}
    if len(devs) > 1:
        return ValueError(f'{prim.name}: inputs live on different devices '
                          f'({", ".join(sorted(map(str, devs)))}); move them to one '
                          'device with to_device()')
    try:
        prim.abstract_eval(*[Aval(tuple(a.shape), a.dtype) for a in arrays], **params)
    except (ShapeError, DTypeError, ValueError, TypeError, IndexError) as e2:
        return e2
    shapes = ', '.join(str(tuple(a.shape)) for a in arrays)
    dtypes = ', '.join(str(a.dtype) for a in arrays)
    message = f'{prim.name}: failed on inputs of shapes {shapes} and dtypes {dtypes}: {err}'
    try:
        return type(err)(message)
    except TypeError:
        # (An exception class that takes more than a message, as NumPy's
        # missing-loop error does: the nearest built-in one it derives from.)
        builtin = next(c for c in type(err).__mro__ if c.__module__ == 'builtins')
        return builtin(message)


# ---------------------------------------------------------------- helpers
def broadcast_shapes(name: str, *shapes: tuple) -> tuple:
    """Broadcast shapes, or raise ``"<name>: shapes (2, 3) and (4,) do not broadcast"``."""
    ndim = max(len(s) for s in shapes)
    out = []
    for k in range(ndim):
        d = 1
        for s in shapes:
            j = k - (ndim - len(s))
            if j < 0:
                continue
            e = s[j]
            if e != 1:
                if d != 1 and d != e:
                    raise ShapeError(f'{name}: shapes '
                                     + ' and '.join(str(tuple(t)) for t in shapes)
                                     + ' do not broadcast')
                d = e
        out.append(d)
    return tuple(out)


def same_dtype(name: str, *avals: Any) -> Any:
    dt = native_dtype(avals[0].dtype)
    for a in avals[1:]:
        if a.dtype != dt and native_dtype(a.dtype) != dt:
            raise DTypeError(f'{name}: dtypes ' + ' and '.join(str(b.dtype) for b in avals)
                             + ' differ; expected one dtype (cast with F.cast)')
    return dt


def normalize_axis(name: str, axis: Any, ndim: int) -> Optional[tuple]:
    """``axis`` as a sorted tuple of non-negative ints (``None`` stays ``None``)."""
    if axis is None:
        return None
    # As in Chainer: an int or a tuple of ints, anything else is a TypeError
    # (a list, a string, a float would otherwise be guessed at).
    if isinstance(axis, (int, numpy.integer)) and not isinstance(axis, bool):
        axes: tuple = (axis,)
    elif isinstance(axis, tuple):
        axes = axis
    else:
        raise TypeError(f'{name}: axis must be None, an int or a tuple of ints, got '
                        f'{type(axis).__name__} {axis!r}')
    for a in axes:  # every type first, then the bounds, as Chainer checks them
        if not isinstance(a, (int, numpy.integer)) or isinstance(a, bool):
            raise TypeError(f'{name}: axis must be None, an int or a tuple of ints, got '
                            f'{axis!r} (holding a {type(a).__name__})')
    out = []
    for a in axes:
        a = int(a)
        # A 0-d array accepts axis 0 (or -1) as "the whole array".
        if not (a in (0, -1) if ndim == 0 else -ndim <= a < ndim):
            want = f'-{ndim} <= axis < {ndim}' if ndim else 'axis None, 0 or -1'
            raise ShapeError(f'{name}: axis {a} is out of bounds for an array of '
                             f'{ndim} dimensions; expected {want}')
        a = a % ndim if ndim else 0
        if a in out:
            raise ShapeError(f'{name}: axis {a} is repeated in {axis}')
        out.append(a)
    return tuple(sorted(out))
