"""The window primitives' layout: ``im2col`` gives Chainer's ``(N, C, kh, kw,
out_h, out_w)``, ``col2im`` is its adjoint, and poolings built on them
produce NCHW without a transpose, forward and backward; convolutions are
their own primitives, with no window matrix at all."""

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.ops.window import col2im, conv_outsize, im2col

# (ksize, stride, pad, dilate, cover_all) over a 7x6 image
WINDOWS = [((3, 3), (1, 1), (1, 1), (1, 1), False),
           ((2, 3), (2, 1), (1, 0), (1, 2), True),
           ((3, 2), (3, 2), (2, 1), (2, 1), True),
           ((1, 1), (2, 2), (0, 0), (1, 1), False)]


def _direct_im2col(x, k, s, p, d, out, fill):
    n, c, h, w = x.shape
    col = np.full((n, c) + k + out, fill, x.dtype)
    for j in range(k[0]):
        for i in range(k[1]):
            for oy in range(out[0]):
                for ox in range(out[1]):
                    y, xx = oy * s[0] + j * d[0] - p[0], ox * s[1] + i * d[1] - p[1]
                    if 0 <= y < h and 0 <= xx < w:
                        col[:, :, j, i, oy, ox] = x[:, :, y, xx]
    return col


def _out(h, w, k, s, p, d, cover):
    return (conv_outsize(h, k[0], s[0], p[0], cover, d[0]),
            conv_outsize(w, k[1], s[1], p[1], cover, d[1]))


@pytest.mark.parametrize('k, s, p, d, cover', WINDOWS)
def test_im2col_is_chainers_layout(k, s, p, d, cover):
    x = np.random.default_rng(0).standard_normal((2, 3, 7, 6))
    out = _out(7, 6, k, s, p, d, cover)
    col = im2col(x, ksize=k, stride=s, pad=p, dilate=d, out_size=out, pad_value=-5.0)
    assert col.shape == (2, 3) + k + out
    np.testing.assert_array_equal(col.array, _direct_im2col(x, k, s, p, d, out, -5.0))


@pytest.mark.parametrize('k, s, p, d, cover', WINDOWS)
def test_col2im_is_the_adjoint_of_im2col(k, s, p, d, cover):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2, 3, 7, 6))
    out = _out(7, 6, k, s, p, d, cover)
    g = rng.standard_normal((2, 3) + k + out)
    col = im2col(x, ksize=k, stride=s, pad=p, dilate=d, out_size=out, pad_value=0.0)
    img = col2im(g, stride=s, pad=p, dilate=d, size=(7, 6))
    assert img.shape == x.shape and img.array.flags.c_contiguous
    np.testing.assert_allclose(np.sum(col.array * g), np.sum(x * img.array), rtol=1e-12)


def _prims(fn, args):
    """The primitives of ``fn``'s jitted graph (its gradients recorded in it)."""
    graph = tapejit.jit(fn).lower(*[tapejit.Variable(a) for a in args])
    return [e.prim.name for e in graph.eqns]


@pytest.mark.parametrize('groups', [1, 2])
def test_convolution_and_its_gradients_need_no_transpose(groups):
    rng = np.random.default_rng(2)
    x = rng.standard_normal((2, 4, 5, 5)).astype(np.float32)
    W = rng.standard_normal((6, 4 // groups, 3, 3)).astype(np.float32)
    b = np.zeros(6, np.float32)

    def step(x, W, b):
        y = F.convolution_2d(x, W, b, pad=1, groups=groups)
        return tapejit.grad([F.sum(y * y)], [x, W, b])
    prims = _prims(step, [x, W, b])
    assert {'conv2d', 'conv2d_transpose', 'conv2d_filter'} <= set(prims), prims
    assert not {'transpose', 'im2col', 'col2im', 'matmul'} & set(prims), prims


def test_deconvolution_and_pooling_need_no_transpose():
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 4, 5, 5)).astype(np.float32)
    W = rng.standard_normal((4, 3, 3, 3)).astype(np.float32)

    def step(x, W):
        y = F.deconvolution_2d(x, W, stride=2, pad=1)
        z = F.max_pooling_2d(y, 3, stride=2, pad=1) + F.average_pooling_2d(y, 3, 2, 1)
        u = F.unpooling_2d(z, 2, cover_all=False)
        return tapejit.grad([F.sum(u * u)], [x, W])
    prims = _prims(step, [x, W])
    assert 'transpose' not in prims, prims


def test_max_pooling_indices_of_overlapping_windows():
    x = np.random.default_rng(4).permutation(50).reshape(1, 2, 5, 5).astype(np.float64)
    y, idx = F.max_pooling_2d(x, 3, stride=2, pad=1, return_indices=True)
    col = _direct_im2col(x, (3, 3), (2, 2), (1, 1), (1, 1), y.shape[2:], -np.inf)
    flat = col.reshape(1, 2, 9, *y.shape[2:])
    np.testing.assert_array_equal(idx, flat.argmax(axis=2))
    np.testing.assert_array_equal(y.array, flat.max(axis=2))


def test_compiled_windows_are_written_into_the_plans_reused_buffers():
    # (A fresh array per call above malloc's mmap threshold faults its pages
    # in again on every step.)
    rng = np.random.default_rng(0)
    W = tapejit.Variable(rng.standard_normal((8, 4, 3, 3)).astype(np.float32))

    def f(x):
        loss = F.sum(F.convolution_2d(x, W, pad=1) ** 2)
        W.cleargrad()
        loss.backward()
        return loss
    jf = tapejit.jit(f)
    for seed in (1, 2, 3):  # (the later calls reuse the buffers)
        x = rng.standard_normal((4, 4, 24, 24)).astype(np.float32)
        want = f(x)
        want_grad = W.grad.copy()
        np.testing.assert_allclose(jf(x).array, want.array, rtol=1e-5)
        np.testing.assert_allclose(W.grad, want_grad, rtol=1e-5)
    (plan,) = jf._plans()
    calls = [repr(st[0]) for k, st in plan.executable().plan.steps if k == 'call']
    assert 'conv2d (into a pooled buffer)' in calls, calls


@pytest.mark.parametrize('axis, keepdims', [((3, 5), False), ((-1, 3), True), (2, False),
                                            ((1, 2, 3, 4, 5), False)])
def test_max_and_min_over_a_pooling_windows_axes_equal_numpys(axis, keepdims):
    # (Few elements per window: reduced as elementwise maxima of views.)
    from tapejit.ops.reduction import max as rmax, min as rmin
    x = np.random.default_rng(5).standard_normal((3, 4, 5, 2, 6, 2)).astype(np.float32)
    x[0, 1, 2, 1, 3, 0] = np.nan
    for op, ref in ((rmax, np.max), (rmin, np.min)):
        got = op.impl(x, axis=axis, keepdims=keepdims)
        np.testing.assert_array_equal(got, ref(x, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize('dtype', [np.float32, np.float64, np.int32, np.int64])
def test_where_on_large_arrays_equals_numpys(dtype):
    # (Large NumPy arrays take the CPU's select kernel: NumPy's where
    # branches on each element.)
    from tapejit.ops.elementwise import where
    from tapejit.targets.cpu.host_ops import WHERE_MIN, takes_where
    rng = np.random.default_rng(6)
    x = (rng.standard_normal((2, WHERE_MIN)) * 10).astype(dtype)
    c = rng.standard_normal(x.shape) > 0
    if x.dtype.kind == 'f':
        x[0, :3] = [np.nan, np.inf, -np.inf]
    for a, b in ((x, x[::-1].copy()), (np.zeros((), dtype), x), (x, np.ones((1,), dtype))):
        assert takes_where(c, a, b)
        np.testing.assert_array_equal(where.impl(c, a, b), np.where(c, a, b))
    assert not takes_where(c[:, :10], x[:, :10], x[:, :10])       # (few elements)
    wide = np.zeros((1, 1, 1), dtype)
    assert where.impl(c, wide, x).shape == np.where(c, wide, x).shape == (1,) + c.shape
    # Operands that are views or broadcasts (a gradient broadcast from a
    # sum's: strides of 0) are taken too, as NumPy computes them.
    for a in (x[:, ::-1], np.broadcast_to(x[:1], x.shape), np.broadcast_to(x[0, 0], x.shape),
              x[0]):
        assert takes_where(c, a, x)
        np.testing.assert_array_equal(where.impl(c, a, x), np.where(c, a, x))
        np.testing.assert_array_equal(where.impl(c, x, a), np.where(c, x, a))


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_maximum_and_minimum_on_large_arrays_equal_numpys_and_take_the_kernel(
        dtype, monkeypatch):
    # (NumPy's maximum of an array and a scalar runs about 4x slower than
    # its add; a ReLU is one.)
    from tapejit.ops.elementwise import maximum, minimum
    from tapejit.targets.cpu import host_ops
    calls = []
    monkeypatch.setattr(host_ops, '_elementwise', lambda *a, f=host_ops._elementwise: (
        calls.append(a[0]), f(*a))[1])
    rng = np.random.default_rng(7)
    x = rng.standard_normal((3, host_ops.WHERE_MIN)).astype(dtype)
    y = rng.standard_normal(x.shape).astype(dtype)
    x[0, :3], y[1, :2] = [np.nan, np.inf, -np.inf], [np.nan, 0.0]
    zero = np.zeros((), dtype)
    for prim, ref in ((maximum, np.maximum), (minimum, np.minimum)):
        for a, b in ((x, zero), (zero, x), (x, y), (np.ones((1,), dtype), y)):
            assert host_ops.takes_binary(a, b)
            got = prim.impl(a, b)
            assert got.shape == ref(a, b).shape
            np.testing.assert_array_equal(got, ref(a, b))
    assert calls == ['maximum'] * 4 + ['minimum'] * 4
    # A one-element operand of more axes broadcasts the result to them.
    wide = np.zeros((1, 1, 1), dtype)
    for prim, ref in ((maximum, np.maximum), (minimum, np.minimum), (maximum, np.maximum)):
        assert prim.impl(wide, x[0]).shape == ref(wide, x[0]).shape == (1, 1, x.shape[1])
    assert not host_ops.takes_binary(x[:, :10], zero)                  # (few elements)
    assert not host_ops.takes_binary(x.astype(np.int32), zero.astype(np.int32))
    assert not host_ops.takes_binary(x[:, ::-1], zero)                 # (not contiguous)


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_sums_over_outer_and_inner_axes_take_the_kernel_and_equal_float64_sums(
        dtype, monkeypatch):
    # (A convolution's bias gradient: NumPy's sum over axes 0, 2 and 3 runs
    # several times slower than over contiguous ones.)
    from tapejit.ops.reduction import sum as rsum
    from tapejit.targets.cpu import host_ops
    taken = []
    monkeypatch.setattr(host_ops, '_sum_kernel', lambda dt, f=host_ops._sum_kernel: (
        taken.append(dt), f(dt))[1])
    x = np.random.default_rng(8).standard_normal((9, 5, 37, 41)).astype(dtype) + 3
    cases = [((0, 2, 3), False, True), ((0, 2, 3), True, True), ((-4, -1), False, True),
             ((0, 3), True, True), ((0,), False, False), ((2, 3), False, False),
             (None, False, False)]
    for axis, keepdims, kernel in cases:
        taken.clear()
        got = rsum.impl(x, axis=axis, keepdims=keepdims)
        want = x.astype(np.float64).sum(axis=axis, keepdims=keepdims)
        assert got.dtype == x.dtype and got.shape == np.shape(want), (axis, got.shape)
        np.testing.assert_allclose(got, want, rtol=1e-6 if dtype == np.float32 else 1e-13)
        assert bool(taken) == kernel, (axis, taken)
    with pytest.raises(ValueError):
        rsum.impl(x, axis=(0, 0, 2, 3))


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
@pytest.mark.parametrize('row', [(), (7,), (3, 5)])
def test_add_rows_on_large_arrays_equals_numpys_add_at_bit_for_bit(dtype, row):
    # (An embedding's gradient: the CPU's row kernel, in add.at's order.)
    from tapejit.ops.window import add_rows
    from tapejit.targets.cpu.host_ops import ADD_ROWS_MIN, takes_add_rows
    rng = np.random.default_rng(7)
    ids = rng.integers(-9, 12, (ADD_ROWS_MIN // 8, 8))   # (repeats, negative, out of range)
    g = rng.standard_normal(ids.shape + row).astype(dtype)
    assert takes_add_rows(g, ids)
    want = np.zeros((9,) + row, dtype)
    np.add.at(want, np.clip(np.where(ids < 0, ids + 9, ids), 0, 8), g)
    got = add_rows.impl(g, ids.astype(np.int32), rows=9)
    assert got.dtype == dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)
    # (A view of g, and a plan's call: the same.)
    np.testing.assert_array_equal(add_rows.impl(g[::1], ids, rows=9), want)
    assert not takes_add_rows(g[:2], ids[:2])                     # (few elements)


def test_a_compiled_embedding_gradient_equals_eagers():
    import tapejit
    import tapejit.functions as F
    rng = np.random.default_rng(8)
    w = rng.standard_normal((50, 32)).astype(np.float32)
    ids = rng.integers(0, 50, (64, 3)).astype(np.int32)

    def grad(w, ids):
        wv = tapejit.Variable(w)
        F.sum(F.embed_id(ids, wv) ** 2).backward()
        return wv.grad

    want = grad(w, ids)
    got = tapejit.jit(grad)(w, ids)
    np.testing.assert_array_equal(np.asarray(got), want)
    ref = np.zeros_like(w)
    np.add.at(ref, ids.reshape(-1), 2 * w[ids].reshape(-1, 32))
    np.testing.assert_allclose(want, ref, rtol=1e-6)


def test_add_rows_into_no_rows_is_an_index_error():
    from tapejit.ops.window import add_rows
    g = np.ones((2048, 2), np.float32)
    with pytest.raises(IndexError, match='add_rows'):
        add_rows.impl(g, np.zeros(2048, np.int64), rows=0)


@pytest.mark.parametrize('groups, stride, dilate', [(1, 1, 1), (2, 1, 1), (1, 2, 1), (2, 1, 2)])
def test_filter_gradient_of_small_planes_is_one_product_equal_to_a_float64_reference(
        groups, stride, dilate):
    # (Planes under MIN_PLANE_VECTORS vectors: the windows times the output gradient
    # over all the images' pixels at once, not the direct kernel.)
    from numpy.lib.stride_tricks import sliding_window_view
    from tapejit.ops.convolution import conv2d_filter
    from tapejit.targets.cpu.contraction import takes_plane
    rng = np.random.default_rng(9)
    n, c, o, hw, k = 6, 8, 12, 5, 3
    span = dilate * (k - 1) + 1
    oh = (hw + 2 - span) // stride + 1
    x = rng.standard_normal((n, c, hw, hw)).astype(np.float32)
    gy = rng.standard_normal((n, o, oh, oh)).astype(np.float32)
    assert not takes_plane(gy, x)
    got = conv2d_filter.impl(x, gy, ksize=(k, k), stride=(stride, stride), pad=(1, 1),
                             dilate=(dilate, dilate), groups=groups)
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (1, 1), (1, 1)))
    win = sliding_window_view(xp, (span, span), axis=(2, 3))[
        :, :, ::stride, ::stride, ::dilate, ::dilate][:, :, :oh, :oh]  # (n, c, oh, ow, k, k)
    cg, og = c // groups, o // groups
    want = np.concatenate([
        np.einsum('nopq,ncpqij->ocij', gy[:, g * og:(g + 1) * og].astype(np.float64),
                  win[:, g * cg:(g + 1) * cg]) for g in range(groups)])
    assert got.shape == (o, cg, k, k)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize('groups, stride, dilate', [(1, 1, 1), (2, 1, 1), (1, 2, 1), (2, 2, 2)])
def test_convolution_and_data_gradient_of_small_planes_equal_the_kernels(groups, stride, dilate):
    # (Under MIN_PLANE_VECTORS vectors both take one product of the windows; the
    # direct kernels, called as they are, give the same values.)
    from tapejit.ops.convolution import conv2d, conv2d_transpose
    from tapejit.targets.cpu import contraction as K
    rng = np.random.default_rng(10)
    n, c, o, hw, k = 5, 8, 12, 5, 3   # (25 pixels: under 4 vectors of 8)
    span = dilate * (k - 1) + 1
    oh = (hw + 2 - span) // stride + 1
    x = rng.standard_normal((n, c, hw, hw)).astype(np.float32)
    w = rng.standard_normal((o, c // groups, k, k)).astype(np.float32)
    gy = rng.standard_normal((n, o, oh, oh)).astype(np.float32)
    assert not K.takes_plane(x, w) and not K.takes_plane(gy, w)
    p = dict(stride=(stride, stride), pad=(1, 1), dilate=(dilate, dilate), groups=groups)
    y = conv2d.impl(x, w, out_size=(oh, oh), **p)
    gx = conv2d_transpose.impl(gy, w, size=(hw, hw), **p)
    args = ((stride, stride), (1, 1), (dilate, dilate), groups)
    np.testing.assert_allclose(y, K.conv2d(x, w, *args, (oh, oh)), rtol=1e-5, atol=1e-4)
    np.testing.assert_allclose(gx, K.conv2d_transpose(gy, w, *args, (hw, hw)),
                               rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize('vector_bytes, takes_6x6', [(64, False), (32, True)])
def test_the_small_plane_bound_follows_the_machines_vector_width(monkeypatch, vector_bytes,
                                                                 takes_6x6):
    # (Four vectors of pixels: 64 float32 with AVX-512, 32 with AVX.)
    from tapejit.targets.cpu import contraction as K
    monkeypatch.setattr(K, '_vectors', [(vector_bytes, 32 if vector_bytes == 64 else 16)])
    x = np.zeros((2, 3, 6, 6), np.float32)
    assert K.takes_plane(x, x) is takes_6x6
    assert not K.takes_plane(x[..., :5, :5], x[..., :5, :5])
    assert K.takes_plane(np.zeros((2, 3, 8, 8), np.float32), x)
