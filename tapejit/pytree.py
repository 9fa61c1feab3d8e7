"""Nested tuples/lists/dicts of leaves, flattened to a list and a hashable
structure; other containers (a :class:`~tapejit.Link`) join with
:func:`register_node`."""

from __future__ import annotations

import weakref
from typing import Any, Callable


_NODES: dict = {}  # class -> (flatten_fn, unflatten_fn)


def register_node(cls: type, flatten_fn: Callable[[Any], tuple],
                  unflatten_fn: Callable[[Any, list], Any]) -> None:
    """Make instances of ``cls`` (and its subclasses) containers of a pytree.

    ``flatten_fn(obj)`` returns ``(names, children, aux)``: a name per child,
    the children and hashable data ``unflatten_fn(aux, children)`` rebuilds from.

    >>> from tapejit.pytree import flatten, register_node, unflatten
    >>> class Pair:
    ...     def __init__(self, a, b): self.a, self.b = a, b
    >>> register_node(Pair, lambda p: (('.a', '.b'), (p.a, p.b), None),
    ...               lambda aux, ch: Pair(*ch))
    >>> leaves, td = flatten([Pair(1, 2)])
    >>> leaves, unflatten(td, leaves)[0].b
    ([1, 2], 2)
    """
    _NODES[cls] = (flatten_fn, unflatten_fn)
    _ENTRIES.clear()


class _Entries(weakref.WeakKeyDictionary):
    """class -> the entry of its nearest registered base, or None; found
    once, and forgotten with the class (a class defined again, as a
    notebook cell run again does, leaves the old one, and the jitted
    functions its methods hold, to the garbage collector).

    >>> class Model: pass
    >>> _ENTRIES[Model] is None, Model in _ENTRIES
    (True, True)
    """

    def __getitem__(self, cls: type) -> Any:
        try:
            return super().__getitem__(cls)
        except KeyError:
            entry = self[cls] = next((_NODES[b] for b in cls.__mro__ if b in _NODES), None)
            return entry


_ENTRIES = _Entries()


def flatten(tree: Any, is_leaf: Callable[[Any], bool] = lambda x: False) -> tuple:
    """``(leaves, treedef)``; ``treedef`` is hashable and rebuilds the tree.

    >>> from tapejit.pytree import flatten, unflatten
    >>> leaves, td = flatten({'b': (1, 2), 'a': [3]})
    >>> leaves
    [3, 1, 2]
    >>> unflatten(td, leaves)
    {'a': [3], 'b': (1, 2)}
    """
    leaves: list = []
    return leaves, _flatten(tree, leaves, is_leaf)


def _flatten(t: Any, leaves: list, is_leaf: Callable) -> Any:
    if not is_leaf(t):
        cls = type(t)
        if cls is tuple or cls is list:
            return (cls.__name__, tuple(_flatten(x, leaves, is_leaf) for x in t))
        if cls is dict:
            keys = sorted(t, key=repr)
            return ('dict', tuple(keys), tuple(_flatten(t[k], leaves, is_leaf) for k in keys))
        if t is None:
            return ('none',)
        if _NODES:
            entry = _ENTRIES[cls]
            if entry is not None:
                names, children, aux = entry[0](t)
                return ('node', cls, aux, tuple(names),
                        tuple(_flatten(c, leaves, is_leaf) for c in children))
    leaves.append(t)
    return '*'


def unflatten(td: Any, leaves: Any) -> Any:
    return _unflatten(td, iter(leaves))


def _unflatten(td: Any, it: Any) -> Any:
    if td == '*':
        return next(it)
    kind = td[0]
    if kind == 'tuple':
        return tuple(_unflatten(c, it) for c in td[1])
    if kind == 'list':
        return [_unflatten(c, it) for c in td[1]]
    if kind == 'dict':
        return {k: _unflatten(c, it) for k, c in zip(td[1], td[2])}
    if kind == 'node':
        return _ENTRIES[td[1]][1](td[2], [_unflatten(c, it) for c in td[4]])
    return None


def leaf_paths(td: Any, prefix: str = '') -> list:
    """A readable path per leaf (``'[0]'``, ``"['w']"``), in flatten order."""
    if td == '*':
        return [prefix]
    kind = td[0]
    if kind in ('tuple', 'list'):
        return [p for i, c in enumerate(td[1]) for p in leaf_paths(c, f'{prefix}[{i}]')]
    if kind == 'dict':
        return [p for k, c in zip(td[1], td[2]) for p in leaf_paths(c, f'{prefix}[{k!r}]')]
    if kind == 'node':
        return [p for n, c in zip(td[3], td[4]) for p in leaf_paths(c, f'{prefix}{n}')]
    return []
