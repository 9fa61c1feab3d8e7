"""The disk cache, as a user sees it (``python -m tapejit.cache [--clear]``):
where it is (``TAPEJIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/tapejit`` or
``~/.cache/tapejit``), how large, what it holds, and clearing it.

>>> info = cache_info()
>>> sorted(info)
['bytes', 'directory', 'entries', 'refused']
"""

from __future__ import annotations

import argparse
from typing import Optional

from tapejit.compiler import store

__all__ = ['cache_info']


def cache_info(clear: bool = False) -> dict:
    """The store's ``directory``, its size in ``bytes``, its files per folder
    (``entries``) and whether it was ``refused`` (not the user's own, or
    writable by others); ``clear=True`` deletes the entries first.

    >>> cache_info()['bytes'] >= 0
    True
    """
    return store.info(clear)


def main(argv: Optional[list] = None) -> None:
    """``python -m tapejit.cache [--clear]``.

    >>> main([])  # doctest: +ELLIPSIS
    tapejit cache: ...
    """
    ap = argparse.ArgumentParser(prog='python -m tapejit.cache',
                                 description='Show (or clear) the tapejit disk cache.')
    ap.add_argument('--clear', action='store_true', help='delete every entry')
    a = ap.parse_args(argv)
    info = cache_info(a.clear)
    state = ' (refused: compiling in memory)' if info['refused'] else ''
    print(f'tapejit cache: {info["directory"]}{state}')
    print(f'  {info["bytes"] / 1e6:.1f} MB in {sum(info["entries"].values())} files'
          + ('' if not a.clear else ' (after clearing)'))
    for folder, n in sorted(info['entries'].items()):
        print(f'  {folder:<12} {n}')


if __name__ == '__main__':
    main()
