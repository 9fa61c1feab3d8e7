"""``Variable`` (an array with its place in the graph) and ``VariableNode``.

As in Chainer, the graph holds ``VariableNode`` objects, never ``Variable``
objects: a node keeps a weak reference to its Variable and a strong one to the
data array only when a backward rule asked to retain it.  Intermediate arrays
that no backward rule needs are therefore freed as soon as the user drops
them, even while the graph is alive.
"""

from __future__ import annotations

import threading
import warnings
import weakref
from typing import Any, Callable, Optional

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray
from tapejit.core.config import config
from tapejit.core.errors import DTypeError, ShapeError


_node_lock = threading.Lock()
_NO_GRAD = object()  # VariableNode's ``grad``, refused when given

# The backward pass behind Variable.backward.  tapejit.core.backprop defines
# it and installs it here when imported (``import tapejit`` imports it): it
# walks FunctionNodes, which hold Variables, so it is the layer above.
BackwardPass = Callable[['Variable', bool, bool, Optional[float]], None]
_backward_pass: Optional[BackwardPass] = None


def install_backward(run: BackwardPass) -> None:
    """Make ``run`` the backward pass that :meth:`Variable.backward` calls."""
    global _backward_pass
    _backward_pass = run


class VariableNode:
    """Node of the backward graph standing for one Variable.

    Users rarely touch it; :class:`Variable` exposes everything useful.
    """

    __slots__ = ('_variable', 'creator_node', 'rank', 'data', 'shape', 'dtype',
                 'name', 'requires_grad', '__weakref__')

    def __init__(self, variable: Optional['Variable'], shape: Any = None, dtype: Any = None,
                 requires_grad: bool = True, name: Optional[str] = None, *,
                 grad: Any = _NO_GRAD) -> None:
        if grad is not _NO_GRAD:
            # (Chainer's VariableNode took one before v2 and refuses it since.)
            raise ValueError('VariableNode: unexpected keyword argument "grad": pass the '
                             'gradient to the Variable, as Variable.grad_var = ...')
        self._variable = None if variable is None else weakref.ref(variable)
        self.creator_node = None
        self.rank = 0
        self.data = None
        self.shape = shape
        self.dtype = dtype
        self.name = name
        self.requires_grad = requires_grad

    @property
    def _requires_grad(self) -> bool:
        # (Chainer's name of the flag, which its tests set directly.)
        return self.requires_grad

    @_requires_grad.setter
    def _requires_grad(self, value: bool) -> None:
        self.requires_grad = value

    @property
    def creator(self) -> Any:
        """The creator, or the old-style Function its adapter node wraps."""
        return _creator(self.creator_node)

    @property
    def _rank(self) -> int:
        # Chainer's name of the rank attribute, which Chainer's tests set.
        return self.rank

    @_rank.setter
    def _rank(self, rank: int) -> None:
        self.rank = rank

    @property
    def label(self) -> str:
        return _label(self.shape, self.dtype)

    def set_creator_node(self, fnode: Any) -> None:
        self.creator_node = fnode
        if fnode is not None:
            self.rank = fnode.rank + 1

    def unchain(self) -> None:
        self.creator_node = None

    def get_variable_or_none(self) -> Optional['Variable']:
        ref = self._variable
        return None if ref is None else ref()

    def get_variable(self) -> 'Variable':
        """The live Variable of this node, or a new one bound to it (retained data)."""
        var = self.get_variable_or_none()
        if var is not None:
            return var
        if self.data is None:
            raise RuntimeError(
                'cannot rebuild a released Variable: its data was not retained '
                'by the function that needs it (a FunctionNode must call '
                'retain_inputs/retain_outputs for the arrays its backward uses)')
        var = Variable._make(self.data, self.requires_grad)
        var._node = self
        self._variable = weakref.ref(var)
        return var

    def retain_data(self) -> None:
        var = self.get_variable_or_none()
        if var is None:
            raise RuntimeError('cannot retain variable data: the variable has '
                               'been already released')
        self.data = var._data


def _creator(fnode: Any) -> Any:
    # An old-style Function is in the graph as its FunctionAdapter; its
    # outputs' ``creator`` is the Function itself, as in Chainer.
    if fnode is not None and getattr(fnode, '_wraps_function', False):
        return fnode.function
    return fnode


def _as_node(func: Any) -> Any:
    # A Function (old style) stands in the graph as its node.
    if func is None or hasattr(func, 'apply'):
        return func
    return func.node


def _label(shape: Any, dtype: Any) -> str:
    if shape is None:
        return 'None'
    if shape == ():
        return str(dtype)
    return '(%s), %s' % (', '.join(map(str, shape)), dtype)


def _check_data(data: Any) -> None:
    if data is not None and not backends.is_array(data):
        hint = ''
        if isinstance(data, (list, tuple, int, float, complex, bool, numpy.generic)):
            hint = '; wrap it with numpy.asarray(...) (choosing the dtype, e.g. float32)'
        raise TypeError(
            f'Variable: data must be a numpy.ndarray or cupy.ndarray (or None), '
            f'got {type(data).__name__}{hint}')


def check_grad(var_shape: Any, var_dtype: Any, var_data: Any, g: Any,
               what: str = 'Variable.grad') -> None:
    """Raise a clear error if ``g`` cannot be the gradient of an array like ``var_data``."""
    if not backends.is_array(g):
        raise TypeError(f'{what}: gradient must be a numpy.ndarray or cupy.ndarray, '
                        f'got {type(g).__name__}')
    if (var_data is not None and type(g) is not type(var_data)
            and not isinstance(g, TracedArray) and not isinstance(var_data, TracedArray)):
        raise TypeError(f'{what}: gradient is a {type(g).__module__}.{type(g).__name__} '
                        f'but data is a {type(var_data).__module__}.'
                        f'{type(var_data).__name__}; both must be on the same device')
    if var_dtype is not None and g.dtype != var_dtype:
        raise DTypeError(f'{what}: gradient dtype {g.dtype} does not match the '
                         f'data dtype {var_dtype}; expected {var_dtype}')
    if var_shape is not None and tuple(g.shape) != tuple(var_shape):
        raise ShapeError(f'{what}: gradient shape {tuple(g.shape)} does not match the '
                         f'data shape {tuple(var_shape)}; expected {tuple(var_shape)}')


def _chainerx_error(name: str) -> RuntimeError:
    return RuntimeError(
        f'Variable.{name}: ChainerX is not part of tapejit. Arrays here are NumPy '
        "(device '@numpy') or CuPy ('@cupy:N'); use to_device()/to_cpu()/to_gpu() "
        'instead.')


class Variable:
    """__init__(data=None, *, name=None, grad=None, requires_grad=True)

    Array with a structure to keep track of computation.

    Every variable holds a data array of type either :class:`numpy.ndarray` or
    :class:`cupy.ndarray`.  Variables made by ops (``+``, ``F.exp``...) remember
    the node that created them, so :meth:`backward` can backtrack the graph.

    >>> import numpy as np
    >>> import tapejit
    >>> x = tapejit.Variable(np.array([5], dtype=np.float32))
    >>> y = x**2 - 2 * x + 1
    >>> y.array
    array([16.], dtype=float32)
    >>> y.backward()
    >>> x.grad
    array([8.], dtype=float32)
    """

    __slots__ = ('_data', '_node', '_grad_var', '_requires_grad', '_name',
                 '_loss_scale', '__weakref__')

    # Make NumPy defer to Variable's reflected operators (``ndarray + Variable``).
    __array_ufunc__ = None
    __array_priority__ = 200

    # Chainer's flag for a ChainerX array, which code written for Chainer reads;
    # tapejit has no ChainerX, so it is always False.
    _has_chainerx_array = False

    def __init__(self, data: Any = None, *, name: Optional[str] = None,
                 grad: Any = None, requires_grad: bool = True) -> None:
        _check_data(data)
        self._data = data
        self._grad_var = None
        self._requires_grad = bool(requires_grad)
        self._name = name
        # A Variable made by its constructor has its node from the start, as in
        # Chainer (whose code reads ``x._node``); the results of ops get theirs
        # lazily (``node``), since most never join a graph.
        self._node = VariableNode(self, None if data is None else data.shape,
                                  None if data is None else data.dtype, self._requires_grad,
                                  name)
        self._loss_scale = None
        tr = config.trace
        if tr is not None:
            tr.born.add(id(self))
        if grad is not None:
            self.grad = grad

    @staticmethod
    def _init_unchecked(data: Any = None, device: Any = None, name: Optional[str] = None,
                        grad: Any = None, grad_valid: bool = True, requires_grad: bool = True,
                        is_chainerx_array: Optional[bool] = None, node: Any = None,
                        layout: Any = None) -> 'Variable':
        """Chainer's fast constructor (no argument checks), which some of Chainer's
        code calls; ``device``, ``grad_valid`` and ``layout`` are accepted and unused.

        >>> import numpy as np, tapejit
        >>> tapejit.Variable._init_unchecked(np.zeros(2)).shape
        (2,)
        """
        if is_chainerx_array:
            raise _chainerx_error('_init_unchecked')
        v = Variable(data, name=name, grad=grad, requires_grad=requires_grad)
        if node is not None:
            v._node = node
        return v

    @classmethod
    def _result(cls, data: Any, requires_grad: bool) -> 'Variable':
        # The hot path of every op: no checks, no keyword parsing.  (An op's
        # result while tracing holds a traced array: never state, so not
        # noted as :meth:`_make` notes it.)
        v = object.__new__(cls)
        v._data = data
        v._node = None
        v._grad_var = None
        v._requires_grad = requires_grad
        v._name = None
        v._loss_scale = None
        return v

    @classmethod
    def _make(cls, data: Any, requires_grad: bool) -> 'Variable':
        v = cls._result(data, requires_grad)
        tr = config.trace
        if tr is not None:
            # Made while a function is traced (a gradient's seed of ones, an
            # array argument wrapped): a constant of the graph where its
            # array is concrete, not state.
            tr.born.add(id(v))
        return v

    # ------------------------------------------------------------------ node
    @property
    def node(self) -> VariableNode:
        """The :class:`VariableNode` of this variable in the graph."""
        n = self._node
        if n is None:
            # Created lazily (most Variables never join a graph) but under a lock:
            # two threads must not give one Variable two nodes.
            with _node_lock:
                n = self._node
                if n is None:
                    d = self._data
                    n = self._node = VariableNode(
                        self, None if d is None else d.shape,
                        None if d is None else d.dtype, self._requires_grad, self._name)
        return n

    @property
    def creator_node(self) -> Any:
        """The :class:`FunctionNode` that created this variable (``None`` for a root)."""
        n = self._node
        return None if n is None else n.creator_node

    @creator_node.setter
    def creator_node(self, fnode: Any) -> None:
        self.node.set_creator_node(fnode)

    @property
    def creator(self) -> Any:
        """The function that created this variable: its :attr:`creator_node`, or the
        old-style :class:`tapejit.Function` that node wraps."""
        return _creator(self.creator_node)

    @creator.setter
    def creator(self, func: Any) -> None:
        self.node.set_creator_node(_as_node(func))

    def set_creator(self, gen_func: Any) -> None:
        """Notify the variable that ``gen_func`` (a Function or FunctionNode) created it."""
        self.node.set_creator_node(_as_node(gen_func))

    def set_creator_node(self, fnode: Any) -> None:
        """Notify the variable that ``fnode`` (a FunctionNode) created it."""
        self.node.set_creator_node(fnode)

    @property
    def rank(self) -> int:
        n = self._node
        return 0 if n is None else n.rank

    # ------------------------------------------------------------------ data
    @property
    def array(self) -> Any:
        """The underlying data array."""
        if config.trace is not None:
            config.trace.touch(self)
        return self._data

    @array.setter
    def array(self, d: Any) -> None:
        if config.trace is not None:
            config.trace.touch(self)
        _check_data(d)
        self._data = d
        n = self._node
        if n is not None:
            n.shape = None if d is None else d.shape
            n.dtype = None if d is None else d.dtype
            if n.data is not None:
                n.data = d

    data = array

    @property
    def shape(self) -> tuple:
        return self._data.shape

    @property
    def ndim(self) -> int:
        return self._data.ndim

    @property
    def size(self) -> int:
        return self._data.size

    @property
    def dtype(self) -> Any:
        return self._data.dtype

    @property
    def xp(self) -> Any:
        """The array module (``numpy`` or ``cupy``) of the data array."""
        return backends.get_array_module(self._data)

    @property
    def device(self) -> backends.Device:
        """The device of the data array: ``'@numpy'`` or ``'@cupy:N'``."""
        return backends.get_device_from_array(self._data)

    @property
    def name(self) -> Optional[str]:
        return self._name

    @name.setter
    def name(self, n: Optional[str]) -> None:
        self._name = n
        if self._node is not None:
            self._node.name = n

    @property
    def label(self) -> str:
        """Short text that represents the variable: ``'(2, 3), float32'``."""
        d = self._data
        return _label(None if d is None else d.shape, None if d is None else d.dtype)

    @property
    def requires_grad(self) -> bool:
        """Whether backprop sets ``grad`` of this variable."""
        return self._requires_grad

    # ------------------------------------------------------------------ grad
    @property
    def grad(self) -> Any:
        """Gradient array of this variable (the array of :attr:`grad_var`)."""
        if config.trace is not None:
            config.trace.note_grad(self, 'read')
        gv = self._grad_var
        return None if gv is None else gv._data

    @grad.setter
    def grad(self, g: Any) -> None:
        if config.trace is not None:
            config.trace.note_grad(self, 'write')
        if g is not None:
            d = self._data
            check_grad(None if d is None else d.shape, None if d is None else d.dtype,
                       d, g)
        # The gradient Variable requires grad, as in Chainer (``grad_var`` of a
        # set ``grad`` can take part in a double-backprop graph).
        self._set_grad_var_unchecked(None if g is None else Variable._make(g, True))

    @property
    def _grad(self) -> Any:
        # Chainer's private attribute of the gradient array, which its code and
        # tests read (no check, nothing noted while tracing).
        gv = self._grad_var
        return None if gv is None else gv._data

    @property
    def grad_var(self) -> Optional['Variable']:
        """Gradient as a Variable; ``grad_var.array is grad``."""
        if config.trace is not None:
            config.trace.note_grad(self, 'read')
        return self._grad_var

    @grad_var.setter
    def grad_var(self, g: Optional['Variable']) -> None:
        if config.trace is not None:
            config.trace.note_grad(self, 'write')
        if g is not None:
            d = self._data
            check_grad(None if d is None else d.shape, None if d is None else d.dtype,
                       d, g._data, 'Variable.grad_var')
        self._set_grad_var_unchecked(g)

    def _set_grad_var_unchecked(self, g: Optional['Variable']) -> None:
        self._grad_var = g

    def cleargrad(self) -> None:
        """Clear the gradient (set it to ``None``)."""
        if config.trace is not None:
            config.trace.note_grad(self, 'write')
        self._grad_var = None

    def zerograd(self) -> None:
        """Initialise the gradient with zeros (deprecated: use :meth:`cleargrad`)."""
        warnings.warn('Variable.zerograd is deprecated; use Variable.cleargrad '
                      'instead', DeprecationWarning, stacklevel=2)
        if self._data is None:
            return
        if config.trace is not None:
            config.trace.note_grad(self, 'write')
        gv = self._grad_var
        if gv is None or isinstance(self._data, TracedArray):
            d = self._data
            xp = numpy if isinstance(d, TracedArray) else backends.get_array_module(d)
            self._grad_var = Variable._make(xp.zeros(d.shape, d.dtype), False)
        else:
            gv.unchain()
            gv._data.fill(0)

    def addgrad(self, var: 'Variable') -> None:
        """Accumulate the gradient of ``var`` into this variable's gradient."""
        if config.trace is not None:
            config.trace.note_grad(self, 'read')
        src = var._grad_var
        if src is None:
            return
        if self._data is None:
            xp = backends.get_array_module(var._data)
            self._data = xp.zeros_like(var._data)
            if self._node is not None:
                self._node.shape, self._node.dtype = var.shape, var.dtype
        g = backends.get_device_from_array(self._data).send(src._data)
        check_grad(self._data.shape, self._data.dtype, self._data, g, 'Variable.addgrad')
        dst = self._grad_var
        self._set_grad_var_unchecked(Variable._make(g.copy() if dst is None else dst._data + g,
                                                    False))

    def copydata(self, var: 'Variable') -> None:
        """Copy the data array of ``var`` into this variable (across devices too)."""
        src, dst = var._data, self._data
        if src is None:
            if dst is not None:
                var.array = dst.copy()
            return
        if dst is None:
            self.array = src.copy()
            return
        src = backends.get_device_from_array(dst).send(src)
        if src.shape != dst.shape:
            raise ShapeError(f'Variable.copydata: source shape {src.shape} does not '
                             f'match destination shape {dst.shape}')
        dst[...] = src

    # ----------------------------------------------------------- backprop
    def backward(self, retain_grad: bool = False, enable_double_backprop: bool = False,
                 loss_scale: Optional[float] = None) -> None:
        """Run backprop from this variable.

        A variable with one element starts from ones (times ``loss_scale``);
        otherwise set :attr:`grad` first.  Gradients accumulate into the
        ``grad`` of root variables until :meth:`cleargrad`.  An integer
        variable backprops integer gradients in its dtype, as in Chainer; a
        boolean one raises :class:`tapejit.DTypeError`.

        >>> import numpy as np, tapejit
        >>> x = tapejit.Variable(np.array([1.0, 2.0]))
        >>> y = tapejit.functions.sum(x * x)
        >>> y.backward()
        >>> x.grad
        array([2., 4.])
        >>> n = tapejit.Variable(np.array([1, 2], np.int32))
        >>> m = n * 3
        >>> m.grad = np.array([1, 2], np.int32)
        >>> m.backward()
        >>> n.grad
        array([3, 6], dtype=int32)
        """
        _backward_pass(self, retain_grad, enable_double_backprop, loss_scale)

    def unchain(self) -> None:
        """Delete the reference to the creator of this variable."""
        if self._node is not None:
            self._node.creator_node = None

    def unchain_backward(self) -> None:
        """Delete the references between nodes and functions backward from here."""
        seen = set()
        cand = []
        c = self.creator_node
        if c is not None:
            cand.append(c)
            seen.add(c)
        while cand:
            f = cand.pop()
            for x in f.inputs or ():
                c = x.creator_node
                if c is not None and c not in seen:
                    seen.add(c)
                    cand.append(c)
            f.unchain()

    # ------------------------------------------------------------ devices
    def to_device(self, device: Any) -> 'Variable':
        """Move data and gradient to ``device`` (``'@numpy'`` or ``'@cupy:N'``)."""
        dev = backends.get_device(device)
        if self._data is not None:
            self.array = dev.send(self._data)
        if self._grad_var is not None:
            self._grad_var.array = dev.send(self._grad_var._data)
        return self

    def to_cpu(self) -> 'Variable':
        """Move data and gradient to the host (NumPy)."""
        return self.to_device(backends.CPU)

    def to_gpu(self, device: Any = None) -> 'Variable':
        """Move data and gradient to a GPU (CuPy); the current one if ``device`` is None."""
        if device is None:
            cp = backends.require_cupy('Variable.to_gpu')
            device = cp.cuda.Device().id
        if isinstance(device, int):
            device = backends.GpuDevice(device)
        return self.to_device(device)

    def to_intel64(self) -> 'Variable':
        """NumPy equivalent of Chainer's iDeep conversion: moves the arrays to the host.

        Chainer converts arrays "not suited for intel64" to NumPy; tapejit has no
        iDeep, so every array is treated that way.
        """
        return self.to_cpu()

    def to_chx(self) -> None:
        """Not supported: ChainerX does not exist in tapejit (raises RuntimeError)."""
        raise _chainerx_error('to_chx')

    def from_chx(self) -> None:
        """Not supported: ChainerX does not exist in tapejit (raises RuntimeError)."""
        raise _chainerx_error('from_chx')

    @property
    def chx_array(self) -> Any:
        """Not supported: raises ValueError, as Chainer does for non-ChainerX arrays."""
        raise ValueError('Variable.chx_array: this Variable holds a '
                         f'{type(self._data).__module__} array, not a ChainerX '
                         'array (ChainerX is not part of tapejit)')

    # ------------------------------------------------------------ python
    def summary(self) -> str:
        """``'<variable NAME>'``, or ``'<variable at 0x...>'`` without a name.

        >>> import numpy as np, tapejit
        >>> tapejit.Variable(np.zeros(1), name='x').summary()
        '<variable x>'
        """
        if self._name:
            return f'<variable {self._name}>'
        return f'<variable at 0x{id(self):x}>'

    def debug_print(self) -> str:
        """A summary of the data (device, array type, shape, dtype, mean and standard
        deviation) and of the gradient (None, 0 when all zeros, or its statistics).

        >>> import numpy as np, tapejit
        >>> print(tapejit.Variable(np.array([1.0, 3.0]), name='x').debug_print())
        <variable x>
        - device: CPU
        - backend: <class 'numpy.ndarray'>
        - shape: (2,)
        - dtype: float64
        - statistics: mean=2.00000000, std=1.00000000
        - grad: None
        """
        stats = 'mean={0:.8f}, std={1:.8f}'
        d = self._data
        if d is None:
            device = backend = stat = shape = dtype = None
        else:
            xp = backends.get_array_module(d)
            device = 'CPU' if xp is numpy else getattr(d, 'device', None)
            backend, shape, dtype = type(d), d.shape, d.dtype
            stat = stats.format(float(xp.mean(d)), float(xp.std(d)))
        g = self.grad
        if g is None:
            grad = None
        elif not (g != 0).any():
            grad = 0
        else:
            xp = backends.get_array_module(g)
            grad = stats.format(float(xp.mean(g)), float(xp.std(g)))
        return (f'{self.summary()}\n- device: {device}\n- backend: {backend}\n'
                f'- shape: {shape}\n- dtype: {dtype}\n- statistics: {stat}\n'
                f'- grad: {grad}')

    def item(self) -> Any:
        """The single element as a Python scalar."""
        return self._data.item()

    def __len__(self) -> int:
        if self._data is None or self._data.ndim == 0:
            raise TypeError('len() of a 0-dimensional Variable')
        return self._data.shape[0]

    def __bool__(self) -> bool:
        d = self._data
        if d is None or d.size != 1:
            raise ValueError(
                'The truth value of a Variable with more than one element is '
                f'ambiguous (shape {None if d is None else d.shape}); use '
                'F.max/F.min or .array.any()/.array.all()')
        return bool(d)

    def _scalar(self, what: str) -> Any:
        d = self._data
        if d is None or d.size != 1:
            raise TypeError(f'{what}() needs a Variable with one element, got shape '
                            f'{None if d is None else d.shape}')
        return d.item()

    def __float__(self) -> float:
        return float(self._scalar('float'))

    def __int__(self) -> int:
        return int(self._scalar('int'))

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other: object) -> bool:
        # Identity, as Python objects: Variables are used as dict keys and in
        # `in` checks. Elementwise comparison is `x.array == y.array`.
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __repr__(self) -> str:
        prefix = 'variable' if not self._name else 'variable ' + self._name
        if isinstance(self._data, TracedArray):
            return f'{prefix}({self._data!r})'
        arr = backends.CPU.send(self._data)
        if arr is None:
            lst = 'None'
        elif arr.size > 0 or arr.shape == (0,):
            lst = numpy.array2string(arr, None, None, None, ', ', prefix + '(')
        else:
            lst = '[], shape=%s' % (repr(arr.shape),)
        return '%s(%s)' % (prefix, lst)

    def __str__(self) -> str:
        prefix = 'variable' if not self._name else 'variable ' + self._name
        if isinstance(self._data, TracedArray):
            return f'{prefix}({self._data!r})'
        arr = backends.CPU.send(self._data)
        lst = 'None' if arr is None else numpy.array2string(arr, None, None, None, ' ',
                                                            prefix + '(')
        return '%s(%s)' % (prefix, lst)

    def __copy__(self) -> 'Variable':
        v = Variable._make(self._data, self._requires_grad)
        v._name = self._name
        return v

    def __reduce__(self):
        return (_rebuild, (backends.CPU.send(self._data) if self._data is not None else None,
                           self._name, self.grad, self._requires_grad))

    # Operators (+, *, [], @, reshape, transpose, T...) are installed by
    # tapejit.core.operators once the primitives exist.


class StateVariable(Variable):
    """A Variable holding state that a compiled step reads and updates in place.

    It needs no gradient (``requires_grad`` is False), yet under
    ``@tapejit.jit`` it is treated like a parameter: its array is an input of
    the plan and whatever the function assigns to ``.array`` is written back
    after each call.  Optimizers keep their moments and step counters in such
    Variables, so a compiled training step carries them across calls.

    >>> import numpy as np, tapejit
    >>> from tapejit.core.variable import StateVariable
    >>> count = StateVariable(np.zeros((), np.int64))
    >>> @tapejit.jit
    ... def tick():
    ...     count.array = count.array + 1
    >>> tick(); tick(); count.array
    array(2)
    """

    __slots__ = ()

    def __init__(self, data: Any = None, *, name: Optional[str] = None) -> None:
        super().__init__(data, name=name, requires_grad=False)

    def __reduce__(self):
        return (_rebuild_state, (backends.CPU.send(self._data) if self._data is not None
                                 else None, self._name))


def _rebuild_state(data: Any, name: Any) -> StateVariable:
    return StateVariable(data, name=name)


def _rebuild(data: Any, name: Any, grad: Any, requires_grad: bool) -> Variable:
    return Variable(data, name=name, grad=grad, requires_grad=requires_grad)


def as_variable(obj: Any) -> Variable:
    """Return ``obj`` if it is a Variable, else wrap the array (``requires_grad=False``).

    >>> import numpy as np, tapejit
    >>> tapejit.as_variable(np.zeros(2)).requires_grad
    False
    """
    if isinstance(obj, Variable):
        return obj
    _check_data(obj)
    return Variable._make(obj, False)


def as_array(obj: Any) -> Any:
    """The array of a Variable, or the array itself."""
    return obj._data if isinstance(obj, Variable) else obj


def _no_backprop() -> bool:
    return not config.enable_backprop

