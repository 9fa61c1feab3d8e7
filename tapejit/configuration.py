"""Chainer's module of the configuration (``chainer.configuration``):
``config``, the per-thread configuration, and ``using_config``, as code
written for Chainer imports them (``from chainer import configuration``).

>>> import tapejit
>>> from tapejit import configuration
>>> with configuration.using_config('train', False):
...     configuration.config.train, tapejit.config.train
(False, False)
"""

from tapejit.core.config import config, using_config

__all__ = ['config', 'using_config']
