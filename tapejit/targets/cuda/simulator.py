"""What the CUDA kernels' source runs with under Numba's CUDA simulator.

Under the simulator the generated source runs as plain Python; the kernels'
namespace then binds ``math`` to :data:`SIM_MATH`, NumPy's ufuncs under the
``math`` module's names, so overflow gives ``inf`` and a domain error ``nan``
as on a GPU instead of raising, and a float32 stays a float32.

>>> import numpy as np
>>> with np.errstate(over='ignore'):
...     SIM_MATH.exp(np.float32(1000.0)), SIM_MATH.erf(np.float32(0.5)).dtype
(np.float32(inf), dtype('float32'))
"""

from __future__ import annotations

import math
import types
from typing import Any

import numpy


def _erf_ufunc(x: Any) -> Any:
    # math.erf never raises for a float (erf(nan) is nan): only the dtype needs keeping.
    return type(x)(math.erf(x)) if isinstance(x, numpy.floating) else math.erf(x)


SIM_MATH = types.SimpleNamespace(
    exp=numpy.exp, log=numpy.log, log1p=numpy.log1p, expm1=numpy.expm1, sqrt=numpy.sqrt,
    sin=numpy.sin, cos=numpy.cos, tan=numpy.tan, tanh=numpy.tanh, erf=_erf_ufunc,
    asin=numpy.arcsin, acos=numpy.arccos, atan=numpy.arctan)
