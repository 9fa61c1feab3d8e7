"""The IR's tools on traced graphs: the verifier accepts them and catches each
kind of broken graph; the interpreter equals eager, also for a backward pass."""

from __future__ import annotations


import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import Variable
from tapejit.ir import Var, interpret, verify
from tapejit.ir.graph import VerifyError
from tapejit.ir.trace import trace_graph

from tests.support.jit_helpers import _close


# =========================================================== IR: graph and tools
def _example_graph():
    return trace_graph(lambda x, y: F.exp(x * y) + x, [np.ones(3), np.ones(3)])


def test_verify_accepts_traced_graphs():
    verify(_example_graph())


def test_verify_catches_use_before_definition():
    g = _example_graph()
    bad = g._replace(eqns=tuple(reversed(g.eqns)))
    with pytest.raises(VerifyError, match='before it is defined'):
        verify(bad)


def test_verify_catches_wrong_output_type():
    g = _example_graph()
    e = g.eqns[0]
    bad_eqn = e._replace(out=Var(e.out.id, (4,), e.out.dtype))
    with pytest.raises(VerifyError, match='abstract_eval'):
        verify(g._replace(eqns=(bad_eqn,) + g.eqns[1:]))
    bad_eqn = e._replace(out=Var(e.out.id, e.out.shape, np.float32))
    with pytest.raises(VerifyError, match='abstract_eval'):
        verify(g._replace(eqns=(bad_eqn,) + g.eqns[1:]))


def test_verify_catches_double_definition_and_undefined_output():
    g = _example_graph()
    with pytest.raises(VerifyError, match='defined twice'):
        verify(g._replace(eqns=g.eqns + (g.eqns[0],)))
    with pytest.raises(VerifyError, match='defined twice'):
        verify(g._replace(invars=(g.invars[0], g.invars[0])))
    with pytest.raises(VerifyError, match='not defined'):
        verify(g._replace(outvars=(Var(999, (3,), np.float64),)))


def test_verify_catches_bad_constants():
    g = trace_graph(lambda x: x + np.arange(3.0), [np.ones(3)])
    assert len(g.constvars) == 1
    verify(g)
    with pytest.raises(VerifyError, match='constant'):
        verify(g._replace(consts=(np.arange(4.0),)))
    with pytest.raises(VerifyError, match='length'):
        verify(g._replace(consts=()))


def test_interpreter_equals_eager():
    def f(x, w):
        h = F.tanh(F.matmul(x, w))
        loss = F.sum(F.log_softmax(h, axis=1) * h)
        xv = Variable(x) if not isinstance(x, Variable) else x
        return loss, F.max(h, axis=0), F.exp(xv) - 1

    rng = np.random.default_rng(0)
    x, w = rng.standard_normal((4, 3)), rng.standard_normal((3, 5))
    g = trace_graph(f, [x, w])
    verify(g)
    for _ in range(3):
        x, w = rng.standard_normal((4, 3)), rng.standard_normal((3, 5))
        got = interpret(g, [x, w])
        want = f(x, w)
        assert len(got) == len(want)
        for a, b in zip(got, want):
            assert isinstance(a, np.ndarray) and a.shape == b.shape and a.dtype == b.dtype
            _close(a, b)
    with pytest.raises(ValueError, match='inputs'):
        interpret(g, [x])


def test_interpreter_equals_eager_for_a_backward_pass():
    def f(x):
        v = Variable(x)
        loss = F.sum(F.sigmoid(v) * v)
        gx, = tapejit.grad([loss], [v])
        return gx

    x = np.array([0.5, -1.0, 2.0])
    g = trace_graph(f, [x])
    for xv in (x, -x):
        _close(interpret(g, [xv])[0], f(xv))
