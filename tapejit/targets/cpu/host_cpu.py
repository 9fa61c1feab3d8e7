"""The host CPU as LLVM names it, for cache keys, without loading LLVM.

Compiled kernels are keyed by the CPU name and features LLVM detects.
Loading LLVM's library just to ask costs more than the rest of a warm
process's first call, whose kernels load without LLVM
(:mod:`tapejit.targets.cpu.object_loader`).  So LLVM's answer is kept in the
store (:mod:`tapejit.compiler.store`, folder ``cpu/``) under a key of the
CPU as ``/proc/cpuinfo`` describes it (:func:`cpu_ident`) and llvmlite's
version.  A record is checked against this CPU's flags first
(:func:`check_record`): one naming an instruction set the CPU lacks would
give kernels that die of SIGILL, so it is a miss, with one warning, and LLVM
is asked again.  Elsewhere (no such fields: only x86 Linux has them, the
cache off) LLVM is asked.

A host whose hypervisor hides a feature its kernel does not know of could
share a key with one that has it: such hosts should not share a cache
directory (``TAPEJIT_CACHE_DIR``, or ``TAPEJIT_CACHE=0``).
"""

from __future__ import annotations

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
    where = _entry()
    # (LLVM loaded already, by Numba say: asking costs nothing. The record
    # is still written, for the next process that has not loaded it.)
    loaded = 'llvmlite.binding' in sys.modules
    if where is not None and not loaded:
        blob = store.read(*where, 'asking LLVM again')
        got = _parse(blob) if blob is not None else None
        if got is not None:
            why = check_record(got[1], cpu_ident() or '')
            if why is None:
                return got
            store.warn_once('host-record', f'tapejit: the cached CPU record '
                            f'{store.entry_path(*where)} does not match this CPU ({why}); '
                            'asking LLVM again')
    got = _ask_llvm()
    if where is not None and not (loaded and os.path.exists(store.entry_path(*where))):
        store.write(*where, f'{got[0]}\n{got[1]}\n'.encode())
    return got


# LLVM's x86 feature names whose /proc/cpuinfo flag has another name.
_FLAG_NAMES = {'sse4.1': 'sse4_1', 'sse4.2': 'sse4_2', 'sse3': 'pni', 'bmi': 'bmi1',
               'lzcnt': 'abm', 'pclmul': 'pclmulqdq', 'sha': 'sha_ni', 'rdrnd': 'rdrand',
               'sahf': 'lahf_lm', 'avxvnni': 'avx_vnni', 'amx-tile': 'amx_tile',
               'amx-int8': 'amx_int8', 'amx-bf16': 'amx_bf16', 'cx8': 'cx8', 'x87': 'fpu',
               'prfchw': '3dnowprefetch', 'avx512vnni': 'avx512_vnni',
               'avx512bf16': 'avx512_bf16', 'avx512fp16': 'avx512_fp16',
               'avx512vbmi2': 'avx512_vbmi2', 'avx512bitalg': 'avx512_bitalg',
               'avx512vpopcntdq': 'avx512_vpopcntdq', 'avx512vp2intersect': 'avx512_vp2intersect'}
# The instruction sets whose kernels would fault on a CPU without them, and
# that every LLVM release tapejit supports names in its feature list (so a
# genuine record says +f or -f for each).
_CORE = ('sse4.1', 'sse4.2', 'ssse3', 'popcnt', 'avx', 'avx2', 'fma', 'f16c', 'bmi', 'bmi2',
         'lzcnt', 'movbe', 'avx512f', 'avx512bw', 'avx512cd', 'avx512dq', 'avx512vl')
# More that may appear enabled: each must be one of the CPU's flags.
_CHECKED = _CORE + ('sse', 'sse2', 'sse3', 'aes', 'pclmul', 'sha', 'adx', 'rdrnd', 'rdseed',
                    'xsave', 'cx16', 'avx512ifma', 'avx512vbmi', 'avx512vbmi2', 'avx512vnni',
                    'avx512bf16', 'avx512fp16', 'avx512bitalg', 'avx512vpopcntdq',
                    'avx512vp2intersect', 'avxvnni', 'amx-tile', 'amx-int8', 'amx-bf16',
                    'gfni', 'vaes', 'vpclmulqdq', 'fma4', 'xop', 'sse4a', 'sahf')


def check_record(features: str, ident: str) -> Optional[str]:
    """Why the LLVM features of a host record do not fit the CPU whose
    ``/proc/cpuinfo`` identity (:func:`cpu_ident`) is ``ident``; None where
    they do (or where ``ident`` lists no flags: no other platform keeps one).

    >>> check_record('+avx2,+avx512f', 'flags: fpu avx2')
    'it enables avx512f, which this CPU lacks'
    >>> check_record('+avx2', 'flags: fpu avx2')   # a CPU name would enable it
    'it does not disable sse4.1, which this CPU lacks'
    >>> check_record('+avx2,' + ','.join('-' + f for f in _CORE if f != 'avx2'),
    ...              'flags: fpu avx2') is None
    True
    """
    flags = None
    for line in ident.split('\n'):
        if line.startswith('flags:'):
            flags = set(line[len('flags:'):].split())
    if not flags:
        return None
    feats = features.split(',') if features else []
    on = {f[1:] for f in feats if f.startswith('+')}
    off = {f[1:] for f in feats if f.startswith('-')}
    for f in _CHECKED:
        if f in on and _FLAG_NAMES.get(f, f) not in flags:
            return f'it enables {f}, which this CPU lacks'
    for f in _CORE:
        if _FLAG_NAMES.get(f, f) not in flags and f not in off:
            return f'it does not disable {f}, which this CPU lacks'
    return None


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
                text = f.read(16384).decode('ascii', 'replace')
        except OSError:
            return None
    first = text.split('\n\n', 1)[0]
    fields = {}
    for line in first.split('\n'):
        key, sep, value = line.partition(':')
        if sep and key.strip() in _IDENT_FIELDS:
            fields[key.strip()] = value.strip()
    if 'flags' not in fields:
        return None
    return '\n'.join(f'{k}: {fields[k]}' for k in _IDENT_FIELDS if k in fields)


def _entry() -> Optional[tuple]:
    """``(folder, key)`` of this CPU's record in the store, or None."""
    d = store.cache_dir()
    ident = cpu_ident() if d is not None else None  # (no cache: /proc/cpuinfo unread)
    if ident is None:
        return None
    return os.path.join(d, 'cpu'), f'cpu\n{store.fingerprint("llvmlite")}\n{ident}'
