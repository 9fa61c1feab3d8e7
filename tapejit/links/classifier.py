"""``Classifier``: a predictor wrapped with a loss and an accuracy (Chainer's
``links.Classifier``)."""

from __future__ import annotations

from typing import Any, Callable, Union

from tapejit.functions.evaluation import accuracy
from tapejit.functions.nn import softmax_cross_entropy
from tapejit.links.link import Chain
from tapejit.reporter import report


class Classifier(Chain):
    """Calls ``predictor`` on the inputs and returns ``lossfun(y, t)``, reporting
    ``loss`` and (when :attr:`compute_accuracy`) ``accuracy = accfun(y, t)``.

    The label ``t`` is the argument at ``label_key``: an int indexes the
    positional arguments (the last one by default), a str names a keyword
    argument; the other arguments go to the predictor.  The prediction, loss
    and accuracy of the last call are kept in :attr:`y`, :attr:`loss` and
    :attr:`accuracy` (inside ``@tapejit.jit``: the traced values of the
    last trace).

    >>> import numpy as np, tapejit
    >>> from tapejit import links as L
    >>> np.random.seed(0)
    >>> model = L.Classifier(L.Linear(3, 2))
    >>> x = np.ones((4, 3), np.float32); t = np.array([0, 1, 1, 0], np.int32)
    >>> observation = {}
    >>> reporter = tapejit.Reporter(); reporter.add_observer('main', model)
    >>> with reporter.scope(observation):
    ...     loss = model(x, t)
    >>> sorted(observation), float(observation['main/accuracy'].array)
    (['main/accuracy', 'main/loss'], 0.5)
    """

    compute_accuracy = True

    def __init__(self, predictor: Any, lossfun: Callable = softmax_cross_entropy,
                 accfun: Callable = accuracy, label_key: Union[int, str] = -1) -> None:
        if not isinstance(label_key, (int, str)):
            raise TypeError(f'Classifier: label_key must be int or str, but is '
                            f'{type(label_key).__name__}')
        super().__init__()
        self.lossfun = lossfun
        self.accfun = accfun
        self.label_key = label_key
        self._set_results(None, None, None)
        with self.init_scope():
            self.predictor = predictor

    def _set_results(self, y: Any, loss: Any, acc: Any) -> None:
        # Through __dict__: these are outputs, not parts of the model, and must
        # not count as a change of the link's structure (which retraces jitted steps).
        self.__dict__.update(y=y, loss=loss, accuracy=acc)

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        """The loss of the predictor's output on the inputs against the label."""
        if isinstance(self.label_key, int):
            if not -len(args) <= self.label_key < len(args):
                raise ValueError(f'Label key {self.label_key} is out of bounds (the call has '
                                 f'{len(args)} positional arguments)')
            t = args[self.label_key]
            if self.label_key == -1:
                args = args[:-1]
            else:
                args = args[:self.label_key] + args[self.label_key + 1:]
        else:
            if self.label_key not in kwargs:
                raise ValueError(f'Label key "{self.label_key}" is not found')
            kwargs = dict(kwargs)
            t = kwargs.pop(self.label_key)
        self._set_results(None, None, None)
        y = self.predictor(*args, **kwargs)
        loss = self.lossfun(y, t)
        self._set_results(y, loss, None)
        report({'loss': loss}, self)
        if self.compute_accuracy:
            acc = self.accfun(y, t)
            self._set_results(y, loss, acc)
            report({'accuracy': acc}, self)
        return loss
