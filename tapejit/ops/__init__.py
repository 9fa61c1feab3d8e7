"""The primitive table. Importing this package registers every primitive.

``PRIMITIVES`` maps each name to its :class:`~tapejit.ops.registry.Primitive`
record (impl, abstract_eval, vjp, lowering).
"""

from tapejit.ops import (collective, elementwise, linalg, random, reduction,  # noqa: F401
                         structure, window)
from tapejit.ops.registry import PRIMITIVES, Aval, Primitive, bind

__all__ = ['PRIMITIVES', 'Aval', 'Primitive', 'bind', 'collective', 'elementwise', 'linalg',
           'random', 'reduction', 'structure', 'window']
