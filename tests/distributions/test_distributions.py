"""tapejit.distributions: Chainer's Normal, Bernoulli, Categorical, Uniform and
Independent, their statistics against SciPy and NumPy, their gradients against
float64 finite differences, their KL divergences, and their samples, drawn anew
at every call of a compiled function."""

import math

import numpy as np
import pytest

import tapejit
import tapejit.distributions as D
import tapejit.functions as F
from tapejit.gradient_check import check_backward, check_double_backward

stats = pytest.importorskip('scipy.stats')
special = pytest.importorskip('scipy.special')

RS = np.random.RandomState(0)


def f32(*shape, low=-1.0, high=1.0):
    return RS.uniform(low, high, shape).astype(np.float32)


def _close(got, want, **kw):
    np.testing.assert_allclose(tapejit.as_array(got), want, **{'rtol': 1e-5, 'atol': 1e-6, **kw})


# ------------------------------------------------------------------ Normal
@pytest.mark.parametrize('log_scale', [False, True])
@pytest.mark.parametrize('variable', [False, True])
def test_normal_matches_scipy(log_scale, variable):
    loc, s = f32(2, 3), f32(2, 3)
    scale = np.exp(s)
    params = (dict(loc=loc, log_scale=s) if log_scale else dict(loc=loc, scale=scale))
    if variable:
        params = {k: tapejit.Variable(v) for k, v in params.items()}
    d = D.Normal(**params)
    x = RS.normal(size=(4, 2, 3)).astype(np.float32)
    ref = stats.norm(loc, scale)
    assert (d.batch_shape, d.event_shape, d.support) == ((2, 3), (), 'real')
    _close(d.log_prob(x), ref.logpdf(x))
    _close(d.prob(x), ref.pdf(x))
    _close(d.entropy, ref.entropy())
    _close(d.mean, ref.mean())
    _close(d.variance, ref.var(), rtol=1e-5)
    _close(d.stddev, ref.std())
    _close(d.cdf(x), ref.cdf(x))
    _close(d.survival_function(x), ref.sf(x))
    _close(d.log_cdf(x), ref.logcdf(x), rtol=1e-5, atol=1e-5)
    _close(d.log_survival_function(x), ref.logsf(x), rtol=1e-5, atol=1e-5)
    p = RS.uniform(1e-5, 1 - 1e-5, (4, 2, 3)).astype(np.float32)
    _close(d.icdf(p), ref.ppf(p), rtol=1e-4, atol=1e-5)
    assert d.log_prob(x).dtype == np.float32


def test_normal_tails_of_the_cdf():
    # Far in the tails, where 1 + erf(z / sqrt(2)) keeps no digit in float32.
    d = D.Normal(np.zeros(5), np.ones(5))
    z = np.array([-40.0, -12.0, -5.0, 3.0, 9.0])
    _close(d.log_cdf(z), special.log_ndtr(z), rtol=1e-10, atol=1e-12)
    _close(d.log_survival_function(-z), special.log_ndtr(z), rtol=1e-10, atol=1e-12)
    p = np.array([1e-12, 0.01, 0.5, 0.97, 1 - 1e-9])
    _close(d.icdf(p), special.ndtri(p), rtol=1e-8, atol=0)


def test_normal_takes_scale_or_log_scale():
    loc = np.zeros(2, np.float32)
    with pytest.raises(ValueError, match='Either `scale` or `log_scale`'):
        D.Normal(loc)
    with pytest.raises(ValueError, match='Either `scale` or `log_scale`'):
        D.Normal(loc, scale=loc + 1, log_scale=loc)
    with pytest.raises(TypeError):
        D.Normal(loc, scales=loc)  # (an unknown keyword)
    d = D.Normal(loc, log_scale=np.log(np.full(2, 2.0, np.float32)))
    _close(d.scale, [2.0, 2.0])
    _close(D.Normal(loc, scale=np.full(2, 2.0, np.float32)).log_scale, np.log([2.0, 2.0]))


def test_normal_gradients_match_finite_differences():
    loc, log_scale = RS.normal(size=(3,)), RS.normal(size=(3,)) * 0.3
    x = RS.normal(size=(2, 3))
    gy = RS.normal(size=(2, 3))

    def log_prob(loc, log_scale):
        return D.Normal(loc, log_scale=log_scale).log_prob(x)
    check_backward(log_prob, (loc, log_scale), gy, dtype=np.float64)
    check_double_backward(log_prob, (loc, log_scale), gy,
                          (RS.normal(size=3), RS.normal(size=3)), dtype=np.float64)

    def stats_(loc, scale):
        d = D.Normal(loc, scale)
        return d.entropy + d.prob(x[0]) + d.log_cdf(x[1]) + d.icdf(np.full(3, 0.3))
    check_backward(stats_, (loc, np.exp(log_scale)), RS.normal(size=3), dtype=np.float64)


def test_normal_sample_is_reparameterized():
    # z = loc + scale * eps: dz/dloc = 1 and dz/dscale = eps, the noise drawn.
    loc = tapejit.Variable(f32(3))
    scale = tapejit.Variable(np.exp(f32(3)))
    F.set_dropout_seed(0)
    z = D.Normal(loc, scale).sample(5)
    assert z.shape == (5, 3) and z.dtype == np.float32
    F.sum(z).backward()
    eps = (z.array - loc.array) / scale.array
    _close(loc.grad, np.full(3, 5.0))
    _close(scale.grad, eps.sum(axis=0), rtol=1e-4, atol=1e-5)


def test_normal_samples_follow_the_distribution():
    loc, scale = np.array([-1.0, 2.0]), np.array([0.5, 3.0])
    F.set_dropout_seed(1)
    z = D.Normal(loc, scale).sample(40000).array
    assert z.dtype == np.float64
    np.testing.assert_allclose(z.mean(axis=0), loc, atol=0.05)
    np.testing.assert_allclose(z.std(axis=0), scale, rtol=0.03)


@pytest.mark.parametrize('shape,want', [((), (2, 3)), (4, (4, 2, 3)), ((4, 5), (4, 5, 2, 3))])
def test_sample_shapes(shape, want):
    d = D.Normal(np.zeros((2, 3), np.float32), np.ones((2, 3), np.float32))
    assert d.sample(shape).shape == want
    assert d.sample_n(6).shape == (6, 2, 3)


# --------------------------------------------------------------- Bernoulli
@pytest.mark.parametrize('use_logit', [False, True])
def test_bernoulli_matches_scipy(use_logit):
    p = RS.uniform(0.05, 0.95, (3, 2)).astype(np.float32)
    d = (D.Bernoulli(logit=np.log(p) - np.log1p(-p)) if use_logit else D.Bernoulli(p=p))
    x = RS.randint(0, 2, (4, 3, 2)).astype(np.float32)
    ref = stats.bernoulli(p)
    assert (d.batch_shape, d.event_shape, d.support) == ((3, 2), (), '{0, 1}')
    _close(d.log_prob(x), ref.logpmf(x), rtol=1e-5, atol=1e-5)
    _close(d.prob(x), ref.pmf(x))
    _close(d.entropy, ref.entropy(), rtol=1e-5, atol=1e-6)
    _close(d.mean, ref.mean())
    _close(d.variance, ref.var())
    _close(d.stddev, ref.std())
    _close(d.p, p)
    _close(d.logit, np.log(p) - np.log1p(-p), rtol=1e-4, atol=1e-5)


def test_bernoulli_at_probabilities_zero_and_one():
    p = np.array([0.0, 1.0, 0.0, 1.0], np.float32)
    x = np.array([0.0, 1.0, 1.0, 0.0], np.float32)
    with np.errstate(divide='ignore'):
        d = D.Bernoulli(p=p)
        logp = d.log_prob(x).array
    np.testing.assert_array_equal(logp, [0.0, 0.0, -np.inf, -np.inf])
    np.testing.assert_array_equal(d.prob(x).array, [1.0, 1.0, 0.0, 0.0])
    np.testing.assert_array_equal(d.entropy.array, [0.0, 0.0, 0.0, 0.0])


@pytest.mark.parametrize('binary_check', [False, True])
def test_bernoulli_binary_check(binary_check):
    d = D.Bernoulli(p=np.full(3, 0.3, np.float32), binary_check=binary_check)
    x = np.array([0.25, 0.5, 1.0], np.float32)
    logp, prob = d.log_prob(x).array, d.prob(x).array
    if binary_check:
        np.testing.assert_array_equal(logp[:2], [-np.inf, -np.inf])
        np.testing.assert_array_equal(prob[:2], [0.0, 0.0])
    else:
        # The formula's values: x log p + (1 - x) log(1 - p), x p + (1 - x)(1 - p).
        _close(logp[:2], x[:2] * np.log(0.3) + (1 - x[:2]) * np.log(0.7))
        _close(prob[:2], x[:2] * 0.3 + (1 - x[:2]) * 0.7)
    _close(logp[2], np.log(0.3))


def test_bernoulli_log_prob_gradient():
    logit = RS.normal(size=(2, 3))
    x = RS.randint(0, 2, (2, 3)).astype(np.float32)  # (another dtype: data, cast)
    gy = RS.normal(size=(2, 3))

    def log_prob(logit):
        return D.Bernoulli(logit=logit).log_prob(x)
    check_backward(log_prob, logit, gy, dtype=np.float64)
    check_double_backward(log_prob, logit, gy, RS.normal(size=(2, 3)), dtype=np.float64)
    # d/dlogit log P(x) = x - sigmoid(logit)
    v = tapejit.Variable(logit)
    F.sum(D.Bernoulli(logit=v).log_prob(x)).backward()
    _close(v.grad, x - special.expit(logit))


def test_bernoulli_samples():
    p = np.array([0.1, 0.5, 0.9], np.float32)
    F.set_dropout_seed(2)
    s = D.Bernoulli(p=p).sample(20000).array
    assert s.dtype == np.int64 and set(np.unique(s)) == {0, 1}
    np.testing.assert_allclose(s.mean(axis=0), p, atol=0.015)


# ------------------------------------------------------------- Categorical
@pytest.mark.parametrize('use_logit', [False, True])
def test_categorical_matches_numpy(use_logit):
    logit = RS.normal(size=(3, 2, 4)).astype(np.float32)
    p = special.softmax(logit.astype(np.float64), axis=-1)
    d = D.Categorical(logit=logit) if use_logit else D.Categorical(p.astype(np.float32))
    x = RS.randint(0, 4, (5, 3, 2))
    assert (d.batch_shape, d.event_shape) == ((3, 2), ())
    want = np.log(np.take_along_axis(np.broadcast_to(p, (5, 3, 2, 4)), x[..., None],
                                     axis=-1)[..., 0])
    _close(d.log_prob(x), want, rtol=1e-5, atol=1e-6)
    _close(d.log_prob(tapejit.Variable(x.astype(np.float32))), want, rtol=1e-5, atol=1e-6)
    _close(d.entropy, -(p * np.log(p)).sum(axis=-1), rtol=1e-5)
    _close(d.p, p, rtol=1e-5)


def test_categorical_log_prob_gradient():
    logit = RS.normal(size=(2, 3))
    x = np.array([2, 0])
    gy = RS.normal(size=2)

    def log_prob(logit):
        return D.Categorical(logit=logit).log_prob(x)
    check_backward(log_prob, logit, gy, dtype=np.float64)
    check_double_backward(log_prob, logit, gy, RS.normal(size=(2, 3)), dtype=np.float64)
    check_backward(lambda logit: D.Categorical(logit=logit).entropy, logit, gy,
                   dtype=np.float64)


def test_categorical_samples():
    p = np.array([[0.1, 0.6, 0.3], [0.5, 0.0, 0.5]], np.float32)
    F.set_dropout_seed(3)
    with np.errstate(divide='ignore'):
        s = D.Categorical(p).sample(30000).array
    assert s.shape == (30000, 2) and s.dtype == np.int64
    freq = np.stack([(s == k).mean(axis=0) for k in range(3)], axis=-1)
    np.testing.assert_allclose(freq, p, atol=0.015)
    assert not (s[:, 1] == 1).any()  # probability 0: never drawn


def test_categorical_takes_p_or_logit():
    with pytest.raises(ValueError, match='Either `p` or `logit`'):
        D.Categorical()
    with pytest.raises(ValueError, match='Either `p` or `logit`'):
        D.Categorical(np.ones((1, 2)) / 2, logit=np.zeros((1, 2)))


# ----------------------------------------------------------------- Uniform
@pytest.mark.parametrize('loc_scale', [False, True])
def test_uniform_matches_scipy(loc_scale):
    low = f32(2, 3)
    high = low + np.exp(f32(2, 3))
    d = (D.Uniform(loc=low, scale=high - low) if loc_scale else D.Uniform(low=low, high=high))
    ref = stats.uniform(low, high - low)
    x = RS.uniform(-1.5, 4.0, (4, 2, 3)).astype(np.float32)
    assert (d.batch_shape, d.event_shape, d.support) == ((2, 3), (), '[low, high]')
    _close(d.log_prob(x), ref.logpdf(x), rtol=1e-5)
    _close(d.prob(x), ref.pdf(x), rtol=1e-5)
    _close(d.cdf(x), ref.cdf(x), rtol=1e-5)
    _close(d.icdf(np.full((2, 3), 0.25, np.float32)), ref.ppf(0.25), rtol=1e-5)
    _close(d.entropy, ref.entropy(), rtol=1e-5)
    _close(d.mean, ref.mean(), rtol=1e-5)
    _close(d.variance, ref.var(), rtol=1e-5)
    _close(d.stddev, ref.std(), rtol=1e-5)
    _close(d.low, low) if loc_scale else _close(d.scale, high - low, rtol=1e-6)
    assert set(d.params) == ({'loc', 'scale'} if loc_scale else {'low', 'high'})


def test_uniform_arguments_and_samples():
    with pytest.raises(ValueError, match='Either `low, high` or `loc, scale`'):
        D.Uniform(low=np.zeros(1))
    with pytest.raises(TypeError):
        D.Uniform(np.zeros(1), np.ones(1))  # (keywords only, as in Chainer)
    low, high = np.array([0.0, -2.0], np.float32), np.array([1.0, 6.0], np.float32)
    F.set_dropout_seed(4)
    s = D.Uniform(low=low, high=high).sample(20000).array
    assert s.dtype == np.float32 and (s >= low).all() and (s < high).all()
    np.testing.assert_allclose(s.mean(axis=0), (low + high) / 2, atol=0.06)


# ------------------------------------------------------------- Independent
@pytest.mark.parametrize('ndims,batch,event', [(None, (4,), (5, 6)), (0, (4, 5, 6), ()),
                                               (1, (4, 5), (6,)), (3, (), (4, 5, 6))])
def test_independent_reads_batch_axes_as_event_axes(ndims, batch, event):
    loc, scale = f32(4, 5, 6), np.exp(f32(4, 5, 6))
    normal = D.Normal(loc, scale)
    d = D.Independent(normal, ndims)
    assert (d.batch_shape, d.event_shape) == (batch, event)
    x = RS.normal(size=(2, 4, 5, 6)).astype(np.float32)
    axes = tuple(range(-len(event), 0))
    ref = stats.norm(loc, scale)
    _close(d.log_prob(x), ref.logpdf(x).sum(axis=axes), rtol=1e-5, atol=1e-4)
    _close(d.entropy, ref.entropy().sum(axis=axes), rtol=1e-5, atol=1e-4)
    _close(d.mean, loc)
    _close(d.stddev, scale)
    assert d.sample(3).shape == (3, 4, 5, 6)
    with pytest.raises(ValueError, match='reinterpreted_batch_ndims'):
        D.Independent(normal, 4)


def test_independent_prob_and_cdf_are_products():
    loc, scale = f32(3, 4), np.exp(f32(3, 4))
    d = D.Independent(D.Normal(loc, scale))
    x = RS.normal(size=(3, 4)).astype(np.float32)
    ref = stats.norm(loc, scale)
    _close(d.prob(x), ref.pdf(x).prod(axis=-1), rtol=1e-5, atol=0)
    _close(d.cdf(x), ref.cdf(x).prod(axis=-1), rtol=1e-5, atol=0)
    with pytest.raises(RuntimeError, match='not invertible'):
        d.icdf(x)


# ---------------------------------------------------------------------- KL
def _normal_kl(m1, s1, m2, s2):
    return np.log(s2 / s1) + (s1 ** 2 + (m1 - m2) ** 2) / (2 * s2 ** 2) - 0.5


def test_kl_normal_normal():
    m1, m2, s1, s2 = f32(3), f32(3), np.exp(f32(3)), np.exp(f32(3))
    kl = tapejit.kl_divergence(D.Normal(m1, s1), D.Normal(m2, log_scale=np.log(s2)))
    _close(kl, _normal_kl(m1, s1, m2, s2), rtol=1e-5, atol=1e-6)


def test_kl_bernoulli_bernoulli():
    p, q = RS.uniform(0.05, 0.95, 4), RS.uniform(0.05, 0.95, 4)
    kl = tapejit.kl_divergence(D.Bernoulli(p=p), D.Bernoulli(logit=np.log(q / (1 - q))))
    _close(kl, p * np.log(p / q) + (1 - p) * np.log((1 - p) / (1 - q)), rtol=1e-10)


def test_kl_categorical_categorical():
    p = special.softmax(RS.normal(size=(2, 5)), axis=-1)
    q = special.softmax(RS.normal(size=(2, 5)), axis=-1)
    kl = tapejit.kl_divergence(D.Categorical(p), D.Categorical(logit=np.log(q) + 3.0))
    _close(kl, (p * np.log(p / q)).sum(axis=-1), rtol=1e-10)


def test_kl_uniform_uniform():
    low1, high1 = np.array([0.0, 0.0, -1.0]), np.array([1.0, 3.0, 1.0])
    low2, high2 = np.array([-1.0, 0.5, -1.0]), np.array([2.0, 3.0, 2.0])
    kl = tapejit.kl_divergence(D.Uniform(low=low1, high=high1), D.Uniform(low=low2, high=high2))
    # Infinite where the first puts mass outside the second's support.
    _close(kl, [np.log(3.0), np.inf, np.log(1.5)])


def test_kl_independent_is_the_sum_over_the_event_axes():
    m1, m2, s1, s2 = f32(2, 3, 4), f32(2, 3, 4), np.exp(f32(2, 3, 4)), np.exp(f32(2, 3, 4))
    p = D.Independent(D.Normal(m1, s1), 2)
    q = D.Independent(D.Normal(m2, s2), 2)
    _close(tapejit.kl_divergence(p, q), _normal_kl(m1, s1, m2, s2).sum(axis=(1, 2)),
           rtol=1e-5, atol=1e-5)
    with pytest.raises(ValueError, match='Event shapes do not match'):
        tapejit.kl_divergence(p, D.Independent(D.Normal(m2, s2), 1))


def test_kl_agrees_with_a_monte_carlo_estimate():
    d1 = D.Normal(np.array([0.3, -1.0]), np.array([1.2, 0.4]))
    d2 = D.Normal(np.array([0.0, 0.5]), np.array([1.0, 2.0]))
    F.set_dropout_seed(5)
    x = d1.sample(200000)
    mc = (d1.log_prob(x).array - d2.log_prob(x).array).mean(axis=0)
    _close(tapejit.kl_divergence(d1, d2), mc, atol=0.01, rtol=0.01)


def test_kl_gradient_matches_finite_differences():
    def kl(m1, s1, m2, s2):
        return tapejit.kl_divergence(D.Normal(m1, log_scale=s1), D.Normal(m2, log_scale=s2))
    args = tuple(RS.normal(size=3) for _ in range(4))
    check_backward(kl, args, RS.normal(size=3), dtype=np.float64)

    def kl_b(logit1, logit2):
        return tapejit.kl_divergence(D.Bernoulli(logit=logit1), D.Bernoulli(logit=logit2))
    check_backward(kl_b, (RS.normal(size=3), RS.normal(size=3)), RS.normal(size=3),
                   dtype=np.float64)


def test_kl_of_an_unregistered_pair_and_register_kl():
    normal = D.Normal(np.zeros(1), np.ones(1))
    bern = D.Bernoulli(p=np.full(1, 0.5))
    with pytest.raises(KeyError, match='no KL divergence is registered for Normal and '
                                       'Bernoulli'):
        tapejit.kl_divergence(normal, bern)
    with pytest.raises(NotImplementedError):
        tapejit.kl_divergence(normal, bern)

    class Shifted(D.Normal):
        pass

    @tapejit.register_kl(Shifted, D.Bernoulli)
    def _kl(p, q):
        return p.loc + q.p
    try:
        assert _kl is not None  # (the decorator gives the function back)
        _close(tapejit.kl_divergence(Shifted(np.ones(1), np.ones(1)), bern), [1.5])
    finally:
        from tapejit.distribution import _KLDIVERGENCE
        del _KLDIVERGENCE[Shifted, D.Bernoulli]


def test_cross_entropy():
    p, q = np.array([0.2, 0.7]), np.array([0.5, 0.1])
    got = tapejit.cross_entropy(D.Bernoulli(p=p), D.Bernoulli(p=q))
    _close(got, -(p * np.log(q) + (1 - p) * np.log(1 - q)), rtol=1e-10)


def test_chainer_names():
    assert tapejit.Distribution is D.Distribution
    assert tapejit.distribution.Distribution is D.Distribution
    assert issubclass(D.Normal, tapejit.Distribution)
    d = tapejit.Distribution()
    for name in ('batch_shape', 'event_shape', 'mean', 'variance', 'entropy', 'stddev'):
        with pytest.raises(NotImplementedError):
            getattr(d, name)
    with pytest.raises(NotImplementedError):
        d.sample(2)
    assert D.Normal(np.zeros(2, np.float32), np.ones(2, np.float32)).xp is np
    _close(D.utils._modified_xlogx(np.array([0.0, 0.5])), [0.0, 0.5 * math.log(0.5)])


# --------------------------------------------------------------------- jit
def _model():
    rs = np.random.RandomState(6)
    return (tapejit.Variable(rs.normal(size=(4, 3)).astype(np.float32)),
            tapejit.Variable(rs.normal(size=(4, 3)).astype(np.float32) * 0.1))


def test_a_jitted_function_draws_anew_at_every_call():
    loc, log_scale = _model()
    p = tapejit.Variable(np.full((4, 3), 0.5, np.float32))

    @tapejit.jit
    def draw(loc, log_scale, p):
        return (D.Normal(loc, log_scale=log_scale).sample(2),
                D.Bernoulli(p=p).sample(8),
                D.Uniform(low=loc, high=loc + 1).sample(2),
                D.Categorical(logit=loc).sample(8))
    first = [v.array.copy() for v in draw(loc, log_scale, p)]
    second = [v.array.copy() for v in draw(loc, log_scale, p)]
    assert draw.cache_info().traces == 1
    for a, b in zip(first, second):
        assert a.shape == b.shape and (a != b).any()
    assert [a.dtype for a in first] == [np.float32, np.int64, np.float32, np.int64]


def test_a_jitted_sample_is_the_eager_one_from_the_same_seed():
    loc, log_scale = _model()

    def draw(loc, log_scale):
        return D.Normal(loc, log_scale=log_scale).sample(3)
    jitted = tapejit.jit(draw)
    F.set_dropout_seed(11)
    eager = [draw(loc, log_scale).array for _ in range(2)]
    F.set_dropout_seed(11)
    compiled = [jitted(loc, log_scale).array for _ in range(2)]
    for e, c in zip(eager, compiled):
        np.testing.assert_allclose(c, e, rtol=1e-5, atol=1e-6)


def test_gradients_flow_through_a_jitted_reparameterized_sample():
    loc, log_scale = _model()
    target = np.ones((4, 3), np.float32)

    def loss(loc, log_scale):
        q = D.Independent(D.Normal(loc, log_scale=log_scale))
        z = q.sample(2)
        prior = D.Independent(D.Normal(np.zeros((4, 3), np.float32),
                                       np.ones((4, 3), np.float32)))
        return F.sum((z - target) ** 2) + F.sum(tapejit.kl_divergence(q, prior))
    vg = tapejit.value_and_grad(loss, argnums=(0, 1))
    for seed in (0, 1):
        F.set_dropout_seed(seed)
        value, (g_loc, g_ls) = vg(loc, log_scale)
        # The same draw eagerly: the gradient of the compiled call is the eager one.
        F.set_dropout_seed(seed)
        loc.cleargrad()
        log_scale.cleargrad()
        eager = loss(loc, log_scale)
        eager.backward()
        _close(value, eager.array, rtol=1e-5)
        _close(g_loc, loc.grad, rtol=1e-4, atol=1e-5)
        _close(g_ls, log_scale.grad, rtol=1e-4, atol=1e-5)
    # The gradient of sum((z - t)^2) in loc is that of the draw: 2 * sum(z - t).
    F.set_dropout_seed(2)
    z = D.Normal(loc, log_scale=log_scale).sample(2).array
    F.set_dropout_seed(2)
    _, (g_loc, _) = tapejit.value_and_grad(
        lambda loc, ls: F.sum((D.Normal(loc, log_scale=ls).sample(2) - target) ** 2),
        argnums=(0, 1))(loc, log_scale)
    _close(g_loc, 2 * (z - target).sum(axis=0), rtol=1e-4, atol=1e-5)


def test_statistics_compile_under_jit():
    loc, log_scale = _model()
    x = np.random.RandomState(7).normal(size=(4, 3)).astype(np.float32)

    def f(loc, log_scale):
        d = D.Normal(loc, log_scale=log_scale)
        b = D.Bernoulli(logit=loc, binary_check=True)
        u = D.Uniform(loc=loc, scale=F.exp(log_scale))
        c = D.Categorical(logit=loc)
        return (d.log_prob(x) + d.entropy + d.log_cdf(x) + b.log_prob((x > 0).astype(np.float32))
                + b.entropy + u.log_prob(loc + 0.5 * F.exp(log_scale)) + F.broadcast_to(
                    F.expand_dims(c.entropy, 1), (4, 3)))
    jitted = tapejit.jit(f)
    _close(jitted(loc, log_scale), f(loc, log_scale).array, rtol=1e-5, atol=1e-5)
    _close(jitted(loc, log_scale), f(loc, log_scale).array, rtol=1e-5, atol=1e-5)
