"""Chainer's static subgraph decorators, :func:`static_graph` and
:func:`static_code`, for code written for them.

Chainer records a chain's forward pass on its first call and replays the
recording afterwards. tapejit needs no such recording: a chain's forward runs
define-by-run each call, and what makes a training step fast is
:func:`tapejit.jit` (which ``StandardUpdater`` applies to the whole step).
So both decorators keep the function's behaviour and results exactly, which
are also Chainer's (the recording is an optimization).

>>> import numpy as np
>>> import tapejit
>>> import tapejit.links as L
>>> class MLP(tapejit.Chain):
...     def __init__(self):
...         super().__init__()
...         with self.init_scope():
...             self.l1 = L.Linear(3, 2)
...     @tapejit.static_graph
...     def __call__(self, x):
...         return self.l1(x)
>>> MLP()(np.zeros((1, 3), np.float32)).shape
(1, 2)
"""

from tapejit.graph_optimizations.static_graph import static_graph
from tapejit.graph_optimizations.static_graph_utilities import static_code

__all__ = ['static_code', 'static_graph']
