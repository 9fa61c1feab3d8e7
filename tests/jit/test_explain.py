"""``explain()`` of a jitted function: the IR, the entry a call runs through,
and a training step's backward pass and update."""

from __future__ import annotations


import numpy as np

import tapejit
import tapejit.functions as F
from tapejit import Variable
from tapejit.ir import Graph, interpret, verify

from tests.support.jit_helpers import _close


# ======================================================================= explain
def test_explain_shows_the_ir():
    f = tapejit.jit(lambda x, y: F.sum(F.tanh(x) * y))
    x, y = np.ones((2, 3), np.float32), np.ones(3, np.float32)
    text = f.explain(x, y)
    assert text.startswith('{ lambda')
    assert 'a:f32[2, 3]' in text and 'b:f32[3]' in text
    assert 'tanh' in text and 'mul' in text and 'sum' in text
    ir = text.split('\n\n')[0]
    assert ir.rstrip().endswith('}') and ' in (' in ir
    # then what the CPU target runs: one fused kernel for tanh, mul and sum
    assert '# compiled for cpu' in text
    assert '# kernel over (2, 3) (nd): tanh mul sum' in text and 'def kernel(' in text
    g = f.lower(x, y)
    assert isinstance(g, Graph) and str(g) == ir
    verify(g)
    _close(interpret(g, [x, y])[0], f(x, y), rtol=1e-6)


def test_explain_ends_with_the_entry_a_call_runs_through():
    # One generated function per plan: the key's check, the guards, the
    # inputs, the run and the results; explain() shows its source.
    W = Variable(np.ones((3, 2), np.float32))
    f = tapejit.jit(lambda x: F.sum(F.matmul(x, W)))
    x = np.ones((4, 3), np.float32)
    assert f.explain(x).endswith("written at the plan's first call")
    f(x)
    f(x)
    text = f.explain(x)
    entry = text.split('# the entry a call runs through')[1]
    assert entry.splitlines()[1] == 'def hot(args, kwargs):'
    assert text.endswith(entry) and 'return _MISS' in entry


def test_explain_of_a_training_step_includes_backward_and_update():
    W = Variable(np.ones((3, 2), np.float32))

    def step(x):
        W.cleargrad()
        loss = F.sum(F.matmul(x, W) ** 2)
        loss.backward()
        W.array -= 0.1 * W.grad
        return loss

    text = tapejit.jit(step).explain(np.ones((4, 3), np.float32))
    assert text.count('matmul') >= 2  # forward and backward
    assert 'f32[3, 2]' in text  # W is an input of the plan
    assert isinstance(W.array, np.ndarray) and W.grad is None  # explain changed nothing
    np.testing.assert_array_equal(W.array, np.ones((3, 2)))
