"""Plotting averaged observations over the training (matplotlib, optional)."""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any, Callable, Optional, Sequence, Union

from tapejit.reporter import DictSummary
from tapejit.training import extension
from tapejit.training.util import get_trigger


def _matplotlib_available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


class PlotReport(extension.Extension):
    """Plots the means of ``y_keys`` over each period of ``trigger`` against
    ``x_key`` (``'iteration'`` or ``'epoch'``) into ``<trainer.out>/<filename>``.

    Needs matplotlib (its Agg backend; no display): without it the extension
    warns once and does nothing.  ``postprocess(figure, axes, summary)`` may
    edit the figure before it is saved.

    >>> from tapejit.training import extensions
    >>> extensions.PlotReport(['main/loss'], 'epoch', filename='loss.png')._file_name
    'loss.png'
    """

    def __init__(self, y_keys: Union[str, Sequence[str]], x_key: str = 'iteration',
                 trigger: Any = (1, 'epoch'), postprocess: Optional[Callable] = None,
                 filename: Optional[str] = None, marker: str = 'x', grid: bool = True,
                 file_name: Optional[str] = None) -> None:
        if filename is None:
            filename = 'plot.png' if file_name is None else file_name
        if x_key not in ('iteration', 'epoch'):
            raise ValueError(f"PlotReport: x_key must be 'iteration' or 'epoch', got {x_key!r}")
        self._x_key = x_key
        self._y_keys = [y_keys] if isinstance(y_keys, str) else list(y_keys)
        self._trigger = get_trigger(trigger)
        self._file_name = filename
        self._marker = marker
        self._grid = grid
        self._postprocess = postprocess
        self._available = _matplotlib_available()
        self._summary = DictSummary()
        self._data: dict = {k: [] for k in self._y_keys}
        if not self._available:
            import warnings
            warnings.warn('PlotReport: matplotlib is not installed; no plot will be made '
                          '(pip install matplotlib)')

    @staticmethod
    def available() -> bool:
        """Whether matplotlib can be imported."""
        return _matplotlib_available()

    def __call__(self, trainer: Any) -> None:
        if not self._available:
            return
        observation = trainer.observation
        self._summary.add({k: observation[k] for k in self._y_keys if k in observation})
        if not (trainer.is_before_training or self._trigger(trainer)):
            return
        x = trainer.updater.iteration if self._x_key == 'iteration' else trainer.updater.epoch
        stats = self._summary.compute_mean()
        for k in self._y_keys:
            if k in stats:
                self._data[k].append((x, float(stats[k])))
        self._summary = DictSummary()
        self._plot(trainer.out)

    def _plot(self, out: str) -> None:
        import matplotlib
        matplotlib.use('Agg')
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots()
        try:
            for k in self._y_keys:
                points = self._data[k]
                if points:
                    xs, ys = zip(*points)
                    ax.plot(xs, ys, marker=self._marker, label=k)
            if ax.has_data():
                ax.legend(bbox_to_anchor=(1.05, 1), loc='upper left', borderaxespad=0)
            ax.set_xlabel(self._x_key)
            ax.grid(self._grid)
            if self._postprocess is not None:
                self._postprocess(fig, ax, self._data)
            os.makedirs(out, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix='plot', suffix='.png', dir=out)
            os.close(fd)
            fig.savefig(tmp, bbox_inches='tight')
            os.replace(tmp, os.path.join(out, self._file_name))
        finally:
            plt.close(fig)

    def serialize(self, serializer: Any) -> None:
        """Save or load the trigger, the running summary and the plotted points."""
        from tapejit.serializers.npz import Deserializer
        if hasattr(self._trigger, 'serialize'):
            self._trigger.serialize(serializer['_trigger'])
        self._summary.serialize(serializer['_summary'])
        if isinstance(serializer, Deserializer):
            data = json.loads(serializer('_plot_data', '{}'))
            self._data = {k: [tuple(p) for p in data.get(k, [])] for k in self._y_keys}
        else:
            serializer('_plot_data', json.dumps(self._data))
