"""Where the dataset loaders look for their files.

Nothing is downloaded: a loader reads files that were put in place beforehand,
under the *dataset root*: ``$TAPEJIT_DATASET_ROOT`` if set, else
``~/.tapejit/dataset``.  The layout below the root is Chainer's: the files a
loader reads (for example ``pfnet/chainer/mnist/train.npz``) and the download
cache ``_dl_cache/<MD5 of the URL>`` of the raw files a loader makes them from
when they are missing. So a Chainer dataset directory (``~/.chainer/dataset``)
can be copied over, or used directly with
``TAPEJIT_DATASET_ROOT=~/.chainer/dataset``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from typing import Any, Callable, Optional

_root: Optional[str] = None


class DatasetNotFoundError(FileNotFoundError):
    """A dataset file is not where the loader reads it (nothing is downloaded)."""


def get_dataset_root() -> str:
    """The dataset root directory.

    >>> import os
    >>> from tapejit.dataset import get_dataset_root, set_dataset_root
    >>> set_dataset_root('/data/sets'); get_dataset_root()
    '/data/sets'
    >>> set_dataset_root(None)  # back to $TAPEJIT_DATASET_ROOT or ~/.tapejit/dataset
    """
    if _root is not None:
        return _root
    env = os.environ.get('TAPEJIT_DATASET_ROOT')
    if env:
        return os.path.expanduser(env)
    return os.path.join(os.path.expanduser('~'), '.tapejit', 'dataset')


def set_dataset_root(path: Optional[str]) -> None:
    """Use ``path`` as the dataset root (``None``: back to the default)."""
    global _root
    _root = None if path is None else os.path.expanduser(path)


def get_dataset_directory(dataset_name: str, create_directory: bool = False) -> str:
    """``<dataset root>/<dataset_name>``; created only when ``create_directory``.

    >>> from tapejit.dataset import get_dataset_directory, set_dataset_root
    >>> set_dataset_root('/data/sets')
    >>> get_dataset_directory('pfnet/chainer/mnist')
    '/data/sets/pfnet/chainer/mnist'
    >>> set_dataset_root(None)
    """
    path = os.path.join(get_dataset_root(), dataset_name)
    if create_directory:
        os.makedirs(path, exist_ok=True)
    return path


def _download_cache_path(url: str) -> str:
    """``<dataset root>/_dl_cache/<MD5 hex digest of the URL>`` (Chainer's layout),
    where the file ``url`` names is looked for."""
    digest = hashlib.md5(url.encode('utf-8')).hexdigest()
    return os.path.join(get_dataset_root(), '_dl_cache', digest)


def cached_download(url: str) -> str:
    """The path of the file ``url`` names, from the download cache (Chainer's
    ``cached_download``, which fetches it when the cache lacks it).

    The cache is Chainer's: ``<dataset root>/_dl_cache/<md5 of the URL>``, so
    the files Chainer downloaded (``~/.chainer/dataset/_dl_cache``) are found
    once copied over. tapejit downloads nothing: a file missing from the cache
    raises :class:`~tapejit.datasets.DatasetNotFoundError` naming the URL and
    where to put what it holds.

    >>> import hashlib, os, tempfile
    >>> from tapejit.dataset import cached_download, set_dataset_root
    >>> root = tempfile.mkdtemp(); set_dataset_root(root)
    >>> url = 'https://example.com/corpus.txt'
    >>> entry = os.path.join(root, '_dl_cache', hashlib.md5(url.encode()).hexdigest())
    >>> os.makedirs(os.path.dirname(entry)); open(entry, 'w').close()
    >>> cached_download(url) == entry
    True
    >>> set_dataset_root(None)
    """
    cache_root = os.path.join(get_dataset_root(), '_dl_cache')
    try:
        os.makedirs(cache_root)  # (Chainer makes it here too)
    except OSError:
        if not os.path.isdir(cache_root):
            raise
    path = _download_cache_path(url)
    if not os.path.exists(path):
        raise DatasetNotFoundError(
            f'cached_download: {url} is not in the download cache. tapejit downloads '
            f'nothing: fetch it and save it as {path} (the name is the MD5 of the URL, as in '
            "Chainer's cache ~/.chainer/dataset/_dl_cache), or set TAPEJIT_DATASET_ROOT (now "
            f'{get_dataset_root()}) to a directory holding _dl_cache')
    return path


def cache_or_load_file(path: str, creator: Callable[[str], Any],
                       loader: Callable[[str], Any]) -> Any:
    """``loader(path)`` if ``path`` exists; else ``creator(tmp)``, which writes the
    file at ``tmp`` and returns its content, then moves the file to ``path``
    and returns that content (Chainer's ``cache_or_load_file``). As Chainer's,
    it first makes the dataset root, raising ``RuntimeError`` where it cannot;
    the folder of ``path`` is made when missing.

    >>> import os, tempfile
    >>> import numpy as np
    >>> from tapejit.dataset import set_dataset_root
    >>> set_dataset_root(tempfile.mkdtemp())
    >>> path = os.path.join(tempfile.mkdtemp(), 'squares.npy')
    >>> def create(tmp):
    ...     x = np.arange(4) ** 2
    ...     np.save(open(tmp, 'wb'), x)
    ...     return x
    >>> cache_or_load_file(path, create, np.load)
    array([0, 1, 4, 9])
    >>> cache_or_load_file(path, None, np.load)  # read back, not created again
    array([0, 1, 4, 9])
    >>> set_dataset_root(None)
    """
    if os.path.exists(path):
        return loader(path)
    root = get_dataset_root()
    try:
        os.makedirs(root, exist_ok=True)
    except OSError as e:
        raise RuntimeError(f'cannot create the dataset directory {root}') from e
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = os.path.join(tmp, os.path.basename(path))
        content = creator(tmp_path)
        if not os.path.exists(path):
            # get_dataset_directory makes no directory unless asked, so the
            # loaders' folder (pfnet/chainer/mnist...) may not exist yet; it is
            # made only now, once there is a file to put in it.
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
            shutil.move(tmp_path, path)
    return content
