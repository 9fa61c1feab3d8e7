"""``Parameter``: a Variable that a Link owns and an optimizer updates."""

from __future__ import annotations

import copy
import weakref
from typing import Any, Optional

import numpy

from tapejit import backends
from tapejit.core.config import get_dtype
from tapejit.core import variable
from tapejit.core.variable import Variable


def _default_dtype(initializer: Any) -> Any:
    # An initializer without a dtype makes arrays of ``config.dtype`` (float32
    # unless changed), as in Chainer.
    if getattr(initializer, 'dtype', None) is not None:
        return None
    return get_dtype()


class Parameter(Variable):
    """Parameter(initializer=None, shape=None, name=None)

    A :class:`~tapejit.Variable` that holds a trainable array.

    ``initializer`` is an array (the initial value), a scalar, or an
    initializer from :mod:`tapejit.initializers` (``None``: NaN, as in
    Chainer).  With ``shape`` the array is made at once; without it the
    parameter stays *uninitialized* (``array is None``) until
    :meth:`initialize` is called, which lets a link learn its input size from
    its first input.  :meth:`update` applies the optimizer's update rule.

    As in Chainer, a parameter made with a shape, or initialized later, starts
    with a NaN-filled gradient, so that a step that forgets ``cleargrads()``
    shows up as NaN; the gradient of a parameter that is still uninitialized
    cannot be read before ``cleargrad()`` (or ``zerograd()``) is called.

    >>> import numpy as np, tapejit
    >>> from tapejit import initializers
    >>> p = tapejit.Parameter(initializers.Constant(2.0), (2,))
    >>> p.array, p.grad
    (array([2., 2.], dtype=float32), array([nan, nan], dtype=float32))
    >>> q = tapejit.Parameter(initializers.Zero())
    >>> q.is_initialized
    False
    >>> q.initialize((1, 3)); q.shape
    (1, 3)
    """

    __slots__ = ('initializer', 'update_rule', '_grad_initializer', '_grad_valid',
                 '_initial_device', '_shared')

    def __init__(self, initializer: Any = None, shape: Any = None,
                 name: Optional[str] = None) -> None:
        from tapejit import initializers
        self._grad_valid = True
        self._grad_initializer = None
        self._initial_device = backends.CPU
        # Shallow copies (weak references, shared by all of them): initializing
        # one gives the others that still share its array the new one, as in
        # Chainer, whose copies share one cell holding the array.
        self._shared: Optional[list] = None
        if shape is None and backends.is_array(initializer):
            super().__init__(initializer, name=name)
            self.initializer = initializers.Constant(initializer, initializer.dtype)
        elif shape is None:
            super().__init__(None, name=name)
            self.initializer = initializers.get_initializer(initializer, initializers.NaN())
            self._grad_valid = False
            self._grad_initializer = initializers.NaN(getattr(self.initializer, 'dtype',
                                                              None))
        else:
            xp = numpy
            if backends.is_array(initializer):
                xp = backends.get_array_module(initializer)
            self.initializer = initializers.get_initializer(initializer, initializers.NaN())
            data = initializers.generate_array(self.initializer, shape, xp,
                                               dtype=_default_dtype(self.initializer))
            super().__init__(data, name=name, grad=xp.full_like(data, numpy.nan))
        self.update_rule: Any = None

    @property
    def is_initialized(self) -> bool:
        """Whether the parameter has an array yet."""
        return self._data is not None

    @property
    def dtype(self) -> Any:
        d = self._data
        if d is not None:
            return d.dtype
        dt = getattr(self.initializer, 'dtype', None)
        if dt is None:
            raise RuntimeError(
                f'Parameter {self._name or ""}: the dtype is not known yet: the parameter '
                'is uninitialized and its initializer has no dtype (give the initializer '
                'a dtype, or initialize the parameter first)')
        return numpy.dtype(dt)

    @property
    def grad(self) -> Any:
        """Gradient array (see :attr:`Variable.grad`); reading it from an uninitialized
        parameter before ``cleargrad()`` is a RuntimeError, as in Chainer."""
        if not self._grad_valid:
            raise RuntimeError(
                f'Parameter {self._name or ""}: cannot read the gradient of an '
                'uninitialized parameter: set it, or call cleargrad() first')
        return Variable.grad.fget(self)

    @grad.setter
    def grad(self, g: Any) -> None:
        Variable.grad.fset(self, g)
        self._grad_valid = True

    def cleargrad(self) -> None:
        """Clear the gradient; an uninitialized parameter then starts without one."""
        super().cleargrad()
        self._grad_valid = True
        if self._data is None:
            self._grad_initializer = None

    def zerograd(self) -> None:
        """Zero the gradient (deprecated: use :meth:`cleargrad`); an uninitialized
        parameter then starts with a zero gradient."""
        from tapejit import initializers
        super().zerograd()
        self._grad_valid = True
        if self._data is None:
            self._grad_initializer = initializers.Zero(getattr(self.initializer, 'dtype',
                                                               None))

    def initialize(self, shape: Any) -> None:
        """Make the array: ``shape`` filled by the initializer, on the device the
        parameter was sent to; the gradient is NaN-filled (zeros after
        ``zerograd()``, None after ``cleargrad()``)."""
        from tapejit import initializers
        dtype = _default_dtype(self.initializer)
        dev = self._initial_device
        old = self._data
        data = dev.send(initializers.generate_array(self.initializer, shape, numpy,
                                                    dtype=dtype))
        self._data = data
        self._grad_var = None
        if self._grad_initializer is not None:
            g = initializers.generate_array(self._grad_initializer, data.shape, numpy,
                                            dtype=data.dtype)
            self._grad_var = Variable._make(dev.send(g), True)
        self._grad_valid = True
        n = self._node
        if n is not None:
            n.shape, n.dtype = data.shape, data.dtype
        for ref in self._shared or ():
            peer = ref()
            if peer is not None and peer is not self and peer._data is old:
                peer._data = data
                if peer._node is not None:
                    peer._node.shape, peer._node.dtype = data.shape, data.dtype

    def to_device(self, device: Any) -> 'Parameter':
        """Move data and gradient to ``device``; an uninitialized parameter is made
        there when it is initialized."""
        self._initial_device = backends.get_device(device)
        return super().to_device(device)

    def update(self) -> None:
        """Update the array with the update rule an optimizer's ``setup`` set."""
        if self.update_rule is not None:
            self.update_rule.update(self)

    def __copy__(self) -> 'Parameter':
        # A shallow copy shares the arrays (Link.copy(mode='share')).
        p = Parameter.__new__(Parameter)
        Variable.__init__(p, self._data, name=self._name, requires_grad=self._requires_grad)
        p._grad_var = self._grad_var
        for slot in Parameter.__slots__:
            setattr(p, slot, getattr(self, slot))
        if self._shared is None:
            self._shared = [weakref.ref(self)]
        p._shared = self._shared
        self._shared.append(weakref.ref(p))
        return p

    def __deepcopy__(self, memo: dict) -> 'Parameter':
        # On the same device as the original (pickling moves arrays to the host).
        p = Parameter.__new__(Parameter)
        memo[id(self)] = p
        d = self._data
        Variable.__init__(p, None if d is None else d.copy(), name=self._name,
                          requires_grad=self._requires_grad)
        g = self._grad_var
        if g is not None:
            p._grad_var = Variable._make(g._data.copy(), g._requires_grad)
        for slot in Parameter.__slots__:
            v = getattr(self, slot)
            setattr(p, slot, v if slot == '_initial_device' else copy.deepcopy(v, memo))
        p._shared = None
        if p._grad_initializer is None and d is not None:
            # Chainer's copies are rebuilt as uninitialized parameters given the
            # array, so initializing one anew (Link.copy(mode='init')) gives a NaN
            # gradient.
            from tapejit import initializers
            p._grad_initializer = initializers.NaN(getattr(p.initializer, 'dtype', None))
        return p

    def __reduce__(self):
        # The gradient and the update rule (with its state) travel too, as in
        # Chainer, so a pickled optimizer with its target resumes where it was.
        cpu = backends.CPU.send
        g = self._grad_var
        return (_rebuild_parameter, (
            None if self._data is None else cpu(self._data), self._name, self.initializer,
            None if g is None else cpu(g._data), self._grad_valid, self.update_rule))


def _rebuild_parameter(data: Any, name: Any, initializer: Any, grad: Any = None,
                       grad_valid: bool = True, update_rule: Any = None) -> Parameter:
    p = Parameter(data if data is not None else initializer, name=name)
    if data is not None:
        p.grad = grad
    elif grad_valid:
        p.cleargrad()
    p.update_rule = update_rule
    return p


__all__ = ['Parameter']


# Chainer defines Parameter in its variable module (chainer.variable.Parameter).
variable.Parameter = Parameter  # type: ignore[attr-defined]
