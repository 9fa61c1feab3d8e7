"""Snapshots of the trainer (to resume training) or of any object, as ``.npz``."""

from __future__ import annotations

import os
from typing import Any, Callable, Iterator, Optional, Union

from tapejit.training import extension
from tapejit.training.extensions.snapshot_writers import SimpleWriter


def _find_snapshot_files(fmt: str, path: str) -> list:
    """``(mtime, name)`` of the files in ``path`` whose name fits ``fmt``'s fixed
    prefix and suffix, oldest first."""
    prefix = fmt.split('{')[0]
    suffix = fmt.split('}')[-1]
    if not os.path.isdir(path):
        return []
    files = [f for f in os.listdir(path) if f.startswith(prefix) and f.endswith(suffix)]
    return sorted((os.stat(os.path.join(path, f)).st_mtime, f) for f in files)


def _find_latest_snapshot(fmt: str, path: str) -> Optional[str]:
    """The newest (by modification time) file in ``path`` that fits ``fmt``, or None."""
    files = _find_snapshot_files(fmt, path)
    return files[-1][1] if files else None


def _find_stale_snapshots(fmt: str, path: str, n_retains: int) -> Iterator[str]:
    """The files in ``path`` that fit ``fmt``, oldest first, but the newest ``n_retains``."""
    files = _find_snapshot_files(fmt, path)
    for _, name in files[:max(0, len(files) - n_retains)]:
        yield name


class _Snapshot(extension.Extension):
    trigger = (1, 'epoch')
    priority = -100

    def __init__(self, target: Any = None, condition: Optional[Callable] = None,
                 writer: Any = None, filename: Union[str, Callable] = 'snapshot_iter_'
                 '{.updater.iteration}', snapshot_on_error: bool = False, n_retains: int = -1,
                 autoload: bool = False) -> None:
        self._target = target
        self.filename = filename
        self.condition = condition or (lambda: True)
        self.writer = writer or SimpleWriter()
        self._snapshot_on_error = snapshot_on_error
        self.n_retains = n_retains
        self.autoload = autoload

    def initialize(self, trainer: Any) -> None:
        from tapejit.serializers.npz import load_npz
        target = trainer if self._target is None else self._target
        outdir = trainer.out
        if self.autoload and isinstance(self.filename, str):
            latest = _find_latest_snapshot(self.filename, outdir)
            if latest is not None:
                load_npz(os.path.join(outdir, latest), target)
        if (hasattr(self.writer, '_add_cleanup_hook') and self.n_retains > 0
                and isinstance(self.filename, str)):
            def cleanup() -> None:
                for name in _find_stale_snapshots(self.filename, outdir, self.n_retains):
                    os.remove(os.path.join(outdir, name))

            self.writer._add_cleanup_hook(cleanup)

    def on_error(self, trainer: Any, exc: BaseException, tb: Any) -> None:
        if self._snapshot_on_error:
            self._make_snapshot(trainer)

    def __call__(self, trainer: Any) -> None:
        if self.condition():
            self._make_snapshot(trainer)

    def _make_snapshot(self, trainer: Any) -> None:
        from tapejit.serializers.npz import DictionarySerializer
        target = trainer if self._target is None else self._target
        serializer = DictionarySerializer()
        serializer.save(target)
        filename = self.filename
        filename = filename(trainer) if callable(filename) else filename.format(trainer)
        self.writer(filename, trainer.out, _Saved(serializer.target))

    def finalize(self) -> None:
        if hasattr(self.writer, 'finalize'):
            self.writer.finalize()


class _Saved:
    """The arrays of a target, taken when the snapshot was triggered (a writer
    saves this, so later updates cannot leak into the snapshot)."""

    def __init__(self, arrays: dict) -> None:
        self.arrays = arrays

    def serialize(self, serializer: Any) -> None:
        for key, value in self.arrays.items():
            serializer(key, value)


def snapshot(savefun: Optional[Callable] = None,
             filename: Union[str, Callable] = 'snapshot_iter_{.updater.iteration}', *,
             target: Any = None, condition: Optional[Callable] = None, writer: Any = None,
             snapshot_on_error: bool = False, n_retains: int = -1,
             autoload: bool = False) -> extension.Extension:
    """An extension that saves the trainer (or ``target``) to ``<out>/<filename>``,
    once per epoch by default.

    ``filename`` is formatted with the trainer (``'snapshot_iter_{.updater.iteration}'``)
    or called with it.  ``serializers.load_npz(path, trainer)`` on an identically
    built trainer resumes training where the snapshot was taken: the models,
    optimizers, iterators (their order and random state), extensions and
    triggers continue exactly as the uninterrupted run.  ``n_retains`` keeps
    only the newest files; ``autoload`` loads the newest snapshot in ``out``
    when training starts; ``snapshot_on_error`` saves when training fails.

    >>> from tapejit.training import extensions
    >>> ext = extensions.snapshot(n_retains=1)
    >>> ext.trigger, ext.filename
    ((1, 'epoch'), 'snapshot_iter_{.updater.iteration}')
    """
    if savefun is not None and writer is not None:
        raise TypeError('savefun and writer arguments cannot be specified together.')
    if writer is None:
        writer = SimpleWriter(savefun)
    return _Snapshot(target=target, condition=condition, writer=writer, filename=filename,
                     snapshot_on_error=snapshot_on_error, n_retains=n_retains,
                     autoload=autoload)


def snapshot_object(target: Any, filename: Union[str, Callable],
                    savefun: Optional[Callable] = None, **kwargs: Any) -> extension.Extension:
    """An extension that saves ``target`` (a model, an optimizer...) to
    ``<out>/<filename>`` (formatted with the trainer: ``'model_epoch_{.updater.epoch}'``).

    >>> from tapejit import links as L
    >>> from tapejit.training import extensions
    >>> extensions.snapshot_object(L.Linear(2, 2), 'model_{.updater.epoch}').filename
    'model_{.updater.epoch}'
    """
    return snapshot(savefun, filename, target=target, **kwargs)
