"""A loop-IR kernel's canonical text and digest: equal kernels give equal
digests in every process, and any change to the IR a new one."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import numpy as np
import pytest

from tapejit.compiler import loop_ir as L

F32, F64 = np.dtype(np.float32), np.dtype(np.float64)


def _kernel(c=L.Const(2.0, F32), dtype=F32, params=None, index=('i',), parallel=False):
    """``out0[i] = in0[i] * c`` over ``dtype`` (an Apply with ``params``)."""
    value = L.Apply('mul', (L.Load('in0', index), c), params or {}, (dtype, dtype), dtype)
    body = [L.Assign(L.Local('t0'), value), L.Assign(L.Load('out0', index), L.Local('t0'))]
    return L.Kernel('kernel', ['in0', 'out0'], [],
                    L.ChunkLoop(parallel, [], [L.ChunkRange('i', body)], []))


def test_kernels_built_apart_with_equal_ir_have_one_digest():
    assert L.digest(_kernel()) == L.digest(_kernel())
    # The order a params dict was built in is no part of the kernel.
    assert (L.digest(_kernel(params={'a': 1, 'b': (2, 3)}))
            == L.digest(_kernel(params={'b': (2, 3), 'a': 1})))


@pytest.mark.parametrize('changed', [
    dict(c=L.Const(2.0000002, F32)),                # a constant's value
    dict(c=L.Const(2.0, F64)),                      # a constant's dtype
    dict(c=L.Const(2, F32)),                        # an int literal, not a float
    dict(c=L.Const(np.float32(2.0), F32)),          # a NumPy scalar, not a Python float
    dict(dtype=F64),                                # the operation's dtypes
    dict(params={'a': 1}),                          # a parameter
    dict(index=(0,)),                               # an index
    dict(parallel=True),                            # the chunk loop
], ids=['value', 'const-dtype', 'int', 'numpy-scalar', 'dtype', 'params', 'index', 'parallel'])
def test_any_change_to_the_ir_is_a_new_digest(changed):
    assert L.digest(_kernel(**changed)) != L.digest(_kernel())


def test_constants_are_told_apart_to_the_last_bit():
    values = (0.0, -0.0, 0.1, math.nextafter(0.1, 1.0))
    assert len({L.canonical(L.Const(v, F64)) for v in values}) == 4
    assert L.canonical(np.float32(0.1)) != L.canonical(np.float64(np.float32(0.1)))
    assert L.canonical(float('nan')) != L.canonical(float('inf'))


def test_a_value_of_no_known_kind_is_refused():
    # (Its repr could hold an address: a key that differs in every process.)
    with pytest.raises(TypeError, match='no canonical text of object'):
        L.canonical(L.Const(object(), F32))


def test_the_digest_is_the_same_in_every_process():
    code = ('import numpy as np\nfrom tests.compiler.test_loop_ir import _kernel\n'
            'from tapejit.compiler import loop_ir as L\n'
            "print(L.digest(_kernel(params={'x': 1, 'y': 2, 'z': np.dtype('f4')})))")
    digests = set()
    for seed in ('1', '2'):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        digests.add(subprocess.run([sys.executable, '-c', code], env=env, check=True,
                                   capture_output=True, text=True).stdout.strip())
    assert len(digests) == 1 and len(digests.pop()) == 32


def test_a_kernel_whose_cast_names_a_scalar_type_is_keyed_and_runs():
    # F.cast(x, numpy.int32) (a type, not a dtype) puts the type in the loop
    # IR's params: its key must be made of it, not refused.
    import tapejit
    import tapejit.functions as F
    x = np.arange(6.0).reshape(2, 3)
    for dt, want in ((np.int32, np.int32), (float, np.float64), (np.dtype('f4'), np.float32)):
        got = tapejit.jit(lambda x, dt=dt: F.cast(x * 2, dt) + 1)(x)
        assert got.dtype == want
        np.testing.assert_array_equal(got.array, (x * 2).astype(want) + 1)
    assert L.canonical(np.int32) != L.canonical(np.int64) and L.canonical(float) == "type:<f8"
