"""Loss functions, under Chainer's module names (``chainer.functions.loss``).

``hierarchical_softmax`` has no counterpart there: Chainer computes that loss
inside ``links.BinaryHierarchicalSoftmax``.
"""

from tapejit.functions.loss import (hierarchical_softmax, negative_sampling,  # noqa: F401
                                    softmax_cross_entropy)
