"""Parameter, Link/Chain/ChainList, links.Linear, initializers, serializers, and
links passed to @tapejit.jit functions."""

import io

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import initializers
from tapejit import links as L
from tapejit import optimizers, serializers


class MLP(tapejit.Chain):
    def __init__(self, n_in=None):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(n_in, 5)
            self.l2 = L.Linear(5, 3, nobias=True)

    def forward(self, x):
        return self.l2(F.relu(self.l1(x)))


# ----------------------------------------------------------------- Parameter
def test_parameter_is_a_variable_with_lazy_initialization():
    p = tapejit.Parameter(initializers.Constant(3.0))
    assert isinstance(p, tapejit.Variable) and p.requires_grad
    assert p.array is None and not p.is_initialized
    with pytest.raises(RuntimeError, match='dtype is not known'):
        p.dtype  # as in Chainer: neither an array nor the initializer gives it
    p.initialize((2, 2))
    np.testing.assert_array_equal(p.array, np.full((2, 2), 3.0, np.float32))
    q = tapejit.Parameter(np.arange(3.0), name='q')
    assert q.name == 'q' and q.dtype == np.float64
    r = tapejit.Parameter(None, (2,))  # no initializer: NaN, as in Chainer
    assert np.isnan(r.array).all()


def test_parameter_pickles():
    import pickle
    p = tapejit.Parameter(np.arange(3.0), name='w')
    q = pickle.loads(pickle.dumps(p))
    assert isinstance(q, tapejit.Parameter) and q.name == 'w'
    np.testing.assert_array_equal(q.array, p.array)


# -------------------------------------------------------------- initializers
def test_lecun_normal_scale_and_seeding():
    rng = np.random.default_rng(0)
    w = initializers.generate_array(initializers.LeCunNormal(rng=rng), (400, 100), np)
    assert w.dtype == np.float32
    assert w.std() == pytest.approx(np.sqrt(1 / 100), rel=0.05)
    np.random.seed(3)
    a = L.Linear(4, 3).W.array
    np.random.seed(3)
    b = L.Linear(4, 3).W.array
    np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize('cls,std', [
    (initializers.GlorotNormal, np.sqrt(2 / 500)),
    (initializers.HeNormal, np.sqrt(2 / 100)),
    (initializers.Normal, 0.05),          # Chainer's default scale
    (initializers.LeCunUniform, np.sqrt(3 / 100) / np.sqrt(3)),
    (initializers.GlorotUniform, np.sqrt(6 / 500) / np.sqrt(3)),
    (initializers.HeUniform, np.sqrt(6 / 100) / np.sqrt(3)),
    (initializers.Uniform, 0.05 / np.sqrt(3)),
])
def test_random_initializers_spread(cls, std):
    w = initializers.generate_array(cls(rng=np.random.default_rng(0)), (400, 100), np)
    assert w.std() == pytest.approx(std, rel=0.05)


def test_initializer_shorthands():
    assert isinstance(initializers.get_initializer(None), initializers.LeCunNormal)
    c = initializers.get_initializer(np.ones(2))
    assert isinstance(c, initializers.Constant) and c.dtype == np.float64
    with pytest.raises(TypeError, match='initializer must be None, a scalar, an array'):
        initializers.get_initializer('zeros')
    with pytest.raises(ValueError, match='at least 2 dimensions'):
        initializers.get_fans((3,))


# -------------------------------------------------------------------- Linear
def test_linear_shapes_and_values():
    W = np.arange(6, dtype=np.float32).reshape(2, 3)
    lin = L.Linear(3, 2, initialW=W, initial_bias=0.5)
    assert lin.W.shape == (2, 3) and lin.b.shape == (2,)
    x = np.ones((4, 3), np.float32)
    np.testing.assert_allclose(lin(x).array, x @ W.T + 0.5)
    # n_batch_axes and trailing axes flattened into the features
    lazy = L.Linear(None, 2)
    y = lazy(np.ones((4, 2, 3), np.float32))
    assert y.shape == (4, 2) and lazy.W.shape == (2, 6) and lazy.in_size == 6
    z = L.Linear(3, 2)(np.ones((4, 5, 3), np.float32), n_batch_axes=2)
    assert z.shape == (4, 5, 2)
    assert L.Linear(7).out_size == 7 and L.Linear(7).W.array is None
    assert L.Linear(3, 2, nobias=True).b is None


def test_linear_errors_name_the_link_and_the_shapes():
    model = MLP(4)
    with pytest.raises(tapejit.ShapeError) as e:
        model(np.ones((8, 6), np.float32))
    msg = str(e.value)
    assert "Linear 'l1'" in msg and '(8, 6)' in msg and '(5, 4)' in msg
    assert 'expected 4 input features' in msg
    with pytest.raises(tapejit.ShapeError, match=r"Linear 'l1': input has shape \(8,\)"):
        model(np.ones(8, np.float32))
    with pytest.raises(ValueError, match='out_size is required'):
        L.Linear(None)
    # Mixed floating dtypes compute as Chainer does: promoted, returned in x's dtype;
    # but the bias must have x's dtype (Chainer's b.dtype == x.dtype check).
    lin = L.Linear(3, 2, nobias=True)
    y = lin(np.ones((1, 3)))
    assert y.dtype == np.float64
    np.testing.assert_allclose(y.array, lin.W.array.astype(np.float64).sum(1)[None])
    lin = L.Linear(3, 2)
    with pytest.raises(tapejit.DTypeError, match="Linear: x has dtype float64 but b has "
                                                 "dtype float32"):
        lin(np.ones((1, 3)))
    with pytest.raises(tapejit.DTypeError, match='x has dtype int64; expected a floating'):
        lin(np.ones((1, 3), np.int64))


def test_linear_gradients():
    lin = L.Linear(3, 2)
    lin.cleargrads()  # a new parameter's gradient is NaN, as in Chainer
    x = np.random.default_rng(0).standard_normal((4, 3)).astype(np.float32)
    F.sum(lin(x) ** 2).backward()
    y = x @ lin.W.array.T + lin.b.array
    np.testing.assert_allclose(lin.W.grad, 2 * y.T @ x, rtol=1e-5)
    np.testing.assert_allclose(lin.b.grad, 2 * y.sum(0), rtol=1e-5)


# ------------------------------------------------------------ Link hierarchy
def test_chain_namedparams_links_and_cleargrads():
    model = MLP(4)
    assert [n for n, _ in model.namedparams()] == ['/l1/W', '/l1/b', '/l2/W']
    assert [n for n, _ in model.namedlinks()] == ['/', '/l1', '/l2']
    assert [n for n, _ in model.namedlinks(skipself=True)] == ['/l1', '/l2']
    assert list(model.children()) == [model.l1, model.l2]
    assert model['l1'] is model.l1
    assert model.count_params() == 4 * 5 + 5 + 5 * 3
    F.sum(model(np.ones((2, 4), np.float32))).backward()
    assert all(p.grad is not None for p in model.params())
    model.cleargrads()
    assert all(p.grad is None for p in model.params())
    lazy = MLP()
    assert [n for n, _ in lazy.namedparams(include_uninit=False)] == ['/l1/b', '/l2/W']


def test_chain_list_and_nesting():
    inner = tapejit.ChainList(L.Linear(2, 2), L.Linear(2, 1))
    outer = tapejit.Chain(body=inner, head=L.Linear(1, 1))
    assert [n for n, _ in outer.namedparams()] == [
        '/body/0/W', '/body/0/b', '/body/1/W', '/body/1/b', '/head/W', '/head/b']
    assert len(inner) == 2 and inner[1].name == '1' and list(inner)[0] is inner[0]
    with pytest.raises(TypeError, match='use append'):
        with inner.init_scope():
            inner.extra = L.Linear(1, 1)


def test_add_param_add_persistent_and_registration_rules():
    link = tapejit.Link()
    link.add_param('w', (2, 3), initializer=initializers.One())
    link.add_param('lazy')
    link.add_persistent('count', 0)
    assert [n for n, _ in link.namedparams()] == ['/lazy', '/w']
    assert link.w.name == 'w' and link.lazy.array is None
    link.plain = tapejit.Parameter(np.zeros(1))  # outside init_scope: not registered
    assert '/plain' not in dict(link.namedparams())
    with pytest.raises(AttributeError, match="cannot add parameter 'w'"):
        link.add_param('w')
    del link.w
    assert [n for n, _ in link.namedparams()] == ['/lazy']
    with pytest.raises(AttributeError, match='Link has no forward method'):
        link(1)


def test_copyparams_addgrads_and_devices():
    a, b = MLP(4), MLP(4)
    b.copyparams(a)
    for p, q in zip(a.params(), b.params()):
        np.testing.assert_array_equal(p.array, q.array)
    F.sum(a(np.ones((1, 4), np.float32))).backward()
    b.cleargrads()
    b.addgrads(a)
    np.testing.assert_array_equal(b.l1.W.grad, a.l1.W.grad)
    assert str(a.device) == '@numpy' and a.xp is np
    assert a.to_cpu() is a


# ---------------------------------------------------------------- serializers
def test_save_load_round_trip_with_chainer_keys(tmp_path):
    np.random.seed(0)
    model = MLP(4)
    path = str(tmp_path / 'model.npz')
    serializers.save_npz(path, model)
    with np.load(path) as f:
        assert sorted(f.files) == ['l1/W', 'l1/b', 'l2/W']
        np.testing.assert_array_equal(f['l1/W'], model.l1.W.array)
    np.random.seed(1)
    other = MLP(4)
    assert not np.array_equal(other.l1.W.array, model.l1.W.array)
    serializers.load_npz(path, other)
    for (n, p), (_, q) in zip(model.namedparams(), other.namedparams()):
        np.testing.assert_array_equal(q.array, p.array, err_msg=n)
    # A lazily initialized model takes the shapes from the file.
    lazy = MLP()
    serializers.load_npz(path, lazy)
    np.testing.assert_array_equal(lazy.l1.W.array, model.l1.W.array)
    x = np.ones((2, 4), np.float32)
    np.testing.assert_array_equal(lazy(x).array, model(x).array)


def test_save_load_persistents_and_uncompressed():
    link = tapejit.Link()
    link.add_persistent('count', 3)
    link.add_persistent('mean', np.arange(3.0))
    f = io.BytesIO()
    serializers.save_npz(f, link, compression=False)
    f.seek(0)
    other = tapejit.Link()
    other.add_persistent('count', 0)
    other.add_persistent('mean', np.zeros(3))
    serializers.load_npz(f, other)
    assert other.count == 3 and isinstance(other.count, int)
    np.testing.assert_array_equal(other.mean, np.arange(3.0))


def test_load_errors_are_clear_and_strict_false_skips(tmp_path):
    path = str(tmp_path / 'm.npz')
    serializers.save_npz(path, L.Linear(3, 2))
    bigger = tapejit.Chain(l1=L.Linear(3, 2))
    with pytest.raises(KeyError, match="'l1/W' is not in the file"):
        serializers.load_npz(path, bigger)
    serializers.load_npz(path, bigger, strict=False)  # nothing matches: unchanged
    serializers.load_npz(path, bigger.l1)
    with pytest.raises(ValueError, match=r"'W' has shape \(2, 3\) in the file but the "
                                         r'target has shape \(2, 4\)'):
        serializers.load_npz(path, L.Linear(4, 2))
    serializers.load_npz(path, L.Linear(4, 2), ignore_names=['W'])
    d = serializers.DictionarySerializer()
    d['model'].save(L.Linear(1, 1))
    assert sorted(d.target) == ['model/W', 'model/b']


# ---------------------------------------------------- links under @tapejit.jit
def _train_step(opt):
    def step(model, x, t):
        loss = F.softmax_cross_entropy(model(x), t)
        model.cleargrads()
        loss.backward()
        opt.update()
        return loss
    return step


def test_link_argument_parameters_are_plan_inputs_updated_in_place():
    np.random.seed(0)
    model = MLP(4)
    opt = optimizers.SGD(lr=0.5).setup(model)
    step = tapejit.jit(_train_step(opt))
    x = np.random.default_rng(0).standard_normal((8, 4)).astype(np.float32)
    t = np.arange(8, dtype=np.int32) % 3
    W = model.l1.W.array  # the same array object is updated in place
    w0 = W.copy()
    losses = [float(step(model, x, t).array) for _ in range(10)]
    assert losses[-1] < losses[0]
    assert model.l1.W.array is W and not np.array_equal(W, w0)
    assert step.cache_info().traces == 1 and step.cache_info().hits == 9
    graph = step.lower(model, x, t)
    # x, t and the three parameters (arrays) are inputs, besides optimizer state
    shapes = [v.shape for v in graph.invars]
    assert (5, 4) in shapes and (5,) in shapes and (3, 5) in shapes


def test_link_argument_matches_eager_and_a_second_model_gets_its_own_plan():
    def make(seed):
        np.random.seed(seed)
        model = MLP(4)
        return model, optimizers.Adam(alpha=0.01).setup(model)

    x = np.random.default_rng(1).standard_normal((6, 4)).astype(np.float32)
    t = np.array([0, 1, 2, 0, 1, 2], np.int32)
    me, oe = make(0)
    mj, oj = make(0)
    step = tapejit.jit(_train_step(oj))
    for _ in range(4):
        _train_step(oe)(me, x, t)
        step(mj, x, t)
    for (n, a), (_, b) in zip(me.namedparams(), mj.namedparams()):
        np.testing.assert_allclose(b.array, a.array, rtol=1e-6, err_msg=n)


def test_lazy_link_argument_initializes_inside_the_trace():
    np.random.seed(0)
    model = MLP()  # l1 learns in_size from the first input
    opt = optimizers.SGD(lr=0.1).setup(model)
    step = tapejit.jit(_train_step(opt))
    x = np.ones((2, 7), np.float32)
    t = np.array([0, 1], np.int32)
    step(model, x, t)
    assert model.l1.W.shape == (5, 7)
    w = model.l1.W.array.copy()
    step(model, x, t)
    step(model, x, t)
    assert not np.array_equal(model.l1.W.array, w)  # the new parameter is trained
    # One trace without l1/W among the arguments, one with it.
    assert step.cache_info().traces == 2


def test_retrace_warning_names_the_parameter_path():
    model = tapejit.Chain(l1=L.Linear(2, 2))
    f = tapejit.jit(lambda m, x: m.l1(x), retrace_warn_after=2)
    with pytest.warns(RuntimeWarning, match="argument 'm' at /l1/W changed"):
        for n in range(2, 6):
            model.l1.W.array = np.ones((2, n), np.float32)
            f(model, np.ones((1, n), np.float32))


@pytest.mark.parametrize('target', ['cpu', 'interpret'])
def test_a_lazy_link_step_that_clears_gradients_trains(target):
    # The step overwrites the gradients it reads, so its plan is filed again
    # without them in the key: under the structure it was traced with, not
    # the one after the weight got its array.
    def step(model, x):
        model.cleargrads()
        loss = F.sum(model(x) ** 2)
        loss.backward()
        for p in model.params():
            p.array -= 0.01 * p.grad
        model.cleargrads()
        return loss
    np.random.seed(0)
    m = L.Linear(None, 2)
    js = tapejit.jit(step, target=target)
    x = np.arange(12, dtype=np.float32).reshape(4, 3) / 10
    js(m, x)
    for _ in range(2):
        W, b = m.W.array.copy(), m.b.array.copy()
        got = float(js(m, x).array)
        assert got == pytest.approx(float(((x @ W.T + b) ** 2).sum()), rel=1e-5)
    assert js.cache_info().traces == 2
