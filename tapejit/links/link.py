"""``Link``, ``Chain`` and ``ChainList``: objects that own parameters (Chainer's
model building blocks).

Parameters and child links are registered by assigning them as attributes
inside ``with self.init_scope():``.  ``namedparams()`` walks the hierarchy in
Chainer's order (a link's own parameters by name, then its children by name)
with paths like ``'/l1/W'``; the serializers use the same layout.

A link passed to a ``@tapejit.jit`` function is a container of its
parameters: they become inputs of the compiled plan and whatever the function
does to them (gradients, updates) is written back.
"""

from __future__ import annotations

import collections.abc
import contextlib
import copy
import warnings
from typing import Any, Iterator, Optional

import numpy

from tapejit import backends, pytree
from tapejit.core.abstract import TraceError, TracedArray, where_in_user_code
from tapejit.core.parameter import Parameter
from tapejit.core.config import config
from tapejit.core import versions
from tapejit.core.variable import Variable


_ABSENT = object()

# The class Link.repeat builds: Sequential, a ChainList, so defined over this
# module (tapejit.links.sequential), which registers it here when imported
# (``tapejit.links`` imports it).
_sequential: Optional[type] = None


def register_sequential(cls: type) -> None:
    """Make ``cls`` the class of the container :meth:`Link.repeat` returns."""
    global _sequential
    _sequential = cls


def _replaced(old: Any, new: Any) -> None:
    """Count a link attribute given another value: a link or Parameter
    changes the structure; another Variable (a recurrent state) the state."""
    if isinstance(old, (Link, Parameter)) or isinstance(new, (Link, Parameter)):
        versions.structure_changed()
    elif isinstance(old, Variable):
        versions.state_changed()


def _shape_dtype(value: Any) -> tuple:
    """``(shape, dtype)`` of a ``Link(**params)`` entry: a shape (float32) or a pair."""
    if value is None or isinstance(value, (int, numpy.integer)):
        return value, numpy.float32
    if isinstance(value, tuple) and all(isinstance(d, (int, numpy.integer)) for d in value):
        return value, numpy.float32
    if isinstance(value, tuple) and len(value) == 2:
        return value[0], value[1]
    raise TypeError(f'Link: a parameter must be given as a shape or a (shape, dtype) pair, '
                    f'got {value!r}')


# Chainer deprecated overriding these (to_device calls them on the links that
# still do); to_device, to_chx and from_chx cannot be overridden at all.
_DEPRECATED_OVERRIDES = ('to_cpu', 'to_gpu', 'to_intel64')
_FINAL_METHODS = ('to_device', 'to_chx', 'from_chx')


def _not_initialized() -> RuntimeError:
    # Chainer's wording, which its tests match exactly.
    return RuntimeError('Link.__init__() has not been called.')


class Link:
    """Building block of models: owns parameters, persistent values and nothing else.

    >>> import numpy as np, tapejit
    >>> class Scale(tapejit.Link):
    ...     def __init__(self):
    ...         super().__init__()
    ...         with self.init_scope():
    ...             self.w = tapejit.Parameter(np.array([2.0], np.float32))
    ...     def forward(self, x):
    ...         return self.w * x
    >>> s = Scale()
    >>> s(np.array([3.0], np.float32))
    variable([6.])
    >>> [name for name, _ in s.namedparams()]
    ['/w']
    """

    __init_done = False
    _overridden_to_methods: tuple = ()
    # Attributes holding objects with arrays of their own (the sampler of
    # NegativeSampling), which to_device moves with the parameters, as
    # Chainer's device_resident_accept does: each has a to_device(device).
    _device_resident_attributes: tuple = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in _FINAL_METHODS:
            if name in cls.__dict__:
                raise TypeError(f'{cls.__name__}: Link.{name} cannot be overridden (as in '
                                'Chainer): it moves every parameter and persistent array '
                                'of the hierarchy itself')
        overridden = tuple(m for m in _DEPRECATED_OVERRIDES
                           if getattr(cls, m) is not getattr(Link, m))
        for name in _DEPRECATED_OVERRIDES:
            if name in cls.__dict__:
                warnings.warn(f'{cls.__name__}: overriding Link.{name} is deprecated; '
                              'to_device() still calls it on this link',
                              DeprecationWarning, stacklevel=2)
        cls._overridden_to_methods = overridden

    def __init__(self, **params: Any) -> None:
        self._params: set = set()
        self._persistent: set = set()
        self._within_init_scope = False
        self.name: Optional[str] = None
        self.__init_done = True
        # Chainer's older registration: Link(W=(3, 2)) or Link(W=((3, 2), 'float64'))
        # adds NaN-filled parameters (add_param).
        for name, value in params.items():
            shape, dtype = _shape_dtype(value)
            self.add_param(name, shape, dtype=dtype)

    def _check_init_done(self) -> None:
        if not self.__init_done:
            raise _not_initialized()

    # ------------------------------------------------------------ registration
    @property
    def within_init_scope(self) -> bool:
        """Whether the code runs inside :meth:`init_scope`."""
        return self.__dict__.get('_within_init_scope', False)

    @contextlib.contextmanager
    def init_scope(self) -> Iterator[None]:
        """Within this context, assigned Parameters (and links, in a Chain) are registered."""
        self._check_init_done()
        old = self.within_init_scope
        self._within_init_scope = True
        try:
            yield
        finally:
            self._within_init_scope = old

    def __setattr__(self, name: str, value: Any) -> None:
        if value.__class__ is TracedArray:
            # It would outlive the trace, and the plan would never write it
            # again: a running statistic silently stuck at its first value.
            raise TraceError(
                f'{self._label()}: {name} = <a traced array> inside @tapejit.jit: an array '
                'stored on a link would outlive the trace and not be updated by later '
                'calls. Keep such state in a Variable (requires_grad=False) and assign '
                f'its .array instead, or return the value; at {where_in_user_code()}')
        if config.trace is not None:
            # (Checked when the trace ends: a traced Variable left there is
            # state; the first store tells what the attribute held before.)
            config.trace.stored.append((self, name, self.__dict__.get(name)))
        if self.__dict__.get('_within_init_scope', False) and isinstance(value, Parameter):
            value.name = name
            self._params.add(name)
            self._persistent.discard(name)
        old = self.__dict__.get(name, _ABSENT)
        if old is not value:
            # (A link or Parameter added is a change of structure too.)
            _replaced(None if old is _ABSENT else old, value)
        super().__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        self._params.discard(name)
        self._persistent.discard(name)
        _replaced(self.__dict__.get(name), None)
        super().__delattr__(name)

    def add_param(self, name: str, shape: Any = None, dtype: Any = numpy.float32,
                  initializer: Any = None) -> None:
        """Register a new :class:`~tapejit.Parameter` ``name`` (uninitialized without
        ``shape``)."""
        self._check_init_done()
        if name in self.__dict__:
            raise AttributeError(f'{self._label()}: cannot add parameter {name!r}: the link '
                                 'already has an attribute of that name')
        from tapejit import initializers
        if initializer is None:
            initializer = initializers.NaN(dtype)
        elif isinstance(initializer, (int, float, numpy.number)):
            initializer = initializers.Constant(initializer, dtype)
        with self.init_scope():
            setattr(self, name, Parameter(initializer, shape))

    def add_persistent(self, name: str, value: Any) -> None:
        """Register a persistent value (saved and loaded with the parameters)."""
        if name in self.__dict__:
            raise AttributeError(f'{self._label()}: cannot add persistent value {name!r}: '
                                 'the link already has an attribute of that name')
        self._persistent.add(name)
        self._params.discard(name)
        super().__setattr__(name, value)

    def register_persistent(self, name: str) -> None:
        """Mark the existing attribute ``name`` as persistent."""
        if not hasattr(self, name):
            raise AttributeError(f'{self._label()}: cannot register {name!r} as persistent: '
                                 'there is no such attribute')
        self._persistent.add(name)
        self._params.discard(name)

    def _label(self) -> str:
        return f'{type(self).__name__}' + (f' {self.name!r}' if self.name else '')

    # ---------------------------------------------------------------- calls
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self._check_init_done()
        # A __call__ injected by a mixin class after Link takes precedence over
        # forward, as in Chainer.
        forward = getattr(super(), '__call__', None)
        if forward is None:
            forward = getattr(self, 'forward', None)
            if forward is None:
                # An AttributeError, as in Chainer, whose Link has no forward.
                raise AttributeError(f'{type(self).__name__} has no forward method: define '
                                     'forward(self, ...) to make the link callable')
        return forward(*args, **kwargs)

    # ------------------------------------------------------------ traversal
    def params(self, include_uninit: bool = True) -> Iterator[Parameter]:
        """All parameters of this link and of its descendants."""
        for _, p in self.namedparams(include_uninit):
            yield p

    def namedparams(self, include_uninit: bool = True) -> Iterator[tuple]:
        """``(path, parameter)`` pairs, paths like ``'/l1/W'``."""
        d = self.__dict__
        for name in sorted(self._params):
            p = d[name]
            if include_uninit or p._data is not None:
                yield '/' + name, p

    def links(self, skipself: bool = False) -> Iterator['Link']:
        """This link (unless ``skipself``) and all its descendants."""
        for _, link in self.namedlinks(skipself):
            yield link

    def namedlinks(self, skipself: bool = False) -> Iterator[tuple]:
        """``(path, link)`` pairs; this link is ``'/'``."""
        if not skipself:
            yield '/', self

    def children(self) -> Iterator['Link']:
        """The direct child links."""
        return iter(())

    def count_params(self) -> int:
        """The number of parameter elements; an uninitialized parameter counts 0, with
        a warning naming it.

        >>> import tapejit.links as L
        >>> L.Linear(3, 2).count_params()
        8
        """
        size = 0
        for path, p in self.namedparams():
            if p._data is None:
                warnings.warn(f'Parameter {path!r} has not been initialized, so the '
                              'resulting count will not include the number of parameters '
                              'in it.', stacklevel=2)
                continue
            size += p._data.size
        return size

    # ----------------------------------------------------------------- copies
    def copy(self, mode: str = 'share') -> 'Link':
        """A copy of the link hierarchy: ``'share'`` (new Parameters sharing the arrays,
        gradients cleared), ``'copy'`` (a deep copy) or ``'init'`` (a deep copy whose
        initialized parameters are initialized anew). The copy has no name.

        >>> import tapejit.links as L
        >>> lin = L.Linear(2, 3)
        >>> lin.copy().W.array is lin.W.array, lin.copy('copy').W.array is lin.W.array
        (True, False)
        """
        if mode == 'share':
            ret = copy.copy(self)
            ret._params = set(self._params)
            ret._persistent = set(self._persistent)
            ret.name = None
            d = ret.__dict__
            for name in ret._params:
                d[name] = copy.copy(d[name])
                d[name].grad = None
            return ret
        if mode == 'copy':
            return copy.deepcopy(self)
        if mode == 'init':
            ret = copy.deepcopy(self)
            for param in ret.params(include_uninit=False):
                param.initialize(param.shape)
            return ret
        raise ValueError(f"{self._label()}.copy: the 'mode' argument should be either "
                         f"'init', 'copy', or 'share'. But {mode!r} was given.")

    def repeat(self, n_repeat: int, mode: str = 'init') -> 'Any':
        """A :class:`~tapejit.Sequential` of ``n_repeat`` copies of this link, made
        with :meth:`copy` (``mode``: ``'init'``, ``'copy'`` or ``'share'``).

        >>> import tapejit.links as L
        >>> net = L.Linear(2, 2).repeat(3)
        >>> len(net), net[0].W.array is net[1].W.array
        (3, False)
        """
        ret = _sequential()
        if n_repeat <= 0:
            return ret
        if mode not in ('init', 'copy', 'share'):
            raise ValueError(f"{self._label()}.repeat: the 'mode' argument should be "
                             f"either 'init', 'copy', or 'share'. But {mode!r} was given.")
        for _ in range(n_repeat):
            ret.append(self.copy(mode))
        return ret

    # ------------------------------------------------------------ gradients
    def cleargrads(self) -> None:
        """Clear the gradients of all parameters (set them to ``None``)."""
        for p in self.params():
            p.cleargrad()

    def zerograds(self) -> None:
        """Fill the gradients with zeros (deprecated: use :meth:`cleargrads`)."""
        warnings.warn('Link.zerograds is deprecated; use Link.cleargrads instead',
                      DeprecationWarning, stacklevel=2)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', DeprecationWarning)
            for p in self.params():
                p.zerograd()

    def addgrads(self, link: 'Link') -> None:
        """Add the gradients of the parameters of ``link`` (same structure) to ours."""
        src = dict(link.namedparams())
        for path, p in self.namedparams():
            p.addgrad(src[path])

    def copyparams(self, link: 'Link', copy_persistent: bool = True) -> None:
        """Copy the parameter arrays (and persistent values) of ``link`` into ours."""
        src = dict(link.namedparams())
        for path, p in self.namedparams():
            p.copydata(src[path])
        if copy_persistent:
            srcl = dict(link.namedlinks())
            for path, dst in self.namedlinks():
                s = srcl[path]
                for name in dst._persistent:
                    v = s.__dict__[name]
                    dv = dst.__dict__[name]
                    if backends.is_array(dv) and backends.is_array(v):
                        dv[...] = v
                    else:
                        object.__setattr__(dst, name, v)

    def enable_update(self) -> None:
        """Let optimizers update the parameters (the default)."""
        for p in self.params():
            if p.update_rule is not None:
                p.update_rule.enabled = True

    def disable_update(self) -> None:
        """Keep optimizers from updating the parameters."""
        for p in self.params():
            if p.update_rule is not None:
                p.update_rule.enabled = False

    @property
    def update_enabled(self) -> bool:
        """Whether at least one parameter has an update rule, and it is enabled."""
        return any(p.update_rule is not None and p.update_rule.enabled for p in self.params())

    # --------------------------------------------------------------- devices
    @property
    def device(self) -> backends.Device:
        """The device of the first initialized parameter (``'@numpy'`` if none)."""
        for p in self.params(False):
            return p.device
        return backends.CPU

    @property
    def xp(self) -> Any:
        """``numpy`` or ``cupy``: the array module of the parameters."""
        return self.device.xp

    def to_device(self, device: Any) -> 'Link':
        """Move every parameter and persistent array to ``device`` (an uninitialized
        parameter is made there when initialized)."""
        dev = backends.get_device(device)
        if dev.xp is numpy:
            method, kwargs = 'to_cpu', {}
        else:
            method, kwargs = 'to_gpu', {'device': dev.device.id}
        return self._move(dev, method, kwargs)

    def _move(self, dev: backends.Device, method: str, kwargs: dict) -> 'Link':
        for link in self.links():
            if link is not self and method in link._overridden_to_methods:
                # A link that still overrides to_cpu/to_gpu (deprecated) has it called.
                getattr(link, method)(**kwargs)
            for name in sorted(link._params):
                link.__dict__[name].to_device(dev)
            for name in link._persistent:
                v = link.__dict__[name]
                if backends.is_array(v):
                    object.__setattr__(link, name, dev.send(v))
            for name in link._device_resident_attributes:
                held = link.__dict__.get(name)
                if held is not None:
                    held.to_device(dev)
        return self

    def to_cpu(self) -> 'Link':
        """Move the parameters to the host (deprecated: use ``to_device('@numpy')``)."""
        warnings.warn("to_cpu is deprecated. Please use to_device('@numpy') instead.",
                      DeprecationWarning, stacklevel=2)
        return self._move(backends.CPU, 'to_cpu', {})

    def to_gpu(self, device: Any = None) -> 'Link':
        """Move the parameters to a GPU (deprecated: use ``to_device('@cupy:N')``)."""
        warnings.warn("to_gpu is deprecated. Please use to_device('@cupy:N') instead.",
                      DeprecationWarning, stacklevel=2)
        if device is None:
            cp = backends.require_cupy('Link.to_gpu')
            device = cp.cuda.Device().id
        if not isinstance(device, int):
            device = int(getattr(device, 'id', device))
        return self._move(backends.GpuDevice(device), 'to_gpu', {'device': device})

    def to_intel64(self) -> 'Link':
        """Move the parameters to the host: tapejit has no iDeep (deprecated, as in
        Chainer)."""
        warnings.warn("to_intel64 is deprecated. Please use to_device('@intel64') instead.",
                      DeprecationWarning, stacklevel=2)
        return self._move(backends.CPU, 'to_intel64', {})

    # ---------------------------------------------------------- serialization
    def serialize(self, serializer: Any) -> None:
        """Save or load the parameters and persistent values through ``serializer``."""
        d = self.__dict__
        for name in sorted(self._params):
            param = d[name]
            data = serializer(name, param._data)
            if param._data is None and data is not None:
                # An uninitialized parameter takes its shape from the saved
                # array. Its initial values are overwritten at once: they must
                # not draw from NumPy's global generator, whose state a
                # snapshot may just have restored (a resumed run continues
                # exactly as the uninterrupted one).
                state = numpy.random.get_state()
                try:
                    param.initialize(data.shape)
                finally:
                    numpy.random.set_state(state)
                param._data[...] = backends.get_device_from_array(param._data).send(
                    numpy.asarray(data, param._data.dtype))
        for name in sorted(self._persistent):
            v = d[name]
            if backends.is_array(v) or isinstance(v, Variable):
                serializer(name, v)
            else:
                object.__setattr__(self, name, serializer(name, v))

    @property
    def printable_specs(self) -> Iterator[tuple]:
        """``(name, value)`` pairs :meth:`__str__` shows (the constructor's arguments);
        none by default."""
        return iter(())

    def __str__(self) -> str:
        specs = ', '.join(f'{k}={v}' for k, v in self.printable_specs)
        return f'{type(self).__name__}({specs})'

    def __repr__(self) -> str:
        return f'<{self._label()}>'


class Chain(Link):
    """A link made of child links, registered as attributes in ``init_scope()``.

    >>> import numpy as np, tapejit, tapejit.functions as F
    >>> from tapejit import links as L
    >>> class MLP(tapejit.Chain):
    ...     def __init__(self):
    ...         super().__init__()
    ...         with self.init_scope():
    ...             self.l1 = L.Linear(3, 4)
    ...             self.l2 = L.Linear(4, 2)
    ...     def forward(self, x):
    ...         return self.l2(F.relu(self.l1(x)))
    >>> model = MLP()
    >>> model(np.zeros((5, 3), np.float32)).shape
    (5, 2)
    >>> [name for name, _ in model.namedparams()]
    ['/l1/W', '/l1/b', '/l2/W', '/l2/b']
    """

    def __init__(self, **links: 'Link') -> None:
        super().__init__()
        self._children: set = set()
        with self.init_scope():
            for name, link in links.items():
                setattr(self, name, link)

    def __setattr__(self, name: str, value: Any) -> None:
        if self.__dict__.get('_within_init_scope', False) and isinstance(value, Link):
            if hasattr(self, name) and name not in self._children:
                raise AttributeError(f'{self._label()}: cannot register a link as {name!r}: '
                                     'the attribute already exists')
            value.name = name
            self._children.add(name)
        super().__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        self._children.discard(name)
        super().__delattr__(name)

    def __getitem__(self, name: str) -> Any:
        """The attribute ``name`` (Chainer's ``chain['l1']``)."""
        return getattr(self, name)

    def __str__(self) -> str:
        return _nested_str(self, ((name, self.__dict__[name])
                                  for name in sorted(self._children)))

    def copy(self, mode: str = 'share') -> 'Chain':
        ret = super().copy(mode)
        ret._children = set(ret._children)
        d = ret.__dict__
        for name in ret._children:
            child = d[name].copy(mode)
            child.name = name
            d[name] = child
        return ret

    def add_link(self, name: str, link: 'Link') -> None:
        """Register ``link`` as the child ``name``."""
        if name in self.__dict__:
            raise AttributeError(f'{self._label()}: cannot register a link as {name!r}: '
                                 'the attribute already exists')
        if not isinstance(link, Link):
            raise TypeError(f'{self._label()}: add_link expects a Link, got '
                            f'{type(link).__name__}')
        with self.init_scope():
            setattr(self, name, link)

    def namedparams(self, include_uninit: bool = True) -> Iterator[tuple]:
        yield from super().namedparams(include_uninit)
        d = self.__dict__
        for name in sorted(self._children):
            prefix = '/' + name
            for path, p in d[name].namedparams(include_uninit):
                yield prefix + path, p

    def namedlinks(self, skipself: bool = False) -> Iterator[tuple]:
        if not skipself:
            yield '/', self
        d = self.__dict__
        for name in sorted(self._children):
            child = d[name]
            prefix = '/' + name
            yield prefix, child
            for path, link in child.namedlinks(True):
                yield prefix + path, link

    def children(self) -> Iterator['Link']:
        d = self.__dict__
        for name in sorted(self._children):
            yield d[name]

    def serialize(self, serializer: Any) -> None:
        super().serialize(serializer)
        d = self.__dict__
        for name in sorted(self._children):
            d[name].serialize(serializer[name])


def _nested_str(link: Link, children: Any) -> str:
    # Chainer's layout: one indented "(name): str(child)," line per child.
    reps = []
    for name, child in children:
        for line in f'({name}): {child},'.splitlines():
            reps.append(f'  {line}\n')
    body = ''.join(reps)
    return f'{type(link).__name__}(' + ('\n' + body if body else '') + ')'


class ChainList(Link, collections.abc.MutableSequence):
    """A link made of a list of child links, named ``'0'``, ``'1'``, ...

    >>> import numpy as np, tapejit
    >>> from tapejit import links as L
    >>> layers = tapejit.ChainList(L.Linear(2, 3), L.Linear(3, 1))
    >>> layers.append(L.Linear(1, 1))
    >>> len(layers), [name for name, _ in layers.namedparams()][:2]
    (3, ['/0/W', '/0/b'])
    """

    def __init__(self, *links: 'Link') -> None:
        super().__init__()
        self._children: list = []
        for link in links:
            self.add_link(link)

    def __str__(self) -> str:
        return _nested_str(self, enumerate(self._children))

    def __setattr__(self, name: str, value: Any) -> None:
        if self.__dict__.get('_within_init_scope', False) and isinstance(value, Link):
            raise TypeError(f'{self._label()}: a ChainList holds its links in a list; use '
                            'append() instead of assigning them as attributes')
        super().__setattr__(name, value)

    def __getitem__(self, index: Any) -> Any:
        return self._children[index]

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            value = list(value)
            for link in value:
                self._check_link(link)
        elif isinstance(index, (int, numpy.integer)):
            self._check_link(value)
        else:
            raise TypeError(f'{self._label()}: ChainList indices must be integers or '
                            f'slices, not {type(index).__name__}')
        self._children[index] = value
        self._renumber()

    def __delitem__(self, index: Any) -> None:
        del self._children[index]
        self._renumber()

    def insert(self, index: int, link: 'Link') -> None:
        """Insert ``link`` before ``index`` (the children are renamed by position)."""
        self._check_link(link)
        self._children.insert(index, link)
        self._renumber()

    def _check_link(self, link: Any) -> None:
        if not isinstance(link, Link):
            raise TypeError(f'{self._label()}: expects a Link, got {type(link).__name__}')

    def _renumber(self) -> None:
        for i, child in enumerate(self._children):
            child.name = str(i)
        versions.structure_changed()

    def __iter__(self) -> Iterator['Link']:
        return iter(self._children)

    def __len__(self) -> int:
        return len(self._children)

    def add_link(self, link: 'Link') -> None:
        """Append ``link`` (its name becomes its index)."""
        self.append(link)

    def copy(self, mode: str = 'share') -> 'ChainList':
        ret = super().copy(mode)
        ret._children = [child.copy(mode) for child in ret._children]
        for i, child in enumerate(ret._children):
            child.name = str(i)
        return ret

    def namedparams(self, include_uninit: bool = True) -> Iterator[tuple]:
        yield from super().namedparams(include_uninit)
        for i, child in enumerate(self._children):
            prefix = f'/{i}'
            for path, p in child.namedparams(include_uninit):
                yield prefix + path, p

    def namedlinks(self, skipself: bool = False) -> Iterator[tuple]:
        if not skipself:
            yield '/', self
        for i, child in enumerate(self._children):
            prefix = f'/{i}'
            yield prefix, child
            for path, link in child.namedlinks(True):
                yield prefix + path, link

    def children(self) -> Iterator['Link']:
        return iter(self._children)

    def serialize(self, serializer: Any) -> None:
        super().serialize(serializer)
        for i, child in enumerate(self._children):
            child.serialize(serializer[str(i)])


def _flatten_link(link: Link) -> tuple:
    # Uninitialized parameters are left out: they get their array while the
    # function runs, and the next call sees a new structure (one more trace).
    names, params = [], []
    for path, p in link.namedparams(False):
        names.append(path)
        params.append(p)
    return names, params, link


def _unflatten_link(link: Link, params: list) -> Link:
    # Tracing captures the parameters in place, so the link itself stands for
    # the rebuilt one.
    return link


pytree.register_node(Link, _flatten_link, _unflatten_link)


__all__ = ['Chain', 'ChainList', 'Link']
