"""The disk cache, as a user sees it (``python -m tapejit.cache [--clear]``):
where it is (``TAPEJIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/tapejit`` or
``~/.cache/tapejit``), how large, what it holds, and clearing it.  Only the
files tapejit wrote there are counted and cleared: anything else in the
directory is the user's and stays.

>>> info = cache_info()
>>> sorted(info)
['bytes', 'directory', 'entries', 'refused']
"""

from __future__ import annotations

import argparse
from typing import Optional

from tapejit.compiler import store

__all__ = ['cache_info']


cache_info = store.info  # (the store's directory, size and files; clear=True deletes them)


def main(argv: Optional[list] = None) -> None:
    """``python -m tapejit.cache [--clear]``.

    >>> main([])  # doctest: +ELLIPSIS
    tapejit cache: ...
    """
    ap = argparse.ArgumentParser(prog='python -m tapejit.cache',
                                 description='Show (or clear) the tapejit disk cache.')
    ap.add_argument('--clear', action='store_true', help='delete every file tapejit wrote there')
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
