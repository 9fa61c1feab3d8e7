"""Optimizer machinery with Chainer's API: ``Hyperparameter``, ``UpdateRule``,
``Optimizer`` and ``GradientMethod``.

Everything an optimizer carries from one step to the next (each rule's state
such as Adam's moments, the step counters ``t``, the dynamic loss scale) lives
in :class:`~tapejit.core.variable.StateVariable` objects.  Eagerly they are
plain arrays updated in place; inside ``@tapejit.jit`` they become inputs of
the compiled plan and are written back after every call, so a compiled
training step keeps the optimizer's state exactly as eager steps would.
Hyperparameters (``lr``, ``alpha``, ``momentum``...) are read on every call of
a compiled step, so changing ``optimizer.lr`` between steps needs no retrace.
"""

from __future__ import annotations

import collections
import collections.abc
import math
import warnings
from typing import Any, Callable, Iterator, Optional

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray
from tapejit.core import watch
from tapejit.core.config import config
from tapejit.core.variable import StateVariable, Variable
from tapejit.optimizers import _arrays as A
from tapejit.optimizers._compiled_update import run_compiled

# Bumped by every change to what a traced update depends on inside the
# update rules (a rule's state entries, hooks, hyperparameter overrides,
# whether it is enabled): a compiled step's guard (see
# tapejit.jit.closure_guards.optimizer_guard) compares this one number on
# each call and checks every rule again only after such a change somewhere.
rules_version = [0]


def _rules_changed() -> None:
    rules_version[0] += 1


class Hyperparameter:
    """A set of hyperparameters whose missing entries come from a parent.

    Each update rule's hyperparameter has the optimizer's as its parent, so
    setting ``optimizer.lr`` changes every parameter's learning rate, while
    ``param.update_rule.hyperparam.lr = x`` overrides it for one parameter.

    >>> from tapejit.optimizers import Hyperparameter
    >>> parent = Hyperparameter(); parent.lr = 0.1
    >>> child = Hyperparameter(parent)
    >>> child.lr
    0.1
    >>> child.lr = 0.5; child.lr, parent.lr
    (0.5, 0.1)
    """

    def __init__(self, parent: Optional['Hyperparameter'] = None) -> None:
        object.__setattr__(self, '_parent', parent)
        object.__setattr__(self, '_values', {})

    def __getattr__(self, name: str) -> Any:
        if name.startswith('__') or name in ('_parent', '_values'):
            raise AttributeError(name)
        hp = self
        while hp is not None:
            values = hp.__dict__['_values']
            if name in values:
                value = values[name]
                break
            hp = hp.__dict__['_parent']
        else:
            raise AttributeError(f'hyperparameter {name!r} is not set')
        tr = config.trace
        if tr is None:
            return value
        # Under @tapejit.jit: a number is an input of the plan, read on every
        # call. Where the optimizer's guard checks that this hyperparameter
        # overrides nothing (see _structure_holds), it is read from where it
        # is set: the rules of one optimizer share one input.
        owner = hp if id(self) in tr.guarded_hyperparams else self
        return A.traced_value(tr, owner, name, value, f'hyperparameter {name!r}',
                              _Lookup(owner, name))

    def _lookup(self, name: str) -> Any:
        hp = self
        while hp is not None:
            values = hp.__dict__['_values']
            if name in values:
                return values[name]
            hp = hp.__dict__['_parent']
        raise AttributeError(f'hyperparameter {name!r} is not set')

    def __setattr__(self, name: str, value: Any) -> None:
        values = self.__dict__['_values']
        if name not in values:
            _rules_changed()  # (a new override)
        values[name] = value

    def __delattr__(self, name: str) -> None:
        try:
            del self.__dict__['_values'][name]
        except KeyError:
            raise AttributeError(f'hyperparameter {name!r} is not set') from None
        _rules_changed()

    def __getstate__(self) -> dict:
        return {'_parent': self._parent, '_values': dict(self._values)}

    def __setstate__(self, state: dict) -> None:
        object.__setattr__(self, '_parent', state['_parent'])
        object.__setattr__(self, '_values', state['_values'])
        _rules_changed()

    @property
    def parent(self) -> Optional['Hyperparameter']:
        """The parent hyperparameter (``None`` for the optimizer's own)."""
        return self.__dict__['_parent']

    def get_dict(self) -> dict:
        """All entries visible from here (the parent's, overridden by our own)."""
        parent = self.__dict__['_parent']
        d = {} if parent is None else parent.get_dict()
        d.update(self.__dict__['_values'])
        return d

    def __repr__(self) -> str:
        d = self.get_dict()
        return 'Hyperparameter(%s)' % ', '.join(f'{k}={d[k]}' for k in sorted(d))


class _Lookup:
    """``hp._lookup(name)`` as a compiled step reads it on every call;
    ``source``: where it usually is (the owner's own entries), which the
    step's generated entry reads directly."""

    __slots__ = ('hp', 'name', 'source', 'what')

    def __init__(self, hp: Hyperparameter, name: str) -> None:
        self.hp, self.name = hp, name
        self.source = (hp.__dict__['_values'], name)
        self.what = f'hyperparameter {name!r}'  # (in a retrace warning)

    def __call__(self) -> Any:
        return self.hp._lookup(self.name)


class HyperparameterProxy:
    """A property of an optimizer that reads and writes ``optimizer.hyperparam.<name>``.

    >>> from tapejit import optimizers
    >>> class MySGD(optimizers.SGD):
    ...     damping = optimizers.HyperparameterProxy('damping')
    >>> opt = MySGD(); opt.damping = 0.5
    >>> opt.hyperparam.damping
    0.5
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.__doc__ = f'Alias to ``self.hyperparam.{name}``.'

    def __get__(self, obj: Any, objtype: Any = None) -> Any:
        if obj is None:
            return self
        return getattr(obj.hyperparam, self.name)

    def __set__(self, obj: Any, value: Any) -> None:
        setattr(obj.hyperparam, self.name, value)


class _Counter:
    """An integer attribute (a step count) kept in a 0-d int64 StateVariable, so
    a compiled step increments it too.  Eagerly it reads as a Python int; while
    tracing, as the traced array."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = '_' + name + '_var'

    def _var(self, obj: Any) -> StateVariable:
        var = obj.__dict__.get(self.slot)
        if var is None:
            var = StateVariable(numpy.zeros((), numpy.int64))
            obj.__dict__[self.slot] = var
        return var

    def __get__(self, obj: Any, objtype: Any = None) -> Any:
        if obj is None:
            return self
        var = self._var(obj)
        if config.trace is not None:
            return var.array
        return int(var._data)

    def __set__(self, obj: Any, value: Any) -> None:
        var = self._var(obj)
        if value.__class__ is TracedArray:
            var.array = value
        else:
            var.array = numpy.asarray(int(value), numpy.int64)


class StateDict(collections.abc.MutableMapping):
    """An update rule's state: ``name -> array``, each held by a StateVariable.

    >>> import numpy as np
    >>> from tapejit.optimizers.optimizer import StateDict
    >>> state = StateDict(); state['v'] = np.zeros(2)
    >>> v = state['v']; v += 1; state['v'] = v
    >>> state['v'], list(state)
    (array([1., 1.]), ['v'])
    """

    def __init__(self) -> None:
        self._vars: dict = {}

    def __getitem__(self, key: str) -> Any:
        var = self._vars[key]
        return var.array if var.__class__ is StateVariable else var

    def __setitem__(self, key: str, value: Any) -> None:
        var = self._vars.get(key)
        if var.__class__ is StateVariable:
            var.array = numpy.asarray(value) if isinstance(value, numpy.generic) else value
        elif value.__class__ is TracedArray:
            raise ValueError(f'update rule state {key!r}: a new state entry needs a '
                             'concrete array; create it in init_state()')
        elif isinstance(value, numpy.generic):
            # What arithmetic on a 0-d array gives: kept as an array.
            self._vars[key] = StateVariable(numpy.asarray(value))
            _rules_changed()
        elif backends.is_array(value):
            self._vars[key] = StateVariable(value)
            _rules_changed()
        else:
            # A Python value (a count, a flag), kept as it is, as in Chainer; under
            # @tapejit.jit it is a constant of the trace (a new one traces again).
            self._vars[key] = value
            _rules_changed()

    def __delitem__(self, key: str) -> None:
        del self._vars[key]
        _rules_changed()

    def __iter__(self) -> Iterator[str]:
        return iter(self._vars)

    def __len__(self) -> int:
        return len(self._vars)

    def variables(self) -> list:
        """The StateVariables holding the entries."""
        return [v for v in self._vars.values() if v.__class__ is StateVariable]

    def __repr__(self) -> str:
        return repr(dict(self.items()))


def _insert_hook(owner: Any, hook: Callable, name: Any, timing: str,
                 duplicate: type) -> None:
    """Register ``hook`` under ``name`` in ``owner``'s pre- or post-update table
    (UpdateRule and Optimizer resolve names and timings as Chainer's do, and
    report a duplicate with different exception types, as Chainer's do)."""
    if name in owner._pre_update_hooks or name in owner._post_update_hooks:
        raise duplicate(f'hook {name!r} already exists')
    (owner._pre_update_hooks if timing == 'pre' else owner._post_update_hooks)[name] = hook
    _rules_changed()


class _HookRemoval:
    def remove_hook(self, name: str) -> None:
        """Remove the hook registered as ``name``."""
        try:
            del self._pre_update_hooks[name]
        except KeyError:
            del self._post_update_hooks[name]
        _rules_changed()


# The attributes of an update rule that its compiled steps' guards check.
_RULE_STRUCTURE = frozenset({'enabled', '_state', 'hyperparam', '_pre_update_hooks',
                             '_post_update_hooks', '_use_fp32'})


class UpdateRule(_HookRemoval):
    """How one parameter is updated from its gradient; subclass and implement
    :meth:`update_core` (and :meth:`init_state` for state such as momenta).

    ``update_core`` is written with array operators (``+ - * / **``) and the
    results stored back (``param.array = ...``, ``self.state['m'] = m``): the
    same code then updates arrays in place eagerly and records the update
    inside ``@tapejit.jit``.

    >>> import numpy as np, tapejit
    >>> from tapejit.optimizers import UpdateRule
    >>> class SignSGDRule(UpdateRule):
    ...     def update_core(self, param):
    ...         param.array = param.array - self.hyperparam.lr * ((param.grad > 0) * 2.0 - 1.0)
    >>> rule = SignSGDRule(); rule.hyperparam.lr = 0.5
    >>> p = tapejit.Parameter(np.array([1.0, 1.0])); p.grad = np.array([3.0, -2.0])
    >>> rule.update(p); p.array, rule.t
    (array([0.5, 1.5]), 1)
    """

    t = _Counter()

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in _RULE_STRUCTURE:
            _rules_changed()

    # Chainer's defaults, for a rule made without an optimizer (their
    # parent hyperparameter holds them, so the rule's own values stay the
    # overrides).
    _defaults: dict = {}

    def __init__(self, parent_hyperparam: Optional[Hyperparameter] = None,
                 **hyperparams: Any) -> None:
        if parent_hyperparam is None and self._defaults:
            parent_hyperparam = Hyperparameter()
            for k, v in self._defaults.items():
                setattr(parent_hyperparam, k, v)
        self._pre_update_hooks: collections.OrderedDict = collections.OrderedDict()
        self._post_update_hooks: collections.OrderedDict = collections.OrderedDict()
        self._state: Optional[StateDict] = None
        self.enabled = True
        self.hyperparam = Hyperparameter(parent_hyperparam)
        for k, v in hyperparams.items():
            if v is not None:
                setattr(self.hyperparam, k, v)

    def _zeros(self, param: Any, *keys: str) -> None:
        """State entries ``keys``, zeros like the parameter's array."""
        d = param.array
        for key in keys:
            self.state[key] = A.zeros(d.shape, d.dtype, d)

    @property
    def state(self) -> Optional[StateDict]:
        """The state dictionary (``None`` until the first update)."""
        return self._state

    def _step_var(self) -> StateVariable:
        return UpdateRule.t._var(self)

    def add_hook(self, hook: Callable, name: Optional[str] = None,
                 timing: str = 'auto') -> None:
        """Call ``hook(rule, param)`` before (``'pre'``) or after (``'post'``) each update."""
        if not callable(hook):
            raise TypeError('hook function must be callable')
        if timing not in ('pre', 'post', 'auto'):
            raise ValueError(f"timing must be one of 'pre', 'post', 'auto', got {timing!r}")
        if timing == 'auto':
            timing = getattr(hook, 'timing', 'pre')
        if name is None:
            name = getattr(hook, 'name', getattr(hook, '__name__', None))
            if name is None:
                raise ValueError('the name of the hook function is not specified')
        _insert_hook(self, hook, name, timing, ValueError)

    _use_fp32 = False
    _fp32_param: Any = None

    def update(self, param: Variable) -> None:
        """Run the hooks and :meth:`update_core` on ``param`` (if enabled)."""
        if not self.enabled:
            return
        if self._use_fp32 and _dtype_or_none(param) == numpy.float16:
            self.t += 1
            self._update_fp32(param)
            return
        self.t += 1
        if param._data is not None:
            self._prepare(param)
        if param._loss_scale is not None and param.grad is not None:
            g = param.grad
            param.grad = g / A.as_dtype(param._loss_scale, g.dtype)
        for hook in self._pre_update_hooks.values():
            hook(self, param)
        if config.trace is not None and self.__class__.__module__.startswith('tapejit.'):
            # (tapejit's own arithmetic: no user value to record while traced)
            token = watch.paused()
            try:
                self.update_core(param)
            finally:
                watch.resume(token)
        else:
            self.update_core(param)
        for hook in self._post_update_hooks.values():
            hook(self, param)

    def update_core(self, param: Variable) -> None:
        """Update ``param.array`` from ``param.grad``: calls :meth:`update_core_gpu`
        for a parameter on a GPU, else :meth:`update_core_cpu` (override this, or
        those two)."""
        if backends.get_device_from_array(param._data).xp is numpy:
            self.update_core_cpu(param)
        else:
            self.update_core_gpu(param)

    def update_core_cpu(self, param: Variable) -> None:
        """The update of a parameter on the host (see :meth:`update_core`)."""
        raise NotImplementedError(f'{type(self).__name__}: neither update_core nor '
                                  'update_core_cpu is implemented')

    def update_core_gpu(self, param: Variable) -> None:
        """The update of a parameter on a GPU (see :meth:`update_core`)."""
        raise NotImplementedError(f'{type(self).__name__}: neither update_core nor '
                                  'update_core_gpu is implemented')

    def update_core_chainerx(self, param: Variable) -> None:
        """Chainer's update of a ChainerX parameter: tapejit has no ChainerX, so
        :meth:`update_core` never calls it (it raises RuntimeError)."""
        raise RuntimeError(f'{type(self).__name__}.update_core_chainerx: ChainerX is not '
                           'part of tapejit; parameters are NumPy or CuPy arrays')

    def use_fp32_update(self, flag: bool = True) -> None:
        """Update a float16 parameter through a float32 copy of it (Chainer's
        mixed-precision update): the rule and its state see float32 arrays and the
        result is cast back.

        >>> import numpy as np, tapejit
        >>> from tapejit.optimizers import SGD
        >>> p = tapejit.Parameter(np.array([1.0], np.float16)); p.grad = np.ones(1, np.float16)
        >>> rule = SGD(lr=1e-4).create_update_rule(); rule.use_fp32_update()
        >>> rule.update(p); p.array.dtype, rule._fp32_param.array
        (dtype('float16'), array([0.9999], dtype=float32))
        """
        self._use_fp32 = flag

    def _update_fp32(self, param: Variable) -> None:
        from tapejit.core.parameter import Parameter
        d = param._data
        fp32 = self._fp32_param
        if fp32 is None and d.__class__ is TracedArray:
            # The master copy is state made from the parameter's values, which
            # a trace does not have.
            raise RuntimeError(f'use_fp32_update: the float32 copy of parameter '
                               f'{param.name or ""!s} is made at its first update, which ran '
                               'inside @tapejit.jit; run one update eagerly (outside the '
                               'jitted function) after use_fp32_update()')
        if fp32 is None:
            if d is not None:
                fp32 = Parameter(d.astype(numpy.float32), name=param.name)
            else:
                fp32 = Parameter(_Float32Placeholder(), name=param.name)
            self._fp32_param = fp32
        if d is not None:
            fp32.grad = param.grad.astype(numpy.float32)
            fp32._loss_scale = param._loss_scale
        # The step counter was counted for ``param``; update() counts it again.
        self.t -= 1
        self.update(fp32)
        if d is not None:
            param.array = fp32.array.astype(param._data.dtype)
        fp32.grad = None

    def init_state(self, param: Variable) -> None:
        """Create the state entries (called before the first update)."""

    def _prepare(self, param: Variable) -> None:
        if self._state is None:
            self._state = StateDict()
            d = param._data
            if d.__class__ is TracedArray:
                # First update inside a trace: the state starts from concrete
                # arrays, made from a stand-in of the parameter's shape and dtype.
                z = numpy.zeros(d.shape, d.dtype)
                self.init_state(Variable(z, grad=z.copy()))
            else:
                self.init_state(param)

    def serialize(self, serializer: Any) -> None:
        """Save or load ``t`` and the state entries."""
        self.t = serializer('t', self.t)
        from tapejit.serializers.npz import Deserializer
        if self._state is None:
            if isinstance(serializer, Deserializer):
                # Which entries exist: ask init_state with a one-element stand-in.
                probe = StateDict()
                saved, self._state = self._state, probe
                arr = numpy.empty(1, dtype=numpy.float32)
                try:
                    self.init_state(Variable(arr, grad=arr))
                finally:
                    self._state = saved
                loaded = StateDict()
                complete = True
                for key in probe:
                    try:
                        value = serializer(key, None)
                    except KeyError:
                        # A disabled rule may have saved no state (as in Chainer).
                        if self.enabled:
                            raise
                        value = None
                    # Each entry is asked for, even after one that is not
                    # there: load_npz first walks the object only checking
                    # (its deserializer then returns None) and must see
                    # every entry the loading walk reads.
                    if value is None:
                        complete = False
                    elif complete:
                        loaded[key] = value
                if complete:
                    self._state = loaded
        else:
            for key in list(self._state):
                self._state[key] = serializer(key, self._state[key])


class _Float32Placeholder:
    # The initializer of the float32 stand-in of an uninitialized float16
    # parameter: it gives the dtype and is never called.
    dtype = numpy.dtype(numpy.float32)

    def __call__(self, array: Any) -> None:
        raise RuntimeError('the float32 copy of an uninitialized parameter is never '
                           'initialized')


def _dtype_or_none(param: Any) -> Any:
    try:
        return param.dtype
    except (RuntimeError, AttributeError):
        return None  # uninitialized, and no initializer gives the dtype


def _intermediate_dtype(dtype: Any) -> Any:
    # float16 parameters are updated with float32 state and arithmetic.
    return numpy.dtype(numpy.float32) if dtype == numpy.float16 else numpy.dtype(dtype)


class Optimizer(_HookRemoval):
    """Base class of optimizers: ``setup(link)`` then ``update()`` each step.

    >>> import numpy as np, tapejit, tapejit.functions as F
    >>> from tapejit import links as L, optimizers
    >>> model = L.Linear(2, 1)
    >>> opt = optimizers.SGD(lr=0.1).setup(model)
    >>> opt.loss_scaling()  # dynamic loss scaling: starts at 1, doubles per good step
    >>> opt.update(lambda: F.sum(model(np.ones((1, 2), np.float32))))
    >>> opt.t, opt._loss_scale
    (1, 2.0)
    """

    target: Any = None
    epoch = 0
    use_auto_new_epoch = False
    t = _Counter()
    _loss_scale_max = 65504.0  # the largest float16
    _loss_scaling_is_dynamic = False
    _loss_scaling_multiplier = None

    def setup(self, link: Any) -> 'Optimizer':
        """Set the target link (its parameters get update rules); returns ``self``."""
        from tapejit.links.link import Link
        if not isinstance(link, Link):
            # Chainer's wording ("optimization target must be a link"), which code
            # matching the message relies on, then the class expected and the one got.
            raise TypeError(f'{type(self).__name__}.setup: optimization target must be a '
                            f'link (a tapejit.Link), got {type(link).__name__}')
        self.target = link
        self.t = 0
        self.epoch = 0
        self._pre_update_hooks: collections.OrderedDict = collections.OrderedDict()
        self._post_update_hooks: collections.OrderedDict = collections.OrderedDict()
        return self

    def __getstate__(self) -> dict:
        # (The compiled eager update is this process's: not copied or pickled.)
        state = self.__dict__.copy()
        state.pop('_compiled_update', None)
        return state

    def _check_setup(self, what: str) -> None:
        if self.target is None:
            raise RuntimeError(f'{type(self).__name__}.{what}: call setup(link) first')

    def update(self, lossfun: Optional[Callable] = None, *args: Any, **kwds: Any) -> None:
        """Update the parameters (see :meth:`GradientMethod.update`)."""
        raise NotImplementedError

    def new_epoch(self, auto: bool = False) -> None:
        """Count a new epoch."""
        if auto and not self.use_auto_new_epoch:
            raise RuntimeError('invalid new_epoch call with auto=True; set '
                               'optimizer.use_auto_new_epoch = True first')
        if not auto and self.use_auto_new_epoch:
            raise RuntimeError('duplicated new_epoch: the updater already counts epochs')
        self.epoch += 1

    # ----------------------------------------------------------------- hooks
    def add_hook(self, hook: Callable, name: Optional[str] = None,
                 timing: str = 'auto') -> None:
        """Register ``hook``: called with the optimizer, or with ``(rule, param)`` per
        parameter if ``hook.call_for_each_param`` is true."""
        if not callable(hook):
            raise TypeError('hook function is not callable')
        self._check_setup('add_hook')
        if timing not in ('pre', 'post', 'auto'):
            raise ValueError(f"timing must be one of 'pre', 'post', 'auto', got {timing!r}")
        if timing == 'auto':
            timing = getattr(hook, 'timing', None)
            if timing not in ('pre', 'post'):
                warnings.warn("Hook timing attribute not in ('pre', 'post'), defaulting "
                              "timing to 'pre'.", stacklevel=2)
                timing = 'pre'
        if name is None:
            name = getattr(hook, 'name', getattr(hook, '__name__', None))
        _insert_hook(self, hook, name, timing, KeyError)

    def call_hooks(self, timing: str = 'pre') -> None:
        """Call the hooks of ``timing`` in registration order."""
        if timing not in ('pre', 'post'):
            raise ValueError(f"timing must be either 'pre' or 'post', got {timing!r}")
        hooks = self._pre_update_hooks if timing == 'pre' else self._post_update_hooks
        for hook in hooks.values():
            self._call_hook(hook)

    def _call_hook(self, hook: Callable) -> None:
        if getattr(hook, 'call_for_each_param', False):
            for param in self.target.params():
                hook(param.update_rule, param)
        else:
            hook(self)

    # ---------------------------------------------------------- serialization
    def serialize(self, serializer: Any) -> None:
        """Save or load ``t``, ``epoch`` and each parameter's update-rule state."""
        self.t = serializer('t', self.t)
        self.epoch = serializer('epoch', self.epoch)
        for name, param in self.target.namedparams():
            rule = getattr(param, 'update_rule', None)
            if rule is not None:
                rule.serialize(serializer[name])

    # ----------------------------------------------------------- loss scaling
    def loss_scaling(self, interval: int = 1000, scale: Optional[float] = None) -> None:
        """Configure loss scaling (for float16 training).

        With ``scale=None`` the scale is *dynamic*: it starts at 1, doubles
        each step until gradients first overflow, then grows by
        ``2 ** (1 / interval)`` per step (doubling every ``interval`` steps);
        a step whose gradients hold inf or NaN is skipped and halves the
        scale.  With a number, the loss is scaled by that constant.
        ``update(lossfun, ...)`` multiplies the loss by the scale and the
        update rules divide the gradients by it.
        """
        if scale is None:
            if interval < 1:
                raise ValueError(f'loss_scaling: interval must be at least 1, got {interval}')
            self._loss_scaling_is_dynamic = True
            self._loss_scaling_multiplier = math.pow(2.0, 1.0 / interval)
            self._set_scale_state(1.0, 0.0)
        else:
            if scale <= 0:
                raise ValueError(f'loss_scaling: the scale must be positive, got {scale}')
            self._loss_scaling_is_dynamic = False
            self._set_scale_state(float(scale), 0.0)

    def set_loss_scale(self, loss_scale: float) -> None:
        """Use a static loss scale."""
        self.loss_scaling(scale=loss_scale)

    def _set_scale_state(self, scale: float, isnan_ever: float) -> None:
        self._loss_scale_var = StateVariable(numpy.asarray(scale, numpy.float64))
        # Whether gradients ever overflowed, as 0.0/1.0 (a compiled step updates it).
        self._isnan_ever_var = StateVariable(numpy.asarray(isnan_ever, numpy.float64))

    @property
    def _loss_scale(self) -> Any:
        var = self.__dict__.get('_loss_scale_var')
        if var is None:
            return None
        if config.trace is not None:
            return var.array
        return float(var._data)

    @property
    def _loss_scaling_isnan_ever(self) -> bool:
        return bool(self._isnan_ever_var._data)

    def check_nan_in_grads(self) -> None:
        """With dynamic loss scaling, note (and warn) whether a gradient is not finite."""
        self._loss_scaling_isnan = False
        if not self._loss_scaling_is_dynamic:
            return
        for name, param in self.target.namedparams():
            g = param.grad
            if g is None:
                continue
            xp = param.xp
            if not bool(xp.all(xp.isfinite(g))):
                self._loss_scaling_isnan = True
                self._isnan_ever_var.array = numpy.asarray(1.0)
                warnings.warn(f'Non finite number found in param.grad of {name} '
                              f'(iteration: {self.t}, loss_scale: {self._loss_scale})',
                              stacklevel=3)

    def is_safe_to_update(self) -> bool:
        """False after :meth:`check_nan_in_grads` found a non-finite gradient."""
        return not getattr(self, '_loss_scaling_isnan', False)

    def update_loss_scale(self) -> None:
        """Halve the dynamic scale after an overflow, grow it otherwise."""
        if not self._loss_scaling_is_dynamic:
            return
        if self._loss_scaling_isnan:
            multiplier = 0.5
        elif self._loss_scaling_isnan_ever:
            multiplier = self._loss_scaling_multiplier
        else:
            multiplier = 2.0
        scale = max(1.0, min(self._loss_scale_max, self._loss_scale * multiplier))
        self._loss_scale_var.array = numpy.asarray(scale, numpy.float64)


class GradientMethod(Optimizer):
    """Base class of first-order methods: an :class:`UpdateRule` per parameter.

    Subclasses implement :meth:`create_update_rule`.  ``hyperparam`` holds the
    defaults of every rule.

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers
    >>> class HalfStep(optimizers.GradientMethod):
    ...     def create_update_rule(self):
    ...         return optimizers.SGDRule(self.hyperparam, lr=0.5)
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([1.0]))
    >>> opt = HalfStep().setup(model)
    >>> model.w.grad = np.array([1.0]); opt.update(); model.w.array
    array([0.5])
    """

    def __init__(self) -> None:
        self.hyperparam = Hyperparameter()
        self._use_cleargrads = True

    def setup(self, link: Any) -> 'GradientMethod':
        super().setup(link)
        for param in link.params():
            param.update_rule = self.create_update_rule()
        return self

    def create_update_rule(self) -> UpdateRule:
        """A new update rule for one parameter."""
        raise NotImplementedError

    def reallocate_cleared_grads(self) -> None:
        """Give a zero gradient to every initialized parameter whose gradient is None."""
        for _, param in self.target.namedparams(False):
            if param.grad is None:
                d = param._data
                param.grad = A.zeros(d.shape, d.dtype, d)

    def call_hooks(self, timing: str = 'pre') -> None:
        if timing not in ('pre', 'post'):
            raise ValueError(f"timing must be either 'pre' or 'post', got {timing!r}")
        hooks = self._pre_update_hooks if timing == 'pre' else self._post_update_hooks
        for hook in hooks.values():
            self._call_hook(hook)
            self.reallocate_cleared_grads()

    def use_cleargrads(self, use: bool = True) -> None:
        """Whether ``update(lossfun)`` clears gradients (True) or zero-fills them."""
        self._use_cleargrads = use

    def update(self, lossfun: Optional[Callable] = None, *args: Any, **kwds: Any) -> None:
        """Update every parameter from its gradient.

        With ``lossfun``, first compute ``loss = lossfun(*args, **kwds)``,
        clear the gradients and run ``loss.backward()`` (with the loss scale,
        if any); otherwise the gradients must already be there.  Works
        eagerly and inside ``@tapejit.jit``, where the whole update becomes
        part of the compiled step.

        >>> import numpy as np, tapejit, tapejit.functions as F
        >>> from tapejit import links as L, optimizers
        >>> model = L.Linear(2, 1, initialW=np.array([[1.0, 2.0]], np.float32))
        >>> opt = optimizers.SGD(lr=0.1).setup(model)
        >>> x = np.array([[1.0, 1.0]], np.float32)
        >>> opt.update(lambda: F.sum(model(x)))
        >>> model.W.array
        array([[0.9, 1.9]], dtype=float32)
        """
        self._check_setup('update')
        if lossfun is not None:
            loss = lossfun(*args, **kwds)
            if self._use_cleargrads:
                self.target.cleargrads()
            else:
                for p in self.target.params(False):
                    p.grad = A.zeros(p._data.shape, p._data.dtype, p._data)
            loss.backward(loss_scale=self._loss_scale)
            del loss
        self.reallocate_cleared_grads()
        tr = config.trace
        if tr is None and run_compiled(self):
            return
        if tr is not None:
            # (Their overrides are part of the guard below.)
            tr.guarded_hyperparams.update(id(p.update_rule.hyperparam) for p in self.target.params()
                           if p.update_rule is not None)
        if tr is not None and self._loss_scaling_is_dynamic:
            self._update_dynamic_traced()
        else:
            self._update_params()
        if tr is not None:
            # (The plan guards what the update depended on besides arrays:
            # tapejit.jit.closure_guards.optimizer_guard, once traced.)
            tr.optimizers[id(self)] = self

    def _update_params(self) -> None:
        self.check_nan_in_grads()
        self.call_hooks('pre')
        self.t += 1
        if self.is_safe_to_update():
            for param in self.target.params():
                param.update()
        self.reallocate_cleared_grads()
        self.call_hooks('post')
        self.update_loss_scale()

    def _update_dynamic_traced(self) -> None:
        # Dynamic loss scaling inside a trace: whether the gradients are finite is
        # only known when the plan runs, so the step computes the update and
        # then keeps either the new or the old values of everything it changes.
        finite = None
        s = None
        for p in self.target.params(False):
            g = p.grad
            if g is not None:
                z = A.total(g * 0)  # NaN unless every element is finite
                z = A.as_dtype(z, numpy.dtype(numpy.float64))
                s = z if s is None else s + z
        if s is not None:
            finite = s == 0
        self.call_hooks('pre')
        self.t += 1
        params = list(self.target.params())
        for p in params:
            r = p.update_rule
            if r is not None and r.enabled and p._data is not None:
                r._prepare(p)
        saved = []
        if finite is not None:
            for p in params:
                if p._data is None:
                    continue
                # (Copies: a rule may write the traced arrays in place.)
                saved.append((p, p.array.copy()))
                r = p.update_rule
                if r is not None:
                    saved.append((r._step_var(), r._step_var().array.copy()))
                    if r._state is not None:
                        saved.extend((v, v.array.copy()) for v in r._state.variables())
        for p in params:
            p.update()
        for var, old in saved:
            new = var.array
            if not A.same_value(new, old):
                # In place, as the rules wrote it (eagerly the update is kept
                # or skipped in the same array).
                A.assign(new, A.where(finite, new, old))
                var.array = new
        self.reallocate_cleared_grads()
        self.call_hooks('post')
        if finite is None:
            return
        scale = self._loss_scale_var.array
        ever = self._isnan_ever_var.array
        grow = A.where(ever > 0, numpy.asarray(self._loss_scaling_multiplier),
                       numpy.asarray(2.0))
        mult = A.where(finite, grow, numpy.asarray(0.5))
        new_scale = A.maximum(A.minimum(scale * mult, self._loss_scale_max), 1.0)
        self._loss_scale_var.array = new_scale
        self._isnan_ever_var.array = A.where(finite, ever, numpy.asarray(1.0))


# Chainer kept its optimizer hooks in this module too, deprecated; they warn
# when made and are otherwise the classes of tapejit.optimizer_hooks.
_DEPRECATED_HOOKS = ('GradientClipping', 'GradientHardClipping', 'GradientNoise', 'Lasso',
                     'WeightDecay')
_deprecated_hook_classes: dict = {}


def _deprecated_hook(name: str) -> type:
    cls = _deprecated_hook_classes.get(name)
    if cls is None:
        from tapejit.optimizers import hooks
        base = getattr(hooks, name)

        def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
            warnings.warn(f'tapejit.optimizer.{name} is deprecated; use '
                          f'tapejit.optimizer_hooks.{name} instead',
                          DeprecationWarning, stacklevel=2)
            base.__init__(self, *args, **kwargs)

        cls = type(name, (base,), {'__init__': __init__, '__module__': __name__,
                                   '__doc__': base.__doc__})
        _deprecated_hook_classes[name] = cls
    return cls


def __getattr__(name: str) -> Any:
    if name in _DEPRECATED_HOOKS:
        return _deprecated_hook(name)
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')


__all__ = ['GradientMethod', 'Hyperparameter', 'HyperparameterProxy', 'Optimizer',
           'StateDict', 'UpdateRule']
