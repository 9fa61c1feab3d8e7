"""tune_malloc keeps a step's freed arrays for the next step (glibc malloc
thresholds), where the user asks for it; ``import tapejit`` leaves malloc alone."""

from __future__ import annotations

import subprocess
import sys

import pytest

import tapejit.host_memory as host_memory

# A step's worth of arrays: eight 3 MiB arrays (below NumPy's 4 MiB huge-page
# hint) allocated, written and freed together, three times; page faults are
# counted in the last round. With glibc's defaults the freed top of the heap
# goes back to the kernel each round and every page faults in again.
_PROBE = r'''
import resource, sys
import numpy as np
import tapejit, tapejit.host_memory as hm
tuned = hm.tune_malloc() if sys.argv[1] == '1' else False
def step():
    xs = [np.empty(3 * 2 ** 18, np.float32) for _ in range(8)]
    for x in xs:
        x.fill(1.0)
for _ in range(2):
    step()
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
step()
print(tuned, resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
'''


def _faults(tune: str) -> tuple:
    out = subprocess.run([sys.executable, '-c', _PROBE, tune], check=True,
                         capture_output=True, text=True).stdout.split()
    return out[0] == 'True', int(out[1])


@pytest.mark.skipif(not host_memory.tune_malloc(),
                    reason='glibc malloc tuning unavailable here (not glibc)')
def test_freed_arrays_are_reused_without_page_faults_when_asked():
    tuned, faults = _faults('1')
    untuned, faults_default = _faults('0')
    assert tuned and not untuned
    assert faults < 200, faults
    if _huge_pages_always():
        return  # the kernel maps 2 MiB pages: few faults either way
    # 24 MiB is 6144 pages: glibc's defaults fault most of them in again.
    assert faults_default > 2000, faults_default


def _huge_pages_always() -> bool:
    try:
        with open('/sys/kernel/mm/transparent_hugepage/enabled') as f:
            return '[always]' in f.read()
    except OSError:
        return False


def test_import_leaves_malloc_alone():
    # Without the opt-in, glibc's defaults stay: the freed heap goes back to
    # the kernel and faults in again (unless 2 MiB pages hide the faults).
    tuned, faults = _faults('0')
    assert not tuned
    if host_memory.tune_malloc() and not _huge_pages_always():
        assert faults > 2000, faults
