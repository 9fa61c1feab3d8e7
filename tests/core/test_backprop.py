"""Backprop semantics: backward(), tapejit.grad(), double backprop, modes, FunctionNode."""

import gc
import threading
import tracemalloc
import weakref

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import FunctionNode, Variable


def v(a, dtype=np.float64, **kw):
    return Variable(np.asarray(a, dtype=dtype), **kw)


class Counted(FunctionNode):
    """Identity-times-k that counts its backward calls."""

    calls = 0

    def __init__(self, k=1.0):
        self.k = k

    def forward(self, inputs):
        x, = inputs
        return x * self.k,

    def backward(self, target_input_indexes, grad_outputs):
        Counted.calls += 1
        gy, = grad_outputs
        return gy * self.k,


def counted(x, k=1.0):
    return Counted(k).apply((x,))[0]


# ------------------------------------------------------------------ backward
def test_scalar_output_starts_from_ones_and_sets_its_grad():
    x = v([3.0])
    y = x * x
    y.backward()
    np.testing.assert_array_equal(x.grad, [6.0])
    assert y.grad is None  # as in Chainer: the implicit ones are not stored


def test_gradients_accumulate_until_cleargrad():
    x = v([1.0, 2.0])
    for k in range(1, 4):
        F.sum(x * x).backward()
        np.testing.assert_array_equal(x.grad, [2.0 * k, 4.0 * k])
    x.cleargrad()
    F.sum(x * x).backward()
    np.testing.assert_array_equal(x.grad, [2.0, 4.0])


def test_intermediate_grads_released_unless_retained():
    x = v([1.0, 2.0])
    h = x * 3
    F.sum(h * h).backward()
    assert h.grad is None
    x.cleargrad()
    h = x * 3
    F.sum(h * h).backward(retain_grad=True)
    np.testing.assert_array_equal(h.grad, [6.0, 12.0])
    assert h.grad_var.array is h.grad


def test_diamond_graph_each_backward_called_once():
    Counted.calls = 0
    x = v([2.0])
    a = counted(x)
    b = counted(a, 2.0)
    c = counted(a, 3.0)
    d = counted(b * c)
    d.backward()
    assert Counted.calls == 4  # a, b, c, d once each, a after both b and c
    # d = (2a)(3a) = 6 x^2  ->  12 x
    np.testing.assert_allclose(x.grad, [24.0])


def test_double_and_triple_backprop():
    x = v([0.5, 1.5])
    y = F.sum(x ** 4)
    y.backward(enable_double_backprop=True)
    gx = x.grad_var
    np.testing.assert_allclose(gx.array, 4 * x.array ** 3)
    x.cleargrad()
    F.sum(gx).backward(enable_double_backprop=True)
    ggx = x.grad_var
    np.testing.assert_allclose(ggx.array, 12 * x.array ** 2)
    x.cleargrad()
    F.sum(ggx).backward()
    np.testing.assert_allclose(x.grad, 24 * x.array)


def test_without_double_backprop_the_grad_has_no_graph():
    x = v([1.0])
    (x * x).backward()
    assert x.grad_var.creator is None


def test_loss_scale_scales_gradients_like_chainer():
    x = v([1.0, 2.0])
    F.sum(x * x).backward(loss_scale=8.0)
    np.testing.assert_array_equal(x.grad, [16.0, 32.0])
    assert x._loss_scale == 8.0


def test_backward_from_root_sets_ones_like_chainer():
    x = v([1.0])
    x.backward(loss_scale=2.0)
    np.testing.assert_array_equal(x.grad, [2.0])


def test_user_set_output_grad_is_consumed_unless_retained():
    x = v([1.0, 2.0])
    y = x * 3
    y.grad = np.ones(2)
    y.backward()
    assert y.grad is None
    np.testing.assert_array_equal(x.grad, [3.0, 3.0])
    y = x * 3
    y.grad = np.ones(2)
    y.backward(retain_grad=True)
    np.testing.assert_array_equal(y.grad, [1.0, 1.0])


def test_backward_accumulate_override_is_used():
    class Acc(FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 2,

        def backward_accumulate(self, target_input_indexes, grad_outputs, grad_inputs):
            gy, = grad_outputs
            g_in, = grad_inputs
            g = gy * 2
            return (g if g_in is None else g + g_in),

    x = v([1.0, 2.0])
    y, = Acc().apply((x,))
    F.sum(y * x).backward()
    np.testing.assert_array_equal(x.grad, [4.0, 8.0])  # d/dx (2x * x) = 4x


def test_grad_of_input_without_requires_grad_and_retain_grad_leaves_inputs_alone():
    x = v([1.0, 2.0], requires_grad=False)
    w = v([3.0, 4.0])
    gx, gw = tapejit.grad([F.sum(x * w)], [x, w], retain_grad=True)
    np.testing.assert_array_equal(gx.array, [3.0, 4.0])
    np.testing.assert_array_equal(gw.array, [1.0, 2.0])
    assert w.grad is None


def test_backward_errors_where_chainer_is_silent():
    x = v([[1.0, 2.0]])
    with pytest.raises(tapejit.GradientError, match=r'shape \(1, 2\).*set `y.grad`'):
        (x * 2).backward()
    xb = Variable(np.array([True, False]))
    yb = F.identity(xb)
    yb.grad = np.ones(2, bool)
    with pytest.raises(tapejit.DTypeError, match=r'dtype bool.*True \+ True is True'):
        yb.backward()
    y = x * 2
    with pytest.raises(tapejit.ShapeError, match=r'gradient shape \(2,\).*\(1, 2\)'):
        y.grad = np.ones(2)
    with pytest.raises(tapejit.DTypeError, match='gradient dtype float32.*float64'):
        y.grad = np.ones((1, 2), np.float32)



# ------------------------------------------------------- integer backprop
class Times(FunctionNode):
    """``x * k`` for an integer ``k``, whose backward keeps the gradient's dtype."""

    def __init__(self, k):
        self.k = k

    def forward(self, inputs):
        return inputs[0] * inputs[0].dtype.type(self.k),

    def backward(self, target_input_indexes, grad_outputs):
        return grad_outputs[0] * self.k,


class Combine(FunctionNode):
    """``a + 2 b + 3 c``: gradients of three inputs from one output."""

    def forward(self, inputs):
        a, b, c = inputs
        return a + 2 * b + 3 * c,

    def backward(self, target_input_indexes, grad_outputs):
        gy, = grad_outputs
        return gy, gy * 2, gy * 3


@pytest.mark.parametrize('lazy', [False, True])
@pytest.mark.parametrize('dtype', [np.int8, np.int32, np.int64, np.uint8, np.uint16])
def test_integer_backward_through_user_function_nodes(dtype, lazy):
    # As in Chainer: a user's integer gradient runs through the backward
    # methods in the integer dtype, and the branches' gradients add up.
    x = Variable(np.arange(6, dtype=dtype).reshape(2, 3))
    with tapejit.using_config('lazy_grad_sum', lazy):
        y0 = F.identity(x)
        y, = Combine().apply([Times(k).apply((y0,))[0] for k in (1, 2, 3)])
        y.grad = np.ones(y.shape, dtype)
        y.backward()
    assert x.grad.dtype == dtype
    np.testing.assert_array_equal(x.grad, np.full((2, 3), 1 + 4 + 9))
    assert y.grad is None


@pytest.mark.parametrize('lazy', [False, True])
@pytest.mark.parametrize('dtype', [np.int16, np.int32, np.int64, np.uint32])
def test_integer_backward_through_builtin_functions(dtype, lazy):
    x = Variable(np.array([[1, 2], [3, 4]], dtype))
    w = Variable(np.array([[1, 0], [2, 1]], dtype))
    with tapejit.using_config('lazy_grad_sum', lazy):
        h = F.concat([x * 3 + x - w, F.transpose(x)], axis=0)
        y = F.reshape(F.matmul(h, w), (8,))[1:7]
        y.grad = np.arange(6, dtype=dtype)
        y.backward()
    # The same graph in float64 gives the integer gradients' values.
    xf, wf = Variable(x.array.astype(np.float64)), Variable(w.array.astype(np.float64))
    hf = F.concat([xf * 3 + xf - wf, F.transpose(xf)], axis=0)
    F.sum(F.reshape(F.matmul(hf, wf), (8,))[1:7] * np.arange(6.0)).backward()
    for v_int, v_float in ((x, xf), (w, wf)):
        assert v_int.grad.dtype == dtype
        np.testing.assert_array_equal(v_int.grad, v_float.grad.astype(np.int64).astype(dtype))


def test_integer_scalar_backward_starts_from_integer_ones():
    x = Variable(np.array(3, np.int32))
    y = -(x * 5)
    y.backward()
    assert x.grad.dtype == np.int32 and x.grad == -5
    r = Variable(np.array(7, np.int64))
    r.backward(loss_scale=4)  # an integer scale scales the integer ones
    assert r.grad.dtype == np.int64 and r.grad == 4


def test_integer_gradients_reach_floating_inputs_through_cast():
    # A float node (the cast back) receives integer gradients and returns
    # float ones; an integer leaf cast to float gets none, as in Chainer.
    x = Variable(np.array([1.5, 2.5], np.float32))
    k = Variable(np.array([1, 2], np.int32))
    y = F.cast(x, np.int32) * 2 + F.cast(F.cast(k, np.float32), np.int32)
    y.grad = np.array([1, 3], np.int32)
    y.backward()
    assert x.grad.dtype == np.float32
    np.testing.assert_array_equal(x.grad, [2.0, 6.0])
    assert k.grad is None


def test_integer_grad_and_double_backprop():
    x = Variable(np.array([1, 2, 3], np.int64))
    gx, = tapejit.grad([x * x * 2], [x], grad_outputs=[np.ones(3, np.int64)],
                       enable_double_backprop=True)
    np.testing.assert_array_equal(gx.array, [4, 8, 12])
    ggx, = tapejit.grad([gx], [x], grad_outputs=[np.ones(3, np.int64)])
    assert ggx.dtype == np.int64
    np.testing.assert_array_equal(ggx.array, [4, 4, 4])


def test_integer_backward_errors():
    x = Variable(np.array(3, np.int32))
    with pytest.raises(tapejit.DTypeError, match=r'backward: loss_scale 2\.5 cannot scale '
                       r'.*dtype int32.*expected an integer loss_scale'):
        (x * 2).backward(loss_scale=2.5)
    with pytest.raises(tapejit.DTypeError, match=r'grad: loss_scale 2\.0 .*dtype int32'):
        tapejit.grad([x * 2], [x], loss_scale=2.0)
    y = F.identity(Variable(np.array([1, 2], np.int32)))
    with pytest.raises(tapejit.DTypeError, match='gradient dtype float32.*int32'):
        y.grad = np.ones(2, np.float32)

    class Widening(FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 2,

        def backward(self, target_input_indexes, grad_outputs):
            return F.cast(grad_outputs[0], np.int64) * 2,

    # Summed over a broadcast axis, an int32 gradient widens as NumPy sums it
    # (as in Chainer, whose backward fails there too).
    b = Variable(np.array([1, 2], np.int32))
    y = Variable(np.ones((3, 2), np.int32)) * b
    y.grad = np.ones((3, 2), np.int32)
    with pytest.raises(tapejit.DTypeError, match=r'mul: the dtype of gradients returned from '
                       r'backward is incorrect: int64 for input 1, whose dtype is int32'):
        y.backward()

    z, = Widening().apply((Variable(np.array([1, 2], np.int32)),))
    z.grad = np.ones(2, np.int32)
    with pytest.raises(tapejit.DTypeError, match=r'Widening: the dtype of gradients returned '
                       r'from backward is incorrect: int64 for input 0, whose dtype is int32'):
        z.backward()

def test_bad_user_backward_is_reported_with_the_function_name():
    class Bad(FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 2,

        def backward(self, target_input_indexes, grad_outputs):
            return Variable(np.ones(3)),

    x = v([1.0, 2.0])
    y, = Bad().apply((x,))
    with pytest.raises(tapejit.ShapeError, match=r'Bad: the shape of gradients returned from '
                                                 r'backward is incorrect: \(3,\) for input 0'):
        F.sum(y).backward()


# ---------------------------------------------------------------------- grad
def test_grad_only_runs_paths_between_outputs_and_inputs():
    Counted.calls = 0
    x = v([1.0])
    w = v([2.0])
    a = counted(x)          # on the path
    b = counted(w)          # leads only to w: must not run
    y = counted(a * b)      # on the path
    gx, = tapejit.grad([y], [x])
    np.testing.assert_allclose(gx.array, [2.0])
    assert Counted.calls == 2
    assert x.grad is None and w.grad is None  # grad() does not set .grad


def test_grad_unreachable_input_is_none_and_options():
    x, z = v([1.0, 2.0]), v([3.0])
    y = F.sum(x * x)
    gx, gz = tapejit.grad([y], [x, z])
    assert gz is None
    np.testing.assert_allclose(gx.array, [2.0, 4.0])
    gx, = tapejit.grad([y], [x], grad_outputs=[np.array(3.0)],
                       grad_inputs=[np.array([1.0, 1.0])], set_grad=True)
    np.testing.assert_allclose(gx.array, [7.0, 13.0])
    assert x.grad_var is gx
    gx, = tapejit.grad([x * 2], [x], loss_scale=2.0)
    np.testing.assert_allclose(gx.array, [4.0, 4.0])  # non-scalar outputs start from ones


def test_grad_wrt_intermediate_and_retain_grad():
    x = v([1.0, 2.0])
    h = x * 3
    y = F.sum(h * h)
    gh, gx = tapejit.grad([y], [h, x], retain_grad=True)
    np.testing.assert_allclose(gh.array, [6.0, 12.0])
    np.testing.assert_allclose(gx.array, [18.0, 36.0])


def test_grad_nests_to_third_order():
    x = v([0.7, -1.3])
    y = F.sum(F.tanh(x))
    g1, = tapejit.grad([y], [x], enable_double_backprop=True)
    g2, = tapejit.grad([F.sum(g1)], [x], enable_double_backprop=True)
    g3, = tapejit.grad([F.sum(g2)], [x])
    t = np.tanh(x.array)
    np.testing.assert_allclose(g1.array, 1 - t ** 2)
    np.testing.assert_allclose(g2.array, -2 * t * (1 - t ** 2))
    np.testing.assert_allclose(g3.array, -2 * (1 - t ** 2) ** 2 + 4 * t ** 2 * (1 - t ** 2))


def test_hessian_vector_product():
    rng = np.random.default_rng(0)
    xa, va = rng.standard_normal(5), rng.standard_normal(5)
    x = v(xa)
    g, = tapejit.grad([F.sum(F.tanh(x) ** 3)], [x], enable_double_backprop=True)
    hv, = tapejit.grad([F.sum(g * va)], [x])
    t = np.tanh(xa)
    d2 = 6 * t * (1 - t ** 2) ** 2 - 6 * t ** 3 * (1 - t ** 2)
    np.testing.assert_allclose(hv.array, d2 * va, rtol=1e-10)


def test_grad_argument_errors():
    x = v([1.0])
    with pytest.raises(ValueError, match='grad_outputs has 2 entries but there are 1'):
        tapejit.grad([x * 2], [x], grad_outputs=[None, None])
    with pytest.raises(TypeError, match=r'inputs\[0\] must be a Variable'):
        tapejit.grad([x * 2], [np.ones(1)])


# --------------------------------------------------------------------- modes
def test_no_backprop_and_force_backprop_modes():
    x = v([1.0])
    with tapejit.no_backprop_mode():
        y = x * 2
        with tapejit.force_backprop_mode():
            z = x * 2
    assert y.creator is None and z.creator is not None
    assert tapejit.config.enable_backprop


def test_no_backprop_mode_is_thread_local():
    seen = {}
    ready, done = threading.Event(), threading.Event()

    def worker():
        with tapejit.no_backprop_mode():
            ready.set()
            done.wait(5)
            seen['worker'] = tapejit.config.enable_backprop

    t = threading.Thread(target=worker)
    t.start()
    ready.wait(5)
    seen['main'] = tapejit.config.enable_backprop
    y = v([1.0]) * 2
    done.set()
    t.join()
    assert seen == {'main': True, 'worker': False}
    assert y.creator is not None


# -------------------------------------------------------------- FunctionNode
class Cube(FunctionNode):
    def forward(self, inputs):
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        x, = inputs
        return x ** 3,

    def backward(self, target_input_indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        return 3 * y / x * gy,   # written in tapejit ops: differentiable again


def test_user_function_node_double_backprop():
    x = v([2.0, 3.0])
    y, = Cube().apply((x,))
    np.testing.assert_allclose(y.array, [8.0, 27.0])
    g, = tapejit.grad([F.sum(y)], [x], enable_double_backprop=True)
    np.testing.assert_allclose(g.array, [12.0, 27.0])
    gg, = tapejit.grad([F.sum(g)], [x])
    np.testing.assert_allclose(gg.array, [12.0, 18.0])
    tapejit.gradient_check.check_double_backward(
        lambda x: Cube().apply((x,))[0], np.array([1.5, -0.7]), np.array([1.0, 2.0]),
        np.array([0.3, 0.4]))


def test_retained_output_survives_dropping_the_output_variable():
    x = v([2.0])
    node = Cube()
    y, = node.apply((x,))
    z = F.sum(y * 1.0)
    del y
    gc.collect()
    z.backward()
    np.testing.assert_allclose(x.grad, [12.0])


# -------------------------------------------------------------------- memory
def test_graph_is_freed_when_outputs_are_dropped():
    x = v(np.ones(100))
    y = F.sum(F.tanh(x * 2) ** 2)
    ref = weakref.ref(y.creator_node)
    y.backward()
    del y
    gc.collect()
    assert ref() is None


def test_eager_training_loop_memory_is_flat():
    rng = np.random.default_rng(0)
    W = Variable(rng.standard_normal((8, 4)).astype(np.float32) * 0.1)
    b = Variable(np.zeros(8, np.float32))
    xb = rng.standard_normal((16, 4)).astype(np.float32)
    t = rng.integers(0, 8, 16)

    def step():
        loss = F.softmax_cross_entropy(F.linear(xb, W, b), t)
        W.cleargrad()
        b.cleargrad()
        loss.backward()
        W.array -= 0.1 * W.grad
        b.array -= 0.1 * b.grad

    for _ in range(200):
        step()
    gc.collect()
    # Every allocation traced: 6.5 bytes a step at most, less than a pointer,
    # so anything kept per step shows (a step costs some 5x under tracing;
    # tests/integration/test_memory.py runs 10,000 eager steps untraced).
    steps = 2_500
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for _ in range(steps):
        step()
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    assert grown < steps * 6.5, f'eager loop grew by {grown} bytes over {steps:,} steps'


def test_grad_retain_grad_leaves_the_inputs_their_gradients():
    # (As Chainer: every variable computed by a function keeps its gradient,
    # an input whose creator is off every path too; a leaf keeps its own.)
    def var(v):
        return tapejit.Variable(np.array(v, np.float32))
    x0 = var(0.5)
    x1 = x0 + x0
    x2 = x1 * 2.0
    x0.grad_var = var(-1.0)
    x1.grad_var = var(-1.0)
    g1, g2 = tapejit.grad([x2], [x1, x2], [var(1.0)], [var(10.0), var(100.0)],
                          retain_grad=True)
    assert (float(g1.array), float(g2.array)) == (212.0, 101.0)
    assert (float(x1.grad), float(x2.grad), float(x0.grad)) == (212.0, 101.0, -1.0)
