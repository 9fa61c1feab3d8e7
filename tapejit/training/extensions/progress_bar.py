"""A progress bar of the whole training (tqdm)."""

from __future__ import annotations

import sys
from typing import Any, Optional

from tapejit.training import extension


class ProgressBar(extension.Extension):
    """Shows the progress of training as a tqdm bar on ``out``: the share of the
    training length done (``training_length`` as ``(length, unit)``, by default
    the stop trigger's), the iteration, the epoch and the speed.  The bar is
    redrawn every ``update_interval`` iterations.  ``out`` defaults to
    ``sys.stdout`` at the first update.

    >>> import io
    >>> from tapejit.training import extensions
    >>> extensions.ProgressBar(update_interval=10, out=io.StringIO())._update_interval
    10
    """

    def __init__(self, training_length: Optional[tuple] = None, update_interval: int = 100,
                 bar_length: int = 50, out: Any = None) -> None:
        try:
            import tqdm  # noqa: F401
        except ImportError:  # pragma: no cover - tqdm is optional
            raise ImportError('ProgressBar needs tqdm (pip install tqdm)') from None
        if update_interval < 1:
            raise ValueError(f'ProgressBar: update_interval must be at least 1, got '
                             f'{update_interval}')
        self._training_length = training_length
        self._update_interval = update_interval
        self._bar_length = bar_length
        self._out = out
        self._bar: Any = None
        self._trainer: Any = None

    def _length(self, trainer: Any) -> tuple:
        if self._training_length is None:
            get = getattr(trainer.stop_trigger, 'get_training_length', None)
            if get is None:
                raise TypeError('ProgressBar: the stop trigger has no training length; '
                                'pass training_length=(length, unit)')
            self._training_length = get()
        return self._training_length

    def _done(self, trainer: Any) -> float:
        length, unit = self._length(trainer)
        updater = trainer.updater
        value = updater.iteration if unit == 'iteration' else updater.epoch_detail
        return min(float(value), float(length))

    def __call__(self, trainer: Any) -> None:
        self._trainer = trainer
        if self._bar is None:
            from tqdm import tqdm
            length, unit = self._length(trainer)
            out = sys.stdout if self._out is None else self._out
            self._bar = tqdm(total=length, unit=unit, file=out, ncols=None,
                             bar_format='{l_bar}{bar:%d}| {n:.2f}/{total} {unit}s '
                                        '[{elapsed}<{remaining}{postfix}]' % self._bar_length)
        if trainer.updater.iteration % self._update_interval == 0:
            self._refresh(trainer)

    def _refresh(self, trainer: Any) -> None:
        updater = trainer.updater
        self._bar.n = self._done(trainer)
        self._bar.set_postfix_str(f'iter {updater.iteration}, epoch {updater.epoch}',
                                  refresh=False)
        self._bar.refresh()

    def finalize(self) -> None:
        """Draw the final state and close the bar."""
        if self._bar is not None:
            self._refresh(self._trainer)
            self._bar.close()
            self._bar = None
