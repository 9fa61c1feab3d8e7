"""Writing the computational graph of a reported value as Graphviz dot."""

from __future__ import annotations

import os
from typing import Any

from tapejit.core.config import config
from tapejit.training import extension


def graph_dot(root: Any) -> str:
    """The backward graph reaching the Variable ``root``, as Graphviz dot text
    (variables as ellipses labelled with shape and dtype, functions as boxes).

    >>> import numpy as np, tapejit, tapejit.functions as F
    >>> from tapejit.training.extensions.dump_graph import graph_dot
    >>> x = tapejit.Variable(np.ones(2, np.float32))
    >>> print(graph_dot(F.sum(x * x)).count('shape=box'))
    2
    """
    lines = ['digraph graphname {']
    ids: dict = {}

    def node_id(obj: Any) -> str:
        if id(obj) not in ids:
            ids[id(obj)] = f'n{len(ids)}'
        return ids[id(obj)]

    start = root.node
    lines.append(f'  {node_id(start)} [label="{start.label}", shape=oval];')
    seen = set()
    stack = [start]
    while stack:
        vnode = stack.pop()
        fn = vnode.creator
        if fn is None:
            continue
        lines.append(f'  {node_id(fn)} -> {node_id(vnode)};')
        if id(fn) in seen:
            continue
        seen.add(id(fn))
        lines.append(f'  {node_id(fn)} [label="{fn.label}", shape=box];')
        for inp in fn.inputs or ():
            if id(inp) not in ids:
                lines.append(f'  {node_id(inp)} [label="{inp.label}", shape=oval];')
                stack.append(inp)
            lines.append(f'  {node_id(inp)} -> {node_id(fn)};')
    lines.append('}')
    return '\n'.join(lines) + '\n'


def is_graphviz_available() -> bool:
    """Whether :class:`DumpGraph` renders its graph as an image too (Chainer's does,
    with Graphviz's ``dot`` when installed): False, tapejit writes the dot file only.

    >>> from tapejit.training.extensions import dump_graph
    >>> dump_graph.is_graphviz_available()
    False
    """
    return False


class DumpGraph(extension.Extension):
    """Writes the graph of the observed Variable ``root_name`` (``'main/loss'``) at
    the first iteration to ``<trainer.out>/<filename>`` (Graphviz dot).

    The graph is that of an eager step; a compiled step hands over values
    without a graph, so the file then holds the value alone, with a comment
    saying so (the compiled plan can be inspected through the updater's
    ``compiled_step``).

    >>> from tapejit.training import extensions
    >>> extensions.DumpGraph('main/loss').trigger
    (1, 'iteration')
    """

    trigger = (1, 'iteration')
    priority = extension.PRIORITY_WRITER + 1  # before the writers detach the value

    def __init__(self, root_name: str, filename: str = 'cg.dot', variable_style: Any = None,
                 function_style: Any = None) -> None:
        self._root_name = root_name
        self._filename = filename
        self._original_flag: Any = None
        self._flag_set = False
        self._done = False

    def initialize(self, trainer: Any) -> None:
        if not self._done:
            # Keep the graph of reported Variables until the first dump.
            self._original_flag = getattr(config, 'keep_graph_on_report', False)
            config.keep_graph_on_report = True
            self._flag_set = True

    def _restore(self) -> None:
        if self._flag_set:
            config.keep_graph_on_report = self._original_flag
            self._flag_set = False

    def __call__(self, trainer: Any) -> None:
        if self._done:
            return
        self._done = True
        self._restore()
        var = trainer.observation.get(self._root_name)
        if var is None:
            raise KeyError(f'DumpGraph: {self._root_name!r} is not in the observation '
                           f'(observed: {sorted(trainer.observation)})')
        os.makedirs(trainer.out, exist_ok=True)
        path = os.path.join(trainer.out, self._filename)
        if getattr(var, 'creator', None) is None:
            text = ('// the value was computed by a compiled step: it carries no graph\n'
                    'digraph graphname {\n  n0 [label="%s", shape=oval];\n}\n'
                    % getattr(getattr(var, 'node', None), 'label', self._root_name))
        else:
            text = graph_dot(var)
        with open(path, 'w') as f:
            f.write(text)

    def finalize(self) -> None:
        self._restore()

    def serialize(self, serializer: Any) -> None:
        from tapejit.serializers.npz import Deserializer
        if isinstance(serializer, Deserializer):
            try:
                self._done = bool(serializer('_done', False))
            except KeyError:
                pass
        else:
            serializer('_done', self._done)
