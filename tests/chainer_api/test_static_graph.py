"""Chainer's ``@static_graph`` and ``@static_code`` (the static_graph_optimizations
examples' decorators): a static chain computes and trains as the same chain
without the decorator, its side-effect code runs on every call, and the names
are where Chainer has them."""

import numpy as np

import tapejit
import tapejit.functions as F
import tapejit.links as L
from tapejit import static_code, static_graph


class _MLP(tapejit.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(None, 5)
            self.l2 = L.Linear(None, 3)
        self.calls = 0

    @static_code
    def side_effect(self):
        self.calls += 1

    def forward_plain(self, x):
        return self.l2(F.relu(self.l1(x)))


class _Static(_MLP):
    @static_graph
    def __call__(self, x):
        self.side_effect()
        return self.forward_plain(x)


class _StaticWithOptions(_MLP):
    @static_graph(verbosity_level=1, force_test_define_by_run=True)
    def __call__(self, x):
        self.side_effect()
        return self.forward_plain(x)


def _train(cls, steps=3):
    np.random.seed(0)
    model = cls()
    opt = tapejit.optimizers.SGD(lr=0.1)
    x = np.random.RandomState(1).rand(4, 6).astype(np.float32)
    t = np.array([0, 1, 2, 1], np.int32)
    call = model.forward_plain if cls is _MLP else model
    call(x)  # (the layers' sizes)
    opt.setup(model)
    losses = []
    for _ in range(steps):
        y = call(x)
        loss = F.softmax_cross_entropy(y, t)
        model.cleargrads()
        loss.backward()
        opt.update()
        losses.append(float(loss.array))
    return model, losses


def test_a_static_chain_trains_as_the_plain_one():
    _, plain = _train(_MLP)
    for cls in (_Static, _StaticWithOptions):
        model, losses = _train(cls)
        np.testing.assert_array_equal(losses, plain)
        assert model.calls == 4  # the side-effect code ran on every call
        model.schedule_manager.end_forward()  # Chainer's call after a forward pass


def test_use_static_graph_is_a_config_entry_defaulting_to_true():
    assert tapejit.config.use_static_graph is True
    with tapejit.using_config('use_static_graph', False):
        assert tapejit.config.use_static_graph is False
        model, _ = _train(_Static, steps=1)
        assert model.calls == 2


def test_names_are_where_chainer_has_them():
    from tapejit.graph_optimizations.static_graph import static_graph as sg
    from tapejit.graph_optimizations.static_graph_utilities import static_code as sc
    assert sg is tapejit.static_graph and sc is tapejit.static_code
    assert tapejit.graph_optimizations.static_graph is sg
