"""Chainer's private ``chainer.backends._cpu``, as two of its test files use it.

``test_evaluator.py`` and ``test_standard_updater.py`` import it for
``CpuDevice`` (tapejit's own class) and ``_to_cpu``, the helper they read
results with (tapejit's ``cuda.to_cpu``, which converts arrays and lists or
tuples of them to NumPy as Chainer's does). tapejit keeps no module of that name.
"""

from tapejit.backends import CpuDevice  # noqa: F401
from tapejit.backends.cuda import to_cpu as _to_cpu  # noqa: F401
