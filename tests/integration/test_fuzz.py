"""Differential fuzzing in CI: a bounded, derandomized run of ``fuzz_graphs``.

Each example is a random tapejit program; eager, the IR interpreter, jit and
the compiled CPU plan must agree, and gradients must match finite differences
(see ``tests/support/fuzz_graphs.py``; ``python -m tests.support.fuzz_graphs``
runs a long campaign).  A failing example is printed as the runnable program.
"""

from __future__ import annotations

import contextlib
import io
import runpy

import numpy as np
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import tapejit
from tapejit.targets import compile_graph
from tapejit.ops import PRIMITIVES

from tests.support import fuzz_graphs
from tests.support.fuzz_graphs import Mismatch, Program, check_program, programs

FUZZ = settings(derandomize=True, deadline=None, database=None, print_blob=False,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


pytestmark = pytest.mark.usefixtures('cache_dir')  # (tests/conftest.py)


@settings(FUZZ, max_examples=70)
@given(programs())
def test_random_graphs_agree_everywhere(prog):
    note(repr(prog))
    check_program(prog)


@settings(FUZZ, max_examples=25)
@given(programs(large=False, windows=True))
def test_random_convolutions_and_poolings_agree_everywhere(prog):
    note(repr(prog))
    check_program(prog)


@settings(FUZZ, max_examples=40)
@given(fuzz_graphs.label_cases())
def test_random_labels_subclasses_and_read_only_parameters_agree(case):
    note(repr(case))
    fuzz_graphs.check_label_case(case)


@settings(FUZZ, max_examples=15)
@given(programs(max_ops=4, modes=('double',), large=False))
def test_random_graphs_second_derivatives(prog):
    note(repr(prog))
    check_program(prog)


def _example(mode: str = 'grad') -> Program:
    """One fixed program: tanh, a broadcast product and a keepdims reduction."""
    p = Program('float32', inputs=[(3, 4), (4,)], mode=mode, seed=7)
    p.lines = ['v0 = F.tanh(x0) * x1', 'v1 = F.sum(v0, axis=1, keepdims=True)',
               'v2 = v0 - v1']
    p.ops = ['tanh', 'mul', 'sum', 'sub']
    p.outputs = [fuzz_graphs.Value('v2', (3, 4), 10.0, frozenset([0, 1]))]
    return p


@pytest.mark.parametrize('mode', fuzz_graphs.MODES)
def test_fixed_program_in_every_mode(mode):
    stats = fuzz_graphs.Stats()
    check_program(_example(mode), stats)
    assert stats.graphs == 1 and stats.compiled == len(fuzz_graphs.TARGETS)
    assert stats.fd_first == 1
    assert stats.fd_second == (mode == 'double')


def test_printed_program_is_runnable():
    # What a failure prints is a script that runs on its own.
    src = _example('double').source()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(src, '<repro>', 'exec'), {'__name__': '__main__'})
    assert 'variable' in out.getvalue()
    assert out.getvalue().count('\n') >= 2


def test_a_wrong_gradient_is_caught(monkeypatch):
    # A vjp off by 0.1%: finite differences see it.
    prim = PRIMITIVES['tanh']
    right = prim.vjp
    monkeypatch.setattr(prim, 'vjp', lambda n, gy, need: (right(n, gy, need)[0] * 1.001,))
    with pytest.raises(Mismatch, match='finite differences'):
        check_program(_example('grad'))


def test_a_wrong_compiled_result_is_caught():
    def off_by_a_little(graph):
        ex = compile_graph(graph)
        return lambda xs: [o * np.float32(1.001) for o in ex(xs)]
    with pytest.raises(Mismatch, match=r'compiled \(bad\) vs interpreter'):
        check_program(_example('value'), targets=[('bad', off_by_a_little)])


def test_a_wrong_shape_is_caught():
    def flattened(graph):
        ex = compile_graph(graph)
        return lambda xs: [o.reshape(-1) for o in ex(xs)]
    with pytest.raises(Mismatch, match=r'is float32\(12,\), expected float32\(3, 4\)'):
        check_program(_example('value'), targets=[('flat', flattened)])


def test_shrunk_failure_prints_the_program(monkeypatch):
    # A planted bug where the interpreter meets a sin: hypothesis shrinks to a
    # small program and the report holds its source.
    right = fuzz_graphs.interpret

    def wrong(graph, args):
        outs = right(graph, args)
        if any(e.prim.name == 'sin' for e in graph.eqns):
            outs = [o + 1 if o.dtype.kind == 'f' else o for o in outs]
        return outs
    monkeypatch.setattr(fuzz_graphs, 'interpret', wrong)

    @settings(FUZZ, max_examples=200)
    @given(programs(max_ops=2, modes=('value',), large=False))
    def failing(prog):
        note(repr(prog))
        check_program(prog, fd=False, targets=[])

    with pytest.raises(Mismatch) as exc:
        failing()
    msg = str(exc.value)
    assert 'def forward(' in msg and 'F.sin(' in msg and 'tapejit.jit(f)' in msg


def test_campaign_command_prints_counts(capsys):
    assert fuzz_graphs.main(['--graphs', '6', '--seed', '0']) == 0
    out = capsys.readouterr().out
    assert 'seed: 0' in out
    assert 'graphs: 6' in out
    assert 'mismatches: 0' in out


def test_the_module_runs_as_a_script(monkeypatch, capsys):
    monkeypatch.setattr('sys.argv', ['fuzz_graphs', '--graphs', '2', '--seed', '3'])
    with pytest.raises(SystemExit) as exc:
        runpy.run_path(fuzz_graphs.__file__, run_name='__main__')
    assert exc.value.code == 0
    assert 'graphs: 2' in capsys.readouterr().out


@given(st.data())
@settings(FUZZ, max_examples=30)
def test_generated_shapes_match_eager(data):
    # The generator's shape bookkeeping is what keeps programs valid: it must
    # agree with what eager computes.
    prog = data.draw(programs(modes=('value',)))
    ns = prog.compile()
    with np.errstate(all='ignore'):
        outs = ns['forward'](*[tapejit.Variable(a) for a in prog.arrays()])
    assert [o.shape for o in outs] == [v.shape for v in prog.outputs]


@pytest.mark.parametrize('gen', [f for f, _ in fuzz_graphs._OPS], ids=lambda f: f.__name__)
def test_each_generator_records_the_shapes_eager_computes(gen):
    # One generator at a time, on ranks 0 to 3: every value it emits has the
    # shape eager computes (a wrong one makes later ops invalid programs).
    @settings(FUZZ, max_examples=100)
    @given(st.data())
    def check(data):
        g = fuzz_graphs._Gen(data.draw, 'float64')
        g.new_input(fuzz_graphs._shape(data.draw, data.draw(st.booleans())))
        for _ in range(data.draw(st.integers(1, 3))):
            gen(g)
        note('\n'.join(g.prog.lines))
        rng = np.random.default_rng(0)
        ns = {'np': np, 'F': tapejit.functions}
        exec('\n'.join(fuzz_graphs._EXCHANGE_SOURCE), ns)  # (the collectives' group G)
        ns.update({f'x{i}': tapejit.Variable(rng.uniform(-2, 2, s))
                   for i, s in enumerate(g.prog.inputs)})
        with np.errstate(all='ignore'):
            for line in g.prog.lines:
                exec(line, ns)
        for v in g.values:
            assert ns[v.name].shape == v.shape, (v.name, ns[v.name].shape, v.shape)
    check()
