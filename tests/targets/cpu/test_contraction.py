"""The CPU's convolution kernels against direct loops, float64 finite
differences and eager execution: forward, data gradient and filter gradient,
for every stride, padding, dilation, groups and cover_all combination the
functions accept."""

import itertools

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import gradient_check
from tapejit.compiler import contraction as C
from tapejit.ops import convolution, registry
from tapejit.ops.window import conv_outsize
from tapejit.targets.cpu import buffers, contraction as K
from tapejit.targets.cpu.contraction_ir import gathers

# (x shape, filters (O, kh, kw), stride, pad, dilate, groups, cover_all)
CASES = [
    ((2, 3, 8, 8), (4, 3, 3), (1, 1), (1, 1), (1, 1), 1, False),
    ((2, 4, 9, 7), (6, 3, 2), (2, 1), (1, 0), (1, 1), 2, False),
    ((1, 2, 11, 10), (3, 3, 3), (2, 2), (0, 2), (2, 1), 1, False),
    ((3, 6, 5, 6), (6, 1, 1), (1, 1), (0, 0), (1, 1), 3, False),
    ((2, 4, 12, 12), (8, 5, 5), (3, 3), (2, 2), (1, 1), 1, False),
    ((2, 8, 16, 16), (32, 3, 3), (1, 1), (1, 1), (1, 1), 1, False),
    ((1, 3, 7, 7), (5, 4, 4), (3, 2), (3, 1), (1, 2), 1, False),
    ((1, 2, 4, 4), (2, 5, 5), (1, 1), (3, 3), (1, 1), 1, False),
    ((2, 3, 7, 6), (4, 3, 2), (2, 3), (1, 0), (1, 2), 1, True),
    ((1, 4, 6, 5), (4, 2, 2), (4, 4), (0, 1), (1, 1), 4, True),
    ((2, 1, 3, 40), (3, 1, 3), (1, 1), (0, 1), (1, 1), 1, False),
    # (Channels that fill vectors: filter gradients with vectors along the
    # channels, on any vector width; padded channels, rows longer than a
    # vector with a tail, strides, dilation, groups.)
    ((2, 28, 9, 19), (6, 3, 3), (2, 1), (1, 1), (1, 2), 2, False),
    ((1, 16, 6, 5), (4, 1, 1), (1, 1), (0, 0), (1, 1), 1, False),
    ((2, 14, 11, 18), (9, 3, 2), (1, 3), (2, 0), (2, 1), 1, True),
    # (Few source channels, output channels that fill vectors: filter
    # gradients with vectors along the output channels.)
    ((2, 3, 10, 19), (20, 3, 3), (1, 2), (1, 1), (2, 1), 1, False),
    ((1, 4, 9, 9), (28, 2, 3), (2, 1), (0, 1), (1, 1), 2, True),
]


def _out(shape, k, s, p, d, cover):
    return tuple(conv_outsize(shape[2 + a], k[a], s[a], p[a], cover, d[a]) for a in (0, 1))


def _padded(x, k, s, p, d, out):
    n, c, h, w = x.shape
    hp = max(h + 2 * p[0], (out[0] - 1) * s[0] + (k[0] - 1) * d[0] + 1)
    wp = max(w + 2 * p[1], (out[1] - 1) * s[1] + (k[1] - 1) * d[1] + 1)
    img = np.zeros((n, c, hp + p[0], wp + p[1]))
    img[:, :, p[0]:p[0] + h, p[1]:p[1] + w] = x
    return img


def _direct(x, w, s, p, d, groups, out):
    """The convolution by its definition, tap by tap, in float64."""
    n, c = x.shape[:2]
    o, cg, kh, kw = w.shape
    img = _padded(x.astype(np.float64), (kh, kw), s, p, d, out)
    y = np.zeros((n, o) + out)
    og = o // groups
    for g in range(groups):
        for ky in range(kh):
            for kx in range(kw):
                win = img[:, g * cg:(g + 1) * cg,
                          ky * d[0]:ky * d[0] + s[0] * out[0]:s[0],
                          kx * d[1]:kx * d[1] + s[1] * out[1]:s[1]]
                y[:, g * og:(g + 1) * og] += np.einsum('oc,ncij->noij',
                                                       w[g * og:(g + 1) * og, :, ky, kx], win)
    return y


def _case(case, dtype, seed=0):
    shape, (o, kh, kw), s, p, d, groups, cover = case
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape).astype(dtype)
    w = rng.standard_normal((o, shape[1] // groups, kh, kw)).astype(dtype)
    out = _out(shape, (kh, kw), s, p, d, cover)
    return x, w, s, p, d, groups, out


def _tol(dtype):
    return dict(rtol=1e-4, atol=1e-4) if dtype == np.float32 else dict(rtol=1e-11, atol=1e-11)


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
@pytest.mark.parametrize('case', CASES)
def test_the_kernels_equal_the_definition(case, dtype):
    x, w, s, p, d, groups, out = _case(case, dtype)
    y = K.conv2d(x, w, s, p, d, groups, out)
    assert y.dtype == dtype and y.flags.c_contiguous
    np.testing.assert_allclose(y, _direct(x, w, s, p, d, groups, out), **_tol(dtype))
    # The data and filter gradients are the adjoints of the convolution:
    # <conv(x, w), gy> = <x, transpose(gy, w)> = <w, filter(x, gy)>.
    gy = np.random.default_rng(1).standard_normal(y.shape).astype(dtype)
    gx = K.conv2d_transpose(gy, w, s, p, d, groups, x.shape[2:])
    gw = K.conv2d_filter(x, gy, w.shape[2:], s, p, d, groups)
    assert gx.shape == x.shape and gw.shape == w.shape
    inner = np.sum(y.astype(np.float64) * gy)
    np.testing.assert_allclose(np.sum(x.astype(np.float64) * gx), inner, **_tol(dtype))
    np.testing.assert_allclose(np.sum(w.astype(np.float64) * gw), inner, **_tol(dtype))
    ref_x = np.zeros(x.shape)
    ref_w = np.zeros(w.shape)
    # (Each pixel's and each filter value's gradient by the definition:
    # the convolution of a unit image or filter, against gy.)
    for idx in itertools.islice(np.ndindex(x.shape), 0, None, max(1, x.size // 12)):
        e = np.zeros(x.shape)
        e[idx] = 1.0
        ref_x[idx] = np.sum(_direct(e, w.astype(np.float64), s, p, d, groups, out) * gy)
        np.testing.assert_allclose(gx[idx], ref_x[idx], **_tol(dtype))
    for idx in itertools.islice(np.ndindex(w.shape), 0, None, max(1, w.size // 12)):
        e = np.zeros(w.shape)
        e[idx] = 1.0
        ref_w[idx] = np.sum(_direct(x, e, s, p, d, groups, out) * gy)
        np.testing.assert_allclose(gw[idx], ref_w[idx], **_tol(dtype))


@pytest.mark.parametrize('case', CASES)
def test_the_reference_implementation_equals_the_kernels(case, monkeypatch):
    # (Where the host's kernels do not apply, CuPy arrays say, the
    # primitives compute with windows and products; both agree.)
    x, w, s, p, d, groups, out = _case(case, np.float64)
    gy = np.random.default_rng(1).standard_normal((x.shape[0], w.shape[0]) + out)
    bias = np.random.default_rng(2).standard_normal(w.shape[0])
    geo = dict(stride=s, pad=p, dilate=d, groups=groups)

    def each():
        return (convolution.conv2d.impl(x, w, out_size=out, **geo),
                convolution.conv2d.impl(x, w, bias, out_size=out, **geo),
                convolution.conv2d_transpose.impl(gy, w, s, p, d, groups, x.shape[2:]),
                convolution.conv2d_filter.impl(x, gy, w.shape[2:], s, p, d, groups))
    native = each()
    np.testing.assert_allclose(native[1], native[0] + bias.reshape(1, -1, 1, 1), rtol=1e-12,
                               atol=1e-12)
    monkeypatch.setattr(registry, '_HOST', {})
    ref = each()
    for a, b in zip(native, ref):
        np.testing.assert_allclose(a, b, rtol=1e-11, atol=1e-11)


@pytest.mark.parametrize('case', CASES[:6] + CASES[8:10] + CASES[11:])
def test_gradients_and_second_gradients_match_finite_differences(case):
    shape, (o, kh, kw), s, p, d, groups, cover = case
    x, w, *_ = _case(case, np.float64, seed=3)
    b = np.random.default_rng(4).standard_normal(o)

    def f(x, w, b):
        return F.convolution_2d(x, w, b, stride=s, pad=p, dilate=d, groups=groups,
                                cover_all=cover)
    y = f(x, w, b)
    rng = np.random.default_rng(5)
    gy = rng.standard_normal(y.shape)
    gradient_check.check_backward(f, (x, w, b), gy, eps=1e-6, atol=1e-5, rtol=1e-5)
    ggs = tuple(rng.standard_normal(a.shape) for a in (x, w, b))
    gradient_check.check_double_backward(f, (x, w, b), gy, ggs, eps=1e-6, atol=1e-5,
                                         rtol=1e-5)


def test_interleaved_rows_match_finite_differences_to_second_order():
    # float64 rows of a quarter of a vector (two images a block where the
    # vectors hold 8), tall enough not to be small planes.
    lanes = K.machine(np.float64)[0]
    row = max(1, lanes // 2)
    rng = np.random.default_rng(21)
    x = rng.standard_normal((2 * (lanes // row), 2, 4 * lanes // row, row))
    w = rng.standard_normal((3, 2, 3, 3))
    b = rng.standard_normal(3)

    def f(x, w, b):
        return F.convolution_2d(x, w, b, pad=1)
    y = f(x, w, b)
    gy = rng.standard_normal(y.shape)
    gradient_check.check_backward(f, (x, w, b), gy, eps=1e-6, atol=1e-5, rtol=1e-5)
    ggs = tuple(rng.standard_normal(a.shape) for a in (x, w, b))
    gradient_check.check_double_backward(f, (x, w, b), gy, ggs, eps=1e-6, atol=1e-5,
                                         rtol=1e-5)


@pytest.mark.parametrize('case', [CASES[1], CASES[4], CASES[8]])
def test_deconvolution_gradients_match_finite_differences(case):
    shape, (o, kh, kw), s, p, d, groups, cover = case
    rng = np.random.default_rng(6)
    x, w, *_ = _case(case, np.float64)
    # A deconvolution of the convolution's output shape back to x's.
    gy = rng.standard_normal((shape[0], o) + _out(shape, (kh, kw), s, p, d, cover))

    def f(g, w):
        return F.deconvolution_2d(g, w, stride=s, pad=p, dilate=d, groups=groups,
                                  outsize=shape[2:])
    y = f(gy, w)
    assert y.shape == shape
    gradient_check.check_backward(f, (gy, w), rng.standard_normal(shape), eps=1e-6, atol=1e-5,
                                  rtol=1e-5)


def test_a_compiled_convolutional_step_equals_eager():
    rng = np.random.default_rng(7)
    x = rng.standard_normal((4, 3, 10, 10)).astype(np.float32)
    layers = [tapejit.Variable(rng.standard_normal(sh).astype(np.float32) * 0.3)
              for sh in ((8, 3, 3, 3), (8, 4, 3, 3), (6, 8, 1, 1))]

    def step(x):
        h = F.relu(F.convolution_2d(x, layers[0], pad=1))
        h = F.relu(F.convolution_2d(h, layers[1], stride=2, pad=1, groups=2))
        h = F.deconvolution_2d(h, F.transpose(layers[2], (1, 0, 2, 3)), stride=2,
                               outsize=(10, 10))
        loss = F.sum(h * h)
        for v in layers:
            v.cleargrad()
        loss.backward()
        return loss
    want = step(x)
    grads = [v.grad.copy() for v in layers]
    jf = tapejit.jit(step)
    for _ in range(2):
        np.testing.assert_allclose(jf(x).array, want.array, rtol=1e-5)
        for v, g in zip(layers, grads):
            np.testing.assert_allclose(v.grad, g, rtol=1e-4, atol=1e-5)


def _convnet(seed):
    import tapejit.links as L

    class Net(tapejit.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                # 4 -> 16: the filter gradient's vectors along the output
                # channels; 16 -> 16 and 16 -> 3: along the source's.
                self.c1 = L.Convolution2D(4, 16, 3, pad=1)
                self.c2 = L.Convolution2D(16, 16, 3, stride=2, pad=1)
                self.c3 = L.Convolution2D(16, 3, 3, pad=1)
                self.fc = L.Linear(3 * 8 * 8, 5)

        def forward(self, x):
            h = F.relu(self.c1(x))
            h = F.relu(self.c2(h))
            return self.fc(F.relu(self.c3(h)))
    net = Net()
    rng = np.random.default_rng(seed)
    for p in net.params():
        p.array[...] = rng.standard_normal(p.shape).astype(np.float32) * 0.2
    return net


def test_a_chain_of_convolutions_trains_alike_eagerly_and_compiled(monkeypatch):
    # (A Chain and optimizer.update() as users write them, on layers whose
    # filter gradients take vectors along either channels: the compiled
    # steps, the eager ones and eager ones without the kernels (windows and
    # products) give the same losses and parameters.)
    lanes, regs = K.machine(np.float32)
    assert K.filter_vectors(4, 16, lanes, regs) == 'gradient'
    assert K.filter_vectors(16, 16, lanes, regs) == K.filter_vectors(16, 3, lanes, regs) == 'source'
    rng = np.random.default_rng(13)
    x = rng.standard_normal((8, 4, 16, 16)).astype(np.float32)
    t = rng.integers(0, 5, 8).astype(np.int32)
    runs = []
    for compiled in (False, True, None):
        if compiled is None:
            monkeypatch.setattr(registry, '_HOST', {})
        net = _convnet(14)
        opt = tapejit.optimizers.MomentumSGD(lr=0.05).setup(net)

        def step(x, t, net=net, opt=opt):
            loss = F.softmax_cross_entropy(net(x), t)
            net.cleargrads()
            loss.backward()
            opt.update()
            return loss
        step = tapejit.jit(step) if compiled is True else step
        losses = [float(step(x, t).array) for _ in range(3)]
        runs.append((losses, [p.array.copy() for p in net.params()]))
    (eager_losses, eager_params), (jit_losses, jit_params), (ref_losses, ref_params) = runs
    assert eager_losses[2] < eager_losses[0]
    for losses, params in ((jit_losses, jit_params), (ref_losses, ref_params)):
        np.testing.assert_allclose(losses, eager_losses, rtol=1e-5)
        for a, b in zip(params, eager_params):
            np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-5)


def test_filter_gradients_take_vectors_along_channels_that_fill_them():
    lanes, regs = K.machine(np.float32)
    assert K.filter_vectors(lanes, 3, lanes, regs) == 'source'
    assert K.filter_vectors(3 * lanes // 4, 64, lanes, regs) == 'source'
    assert K.filter_vectors(lanes // 2, 2 * lanes, lanes, regs) == 'gradient'
    assert K.filter_vectors(3, 3, 16, 32) is None
    # A tile of too few accumulators (3 x 1 x 2 on 16 registers) leaves the
    # channels' form: vectors along the pixels.
    assert C.channel_filter_tile(3, 9, 4, 16, 'gradient') == (3, 1, 2)
    assert K.filter_vectors(3, 32, 8, 16) is None
    assert K.filter_vectors(3, 32, 16, 32) == 'gradient'
    geo = dict(ksize=(3, 3), stride=(1, 1), pad=(1, 1), dilate=(1, 1), groups=1)
    text = K.describe('conv2d_filter', ((8, 32, 16, 16), (8, 64, 16, 16)), geo, 'float32')
    assert 'vectors along the channels' in text and 'channels last' in text, text
    text = K.describe('conv2d_filter', ((8, 4, 16, 16), (8, 64, 16, 16)), geo, 'float32')
    assert 'vectors along the output channels' in text, text


@pytest.mark.parametrize('channels, outs', [(24, 6), (3, 24), (2, 3)])
def test_a_filter_gradient_has_the_same_bits_on_one_core_or_many(channels, outs):
    # (Its parts, each summed on its own and then added, do not depend on
    # the cores: along the source's channels, the output gradient's, or
    # the pixels.)
    from tapejit.backends import threads
    rng = np.random.default_rng(12)
    x = rng.standard_normal((9, channels, 12, 12)).astype(np.float32)
    gy = rng.standard_normal((9, outs, 12, 12)).astype(np.float32)
    many = K.conv2d_filter(x, gy, (3, 3), (1, 1), (1, 1), (1, 1), 1)
    try:
        threads.set_max_threads(1)
        one = K.conv2d_filter(x, gy, (3, 3), (1, 1), (1, 1), (1, 1), 1)
    finally:
        threads.set_max_threads(None)
    np.testing.assert_array_equal(one, many)


def test_tiles_fit_the_registers_of_the_machine():
    for lanes, regs in ((16, 32), (8, 16), (4, 16), (2, 16)):
        for outs in (1, 3, 32, 64):
            r, v = C.forward_tile(outs, 1024, lanes, regs)
            assert r * v + v + r <= regs   # (accumulators, a tap's vectors and broadcasts)
            r, t = C.filter_tile(outs, 9, regs)
            assert r * t + r + 1 <= regs and 9 % t == 0
            for vectors in (1, 2, 4):
                r, t, v = C.channel_filter_tile(outs, 9, vectors, regs)
                assert r * t * v + t * v + 1 <= regs and 9 % t == 0 and vectors % v == 0
                r, t, v = C.channel_filter_tile(outs, 9, vectors, regs, 'gradient')
                assert r * t * v + v + 1 <= regs and 9 % t == 0 and vectors % v == 0
    lanes, regs = K.machine(np.float32)
    assert K.machine(np.float64) == (lanes // 2, regs)


def test_float16_and_integer_inputs_take_the_reference_path():
    x = np.random.default_rng(8).standard_normal((1, 2, 5, 5)).astype(np.float16)
    w = np.ones((3, 2, 3, 3), np.float16)
    y = F.convolution_2d(x, w, pad=1)
    assert y.dtype == np.float16
    np.testing.assert_allclose(y.array, _direct(x, w, (1, 1), (1, 1), (1, 1), 1, (5, 5)),
                               rtol=1e-2, atol=1e-2)
    assert not K.supported(x, w)


def test_explain_shows_each_convolution_kernels_tile_and_layout():
    W = tapejit.Variable(np.ones((4, 3, 3, 3), np.float32))

    def f(x):
        y = F.sum(F.convolution_2d(x, W, pad=1, stride=2))
        W.cleargrad()
        y.backward()
        return y
    text = tapejit.jit(f).explain(np.ones((2, 3, 9, 9), np.float32))
    lines = [ln for ln in text.splitlines() if ln.startswith('#   conv2d')]
    assert len(lines) == 2, text         # (x needs no gradient: no transpose)
    assert 'tile' in lines[0] and '4 phase(s) of 6x6' in lines[0], lines
    # (Its 5x5 output gradient is a small plane: the windows' product.)
    assert lines[1].startswith('#   conv2d_filter: planes under 4 vectors'), lines
    assert 'windows matrix (27 x 50' in lines[1] and '(4, 50) @ (50, 27)' in lines[1], lines
    text = tapejit.jit(f).explain(np.ones((2, 3, 17, 17), np.float32))
    lines = [ln for ln in text.splitlines() if ln.startswith('#   conv2d')]
    assert lines[1].startswith('#   conv2d_filter:') and 'taps in vectors' in lines[1], lines


def test_a_filter_gradient_is_not_overwritten_by_the_next():
    # (Its sums come from a scratch array the next call reuses: a result
    # that were a view of it would change under the caller.)
    rng = np.random.default_rng(9)
    x = rng.standard_normal((1, 4, 5, 5))
    gys = [rng.standard_normal((1, 2, 4, 4)) for _ in range(2)]
    first = K.conv2d_filter(x, gys[0], (2, 2), (1, 1), (0, 0), (1, 1), 2)
    kept = first.copy()
    K.conv2d_filter(x, gys[1], (2, 2), (1, 1), (0, 0), (1, 1), 2)
    np.testing.assert_array_equal(first, kept)


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_a_filter_gradient_along_the_pixels_sums_runs_of_images(dtype, monkeypatch):
    # (Vectors along the pixels: each part of the batch sums its images a
    # run at a time, a run as long as a tile's output-gradient rows fill
    # half the first-level cache: one or two 32x32 images here, so a part
    # of 48 images takes several runs; the lanes are summed at the end.)
    monkeypatch.setattr(K, 'filter_vectors', lambda *a, **k: None)
    rng = np.random.default_rng(4)
    x = rng.standard_normal((48, 3, 32, 32)).astype(dtype)
    gy = rng.standard_normal((48, 8, 32, 32)).astype(dtype)
    gw = K.conv2d_filter(x, gy, (3, 3), (1, 1), (1, 1), (1, 1), 1)
    pad = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (1, 1), (1, 1)))
    ref = np.zeros((8, 3, 3, 3))
    for ky in range(3):
        for kx in range(3):
            ref[:, :, ky, kx] = np.einsum('noij,ncij->oc', gy.astype(np.float64),
                                          pad[:, :, ky:ky + 32, kx:kx + 32])
    tol = dict(rtol=1e-4, atol=1e-3) if dtype == np.float32 else dict(rtol=1e-11, atol=1e-10)
    np.testing.assert_allclose(gw, ref, **tol)


def test_one_kernel_serves_every_batch_size():
    # (A last, smaller batch compiles nothing: the kernels count their
    # images at run time.)
    rng = np.random.default_rng(10)
    w = rng.standard_normal((5, 3, 3, 3)).astype(np.float32)
    for n in (4, 3, 1, 7):
        x = rng.standard_normal((n, 3, 9, 9)).astype(np.float32)
        gy = rng.standard_normal((n, 5, 9, 9)).astype(np.float32)
        y = K.conv2d(x, w, (1, 1), (1, 1), (1, 1), 1, (9, 9))
        gx = K.conv2d_transpose(gy, w, (1, 1), (1, 1), (1, 1), 1, (9, 9))
        gw = K.conv2d_filter(x, gy, (3, 3), (1, 1), (1, 1), (1, 1), 1)
        np.testing.assert_allclose(y, _direct(x, w, (1, 1), (1, 1), (1, 1), 1, (9, 9)),
                                   rtol=1e-4, atol=1e-4)
        ref = np.einsum('noij,ncij->oc', gy.astype(np.float64),
                        _padded(x, (3, 3), (1, 1), (1, 1), (1, 1), (9, 9))[:, :, 1:10, 1:10])
        np.testing.assert_allclose(gw[:, :, 1, 1], ref, rtol=1e-4, atol=1e-4)
        assert gx.shape == x.shape
        if n == 4:
            compiled = len(K._kernels)
    assert len(K._kernels) == compiled


def test_the_primitives_name_shapes_and_what_they_expect_on_bad_input():
    x = np.ones((1, 4, 5, 5), np.float32)
    p = dict(stride=(1, 1), pad=(0, 0), dilate=(1, 1), groups=1)
    with pytest.raises(tapejit.ShapeError, match=r'conv2d: image of shape \(1, 4, 5, 5\), '
                       r'filters \(2, 3, 3, 3\).*expected the image to have 3 channels'):
        convolution.conv2d(x, np.ones((2, 3, 3, 3), np.float32), out_size=(3, 3), **p)
    with pytest.raises(tapejit.ShapeError, match=r'conv2d_filter: .*\(1, 4, 5, 5\)'):
        convolution.conv2d_filter(x, np.ones((1, 2, 3, 3), np.float32), ksize=(3, 3),
                                  **dict(p, groups=3))
    with pytest.raises(tapejit.DTypeError, match='conv2d'):
        convolution.conv2d(x, np.ones((2, 4, 3, 3)), out_size=(3, 3), **p)


# (x shape, filters (O, kh, kw), stride, pad, dilate, groups): images whose
# rows are whole vectors, rows whose last vector is masked, a stride's
# phases stored a lane at a time, and tiles past the last vector.
ROW_CASES = [
    ((2, 3, 16, 16), (5, 3, 3), (1, 1), (1, 1), (1, 1), 1),
    ((2, 4, 12, 12), (6, 5, 5), (1, 1), (2, 2), (1, 1), 2),
    ((2, 3, 16, 16), (4, 3, 3), (2, 2), (1, 1), (1, 1), 1),
    ((1, 2, 9, 24), (3, 3, 3), (1, 1), (2, 1), (2, 1), 1),
    ((2, 3, 8, 8), (4, 3, 3), (1, 1), (1, 1), (1, 1), 1),
]


@pytest.mark.parametrize('width', [16, 32, 64])
def test_row_vectors_and_wide_rows_both_give_the_definition(width, monkeypatch):
    # Each vector width (bytes) as the kernels would be built for a machine
    # that has it: the correlations cut the rows into whole vectors where
    # that computes fewer pixels (row_vectors), else run along the wide
    # pixels; both modes, for the forward, the data gradient and the filter
    # gradient (which then reads the output gradient in rows of whole
    # vectors), equal the definition.
    monkeypatch.setattr(K, 'machine', lambda dtype: (width // np.dtype(dtype).itemsize, 32))
    lanes = width // 4
    modes = set()
    for shape, (o, kh, kw), s, p, d, groups in ROW_CASES:
        x, w, s, p, d, groups, out = _case((shape, (o, kh, kw), s, p, d, groups, False),
                                           np.float32, seed=3)
        fw = C.conv_forward(x.shape, w.shape, s, p, d, groups, out, lanes)
        tp = C.conv_transpose((x.shape[0], o) + out, w.shape, s, p, d, groups, x.shape[2:],
                              lanes)
        modes |= {bool(fw.corr.row_vectors)} | {bool(c.row_vectors) for c, _ in tp.phases}
        y = K.conv2d(x, w, s, p, d, groups, out)
        np.testing.assert_allclose(y, _direct(x, w, s, p, d, groups, out), rtol=1e-4,
                                   atol=1e-4)
        gy = np.random.default_rng(4).standard_normal(y.shape).astype(np.float32)
        gx = K.conv2d_transpose(gy, w, s, p, d, groups, x.shape[2:])
        ref = np.zeros(x.shape)
        for idx in itertools.islice(np.ndindex(x.shape), 0, None, max(1, x.size // 40)):
            e = np.zeros(x.shape)
            e[idx] = 1.0
            ref[idx] = np.sum(_direct(e, w.astype(np.float64), s, p, d, groups, out) * gy)
            np.testing.assert_allclose(gx[idx], ref[idx], rtol=1e-4, atol=1e-4)
        gw = K.conv2d_filter(x, gy, w.shape[2:], s, p, d, groups)
        for idx in np.ndindex(w.shape):
            e = np.zeros(w.shape)
            e[idx] = 1.0
            np.testing.assert_allclose(
                gw[idx], np.sum(_direct(x, e, s, p, d, groups, out) * gy), rtol=1e-4, atol=1e-4)
        # (A tile of three vectors leaves vectors past the last one.)
        corr = fw.corr
        packed = K.pack_filters(w, groups, corr.outs, corr.channels,
                                tuple(range(len(corr.taps))), 3)
        z = np.full((x.shape[0], o) + out, np.nan, np.float32)
        K.correlate(corr, K.lay_out(x, fw.src), packed, z.reshape(-1), (3, 3), lanes)
        np.testing.assert_allclose(z, y, rtol=1e-5, atol=1e-5)
    assert modes == ({True, False} if width == 64 else {True})


def test_row_vectors_are_chosen_where_they_compute_fewer_pixels():
    # 32 pixels a row, 34 wide: two whole vectors of 16 per row against 68
    # vectors along the wide rows; 28 of 30: two vectors (one masked) per
    # row would compute 32, the wide rows 30.
    assert C.conv_forward((1, 1, 32, 32), (1, 1, 3, 3), (1, 1), (1, 1), (1, 1), 1, (32, 32),
                          16).corr.vectors(16) == 64
    wide = C.conv_forward((1, 1, 28, 28), (1, 1, 3, 3), (1, 1), (1, 1), (1, 1), 1, (28, 28), 16)
    assert wide.corr.row_vectors == 0 and wide.corr.vectors(16) == -(-28 * 30 // 16)
    # explain() says which (describe, for this machine's vectors).
    lanes = K.machine(np.float32)[0]
    geo = dict(stride=(1, 1), pad=(1, 1), dilate=(1, 1), groups=1)
    assert 'rows of whole vectors' in K.describe(
        'conv2d', ((2, 3, 8, 4 * lanes), (4, 3, 3, 3)), dict(geo, out_size=(8, 4 * lanes)),
        'float32')
    # (Three images: no blocks of two to interleave.)
    assert 'wide rows' in K.describe('conv2d', ((3, 3, 8, 8), (4, 3, 3, 3)),
                                     dict(geo, out_size=(8, 8)), 'float32') or lanes < 16


def test_a_convolutions_bias_is_where_its_kernels_sums_start():
    # One primitive, no pass over the result to add the bias: eagerly, in a
    # compiled step, and decomposed into windows and a product (the CUDA
    # target's form), all equal to the convolution plus the bias.
    from tapejit.compiler.passes import decompose_convolutions
    from tapejit.ir.interpret import interpret
    from tapejit.ir.trace import trace_graph
    rng = np.random.default_rng(11)
    x = rng.standard_normal((3, 4, 12, 12)).astype(np.float32)
    w = rng.standard_normal((10, 2, 3, 3)).astype(np.float32)
    b = rng.standard_normal(10).astype(np.float32)

    def f(x, w, b):
        return F.convolution_2d(x, w, b, pad=1, groups=2)
    g = trace_graph(f, [x, w, b])
    assert [e.prim.name for e in g.eqns] == ['conv2d'] and len(g.eqns[0].inputs) == 3
    want = _direct(x, w, (1, 1), (1, 1), (1, 1), 2, (12, 12)) + b.reshape(1, -1, 1, 1)
    assert K.takes_plane(x, w)
    eager = f(x, w, b).array
    np.testing.assert_allclose(eager, want, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(tapejit.jit(f)(x, w, b).array, eager, rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(interpret(decompose_convolutions(g), [x, w, b])[0], eager,
                               rtol=1e-4, atol=1e-4)
    for fn in (f, tapejit.jit(f)):
        with pytest.raises(tapejit.ShapeError, match=r'convolution_2d: b has shape \(9,\); '
                                                     r'expected \(10,\)'):
            fn(x, w, b[:9])


@pytest.mark.parametrize('stride,pad', [((1, 1), (1, 1)), ((2, 2), (1, 0)), ((3, 2), (2, 1))])
def test_a_layout_writes_every_element_of_its_planes(stride, pad, monkeypatch):
    # Pixels copied, padding and slack zeroed, each element once: over a
    # scratch array full of NaN, the laid out planes equal the padded
    # image's phases with zeros everywhere else.
    rng = np.random.default_rng(12)
    x = rng.standard_normal((2, 3, 9, 11)).astype(np.float32)
    out = _out(x.shape, (3, 3), stride, pad, (1, 1), False)
    fw = C.conv_forward(x.shape, (4, 3, 3, 3), stride, pad, (1, 1), 1, out, 8)
    src = fw.src
    size = x.shape[0] * src.image
    monkeypatch.setattr(buffers._scratch, 'arrays', {('source', x.dtype): np.full(size, np.nan,
                                                                          np.float32)},
                        raising=False)
    got = K.lay_out(x, src).reshape(x.shape[0], 3, src.phases, src.plane)
    padded = np.zeros((2, 3, src.hq * stride[0] + stride[0], src.wq * stride[1] + stride[1]),
                      np.float32)
    padded[:, :, pad[0]:pad[0] + 9, pad[1]:pad[1] + 11] = x
    for a in range(stride[0]):
        for b in range(stride[1]):
            want = np.zeros((2, 3, src.plane), np.float32)
            phase = padded[:, :, a::stride[0], b::stride[1]][:, :, :src.hq, :src.wq]
            want[:, :, :src.hq * src.wq] = phase.reshape(2, 3, -1)
            np.testing.assert_array_equal(got[:, :, a * stride[1] + b], want)
    with pytest.raises(ValueError, match='plane'):
        C.Layout(1, 4, 4, (1, 1), 0, 0, 4, 5, 16)


@pytest.mark.parametrize('batch', [1, 2, 5, 16, 33])
def test_images_laid_out_by_the_kernels_items_give_the_definition(batch):
    # conv2d's items lay their own image out: an item per image, or per part
    # of an image's tiles of output channels where the images are few.
    rng = np.random.default_rng(13)
    x = rng.standard_normal((batch, 6, 10, 16)).astype(np.float32)
    w = rng.standard_normal((14, 3, 3, 3)).astype(np.float32)
    b = rng.standard_normal(14).astype(np.float32)
    y = K.conv2d(x, w, (1, 1), (1, 1), (1, 1), 2, (10, 16), bias=b)
    want = _direct(x, w, (1, 1), (1, 1), (1, 1), 2, (10, 16)) + b.reshape(1, -1, 1, 1)
    np.testing.assert_allclose(y, want, rtol=1e-4, atol=1e-4)
    y2 = K.conv2d(x, w, (2, 1), (0, 1), (1, 2), 2, (4, 14))
    np.testing.assert_allclose(y2, _direct(x, w, (2, 1), (0, 1), (1, 2), 2, (4, 14)),
                               rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
@pytest.mark.parametrize('case', CASES)
def test_the_windows_kernel_writes_the_definitions_windows(case, dtype):
    # Row (channel, tap), column (image, output pixel): the padded image's
    # pixel under that tap, zero in the padding, for every stride, padding,
    # dilation and cover_all; over a scratch matrix left by a larger call.
    x, w, s, p, d, _, out = _case(case, dtype)
    n, c = x.shape[:2]
    kh, kw = w.shape[2:]
    K.windows(np.ones((n + 1, c) + x.shape[2:], dtype), (kh, kw), s, p, d, out)
    got = K.windows(x, (kh, kw), s, p, d, out)
    img = _padded(x, (kh, kw), s, p, d, out)
    want = np.empty((c, kh, kw, n) + out, dtype)
    for ky, kx in np.ndindex(kh, kw):
        want[:, ky, kx] = img[:, :, ky * d[0]:ky * d[0] + s[0] * out[0]:s[0],
                              kx * d[1]:kx * d[1] + s[1] * out[1]:s[1]].transpose(1, 0, 2, 3)
    np.testing.assert_array_equal(got, want.reshape(c * kh * kw, -1))
    K.windows(np.ones_like(x), (kh, kw), s, p, d, out)    # (the caller's to keep)
    np.testing.assert_array_equal(got, want.reshape(c * kh * kw, -1))
    # Its adjoint adds each window back where it was read from: <windows(x),
    # cols> = <x, windows_add(cols)>, pixel by pixel (each a sum of the
    # windows that read it), over scratch and a result full of NaN.
    cols = np.random.default_rng(3).standard_normal(got.shape).astype(dtype)
    K.windows_add(np.full((c * kh * kw, (n + 1) * out[0] * out[1]), np.nan, dtype),
                  (n + 1, c) + x.shape[2:], (kh, kw), s, p, d, out)
    back = K.windows_add(cols, x.shape, (kh, kw), s, p, d, out,
                         out=np.full(x.shape, np.nan, dtype))
    ref = np.zeros(img.shape)
    per = cols.reshape(c, kh, kw, n, *out)
    for ky, kx in np.ndindex(kh, kw):
        ref[:, :, ky * d[0]:ky * d[0] + s[0] * out[0]:s[0],
            kx * d[1]:kx * d[1] + s[1] * out[1]:s[1]] += per[:, ky, kx].transpose(1, 0, 2, 3)
    ref = ref[:, :, p[0]:p[0] + x.shape[2], p[1]:p[1] + x.shape[3]]
    np.testing.assert_allclose(back, ref, **_tol(dtype))


def test_the_windows_cases_cover_both_forms_of_the_windows_kernels():
    # The cases above reach both forms: rows moved in registers straight
    # from the images (a stride of one, short rows) and the padded copy.
    forms = set()
    for case in CASES:
        x, w, s, p, d, _, out = _case(case, np.float32)
        src, taps = K._window_layout(x.shape, w.shape[2:], s, p, d, out, x.dtype)
        forms.add(gathers(src, out, len(taps)))
    assert forms == {True, False}


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_small_planes_take_their_windows_from_the_kernels(dtype, monkeypatch):
    # Planes under MIN_PLANE_VECTORS vectors: the windows' product, its
    # windows written (the convolution, its filter gradient) or added back
    # (its data gradient) by kernels, no strided copy through NumPy; each
    # equals the definition.
    rng = np.random.default_rng(14)
    x = rng.standard_normal((3, 8, 4, 4)).astype(dtype)
    w = rng.standard_normal((6, 4, 3, 3)).astype(dtype)
    gy = rng.standard_normal((3, 6, 2, 2)).astype(dtype)
    assert not K.takes_plane(x, w)

    def refused(*args, **kw):
        raise AssertionError('the windows were copied through NumPy')
    monkeypatch.setattr(convolution, '_im2col_impl', refused)
    monkeypatch.setattr(convolution, '_col2im_impl', refused)
    geo = dict(stride=(2, 1), pad=(1, 1), dilate=(1, 2), groups=2)
    y = convolution.conv2d.impl(x, w, out_size=(2, 2), **geo)
    np.testing.assert_allclose(y, _direct(x, w, (2, 1), (1, 1), (1, 2), 2, (2, 2)),
                               **_tol(dtype))
    gw = convolution.conv2d_filter.impl(x, gy, (3, 3), (2, 1), (1, 1), (1, 2), 2)
    inner = np.sum(_direct(x, w, (2, 1), (1, 1), (1, 2), 2, (2, 2)) * gy)
    np.testing.assert_allclose(np.sum(w.astype(np.float64) * gw), inner, **_tol(dtype))
    for idx in itertools.islice(np.ndindex(w.shape), 0, None, 7):
        e = np.zeros(w.shape)
        e[idx] = 1.0
        np.testing.assert_allclose(gw[idx], np.sum(_direct(x, e, (2, 1), (1, 1), (1, 2), 2,
                                                           (2, 2)) * gy), **_tol(dtype))
    gx = convolution.conv2d_transpose.impl(gy, w, (2, 1), (1, 1), (1, 2), 2, (4, 4))
    # A compiled training step over the same small planes equals eager.
    wv = tapejit.Variable(w.copy())

    def step(x):
        wv.cleargrad()
        xv = tapejit.Variable(x)
        y = F.convolution_2d(xv, wv, stride=(2, 1), pad=(1, 1), dilate=(1, 2), groups=2)
        loss = F.sum(y * y)
        loss.backward()
        return loss, xv.grad, wv.grad
    eager = [np.asarray(getattr(a, 'array', a)) for a in step(x)]
    for a, b in zip(tapejit.jit(step)(x), eager):
        np.testing.assert_allclose(np.asarray(getattr(a, 'array', a)), b, **_tol(dtype))
    # (Into an ``out`` of the other float dtype, as NumPy assigns it.)
    into = np.full(x.shape, np.nan, np.float32 if dtype == np.float64 else np.float64)
    got = convolution.conv2d_transpose.impl(gy, w, (2, 1), (1, 1), (1, 2), 2, (4, 4), out=into)
    assert got is into
    np.testing.assert_allclose(into, gx, rtol=1e-6, atol=1e-6)
    for idx in itertools.islice(np.ndindex(x.shape), 0, None, 5):
        e = np.zeros(x.shape)
        e[idx] = 1.0
        np.testing.assert_allclose(gx[idx], np.sum(_direct(e, w.astype(np.float64), (2, 1),
                                                           (1, 1), (1, 2), 2, (2, 2)) * gy),
                                   **_tol(dtype))


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
@pytest.mark.parametrize('images', [2, 4, 8])
def test_the_interleave_kernels_move_each_element_where_the_definition_says(images, dtype):
    # Block g holds x[g * L + l, c, y, i] at [g, c, y, i * L + l]; images
    # whose elements are no whole number of vectors end in masked chunks,
    # and images of more than a run of chunks span several items.
    rng = np.random.default_rng(images)
    for shape in [(images, 1, 1, 1), (2 * images, 3, 5, 7), (3 * images, 40, 9, 8),
                  (images, 1, 3, 33)]:
        x = rng.standard_normal(shape).astype(dtype)
        n, c, h, w = shape
        blocks = x.reshape(n // images, images, c, h, w).transpose(0, 2, 3, 4, 1).reshape(
            n // images, c, h, w * images)
        got = K.interleave(x, images)
        assert got.shape == blocks.shape and np.array_equal(got, blocks)
        back = K.deinterleave(blocks.copy(), images)
        assert back.dtype == dtype and np.array_equal(back, x)
        # (Into an ``out`` of its own dtype, and of the other one.)
        into = np.full(shape, np.nan, dtype)
        assert K.deinterleave(blocks.copy(), images, into) is into
        assert np.array_equal(into, x)
        other = np.full(shape, np.nan, np.float32 if dtype == np.float64 else np.float64)
        assert K.deinterleave(blocks.copy(), images, other) is other
        np.testing.assert_allclose(other, x, rtol=1e-6)
    # A batch the blocks do not fill, and rows that hold no whole block, are
    # refused, naming the shapes.
    from tapejit.core.errors import ShapeError
    with pytest.raises(ShapeError, match=r'interleave: 3 images of shape \(2, 4, 4\)'):
        K.interleave(np.zeros((3, 2, 4, 4), dtype), 2)
    with pytest.raises(ShapeError, match=r'deinterleave: blocks of shape \(1, 2, 4, 5\)'):
        K.deinterleave(np.zeros((1, 2, 4, 5), dtype), 2)


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_rows_narrower_than_a_vector_interleave_their_images(dtype, monkeypatch):
    # Result rows of lanes / 2 or lanes / 4 pixels: the kernels take blocks
    # of interleaved images (a vertical stride, dilation across and down,
    # groups, a bias, filters one tap wide or high); the convolution and
    # its data gradient equal the definition, and the explain text says so.
    lanes = K.machine(dtype)[0]
    taken = []
    real = K.interleave
    monkeypatch.setattr(K, 'interleave', lambda x, images: taken.append(images) or
                        real(x, images))
    rng = np.random.default_rng(5)
    geometries = [((3, 3), (1, 1), (1, 1), (1, 1), 1), ((3, 3), (2, 1), (0, 1), (1, 1), 2),
                  ((3, 3), (1, 1), (2, 2), (2, 2), 1), ((1, 3), (1, 1), (0, 1), (1, 1), 1),
                  ((3, 1), (1, 1), (1, 0), (1, 1), 2)]
    for row in (lanes // 2, lanes // 4):
        images = lanes // row
        for (kh, kw), s, p, d, groups in geometries:
            height = 16 * lanes // row      # (planes of 8-16 vectors: not small)
            n = 2 * images
            x = rng.standard_normal((n, 4, height, row)).astype(dtype)
            w = rng.standard_normal((6, 4 // groups, kh, kw)).astype(dtype)
            b = rng.standard_normal(6).astype(dtype)
            out = _out(x.shape, (kh, kw), s, p, d, False)
            gy = rng.standard_normal((n, 6) + out).astype(dtype)
            assert out[1] == row and K.takes_plane(x, x) and K.takes_plane(gy, w)
            taken.clear()
            y = convolution.conv2d.impl(x, w, b, stride=s, pad=p, dilate=d, groups=groups,
                                        out_size=out)
            assert taken == [images]
            ref = _direct(x, w, s, p, d, groups, out) + b.reshape(1, -1, 1, 1)
            np.testing.assert_allclose(y, ref, **_tol(dtype))
            gx = convolution.conv2d_transpose.impl(gy, w, s, p, d, groups, x.shape[2:])
            assert taken == [images, images]
            for idx in itertools.islice(np.ndindex(x.shape), 0, None, max(1, x.size // 9)):
                e = np.zeros(x.shape)
                e[idx] = 1.0
                np.testing.assert_allclose(
                    gx[idx], np.sum(_direct(e, w.astype(np.float64), s, p, d, groups, out) * gy),
                    **_tol(dtype))
            text = K.describe('conv2d', (x.shape, w.shape), dict(
                stride=s, pad=p, dilate=d, groups=groups, out_size=out), dtype)
            assert f'images interleaved pixel by pixel, {images} a block' in text
    # A data gradient whose rows (the input's) are narrower than a vector,
    # where the output gradient's are narrower still (no padding across).
    x = rng.standard_normal((4, 4, 32, lanes // 2)).astype(dtype)
    w = rng.standard_normal((6, 4, 3, 3)).astype(dtype)
    gy = rng.standard_normal((4, 6, 30, lanes // 2 - 2)).astype(dtype)
    taken.clear()
    gx = convolution.conv2d_transpose.impl(gy, w, (1, 1), (0, 0), (1, 1), 1, (32, lanes // 2))
    assert taken == [2]
    for idx in itertools.islice(np.ndindex(x.shape), 0, None, max(1, x.size // 9)):
        e = np.zeros(x.shape)
        e[idx] = 1.0
        np.testing.assert_allclose(
            gx[idx], np.sum(_direct(e, w.astype(np.float64), (1, 1), (0, 0), (1, 1), 1,
                                    gy.shape[2:]) * gy), **_tol(dtype))
    # A batch that blocks of images do not fill, and a stride across, are
    # computed on the images as they are.
    taken.clear()
    x = rng.standard_normal((3, 4, 8 * 2, lanes // 2)).astype(dtype)
    w = rng.standard_normal((6, 4, 3, 3)).astype(dtype)
    y = convolution.conv2d.impl(x, w, stride=(1, 1), pad=(1, 1), dilate=(1, 1), groups=1,
                                out_size=(16, lanes // 2))
    np.testing.assert_allclose(y, _direct(x, w, (1, 1), (1, 1), (1, 1), 1,
                                          (16, lanes // 2)), **_tol(dtype))
    x = rng.standard_normal((4, 4, 8 * 2, lanes)).astype(dtype)
    convolution.conv2d.impl(x, w, stride=(1, 2), pad=(1, 1), dilate=(1, 1), groups=1,
                            out_size=(16, lanes // 2))
    assert taken == []
    # A compiled step over such rows (its results written into the plan's
    # buffers) equals eager.
    x = rng.standard_normal((4, 4, 16, lanes // 2)).astype(dtype)
    wv = tapejit.Variable(w.copy())

    def step(x):
        wv.cleargrad()
        xv = tapejit.Variable(x)
        loss = F.sum(F.relu(F.convolution_2d(xv, wv, pad=1)) ** 2)
        loss.backward()
        return loss, xv.grad, wv.grad
    eager = [np.asarray(getattr(a, 'array', a)) for a in step(x)]
    taken.clear()
    for a, b in zip(tapejit.jit(step)(x), eager):
        np.testing.assert_allclose(np.asarray(getattr(a, 'array', a)), b, **_tol(dtype))
    assert taken == [2, 2]


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_filters_are_packed_as_the_tiles_read_them(dtype):
    # (groups, outs / R, channels, taps, R), zero past the last output
    # channel: blocks of R wider and narrower than a vector, a subset of the
    # taps (a strided data gradient's phase), groups.
    rng = np.random.default_rng(9)
    for groups, outs, channels, kk, taps, r_ in [
            (1, 256, 256, 9, tuple(range(9)), 16), (2, 5, 3, 9, (0, 2, 6, 8), 4),
            (3, 7, 1, 4, (1, 3), 5), (1, 32, 3, 9, tuple(range(9)), 4),
            (1, 10, 17, 25, tuple(range(25)), 48)]:
        w = rng.standard_normal((groups * outs, channels, kk)).astype(dtype)
        blocks = -(-outs // r_)
        ref = np.zeros((groups, blocks * r_, channels, len(taps)), dtype)
        ref[:, :outs] = w.reshape(groups, outs, channels, kk)[..., list(taps)]
        ref = ref.reshape(groups, blocks, r_, channels, len(taps)).transpose(0, 1, 3, 4, 2)
        got = K.pack_filters(w, groups, outs, channels, taps, r_)
        assert got.dtype == dtype and np.array_equal(got, ref.reshape(-1))
