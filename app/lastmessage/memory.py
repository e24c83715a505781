"""The C allocator, set for a program that makes and drops big pictures all day.

Scene rasters, full-screen layers and board cards are megabytes each, made and
dropped game after game. glibc serves such blocks with mmap and returns them
on free, but after the first free it raises its mmap threshold to the freed
size (up to 32 MB), so later rasters land on the heap, which fragments and is
never given back: one process grew to 454 MB over 1,000 games while its
live pictures stayed near 200 MB. A fixed threshold keeps every big block
mapped on its own, so a dropped picture is memory the device gets back.
"""

from __future__ import annotations

import ctypes
import ctypes.util

M_MMAP_THRESHOLD = -3      # mallopt parameter numbers from glibc's malloc.h
MMAP_THRESHOLD_BYTES = 256 * 1024


def keep_big_blocks_mapped() -> bool:
    """Fix glibc's mmap threshold; False where the C library is not glibc."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES))
