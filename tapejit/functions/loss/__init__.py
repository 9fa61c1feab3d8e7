"""Loss functions, under Chainer's module names (``chainer.functions.loss``).

``hierarchical_softmax`` has no counterpart there: Chainer computes that loss
inside ``links.BinaryHierarchicalSoftmax``.
"""

from tapejit.functions.loss import (crf1d, hierarchical_softmax, huber_loss,  # noqa: F401
                                    negative_sampling, softmax_cross_entropy)
