"""Chainer's behaviour of links, parameters, variables, optimizers and debug mode
(what Chainer 7.8.1's own test_link, test_variable, test_optimizer,
test_function_node and optimizers_tests/test_optimizers check)."""

import copy
import pickle
import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import initializers, optimizers
from tapejit import links as L
from tapejit.optimizers import optimizer as optimizer_module


# ---------------------------------------------------------------- Parameter
def test_parameter_gradient_is_nan_filled_when_made_or_initialized():
    p = tapejit.Parameter(initializers.One(), (2,))
    assert np.isnan(p.grad).all() and p.grad.dtype == np.float32
    q = tapejit.Parameter()
    with pytest.raises(RuntimeError, match='cannot read the gradient'):
        q.grad
    q.initialize((3,))
    assert np.isnan(q.array).all() and np.isnan(q.grad).all()


def test_parameter_cleargrad_or_zerograd_before_initialization():
    p = tapejit.Parameter(initializers.Zero(np.float16))
    p.cleargrad()
    p.initialize((2,))
    assert p.grad is None
    q = tapejit.Parameter(initializers.Zero(np.float16))
    with pytest.warns(DeprecationWarning):
        q.zerograd()
    q.initialize((2,))
    assert q.grad.dtype == np.float16 and (q.grad == 0).all()


def test_parameter_dtype_of_an_initializer_without_one():
    p = tapejit.Parameter(lambda a: a.fill(1))
    with pytest.raises(RuntimeError, match='dtype is not known'):
        p.dtype
    with tapejit.using_config('dtype', np.float16):
        p.initialize((2,))
    assert p.dtype == np.float16 and p.grad.dtype == np.float16


def test_shallow_copies_of_a_parameter_share_its_initialization():
    p = tapejit.Parameter()
    q = copy.copy(p)
    p.initialize((3, 2))
    assert q.array is p.array


def test_pickled_parameter_keeps_gradient_and_update_rule():
    model = tapejit.Chain()
    with model.init_scope():
        model.w = tapejit.Parameter(np.array([1.0, 2.0], np.float32))
    opt = optimizers.MomentumSGD(lr=0.1).setup(model)
    model.w.grad = np.ones(2, np.float32)
    opt.update()
    clone = pickle.loads(pickle.dumps(opt))
    assert clone.target.w.update_rule is not None
    np.testing.assert_array_equal(clone.target.w.grad, model.w.grad)
    for o in (opt, clone):
        o.target.w.grad = np.ones(2, np.float32)
        o.update()
    np.testing.assert_array_equal(clone.target.w.array, model.w.array)


# -------------------------------------------------------------------- Link
def test_link_str_and_printable_specs():
    assert str(tapejit.Link()) == 'Link()'
    assert str(L.Linear(3, 2)) == 'Linear(in_size=3, out_size=2, nobias=False)'
    c = tapejit.Chain()
    with c.init_scope():
        c.l1 = L.Linear(3, 2)
    assert str(c) == 'Chain(\n  (l1): Linear(in_size=3, out_size=2, nobias=False),\n)'
    assert str(tapejit.ChainList(tapejit.Link())) == 'ChainList(\n  (0): Link(),\n)'


def test_link_copy_modes():
    lin = L.Linear(2, 3)
    shared = lin.copy('share')
    assert shared.W is not lin.W and shared.W.array is lin.W.array and shared.W.grad is None
    deep = lin.copy('copy')
    assert deep.W.array is not lin.W.array
    np.testing.assert_array_equal(deep.W.array, lin.W.array)
    fresh = lin.copy('init')
    assert not np.array_equal(fresh.W.array, lin.W.array)
    with pytest.raises(ValueError, match="'init', 'copy', or 'share'"):
        lin.copy('deep')


def test_link_repeat_gives_a_sequential():
    net = L.Linear(2, 2).repeat(3, mode='copy')
    assert isinstance(net, tapejit.Sequential) and len(net) == 3
    assert net[0].W is not net[1].W
    np.testing.assert_array_equal(net[0].W.array, net[1].W.array)
    assert [n for n, _ in net.namedparams()][:2] == ['/0/W', '/0/b']
    assert net(np.ones((1, 2), np.float32)).shape == (1, 2)
    assert len(L.Linear(2, 2).repeat(0)) == 0


def test_chainlist_item_assignment_deletion_and_iadd():
    a, b, c = tapejit.Link(), tapejit.Link(), tapejit.Link()
    cl = tapejit.ChainList(a, b)
    cl[1] = c
    assert list(cl) == [a, c] and c.name == '1'
    del cl[0]
    assert list(cl) == [c] and c.name == '0'
    cl += tapejit.ChainList(a)
    assert list(cl) == [c, a] and a.name == '1'
    cl[0:2] = [b]
    assert list(cl) == [b] and b.name == '0'
    with pytest.raises(TypeError, match='expects a Link'):
        cl[0] = 3


def test_count_params_warns_for_uninitialized_parameters():
    link = tapejit.Link(x=(2, 3))
    with tapejit.Link.init_scope(link):
        link.u = tapejit.Parameter()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        assert link.count_params() == 6
    assert len(w) == 1 and w[0].category is UserWarning and "'/u'" in str(w[0].message)


def test_zerograds_before_initialization_and_update_enabled():
    link = tapejit.Link()
    with link.init_scope():
        link.u = tapejit.Parameter()
    with pytest.warns(DeprecationWarning):
        link.zerograds()
    link.u.initialize((2,))
    assert (link.u.grad == 0).all()
    assert not link.update_enabled  # no update rule yet
    optimizers.SGD().setup(link)
    assert link.update_enabled


def test_missing_link_init_call_is_detected():
    class Derived(tapejit.Link):
        def __init__(self):
            with self.init_scope():
                pass

    with pytest.raises(RuntimeError, match=r'^Link\.__init__\(\) has not been called\.$'):
        Derived()


def test_link_without_forward_and_mixin_call():
    with pytest.raises(AttributeError, match='has no forward method'):
        tapejit.Link()(1)

    class CallMixin:
        def __call__(self, x):
            return x + 1

    class Injected(tapejit.Link, CallMixin):
        pass

    assert Injected()(1) == 2


def test_to_device_methods_deprecations_and_overrides():
    with pytest.raises(TypeError, match='cannot be overridden'):
        class Bad(tapejit.Link):
            def to_device(self, device):
                pass

    with pytest.warns(DeprecationWarning, match='overriding Link.to_cpu'):
        class Child(tapejit.Link):
            calls = 0

            def to_cpu(self):
                Child.calls += 1
                return super().to_cpu()

    parent = tapejit.Chain()
    with parent.init_scope():
        parent.child = Child()
    parent.to_device('@numpy')
    assert Child.calls == 1
    with pytest.warns(DeprecationWarning, match='to_cpu is deprecated'):
        parent.to_cpu()


# ---------------------------------------------------------------- Variable
def test_variable_debug_print_and_chainer_internals():
    v = tapejit.Variable(np.array([1.0, 3.0], np.float32))
    text = v.debug_print()
    assert v.summary() in text and '- device: CPU' in text and 'grad: None' in text
    with pytest.warns(DeprecationWarning):
        v.zerograd()
    assert 'grad: 0' in v.debug_print()
    assert v._has_chainerx_array is False
    w = tapejit.Variable._init_unchecked(np.zeros(2))
    assert isinstance(w.node, tapejit.VariableNode) and w.shape == (2,)


def test_set_gradient_variable_requires_grad():
    v = tapejit.Variable(np.zeros(2, np.float32), requires_grad=False)
    v.grad = np.ones(2, np.float32)
    assert v.grad_var.requires_grad is True


# --------------------------------------------------------------- optimizers
def test_update_core_dispatches_to_cpu_and_gpu_variants():
    calls = []

    class Rule(tapejit.UpdateRule):
        def update_core_cpu(self, param):
            calls.append('cpu')

        def update_core_gpu(self, param):
            calls.append('gpu')

    p = tapejit.Parameter(np.ones(2, np.float32))
    p.grad = np.ones(2, np.float32)
    Rule().update(p)
    assert calls == ['cpu']
    with pytest.raises(NotImplementedError, match='update_core_cpu'):
        tapejit.UpdateRule().update(p)


def test_use_fp32_update_and_python_values_in_state():
    p = tapejit.Parameter(np.array([1.0], np.float16))
    p.grad = np.array([1.0], np.float16)
    seen = []
    rule = tapejit.UpdateRule()
    rule.update_core = lambda param: seen.append(param.dtype)
    rule.use_fp32_update()
    rule.update(p)
    assert seen == [np.float32] and p.array.dtype == np.float16

    rule = optimizers.SGD().create_update_rule()
    rule.init_state = lambda param: rule.state.__setitem__('count', 0)
    rule.update(p)
    assert rule.state['count'] == 0 and isinstance(rule.state['count'], int)


def test_deprecated_hooks_of_the_optimizer_module_warn():
    with pytest.warns(DeprecationWarning, match='optimizer_hooks.WeightDecay'):
        hook = optimizer_module.WeightDecay(0.1)
    assert isinstance(hook, tapejit.optimizer_hooks.WeightDecay) and hook.rate == 0.1


@pytest.mark.parametrize('name', ['CorrectedMomentumSGD', 'MSVAG'])
def test_new_optimizers_train_eagerly_and_under_jit(name):
    def make():
        model = tapejit.Chain()
        with model.init_scope():
            model.w = tapejit.Parameter(np.array([3.0, -2.0], np.float32))
        return model, getattr(optimizers, name)().setup(model)

    def step(model, opt):
        opt.update(lambda: F.sum(model.w * model.w))

    eager_model, eager_opt = make()
    jit_model, jit_opt = make()
    jitted = tapejit.jit(step)
    for _ in range(3):
        step(eager_model, eager_opt)
        jitted(jit_model, jit_opt)
    np.testing.assert_allclose(jit_model.w.array, eager_model.w.array, rtol=1e-5)
    assert (np.abs(eager_model.w.array) < np.array([3.0, 2.0])).all()


def test_corrected_momentum_sgd_and_msvag_values():
    p = tapejit.Parameter(np.array([1.0]))
    rule = optimizers.CorrectedMomentumSGDRule(lr=0.1, momentum=0.5)
    for _ in range(2):
        p.grad = np.array([1.0])
        rule.update(p)
    np.testing.assert_allclose(p.array, [1.0 - 0.1 - 0.1 * 1.5])
    # M-SVAG's first step is the sign-preserving step lr * g (no variance yet).
    q = tapejit.Parameter(np.array([1.0, 1.0]))
    q.grad = np.array([0.5, -2.0])
    optimizers.MSVAGRule(lr=0.1).update(q)
    np.testing.assert_allclose(q.array, [0.95, 1.2])


# --------------------------------------------------------------- debug mode
class _Returns(tapejit.FunctionNode):
    def __init__(self, value):
        self.value = value

    def forward(self, inputs):
        return self.value,

    def backward(self, indexes, grad_outputs):
        return grad_outputs


def test_debug_mode_checks_nan_in_forward():
    x = tapejit.Variable(np.ones(1, np.float32))
    bad = np.array([np.nan], np.float32)
    _Returns(bad).apply((x,))  # not in debug mode: no check
    with tapejit.using_config('debug', True):
        with pytest.raises(RuntimeError, match='NaN is detected on forward computation'):
            _Returns(bad).apply((x,))
        _Returns(np.array([1], np.int32)).apply((x,))


def test_debug_mode_checks_nan_in_backward_and_shows_the_stack():
    x = tapejit.Variable(np.ones(1, np.float32))
    tapejit.set_debug(True)
    try:
        class Same(tapejit.FunctionNode):
            def forward(self, inputs):
                return inputs[0].copy(),

            def backward(self, indexes, grad_outputs):
                return grad_outputs  # (the NaN as given: no function applied to it)

        y, = Same().apply((x,))
        y.grad = np.array([np.nan], np.float32)
        with pytest.raises(RuntimeError, match='NaN is detected on backward computation'):
            y.backward()
        # A backward applying functions to the NaN gradient stops at the first
        # of them, as Chainer's does.
        y = F.sin(x)
        y.grad = np.array([np.nan], np.float32)
        with pytest.raises(RuntimeError, match='NaN is detected on forward computation'):
            y.backward()

        class Broken(tapejit.FunctionNode):
            def forward(self, inputs):
                return inputs[0] * 2,

            def backward(self, indexes, grad_outputs):
                raise ValueError('broken backward')

        y, = Broken().apply((x,))  # the stack names this line
        with pytest.raises(ValueError, match=r'(?s)broken backward.*Stacktrace.*'
                                             r'test_chainer_compat_objects\.py'):
            y.backward()
    finally:
        tapejit.set_debug(False)
    y = F.identity(x)
    y.grad = np.array([np.nan], np.float32)
    y.backward()  # outside debug mode NaN passes through
    assert np.isnan(x.grad).all()


def test_forward_output_that_is_not_an_array_names_chainers_message():
    class Bad(tapejit.FunctionNode):
        def forward(self, inputs):
            return object(),

    with pytest.raises(TypeError, match='Bad: forward output must be a tuple of ndarrays'):
        Bad().apply((tapejit.Variable(np.ones(1, np.float32)),))


def test_debug_mode_checks_the_forward_outputs_of_built_in_functions():
    import tapejit.functions as F
    x = tapejit.Variable(np.array([-1.0, 1.0]))
    with tapejit.using_config('debug', True):
        with pytest.raises(RuntimeError, match='NaN is detected on forward computation of log'):
            F.log(x)
        y = F.sin(x)
        assert y.creator.stack  # where it was applied, for an error in its backward
    with np.errstate(invalid='ignore'):
        assert np.isnan(F.log(x).array[0])  # not in debug mode: NaN, as NumPy gives


def test_debug_mode_checks_a_jitted_step_as_eagerly():
    import tapejit.functions as F
    x = np.array([-1.0, 1.0])
    w = tapejit.Variable(np.array([0.5, 0.5]))

    @tapejit.jit
    def step(x):
        loss = F.sum(F.log(x * w))
        w.cleargrad()
        loss.backward()
        return loss
    with np.errstate(invalid='ignore'):
        assert np.isnan(step(x).array)  # compiled: no checks, NaN as NumPy gives
    with tapejit.using_config('debug', True):
        with pytest.raises(RuntimeError, match='NaN is detected on forward computation of log'):
            step(x)
        assert step(abs(x)).array == step.fn(abs(x)).array
    with np.errstate(invalid='ignore'):
        assert np.isnan(step(x).array)
    assert step.cache_info().traces == 1  # debug mode left the compiled plan alone

def test_identity_node_skips_the_backward_of_inputs_that_need_no_gradient():
    from tapejit.functions.math.identity import Identity

    class DummyId(Identity):
        def backward(self, indexes, grad_outputs):
            raise AssertionError('backward called for inputs that need no gradient')
    x = tapejit.Variable(np.array(1.0, np.float32))
    y1, y2 = DummyId().apply((x, x))
    x.node._requires_grad = False  # (Chainer's name of the node's flag)
    assert not x.node.requires_grad
    y1.backward()
    assert x.grad is None
    z, = Identity().apply((tapejit.Variable(np.array([2.0])),))
    np.testing.assert_array_equal(z.array, [2.0])


def test_no_device_is_a_chainerx_device():
    from tapejit import backend
    assert not isinstance(backend.CpuDevice(), backend.ChainerxDevice)
    with pytest.raises(RuntimeError, match='ChainerX'):
        backend.ChainerxDevice()


@pytest.mark.parametrize('returned, debug_only, error, message', [
    ((np.array([2.0], np.float32),), True, ValueError, 'type of gradients'),
    ((tapejit.Variable(np.array([2.0], np.float32)),) * 2, False, ValueError,
     'number of gradients'),
    ((tapejit.Variable(np.array([2.0, 3.0], np.float32)),), False, ValueError,
     'shape of gradients'),
    ((tapejit.Variable(np.array([2], np.int64)),), False, ValueError, 'dtype of gradients'),
])
def test_bad_gradients_from_a_backward_raise_chainers_errors(returned, debug_only, error,
                                                              message):
    class Dummy(tapejit.FunctionNode):
        def forward(self, inputs):
            return np.array(1, np.float32),

        def backward(self, indexes, grad_outputs):
            return returned
    for debug in (False, True):
        x = tapejit.Variable(np.array([1], np.float32))
        y, = Dummy().apply((x,))
        with tapejit.using_config('debug', debug):
            if debug_only and not debug:
                y.backward()
                continue
            with pytest.raises(error, match=message + ' returned from backward is incorrect'):
                y.backward()


def test_grad_of_an_old_style_gradient_raises_before_looking_at_inputs():
    class IdentityFunction(tapejit.Function):
        def forward(self, inputs):
            return inputs

        def backward(self, inputs, grads):
            return grads
    x = tapejit.Variable(np.array(42, np.float32))
    y = IdentityFunction()(x)
    y.backward(enable_double_backprop=True)
    assert y.grad_var is None  # consumed by backprop, as in Chainer
    with pytest.raises(RuntimeError, match='old style Function'):
        tapejit.grad([x.grad_var], [y.grad_var])


def test_grad_takes_lists_as_chainer_does():
    x = tapejit.Variable(np.array([1.0, 2.0], np.float32))
    y = x * x
    gx = tapejit.Variable(np.ones(2, np.float32))
    gy = tapejit.Variable(np.ones(2, np.float32))
    tapejit.grad([y], [x], [gx], [gy])
    tapejit.grad((y,), (x,), (gx,), (gy,))
    for args in ((y, [x], [gx], [gy]), ([y], x, [gx], [gy]), ([y], [x], gx, [gy]),
                 ([y], [x], [gx], gy)):
        with pytest.raises(TypeError, match='must be a list or tuple'):
            tapejit.grad(*args)


def test_grad_inputs_flow_upstream_as_chainer_does():
    # x2 is computed from x1: the initial gradient given for x2 reaches x1 too.
    def var(value):
        return tapejit.Variable(np.array(value, np.float32))
    vs, v = [], var(0.5)
    for _ in range(4):
        vs.append(v)
        v = v + v
        vs.append(v)
        v = v * 1.0
    _, x1, _, x2, _, y1, _, y2 = vs
    g1, g2 = tapejit.grad([y1, y2], [x1, x2], [var(10.0), var(1.0)], [var(1000.0), var(100.0)])
    np.testing.assert_allclose([g1.array, g2.array], [1248.0, 124.0])
    with pytest.raises(tapejit.ShapeError, match=r'grad_inputs\[0\]'):
        tapejit.grad([y1], [x1], grad_inputs=[np.ones(3, np.float32)])


def test_grad_of_a_gradient_made_behind_an_old_style_function_raises_first():
    class IdentityFunction(tapejit.Function):
        def forward(self, inputs):
            return inputs

        def backward(self, inputs, grads):
            return grads
    x = tapejit.Variable(np.array(42, np.float32))
    y = IdentityFunction()(F.identity(x))  # new style, then old style
    y.backward(enable_double_backprop=True)
    with pytest.raises(RuntimeError, match='old style Function'):
        tapejit.grad([x.grad_var], [y.grad_var])  # (y.grad_var is None)


def test_a_python_value_in_rule_state_changed_later_retraces():
    class ScaledSGD(optimizers.SGD):
        def create_update_rule(self):
            rule = super().create_update_rule()

            def init_state(param):
                rule.state['scale'] = 1.0

            def update_core(param):
                param.array = param.array - rule.state['scale'] * param.grad
            rule.init_state, rule.update_core = init_state, update_core
            return rule

    def run(jit):
        model = tapejit.Chain()
        with model.init_scope():
            model.w = tapejit.Parameter(np.array([1.0, 2.0], np.float32))
        opt = ScaledSGD(lr=1.0).setup(model)

        def step():
            loss = F.sum(model.w)
            model.cleargrads()
            loss.backward()
            opt.update()
        step = tapejit.jit(step) if jit else step
        seen = []
        for k in range(4):
            if k == 2:
                model.w.update_rule.state['scale'] = 0.0
            step()
            seen.append(model.w.array.copy())
        return seen
    for a, b in zip(run(False), run(True)):
        np.testing.assert_array_equal(a, b)


def test_use_fp32_update_after_a_compiled_step():
    def run(jit):
        model = tapejit.Chain()
        with model.init_scope():
            model.w = tapejit.Parameter(np.array([1.0, 2.0], np.float16))
        opt = optimizers.SGD(lr=1e-4).setup(model)

        def step():
            loss = F.sum(model.w * model.w)
            model.cleargrads()
            loss.backward()
            opt.update()
        jitted = tapejit.jit(step) if jit else step
        jitted()
        model.w.update_rule.use_fp32_update()
        if jit:  # the float32 copy is made by an update with values: not in a trace
            with pytest.raises(RuntimeError, match='run one update eagerly'):
                jitted()
        step()
        for _ in range(3):
            jitted()
        return model.w.array, model.w.update_rule._fp32_param.array
    for a, b in zip(run(False), run(True)):
        np.testing.assert_array_equal(a, b)


def test_a_function_node_with_forward_cpu_runs_under_jit():
    class Square(tapejit.FunctionNode):
        def forward_cpu(self, inputs):
            x, = inputs
            self.retain_inputs((0,))
            return x * x,

        def backward(self, indexes, grad_outputs):
            x, = self.get_retained_inputs()
            return 2 * x * grad_outputs[0],

    def f(a):
        x = tapejit.Variable(a)
        y, = Square().apply((x,))
        gx, = tapejit.grad([F.sum(y)], [x])
        return y, gx
    a = np.array([1.0, -2.0, 3.0], np.float32)
    for got in (f(a), tapejit.jit(f)(a)):
        np.testing.assert_array_equal(got[0].array, a * a)
        np.testing.assert_array_equal(got[1].array, 2 * a)


def test_sequential_add_iadd_flatten_and_layer_types_as_in_chainer():
    l1, l2, l3 = L.Linear(3, 2), L.Linear(2, 2), L.Linear(2, 2)
    s1 = tapejit.Sequential(l1)
    s2 = tapejit.Sequential(s1, F.relu, l2, F.relu)
    # + makes a new Sequential of both one's layers; += appends in place.
    s3 = s1 + tapejit.Sequential(l3)
    assert list(s3) == [l1, l3] and list(s1) == [l1]
    s1 += tapejit.Sequential(l3, F.relu)
    assert list(s1) == [l1, l3, F.relu]
    assert [name for name, _ in s1.namedparams()] == ['/0/W', '/0/b', '/1/W', '/1/b']
    with pytest.raises(ValueError, match='only objects of Sequential'):
        s1 + l2
    with pytest.raises(ValueError, match='only objects of Sequential'):
        s1 += F.relu
    # flatten: nested Sequentials replaced by their layers, at any depth
    flat = s2.flatten()
    assert list(flat) == [l1, l3, F.relu, F.relu, l2, F.relu]
    assert [type(c).__name__ for c in flat.children()] == ['Linear'] * 3
    # counted and removed by a link's class name or a function's name
    assert (flat.count_by_layer_type('Linear'), flat.count_by_layer_type('relu')) == (3, 3)
    x = np.ones((4, 3), np.float32)
    flat.remove_by_layer_type('relu')
    assert list(flat) == [l1, l3, l2] and flat.count_by_layer_type('relu') == 0
    assert flat(x).shape == (4, 2)


def test_the_configuration_module_as_chainer_code_imports_it():
    # (chainer/examples/mnist/train_mnist_custom_loop.py: from chainer import configuration)
    import tapejit as chainer
    from tapejit import configuration
    assert chainer.configuration is configuration
    assert configuration.config is tapejit.config
    with configuration.using_config('train', False):
        assert not chainer.config.train
    assert chainer.config.train


def test_the_initializer_module_as_chainer_code_imports_it():
    import tapejit as chainer
    from tapejit import initializer, initializers
    assert chainer.initializer is initializer     # (after `import chainer` alone)
    assert initializer.Initializer is initializers.Initializer
    assert initializer.get_fans((2, 3, 4, 5)) == (60, 40)
    with pytest.raises(ValueError):
        initializer.get_fans((2,))
