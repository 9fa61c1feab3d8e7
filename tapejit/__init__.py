"""tapejit: define-by-run automatic differentiation with Chainer's API.

>>> import numpy as np
>>> import tapejit
>>> x = tapejit.Variable(np.array([5], dtype=np.float32))
>>> y = x**2 - 2 * x + 1
>>> y.backward()
>>> x.grad
array([8.], dtype=float32)
"""

from tapejit.core.config import (config, force_backprop_mode, no_backprop_mode,
                                 using_config)
from tapejit.core.errors import DTypeError, GradientError, ShapeError
from tapejit.core.function_node import FunctionNode
from tapejit.core.variable import Variable, VariableNode, as_array, as_variable
from tapejit import ops  # noqa: F401  (registers the primitives)
from tapejit import functions  # noqa: F401
from tapejit.core import operators  # noqa: F401  (installs Variable's operators)
from tapejit.core.backprop import grad
from tapejit.backends import get_device, get_array_module
from tapejit import gradient_check  # noqa: F401
from tapejit.core.abstract import TraceError
from tapejit.jit import CacheInfo, jit, value_and_grad
from tapejit.core.parameter import Parameter
from tapejit import initializers  # noqa: F401
from tapejit.links.link import Chain, ChainList, Link
from tapejit import links  # noqa: F401
from tapejit import optimizers  # noqa: F401
from tapejit import optimizer_hooks  # noqa: F401
from tapejit import serializers  # noqa: F401
from tapejit import reporter  # noqa: F401
from tapejit.reporter import (DictSummary, Reporter, Summary, get_current_reporter, report,
                              report_scope)
from tapejit import dataset  # noqa: F401
from tapejit import datasets  # noqa: F401
from tapejit import iterators  # noqa: F401
from tapejit import training  # noqa: F401

__version__ = '0.1.0'

__all__ = [
    'CacheInfo', 'Chain', 'ChainList', 'DTypeError', 'DictSummary', 'FunctionNode', 'Link',
    'Parameter', 'Reporter', 'Summary', 'dataset', 'datasets', 'get_current_reporter',
    'iterators', 'report', 'report_scope', 'reporter', 'training',
    'TraceError', 'jit', 'value_and_grad',
    'GradientError', 'ShapeError', 'Variable', 'VariableNode',
    'as_array', 'as_variable', 'config', 'force_backprop_mode', 'functions',
    'get_array_module', 'get_device', 'grad', 'gradient_check', 'initializers', 'links',
    'no_backprop_mode', 'ops', 'optimizer_hooks', 'optimizers', 'serializers',
    'using_config',
]
