"""The host CPU as LLVM names it, for cache keys, without loading LLVM.

Compiled kernels are keyed by the CPU name and features LLVM detects
(``llvmlite.binding.get_host_cpu_name`` and ``get_host_cpu_features``).
Loading LLVM's library to ask costs 30-40 ms in a process that has not
loaded it (one that has not imported Numba), which is more than the rest of
a warm process's first call of a training step: a warm process needs the
names for its keys only, since its kernels load from the disk cache without
LLVM (:mod:`tapejit.targets.cpu.object_loader`).

So the names LLVM gave are kept in the kernel cache directory (``host/``),
under a key of the CPU as the kernel describes it (the first processor's
vendor, family, model, stepping, CPUID level and flags in
``/proc/cpuinfo``) and llvmlite's version, written and checked like the
kernels' object code.  Another CPU, another llvmlite, a damaged entry, the
cache off or a platform without those fields (only x86 Linux has them): LLVM
is asked.

The kernel lists the features it found by CPUID, as LLVM does; a host whose
hypervisor hides a feature its kernel does not know of could share a key
with one that has it.  Such hosts should not share a cache directory: give
each its own ``TAPEJIT_CACHE_DIR``, or turn the cache off (``TAPEJIT_CACHE=0``).
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
from typing import Optional

from tapejit.compiler import store

__all__ = ['host_cpu']

# The fields of a processor's /proc/cpuinfo entry that say which CPU it is
# and what it can run (x86); its speed, ids and counters vary.
_IDENT_FIELDS = ('vendor_id', 'cpu family', 'model', 'model name', 'stepping', 'cpuid level',
                 'flags')

_lock = threading.Lock()
_memo: list = []


def host_cpu() -> tuple:
    """``(name, features)``: LLVM's name of this CPU and its features
    (``+avx2,-avx512f,...``), from the kernel cache where an earlier process
    asked LLVM on this CPU, else from LLVM (and kept there).

    >>> name, features = host_cpu()
    >>> isinstance(name, str) and name != '' and isinstance(features, str)
    True
    """
    with _lock:
        if not _memo:
            _memo.append(_find())
        return _memo[0]


def _find() -> tuple:
    path = _entry_path()
    if 'llvmlite.binding' in sys.modules:
        # (Loaded already, by Numba say: asking costs nothing. The entry is
        # still written, for the next process that has not loaded it.)
        got = _ask_llvm()
        if path is not None and not os.path.exists(path):
            store.write_entry(path, f'{got[0]}\n{got[1]}\n'.encode())
        return got
    if path is not None and os.path.exists(path):
        blob = store.read_entry(path, 'asking LLVM again')
        got = _parse(blob) if blob is not None else None
        if got is not None:
            return got
    got = _ask_llvm()
    if path is not None:
        store.write_entry(path, f'{got[0]}\n{got[1]}\n'.encode())
    return got


def _ask_llvm() -> tuple:
    import llvmlite.binding as llvm
    return llvm.get_host_cpu_name(), llvm.get_host_cpu_features().flatten()


def _parse(blob: bytes) -> Optional[tuple]:
    try:
        name, features, rest = blob.decode('ascii').split('\n')
    except ValueError:
        return None
    if not name or rest or (features and not all(
            f[:1] in '+-' and len(f) > 1 for f in features.split(','))):
        return None
    return name, features


def cpu_ident(text: Optional[str] = None) -> Optional[str]:
    """The first processor's identifying fields of ``/proc/cpuinfo`` (or of
    ``text``), one per line; None where there are none (another platform).

    >>> cpu_ident('processor : 0\\nvendor_id : X\\ncpu MHz : 1.0\\nflags : a b\\n\\n'
    ...           'processor : 1\\nvendor_id : Y\\n')
    'vendor_id: X\\nflags: a b'
    """
    if text is None:
        try:
            # (Its first entry only: the file is generated as it is read, and
            # runs to hundreds of kilobytes on a large host.)
            with open('/proc/cpuinfo', 'rb') as f:
                head = f.read(16384).decode('ascii', 'replace')
        except OSError:
            return None
        text = head
    first = text.split('\n\n', 1)[0]
    fields = {}
    for line in first.split('\n'):
        key, sep, value = line.partition(':')
        if sep and key.strip() in _IDENT_FIELDS:
            fields[key.strip()] = value.strip()
    if 'flags' not in fields:
        return None
    return '\n'.join(f'{k}: {fields[k]}' for k in _IDENT_FIELDS if k in fields)


def _entry_path() -> Optional[str]:
    d = store.cache_dir()
    if d is None:
        return None
    ident = cpu_ident()
    if ident is None:
        return None
    import llvmlite  # (its version only: the package, not LLVM's library)
    key = hashlib.sha256(f'{llvmlite.__version__}\n{ident}'.encode()).hexdigest()[:32]
    return os.path.join(d, 'host', f'{key}.bin')
