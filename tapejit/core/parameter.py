"""``Parameter``: a Variable that a Link owns and an optimizer updates."""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit import backends
from tapejit.core.variable import Variable


class Parameter(Variable):
    """Parameter(initializer=None, shape=None, name=None)

    A :class:`~tapejit.Variable` that holds a trainable array.

    ``initializer`` is an array (the initial value), a scalar, or an
    initializer from :mod:`tapejit.initializers` (``None``: NaN, as in
    Chainer).  With ``shape`` the array is made at once; without it the
    parameter stays *uninitialized* (``array is None``) until
    :meth:`initialize` is called, which lets a link learn its input size from
    its first input.  :meth:`update` applies the optimizer's update rule.

    >>> import numpy as np, tapejit
    >>> from tapejit import initializers
    >>> p = tapejit.Parameter(initializers.Constant(2.0), (2,))
    >>> p.array
    array([2., 2.], dtype=float32)
    >>> q = tapejit.Parameter(initializers.Zero())
    >>> q.is_initialized
    False
    >>> q.initialize((1, 3)); q.shape
    (1, 3)
    """

    __slots__ = ('initializer', 'update_rule')

    def __init__(self, initializer: Any = None, shape: Any = None,
                 name: Optional[str] = None) -> None:
        from tapejit import initializers
        if backends.is_array(initializer):
            super().__init__(initializer, name=name)
            self.initializer = initializers.Constant(initializer, initializer.dtype)
        else:
            super().__init__(None, name=name)
            self.initializer = initializers.get_initializer(initializer, initializers.NaN())
            if shape is not None:
                self.initialize(shape)
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
        return numpy.dtype(numpy.float32) if dt is None else dt

    def initialize(self, shape: Any) -> None:
        """Make the array: ``shape`` filled by the initializer (gradient cleared)."""
        from tapejit import initializers
        data = initializers.generate_array(self.initializer, shape, numpy)
        self._data = data
        self._grad_var = None
        n = self._node
        if n is not None:
            n.shape, n.dtype = data.shape, data.dtype

    def update(self) -> None:
        """Update the array with the update rule an optimizer's ``setup`` set."""
        if self.update_rule is not None:
            self.update_rule.update(self)

    def __reduce__(self):
        return (_rebuild_parameter, (backends.CPU.send(self._data) if self._data is not None
                                     else None, self._name, self.initializer))


def _rebuild_parameter(data: Any, name: Any, initializer: Any) -> Parameter:
    if data is not None:
        return Parameter(data, name=name)
    return Parameter(initializer, name=name)


__all__ = ['Parameter']
