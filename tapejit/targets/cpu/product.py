"""The CPU's matrix product kernels: ``a @ b`` for 2-d float arrays, in two
generated passes on the threads tapejit decides
(:mod:`tapejit.targets.cpu.product_ir`).

First ``b`` is packed into panels of ``NR`` columns, each row of a panel
one aligned run of ``NR`` elements, zero past the last column (a
transposed ``b``, as ``x @ W.T`` gives, is transposed block by block in
registers on the way).  Then each item computes a tile of ``MR`` rows by
``NR`` columns of the result in ``MR * NV`` vector registers: per step
along the shared axis, ``NV`` vectors of the panel and ``MR`` broadcast
elements of ``a`` (row-major or transposed, read where they lie) feed
``MR * NV`` fused multiply-adds (a transposed ``a`` whose shared axis
is longer than the block of it whose lines stay in the first-level cache
is written row-major first, in ``lanes x lanes`` blocks transposed in
registers).  A panel's items are consecutive, so a
thread's claim reads its panel from cache; the last panels come in short
items, so that the threads end together.  The tile comes from the vector
width, register count and first-level cache of this CPU, and is narrower
for a product of fewer columns than it spans
(:func:`tapejit.compiler.contraction.product_tile`); each kernel is
compiled once per dtype and tile and kept in the store.

>>> import numpy as np
>>> a = np.arange(12.0, dtype=np.float32).reshape(3, 4)
>>> b = np.ones((4, 5), np.float32)
>>> matmul(a, b)[:, 0].tolist()
[6.0, 22.0, 38.0]
"""

from __future__ import annotations

import atexit
import math
import os
import threading
import time
import warnings
from typing import Any, Callable, NamedTuple, Optional

import numpy

from tapejit.backends import host_arrays, threads
from tapejit.compiler import contraction as C
from tapejit.ops.registry import install_host_kernel
from tapejit.targets.cpu import compile_process
from tapejit.targets.cpu.buffers import scratch
from tapejit.targets.cpu.contraction import (_DTYPES, _cache_bytes, _kernel, cache_line,
                                             first_level, kernel_source, machine, supported)
from tapejit.targets.cpu import llvm_jit
from tapejit.targets.cpu.llvm_jit import has_object
from tapejit.targets.cpu.product_ir import product_ir, transpose_ir

__all__ = ['takes_product', 'takes_shape', 'takes_layout', 'matmul', 'tile', 'describe',
           'settle_trials']

# Hand-offs' time a product takes at least to run here, and panels of
# columns it has at least (over its stack), for the kernel to take it (see
# takes_product).  Measured on 48 shapes against BLAS cut in pieces: from 4
# hand-offs and 4 panels the kernel was 1.07-1.8x faster; a single panel
# (64 columns) ran 0.56-1.03x, its row tiles split among items that each
# pack it again; around one hand-off, 0.84-1.6x.  Between 2 and 4
# hand-offs, on 48 more (m 32-256, shared axis and columns 10-1024), a
# row-major or one-block first operand ran 0.53-1.03x BLAS's time (a
# classifier's 10 columns 0.53-0.71x); a transposed one rewritten
# row-major first (see _rewrites_rows) with fewer than MIN_PANELS panels
# 0.91-2.8x: BLAS runs those.
MIN_HANDOFFS = 2
MIN_PANELS = 4
# Items (parts of panels) a product is cut into per thread at least: a
# late thread holds up one, and a part packs its panel again (unless its
# thread packed that panel last).
ITEMS_PER_THREAD = 4
# The last panels' parts (see _items), at most, and the blocks of rows each
# part keeps at least: a part may pack its panel again, about a quarter of
# a block's multiply-adds per row of the panel.
TAIL_PARTS = 8
TAIL_BLOCKS = 4
# Claims of blocks a thread makes at most while a transposed first operand
# is written row-major (see _rows_of): few enough that the counter's line
# is not passed between the cores at each block, enough that a late thread
# holds up a small part.
TRANSPOSE_CLAIMS = 8
# Operand layouts whose calls are kept (see _call_of), at most.
MAX_KEPT_CALLS = 1024
# Calls of a product's shape and layout before it is tried both ways (see
# _kernel_pays): the second shows a loop that makes it again (a script
# that makes it once spends nothing on it), and a trial ends within a few
# steps of it, before a short run ends.
TIME_AFTER_CALLS = 2
# Timed runs of each way, the kernel and BLAS, a trial takes (after an
# untimed one of each, which may load or lay out what the way keeps): the
# best of them decides (see _trial_run).
TRIAL_RUNS = 3

_calls: dict = {}      # (shapes, strides, dtypes) -> _Call or None
_verdicts: dict = {}   # layout (see _Call) -> whether the kernel computes it faster
_trials: dict = {}     # layout on trial -> (the kernel's run times, BLAS's)
_verdict_lock = threading.Lock()
_met: dict = {}        # layout not in the store -> calls that asked about it
_queued: dict = {}     # layouts waiting for the trial thread, or loaded by it now (as keys)
_timer: list = [None]  # the trial thread, while one runs (see _time_later)
_timer_hooks = [False]  # (atexit and fork hooks registered)
_stopping = [False]     # (the interpreter is ending)
_fns: dict = {}        # (dtype, MR, NV) -> the compiled kernel
_at_hand: dict = {}    # (dtype, tile, rewritten) found loaded or stored (see _kernel_at_hand)
_tiles: dict = {}      # (columns, dtype) -> tile


def takes_product(a: Any, b: Any) -> bool:
    """Whether these kernels compute ``a @ b``: :func:`supported` arrays of
    at least 2 dimensions, stacked alike or one of them a single matrix
    (see :func:`_stack`), ``b``'s matrices with a unit stride along one
    axis (row-major, or a transpose), at least a tile's rows and
    :data:`MIN_PANELS` panels of columns (over the stack) or every column
    in one narrow panel (:func:`takes_shape`), and each matrix's
    product long enough to take :data:`MIN_HANDOFFS` of this machine's
    hand-offs to a thread at its measured product rate
    (:func:`tapejit.backends.threads.calibration`).  Shorter products spend
    more on packing and calling than they save: BLAS runs them.  A single
    product (not a stack) goes to the kernel only where this machine
    computed products of its shape and layout faster with it than with
    BLAS (:func:`_kernel_pays`).

    >>> x = numpy.ones((512, 512), numpy.float32)
    >>> takes_product(x, x) == _kernel_pays(_call_of(x, x).layout)
    True
    >>> takes_product(x, x[:, ::2]), takes_product(x[:8], x[:, :8])
    (False, False)
    """
    call = _call_of(a, b)
    return (call is not None and call.long
            and (call.count > 1 or _kernel_pays(call.layout)))


class _Call(NamedTuple):
    """How the kernel computes a product of operands of given shapes,
    strides and dtype: ``count`` products ``(m, k) @ (k, n)``, the strides
    in elements (``A[g, i, l]`` at ``g * sab + i * sam + l * sak``, ``B``
    likewise, ``C[g]`` at ``g * scb``), each operand's memory span in
    elements and whether that span holds nothing else (``dense``), and
    its ``layout``: the kernel's paths through it, which this machine may
    run slower than BLAS (:func:`_layout`)."""
    long: bool
    batch: tuple
    count: int
    m: int
    k: int
    n: int
    sam: int
    sak: int
    sbk: int
    sbn: int
    sab: int
    sbb: int
    scb: int
    a_span: int
    b_span: int
    a_dense: bool
    b_dense: bool
    layout: tuple


def _call_of(a: Any, b: Any) -> Optional[_Call]:
    """The :class:`_Call` of ``a @ b`` (kept per shapes, strides and
    dtypes: every step of a plan asks again), or None where the kernel does
    not take these arrays."""
    if (type(a) is not numpy.ndarray or type(b) is not numpy.ndarray
            or not (a.flags.aligned and b.flags.aligned)):
        return None
    key = (a.shape, a.strides, a.dtype, b.shape, b.strides, b.dtype)
    call = _calls.get(key, False)
    if call is False:
        call = _make_call(a, b)
        if len(_calls) >= MAX_KEPT_CALLS:
            _calls.clear()
        _calls[key] = call
    return call


def _make_call(a: numpy.ndarray, b: numpy.ndarray) -> Optional[_Call]:
    if not (supported(a, b) and a.ndim >= 2 and b.ndim >= 2) or a.size == 0 or b.size == 0:
        return None      # (NumPy's product of empty arrays is its own.)
    try:
        batch = numpy.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    except ValueError:
        return None
    count = math.prod(batch)
    sa, sb = _stack(a, batch), _stack(b, batch)
    if sa is None or sb is None:
        return None
    (a2, sab), (b2, sbb) = sa, sb
    (sam, sak), (sbk, sbn) = _steps(a2), _steps(b2)
    if sbk != 1 and sbn != 1:
        return None
    m, k = a2.shape
    n = b2.shape[1]
    a_span, b_span = _span(a2, sab, count), _span(b2, sbb, count)
    if sbb == 0 and sab != 0 and a.flags.c_contiguous:
        # (A stack of row-major matrices times one matrix: a single product
        # of the stack's rows, k apart, packing the matrix once.)
        m, count, sab, sam, sak = m * count, 1, 0, k, 1
    narrow = count * -(-n // _columns(n, a.dtype)) < MIN_PANELS
    transposed = sam == 1 and sak != 1
    long = takes_shape(m, k, n, a.dtype, count) and not (
        narrow and _rewrites_rows(k, n, a.dtype, transposed))
    return _Call(long, batch, count, m, k, n, sam, sak, sbk,
                 sbn, sab, sbb, m * n if count > 1 else 0, a_span, b_span,
                 a_span == a.size and _dense(a), b_span == b.size and _dense(b),
                 _layout(m, k, n, a.dtype, transposed, sbn != 1))


def _layout(m: int, k: int, n: int, dtype: Any, a_transposed: bool,
            b_transposed: bool) -> tuple:
    """``(dtype, a, b, narrow, m, k, n)``: how the kernel runs an ``(m, k) @
    (k, n)`` product, each such product tried against BLAS on its own
    (:func:`_kernel_pays`): ``a`` is 'rows' for a row-major first operand,
    'columns' for a transposed one it reads in place, 'rewritten' for one
    it writes row-major first (:func:`_rewrites_rows`); ``b`` whether
    ``B`` is transposed (packed through registers); ``narrow`` whether its
    tile is narrower than the full one (a classifier's few columns).

    >>> _layout(128, 512, 512, numpy.float32, False, True)
    ('f', 'rows', True, False, 128, 512, 512)
    """
    dtype = numpy.dtype(dtype)
    lanes, regs = machine(dtype)
    a = ('rewritten' if _rewrites_rows(k, n, dtype, True) else 'columns') if a_transposed \
        else 'rows'
    narrow = tile(n, dtype)[1] < C.product_tile(lanes, regs)[1]
    return dtype.char, a, b_transposed, narrow, m, k, n


def takes_layout(m: int, k: int, n: int, dtype: Any, a_transposed: bool,
                 b_transposed: bool) -> bool:
    """Whether a single ``(m, k) @ (k, n)`` product, its operands
    transposed as said, goes to the kernel on this machine by its layout,
    as tried (:func:`_kernel_pays`; until it has been, where the kernel is
    at hand; its size is :func:`takes_shape`'s to judge).  Asking counts no
    call and opens no trial (``explain()`` asks).

    >>> takes_layout(128, 512, 512, numpy.float32, False, True) in (True, False)
    True
    """
    layout = _layout(m, k, n, dtype, a_transposed, b_transposed)
    got = _verdicts.get(layout)
    if got is None and layout not in _trials:
        ratio = _stored_ratio(layout)
        got = ratio < 1.0 if ratio is not None else _kernel_at_hand(layout)
    return bool(got)


def _kernel_pays(layout: tuple) -> bool:
    """Whether the kernel computes products of ``layout`` (see
    :func:`_layout`: a shape and the operands' layout): where it ran them
    faster than BLAS (as :func:`tapejit.backends.threads.matmul` runs
    them) on this machine.  Which is faster differs between machines (the
    kernel's tile and packing against the BLAS build's) and with the
    threads a product runs on (BLAS's pieces, one a thread, and the
    kernel's items gain differently from a second core).  So the
    products themselves are the trial: once this process has asked about
    a layout :data:`TIME_AFTER_CALLS` times, a thread of its own has the
    kernel compiled and loaded (no call waits for it), then the layout's
    calls take turns, the kernel and BLAS, on
    the threads each call runs on (:func:`_trial_run`), until the best of
    :data:`TRIAL_RUNS` runs each decides.  A trial costs the turns BLAS or
    the kernel computes more slowly and one write to the store, and times
    what the step's products do, with the step's operands, threads and
    caches.  Until it is decided, its products run the kernel where the
    kernel is at hand (:func:`_kernel_at_hand`: loaded, or in the store),
    else BLAS: no call waits for a compile.  A process that ends sooner
    spends nothing on it.  The ratio is kept in the store for later
    processes on this machine, as its calibration is.
    (The calls counted and the verdicts are kept for at most
    :data:`MAX_KEPT_CALLS` shapes: a program of ever new shapes, a batch
    of each length, starts counting again.)

    >>> _kernel_pays(('f', 'rows', True, False, 128, 512, 512)) in (True, False)
    True
    """
    got = _verdicts.get(layout)
    if got is not None:
        return got
    if layout in _trials:
        return True     # (matmul runs the turns: see _trial_run)
    met = _met.get(layout)
    if met is not None:
        # (Not in the store: the kernel's where it is at hand, until tried.)
        _met[layout] = met + 1
        if met + 1 >= TIME_AFTER_CALLS and layout not in _queued:
            with _verdict_lock:
                if (layout not in _verdicts and layout not in _queued
                        and layout not in _trials):
                    _time_later(layout)
        return _kernel_at_hand(layout)
    with _verdict_lock:
        got = _verdicts.get(layout)
        if got is None:
            ratio = _stored_ratio(layout)
            if ratio is not None:
                _keep_verdict(layout, ratio < 1.0)
                got = ratio < 1.0
            elif layout in _trials:
                return True
            else:
                if len(_met) >= MAX_KEPT_CALLS:
                    _met.clear()
                _met[layout] = 1
                if TIME_AFTER_CALLS <= 1:
                    _time_later(layout)
    if got is None:
        return _kernel_at_hand(layout)  # (not under the lock: it reads the store)
    return bool(got)


def _kernel_at_hand(layout: tuple) -> bool:
    """Whether the kernels ``layout``'s products run are loaded in this
    process or kept in the store (an earlier process compiled them: one
    kernel serves every product of its tile), so that a call loads them
    without compiling: what an untried product runs (see
    :func:`_kernel_pays`)."""
    char, a_mode, _, _, _, _, n = layout
    dtype = numpy.dtype(char)
    tile_ = tile(n, dtype)
    key = (dtype, tile_, a_mode == 'rewritten')
    if key in _at_hand:
        return True
    lanes, _ = machine(dtype)
    sources = []
    if (dtype, *tile_) not in _fns:
        sources.append(kernel_source('product', tile_, dtype, (lanes,),
                                     _source(dtype, lanes, tile_)))
    if key[2] and (dtype, 'rows') not in _fns:
        sources.append(_rows_source(dtype, lanes))
    found = all(has_object(src[0], *src[2:]) for src in sources)
    if found:
        # (Kept once found: a kernel loaded or stored stays so; one not
        # found yet is looked for again at the shape's next call.)
        _at_hand[key] = True
    return found


def _time_later(layout: tuple) -> None:
    """Queue ``layout`` for the trial thread, starting it where none runs
    (the caller holds ``_verdict_lock``).  Where no thread can start (the
    interpreter ending), the layout stays untried and is queued again later."""
    _queued[layout] = None
    if _timer[0] is not None:
        return
    if not _timer_hooks[0]:
        # (Registered when the first trial starts, not at import.)
        _timer_hooks[0] = True
        atexit.register(_stop_timings)
        if hasattr(os, 'register_at_fork'):
            os.register_at_fork(after_in_child=_forget_timings)
    thread = threading.Thread(target=_time_queued, name='tapejit product trials', daemon=True)
    try:
        thread.start()
    except RuntimeError:
        _queued.pop(layout, None)
        return
    _timer[0] = thread


def _time_queued() -> None:
    """Open the queued layouts' trials one after another (each kernel
    compiled and loaded first), and end when none is left, or when the
    interpreter ends.  A kernel that fails to load leaves its layout to
    BLAS for this process, with a warning, and stores nothing."""
    try:
        while not _stopping[0]:
            with _verdict_lock:
                left = [q for q in _queued if q not in _verdicts and q not in _trials]
            if not left or not _open_trial(left[0]):
                return
    finally:
        # (Whatever ended it: layouts left are queued again when next met.)
        with _verdict_lock:
            _queued.clear()
            if _timer[0] is threading.current_thread():
                _timer[0] = None


def _open_trial(layout: tuple) -> bool:
    """Load the kernels ``layout``'s products run and open its trial;
    False where the interpreter is ending (nothing opened)."""
    # (Not while a plan's first run compiles: the kernel would wait for
    # the compile process, and take a core from that run.)
    compile_process.wait_idle()
    why = None
    try:
        _stop_if_ending()
        _load_kernels(layout)
        _stop_if_ending()
    except _Ending:
        return False
    except Exception as e:      # (the products stay BLAS's: nothing is wrong in them)
        why = e
    with _verdict_lock:
        if why is None:
            _trials[layout] = ([], [])
        else:
            _keep_verdict(layout, False)
        _queued.pop(layout, None)
    if why is not None:
        _refused(layout, why)
    return True


def _keep_verdict(layout: tuple, verdict: bool) -> None:
    """Keep ``verdict`` for ``layout`` in this process (the caller holds
    ``_verdict_lock``), at most :data:`MAX_KEPT_CALLS` of them."""
    if len(_verdicts) >= MAX_KEPT_CALLS:
        _verdicts.clear()
    _verdicts[layout] = verdict


def _refused(layout: tuple, why: BaseException) -> None:
    """Say that ``layout``'s trial failed, and that BLAS computes it."""
    warnings.warn(f'tapejit: the matrix product kernel failed for products {layout} '
                  f'({why!r}); BLAS computes products of that layout in this process',
                  RuntimeWarning, stacklevel=1)


def _load_kernels(layout: tuple) -> None:
    """Have the compile process compile the kernels ``layout``'s products
    run (not this process's LLVM, which a plan may need meanwhile), and
    load them."""
    char, a_mode, _, _, _, _, n = layout
    dtype = numpy.dtype(char)
    lanes, _ = machine(dtype)
    tile_ = tile(n, dtype)
    sources = [kernel_source('product', tile_, dtype, (lanes,), _source(dtype, lanes, tile_))]
    if a_mode == 'rewritten':
        sources.append(_rows_source(dtype, lanes))
    llvm_jit.compile_there(sources)
    _stop_if_ending()
    _product_kernel(dtype, tile_)
    if a_mode == 'rewritten':
        _rows_kernel(dtype)


def _trial_run(trial: tuple, call: _Call, a: numpy.ndarray, b: numpy.ndarray,
               out: Optional[numpy.ndarray], width: Optional[int]) -> numpy.ndarray:
    """``a @ b`` for a product on trial (see :func:`_kernel_pays`),
    computed by the kernel or by BLAS, whichever has run it fewer times,
    on the threads this call runs on, and timed.  Once each has run it
    :data:`TRIAL_RUNS` times after its first, the ratio of their best
    times decides (the best, not the median, which a busy moment of the
    machine moves: docs/compiler.md, "Matrix products").  A kernel that
    fails leaves the layout to BLAS, with a warning once BLAS has computed
    this call."""
    if width is None:
        width = threads.product_width(float(call.count) * call.m * call.n * call.k,
                                      threads.available_cores())
    kernel_turn = len(trial[0]) <= len(trial[1])
    t = time.perf_counter()
    if kernel_turn:
        try:
            c = _kernel_matmul(call, a, b, out, width)
        except Exception as e:
            # (Where BLAS fails too, the call was at fault, not the
            # kernel: its error is raised, and the trial goes on.)
            c = threads.matmul(a, b, out, width)
            _decide(call.layout, trial, None)
            _refused(call.layout, e)
            return c
    else:
        c = threads.matmul(a, b, out, width)
    trial[0 if kernel_turn else 1].append(time.perf_counter() - t)
    if min(len(trial[0]), len(trial[1])) > TRIAL_RUNS:
        _decide(call.layout, trial, min(trial[0][1:]) / max(min(trial[1][1:]), 1e-9))
    return c


def _decide(layout: tuple, trial: tuple, ratio: Optional[float]) -> None:
    """End ``layout``'s trial: the kernel's where ``ratio`` (its time over
    BLAS's) is below one, kept in the store; BLAS's where it is None."""
    with _verdict_lock:
        if _trials.get(layout) is not trial:
            return      # (another thread's call decided first)
        del _trials[layout]
        _keep_verdict(layout, ratio is not None and ratio < 1.0)
    if ratio is not None:
        _keep_ratio(layout, ratio)


class _Ending(Exception):
    """The interpreter is ending: a trial's loading stops where it is."""


def _stop_if_ending() -> None:
    if _stopping[0] or compile_process.closed():
        raise _Ending()


def settle_trials(timeout: Optional[float] = None) -> None:
    """Wait (at most ``timeout`` seconds) until the products queued for a
    trial against BLAS have it open, their kernels loaded (see
    :func:`_kernel_pays`): at once where none is queued.

    >>> settle_trials(1.0)
    """
    thread = _timer[0]
    if thread is not None:
        thread.join(timeout)


def _stop_timings() -> None:
    # (At exit, before the compile process closes: a trial thread woken
    # by its closing ends rather than compile while the interpreter ends.)
    _stopping[0] = True


def _forget_timings() -> None:
    # (In a forked child the trial thread is gone, and the locks it may
    # have held at the fork with it: its layouts are queued again when next
    # met.)
    global _verdict_lock
    if _timer[0] is not None:
        llvm_jit.forget_lock_holders()
    _verdict_lock = threading.Lock()
    _queued.clear()
    _timer[0] = None


def _ratio_what(layout: tuple) -> str:
    return 'product shape 1 ' + ' '.join(map(str, layout))


def _ratio_key(layout: tuple) -> str:
    return threads.machine_key(_ratio_what(layout))


def _stored_ratio(layout: tuple) -> Optional[float]:
    """The kernel's time over BLAS's an earlier process measured for
    ``layout``, or None (see :func:`tapejit.backends.threads.stored_figures`)."""
    got = threads.stored_figures(_ratio_what(layout), ('kernel_over_blas',), 'timing again')
    return None if got is None else got['kernel_over_blas']


def _keep_ratio(layout: tuple, ratio: float) -> None:
    threads.keep_figures(_ratio_what(layout), {'kernel_over_blas': ratio})


def _columns(n: int, dtype: Any) -> int:
    """Columns of a panel of a product of ``n`` columns (its tile's width)."""
    lanes, _ = machine(numpy.dtype(dtype))
    return tile(n, dtype)[1] * lanes


def _rewrites_rows(k: int, n: int, dtype: Any, transposed: bool) -> bool:
    """Whether :func:`matmul` writes a first operand row-major first
    (:func:`_rows_of`): a ``transposed`` one whose shared axis ``k`` is
    longer than its block.  That pass over ``A`` costs as much as its
    product with a panel or two of columns.

    >>> _rewrites_rows(4096, 64, numpy.float32, True)
    True
    >>> _rewrites_rows(4096, 64, numpy.float32, False)
    False
    """
    dtype = numpy.dtype(dtype)
    return transposed and k > _k_block(k, _columns(n, dtype), dtype.itemsize,
                                     machine(dtype)[0], True)


def _dense(x: numpy.ndarray) -> bool:
    """Whether ``x``'s elements fill their memory without overlap: its axes,
    ordered by stride, are a row-major array's (a transpose of one)."""
    step = x.itemsize
    for st, d in sorted((st, d) for st, d in zip(x.strides, x.shape) if d > 1):
        if st != step:
            return False
        step *= d
    return True


def _stack(x: numpy.ndarray, batch: tuple) -> Optional[tuple]:
    """``(matrix, stride)``: the first matrix of ``x`` and the stride in
    elements from one to the next over the product's stack ``batch`` (0: a
    single matrix, broadcast), or None where one stride does not step
    through ``x``'s stack or a stride is negative."""
    if any(st < 0 or st % x.itemsize for st in x.strides):
        return None
    if math.prod(x.shape[:-2]) == 1:
        return x.reshape(x.shape[-2:]), 0
    if x.shape[:-2] != batch:
        return None
    flat = x.view()
    try:
        # (Refused where the stack's axes cannot be one: a copy would be needed.)
        flat.shape = (-1,) + x.shape[-2:]
    except AttributeError:
        return None
    return flat[0], flat.strides[0] // x.itemsize


def _span(x: numpy.ndarray, stride: int, count: int) -> int:
    """Elements from matrix ``x``'s first element to the last element of
    the ``count``-th matrix ``stride`` elements on, inclusive."""
    return 1 + sum((d - 1) * st for d, st in zip(x.shape, _steps(x))) + (count - 1) * stride


def takes_shape(m: int, k: int, n: int, dtype: Any, count: int = 1) -> bool:
    """Whether these kernels compute ``count`` products ``(m, k) @ (k, n)``
    of float ``dtype`` (see :func:`takes_product`): each of them long
    enough, and enough panels among them, or all its columns in one narrow
    panel (a classifier's: a thread packs that panel once; measured against
    BLAS on one thread, 0.67-0.91x its time from 2.6 M multiply-adds of 10
    and 32 columns, 0.83-0.94x between 0.6 and 2.1 M, slower below).

    >>> takes_shape(256, 784, 1024, numpy.float32), takes_shape(8, 8, 8, numpy.float32)
    (True, False)
    >>> takes_shape(256, 4096, 10, numpy.float32), takes_shape(256, 16, 10, numpy.float32)
    (True, False)
    """
    lanes, regs = machine(dtype)
    mr, nv = tile(n, dtype)
    narrow = nv < C.product_tile(lanes, regs)[1]
    if m < mr or (count * -(-n // (nv * lanes)) < MIN_PANELS and not narrow):
        return False
    cal = threads.calibration()
    # (Per matrix: a stack of small ones spends its time on each item's
    # pack and tiles, 2-8x slower than BLAS's per-matrix calls.)
    return float(m) * k * n >= MIN_HANDOFFS * cal.handoff_s * cal.madds_per_s


def tile(n: int, dtype: Any) -> tuple:
    """``(MR, NV)``: the register tile of a product of ``n`` columns of
    ``dtype`` on this CPU (:func:`tapejit.compiler.contraction.product_tile`).

    >>> mr, nv = tile(10, numpy.float32)
    >>> nv < C.product_tile(*machine(numpy.float32))[1]     # (narrower than the full tile)
    True
    """
    key = (n, dtype)
    got = _tiles.get(key)
    if got is None:
        # (Asked at every call of a product: the machine does not change.)
        lanes, regs = machine(numpy.dtype(dtype))
        got = _tiles[key] = C.product_tile(lanes, regs, n, first_level()[1])
    return got


def ahead(m: int, k: int, n: int, dtype: Any, count: int = 1) -> tuple:
    """``(product, rows)``: the arguments of
    :func:`~tapejit.targets.cpu.llvm_jit.load_object` for the kernel
    :func:`matmul` computes ``count`` products ``(m, k) @ (k, n)`` with, and,
    where the shared axis is longer than a transposed first operand's
    block, for the one that writes such an operand row-major first (whether
    it is transposed, as a weight gradient's ``gy.T`` is, only the run
    tells); None for each stored already, and both None where BLAS computes
    the products (by their sizes: operands strided as the kernel does not
    read them go to BLAS too).

    >>> ahead(8, 8, 8, numpy.float32)
    (None, None)
    """
    dtype = numpy.dtype(dtype)
    if dtype not in _DTYPES:
        return None, None
    lanes, _ = machine(dtype)
    mr, nv = tile(n, dtype)
    src = kernel_source('product', (mr, nv), dtype, (lanes,), _source(dtype, lanes, (mr, nv)))
    rows = _rows_source(dtype, lanes) if _rewrites_rows(k, n, dtype, True) else None
    wanted = [s is not None and not has_object(s[0], *s[2:]) for s in (src, rows)]
    # (Asked last: the size rule measures this machine's product rate the
    # first time, which a plan whose kernels are all stored need not wait for.)
    if not any(wanted) or not takes_shape(m, k, n, dtype, count):
        return None, None
    return tuple(s if w else None for s, w in zip((src, rows), wanted))


def _rows_source(dtype: numpy.dtype, lanes: int) -> tuple:
    """:func:`kernel_source` of the kernel :func:`_rows_of` runs."""
    return kernel_source('transpose', 'rows', dtype, (lanes,), _rows_ir(dtype, lanes))


def _rows_ir(dtype: numpy.dtype, lanes: int) -> Callable[[str], str]:
    return lambda symbol: transpose_ir(symbol, dtype, lanes)


def _source(dtype: numpy.dtype, lanes: int, tile_: tuple) -> Callable[[str], str]:
    return lambda symbol: product_ir(symbol, dtype, lanes, tile_)


def _steps(x: numpy.ndarray) -> tuple:
    """``x``'s strides in elements (an axis of one: 1)."""
    return tuple(s // x.itemsize if n > 1 else 1 for s, n in zip(x.strides, x.shape))


def matmul(a: numpy.ndarray, b: numpy.ndarray, out: Optional[numpy.ndarray] = None,
           width: Optional[int] = None) -> numpy.ndarray:
    """``a @ b`` (see the module's docstring) into ``out`` where given,
    on ``width`` threads (None: as many as its size pays for on the cores
    this process may use); ``a`` and ``b`` as :func:`takes_product` says,
    of any size."""
    call = _call_of(a, b)
    if call.count == 1 and _verdicts.get(call.layout) is None:
        # (A stack is the kernel's: see takes_product.)
        trial = _trials.get(call.layout)
        if trial is not None:
            return _trial_run(trial, call, a, b, out, width)
        return _untried_run(call, a, b, out, width)
    return _kernel_matmul(call, a, b, out, width)


def _untried_run(call: _Call, a: numpy.ndarray, b: numpy.ndarray,
                 out: Optional[numpy.ndarray], width: Optional[int]) -> numpy.ndarray:
    """``a @ b`` by the kernel for a product no trial has decided, its
    kernel at hand (see :func:`_kernel_at_hand`).  A kernel that fails
    (its stored object refused, say) leaves the layout to BLAS, with a
    warning once BLAS has computed this call; where BLAS fails too, the
    call was at fault, and its error is raised."""
    try:
        return _kernel_matmul(call, a, b, out, width)
    except Exception as e:
        c = threads.matmul(a, b, out, width)
        with _verdict_lock:
            _keep_verdict(call.layout, False)
        _refused(call.layout, e)
        return c


def _kernel_matmul(call: _Call, a: numpy.ndarray, b: numpy.ndarray,
                   out: Optional[numpy.ndarray], width: Optional[int]) -> numpy.ndarray:
    """:func:`matmul` by the kernel."""
    dtype = a.dtype
    m, k, n, count = call.m, call.k, call.n, call.count
    lanes, _ = machine(dtype)
    mr, nv = tile(n, dtype)
    nr = nv * lanes
    shape = call.batch + (a.shape[-2], n)
    c = out if _writes_into(out, shape, dtype, a, b) else host_arrays.empty(shape, dtype)
    if width is None:
        width = threads.product_width(float(count) * m * n * k, threads.available_cores())
    parts, tail, tail_parts = _items(count * -(-n // nr), -(-m // mr), max(1, width),
                                     n % nr != 0)
    items = (count * -(-n // nr) - tail) * parts + tail * tail_parts
    width = min(max(1, width), items)
    a_memory = _memory(a, call.a_span, call.a_dense)
    sam, sak, sab = call.sam, call.sak, call.sab
    if _rewrites_rows(k, n, dtype, sam == 1 and sak != 1):
        # (A transposed ``A`` whose shared axis spans more than one block:
        # written row-major first, its shared axis is one block, and each
        # step of a tile reads its rows' elements from lines it keeps.)
        a_memory = _rows_of(a_memory, call, width)
        sam, sak, sab = k, 1, m * k if sab else 0
    kc = _k_block(k, nr, dtype.itemsize, lanes, sak != 1)
    slots = numpy.zeros(1, numpy.int64)      # (held until every thread is done)
    # (Each thread's slot holds kc rows rounded up to whole vectors of rows.)
    buf = scratch('product panels', width * -(-kc // lanes) * lanes * nr, dtype)
    fn = _product_kernel(dtype, (mr, nv))
    threads.Chunked(fn, width)(m, 1, items, n, k, kc, parts, tail, tail_parts,
                               slots.ctypes.data, sam, sak, call.sbk, call.sbn,
                               sab, call.sbb, call.scb, a_memory,
                               _memory(b, call.b_span, call.b_dense), buf, c.reshape(-1))
    return _copied(c, out)


def _rows_of(a: numpy.ndarray, call: _Call, width: int) -> numpy.ndarray:
    """The matrices of a transposed first operand (``a``, its memory as
    :func:`_memory` gives it: ``A[g, i, l]`` at ``g * sab + i + l * sak``)
    written row-major into scratch, one after the other (a single matrix
    where ``sab`` broadcasts it), on ``width`` threads."""
    m, k = call.m, call.k
    count = call.count if call.sab else 1
    lanes, _ = machine(a.dtype)
    out = scratch('product rows', count * m * k, a.dtype)
    fn = _rows_kernel(a.dtype)
    blocks_i, blocks_l = -(-m // lanes), -(-k // lanes)
    items = count * blocks_i * blocks_l
    # (A block is a few hundred nanoseconds of work: claimed one at a time,
    # the threads would spend as long passing the counter's line between them.)
    grain = max(1, items // (TRANSPOSE_CLAIMS * width))
    threads.Chunked(fn, max(1, min(width, items)))(m, grain, items, m, k, blocks_i, blocks_l,
                                                   call.sak, call.sab, a, out)
    return out


def _product_kernel(dtype: numpy.dtype, tile_: tuple) -> Callable:
    """The product kernel of tile ``tile_`` (compiled or loaded once)."""
    fn = _fns.get((dtype, *tile_))
    if fn is None:
        lanes, _ = machine(dtype)
        fn = _fns[(dtype, *tile_)] = _kernel('product', tile_, dtype, (lanes,),
                                             _source(dtype, lanes, tile_))
    return fn


def _rows_kernel(dtype: numpy.dtype) -> Callable:
    """The kernel :func:`_rows_of` runs (compiled or loaded once)."""
    fn = _fns.get((dtype, 'rows'))
    if fn is None:
        lanes, _ = machine(dtype)
        fn = _fns[dtype, 'rows'] = _kernel('transpose', 'rows', dtype, (lanes,),
                                           _rows_ir(dtype, lanes))
    return fn


def _items(panels: int, blocks: int, width: int, ragged: bool = False) -> tuple:
    """``(parts, tail, tail_parts)``: how a product of ``panels`` panels
    (over its stack; ``ragged``: each matrix's last one narrower) of
    ``blocks`` blocks of rows each is cut into items for ``width`` threads.
    Each panel comes in ``parts`` runs of its blocks, enough items that a
    late thread holds up a small part of the work (a part may pack its
    panel again).  Where the panels do not share evenly among the threads,
    the last ``tail``, one a thread, come in ``tail_parts`` runs of at
    least ``TAIL_BLOCKS`` blocks, so that the threads, taking items as they
    finish others, end within a short item of each other.

    >>> _items(13, 171, 2, True), _items(8, 22, 2), _items(1, 4, 2), _items(8, 22, 1)
    ((1, 2, 8), (1, 0, 1), (4, 0, 1), (1, 0, 1))
    """
    parts = min(blocks, -(-ITEMS_PER_THREAD * width // panels))
    tail_parts = min(TAIL_PARTS, blocks // TAIL_BLOCKS)
    if width == 1 or tail_parts <= parts or not (ragged or panels * parts % width):
        return parts, 0, 1
    return parts, min(panels, width), tail_parts


def _writes_into(out: Optional[numpy.ndarray], shape: tuple, dtype: numpy.dtype,
                 a: numpy.ndarray, b: numpy.ndarray) -> bool:
    """Whether the kernel writes the result straight into ``out``: a
    writeable, aligned, row-major array of the result's shape and dtype
    sharing no memory with the operands.  Else the result is written
    elsewhere and assigned to ``out`` (cast, or refused, as NumPy would)."""
    return (out is not None and type(out) is numpy.ndarray and out.shape == shape
            and out.dtype == dtype and out.flags.c_contiguous and out.flags.writeable
            and out.flags.aligned and not numpy.may_share_memory(out, a)
            and not numpy.may_share_memory(out, b))


def _memory(x: numpy.ndarray, span: int, dense: bool) -> numpy.ndarray:
    """The ``span`` elements from ``x``'s first element on as one 1-d array
    (which the kernel indexes with ``x``'s strides): a view of them in
    memory order where they are ``x``'s own (``dense``)."""
    if dense:
        return x.ravel(order='K')
    return numpy.lib.stride_tricks.as_strided(x, shape=(span,), strides=(x.itemsize,))


def _k_block(k: int, nr: int, itemsize: int, lanes: int, a_across: bool = False) -> int:
    """Rows of ``B`` packed at a time, a whole number of vectors of rows.

    Where ``A``'s elements along the shared axis lie apart (``a_across``: a
    transposed ``A``, as a weight gradient's ``gy.T`` is), each step of a
    tile reads a cache line of ``A``, which the next tile of rows reads
    again: the block's lines of ``A`` and rows of the panel fill at most
    the first-level cache, so that they are still there (its half left
    the shared axis of a batch of 128 or 256 in two blocks, each adding
    to the result: 0.8-0.9x the rate).  A shared axis longer than that
    block is not cut: :func:`matmul` writes such an ``A`` row-major
    first (:func:`_rows_of`).  Else ``A``'s
    rows stream along the shared axis, and the panel's rows fill at most
    half this core's second-level cache (fewer blocks, each adding its
    tiles to the result).

    >>> _k_block(1024, 64, 4, 16) > _k_block(1024, 64, 4, 16, True) >= 16
    True
    """
    if a_across:
        fit = first_level()[0] // (cache_line() + nr * itemsize)
    else:
        fit = _cache_bytes() // 2 // (nr * itemsize)
    return min(k, max(lanes, fit // lanes * lanes))


def _copied(c: numpy.ndarray, out: Optional[numpy.ndarray]) -> numpy.ndarray:
    if out is None or out is c:
        return c
    out[...] = c
    return out


def describe(m: int, k: int, n: int, dtype: Any) -> str:
    """How the kernels compute an ``(m, k) @ (k, n)`` product of ``dtype``.

    >>> describe(256, 784, 1024, 'float32')  # doctest: +ELLIPSIS
    'matmul: ... rows x ... vectors of ... (... vector registers), b in ... panels...'
    """
    dtype = numpy.dtype(dtype)
    lanes, regs = machine(dtype)
    mr, nv = tile(n, dtype)
    panels = -(-n // (nv * lanes))
    return (f'matmul: tile {mr} rows x {nv} vectors of {lanes} ({regs} vector registers), '
            f'b in {panels} panels of {nv * lanes} columns, {dtype.name}')


install_host_kernel('matmul', matmul, takes_product)
