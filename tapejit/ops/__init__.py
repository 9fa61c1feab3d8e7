"""The primitive table. Importing this package registers every primitive.

``PRIMITIVES`` maps each name to its :class:`~tapejit.ops.registry.Primitive`
record (impl, abstract_eval, vjp, lowering).
"""

from tapejit.ops import (attention, collective, convolution, elementwise, linalg, random,  # noqa: F401
                         reduction, structure, window)
from tapejit.ops.registry import PRIMITIVES, Aval, Primitive, bind

__all__ = ['PRIMITIVES', 'Aval', 'Primitive', 'bind', 'attention', 'collective', 'convolution',
           'elementwise', 'linalg', 'random', 'reduction', 'structure', 'window']
