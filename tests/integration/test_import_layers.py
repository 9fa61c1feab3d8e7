"""The package's import graph: few import circles, each inside one package,
and a core that imports nothing above it.

Every ``import`` of a ``tapejit`` module counts, those inside functions too:
an import deferred to run time is still a dependency.
"""

from __future__ import annotations

import ast
import pathlib
from typing import Iterator

import numpy as np

import tapejit
import tapejit.functions as F
from tapejit.jit.plan import trace_plan
from tapejit.pytree import flatten

ROOT = pathlib.Path(tapejit.__file__).resolve().parent.parent
# Import circles the package may hold (each inside one package): none today.
MAX_CIRCLES = 0
CORE_MAY_NOT_IMPORT = ('ops', 'functions', 'ir', 'jit')
# The CUDA target imports nothing of the CPU target (the op table they share
# is tapejit.targets.ops).
CUDA_MAY_IMPORT_CPU: frozenset = frozenset()


def _modules() -> dict:
    """Module name -> path, for every module of the package."""
    mods = {}
    for path in sorted((ROOT / 'tapejit').rglob('*.py')):
        parts = path.relative_to(ROOT).with_suffix('').parts
        if parts[-1] == '__init__':
            parts = parts[:-1]
        mods['.'.join(parts)] = path
    return mods


def _resolve(name: str, mods: dict) -> str | None:
    """The module ``name`` is, or is an attribute of."""
    while name and name not in mods:
        name = name.rpartition('.')[0]
    return name or None


def _imported(tree: ast.AST) -> Iterator[str]:
    """The dotted names of the tapejit modules (or module attributes) a tree imports."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split('.')[0] == 'tapejit':
                yield from (f'{node.module}.{a.name}' for a in node.names)
        elif isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.split('.')[0] == 'tapejit')


def import_graph() -> dict:
    """Module -> the set of package modules it imports."""
    mods = _modules()
    edges: dict = {m: set() for m in mods}
    for m, path in mods.items():
        for name in _imported(ast.parse(path.read_text(), str(path))):
            target = _resolve(name, mods)
            if target is not None and target != m:
                edges[m].add(target)
    return edges


def circles(edges: dict) -> list:
    """The strongly connected components of more than one module (Tarjan's
    algorithm, iterative)."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    found: list = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def _package(module: str, edges: dict) -> str:
    """The package a module belongs to (a package's ``__init__``: itself)."""
    is_package = any(m.startswith(module + '.') for m in edges)
    return module if is_package else module.rpartition('.')[0]


def test_tarjan_finds_the_circles_of_a_small_graph():
    edges = {'a': {'b'}, 'b': {'c'}, 'c': {'a', 'd'}, 'd': {'e'}, 'e': {'d'}, 'f': {'a'}}
    assert sorted(circles(edges)) == [['a', 'b', 'c'], ['d', 'e']]


def test_few_import_circles_each_inside_one_package():
    edges = import_graph()
    found = circles(edges)
    assert len(found) <= MAX_CIRCLES, found
    for comp in found:
        assert len({_package(m, edges) for m in comp}) == 1, comp


def test_the_core_imports_no_layer_above_it():
    edges = import_graph()
    bad = sorted((m, t) for m, targets in edges.items() if m.startswith('tapejit.core')
                 for t in targets if t.split('.')[1] in CORE_MAY_NOT_IMPORT)
    assert bad == []


def _within(module: str, package: str) -> bool:
    """Whether ``module`` is ``package`` or one of its modules."""
    return module == package or module.startswith(package + '.')


def test_the_cuda_target_imports_nothing_of_the_cpu_target():
    edges = import_graph()
    cuda = [m for m in edges if _within(m, 'tapejit.targets.cuda')]
    assert 'tapejit.targets.cuda.executable' in cuda
    bad = sorted((m, t) for m in cuda if m not in CUDA_MAY_IMPORT_CPU for t in edges[m]
                 if _within(t, 'tapejit.targets.cpu'))
    assert bad == []


def test_chainers_module_names_still_hold_what_they_held():
    from tapejit.core import variable
    from tapejit.functions.math import trigonometric
    assert variable.Parameter is tapejit.Parameter
    assert tapejit.functions.math.sin is F.sin is trigonometric.sin
    assert F.broadcast_to(np.ones(2), (3, 2)).shape == (3, 2)
    assert isinstance(tapejit.links.Linear(2, 2).repeat(2), tapejit.Sequential)


def _grads_of_plan(backward_jit):
    w = tapejit.Variable(np.array([0.5, -1.0, 2.0]))

    def f(x):
        return F.sum(F.tanh(x * w) * x)

    x = tapejit.Variable(np.array([1.0, 2.0, 3.0]))
    leaves, td = flatten(((x,), {}), lambda v: isinstance(v, tapejit.Variable))
    plan = trace_plan(f, leaves, td, (), backward_jit=backward_jit)
    y = plan.run(leaves)
    assert type(y.creator).__name__ == 'JitCallNode'
    y.backward()
    return y.array, x.grad, w.grad


def test_a_plan_without_a_backward_jit_differentiates_eagerly():
    eager = _grads_of_plan(None)
    jitted = _grads_of_plan(tapejit.jit)
    x = tapejit.Variable(np.array([1.0, 2.0, 3.0]))
    w = tapejit.Variable(np.array([0.5, -1.0, 2.0]))
    y = F.sum(F.tanh(x * w) * x)
    y.backward()
    for got in (eager, jitted):
        np.testing.assert_allclose(got[0], y.array)
        np.testing.assert_allclose(got[1], x.grad)
        np.testing.assert_allclose(got[2], w.grad)
