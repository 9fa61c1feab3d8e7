"""Where the dataset loaders look for their files.

Nothing is downloaded: a loader reads a file that was put in place beforehand,
under the *dataset root*: ``$TAPEJIT_DATASET_ROOT`` if set, else
``~/.tapejit/dataset``.  The layout below the root is Chainer's (for example
``pfnet/chainer/mnist/train.npz``), so a Chainer dataset cache
(``~/.chainer/dataset``) can be copied over, or used directly with
``TAPEJIT_DATASET_ROOT=~/.chainer/dataset``.
"""

from __future__ import annotations

import os
from typing import Optional

_root: Optional[str] = None


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
