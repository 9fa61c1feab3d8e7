"""Hierarchical softmax over a binary tree (the loss of Chainer's
``links.BinaryHierarchicalSoftmax``), as a function of the tree's path tables.

A word's probability is the product, along the path from the root to its
leaf, of ``sigmoid(code * x . W[node])``: ``code`` is 1 where the path goes
to the left child and -1 where it goes to the right one.  The tables hold,
per word id, the internal nodes of its path and their codes, padded to the
longest path (padding has code 0 and adds nothing).

>>> import numpy as np
>>> path, code = paths_and_codes(((0, 1), 2))
>>> path
array([[0, 1],
       [0, 1],
       [0, 0]], dtype=int32)
>>> code
array([[ 1.,  1.],
       [ 1., -1.],
       [-1.,  0.]], dtype=float32)
"""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray
from tapejit.core.errors import DTypeError, ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._util import array_of, check_labels_in_range, check_var
from tapejit.functions.array import wide_labels
from tapejit.functions.nn import softplus
from tapejit.functions.reduction import sum as _sum
from tapejit.ops import elementwise as E
from tapejit.ops import structure as S
from tapejit.ops.window import take_rows


class TreeParser:
    """The paths of a binary tree of tuples (Chainer's ``TreeParser``): after
    :meth:`parse`, ``get_paths()[leaf]`` holds the ids of the internal nodes
    from the root to ``leaf`` (numbered in depth-first order) and
    ``get_codes()[leaf]`` their codes, 1 (left) or -1 (right).

    >>> parser = TreeParser(numpy.float32)
    >>> parser.parse(((0, 1), 2))
    >>> parser.size(), parser.get_paths()[1], parser.get_codes()[1]
    (2, array([0, 1], dtype=int32), array([ 1., -1.], dtype=float32))
    """

    def __init__(self, dtype: Any) -> None:
        self.next_id = 0
        self.dtype = dtype

    def size(self) -> int:
        """The number of internal nodes: the rows of ``W``."""
        return self.next_id

    def get_paths(self) -> dict:
        """``leaf -> int32 array`` of the internal nodes on its path."""
        return self.paths

    def get_codes(self) -> dict:
        """``leaf -> array`` of the codes along its path."""
        return self.codes

    def parse(self, tree: Any) -> None:
        """Number the internal nodes of ``tree`` and record each leaf's path."""
        self.next_id = 0
        self.path: list = []
        self.code: list = []
        self.paths: dict = {}
        self.codes: dict = {}
        # An explicit stack: a Huffman tree of a large vocabulary is deeper
        # than Python's recursion limit allows.
        stack: list = [('node', tree)]
        while stack:
            what, node = stack.pop()
            if what == 'right':  # back from the left child: to the right one
                self.code[-1] = -1.0
                stack.append(('up', None))
                stack.append(('node', node))
            elif what == 'up':
                self.path.pop()
                self.code.pop()
            elif isinstance(node, tuple):
                if len(node) != 2:
                    raise ValueError('All internal nodes must have two child nodes')
                left, right = node
                self.path.append(self.next_id)
                self.next_id += 1
                self.code.append(1.0)
                stack.append(('right', right))
                stack.append(('node', left))
            else:
                self.paths[node] = numpy.array(self.path, dtype=numpy.int32)
                self.codes[node] = numpy.array(self.code, dtype=self.dtype)


def paths_and_codes(tree: Any, dtype: Any = numpy.float32) -> tuple:
    """The tables :func:`binary_hierarchical_softmax` takes, for a binary tree
    of tuples whose leaves are word ids (``((0, 1), 2)``): ``path``, int32
    ``(vocabulary, depth)``, and ``code`` of ``dtype``, same shape, with one
    row per word id up to the largest leaf (a word not in the tree has a row
    of zero codes).

    >>> path, code = paths_and_codes((0, (1, 2)))
    >>> path.shape, code[2].tolist()
    ((3, 2), [-1.0, -1.0])
    """
    parser = TreeParser(dtype)
    parser.parse(tree)
    paths, codes = parser.get_paths(), parser.get_codes()
    leaves = [int(leaf) for leaf in paths]
    if min(leaves) < 0:
        raise ValueError(f'paths_and_codes: the tree has the leaf {min(leaves)}; expected '
                         'non-negative word ids')
    vocabulary = max(leaves) + 1
    depth = max(len(p) for p in paths.values())
    path = numpy.zeros((vocabulary, depth), numpy.int32)
    code = numpy.zeros((vocabulary, depth), dtype)
    for leaf, p in paths.items():
        path[int(leaf), :len(p)] = p
        code[int(leaf), :len(p)] = codes[leaf]
    return path, code


def _check_inputs(x: Any, t: Any, W: Any, path: Any, code: Any) -> None:
    name = 'binary_hierarchical_softmax'
    for what, v in (('x', x), ('t', t), ('W', W), ('path', path), ('code', code)):
        check_var(name, v, what)
    xa, ta, wa = array_of(x), array_of(t), array_of(W)
    pa, ca = array_of(path), array_of(code)
    if xa.dtype.kind != 'f' or len(xa.shape) != 2:
        raise DTypeError(f'{name}: x has dtype {xa.dtype} and shape {xa.shape}; expected a '
                         'floating-point (batch, in_size) matrix')
    if ta.dtype.kind not in 'iu' or len(ta.shape) != 1 or ta.shape[0] != xa.shape[0]:
        raise DTypeError(f'{name}: t has dtype {ta.dtype} and shape {ta.shape}; expected '
                         f'integer labels of shape ({xa.shape[0]},)')
    if wa.dtype != xa.dtype:
        raise DTypeError(f'{name}: x has dtype {xa.dtype} and W {wa.dtype}; expected one '
                         'dtype')
    if len(wa.shape) != 2 or wa.shape[1] != xa.shape[1]:
        raise ShapeError(f'{name}: x has shape {xa.shape} and W {wa.shape}; expected W of '
                         f'shape (nodes, {xa.shape[1]})')
    if pa.dtype.kind not in 'iu' or len(pa.shape) != 2 or tuple(ca.shape) != tuple(pa.shape):
        raise ShapeError(f'{name}: path has dtype {pa.dtype} and shape {pa.shape} and code '
                         f'shape {ca.shape}; expected integer node ids and codes of one '
                         'shape (vocabulary, depth)')
    if ca.dtype.kind != 'f':
        raise DTypeError(f'{name}: code has dtype {ca.dtype}; expected a floating-point dtype')
    if not isinstance(pa, TracedArray) and pa.size and (
            int(pa.min()) < 0 or int(pa.max()) >= wa.shape[0]):
        raise ValueError(f'{name}: path holds node ids in [{int(pa.min())}, '
                         f'{int(pa.max())}] for W of shape {wa.shape}; expected ids in '
                         f'[0, {wa.shape[0]})')


def _on_device_of(x: Any, a: Any) -> Any:
    if isinstance(x, TracedArray) or isinstance(a, TracedArray):
        return a
    return backends.get_device_from_array(x).send(a)


def binary_hierarchical_softmax(x: Any, t: Any, W: Any, path: Any, code: Any) -> Variable:
    """The hierarchical softmax loss: the sum over the batch of
    ``-log P(t_i | x_i)``, with ``P(t | x)`` the product along ``t``'s path of
    ``sigmoid(code * x . W[node])``.

    ``x`` is ``(batch, in_size)``, ``t`` ``batch`` integer word ids and
    ``W`` the ``(nodes, in_size)`` weights of the internal nodes, of ``x``'s
    dtype (float16 is computed in float32).  ``path`` and ``code`` are the
    tables of :func:`paths_and_codes` (``L.BinaryHierarchicalSoftmax``
    builds them from its tree): per word id, the nodes of its path and their
    codes, 0 past its end.  A word whose row of codes is all 0 (not in the
    tree) contributes 0.

    >>> import numpy as np, tapejit.functions as F
    >>> from tapejit.functions.loss.hierarchical_softmax import paths_and_codes
    >>> path, code = paths_and_codes(((0, 1), 2))
    >>> x, W = np.ones((1, 2), np.float32), np.zeros((2, 2), np.float32)
    >>> [float(np.exp(-F.binary_hierarchical_softmax(x, np.array([i]), W, path,
    ...                                               code).array)) for i in range(3)]
    [0.25, 0.25, 0.5]
    """
    _check_inputs(x, t, W, path, code)
    xa, wa = array_of(x), array_of(W)
    batch, in_size = xa.shape
    labels = wide_labels(array_of(t))
    pa, ca = _on_device_of(xa, array_of(path)), _on_device_of(xa, array_of(code))
    vocabulary = pa.shape[0]
    check_labels_in_range(
        labels, vocabulary, ValueError,
        lambda got: f'binary_hierarchical_softmax: got word id(s) {got} for a tree of '
        f'{vocabulary} word ids; expected ids in [0, {vocabulary})')
    dtype = numpy.dtype(numpy.float32) if xa.dtype == numpy.float16 else xa.dtype
    xv = x if isinstance(x, Variable) else Variable._make(xa, False)
    wv = W if isinstance(W, Variable) else Variable._make(wa, False)
    if dtype != xa.dtype:
        xv, wv = E.cast(xv, dtype=dtype), E.cast(wv, dtype=dtype)
    nodes = take_rows(pa, labels).array                          # (batch, depth)
    codes = take_rows(ca, labels).array
    if codes.dtype != dtype:
        codes = E.cast(codes, dtype=dtype).array
    w = take_rows(wv, nodes)                                      # (batch, depth, in_size)
    wx = _sum(w * S.reshape(xv, shape=(batch, 1, in_size)), axis=2)
    # -log sigmoid(code * wx) = softplus(-code * wx); a padded step (code 0)
    # is multiplied by 0.
    loss = _sum(softplus(wx * E.neg(codes)) * E.absolute(codes))
    return loss if loss.dtype == xa.dtype else E.cast(loss, dtype=xa.dtype)


__all__ = ['TreeParser', 'binary_hierarchical_softmax', 'paths_and_codes']
