"""Snapshot writers (Chainer's ``training.extensions.snapshot_writers``): how the
:func:`~tapejit.training.extensions.snapshot` extension saves what it took.

A writer is called as ``writer(filename, outdir, target)``; :class:`SimpleWriter`
saves at once, in the training loop's thread.

>>> from tapejit.training.extensions import snapshot_writers
>>> writer = snapshot_writers.SimpleWriter()
>>> isinstance(writer, snapshot_writers.Writer)
True
"""

from __future__ import annotations

import os
import tempfile
from typing import Any, Callable, Optional


class Writer:
    """Base class of snapshot writers: :meth:`save` writes a file so that a
    crash never leaves half a snapshot under its name, then runs the hooks
    added with ``_add_cleanup_hook`` (the snapshot's removal of old files)."""

    def __init__(self) -> None:
        self._post_save_hooks: list = []

    def __call__(self, filename: str, outdir: str, target: Any) -> None:
        """Save ``target`` (what the snapshot serialized) as ``outdir/filename``."""
        raise NotImplementedError

    def finalize(self) -> None:
        """Called at the end of training (a writer that saves later waits here)."""

    def save(self, filename: str, outdir: str, target: Any, savefun: Callable,
             **kwds: Any) -> None:
        """``savefun(path, target)`` into a temporary file of ``outdir``, renamed
        to ``filename`` once complete."""
        os.makedirs(outdir, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix='tmp' + filename, dir=outdir)
        os.close(fd)
        try:
            savefun(tmp, target)
            os.replace(tmp, os.path.join(outdir, filename))
        except BaseException:
            if os.path.exists(tmp):
                os.remove(tmp)
            raise
        self._post_save()

    def _add_cleanup_hook(self, hook: Callable[[], None]) -> None:
        """Run ``hook()`` after each save (the snapshot removes stale files with it)."""
        self._post_save_hooks.append(hook)

    def _post_save(self) -> None:
        for hook in self._post_save_hooks:
            hook()


class SimpleWriter(Writer):
    """Saves each snapshot when it is taken, with ``savefun`` (``save_npz`` by
    default) called as ``savefun(path, target)``.

    >>> from tapejit.training.extensions import SimpleWriter
    >>> callable(SimpleWriter())
    True
    """

    def __init__(self, savefun: Optional[Callable] = None, **kwds: Any) -> None:
        super().__init__()
        if savefun is None:
            from tapejit.serializers.npz import save_npz
            savefun = save_npz
        self._savefun = savefun
        self._kwds = kwds

    def __call__(self, filename: str, outdir: str, target: Any) -> None:
        self.save(filename, outdir, target, self._savefun, **self._kwds)
