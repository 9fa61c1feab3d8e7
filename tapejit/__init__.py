"""tapejit: define-by-run automatic differentiation with Chainer's API.

>>> import numpy as np
>>> import tapejit
>>> x = tapejit.Variable(np.array([5], dtype=np.float32))
>>> y = x**2 - 2 * x + 1
>>> y.backward()
>>> x.grad
array([8.], dtype=float32)
"""

from tapejit.core.config import (DebugMode, config, force_backprop_mode, get_dtype, is_debug,
                                 mixed16, no_backprop_mode, set_debug)
from tapejit.configuration import global_config, using_config
from tapejit.core.errors import DTypeError, GradientError, ShapeError
from tapejit.core.function_node import FunctionNode
from tapejit.function import Function, FunctionAdapter
from tapejit.core.variable import Variable, VariableNode, as_array, as_variable
from tapejit import ops  # noqa: F401  (registers the primitives)
# (Installs the CPU's convolution, attention, product and select kernels as
# the primitives' implementation on NumPy arrays.)
from tapejit.targets.cpu import attention as _cpu_attention  # noqa: F401
from tapejit.targets.cpu import contraction as _cpu_contraction  # noqa: F401
from tapejit.targets.cpu import host_ops as _cpu_host_ops  # noqa: F401
from tapejit.targets.cpu import product as _cpu_product  # noqa: F401
from tapejit import functions  # noqa: F401
from tapejit.core.backprop import grad
from tapejit.backends.threads import set_max_threads
from tapejit.backends import (get_array_module, get_array_types, get_cpu_array_types,
                              get_device, using_device)
from tapejit import backend  # noqa: F401
from tapejit import configuration  # noqa: F401  (Chainer's module of config and using_config)
from tapejit import gradient_check  # noqa: F401
from tapejit.core.abstract import TraceError
from tapejit.jit import CacheInfo, jit, value_and_grad
from tapejit.core.parameter import Parameter
from tapejit import initializers  # noqa: F401
from tapejit import initializer  # noqa: F401  (Chainer's module of Initializer and get_fans)
from tapejit.initializers import Initializer
from tapejit.links.link import Chain, ChainList, Link
from tapejit.links.sequential import Sequential
from tapejit import links  # noqa: F401
from tapejit import optimizers  # noqa: F401
from tapejit import optimizer  # noqa: F401  (Chainer's module of the base classes)
from tapejit.optimizers.optimizer import GradientMethod, Optimizer, UpdateRule
from tapejit import optimizer_hooks  # noqa: F401
from tapejit import serializers  # noqa: F401
from tapejit.serializers.npz import Deserializer, Serializer
from tapejit import reporter  # noqa: F401
from tapejit.reporter import (DictSummary, Reporter, Summary, get_current_reporter, report,
                              report_scope)
from tapejit import dataset  # noqa: F401
from tapejit import datasets  # noqa: F401
from tapejit import iterators  # noqa: F401
from tapejit import training  # noqa: F401
from tapejit import utils  # noqa: F401
from tapejit.distribution import Distribution, cross_entropy, kl_divergence, register_kl
from tapejit import distributions  # noqa: F401
from tapejit import graph_optimizations  # noqa: F401
from tapejit.graph_optimizations import static_code, static_graph

__version__ = '0.1.0'


def __getattr__(name: str):
    # Chainer's chainer.cuda, imported on first use: it imports CuPy where present.
    if name == 'cuda':
        import importlib
        return importlib.import_module('tapejit.backends.cuda')
    if name == 'cache_info':
        # The disk cache's size and entries (``python -m tapejit.cache``).
        from tapejit.cache import cache_info
        return cache_info
    raise AttributeError(f"module 'tapejit' has no attribute {name!r}")


__all__ = [
    'CacheInfo', 'Chain', 'ChainList', 'DTypeError', 'DebugMode', 'Deserializer', 'DictSummary',
    'Distribution', 'cross_entropy', 'distributions', 'kl_divergence', 'register_kl',
    'graph_optimizations', 'static_code', 'static_graph',
    'Function',
    'FunctionAdapter', 'FunctionNode', 'GradientMethod', 'Initializer', 'Link', 'Optimizer',
    'UpdateRule', 'Parameter', 'Reporter', 'Sequential', 'Serializer', 'Summary', 'dataset',
    'datasets',
    'get_current_reporter', 'is_debug', 'iterators', 'report', 'report_scope', 'reporter',
    'set_debug', 'training', 'TraceError', 'jit', 'value_and_grad', 'GradientError',
    'ShapeError', 'Variable', 'VariableNode', 'as_array', 'as_variable', 'config',
    'force_backprop_mode', 'functions', 'backend', 'cache_info', 'cuda', 'get_array_module',
    'global_config',
    'get_array_types', 'get_cpu_array_types', 'get_device', 'get_dtype', 'grad', 'mixed16',
    'using_device', 'gradient_check', 'initializers', 'links', 'no_backprop_mode', 'ops',
    'optimizer_hooks', 'optimizers', 'serializers', 'set_max_threads', 'using_config',
    'utils',
]
