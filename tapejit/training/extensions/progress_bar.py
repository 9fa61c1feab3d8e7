"""Progress bars drawn in place on a text stream, in Chainer's format."""

from __future__ import annotations

import collections
import datetime
import math
import sys
import time
from typing import Any, Optional

from tapejit.training import extension


class ConsoleBar:
    """Lines redrawn in place on ``out`` (``sys.stdout`` when None, read at
    each draw): each :meth:`update` erases the previous lines, writes
    :meth:`lines` and moves the cursor back to their first line.  The base
    of :class:`ProgressBar` and of the Evaluator's bar.

    >>> import io
    >>> class Fixed(ConsoleBar):
    ...     def lines(self):
    ...         return ['half done\\n']
    >>> out = io.StringIO()
    >>> bar = Fixed(out=out)
    >>> bar.update(); bar.close()
    >>> out.getvalue()
    '\\x1b[Jhalf done\\n\\x1b[1A\\x1b[J'
    """

    def __init__(self, bar_length: int = 50, out: Any = None) -> None:
        self._bar_length = bar_length
        self._out = out
        self._recent: collections.deque = collections.deque(maxlen=100)

    def lines(self) -> list:
        """The lines to draw now, each ending with a newline."""
        raise NotImplementedError

    def bar(self, label: str, rate: float) -> str:
        """One bar line: ``label [####......]  50.00%``."""
        marks = '#' * int(rate * self._bar_length)
        return f"{label} [{marks}{'.' * (self._bar_length - len(marks))}] {rate:6.2%}\n"

    def speed(self, iteration: float, progress: float) -> tuple:
        """Iterations and ``progress`` per second over the last 100 draws."""
        now = time.time()
        self._recent.append((iteration, progress, now))
        old_iteration, old_progress, then = self._recent[0]
        span = now - then
        if not span:
            return float('inf'), float('inf')
        return (iteration - old_iteration) / span, (progress - old_progress) / span

    @staticmethod
    def finish(iters_per_sec: float, seconds_left: float) -> str:
        """The speed line, with the estimated time left."""
        eta = (datetime.timedelta(seconds=max(seconds_left, 0.0))
               if math.isfinite(seconds_left) else 'unknown')
        return f'{iters_per_sec:10.5g} iters/sec. Estimated time to finish: {eta}.\n'

    def update(self) -> None:
        """Draw :meth:`lines` in place of the previous ones."""
        lines = self.lines()
        self._write('\033[J' + ''.join(lines) + f'\033[{len(lines)}A')

    def close(self) -> None:
        """Erase the lines drawn."""
        self._write('\033[J')

    def _write(self, text: str) -> None:
        out = sys.stdout if self._out is None else self._out
        out.write(text)
        if hasattr(out, 'flush'):
            out.flush()


class ProgressBar(extension.Extension):
    """Shows the progress of training on ``out`` (``sys.stdout`` by default),
    redrawn in place every ``update_interval`` iterations as Chainer's does:
    a bar of the whole training (``training_length`` as ``(length, unit)``,
    by default the stop trigger's), one of the current epoch, the iteration
    and epoch, and the speed with the estimated time left.

    >>> import io
    >>> from tapejit.training import extensions
    >>> extensions.ProgressBar(update_interval=10, out=io.StringIO())._update_interval
    10
    """

    def __init__(self, training_length: Optional[tuple] = None, update_interval: int = 100,
                 bar_length: int = 50, out: Any = None) -> None:
        if update_interval < 1:
            raise ValueError(f'ProgressBar: update_interval must be at least 1, got '
                             f'{update_interval}')
        self._training_length = training_length
        self._update_interval = update_interval
        self._bar = _TrainingBar(self, bar_length, out)
        self._trainer: Any = None

    def _length(self, trainer: Any) -> tuple:
        if self._training_length is None:
            get = getattr(trainer.stop_trigger, 'get_training_length', None)
            if get is None:
                raise TypeError('ProgressBar: the stop trigger has no training length; '
                                'pass training_length=(length, unit)')
            self._training_length = get()
        return self._training_length

    def __call__(self, trainer: Any) -> None:
        self._trainer = trainer
        if trainer.updater.iteration % self._update_interval == 0:
            self._bar.update()

    def finalize(self) -> None:
        """Erase the bar."""
        self._bar.close()


class _TrainingBar(ConsoleBar):
    """The lines of a :class:`ProgressBar`."""

    def __init__(self, owner: ProgressBar, bar_length: int, out: Any) -> None:
        super().__init__(bar_length, out)
        self._owner = owner

    def lines(self) -> list:
        trainer = self._owner._trainer
        updater = trainer.updater
        length, unit = self._owner._length(trainer)
        iteration, epoch = updater.iteration, updater.epoch_detail
        rate = min((iteration if unit == 'iteration' else epoch) / length, 1.0)
        iters_per_sec, epochs_per_sec = self.speed(iteration, epoch)
        done, speed = ((iteration, iters_per_sec) if unit == 'iteration'
                       else (epoch, epochs_per_sec))
        left = (length - done) / speed if speed else math.inf
        return [self.bar('     total', rate),
                self.bar('this epoch', epoch - int(epoch)),
                f'{iteration:10} iter, {updater.epoch} epoch / {length} {unit}s\n',
                self.finish(iters_per_sec, left)]
