"""Embedding lookup as a link (Chainer's ``links.EmbedID``)."""

from __future__ import annotations

from typing import Any, Optional

from tapejit import initializers
from tapejit.core.parameter import Parameter
from tapejit.core.variable import Variable
from tapejit.functions._util import array_of
from tapejit.functions.connection import embed_id
from tapejit.links.link import Link


class EmbedID(Link):
    """EmbedID(in_size, out_size, initialW=None, ignore_label=None)

    A table ``W`` ``(in_size, out_size)`` (standard normal by default) whose
    rows are looked up by integer ids: :func:`tapejit.functions.embed_id`.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> emb = L.EmbedID(10, 4)
    >>> emb(np.array([[1, 2, 3]])).shape
    (1, 3, 4)
    """

    ignore_label: Optional[int] = None  # (links pickled without it load, as in Chainer)

    def __init__(self, in_size: int, out_size: int, initialW: Any = None,
                 ignore_label: Optional[int] = None) -> None:
        super().__init__()
        self.in_size, self.out_size, self.ignore_label = in_size, out_size, ignore_label
        with self.init_scope():
            init = initializers.Normal(1.0) if initialW is None else \
                initializers.get_initializer(initialW)
            self.W = Parameter(init, (in_size, out_size))

    @classmethod
    def from_params(cls, W: Any, ignore_label: Optional[int] = None) -> 'EmbedID':
        """An EmbedID holding a copy of the table ``W`` ``(in_size, out_size)``
        (a Variable or an array).

        >>> import numpy as np
        >>> from tapejit import links as L
        >>> L.EmbedID.from_params(np.zeros((5, 2), np.float32)).W.shape
        (5, 2)
        """
        data = array_of(W)
        return cls(data.shape[0], data.shape[1], initialW=data, ignore_label=ignore_label)

    def forward(self, x: Any) -> Variable:
        """The rows of ``W`` at the ids ``x``."""
        return embed_id(x, self.W, ignore_label=self.ignore_label)

    @property
    def printable_specs(self) -> Any:
        """``in_size``, ``out_size`` and ``ignore_label``, which ``str(link)`` shows."""
        yield 'in_size', self.in_size
        yield 'out_size', self.out_size
        yield 'ignore_label', self.ignore_label
