"""``BinaryHierarchicalSoftmax`` (Chainer's ``links.BinaryHierarchicalSoftmax``)."""

from __future__ import annotations

import heapq
from typing import Any

import numpy

from tapejit import backends, initializers
from tapejit.core.config import get_dtype
from tapejit.core.parameter import Parameter
from tapejit.core.variable import Variable
from tapejit.functions.loss.hierarchical_softmax import (TreeParser, binary_hierarchical_softmax,
                                                         paths_and_codes)
from tapejit.links.link import Link


class BinaryHierarchicalSoftmaxFunction:
    """The paths of a tree, as the loss of :class:`BinaryHierarchicalSoftmax`
    reads them (Chainer's class of that name).

    Chainer's tables: ``paths`` and ``codes``, the nodes and codes of every
    word's path one after another, and ``begins``, where each word's start
    (``begins[i]:begins[i + 1]``); ``parser_size`` is the number of internal
    nodes.  The padded tables ``path`` and ``code`` of
    :func:`~tapejit.functions.loss.hierarchical_softmax.paths_and_codes` are
    what the loss reads.  Calling it, ``f(x, t, W)``, computes the loss.

    >>> f = BinaryHierarchicalSoftmaxFunction(((0, 1), 2), numpy.float32)
    >>> f.parser_size, f.begins.tolist(), f.paths.tolist()
    (2, [0, 2, 4, 5], [0, 1, 0, 1, 0])
    """

    def __init__(self, tree: Any, dtype: Any) -> None:
        parser = TreeParser(dtype)
        parser.parse(tree)
        paths, codes = parser.get_paths(), parser.get_codes()
        n_vocab = max(paths.keys()) + 1
        self.paths = numpy.concatenate([paths[i] for i in range(n_vocab) if i in paths])
        self.codes = numpy.concatenate([codes[i] for i in range(n_vocab) if i in codes])
        begins = numpy.empty((n_vocab + 1,), dtype=numpy.int32)
        begins[0] = 0
        for i in range(n_vocab):
            begins[i + 1] = begins[i] + (len(paths[i]) if i in paths else 0)
        self.begins = begins
        self.parser_size = parser.size()
        self.path, self.code = paths_and_codes(tree, dtype)

    def to_device(self, device: Any) -> 'BinaryHierarchicalSoftmaxFunction':
        """Move the tables to ``device``."""
        dev = backends.get_device(device)
        for name in ('paths', 'codes', 'begins', 'path', 'code'):
            setattr(self, name, dev.send(getattr(self, name)))
        return self

    def __call__(self, x: Any, t: Any, W: Any) -> Variable:
        return binary_hierarchical_softmax(x, t, W, self.path, self.code)


class BinaryHierarchicalSoftmax(Link):
    """BinaryHierarchicalSoftmax(in_size, tree, dtype=None)

    The hierarchical softmax loss over a binary tree of tuples whose leaves
    are word ids (``((0, 1), 2)``, or :meth:`create_huffman_tree` of word
    counts): ``-log P(t | x)`` summed over the batch, where ``P(t | x)`` is
    the product along ``t``'s path of ``sigmoid(+-x . W[node])``.  ``W``
    has one row per internal node, ``(len(leaves) - 1, in_size)``, drawn
    uniformly from ``[-1, 1)``.  See
    :func:`tapejit.functions.binary_hierarchical_softmax`.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> tree = L.BinaryHierarchicalSoftmax.create_huffman_tree({0: 8, 1: 5, 2: 6, 3: 4})
    >>> tree
    ((3, 1), (2, 0))
    >>> hsm = L.BinaryHierarchicalSoftmax(4, tree)
    >>> hsm.W.shape
    (3, 4)
    >>> x = np.ones((1, 4), np.float32)
    >>> total = sum(float(np.exp(-hsm(x, np.array([i], np.int32)).array)) for i in range(4))
    >>> round(total, 5)
    1.0
    """

    _device_resident_attributes = ('_func',)

    def __init__(self, in_size: int, tree: Any, dtype: Any = None) -> None:
        super().__init__()
        dtype = get_dtype(dtype)
        self._func = BinaryHierarchicalSoftmaxFunction(tree, dtype)
        with self.init_scope():
            self.W = Parameter(initializers.Uniform(1), (self._func.parser_size, in_size))

    @staticmethod
    def create_huffman_tree(word_counts: dict) -> Any:
        """The Huffman tree of ``word_counts`` (``{word: count}``): nested pairs
        whose leaves are the words, the rarest deepest.  Equal counts are
        merged in the order of the dict, as Chainer's.

        >>> from tapejit import links as L
        >>> L.BinaryHierarchicalSoftmax.create_huffman_tree({0: 8, 1: 5, 2: 6, 3: 4})
        ((3, 1), (2, 0))
        """
        if not word_counts:
            raise ValueError('Empty vocabulary')
        # (count, id, word): the id, unique among the entries, settles equal
        # counts without comparing the words (a merged entry keeps the
        # smaller id of its two, as Chainer's).
        q = [(c, uid, w) for uid, (w, c) in enumerate(word_counts.items())]
        heapq.heapify(q)
        while len(q) >= 2:
            count1, id1, word1 = heapq.heappop(q)
            count2, id2, word2 = heapq.heappop(q)
            heapq.heappush(q, (count1 + count2, min(id1, id2), (word1, word2)))
        return q[0][2]

    def forward(self, x: Any, t: Any) -> Variable:
        """The loss of the inputs ``x`` ``(batch, in_size)`` for the words ``t``."""
        return self._func(x, t, self.W)


__all__ = ['BinaryHierarchicalSoftmax', 'BinaryHierarchicalSoftmaxFunction']
