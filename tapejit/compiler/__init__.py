"""The target-free compiler: the passes over a traced graph (simplify:
constant folding, algebraic identities, CSE, DCE; fusion into loop groups
and library calls) and the cache of generated Python code.  The targets
(:mod:`tapejit.targets`) lower its result to code for a machine; this
package knows nothing of them, nor of :mod:`tapejit.jit`."""

from tapejit.compiler.fusion import partition
from tapejit.compiler.passes import simplify

__all__ = ['partition', 'simplify']
