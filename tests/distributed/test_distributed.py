"""tapejit.distributed in one process: the allreduce as a step of a compiled
plan, gradient buckets, the step check's message, scatter_dataset, the
evaluator and snapshot wrappers, the launcher.  The runs over several ranks
are in tests/distributed/test_distributed_mpi.py (under mpiexec).  A stand-in group of
two ranks (``Halves``: the other rank's array is all ones) needs no MPI."""

from __future__ import annotations

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import links as L, optimizers
from tapejit.core.errors import DTypeError
from tapejit.distributed import communicator as C, stepcheck as S
from tapejit.distributed import create_multi_node_optimizer, scatter_dataset
from tapejit.distributed.extensions import create_multi_node_evaluator, multi_node_snapshot
from tapejit.ops.collective import Group, allreduce_mean, allreduce_start, allreduce_wait


class Halves(Group):
    """Two ranks, the other's array all ones: the mean is ``(x + 1) / 2``."""

    def __init__(self):
        super().__init__(2)

    def mean(self, x):
        return (np.asarray(x) + 1) / x.dtype.type(2)


class Same(Group):
    """Two ranks holding the same arrays: the mean is ``x``."""

    def __init__(self):
        super().__init__(2)

    def mean(self, x):
        return np.array(x, copy=True)


class FakeComm:
    """A communicator of ``size`` ranks seen from ``rank`` (collectives faked)."""

    def __init__(self, size=1, rank=0, group=None):
        self.size, self.rank = size, rank
        self.group = group or Halves()
        self.sent = {}

    multi_node_mean_grad = C.MpiCommunicator.multi_node_mean_grad

    def bcast_data(self, link):
        pass

    def bcast_arrays(self, named):
        for _, a in named:
            a[...] = 0.25

    def send_obj(self, obj, dest):
        self.sent[dest] = obj

    def bcast_int(self, value, root=0, what=''):
        return value

    def bcast_obj(self, obj):
        return obj

    def allreduce_obj(self, obj):
        return obj * self.size


def _model(seed=0):
    rng = np.random.default_rng(seed)
    m = L.Classifier(L.Linear(4, 3, initialW=rng.standard_normal((3, 4)).astype(np.float32)))
    return m


def _batch():
    rng = np.random.default_rng(1)
    return rng.standard_normal((8, 4)).astype(np.float32), rng.integers(0, 3, 8).astype(np.int32)


def test_allreduce_is_a_step_of_the_compiled_plan_and_equals_eager():
    x, t = _batch()
    models = [_model(), _model()]
    opts = [create_multi_node_optimizer(optimizers.SGD(lr=0.5), FakeComm()).setup(m)
            for m in models]

    def step(opt, model):
        def run(x, t):
            opt.update(model, x, t)
            return model.loss
        return run
    eager = step(opts[0], models[0])
    compiled = tapejit.jit(step(opts[1], models[1]))
    for _ in range(3):
        le, lc = eager(x, t), compiled(x, t)
        np.testing.assert_allclose(lc.array, le.array, rtol=1e-6)
    for a, b in zip(models[0].params(), models[1].params()):
        np.testing.assert_allclose(b.array, a.array, rtol=1e-6, atol=1e-7)
    assert compiled.cache_info().traces == 1
    # One allreduce for the one bucket (W and b laid out in one row of 15),
    # started and waited for by two call statements of the plan.
    text = compiled.explain(x, t)
    assert 'f32[15] = allreduce_start[' in text and 'f32[15] = allreduce_wait[' in text
    plan = text[text.index('plan(T'):]
    for name in ('allreduce_start', 'allreduce_wait'):
        assert len([ln for ln in plan.splitlines() if f' = {name}(' in ln]) == 1
    # The start takes the two gradients itself: nothing lays them out before it.
    assert ' = concat(' not in plan, plan


def test_a_start_of_several_arrays_sends_them_in_one_row_and_differentiates_per_part():
    g = Halves()
    a, b = tapejit.Variable(np.arange(4.0).reshape(2, 2)), tapejit.Variable(np.arange(3.0))
    buf = allreduce_start(a * a, b * 3, group=g)
    np.testing.assert_array_equal(buf.array, (np.r_[np.arange(4.0) ** 2, np.arange(3.0) * 3]
                                              + 1) / 2)
    y = allreduce_wait(buf, group=g)
    gy = tapejit.Variable(np.arange(7.0))
    ga, gb = tapejit.grad([y], [a, b], grad_outputs=[gy], enable_double_backprop=True)
    # Each input's part of the mean of gy, through its own derivative.
    mean = (np.arange(7.0) + 1) / 2
    np.testing.assert_array_equal(ga.array, mean[:4].reshape(2, 2) * 2 * a.array)
    np.testing.assert_array_equal(gb.array, mean[4:] * 3)
    (gga,) = tapejit.grad([ga], [a], grad_outputs=[tapejit.Variable(np.ones((2, 2)))])
    np.testing.assert_array_equal(gga.array, mean[:4].reshape(2, 2) * 2)
    with pytest.raises(DTypeError, match=r'allreduce_start: the inputs are float64\(3,\), '
                                         r'float32\(2,\); expected one floating-point dtype'):
        allreduce_start(np.zeros(3), np.zeros(2, np.float32), group=g)
    with pytest.raises(TypeError, match='allreduce_start: got no array; expected one or more'):
        allreduce_start(group=g)

    def f(a, b):
        a, b = tapejit.Variable(a), tapejit.Variable(b)
        y = allreduce_wait(allreduce_start(a * a, b * 3, group=g), group=g)
        return (y,) + tuple(tapejit.grad([F.sum(y * gy.array)], [a, b]))
    got = tapejit.jit(f)(a.array, b.array)
    np.testing.assert_allclose(got[0].array, y.array)
    np.testing.assert_allclose(got[1].array, ga.array)
    np.testing.assert_allclose(got[2].array, gb.array)


def test_mean_bucket_averages_every_gradient():
    model = _model()
    model.predictor.W.grad = np.full((3, 4), 3.0, np.float32)
    model.predictor.b.grad = np.full(3, 5.0, np.float32)
    FakeComm().multi_node_mean_grad(model)
    np.testing.assert_array_equal(model.predictor.W.grad, np.full((3, 4), 2.0, np.float32))
    np.testing.assert_array_equal(model.predictor.b.grad, np.full(3, 3.0, np.float32))


def test_allreduce_mean_vjp_is_the_same_collective():
    g = Halves()
    x = tapejit.Variable(np.arange(3.0))
    y = allreduce_mean(x, group=g)
    np.testing.assert_array_equal(y.array, (np.arange(3.0) + 1) / 2)
    (gx,) = tapejit.grad([y], [x], grad_outputs=[tapejit.Variable(np.full(3, 4.0))])
    np.testing.assert_array_equal(gx.array, np.full(3, 2.5))


def test_start_and_wait_differentiate_as_allreduce_mean_twice_over():
    g = Halves()
    x = tapejit.Variable(np.arange(3.0))
    y = allreduce_wait(allreduce_start(x * x, group=g), group=g)
    np.testing.assert_array_equal(y.array, (np.arange(3.0) ** 2 + 1) / 2)
    (gx,) = tapejit.grad([y], [x], grad_outputs=[tapejit.Variable(np.full(3, 4.0))],
                         enable_double_backprop=True)
    # d/dx of mean(x * x) with gy = 4: mean(4) * 2x = 2.5 * 2x.
    np.testing.assert_array_equal(gx.array, 5.0 * np.arange(3.0))
    (ggx,) = tapejit.grad([gx], [x], grad_outputs=[tapejit.Variable(np.ones(3))])
    np.testing.assert_array_equal(ggx.array, np.full(3, 5.0))
    # The backward waits for the mean it started of the incoming gradient.
    nodes, stack = {}, [gx.creator]
    while stack:
        node = stack.pop()
        if id(node) not in nodes:
            nodes[id(node)] = node
            stack.extend(v.creator for v in node.inputs if v.creator is not None)
    nodes = list(nodes.values())
    waits = [n for n in nodes if n.label == 'allreduce_wait']
    assert len(waits) == 1 and waits[0].inputs[0].creator.label == 'allreduce_start'


class _TwoRanks:
    def Get_size(self):
        return 2

    def Get_rank(self):
        return 0


def test_mpi_wait_refuses_a_buffer_no_start_gave():
    g = C.MpiGroup(_TwoRanks(), timeout=1)
    with pytest.raises(RuntimeError, match=r'allreduce_wait: rank 0 has no allreduce_start '
                                           r'pending for this float32\(3,\) buffer'):
        g.mean_wait(np.ones(3, np.float32))
    with pytest.raises(TypeError, match='allreduce_start: the MPI communicator takes NumPy'):
        g.mean_start([1.0])


def test_bucket_bytes_must_be_positive():
    with pytest.raises(ValueError, match='create_multi_node_optimizer: bucket_bytes is 0; '
                                         'expected a positive int'):
        create_multi_node_optimizer(optimizers.SGD(), FakeComm(), bucket_bytes=0)


def test_allreduce_mean_refuses_integers_and_other_groups():
    with pytest.raises(TypeError, match=r'allreduce_mean: x has dtype int64 and shape \(3,\); '
                                        'expected a floating-point dtype'):
        allreduce_mean(np.arange(3), group=Halves())
    with pytest.raises(TypeError, match='allreduce_mean: group is a str; expected'):
        allreduce_mean(np.ones(3), group='world')


def test_buckets_by_dtype_and_size():
    c = tapejit.Chain()
    with c.init_scope():
        for name, shape, dt in (('a', (10,), np.float32), ('b', (20,), np.float32),
                                ('c', (5,), np.float64), ('d', (30,), np.float32)):
            p = tapejit.Parameter(np.zeros(shape, dt))
            p.grad = np.ones(shape, dt)
            setattr(c, name, p)
        c.e = tapejit.Parameter(np.zeros(2, np.float32))  # no gradient: zero-filled
    # By name, last first (eagerly: a chain's last layers first).
    buckets = C.grad_buckets(c, zero_fill=False, limit=150)
    assert [[p.shape[0] for p in b] for b in buckets] == [[30], [5], [20, 10]]
    buckets = C.grad_buckets(c, zero_fill=True, limit=1000)
    assert [[p.shape[0] for p in b] for b in buckets] == [[2, 30, 20, 10], [5]]
    np.testing.assert_array_equal(c.e.grad, np.zeros(2, np.float32))


def test_step_check_names_the_first_difference():
    msg = S.first_difference([['input f32[2]', 'tanh f32[2] -> f32[2]'],
                              ['input f32[2]', 'tanh f32[2] -> f32[2]'],
                              ['input f32[3]']])
    assert msg == ('rank 2 differs from rank 0 at line 0 of 1 (rank 0 has 2):\n'
                   '    rank 0: input f32[2]\n    rank 2: input f32[3]')


def test_lazy_parameters_made_in_a_compiled_step_are_broadcast_while_tracing():
    # (The stand-in broadcast writes 0.25 where rank 0's values would go.)
    model = L.Classifier(L.Linear(None, 3))
    opt = create_multi_node_optimizer(optimizers.SGD(lr=0.5), FakeComm(group=Same())).setup(
        model)
    x, t = _batch()
    step = tapejit.jit(lambda x, t: opt.update(model, x, t))
    step(x, t)
    ref = L.Classifier(L.Linear(4, 3, initialW=np.full((3, 4), 0.25, np.float32),
                                initial_bias=np.full(3, 0.25, np.float32)))
    ref_opt = optimizers.SGD(lr=0.5).setup(ref)
    ref_opt.update(ref, x, t)
    # The first compiled call ran on the broadcast weights and updated them.
    np.testing.assert_allclose(model.predictor.W.array, ref.predictor.W.array, rtol=1e-6)
    np.testing.assert_allclose(model.predictor.b.array, ref.predictor.b.array, rtol=1e-6)
    assert not np.allclose(ref.predictor.W.array, 0.25)


def test_lazy_parameters_are_broadcast_by_the_first_eager_step():
    model = L.Classifier(L.Linear(None, 3))
    opt = create_multi_node_optimizer(optimizers.SGD(lr=1.0), FakeComm()).setup(model)
    x, t = _batch()
    opt.update(model, x, t)
    before = model.predictor.W.array.copy()  # made and broadcast: not updated
    opt.update(model, x, t)
    assert not np.array_equal(model.predictor.W.array, before)
    assert opt.t == 1


def test_double_buffering_is_refused():
    with pytest.raises(ValueError, match=r'double_buffering=True \(updating.*is not supported'):
        create_multi_node_optimizer(optimizers.SGD(), FakeComm(), double_buffering=True)


@pytest.mark.parametrize('equal,lengths', [(True, [4, 4, 4]), (False, [3, 3, 4])])
def test_scatter_dataset_shares(equal, lengths):
    comm = FakeComm(size=3)
    mine = scatter_dataset(list(range(10)), comm, shuffle=True, seed=3,
                           force_equal_length=equal)
    shares = [mine, comm.sent[1], comm.sent[2]]
    assert [len(s) for s in shares] == lengths
    seen = [v for s in shares for v in s[:]]
    assert sorted(set(seen)) == list(range(10))
    assert seen[:10] == list(np.random.RandomState(3).permutation(10))


def test_multi_node_evaluator_reports_means_over_ranks():
    class Ev:
        def evaluate(self):
            return {'validation/main/loss': np.float32(0.5), 'validation/main/accuracy': 1.0}
    ev = create_multi_node_evaluator(Ev(), FakeComm(size=2))
    assert ev.evaluate() == {'validation/main/accuracy': 1.0, 'validation/main/loss': 0.5}


def test_snapshot_is_written_by_rank_zero_only():
    from tapejit.training import extensions
    assert multi_node_snapshot(FakeComm(2, 0), extensions.snapshot()).condition()
    assert not multi_node_snapshot(FakeComm(2, 1), extensions.snapshot()).condition()


def test_launcher_names_the_extra_without_mpiexec(monkeypatch, tmp_path):
    from tapejit.distributed import run
    monkeypatch.setattr(run.sys, 'executable', str(tmp_path / 'python'))
    monkeypatch.setenv('PATH', str(tmp_path))
    with pytest.raises(FileNotFoundError, match=r"pip install 'tapejit\[mpi\]'"):
        run.command(2, ['train.py'])


def test_thread_pools_take_a_share_of_the_cores():
    import os
    cores = len(os.sched_getaffinity(0))
    assert C.size_thread_pools(1) == cores
    assert C.size_thread_pools(cores * 2) == 1
    C.size_thread_pools(1)


def test_create_multi_node_optimizer_names_swapped_arguments():
    with pytest.raises(TypeError, match=r'create_multi_node_optimizer: actual_optimizer is a '
                       r'FakeComm; expected an optimizer'):
        create_multi_node_optimizer(FakeComm(), optimizers.SGD())
    with pytest.raises(TypeError, match=r"communicator is a str; expected one from "
                       r"tapejit.distributed.create_communicator\('mpi'\)"):
        create_multi_node_optimizer(optimizers.SGD(), 'mpi')


def test_a_root_outside_the_communicator_is_named():
    pytest.importorskip('mpi4py')
    from tapejit import distributed
    comm = distributed.create_communicator('mpi')  # (one process: size 1)
    for call in (lambda: comm.gather_obj('x', root=1), lambda: comm.bcast_obj('x', root=-1),
                 lambda: comm.bcast_int(3, root=2)):
        with pytest.raises(ValueError, match=r'(gather_obj|bcast_obj|bcast_int): root is '
                           r'-?\d; expected a rank from 0 to 0 \(the communicator has 1\)'):
            call()
    assert comm.gather_obj('x') == ['x']


def test_overwrite_takes_one_contiguous_writable_array_and_says_so():
    g = Halves()
    with pytest.raises(TypeError, match=r'allreduce_start: overwrite=True with 2 arrays; '
                                        r'expected one array \(the buffer to send and '
                                        r'receive in\)'):
        allreduce_start(np.zeros(3), np.zeros(2), group=g, overwrite=True)
    # A group without its own mean_start_in means a copy: the array keeps its values.
    x = np.arange(3.0)
    np.testing.assert_array_equal(allreduce_start(x, group=g, overwrite=True).array,
                                  (np.arange(3.0) + 1) / 2)
    pytest.importorskip('mpi4py')
    from tapejit import distributed
    comm = distributed.create_communicator('mpi')
    with pytest.raises(TypeError, match=r'allreduce_start: overwrite=True takes a '
                                        r'C-contiguous writable NumPy array, got ndarray '
                                        r'float64\(3,\)'):
        allreduce_start(np.zeros((3, 2))[:, 0], group=comm.group, overwrite=True)
    row = np.arange(4.0)
    assert allreduce_start(row, group=comm.group, overwrite=True).array is row


def test_step_check_message_names_the_ranks_steps_and_differences():
    tag = S.TAG
    # Step numbers: the ranks grouped by step.
    msg = S.describe(np.array([[tag, 3, 7, 9], [tag, 4, 7, 9], [tag, 3, 7, 9]]))
    assert msg == ('multi_node_mean_grad: the ranks are out of step: ranks 0 and 2 are at '
                   'step 3, rank 1 at step 4\n  (a rank skipped a step or ran an extra one: '
                   'every rank must run every step)')
    # The traced steps, with the first differing line where the ranks sent them.
    details = [(['/W float32(2, 3)'], ['input f32[8, 3]']), (['/W float32(2, 3)'],
                                                               ['input f32[5, 3]'])]
    msg = S.describe(np.array([[tag, 19, 7, 9], [tag, 19, 7, 8]]), details)
    assert msg == ('multi_node_mean_grad: the ranks traced different training steps at step 19 '
                   '(each rank must run the same model on batches of the same shape):\n'
                   '  rank 1 differs from rank 0 at line 0 of 1 (rank 0 has 1):\n'
                   '    rank 0: input f32[8, 3]\n    rank 1: input f32[5, 3]')
    # The gradients averaged, bucket by bucket.
    details = [(['/W float32(2, 3)'], None), (['/W float32(4, 3)'], None)]
    msg = S.describe(np.array([[tag, 2, 7, 0], [tag, 2, 6, 0]]), details)
    assert msg.startswith('multi_node_mean_grad: the ranks average different gradients at '
                          'step 2 (every rank must have gradients of the same parameters')
    assert msg.endswith('rank 1 differs from rank 0 at bucket 0 of 1 (rank 0 has 1):\n'
                        '    rank 0: /W float32(2, 3)\n    rank 1: /W float32(4, 3)')
    # An eager rank beside a compiled one; another protocol.
    assert S.describe(np.array([[tag, 2, 7, 0], [tag, 2, 6, 5]])) == (
        'multi_node_mean_grad: the ranks run step 2 differently: rank 0 eagerly, rank 1 compiled')
    assert 'rank 1 sent something else than a step check' in S.describe(
        np.array([[tag, 2, 7, 0], [1, 2, 3, 4]]))
    assert S.ended(2, 5, 0, 5).startswith('multi_node_mean_grad: the ranks are out of step: '
                                          'rank 0 is at step 5, while rank 2 ended\n  after 5 '
                                          'steps')


def test_step_check_hashes_name_the_gradients_and_the_traced_step():
    model = _model()
    model.predictor.W.grad = np.ones((3, 4), np.float32)
    model.predictor.b.grad = np.ones(3, np.float32)
    buckets = C.grad_buckets(model)
    assert S.bucket_lines(model, buckets) == [
        '/predictor/b float32(3,), /predictor/W float32(3, 4)']
    g = S.StepGroup(Halves(), S.bucket_lines(model, buckets), ['input f32[8, 4]'])
    assert g.size == 2 and g.digests[0] != 0 and g.digests[1] not in (0, g.digests[0])
    assert S.StepGroup(Halves(), ['/W float32(4, 4)']).digests[0] != g.digests[0]
    # A plan in the disk cache keeps its check, not the live count it reads.
    import pickle
    g._state = object()
    h = pickle.loads(pickle.dumps(g))
    assert (h.key, h.digests, h.lines, h.step, h._state) == (g.key, g.digests, g.lines, None,
                                                              None)
    assert h == g


def test_a_communicator_counts_steps_and_takes_a_loops_own_number():
    pytest.importorskip('mpi4py')
    from tapejit import distributed
    comm = distributed.create_communicator('mpi')  # (one process: nothing to check)
    comm.step = 7
    assert comm.step == 7 and distributed.create_communicator('mpi').step == 7
    assert comm.begin_step() is None and comm.step == 7
    with pytest.raises(TypeError, match=r'MpiCommunicator.step: got 1.5; expected an int'):
        comm.step = 1.5
    comm.step = 0
