"""``chainer.optimizer`` as Chainer's examples use it after ``import chainer``:
``chainer.optimizer.GradientClipping`` (ptb) and ``WeightDecay`` (cifar, pos,
text_classification), deprecated hooks that act as those of optimizer_hooks."""

import numpy as np
import pytest

import tapejit
import tapejit.links as L


def _step(hook):
    np.random.seed(0)
    model = L.Linear(3, 2)
    opt = tapejit.optimizers.SGD(lr=1.0)
    opt.setup(model)
    opt.add_hook(hook)
    model.cleargrads()
    loss = tapejit.functions.sum(model(np.full((4, 3), 10, np.float32)) ** 2)
    loss.backward()
    opt.update()
    return model.W.array.copy()


@pytest.mark.parametrize('name, args', [('GradientClipping', (0.5,)), ('WeightDecay', (0.1,)),
                                        ('Lasso', (0.1,)), ('GradientHardClipping', (-1, 1))])
def test_deprecated_hooks_act_as_optimizer_hooks(name, args):
    with pytest.warns(DeprecationWarning, match=f'optimizer.{name} is deprecated'):
        old = getattr(tapejit.optimizer, name)(*args)
    assert isinstance(old, getattr(tapejit.optimizer_hooks, name))
    np.testing.assert_array_equal(_step(old), _step(getattr(tapejit.optimizer_hooks, name)(*args)))


def test_the_module_is_importable_as_chainers():
    import tapejit.optimizer
    from tapejit.optimizer import GradientMethod, Optimizer, UpdateRule
    assert tapejit.optimizer.Optimizer is Optimizer is tapejit.Optimizer
    assert GradientMethod is tapejit.GradientMethod and UpdateRule is tapejit.UpdateRule
    with pytest.raises(AttributeError, match='no attribute'):
        tapejit.optimizer.NoSuchHook
