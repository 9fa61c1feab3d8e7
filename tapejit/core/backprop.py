"""Reverse-mode traversal shared by ``Variable.backward`` and ``tapejit.grad``.

Functions are visited in decreasing rank (a topological order of the tape),
each exactly once, after all gradients of its outputs have been summed.
Backward rules are tapejit ops, so with ``enable_double_backprop`` the
traversal itself records a graph that can be differentiated again.
Gradients have their Variable's dtype: an integer output backprops integer
gradients, as Chainer's does (see :func:`_check_output`).
"""

from __future__ import annotations

import heapq
import warnings
import weakref
from typing import Any, Iterable, Optional, Sequence

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray
from tapejit.core.config import config, using_config
from tapejit.core.errors import DTypeError, GradientError, ShapeError, native_dtype
from tapejit.core.function_node import (FunctionNode, _select_targets, check_nan,
                                        reraise_with_stack)
from tapejit.core.variable import Variable, check_grad, install_backward


# Gradient nodes made by an old-style Function's backward (tapejit.Function),
# mapped to its label: that backward computed on arrays and recorded no graph,
# so differentiating such a gradient again must fail rather than give zero.
OLD_STYLE_GRADS: 'weakref.WeakKeyDictionary' = weakref.WeakKeyDictionary()


def _check_not_old_style(node: Any) -> None:
    label = OLD_STYLE_GRADS.get(node)
    if label is not None:
        raise RuntimeError(f'cannot twice-differentiate an old style Function "{label}": its '
                           'backward computes on arrays and records no graph (write it as '
                           'a tapejit.FunctionNode to differentiate it again)')


def _check_output(y: Variable, what: str) -> None:
    """Refuse to backprop from ``y`` where its gradient would be meaningless.

    Floating, complex and integer outputs backprop as in Chainer: integer
    gradients (a user's ``y.grad`` or ones) run through the backward methods
    in the integer dtype, as Chainer's do.  Booleans are refused although
    Chainer accepts them: boolean gradients add as a logical or (``True +
    True`` is ``True``), so every summed gradient would be silently wrong.
    """
    d = y._data
    if d is None:
        raise GradientError(f'{what}: the output Variable has no data (it is '
                            'uninitialised)')
    if d.dtype.kind not in 'fciu':
        why = ('boolean gradients do not add (True + True is True), so summed gradients '
               'would be silently wrong' if d.dtype.kind == 'b' else
               'gradients are defined for numeric Variables only')
        raise DTypeError(f'{what}: cannot backprop from a Variable of dtype {d.dtype}; '
                         f'expected a floating or integer dtype: {why} (cast with '
                         'F.cast(y, numpy.float32) if this is intended)')


def _loss_scale_error(what: str, scale: Any, dtype: Any) -> DTypeError:
    # Chainer multiplies the integer ones in place (``grad *= loss_scale``),
    # which NumPy refuses for a float scale: the scaled gradient would be
    # truncated.  The same refusal, with what to do, eagerly and under jit.
    return DTypeError(f'{what}: loss_scale {scale} cannot scale the initial gradient of an '
                      f'output of dtype {dtype}: the gradient has the output\'s dtype and '
                      'would be truncated; expected an integer loss_scale (or cast the '
                      'output to a floating dtype)')


def _ones_like(d: Any, loss_scale: Optional[float], what: str) -> Any:
    # Under tracing `d` has no data: the ones become a constant of the graph.
    xp = numpy if d.__class__ is TracedArray else backends.get_array_module(d)
    g = xp.ones(d.shape, d.dtype)
    if loss_scale is not None:
        if loss_scale.__class__ is TracedArray or isinstance(loss_scale, Variable):
            # A loss scale that changes between calls of a compiled step (dynamic
            # loss scaling): scale in the graph, in the gradient's dtype.
            s = loss_scale._data if isinstance(loss_scale, Variable) else loss_scale
            if s.dtype != d.dtype:
                if not numpy.can_cast(s.dtype, d.dtype, 'same_kind'):
                    raise _loss_scale_error(what, f'of dtype {s.dtype}', d.dtype)
                s = s.astype(d.dtype)
            return s * g
        if d.dtype.kind in 'iu':
            sd = getattr(loss_scale, 'dtype', None)
            if (sd if sd is not None else numpy.dtype(type(loss_scale))).kind not in 'biu':
                raise _loss_scale_error(what, repr(loss_scale), d.dtype)
        g *= loss_scale
    return g


def backward(y: Variable, retain_grad: bool, enable_double_backprop: bool,
             loss_scale: Optional[float]) -> None:
    """Implementation of :meth:`Variable.backward`."""
    _check_output(y, 'backward')
    node = y.node
    if OLD_STYLE_GRADS:
        _check_not_old_style(node)
    gv = y._grad_var
    if gv is None:
        d = y._data
        if d.size != 1:
            raise GradientError(
                f'backward: the output has shape {d.shape} ({d.size} elements) and '
                'no initial gradient; set `y.grad` to an array of that shape first, '
                'or reduce the output to a scalar (e.g. F.sum(y))')
        if d.ndim != 0:
            warnings.warn('Treating a variable with only one element as a scalar in '
                          'Variable.backward is deprecated. A scalar variable must be a '
                          '0-dimensional array. Apply tapejit.functions.squeeze to obtain '
                          'a scalar variable.', DeprecationWarning, stacklevel=3)
        gv = y._grad_var = Variable._make(_ones_like(d, loss_scale, 'backward'), False)
    if node.creator_node is None:
        return  # a root keeps the initial gradient, as in Chainer
    # As in Chainer, the output's gradient is consumed by backprop: it is left
    # on ``y`` only with retain_grad.
    y._grad_var = None
    with using_config('enable_backprop', enable_double_backprop):
        _propagate([(node, gv)], retain_grad=retain_grad, loss_scale=loss_scale,
                   accumulate_leaves=True)


install_backward(backward)


def _propagate(outputs: Iterable, *, retain_grad: bool, loss_scale: Optional[float],
               accumulate_leaves: bool, required: Optional[set] = None,
               wanted: Optional[dict] = None) -> None:
    """Backprop from ``outputs`` (pairs of node and gradient Variable).

    ``required``: if given, only function nodes in this set are run and only
    inputs in ``wanted`` or leading to one receive gradients (``tapejit.grad``).
    ``wanted``: node -> slot; gradients arriving there are stored in it.
    """
    heap: list = []
    seen: set = set()
    grads: dict = {}
    leaves: dict = {}
    counter = 0
    heappush = heapq.heappush

    def add_grad(n: Any, g: Variable) -> None:
        nonlocal counter
        prev = grads.get(n)
        if prev is not None:
            g = _in_dtype(prev + g, g._data.dtype)
        grads[n] = g
        f = n.creator_node
        if f is None:
            if OLD_STYLE_GRADS:
                _check_not_old_style(n)
            leaves[n] = None
        elif f not in seen and (required is None or f in required):
            # (Its creator, queued once.)
            seen.add(f)
            counter += 1
            heappush(heap, (-f.rank, counter, f))

    for n, g in outputs:
        add_grad(n, g)

    heappop = heapq.heappop
    plain_accumulate = FunctionNode.backward_accumulate
    while heap:
        _, _, func = heappop(heap)
        inputs = func.inputs
        if inputs is None:  # unchained while we were running
            continue
        outs = func.outputs
        if len(outs) == 1:  # the common case, kept lean
            n0 = outs[0]()
            g0 = None if n0 is None else grads.pop(n0, None)
            out_nodes = (n0,)
            gys = (g0,)
            if g0 is None:
                continue
        else:
            out_nodes = [r() for r in outs]
            gys = tuple(None if n is None else grads.pop(n, None) for n in out_nodes)
            if all(g is None for g in gys):
                continue
        if wanted is not None:
            for n, g in zip(out_nodes, gys):
                if n is not None and n in wanted and g is not None:
                    wanted[n] = g
        if retain_grad:
            for n, g in zip(out_nodes, gys):
                if n is not None and g is not None:
                    v = n.get_variable_or_none()
                    if v is not None:
                        v._grad_var = g
        # (A tuple grown in a plain loop: the cheapest way to it for a node's
        # one or two inputs.)
        targets: tuple = ()
        i = 0
        if required is None:
            for x in inputs:
                if x.requires_grad:
                    targets += (i,)
                i += 1
        else:
            for x in inputs:
                # An input asked for explicitly gets its gradient even with
                # requires_grad=False (as in Chainer's grad()).
                if x in required and (x.requires_grad or x in wanted):
                    targets += (i,)
                i += 1
        if not targets:
            continue
        if config.debug:
            gxs = _debug_backward(func, targets, gys, grads, inputs)
        elif type(func).backward_accumulate is plain_accumulate:
            gxs = func.backward(targets, gys)
            if len(gxs) != len(targets):
                gxs = _select_targets(func, targets, gxs)
        else:
            gxs = _run_backward(func, targets, gys, grads, inputs)
        for i, gx in zip(targets, gxs):
            if gx is None:
                continue
            x = inputs[i]
            if gx.__class__ is not Variable and not isinstance(gx, Variable):
                gx = Variable._make(gx, False)
            d = gx._data
            if d.shape != x.shape or (d.dtype is not x.dtype and d.dtype != x.dtype):
                gx = _checked_grad(func, i, x, gx)
            add_grad(x, gx)

    if wanted is not None:
        # Wanted nodes whose creator lies off every path keep their gradient here.
        for n in wanted:
            if n not in leaves and grads.get(n) is not None:
                wanted[n] = grads[n]
    for x in leaves:
        gx = grads.pop(x, None)
        if gx is None:
            continue
        if wanted is not None:
            if x in wanted:
                wanted[x] = gx
            continue
        v = x.get_variable_or_none()
        if v is None:
            continue
        if accumulate_leaves:
            if config.trace is not None:
                config.trace.note_grad(v, 'read')
            if v._grad_var is not None:
                gx = _in_dtype(v._grad_var + gx, gx._data.dtype)
        v._grad_var = gx
        v._loss_scale = loss_scale


def _run_backward(func: Any, targets: tuple, gys: tuple, grads: dict, inputs: tuple) -> tuple:
    if type(func).backward_accumulate is not FunctionNode.backward_accumulate:
        # A user node that accumulates itself receives the gradients so far
        # and returns the totals (Chainer's protocol).
        g_in = tuple(grads.pop(inputs[i], None) for i in targets)
        gxs = func.backward_accumulate(targets, gys, g_in)
    else:
        gxs = func.backward(targets, gys)
    if len(gxs) != len(targets):
        gxs = _select_targets(func, targets, gxs)
    return gxs


def _debug_backward(func: Any, targets: tuple, gys: tuple, grads: dict,
                    inputs: tuple) -> tuple:
    # Debug mode (tapejit.set_debug): an error names where the function was
    # applied, and a NaN among the gradients it returns is an error, as in Chainer.
    try:
        gxs = _run_backward(func, targets, gys, grads, inputs)
        for gx in gxs:
            if gx is not None and not isinstance(gx, Variable):
                raise ValueError(f'{func.label}: the type of gradients returned from backward '
                                 f'is incorrect: {type(gx).__name__}, expected a Variable '
                                 '(debug mode checks it)')
        check_nan(gxs, f'NaN is detected on backward computation of {func.label}')
    except Exception as e:
        reraise_with_stack(func, e)
        raise
    return gxs


# The cast primitive, installed by tapejit.ops at import (the core imports
# no op): a gradient cast back to its input's byte order is recorded as any
# op is, so it is differentiated again under double backprop.
cast: list = [None]


class _GradientDTypeError(DTypeError, ValueError):
    """A gradient of another dtype than its input (a ValueError too, as Chainer's)."""


def _in_dtype(g: Variable, dtype: Any) -> Variable:
    """``g`` cast to ``dtype`` where they differ (in byte order only, as the
    callers use it)."""
    if g._data.dtype == dtype:
        return g
    return cast[0](g, dtype=dtype)


def _checked_grad(func: Any, i: int, x: Any, gx: Variable) -> Variable:
    """``gx``, the gradient ``func`` returned for its input ``x``, in ``x``'s
    dtype where it differs in byte order only; otherwise an error.

    Ops compute in the machine's byte order, so the gradient of a big-endian
    input comes back native: the same numbers, which are cast back because a
    gradient has its Variable's dtype (as Chainer's ``Variable.grad`` requires).
    """
    d = gx._data
    if d.shape == x.shape and x.dtype is not None \
            and native_dtype(d.dtype) == native_dtype(x.dtype):
        return _in_dtype(gx, x.dtype)
    _bad_grad(func, i, x, d)
    return gx  # (not reached: _bad_grad raises)


def _bad_grad(func: Any, i: int, x: Any, d: Any) -> None:
    kind, exc = ('shape', ShapeError) if d.shape != x.shape else ('dtype', _GradientDTypeError)
    got, want = (d.shape, x.shape) if kind == 'shape' else (d.dtype, x.dtype)
    raise exc(f'{func.label}: the {kind} of gradients returned from backward is incorrect: '
              f'{got} for input {i}, whose {kind} is {want}; a gradient must match its input')


def grad(outputs: Sequence[Variable], inputs: Sequence[Variable],
         grad_outputs: Optional[Sequence[Any]] = None,
         grad_inputs: Optional[Sequence[Any]] = None, set_grad: bool = False,
         retain_grad: bool = False, enable_double_backprop: bool = False,
         loss_scale: Optional[float] = None) -> list:
    """Gradients of ``outputs`` w.r.t. ``inputs``, along the paths between them only.

    Returns a list with a gradient Variable per input (``None`` where an input
    is not reachable from the outputs).  Nest it, with
    ``enable_double_backprop=True``, for higher derivatives.

    >>> import numpy as np, tapejit
    >>> x = tapejit.Variable(np.array([2.0, 3.0]))
    >>> y = tapejit.functions.sum(x ** 3)
    >>> gx, = tapejit.grad([y], [x], enable_double_backprop=True)
    >>> gx
    variable([12., 27.])
    >>> ggx, = tapejit.grad([tapejit.functions.sum(gx)], [x])
    >>> ggx
    variable([12., 18.])
    """
    outputs = _as_var_list(outputs, 'outputs')
    if OLD_STYLE_GRADS:
        # (First, as Chainer does: a gradient made by an old-style Function's
        # backward, at an output or behind one, cannot be differentiated
        # (the graph that computed it is missing), whatever the inputs.)
        nodes = [y.node for y in outputs]
        for n in nodes:
            _check_not_old_style(n)
        for f in functions_behind(nodes):
            for x in f.inputs:
                _check_not_old_style(x)
    inputs = _as_var_list(inputs, 'inputs')
    for what, given in (('grad_outputs', grad_outputs), ('grad_inputs', grad_inputs)):
        if given is not None and not isinstance(given, (list, tuple)):
            raise TypeError(f'grad: {what} must be a list or tuple (or None), got '
                            f'{type(given).__name__}')
    if grad_outputs is not None:
        grad_outputs = list(grad_outputs)
        if len(grad_outputs) != len(outputs):
            raise ValueError(f'grad: grad_outputs has {len(grad_outputs)} entries but '
                             f'there are {len(outputs)} outputs; they must match')
    else:
        grad_outputs = [None] * len(outputs)
    if grad_inputs is not None:
        grad_inputs = list(grad_inputs)
        if len(grad_inputs) != len(inputs):
            raise ValueError(f'grad: grad_inputs has {len(grad_inputs)} entries but '
                             f'there are {len(inputs)} inputs; they must match')
    else:
        grad_inputs = [None] * len(inputs)

    pairs = []
    for k, (y, gy) in enumerate(zip(outputs, grad_outputs)):
        _check_output(y, 'grad')
        if gy is None:
            gy = Variable._make(_ones_like(y._data, loss_scale, 'grad'), False)
        elif not isinstance(gy, Variable):
            check_grad(y.shape, y.dtype, y._data, gy, f'grad: grad_outputs[{k}]')
            gy = Variable._make(gy, False)
        else:
            check_grad(y.shape, y.dtype, y._data, gy._data, f'grad: grad_outputs[{k}]')
        pairs.append((y.node, gy))

    in_nodes = [x.node for x in inputs]
    wanted: dict = {n: None for n in in_nodes}
    # An input's initial gradient joins the backprop there, as Chainer's
    # does: it flows on to the inputs that input was computed from.
    for k, (x, gi) in enumerate(zip(inputs, grad_inputs)):
        if gi is not None:
            check_grad(x.shape, x.dtype, x._data, gi._data if isinstance(gi, Variable) else gi,
                       f'grad: grad_inputs[{k}]')
            pairs.append((x.node, gi if isinstance(gi, Variable) else Variable._make(gi, False)))
    required = _nodes_between([n for n, _ in pairs], set(in_nodes))
    with using_config('enable_backprop', enable_double_backprop):
        _propagate(pairs, retain_grad=retain_grad, loss_scale=loss_scale,
                   accumulate_leaves=False, required=required, wanted=wanted)
    ret = [wanted[n] for n in in_nodes]
    if set_grad:
        for x, g in zip(inputs, ret):
            x._grad_var = g
    elif retain_grad:
        # As in Chainer, every variable computed by a function keeps its
        # gradient, an input whose creator lies off every path too (Chainer
        # runs that creator, with nothing to propagate); leaves keep theirs.
        for x, g in zip(inputs, ret):
            if g is not None and x.node.creator_node is not None:
                x._grad_var = g
    return ret


def functions_behind(out_nodes: Iterable) -> list:
    """The function nodes ``out_nodes`` were computed by, directly or not,
    in the order they ran (increasing rank).

    >>> import numpy as np, tapejit
    >>> x = tapejit.Variable(np.array([1.0]))
    >>> [f.label for f in functions_behind([(x * 2 + 1).node])]
    ['mul', 'add']
    """
    funcs = []
    seen = set()
    stack = [n.creator_node for n in out_nodes if n.creator_node is not None]
    while stack:
        f = stack.pop()
        if f in seen or f.inputs is None:
            continue
        seen.add(f)
        funcs.append(f)
        for x in f.inputs:
            c = x.creator_node
            if c is not None and c not in seen:
                stack.append(c)
    funcs.sort(key=lambda f: f.rank)
    return funcs


def _nodes_between(out_nodes: list, in_nodes: set) -> set:
    """Function nodes on a path from ``in_nodes`` to ``out_nodes``, plus the variable
    nodes that lead to an input (the set ``_propagate`` restricts itself to)."""
    funcs = functions_behind(out_nodes)
    reach = set(in_nodes)
    required: set = set(in_nodes)
    for f in funcs:
        if any(x in reach for x in f.inputs):
            required.add(f)
            for x in f.inputs:
                if x in reach:
                    required.add(x)
            for r in f.outputs:
                n = r()
                if n is not None:
                    reach.add(n)
    return required


def _as_var_list(xs: Any, what: str) -> list:
    if not isinstance(xs, (list, tuple)):
        # (A bare Variable too, as Chainer's grad: grad([y], [x]).)
        raise TypeError(f'grad: {what} must be a list or tuple of Variables, got '
                        f'{type(xs).__name__}'
                        + ('; pass it in a list' if isinstance(xs, Variable) else ''))
    for i, v in enumerate(xs):
        if not isinstance(v, Variable):
            raise TypeError(f'grad: {what}[{i}] must be a Variable, got '
                            f'{type(v).__name__}')
    return list(xs)


__all__ = ['backward', 'grad', 'config']
