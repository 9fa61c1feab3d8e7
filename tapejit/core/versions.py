"""Counters of the changes to links that a compiled plan guards.

A plan reads parameters and recurrent states through links; a link given
another child link or Parameter, or a Variable on a link replaced, changes
what a later call must read.  Links count such changes here
(:mod:`tapejit.links.link`), and a plan compares one number per call
(:mod:`tapejit.jit.plan`) instead of walking the links.
"""

from __future__ import annotations

# [a link or Parameter replaced, a Variable on a link replaced or deleted]
_versions = [0, 0]


def structure_changed() -> None:
    """A link's child link or Parameter was replaced, added or deleted."""
    _versions[0] += 1


def state_changed() -> None:
    """A Variable other than a Parameter on a link was replaced or deleted."""
    _versions[1] += 1


def structure_version() -> int:
    """A number that changes whenever a link's child link or Parameter is
    replaced or deleted, or a ChainList grows: a jitted function that read
    parameters through links traces again after such a change, instead of
    running with the Parameters it traced.

    >>> import tapejit, tapejit.links as L
    >>> from tapejit.core.versions import structure_version
    >>> m = L.Linear(2, 3)
    >>> v = structure_version()
    >>> m.W = tapejit.Parameter(m.W.array.copy())
    >>> structure_version() != v
    True
    """
    return _versions[0]


def state_version() -> int:
    """A number that changes whenever a Variable other than a Parameter
    stored on a link (a recurrent state) is replaced or deleted: guarded by
    a plan that read such a Variable where it cannot tell which link held it
    (the others guard the attribute they read it from).

    >>> import numpy as np, tapejit, tapejit.links as L
    >>> from tapejit.core.versions import state_version
    >>> m = L.Linear(2, 3)
    >>> m.h = tapejit.Variable(np.zeros(3))
    >>> v = state_version()
    >>> m.h = None
    >>> state_version() != v
    True
    """
    return _versions[1]
