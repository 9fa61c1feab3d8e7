"""Noise-injecting functions, under Chainer's module names (``chainer.functions.noise``)."""

from tapejit.functions.noise import dropout, gaussian  # noqa: F401
