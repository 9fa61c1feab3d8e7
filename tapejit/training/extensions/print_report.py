"""Printing chosen entries of the log as a table."""

from __future__ import annotations

import sys
from typing import Any, Sequence

from tapejit.training import extension
from tapejit.training.extensions.log_report import LogReport


class PrintReport(extension.Extension):
    """Prints the ``entries`` of each new entry of the :class:`LogReport` (the
    extension named ``log_report``, or that object) as a row of a table on
    ``out`` (default: ``sys.stdout`` at the time of printing).

    >>> import io
    >>> from tapejit.training import extensions
    >>> p = extensions.PrintReport(['epoch', 'main/loss'], out=io.StringIO())
    >>> p._header
    'epoch       main/loss \\n'
    """

    def __init__(self, entries: Sequence[str], log_report: Any = 'LogReport',
                 out: Any = None) -> None:
        self._entries = entries
        self._log_report = log_report
        self._out = out
        self._log_len = 0
        widths = [max(10, len(s)) for s in entries]
        self._header = '  '.join('{:%d}' % w for w in widths).format(*entries) + '\n'
        self._templates = [(entry, '{:<%dg}  ' % w, ' ' * (w + 2))
                           for entry, w in zip(entries, widths)]

    def __call__(self, trainer: Any) -> None:
        log_report = self._log_report
        if isinstance(log_report, str):
            log_report = trainer.get_extension(log_report)
        elif isinstance(log_report, LogReport):
            log_report(trainer)
        else:
            raise TypeError(f'PrintReport: log_report has a wrong type '
                            f'{type(log_report).__name__}; expected a LogReport or its name')
        log = log_report.log
        if not self._header and len(log) <= self._log_len:
            return
        out = sys.stdout if self._out is None else self._out
        with _bars_cleared(out):
            if self._header:
                out.write(self._header)
                self._header = None
            while len(log) > self._log_len:
                self._print(out, log[self._log_len])
                self._log_len += 1

    def serialize(self, serializer: Any) -> None:
        """Save or load the LogReport this owns (if it owns one)."""
        if isinstance(self._log_report, LogReport):
            self._log_report.serialize(serializer['_log_report'])

    def _print(self, out: Any, observation: dict) -> None:
        for entry, template, empty in self._templates:
            out.write(template.format(observation[entry]) if entry in observation else empty)
        out.write('\n')
        if hasattr(out, 'flush'):
            out.flush()


def _bars_cleared(out: Any) -> Any:
    """A context in which tqdm bars drawn on ``out`` are cleared and drawn again after
    (so printed rows do not mix with a progress bar on the same stream)."""
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is optional
        import contextlib
        return contextlib.nullcontext()
    return tqdm.external_write_mode(file=out)
