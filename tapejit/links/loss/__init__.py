"""Loss links, under Chainer's module names (``chainer.links.loss``)."""

from tapejit.links.loss import crf1d, hierarchical_softmax, negative_sampling  # noqa: F401
