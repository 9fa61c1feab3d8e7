"""The disk cache's directory and its entries: every artifact a compile
writes (kernel objects, plans, generated Python code, the host record)
goes through :func:`read_entry` and :func:`write_entry`.

An entry is framed as ``MAGIC``, the SHA-256 of its payload, the payload;
one that does not match its digest is damaged: the reader warns and the
caller compiles again.  Writes are atomic (a temporary file renamed over
the entry), so a reader sees no entry or the whole one.

>>> import os, tempfile
>>> p = os.path.join(tempfile.mkdtemp(), 'demo.bin')
>>> write_entry(p, b'payload')
>>> read_entry(p)
b'payload'
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import warnings
from typing import Optional

MAGIC = b'TJOBJ1\n'
# Tags already warned of in this process (one warning each).
warned: set = set()


def cache_dir() -> Optional[str]:
    """The kernel directory, or None when the disk cache is off
    (``TAPEJIT_CACHE=0``); ``TAPEJIT_CACHE_DIR`` moves it.

    >>> cache_dir() is None or cache_dir().endswith('kernels')
    True
    """
    if os.environ.get('TAPEJIT_CACHE', '1').lower() in ('0', 'false', 'off', 'no'):
        return None
    d = os.environ.get('TAPEJIT_CACHE_DIR')
    if not d:
        base = os.environ.get('XDG_CACHE_HOME') or os.path.join(os.path.expanduser('~'),
                                                                '.cache')
        d = os.path.join(base, 'tapejit')
    return os.path.join(d, 'kernels')


def warn_once(tag: str, msg: str) -> None:
    """Warn ``msg`` unless a warning tagged ``tag`` was given already."""
    if tag not in warned:
        warned.add(tag)
        warnings.warn(msg, RuntimeWarning, stacklevel=3)


def read_entry(path: str, redo: str = 'recompiling it') -> Optional[bytes]:
    """The payload of the entry at ``path``; None where there is none, or,
    with a warning that says what happens instead (``redo``), where it is
    damaged."""
    try:
        with open(path, 'rb') as f:
            blob = f.read()
    except OSError:
        return None
    head = len(MAGIC) + 32
    if (blob[:len(MAGIC)] == MAGIC and len(blob) > head
            and hashlib.sha256(blob[head:]).digest() == blob[len(MAGIC):head]):
        return blob[head:]
    warnings.warn(f'tapejit: kernel cache entry {path} is damaged; {redo}',
                  RuntimeWarning, stacklevel=4)
    return None


def write_entry(path: str, payload: bytes) -> None:
    """Write the entry at ``path``; where the directory is unusable, warn
    once a process and go on (the caller keeps what it compiled in memory)."""
    try:
        d = os.path.dirname(path)
        os.makedirs(d, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=d, prefix='.tmp-', suffix='.o')
        with os.fdopen(fd, 'wb') as f:
            f.write(MAGIC + hashlib.sha256(payload).digest() + payload)
        os.replace(tmp, path)
    except OSError as e:
        warn_once('unwritable', f'tapejit: cannot use the kernel cache directory '
                                f'{os.path.dirname(path)} ({e}); compiling in memory only')
