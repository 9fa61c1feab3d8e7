"""Batch normalization as a link (Chainer's ``links.BatchNormalization``)."""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit import initializers
from tapejit.core.abstract import TracedArray
from tapejit.core.config import config, get_dtype
from tapejit.core.parameter import Parameter
from tapejit.core.variable import StateVariable, Variable
from tapejit.functions._util import array_of
from tapejit.functions.normalization import batch_normalization, fixed_batch_normalization
from tapejit.links.link import Link


class BatchNormalization(Link):
    """BatchNormalization(size=None, decay=0.9, eps=2e-5, dtype=None, use_gamma=True,
    use_beta=True, initial_gamma=None, initial_beta=None, axis=None,
    initial_avg_mean=None, initial_avg_var=None)

    In train mode (``tapejit.config.train``) it normalizes with the batch's
    statistics and updates the running averages ``avg_mean`` and ``avg_var``
    (persistent arrays, saved with the model); in test mode it normalizes with
    those averages.  ``size`` (the channel shape) may be left to the first
    input.  Under ``@tapejit.jit`` a compiled training step updates the
    running averages on every call, as an eager one does.

    >>> import numpy as np, tapejit
    >>> from tapejit import links as L
    >>> bn = L.BatchNormalization(2)
    >>> y = bn(np.array([[0.0, 1.0], [2.0, 5.0]], np.float32))
    >>> np.round(y.array, 3), bn.avg_mean
    (array([[-1., -1.],
           [ 1.,  1.]], dtype=float32), array([0.1, 0.3], dtype=float32))
    """

    def __init__(self, size: Any = None, decay: float = 0.9, eps: float = 2e-5,
                 dtype: Any = None, use_gamma: bool = True, use_beta: bool = True,
                 initial_gamma: Any = None, initial_beta: Any = None, axis: Any = None,
                 initial_avg_mean: Any = None, initial_avg_var: Any = None) -> None:
        super().__init__()
        if size is None and axis is None:
            raise RuntimeError('BatchNormalization: give size (the channel shape) or axis, '
                               'from which the channel shape is taken at the first call')
        if size is not None and not isinstance(size, (int, numpy.integer, tuple, list)):
            raise TypeError(f'BatchNormalization: size must be an int or a tuple of ints, '
                            f'got {type(size).__name__}')
        self.decay, self.eps, self.axis = decay, eps, axis
        self._dtype = get_dtype(dtype, map_mixed16=numpy.float32)
        self._inits = (initial_avg_mean, initial_avg_var)
        self.avg_mean: Any = None
        self.avg_var: Any = None
        self.N = 0
        self.register_persistent('avg_mean')
        self.register_persistent('avg_var')
        self.register_persistent('N')
        self._held: Optional[tuple] = None
        self._held_count: Optional[StateVariable] = None  # see _count
        with self.init_scope():
            self.gamma = self._parameter(1, initial_gamma) if use_gamma else None
            self.beta = self._parameter(0, initial_beta) if use_beta else None
        if size is not None:
            self._initialize_params((size,) if isinstance(size, int) else tuple(size))

    def _parameter(self, default: float, initial: Any) -> Parameter:
        """gamma or beta, of the link's dtype (float32 under mixed16) unless
        ``initial`` is an array."""
        init = initializers.get_initializer(default if initial is None else initial)
        if isinstance(init, initializers.Initializer):
            init.dtype = self._dtype
        return Parameter(init)

    def _initialize_params(self, shape: tuple) -> None:
        for p in (self.gamma, self.beta):
            if p is not None:
                p.initialize(shape)
        mean_init, var_init = self._inits
        self.avg_mean = numpy.zeros(shape, self._dtype)
        self.avg_var = numpy.zeros(shape, self._dtype)
        initializers.get_initializer(0 if mean_init is None else mean_init)(self.avg_mean)
        initializers.get_initializer(1 if var_init is None else var_init)(self.avg_var)

    def _statistics(self) -> tuple:
        """The running averages as state Variables holding the persistent
        arrays themselves: a compiled step reads them on every call and
        writes its in-place updates back into them (made anew when
        ``to_device`` or a load replaced an array)."""
        held = self._held
        if held is None or held[0].array is not self.avg_mean \
                or held[1].array is not self.avg_var:
            held = self._held = (StateVariable(self.avg_mean), StateVariable(self.avg_var))
        return held

    def _params_like(self, x: Any) -> tuple:
        shape = array_of(x).shape
        if self.avg_mean is None:
            axis = self.axis
            if axis is None:
                channel = (shape[1],) if len(shape) > 1 else ()
            else:
                axis = (axis,) if isinstance(axis, int) else tuple(axis)
                channel = tuple(s for d, s in enumerate(shape) if d not in
                                {a % len(shape) for a in axis})
            self._initialize_params(channel)
        dt = array_of(x).dtype
        gamma = self.gamma if self.gamma is not None else numpy.ones(self.avg_mean.shape, dt)
        beta = self.beta if self.beta is not None else numpy.zeros(self.avg_mean.shape, dt)
        return gamma, beta

    def forward(self, x: Any, *, finetune: bool = False, **kwargs: Any) -> Variable:
        """Normalize ``x``; ``finetune`` averages over all batches seen so far
        (decay ``1 - 1/N``) instead of decaying."""
        if 'test' in kwargs:
            raise ValueError('BatchNormalization: the test argument is not supported (as '
                             "in Chainer 2 on); use tapejit.using_config('train', False)")
        if kwargs:
            raise TypeError(f'BatchNormalization: unexpected keyword argument(s) '
                            f'{sorted(kwargs)}')
        gamma, beta = self._params_like(x)
        mean, var = self._statistics()
        if not config.train:
            return fixed_batch_normalization(x, gamma, beta, mean, var, self.eps, self.axis)
        decay = self.decay
        if finetune:
            if config.trace is None:
                self.N += 1
                decay = 1.0 - 1.0 / self.N
            else:
                # The count is state the compiled step increments at every call
                # (a 0-d array written in place), and the decay comes from it.
                count = self._count().array
                count += 1
                decay = 1.0 - 1.0 / count
        return batch_normalization(x, gamma, beta, self.eps, mean, var, decay, self.axis)

    def _count(self) -> StateVariable:
        """``N`` as a state Variable holding it as a 0-d array (made one
        first where it is a Python int), for a compiled step to update."""
        if not isinstance(self.N, numpy.ndarray) or self.N.shape != ():
            self.N = numpy.asarray(self.N, numpy.int64)
        held = self._held_count
        # (Under a trace that already read it, it holds the traced array.)
        if held is None or (held._data is not self.N
                            and held._data.__class__ is not TracedArray):
            held = self._held_count = StateVariable(self.N)
        return held

    def start_finetuning(self) -> None:
        """Restart the count of batches that ``finetune`` averages over."""
        if isinstance(self.N, numpy.ndarray):
            self.N[...] = 0  # (in place: a compiled step holds this array)
        else:
            self.N = 0

    @property
    def printable_specs(self) -> Any:
        """The channel shape, decay and eps, which ``str(link)`` shows."""
        yield 'size', None if self.avg_mean is None else self.avg_mean.shape
        yield 'decay', self.decay
        yield 'eps', self.eps
