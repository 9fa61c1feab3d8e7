"""The CPU's attention kernels against the definition in float64, float64
finite differences, and the compiler's attention pass: a jitted step whose
masked softmax between two products (and their gradient) becomes the two
attention primitives gives what eager execution gives."""

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.compiler import contraction as C
from tapejit.compiler.attention import fuse_attention
from tapejit.ir.trace import trace_graph
from tapejit.ops import attention as A
from tapejit.targets.cpu import attention as K
from tapejit.targets.cpu.contraction import machine

LANES = machine(np.float32)[0]


def _definition(q, k, v, mask):
    """Attention and its gradients in float64, row by row, by definition."""
    q, k, v = (np.asarray(a, np.float64) for a in (q, k, v))
    s = np.einsum('...id,...jd->...ij', q, k)
    keep = np.ones(s.shape, bool) if mask is None else np.broadcast_to(mask, s.shape)
    s = np.where(keep, s, -np.inf)
    top = np.maximum(s.max(axis=-1, keepdims=True), np.finfo(np.float64).min)
    e = np.exp(s - top)
    with np.errstate(invalid='ignore'):
        p = e / e.sum(axis=-1, keepdims=True)
    return p, keep


def _forward64(q, k, v, mask):
    p, _ = _definition(q, k, v, mask)
    return p @ np.asarray(v, np.float64)


def _gradient64(q, k, v, gy, mask):
    p, keep = _definition(q, k, v, mask)
    q, k, v, gy = (np.asarray(a, np.float64) for a in (q, k, v, gy))
    gp = gy @ np.swapaxes(v, -1, -2)
    gs = np.where(keep, p * (gp - (gp * p).sum(axis=-1, keepdims=True)), 0.0)
    return np.stack([gs @ k, np.swapaxes(gs, -1, -2) @ q, np.swapaxes(p, -1, -2) @ gy])


def _causal(s, t):
    return np.tril(np.ones((s, t), bool), t - s)


def _masks(batch, s, t, rng):
    """Masks of every form the kernels take: none, one for the whole stack
    (causal), one per matrix with random holes, and rows that keep no key."""
    holes = rng.random(batch + (s, t)) < 0.7
    holes[..., 0] = True
    empty = _causal(s, t).copy()
    empty[1] = False
    return [None, _causal(s, t), holes, empty]


# (batch, s, t, d, e): whole vectors of this CPU in d and e.
SHAPES = [((2,), 8, 8, LANES, LANES), ((3,), 13, 29, LANES, 2 * LANES),
          ((2, 2), 37, 37, 2 * LANES, 2 * LANES), ((1,), 70, 70, 4 * LANES, 4 * LANES),
          ((), 50, 19, LANES, 3 * LANES)]


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
@pytest.mark.parametrize('shape', SHAPES)
def test_forward_matches_the_definition(shape, dtype):
    batch, s, t, d, e = shape
    lanes = machine(dtype)[0]
    d, e = d * lanes // LANES, e * lanes // LANES
    rng = np.random.default_rng(s + t)
    q, k = (rng.standard_normal(batch + (n, d)).astype(dtype) for n in (s, t))
    v = rng.standard_normal(batch + (t, e)).astype(dtype)
    for mask in _masks(batch, s, t, rng):
        assert K.takes_attention(q, k, v, mask)
        got = K.attention(q, k, v, mask)
        want = _forward64(q, k, v, mask)
        tol = 2e-5 if dtype == np.float32 else 1e-12
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol)
        # (A row that keeps no key: 0 / 0, as the traced softmax gives.)
        if mask is not None and not mask[..., 1, :].any():
            assert np.isnan(got[..., 1, :]).all()


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
@pytest.mark.parametrize('shape', [s for s in SHAPES if s[1] == s[2] and s[3] == s[4]])
def test_gradients_match_the_definition(shape, dtype):
    batch, s, _, d, _ = shape
    d = d * machine(dtype)[0] // LANES
    rng = np.random.default_rng(s)
    q, k, v, gy = (rng.standard_normal(batch + (s, d)).astype(dtype) for _ in range(4))
    for mask in _masks(batch, s, s, rng):
        assert K.takes_attention_grad(q, k, v, gy, mask)
        got = K.attention_grad(q, k, v, gy, mask)
        with np.errstate(invalid='ignore'):
            want = _gradient64(q, k, v, gy, mask)
        tol = 5e-5 if dtype == np.float32 else 1e-11
        # (A row that keeps no key: its weights are NaN, its scores' gradient 0.)
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol * np.nanmax(np.abs(want)))


def test_gradients_match_finite_differences():
    rng = np.random.default_rng(7)
    d = machine(np.float64)[0]
    q, k, v, gy = (rng.standard_normal((2, 9, d)) for _ in range(4))
    mask = _causal(9, 9)
    got = K.attention_grad(q, k, v, gy, mask)
    h = 1e-6
    for which, x in enumerate((q, k, v)):
        num = np.empty_like(x)
        for i in np.ndindex(x.shape):
            old = x[i]
            x[i] = old + h
            up = (gy * K.attention(q, k, v, mask)).sum()
            x[i] = old - h
            down = (gy * K.attention(q, k, v, mask)).sum()
            x[i] = old
            num[i] = (up - down) / (2 * h)
        np.testing.assert_allclose(got[which], num, rtol=1e-6, atol=1e-7)


def test_results_do_not_depend_on_the_threads():
    rng = np.random.default_rng(3)
    q, k, v, gy = (rng.standard_normal((6, 40, LANES)).astype(np.float32) for _ in range(4))
    mask = _causal(40, 40)
    both = K.attention(q, k, v, mask), K.attention_grad(q, k, v, gy, mask)
    tapejit.set_max_threads(1)
    try:
        one = K.attention(q, k, v, mask), K.attention_grad(q, k, v, gy, mask)
    finally:
        tapejit.set_max_threads(None)
    for a, b in zip(both, one):
        assert np.array_equal(a, b)


def test_primitives_check_their_operands():
    x = np.ones((2, 8, 16), np.float32)
    with pytest.raises(tapejit.ShapeError, match=r'attention: q \(2, 8, 16\), k \(2, 8, 8\)'):
        A.attention.impl(x, x[..., :8], x)
    with pytest.raises(tapejit.DTypeError, match='attention: mask of dtype float32'):
        A.attention.impl(x, x, x, np.ones((8, 8), np.float32))
    with pytest.raises(tapejit.ShapeError, match=r'mask of shape \(3, 8\)'):
        A.attention.impl(x, x, x, np.ones((3, 8), bool))
    with pytest.raises(tapejit.ShapeError, match='attention_grad: .* expected one shape'):
        A.attention_grad.impl(x, x, x, x[:, :4])


def test_the_tiles_come_from_the_vector_width():
    assert C.attention_tile(16, 32, 64) == (6, 4, 4)
    assert C.attention_tile(8, 16, 64) == (4, 3, 2)
    assert C.attention_tile(8, 16, 12) is None
    assert 'panels of k^T' in K.describe(256, 256, 64, 64, 'float32')
    assert 'products with v, k and q' in K.describe(256, 256, 64, 64, 'float32', grad=True)


# --- the compiler's attention pass ---------------------------------------

NEG_INF = np.float32(-np.inf)


def _step(mask, heads_out=False, fill=NEG_INF):
    def step(q, k, v, w):
        q, k, v = tapejit.Variable(q), tapejit.Variable(k), tapejit.Variable(v)
        scores = F.matmul(q, k, transb=True)
        if mask is not None:
            scores = F.where(mask, scores, fill)
        p = F.softmax(scores, axis=2)
        loss = F.sum(F.matmul(p, v) * w)
        loss.backward()
        out = (loss, q.grad, k.grad, v.grad)
        return out + (p,) if heads_out else out
    return step


def _operands(s=24, t=24, d=2 * LANES, dtype=np.float32):
    rng = np.random.default_rng(s * t)
    q = rng.standard_normal((3, s, d)).astype(dtype)
    k, v = (rng.standard_normal((3, t, d)).astype(dtype) for _ in range(2))
    return q, k, v, rng.standard_normal((3, s, d)).astype(dtype)


def _prims(fn, args):
    return [e.prim.name for e in fuse_attention(trace_graph(fn, args)).eqns]


@pytest.mark.parametrize('mask', [None, 'causal'])
@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_a_jitted_attention_step_runs_the_kernels_and_equals_eager(mask, dtype):
    args = _operands(dtype=dtype)
    m = None if mask is None else _causal(24, 24)
    step = _step(m, fill=dtype(-np.inf))
    prims = _prims(step, args)
    assert 'attention' in prims and 'attention_grad' in prims
    assert 'exp' not in prims and 'matmul' not in prims
    eager = step(*args)
    jitted = tapejit.jit(step)
    for _ in range(2):
        got = jitted(*args)
        for a, b in zip(got, eager):
            a = a.array if hasattr(a, 'array') else a
            b = b.array if hasattr(b, 'array') else b
            tol = 1e-5 if dtype == np.float32 else 1e-12
            np.testing.assert_allclose(a, b, rtol=tol, atol=tol)
    text = jitted.explain(*args)
    assert '#   attention: blocks of' in text and '#   attention_grad: a whole matrix' in text


def test_the_pass_leaves_what_it_cannot_replace():
    args = _operands()
    mask = _causal(24, 24)
    # The weights are a result: they stay.
    assert 'attention' not in _prims(_step(mask, heads_out=True), args)
    # A finite fill keeps fully masked rows' weights uniform: not the kernels'.
    assert 'attention' not in _prims(_step(mask, fill=np.float32(-1e9)), args)
    # Keys of another length: the gradient's operands differ in shape.
    cross, keys = _operands(s=24, t=16), _causal(24, 16) | (np.arange(16) == 0)
    assert 'attention' not in _prims(_step(keys), cross)
    for step, a in ((_step(mask, heads_out=True), args), (_step(keys), cross)):
        for x, y in zip(tapejit.jit(step)(*a), step(*a)):
            np.testing.assert_allclose(x.array if hasattr(x, 'array') else x,
                                       y.array if hasattr(y, 'array') else y,
                                       rtol=1e-5, atol=1e-5)


def test_a_forward_pass_alone_becomes_one_attention():
    q, k, v, _ = _operands()
    mask = _causal(24, 24)

    def forward(q, k, v):
        scores = F.where(mask, F.matmul(q, k, transb=True), NEG_INF)
        return F.matmul(F.softmax(scores, axis=2), v)
    assert _prims(forward, [q, k, v]) == ['attention']
    np.testing.assert_allclose(tapejit.jit(forward)(q, k, v).array,
                               forward(q, k, v).array, rtol=1e-5, atol=1e-6)


def test_a_transformer_block_as_users_write_it_trains_alike_jitted():
    # Multi-head causal self-attention in a Chain, SGD's update(): the
    # compiled step (with the kernels) and eager steps give the same losses
    # and parameters.
    heads, n, s, width = 2, 2, 16, 4 * LANES
    rng = np.random.default_rng(11)

    class Block(tapejit.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.qkv = tapejit.links.Linear(width, 3 * width)
                self.o = tapejit.links.Linear(width, width)

        def forward(self, x, mask):
            h = self.qkv(F.reshape(x, (n * s, width)))
            q, k, v = (F.reshape(F.transpose(F.reshape(t, (n, s, heads, width // heads)),
                                             (0, 2, 1, 3)), (n * heads, s, width // heads))
                       for t in F.split_axis(h, 3, axis=1))
            scores = F.where(mask, F.matmul(q * (1.0 / 4.0), k, transb=True), NEG_INF)
            a = F.matmul(F.softmax(scores, axis=2), v)
            a = F.reshape(F.transpose(F.reshape(a, (n, heads, s, width // heads)), (0, 2, 1, 3)),
                          (n * s, width))
            return self.o(a)

    x = rng.standard_normal((n, s, width)).astype(np.float32)
    y = rng.standard_normal((n * s, width)).astype(np.float32)
    mask = _causal(s, s)
    models = []
    for wrap in (lambda f: f, tapejit.jit):
        model = Block()
        init = np.random.default_rng(5)
        for p in model.params():
            p.array[...] = init.standard_normal(p.shape).astype(np.float32) * 0.2
        opt = tapejit.optimizers.SGD(lr=0.05).setup(model)

        @wrap
        def step(x, y, mask, model=model, opt=opt):
            loss = F.mean_squared_error(model(x, mask), y)
            model.cleargrads()
            loss.backward()
            opt.update()
            return loss
        losses = [float(step(x, y, mask).array) for _ in range(3)]
        models.append((losses, [p.array.copy() for p in model.params()], step))
    (l0, p0, _), (l1, p1, jitted) = models
    np.testing.assert_allclose(l1, l0, rtol=1e-5)
    for a, b in zip(p1, p0):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-6)
    assert l0[2] < l0[0]
    assert '= attention_grad' in jitted.explain(x, y, mask)


def test_cpu_plans_fuse_only_what_the_kernels_compute():
    # Rows of 3 are no whole vectors: the plan keeps the products and the
    # softmax (its own kernels), not NumPy's operations one by one.
    args = _operands(d=3)
    step = _step(_causal(24, 24))
    assert 'attention' not in [e.prim.name for e in K.fuse_attention_here(
        trace_graph(step, args)).eqns]
    assert '= attention' not in tapejit.jit(step).explain(*args)
    wide = _operands()
    assert 'attention_grad' in [e.prim.name for e in K.fuse_attention_here(
        trace_graph(step, wide)).eqns]


def test_the_primitives_differentiate_eagerly_from_intermediate_values():
    # q an intermediate (released after the forward pass), then a second
    # derivative through attention_grad, whose gy is a cotangent: the
    # primitives keep the inputs their gradients read.
    rng = np.random.default_rng(13)
    x0, k0, v0, w = (rng.standard_normal((2, 6, LANES)) for _ in range(4))
    mask = _causal(6, 6)

    def through(fn):
        x, k, v = (tapejit.Variable(a) for a in (x0, k0, v0))
        gx, = tapejit.grad([F.sum(fn(x * 2.0 + 1.0, k, v) * w)], [x],
                           enable_double_backprop=True)
        hk, = tapejit.grad([F.sum(gx * gx)], [k])
        return gx.array, hk.array

    def composed(q, k, v):
        scores = F.where(mask, F.matmul(q, k, transb=True), np.array(-np.inf))
        return F.matmul(F.softmax(scores, axis=2), v)
    for got, want in zip(through(lambda q, k, v: A.attention(q, k, v, mask)),
                         through(composed)):
        np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)


def test_unaligned_operands_are_copied_for_the_kernels():
    def unaligned(a):
        buf = np.empty(a.nbytes + 1, np.uint8)
        out = buf[1:].view(a.dtype).reshape(a.shape)
        out[...] = a
        return out
    rng = np.random.default_rng(17)
    q, k, v, gy = (rng.standard_normal((2, 20, LANES)).astype(np.float32) for _ in range(4))
    odd = [unaligned(a) for a in (q, k, v, gy)]
    assert not odd[0].flags.aligned
    np.testing.assert_array_equal(K.attention(*odd[:3]), K.attention(q, k, v))
    np.testing.assert_array_equal(K.attention_grad(*odd), K.attention_grad(q, k, v, gy))
