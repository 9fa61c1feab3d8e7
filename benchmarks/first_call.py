"""The ``compile`` workload: the first call of the jitted ``mlp_big`` step in
this (fresh) process, with the system's disk cache in ``--cache-dir``.

The runner starts it twice per system with the same directory: the first
process starts cold (empty directory), the second warm (the first one's cache).
Prints ``BENCH-JSON {...}`` with ``first_call_ms`` (building the step and its
first call: tracing and compiling included) and ``second_call_ms``.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from benchmarks import systems
from benchmarks import workloads as W
from benchmarks.worker import MARK, _note

COMPILERS = ('tapejit-jit', 'torch-compile', 'jax-jit')


def _point_caches(system: str, cache_dir: str) -> None:
    """Send the system's persistent compilation cache to ``cache_dir``
    (before the framework is imported, where it reads the setting then)."""
    if system.startswith('tapejit'):
        os.environ['TAPEJIT_CACHE_DIR'] = cache_dir
        os.environ['NUMBA_CACHE_DIR'] = os.path.join(cache_dir, 'numba')
    elif system == 'torch-compile':
        os.environ['TORCHINDUCTOR_CACHE_DIR'] = cache_dir
    elif system == 'jax-jit':
        import jax
        jax.config.update('jax_compilation_cache_dir', cache_dir)
        # Cache every executable, however quick it was to compile.
        jax.config.update('jax_persistent_cache_min_compile_time_secs', 0)
        jax.config.update('jax_persistent_cache_min_entry_size_bytes', 0)


def first_call(system: str, cache_dir: str, size: str = 'full',
               workload: str = 'mlp_big') -> dict:
    doc: dict = {'system': system}
    t0 = time.perf_counter()
    _point_caches(system, cache_dir)
    mod = systems.load(system)
    why = mod.unavailable()
    if why:
        return {**doc, 'unavailable': why}
    doc['versions'] = mod.versions()  # imports the framework
    data = W.make_data(workload, size)
    doc['import_ms'] = (time.perf_counter() - t0) * 1e3
    try:
        t = time.perf_counter()
        fn, _ = mod.build(workload, data)
        mod.sync(fn())
        doc['first_call_ms'] = (time.perf_counter() - t) * 1e3
        t = time.perf_counter()
        mod.sync(fn())
        doc['second_call_ms'] = (time.perf_counter() - t) * 1e3
    except Exception as e:
        doc['note'] = _note(e)
    return doc


def main(argv: list | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--system', required=True, choices=COMPILERS)
    ap.add_argument('--cache-dir', required=True)
    ap.add_argument('--size', default='full', choices=list(W.SIZES))
    a = ap.parse_args(argv)
    print(MARK + json.dumps(first_call(a.system, a.cache_dir, a.size)), flush=True)


if __name__ == '__main__':
    main()
