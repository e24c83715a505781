"""The heap's free pages go back to the kernel between games (glibc only)."""

from __future__ import annotations

import ctypes
import ctypes.util
from pathlib import Path

import pytest

from lastmessage.table.memory import give_back_free_pages

BLOCK = 4096          # well under the mmap threshold: these land on the heap
BLOCKS = 16_000       # 64 MB


def _resident_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS in /proc/self/status")


@pytest.mark.skipif(not Path("/proc/self/status").exists() or ctypes.util.find_library("c") is None,
                    reason="needs Linux's /proc and a C library")
def test_a_heap_left_full_of_holes_is_given_back_to_the_kernel() -> None:
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = (ctypes.c_size_t,)
    libc.free.argtypes = (ctypes.c_void_p,)
    blocks = [libc.malloc(BLOCK) for _ in range(BLOCKS)]
    for block in blocks:
        ctypes.memset(block, 1, BLOCK)   # resident, as a drawn picture is
    # Free all but every 64th block: the kept ones pin the heap, as a game's long-lived
    # objects do, so glibc's own trimming of the heap's top cannot give anything back.
    kept = blocks[::64]
    for index, block in enumerate(blocks):
        if index % 64:
            libc.free(block)
    holes = _resident_mb()
    assert give_back_free_pages()
    assert holes - _resident_mb() > 40
    for block in kept:
        libc.free(block)
