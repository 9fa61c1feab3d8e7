"""LLVM's part of compiling a CPU kernel: IR text in, object code out.

The one target machine and optimizer pipeline every kernel of the CPU
target is compiled with, in this process (:mod:`~tapejit.targets.cpu.llvm_jit`)
or in a compile process (:mod:`~tapejit.targets.cpu.compile_process`),
which runs this file as its main program: it imports llvmlite and nothing
of tapejit, so it starts in a tenth of a second.  Both give the same bytes
for the same IR.

The compile process reads requests from its standard input and writes
answers to its standard output, each a frame (:func:`write_frame`): first it
reads the host's CPU name and features, then answers ``ready``; then, per
request ``(ticket, level, IR)``, it answers ``(ticket, ok, object code or
the error's text)``.  It ends when its input does.

>>> import llvmlite.binding as llvm
>>> llvm.initialize_native_target(); llvm.initialize_native_asmprinter()
>>> tm = target_machine(llvm, llvm.get_host_cpu_name(), '')
>>> obj = object_code(llvm, tm, 'define i64 @one() {\\n  ret i64 1\\n}\\n', 2)
>>> obj == object_code(llvm, tm, 'define i64 @one() {\\n  ret i64 1\\n}\\n', 2)
True
>>> b'one' in obj   # (its symbol table names the function)
True
"""

from __future__ import annotations

import struct
import sys
from typing import Any, BinaryIO, Optional

_LENGTH = struct.Struct('<Q')
_REQUEST = struct.Struct('<QB')    # ticket, optimizer level
_ANSWER = struct.Struct('<QB')     # ticket, 1 where the payload is object code


def target_machine(llvm: Any, cpu: str, features: str) -> Any:
    """The target machine of the host's ``cpu`` and ``features``."""
    # Position-independent code in the small code model: a kernel reaches
    # its constants relative to its own address (one instruction a use),
    # where the large model spends a register and a 64-bit move on each; on
    # a 16-register machine that was a third of tanh's loop.
    return llvm.Target.from_default_triple().create_target_machine(
        cpu=cpu, features=features, opt=3, codemodel='small', reloc='pic')


def optimized(llvm: Any, tm: Any, llvm_ir: str, speed: int = 2) -> Any:
    """The module of ``llvm_ir`` optimized at level ``speed``: 2 for loops
    LLVM vectorizes; 1 for IR whose vectors are written out (the product
    and convolution kernels: as fast, in half the optimizer's time)."""
    mod = llvm.parse_assembly(llvm_ir)
    mod.verify()
    # O2: a shorter cold first call than O3, and kernels as fast.
    pto = llvm.create_pipeline_tuning_options(speed_level=speed)
    pto.loop_vectorization = True
    # No SLP vectorization (Numba's default too), loop unrolling or
    # interleaving by the cost model: they cost LLVM time and gained nothing
    # measurable.  (A loop the emitter asks to interleave still is:
    # emitter.LONG_CHAIN_INTERLEAVE.)
    pto.slp_vectorization = pto.loop_unrolling = pto.loop_interleaving = False
    pb = llvm.create_pass_builder(tm, pto)
    pb.getModulePassManager().run(mod, pb)
    return mod


def object_code(llvm: Any, tm: Any, llvm_ir: str, speed: int = 2) -> bytes:
    """The object code of ``llvm_ir`` optimized at level ``speed``."""
    return tm.emit_object(optimized(llvm, tm, llvm_ir, speed))


def write_frame(out: BinaryIO, payload: bytes) -> None:
    """Write ``payload`` after its length."""
    out.write(_LENGTH.pack(len(payload)) + payload)
    out.flush()


def read_frame(inp: BinaryIO) -> Optional[bytes]:
    """The next frame's payload; None at the end of ``inp``."""
    head = _read(inp, _LENGTH.size)
    if head is None:
        return None
    return _read(inp, _LENGTH.unpack(head)[0])


def _read(inp: BinaryIO, n: int) -> Optional[bytes]:
    parts, left = [], n
    while left:
        part = inp.read(left)
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b''.join(parts)


def request(ticket: int, speed: int, llvm_ir: str) -> bytes:
    """A compile request's frame payload."""
    return _REQUEST.pack(ticket, speed) + llvm_ir.encode()


def answer(payload: bytes) -> tuple:
    """``(ticket, object code or None, error text)`` of an answer's payload."""
    ticket, ok = _ANSWER.unpack_from(payload)
    body = payload[_ANSWER.size:]
    return (ticket, body, '') if ok else (ticket, None, body.decode(errors='replace'))


def serve(inp: BinaryIO, out: BinaryIO) -> None:
    """The compile process: answer requests from ``inp`` on ``out`` until
    ``inp`` ends."""
    first = read_frame(inp)
    if first is None:
        return
    cpu, features = first.decode().split('\n')
    import llvmlite.binding as llvm
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    tm = target_machine(llvm, cpu, features)
    write_frame(out, b'ready')
    while True:
        payload = read_frame(inp)
        if payload is None:
            return
        ticket, speed = _REQUEST.unpack_from(payload)
        try:
            obj, ok = object_code(llvm, tm, payload[_REQUEST.size:].decode(), speed), 1
        except Exception as e:  # (the parent compiles it itself, and sees why)
            obj, ok = f'{type(e).__name__}: {e}'.encode(), 0
        write_frame(out, _ANSWER.pack(ticket, ok) + obj)


if __name__ == '__main__':
    serve(sys.stdin.buffer, sys.stdout.buffer)
