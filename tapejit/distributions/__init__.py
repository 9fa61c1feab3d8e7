"""Probability distributions (Chainer's ``chainer.distributions``):
``Normal``, ``Bernoulli``, ``Categorical``, ``Uniform`` and ``Independent``.

Their statistics and densities are differentiable and compile under
``tapejit.jit``; their samples are drawn by tapejit's random primitives, from
NumPy's global generator (a ``Normal``'s as Chainer draws them), anew at
every call of a compiled function.  ``tapejit.kl_divergence`` gives the KL divergence of two of them
(of the pairs registered with ``tapejit.register_kl``).

>>> import numpy as np, tapejit
>>> import tapejit.distributions as D
>>> q = D.Independent(D.Normal(np.zeros((2, 3), np.float32),
...                            log_scale=np.zeros((2, 3), np.float32)))
>>> p = D.Independent(D.Normal(np.ones((2, 3), np.float32), np.ones((2, 3), np.float32)))
>>> q.sample(4).shape, tapejit.kl_divergence(q, p).array
((4, 2, 3), array([1.5, 1.5], dtype=float32))
"""

from tapejit.distribution import Distribution, cross_entropy, kl_divergence, register_kl
from tapejit.distributions import utils  # noqa: F401  (Chainer's module of _modified_xlogx)
from tapejit.distributions.bernoulli import Bernoulli
from tapejit.distributions.categorical import Categorical
from tapejit.distributions.independent import Independent
from tapejit.distributions.normal import Normal
from tapejit.distributions.uniform import Uniform

__all__ = ['Bernoulli', 'Categorical', 'Distribution', 'Independent', 'Normal', 'Uniform',
           'cross_entropy', 'kl_divergence', 'register_kl']
