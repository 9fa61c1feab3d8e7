"""The scheduling of collectives (tapejit/compiler/schedule.py): a graph in,
the order of its equations out; and the order of a compiled training step's
plan, whose buckets' exchanges overlap the backward pass."""

from __future__ import annotations

import numpy as np

import tapejit
import tapejit.functions as F
from tapejit import links as L, optimizers
from tapejit.compiler.passes import DEFAULT_PASSES, simplify
from tapejit.compiler.schedule import schedule_collectives
from tapejit.distributed import create_multi_node_optimizer
from tapejit.ir.graph import verify
from tapejit.ir.trace import trace_graph
from tapejit.ops.collective import (SELF, Group, allreduce_mean, allreduce_start, allreduce_wait,
                                    pack)

from tests.distributed.test_distributed import FakeComm


def _order(fn, *shapes):
    g = trace_graph(fn, [np.ones(s, np.float32) for s in shapes])
    out = schedule_collectives(g)
    verify(out)
    assert sorted(e.out.id for e in out.eqns) == sorted(e.out.id for e in g.eqns)
    return [e.prim.name for e in out.eqns]


def test_a_graph_without_a_start_is_returned_as_it_is():
    g = trace_graph(lambda x: allreduce_mean(F.exp(x), group=SELF), [np.ones(3, np.float32)])
    assert schedule_collectives(g) is g


def test_start_with_its_packing_moves_up_and_wait_with_its_unpacking_down():
    def f(a, b):
        ga = F.exp(a)                      # a bucket's first gradient
        gb = F.sin(b)                      # its last
        h = F.tanh(F.cos(b))               # the rest of the backward
        row = F.concat([F.reshape(ga, (-1,)), F.reshape(gb, (-1,))], axis=0)
        mean = allreduce_wait(allreduce_start(row, group=SELF), group=SELF)
        k = F.log(h)                       # reads no gradient
        u1 = F.reshape(mean[:6], (2, 3)) * 2.0   # the first update
        u2 = mean[6:] - 1.0                       # the second
        return k, u1, u2
    assert _order(f, (2, 3), (4,)) == [
        'exp', 'sin', 'reshape', 'concat', 'allreduce_start',  # (gb: one row already)
        'cos', 'tanh', 'log',
        'allreduce_wait', 'get_item', 'reshape', 'mul', 'get_item', 'sub']


def test_starts_keep_their_order_and_stay_behind_a_blocking_allreduce():
    def f(a, b):
        g1 = F.exp(F.exp(a))               # ready last
        g2 = F.sin(b)                      # ready first, started second
        m = allreduce_mean(F.cos(b), group=SELF)
        b1 = allreduce_start(g1, group=SELF)
        b2 = allreduce_start(g2, group=SELF)
        return allreduce_wait(b2, group=SELF) + allreduce_wait(b1, group=SELF), m
    assert _order(f, (3,), (3,)) == [
        'exp', 'exp', 'sin', 'cos', 'allreduce_mean', 'allreduce_start', 'allreduce_start',
        'allreduce_wait', 'allreduce_wait', 'add']


def test_waits_complete_in_the_order_their_readers_need_them():
    def f(a, b):
        b1 = allreduce_start(F.exp(a), group=SELF)
        b2 = allreduce_start(F.exp(b), group=SELF)
        w1, w2 = allreduce_wait(b1, group=SELF), allreduce_wait(b2, group=SELF)
        return F.sin(w2), F.cos(w1)
    order = _order(f, (3,), (3,))
    assert order == ['exp', 'allreduce_start', 'exp', 'allreduce_start', 'allreduce_wait',
                     'sin', 'allreduce_wait', 'cos']


def test_the_pass_runs_last_in_the_default_passes():
    assert DEFAULT_PASSES[-1] is schedule_collectives

    def f(x):
        buf = allreduce_start(F.exp(x) * 1.0, group=SELF)
        return F.tanh(x), allreduce_wait(buf, group=SELF)
    g = simplify(trace_graph(f, [np.ones(3, np.float32)]))
    assert [e.prim.name for e in g.eqns] == ['exp', 'allreduce_start', 'tanh',
                                             'allreduce_wait']


LOG = []


class Logged(Group):
    """Two ranks holding the same arrays; each start and wait logged in
    ``LOG`` (a plan from the disk cache holds a copy of the group)."""

    def __init__(self):
        super().__init__(2)

    def mean_start(self, xs):
        LOG.append(('start', sum(x.size for x in xs)))
        return pack(xs)

    def mean_wait(self, buf):
        LOG.append(('wait', buf.size))
        return buf


def _mlp(seed=0):
    rng = np.random.default_rng(seed)

    class MLP(tapejit.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                for i, (n_in, n_out) in enumerate(((6, 5), (5, 4), (4, 3)), 1):
                    w = rng.standard_normal((n_out, n_in)).astype(np.float32)
                    setattr(self, f'l{i}', L.Linear(n_in, n_out, initialW=w))

        def forward(self, x):
            return self.l3(F.tanh(self.l2(F.tanh(self.l1(x)))))
    return L.Classifier(MLP())


def _data():
    rng = np.random.default_rng(1)
    return rng.standard_normal((8, 6)).astype(np.float32), rng.integers(0, 3, 8).astype(np.int32)


def _step(opt, model):
    def run(x, t):
        opt.update(model, x, t)
        return model.loss
    return run


def test_compiled_plan_starts_the_last_layers_bucket_before_the_first_layers_backward():
    x, t = _data()
    model = _mlp()
    # (4 bytes: a bucket per parameter.)
    opt = create_multi_node_optimizer(optimizers.Adam(), FakeComm(group=Logged()),
                                      bucket_bytes=4).setup(model)
    step = tapejit.jit(_step(opt, model))
    step(x, t)
    text = step.explain(x, t)
    plan = text[text.index('plan(T'):].splitlines()
    starts = [k for k, ln in enumerate(plan) if ' = allreduce_start(' in ln]
    assert len(starts) == 6
    # The x input's parameter of the plan: the first layer's forward reads it.
    x_arg = plan[1].split('matmul(')[1].split(',')[0]
    first_backward = [k for k, ln in enumerate(plan)
                      if 'matmul(' in ln and f', {x_arg}, transa=True' in ln]
    assert len(first_backward) == 1
    buf = plan[starts[0]].split(' = ')[0].strip()
    wait = [k for k, ln in enumerate(plan) if f'allreduce_wait({buf},' in ln]
    assert starts[0] < first_backward[0] < wait[0]
    # The first bucket is the last layer's bias (its gradient the backward
    # writes first): 3 elements, started first and waited for last.
    LOG.clear()
    step(x, t)
    assert LOG[0] == ('start', 3) and LOG[-1] == ('wait', 3)
    # Every start during the backward; then each wait just before the
    # update reading it (the optimizer updates the first layer first).
    assert [k for k, _ in LOG] == ['start'] * 6 + ['wait'] * 6
    assert LOG[6] == ('wait', 30)


def test_several_buckets_compiled_equal_one_bucket_eagerly():
    x, t = _data()
    models = [_mlp(), _mlp()]
    opts = [create_multi_node_optimizer(optimizers.Adam(), FakeComm(), bucket_bytes=b).setup(m)
            for m, b in zip(models, (4, 10 ** 6))]
    compiled, eager = tapejit.jit(_step(opts[0], models[0])), _step(opts[1], models[1])
    for _ in range(4):
        np.testing.assert_allclose(compiled(x, t).array, eager(x, t).array, rtol=1e-5)
    for a, b in zip(models[0].params(), models[1].params()):
        np.testing.assert_allclose(a.array, b.array, rtol=1e-5, atol=1e-6)
    assert compiled.cache_info().traces == 1


def test_a_collective_of_constants_is_not_run_at_compile_time():
    # (A zero-filled bucket: folded on the rank that compiles, it would be
    # issued only by a rank that loaded the plan from the cache.)
    zeros = np.zeros(4, np.float32)
    g = trace_graph(lambda x: x + allreduce_wait(allreduce_start(zeros, group=SELF),
                                                 group=SELF),
                    [np.ones(4, np.float32)])
    names = [e.prim.name for e in simplify(g).eqns]
    assert 'allreduce_start' in names and 'allreduce_wait' in names


class Exchanging(Group):
    """Two ranks, the other holding ones, the mean received in the buffer
    sent as MPI's in-place ``Iallreduce`` does; each start logged in
    ``SENT`` (whether it sent its one array itself)."""

    def __init__(self):
        super().__init__(2)

    def mean(self, x):
        return (np.asarray(x) + 1) / 2

    def mean_start(self, xs):
        SENT.append(False)
        buf = pack(xs)
        buf += 1
        buf /= 2
        return buf

    def mean_start_in(self, buf):
        SENT.append(True)
        buf += 1
        buf /= 2
        return buf

    def mean_wait(self, buf):
        return buf


SENT = []


def test_a_compiled_step_writes_each_gradient_straight_into_its_bucket_row():
    # (Two buckets: the last five gradients, then the first layer's W.)
    x, t = _data()
    models = [_mlp(), _mlp()]
    opts = [create_multi_node_optimizer(optimizers.Adam(), FakeComm(group=Exchanging()),
                                        bucket_bytes=200).setup(m) for m in models]
    compiled, eager = tapejit.jit(_step(opts[0], models[0])), _step(opts[1], models[1])
    for _ in range(3):
        np.testing.assert_allclose(compiled(x, t).array, eager(x, t).array, rtol=1e-6)
    for a, b in zip(models[0].params(), models[1].params()):
        np.testing.assert_allclose(a.array, b.array, rtol=1e-6, atol=1e-7)
    SENT.clear()
    compiled(x, t)
    assert SENT == [True, True]
    plan = compiled.explain(x, t)
    plan = plan[plan.index('plan(T'):]
    # Each of the 6 gradients written into its place by what computes it
    # (3 products' out=, 3 sums' into=), none copied there.
    assert plan.count(' = slice(b') == 6 and ' = copy_into(v' not in plan, plan
    assert len([ln for ln in plan.splitlines() if ln.startswith('    b')
                and ' = empty(' in ln]) == 2


def test_a_gradient_read_after_its_start_or_an_input_is_copied_into_the_row():
    g = Exchanging()

    def f(a, b, c):
        ga, gb, gc = a * a, F.sum(b * b, axis=0), F.sum(c)
        buf = allreduce_start(ga, a, gb, gc, group=g)
        y = allreduce_wait(buf, group=g)
        # (ga is read again after the exchange: its own array keeps its values.)
        return y, F.reshape(y[:6], (2, 3)) * ga
    rng = np.random.default_rng(0)
    args = [rng.standard_normal(s).astype(np.float32) for s in ((2, 3), (4, 3), (5,))]
    want = f(*[a.copy() for a in args])
    jf = tapejit.jit(f)
    for _ in range(2):
        got = jf(*args)
        for o, w in zip(got, want):
            np.testing.assert_allclose(getattr(o, 'array', o), getattr(w, 'array', w),
                                       rtol=1e-6)
    plan = jf.explain(*args)
    plan = plan[plan.index('plan(T'):]
    # gb written in place by its sum's final step; ga (read again), a (an
    # input) and the 0-d gc (a library call's result) copied.
    assert plan.count(' = slice(b') == 4 and plan.count(' = copy_into(v') == 3, plan
    assert 'overwrite=True' in plan


def test_a_convolutional_step_with_its_buckets_laid_out_equals_eager():
    rng = np.random.default_rng(3)

    def model():
        r = np.random.default_rng(0)
        conv = L.Convolution2D(2, 4, 3, pad=1, initialW=r.standard_normal((4, 2, 3, 3)) * 0.3)
        lin = L.Linear(4 * 5 * 5, 3, initialW=r.standard_normal((3, 100)) * 0.1)
        return L.Classifier(tapejit.Sequential(conv, F.relu, lin))
    x = rng.standard_normal((6, 2, 5, 5)).astype(np.float32)
    t = rng.integers(0, 3, 6).astype(np.int32)
    models = [model(), model()]
    opts = [create_multi_node_optimizer(optimizers.MomentumSGD(lr=0.1),
                                        FakeComm(group=Exchanging())).setup(m) for m in models]
    compiled, eager = tapejit.jit(_step(opts[0], models[0])), _step(opts[1], models[1])
    for _ in range(3):
        np.testing.assert_allclose(compiled(x, t).array, eager(x, t).array, rtol=1e-5)
    for a, b in zip(models[0].params(), models[1].params()):
        np.testing.assert_allclose(a.array, b.array, rtol=1e-5, atol=1e-6)
    plan = compiled.explain(x, t)
    plan = plan[plan.index('plan(T'):]
    # (The filters' gradient too: a product's result, reshaped, written in place.)
    assert plan.count(' = slice(b') == 4 and ' = copy_into(v' not in plan, plan
    assert plan.count('overwrite=True') == 2  # (float64 weights, float32 biases)


def test_a_bucket_of_one_gradient_comes_back_in_its_shape():
    # (4 bytes: a bucket per parameter, each a row of one gradient.)
    x, t = _data()
    models = [_mlp(), _mlp()]
    opts = [create_multi_node_optimizer(optimizers.SGD(lr=0.1), FakeComm(group=Exchanging()),
                                        bucket_bytes=4).setup(m) for m in models]
    compiled, eager = tapejit.jit(_step(opts[0], models[0])), _step(opts[1], models[1])
    for _ in range(2):
        compiled(x, t), eager(x, t)
        for (name, a), b in zip(models[0].namedparams(), models[1].params()):
            assert a.grad.shape == b.grad.shape == a.shape, name
            np.testing.assert_allclose(a.grad, b.grad, rtol=1e-6, atol=1e-7)
    g = Exchanging()

    def f(a, w):   # (a 0-d gradient, and a product's read as a matrix after the wait)
        y = allreduce_wait(allreduce_start(F.matmul(a.T, w), group=g), group=g)
        s = allreduce_wait(allreduce_start(F.sum(a * a), group=g), group=g)
        return F.matmul(y, w.T), s
    a = np.arange(12, dtype=np.float32).reshape(4, 3)
    w = np.arange(8, dtype=np.float32).reshape(4, 2) / 7
    want = f(a, w)
    for got, ref in zip(tapejit.jit(f)(a, w), want):
        assert got.shape == ref.shape
        np.testing.assert_allclose(got.array, ref.array, rtol=1e-6)


def test_a_value_a_row_chain_views_is_copied_into_the_row_not_aliased():
    g = Exchanging()

    def f(x):
        w = F.exp(F.max(x, axis=1)) * 2.0      # a part of a row chain
        r = F.reshape(w, (6, 1))               # its view, between parts
        y = F.exp(x - F.broadcast_to(r, x.shape))
        z = y / F.broadcast_to(F.reshape(F.sum(y, axis=1), (6, 1)), x.shape)
        out = allreduce_wait(allreduce_start(w, z * 1.0, group=g), group=g)
        return out, r * 3.0                    # (the view read after the exchange)
    x = np.random.default_rng(0).standard_normal((6, 5)).astype(np.float32)
    want = f(x)
    jf = tapejit.jit(f)
    for _ in range(2):
        for got, ref in zip(jf(x), want):
            np.testing.assert_allclose(got.array, ref.array, rtol=1e-5)
