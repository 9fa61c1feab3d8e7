"""The CUDA op table: the CPU table with what differs for ``numba.cuda`` kernels.

Inside a CUDA kernel the transcendental functions are ``math.*`` (typed by
Numba's CUDA target per float width, so ``math.exp`` of a float32 is the
float32 ``expf``); the NumPy scalar functions of the CPU table are not all
available there, so CPU entries are rendered and their function names
renamed.  Arithmetic, comparisons, casts and where render the same Python
expression on both targets.  Entries are registered
on the primitives as ``prim.lowering['cuda']``.

Under Numba's CUDA simulator the generated source runs as plain Python; the
kernels' namespace then binds ``math`` to :data:`SIM_MATH`, NumPy's ufuncs
under the same names, so overflow gives ``inf`` and a domain error ``nan`` as
on a GPU instead of raising.
"""

from __future__ import annotations

import math
import types
from typing import Callable

import numpy

from tapejit.targets.cpu.ops import CPU_TABLE, REDUCTIONS, typed
from tapejit.ops.registry import PRIMITIVES


# CPU spellings -> CUDA ones.  Every CPU entry is rendered and then renamed,
# so an entry added to (or tuned in) the CPU table reaches CUDA without a
# copy here; only entries whose shape differs are written out below.
RENAME: dict = {f'np.{fn}(': f'math.{fn}(' for fn in (
    'exp', 'log', 'log1p', 'expm1', 'sqrt', 'sin', 'cos', 'tan', 'tanh')}
RENAME['tanh_f32('] = 'math.tanh('   # the CPU's vectorizable float32 tanh
RENAME.update({'np.arcsin(': 'math.asin(', 'np.arccos(': 'math.acos(',
               'np.arctan(': 'math.atan('})


def _renamed(entry: Callable) -> Callable:
    def render(a, p, it, ot):
        src = entry(a, p, it, ot)
        for old, new in RENAME.items():
            src = src.replace(old, new)
        return src
    return render


def _sign(a, p, it, ot):
    x = a[0]
    one, minus, zero = typed(1, ot), typed(-1, ot), typed(0, ot)
    if ot.kind == 'f':  # NaN stays NaN, as numpy.sign gives
        return f'({one} if {x} > 0 else ({minus} if {x} < 0 else ({zero} if {x} == 0 else {x})))'
    if ot.kind in 'ub':
        return f'({one} if {x} > 0 else {zero})'
    return f'({one} if {x} > 0 else ({minus} if {x} < 0 else {zero}))'


def _erf(a, p, it, ot):
    return f'math.erf({a[0]})'


# Entries that are not a renaming of the CPU ones.
CUDA_OVERRIDES: dict = {'sign': _sign, 'erf': _erf}

CUDA_TABLE: dict = {**{k: _renamed(v) for k, v in CPU_TABLE.items()}, **CUDA_OVERRIDES}


def _erf_ufunc(x):
    # math.erf never raises for a float (erf(nan) is nan): only the dtype needs keeping.
    return type(x)(math.erf(x)) if isinstance(x, numpy.floating) else math.erf(x)


SIM_MATH = types.SimpleNamespace(
    exp=numpy.exp, log=numpy.log, log1p=numpy.log1p, expm1=numpy.expm1, sqrt=numpy.sqrt,
    sin=numpy.sin, cos=numpy.cos, tan=numpy.tan, tanh=numpy.tanh, erf=_erf_ufunc,
    asin=numpy.arcsin, acos=numpy.arccos, atan=numpy.arctan)


def register() -> None:
    for name, entry in CUDA_TABLE.items():
        PRIMITIVES[name].lowering['cuda'] = entry
    for name in REDUCTIONS:
        PRIMITIVES[name].lowering['cuda'] = 'reduce'
    PRIMITIVES['broadcast_to'].lowering['cuda'] = 'broadcast'


register()
