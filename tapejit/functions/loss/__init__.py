"""Loss functions, under Chainer's module names (``chainer.functions.loss``)."""

from tapejit.functions.loss import softmax_cross_entropy  # noqa: F401
