"""The heap's free pages go back to the kernel between games, and threads share two arenas (glibc only)."""

from __future__ import annotations

import ctypes
import ctypes.util
import subprocess
import sys
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


ARENAS_OF_SIX_THREADS = """
import ctypes, re, sys, tempfile, threading
from lastmessage.table.memory import tune_the_allocator
if sys.argv[1] == "tuned":
    assert tune_the_allocator()
libc = ctypes.CDLL(None)
libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, (ctypes.c_size_t,)
libc.free.argtypes = (ctypes.c_void_p,)
libc.fopen.restype, libc.fopen.argtypes = ctypes.c_void_p, (ctypes.c_char_p, ctypes.c_char_p)
libc.malloc_info.argtypes = (ctypes.c_int, ctypes.c_void_p)
libc.fclose.argtypes = (ctypes.c_void_p,)
start, held = threading.Barrier(6), []
def allocate():
    start.wait()   # all six at once: each would find the others' arenas in use
    held.extend(libc.malloc(4096) for _ in range(2000))
threads = [threading.Thread(target=allocate) for _ in range(6)]
for thread in threads: thread.start()
for thread in threads: thread.join()
with tempfile.NamedTemporaryFile(suffix=".xml") as report:
    out = libc.fopen(report.name.encode(), b"w")
    libc.malloc_info(0, out)
    libc.fclose(out)
    print(len(re.findall(r"<heap nr=", open(report.name).read())))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists() or ctypes.util.find_library("c") is None,
                    reason="needs Linux's /proc and glibc")
def test_threads_that_allocate_at_once_share_two_arenas() -> None:
    def arenas(way: str) -> int:
        run = subprocess.run([sys.executable, "-c", ARENAS_OF_SIX_THREADS, way], capture_output=True, text=True,
                             timeout=120, check=True)
        return int(run.stdout.strip())
    assert arenas("tuned") <= 2 < arenas("as glibc starts")
