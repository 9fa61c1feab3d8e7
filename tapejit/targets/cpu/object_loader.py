"""Load the native kernels' cached object code into this process without LLVM.

Loading LLVM's library and handing each object to MCJIT would cost a warm
process's first call far more than the rest of its work.  The objects are
ours and simple: x86-64 ELF relocatable files in LLVM's small code model,
position-independent: code reaches its constants relative to itself, and
functions elsewhere through a global offset table (GOT) or a call to a
procedure linkage (PLT) stub.  This module maps their sections, a GOT and
the stubs in one mapping (so every relative reference within it is in
reach; the process's libraries may lie farther than 32 bits away), applies
the relocations against the process's symbols and makes the code
executable.  Anything else
(another machine or format, an unknown relocation or section, a system that
refuses executable memory) raises :class:`NotLoadable`, and the caller loads
the object through MCJIT.  The unwind tables are not loaded: the kernels
raise no exceptions.
"""

from __future__ import annotations

import ctypes
import functools
import os
import struct
import sys
from typing import Any, Mapping

__all__ = ['NotLoadable', 'load', 'supported']

_EM_X86_64 = 62
_ET_REL = 1
_SHT_SYMTAB, _SHT_RELA, _SHT_NOBITS, _SHT_REL = 2, 4, 8, 9
_SHT_X86_64_UNWIND = 0x70000001
_SHF_WRITE, _SHF_ALLOC, _SHF_EXECINSTR = 0x1, 0x2, 0x4
_SHN_UNDEF, _SHN_ABS, _SHN_COMMON = 0, 0xFFF1, 0xFFF2
_R_X86_64_NONE, _R_X86_64_64, _R_X86_64_PC32, _R_X86_64_PLT32, _R_X86_64_PC64 = 0, 1, 2, 4, 24
# A GOT entry's address relative to the place (GOTPCRELX forms may be relaxed
# by a linker; here they keep their load through the entry).
_GOT_RELATIVE = frozenset((9, 41, 42))  # GOTPCREL, GOTPCRELX, REX_GOTPCRELX

_SHDR = struct.Struct('<IIQQQQIIQQ')
_SYM = struct.Struct('<IBBHQQ')
_RELA = struct.Struct('<QQq')
_U64 = struct.Struct('<Q')
# A procedure linkage stub: ``jmp *slot(%rip)`` (the symbol's GOT slot), padded.
_STUB = struct.Struct('<2si2s')
_I32 = struct.Struct('<i')


class NotLoadable(Exception):
    """This object is not one this loader handles (MCJIT loads it)."""


def supported() -> bool:
    """Whether this process can load objects here: x86-64 Linux.

    >>> isinstance(supported(), bool)
    True
    """
    return sys.platform.startswith('linux') and os.uname().machine == 'x86_64'


_PROT_READ, _PROT_WRITE, _PROT_EXEC = 1, 2, 4
_MAP_PRIVATE, _MAP_ANONYMOUS = 0x02, 0x20  # (Linux x86-64's values)
_PAGE = os.sysconf('SC_PAGE_SIZE') if hasattr(os, 'sysconf') else 4096


@functools.lru_cache(maxsize=None)
def _libc() -> Any:
    return ctypes.CDLL(None, use_errno=True)


@functools.lru_cache(maxsize=None)
def _libc_fn(name: str, restype: Any, argtypes: tuple) -> Any:
    # Through ctypes (loaded already), not the ``mmap`` module, whose
    # extension a warm process's first call would wait to load.
    fn = getattr(_libc(), name)
    fn.restype, fn.argtypes = restype, argtypes
    return fn


def _map(size: int) -> int:
    """A fresh read-write mapping of ``size`` bytes (zeroed), its address."""
    mmap_ = _libc_fn('mmap', ctypes.c_void_p, (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                                               ctypes.c_int, ctypes.c_int, ctypes.c_long))
    addr = mmap_(None, size, _PROT_READ | _PROT_WRITE, _MAP_PRIVATE | _MAP_ANONYMOUS, -1, 0)
    if addr is None or addr == ctypes.c_void_p(-1).value:
        raise NotLoadable(f'mmap refused ({ctypes.get_errno()})')
    return addr


def _mprotect(addr: int, size: int, prot: int) -> None:
    mprotect = _libc_fn('mprotect', ctypes.c_int,
                        (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int))
    if mprotect(addr, size, prot) != 0:
        raise NotLoadable(f'mprotect refused ({ctypes.get_errno()})')


def _in_process(name: str) -> int:
    """The address of a symbol the process exports (as MCJIT resolves one
    it was not given: LLVM may call ``memset`` or a math function itself)."""
    try:
        return ctypes.cast(getattr(_libc(), name), ctypes.c_void_p).value
    except AttributeError:
        raise NotLoadable(f'undefined symbol {name!r}') from None


def _cstr(blob: bytes, off: int) -> str:
    return blob[off:blob.index(b'\0', off)].decode()


def load(obj: bytes, symbols: Mapping[str, int]) -> dict:
    """Map the object ``obj``, bind its undefined symbols to ``symbols``
    (name -> address; else the process's own, as MCJIT does) and return the
    addresses of its defined functions.

    >>> import ctypes
    >>> from tapejit.targets.cpu import llvm_jit
    >>> obj = llvm_jit._object_code('define i64 @answer(i64 %x) {\\n'
    ...                             '  %y = add i64 %x, 41\\n  ret i64 %y\\n}\\n')
    >>> if supported():
    ...     addr = load(obj, {})['answer']
    ...     print(ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int64)(addr)(1))
    ... else:
    ...     print(42)
    42
    """
    shdrs, names = _section_headers(obj)
    place, got, code_size, size = _layout(shdrs, names)
    base = _map(size)
    try:
        # (A view of the mapping, for writing into it.)
        mem = (ctypes.c_char * size).from_address(base)
        for k, off in place.items():
            typ, n, data_off = shdrs[k][1], shdrs[k][5], shdrs[k][4]
            if typ != _SHT_NOBITS:
                ctypes.memmove(base + off, obj[data_off:data_off + n], n)
        addrs, functions = _symbols(obj, shdrs, names, place, base, symbols)
        _relocate(obj, shdrs, place, base, mem, addrs, got)
        _mprotect(base, code_size, _PROT_READ | _PROT_EXEC)
        return functions
    except NotLoadable:
        # (Refused: the caller loads it by MCJIT.)
        _libc_fn('munmap', ctypes.c_int, (ctypes.c_void_p, ctypes.c_size_t))(base, size)
        raise


def _section_headers(obj: bytes) -> tuple:
    """The object's section headers and section names (refused unless an
    x86-64 ELF relocatable object)."""
    if (obj[:4] != b'\x7fELF' or obj[4] != 2 or obj[5] != 1
            or struct.unpack_from('<H', obj, 16)[0] != _ET_REL
            or struct.unpack_from('<H', obj, 18)[0] != _EM_X86_64):
        raise NotLoadable('not an x86-64 ELF relocatable object')
    shoff = struct.unpack_from('<Q', obj, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', obj, 0x3A)
    if shentsize != _SHDR.size or shoff + shnum * shentsize > len(obj):
        raise NotLoadable('unexpected section headers')
    shdrs = [_SHDR.unpack_from(obj, shoff + k * shentsize) for k in range(shnum)]
    shstr = shdrs[shstrndx][4]
    return shdrs, [_cstr(obj, shstr + h[0]) for h in shdrs]


def _layout(shdrs: list, names: list) -> tuple:
    """Where each section the code needs goes in the one mapping: read-only
    sections (code, constants), then the GOT (a slot for each symbol) and
    the stubs (:data:`_STUB`, one for each symbol), together made
    executable; writable sections from the next page on.  ``(section index
    -> offset, GOT offset, executable size, total size)``; the stubs follow
    the GOT."""
    place: dict = {}
    end = 0
    slots = sum(h[5] // _SYM.size for h in shdrs if h[1] == _SHT_SYMTAB)
    writable = []
    for k, (_, typ, flags, _, _, size, _, _, align, _) in enumerate(shdrs):
        if not flags & _SHF_ALLOC or typ == _SHT_X86_64_UNWIND or names[k] == '.eh_frame':
            continue
        if flags & _SHF_WRITE:
            writable.append(k)
            continue
        place[k] = end = _aligned(end, align)
        end += size
    got = _aligned(end, 8)
    code_size = _aligned(got + (8 + _STUB.size) * slots, _PAGE)
    end = code_size
    for k in writable:
        place[k] = end = _aligned(end, shdrs[k][8])
        end += shdrs[k][5]
    return place, got, code_size, max(end, 1)


def _aligned(offset: int, align: int) -> int:
    align = max(align, 1)
    return -(-offset // align) * align


def _symbols(obj: bytes, shdrs: list, names: list, place: dict, base: int,
             symbols: Mapping[str, int]) -> tuple:
    """Each symbol's address (undefined ones from ``symbols``, else the
    process's own), and the defined functions by name."""
    addrs: list = []
    functions: dict = {}
    for h in shdrs:
        if h[1] != _SHT_SYMTAB:
            continue
        strtab = shdrs[h[6]][4]
        for j, (st_name, info, _, shndx, value, _) in enumerate(
                _SYM.iter_unpack(obj[h[4]:h[4] + h[5] // _SYM.size * _SYM.size])):
            name = _cstr(obj, strtab + st_name) if st_name else ''
            if j == 0:
                addrs.append(0)
            elif shndx == _SHN_UNDEF:
                addrs.append(symbols[name] if name in symbols else _in_process(name))
            elif shndx == _SHN_ABS:
                addrs.append(value)
            elif shndx == _SHN_COMMON or shndx >= 0xFF00:
                raise NotLoadable(f'symbol {name!r} in a special section')
            elif shndx in place:
                addrs.append(base + place[shndx] + value)
                if info & 0xF == 2 and name:  # STT_FUNC
                    functions[name] = addrs[-1]
            else:
                addrs.append(None)  # (in a section not loaded: unwind tables)
        return addrs, functions
    raise NotLoadable('no symbol table')


def _relocate(obj: bytes, shdrs: list, place: dict, base: int, mem: Any,
              addrs: list, got: int) -> None:
    """Apply the RELA relocations of the loaded sections; a GOT-relative one
    fills its symbol's slot (symbol ``j`` at ``got + 8 * j``), a call out of
    32-bit reach goes through the symbol's stub, which jumps through that
    slot."""
    stubs = got + 8 * (len(addrs) if addrs else 0)
    slots = (stubs - got) // 8
    for h in shdrs:
        if h[1] == _SHT_REL:
            raise NotLoadable('REL relocations')
        if h[1] != _SHT_RELA or h[7] not in place:
            continue
        section = place[h[7]]
        for r_off, r_info, addend in _RELA.iter_unpack(
                obj[h[4]:h[4] + h[5] // _RELA.size * _RELA.size]):
            typ, sym = r_info & 0xFFFFFFFF, r_info >> 32
            s = addrs[sym] if sym < len(addrs) else None
            if s is None:
                raise NotLoadable(f'relocation against symbol {sym}, which is not loaded')
            at = section + r_off
            here = base + at
            if typ == _R_X86_64_64:
                _U64.pack_into(mem, at, (s + addend) & 0xFFFFFFFFFFFFFFFF)
            elif typ == _R_X86_64_PC64:
                _U64.pack_into(mem, at, (s + addend - here) & 0xFFFFFFFFFFFFFFFF)
            elif typ == _R_X86_64_PLT32 and not -2**31 <= s + addend - here < 2**31:
                if sym >= slots:
                    raise NotLoadable(f'no stub for symbol {sym}')
                slot, stub = got + 8 * sym, stubs + _STUB.size * sym
                _U64.pack_into(mem, slot, s)
                _STUB.pack_into(mem, stub, b'\xff\x25', slot - (stub + 6), b'\xcc\xcc')
                _pack_relative(mem, at, base + stub + addend - here)
            elif typ in (_R_X86_64_PC32, _R_X86_64_PLT32):
                _pack_relative(mem, at, s + addend - here)
            elif typ in _GOT_RELATIVE:
                slot = got + 8 * sym
                _U64.pack_into(mem, slot, s)
                _pack_relative(mem, at, base + slot + addend - here)
            elif typ != _R_X86_64_NONE:
                raise NotLoadable(f'relocation type {typ}')


def _pack_relative(mem: Any, at: int, v: int) -> None:
    if not -2**31 <= v < 2**31:
        raise NotLoadable('a 32-bit relative relocation out of range')
    _I32.pack_into(mem, at, v)
