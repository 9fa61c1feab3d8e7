"""Reference interpreter: runs a graph with each primitive's eager ``impl``
(the oracle the compilers are tested against).
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy

from tapejit.ir.graph import Graph


def interpret(g: Graph, args: Sequence[Any]) -> list:
    """Run ``g`` on input arrays ``args``; return the output arrays.

    >>> import numpy as np, tapejit
    >>> from tapejit.ir import interpret
    >>> from tapejit.ir.trace import trace_graph
    >>> g = trace_graph(lambda x: x * 2 + 1, [np.ones(2)])
    >>> interpret(g, [np.array([1.0, 2.0])])
    [array([3., 5.])]
    """
    if len(args) != len(g.invars):
        raise ValueError(f'interpret: the graph takes {len(g.invars)} inputs, got '
                         f'{len(args)}')
    env = {v.id: c for v, c in zip(g.constvars, g.consts)}
    env.update((v.id, a) for v, a in zip(g.invars, args))
    for e in g.eqns:
        out = e.prim.impl(*[env[v.id] for v in e.inputs], **e.params)
        if out.__class__ is not numpy.ndarray and isinstance(out, numpy.generic):
            out = numpy.asarray(out)
        env[e.out.id] = out
    return [env[v.id] for v in g.outvars]
