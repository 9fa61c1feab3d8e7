"""Walker's alias method: draws from a discrete distribution in O(1) per draw
(Chainer's ``chainer.utils.WalkerAlias``).

Each draw takes one uniform number from NumPy's global generator, as
Chainer's does (``numpy.random.uniform(0, 1, shape)``), eagerly and under
:func:`tapejit.jit` alike: a jitted function that samples draws anew at
every call, and the same seed gives the same samples both ways.

>>> import numpy as np
>>> from tapejit.utils import WalkerAlias
>>> sampler = WalkerAlias([0.0, 1.0, 0.0])
>>> sampler.sample((2, 3))
array([[1, 1, 1],
       [1, 1, 1]], dtype=int32)
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy

from tapejit import backends
from tapejit.ops import elementwise as E
from tapejit.ops import random
from tapejit.ops.window import take_rows


class WalkerAlias:
    """WalkerAlias(probs)

    Samples of the ids ``0 .. len(probs) - 1``, each with probability
    ``probs[i] / sum(probs)``.

    The table is Chainer's: ``threshold`` (float32, one entry per id) and
    ``values`` (int32, two per id); a draw ``u`` in ``[0, 1)`` picks the
    column ``i = floor(u * n)`` and returns ``values[2 * i]`` if
    ``u * n - i <= threshold[i]``, else ``values[2 * i + 1]``.

    ``sample(shape)`` returns an int32 array on the sampler's device
    (``to_device`` moves the table); inside a function traced by
    :func:`tapejit.jit` it returns the traced draw, which the compiled
    function redraws at every call.

    >>> import numpy as np, tapejit, tapejit.functions as F
    >>> from tapejit.utils import WalkerAlias
    >>> sampler = WalkerAlias(np.array([5, 3, 4, 1, 2]))
    >>> np.random.seed(0)
    >>> counts = np.bincount(sampler.sample((10000,)), minlength=5) / 10000
    >>> bool(np.abs(counts - np.array([5, 3, 4, 1, 2]) / 15).max() < 0.02)
    True
    >>> draw = tapejit.jit(lambda: sampler.sample((4,)))
    >>> bool((draw() != draw()).any() or (draw() != draw()).any())
    True
    """

    def __init__(self, probs: Any) -> None:
        prob = numpy.array(probs, numpy.float32)
        if prob.ndim != 1 or len(prob) == 0:
            raise ValueError(f'WalkerAlias: probs has shape {prob.shape}; expected a '
                             'non-empty vector of probabilities')
        prob /= numpy.sum(prob)
        n = len(prob)
        threshold = numpy.ndarray(n, numpy.float32)
        values = numpy.ndarray(n * 2, numpy.int32)
        # Chainer's construction, step for step, so that its tables (and so a
        # given uniform draw's sample) are the same as Chainer's.  The running
        # mass is a Python float: NumPy 1, which Chainer ran on, computed it
        # in float64 (NumPy 2 would keep float32 and build other tables).
        il, ir = 0, 0
        pairs = sorted(zip(prob, range(n)))
        for p_i, i in pairs:
            p = float(p_i) * n
            while p > 1 and ir < il:
                values[ir * 2 + 1] = i
                p -= 1.0 - float(threshold[ir])
                ir += 1
            threshold[il] = p
            values[il * 2] = i
            il += 1
        for i in range(ir, n):
            values[i * 2 + 1] = 0
        assert (values < n).all()
        self.threshold = threshold
        self.values = values
        self._device: backends.Device = backends.CPU

    # --------------------------------------------------------------- devices
    @property
    def device(self) -> backends.Device:
        """The device the table lives on, and the samples are drawn on."""
        return self._device

    @property
    def use_gpu(self) -> bool:
        """Whether the table lives on a GPU."""
        return self._device.xp is not numpy

    def to_device(self, device: Any) -> 'WalkerAlias':
        """Move the table to ``device`` (``'@numpy'``, ``'@cupy:N'``, a Device)."""
        dev = backends.get_device(device)
        self.threshold = dev.send(self.threshold)
        self.values = dev.send(self.values)
        self._device = dev
        return self

    def to_cpu(self) -> 'WalkerAlias':
        """Move the table to the host (deprecated: use ``to_device('@numpy')``)."""
        warnings.warn("to_cpu is deprecated. Please use to_device('@numpy') instead.",
                      DeprecationWarning, stacklevel=2)
        return self.to_device(backends.CPU)

    def to_gpu(self, device: Any = None) -> 'WalkerAlias':
        """Move the table to a GPU (deprecated: use ``to_device('@cupy:N')``)."""
        warnings.warn("to_gpu is deprecated. Please use to_device('@cupy:N') instead.",
                      DeprecationWarning, stacklevel=2)
        if device is None:
            device = backends.require_cupy('WalkerAlias.to_gpu').cuda.Device().id
        return self.to_device(backends.GpuDevice(int(getattr(device, 'id', device))))

    # -------------------------------------------------------------- sampling
    def sample(self, shape: Any) -> Any:
        """Ids drawn from the distribution: an int32 array of ``shape``.

        >>> from tapejit.utils import WalkerAlias
        >>> WalkerAlias([1.0, 1.0]).sample((3,)).shape
        (3,)
        """
        shape = (int(shape),) if isinstance(shape, (int, numpy.integer)) else \
            tuple(int(d) for d in shape)
        xp = self._device.xp
        n = len(self.threshold)
        # The draws come from tapejit's random op, which a compiled function
        # draws anew at every call; the rest is the table's lookup, in ops so
        # that it is traced too.
        u = random.uniform_noise(xp.zeros(shape, numpy.float64))
        pb = u * numpy.float64(n)
        # (u * n rounds up to n for a u just below 1: the last column then.)
        index = E.minimum(E.cast(pb, dtype=numpy.int32), xp.asarray(n - 1, numpy.int32))
        rest = pb - E.cast(index, dtype=numpy.float64)
        right = E.less(E.cast(take_rows(self.threshold, index), dtype=numpy.float64), rest)
        at = index * xp.asarray(2, numpy.int32) + E.cast(right, dtype=numpy.int32)
        return take_rows(self.values, at).array

    def __repr__(self) -> str:
        return f'<WalkerAlias of {len(self.threshold)} ids on {self._device}>'
