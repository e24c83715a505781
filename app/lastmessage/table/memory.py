"""The C allocator, set for a program that makes and drops big pictures all day.

Scene rasters, full-screen layers and board cards are megabytes each, made and
dropped game after game. glibc serves such blocks with mmap and returns them
on free, but after the first free it raises its mmap threshold to the freed
size (up to 32 MB), so later rasters land on the heap, which fragments and is
never given back: one process grew to 454 MB over 1,000 games while its
live pictures stayed near 200 MB. A fixed threshold keeps every big block
mapped on its own, so a dropped picture is memory the device gets back.

Smaller blocks (labels, glyphs, strokes, Python objects) still share the heap,
and a game leaves it riddled with freed holes that glibc keeps: resident
memory crept 0.4 MB a game (216 MB after 100 games) while the blocks in use
stayed at 32 MB. Between games the free pages inside the heap are handed
back to the kernel, so every game starts from the same footprint.

glibc also gives each thread that allocates an arena of its own (up to eight
a core), and each arena keeps the holes of its own frees: the phones' server,
its two tile encoders, the painter and the journal's writer made 64 phones
cost 20 MB, 200.1 MB against a target of 200. Two arenas, the frame thread's
and one the others share, made it 196.6 MB (one: 195.0). The threads hardly
wait on each other's lock: most of what they allocate, they allocate holding
the interpreter's lock anyway, and big blocks are mapped on their own.

Python's own collector has the same day-long shape: a full collection walks
every object alive (the catalog, fonts, caches: some 70,000), 14-27 ms on a
desktop core, and it starts whenever enough objects were made, in whatever
frame that is: a dropped frame or two mid-drawing, several on a Pi. Before the
first frame and between games the collector runs once and what is left is
frozen (gc.freeze, the pattern CPython documents for long-lived heaps), so a
collection during a game walks only what that game made. The next game
unfreezes first, so a cycle dropped meanwhile is collected a game late, never
kept.

The threshold and the arenas are set once, at the start of each process that makes pictures
(`run`, `sim` and `demo` in kiosk/device.py, `play`, the bench and its child
processes, the test session), never by importing a module. The C library is
opened once per process, from the program's own symbols: looking it up by name
(`ctypes.util.find_library`) runs `ldconfig` in a subprocess, which the
device must not do between two games.
"""

from __future__ import annotations

import ctypes
import functools
import gc

M_MMAP_THRESHOLD = -3      # mallopt parameter numbers from glibc's malloc.h
M_ARENA_MAX = -8
MMAP_THRESHOLD_BYTES = 256 * 1024
ARENAS = 2


@functools.cache
def _c_library() -> ctypes.CDLL | None:
    """The C library the interpreter runs on (its symbols are the program's), opened once."""
    try:
        return ctypes.CDLL(None)
    except OSError:
        return None


def _glibc_function(name: str) -> ctypes._NamedFuncPointer | None:
    """A function of the C library, or None where it has none by that name (musl, macOS)."""
    libc = _c_library()
    return None if libc is None else getattr(libc, name, None)


def tune_the_allocator() -> bool:
    """Fix glibc's mmap threshold and its number of arenas; False where the C library is not
    glibc. Called once, when a process that makes pictures starts, before its first picture and
    its first thread."""
    mallopt = _glibc_function("mallopt")
    if mallopt is None:
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    taken = [mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES), mallopt(M_ARENA_MAX, ARENAS)]   # both, whichever fails
    return all(taken)


def give_back_free_pages() -> bool:
    """Return the heap's free pages to the kernel (glibc's malloc_trim); False where
    the C library is not glibc. Called between games, never in a frame that animates."""
    malloc_trim = _glibc_function("malloc_trim")
    if malloc_trim is None:
        return False
    malloc_trim.argtypes = (ctypes.c_size_t,)
    malloc_trim.restype = ctypes.c_int
    return bool(malloc_trim(0))


def settle_the_heap() -> None:
    """Collect everything once and freeze what is left out of the collector's later walks.
    Called before the first frame and between games (a pause of a full collection, 15-30 ms
    here, where a screen changes anyway), never in a frame that animates."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
