"""Nested tuples/lists/dicts of leaves, flattened to a list and a hashable structure."""

from __future__ import annotations

from typing import Any, Callable


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
    td = _flatten(tree, leaves, is_leaf)
    return leaves, td


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
    leaves.append(t)
    return '*'


def unflatten(td: Any, leaves: Any) -> Any:
    it = iter(leaves)
    return _unflatten(td, it)


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
    return []
