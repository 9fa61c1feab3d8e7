"""tapejit ``@jit`` on CuPy arrays (a GPU): the same step functions as on the CPU."""

from __future__ import annotations

from typing import Any, Optional

from benchmarks.systems import chainerlike, tapejit_eager

LABEL = 'tapejit CUDA'


def unavailable() -> Optional[str]:
    try:
        import cupy
    except ImportError:
        return 'no GPU (cupy not installed)'
    try:
        if cupy.cuda.runtime.getDeviceCount() == 0:
            return 'no GPU'
    except Exception as e:  # no driver, no device
        return f'no GPU ({type(e).__name__})'
    return None


def versions() -> dict:
    import cupy
    v = tapejit_eager.versions()
    v['cupy'] = cupy.__version__
    return v


def sync(out: Any) -> None:
    import cupy
    cupy.cuda.Device().synchronize()


def build(name: str, data: dict) -> tuple:
    import cupy

    import tapejit
    gpu = {k: cupy.asarray(v) for k, v in data.items()}
    fn, fetch = chainerlike.build(tapejit_eager.api(), name, gpu, wrap=tapejit.jit)
    return fn, lambda out: [cupy.asnumpy(a) for a in fetch(out)]
