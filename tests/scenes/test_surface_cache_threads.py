"""A cache of pictures shared by threads (the labels: the phones' server draws the pins'
plates while the frame draws everything else) keeps its books: the bytes it counts are the
bytes it holds, and a key another thread dropped is never an error."""

from __future__ import annotations

import sys
import threading

import pygame

from lastmessage.scenes.surface_cache import SurfaceCache, surface_bytes


def test_threads_sharing_a_cache_keep_its_byte_count_true() -> None:
    cache: SurfaceCache[int] = SurfaceCache("test", 4096 * 12 / 1024 / 1024)   # room for twelve
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for number in range(20000):
                cache.get_or_make((number * 7 + offset) % 40, lambda: pygame.Surface((32, 32), pygame.SRCALPHA))
        except BaseException as error:   # a KeyError from a key the other thread dropped
            errors.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)   # the threads change places as often as they can
    try:
        threads = [threading.Thread(target=work, args=(offset,)) for offset in (0, 3, 5, 11)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors
    assert cache.bytes == sum(surface_bytes(surface) for surface in cache._entries.values())
    assert cache.bytes <= cache.budget
