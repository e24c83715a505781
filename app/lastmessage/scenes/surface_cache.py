"""Pictures kept for reuse, within a budget of bytes.

A device runs all day: every cache of rendered pictures (labels, board cards,
scene rasters) holds at most its budget, dropping the least recently used
picture first, so memory has a ceiling however many games are played.
Counting entries is not enough: one label is a few kilobytes and one 4K
raster 33 MB. A cache may be shared by threads (the labels: the phones'
server draws the pins' plates on its own): its books are kept under a lock,
and a picture is made outside it.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

import pygame

K = TypeVar("K", bound=Hashable)

_all: weakref.WeakSet[SurfaceCache[Hashable]] = weakref.WeakSet()
"""Every cache alive, for the bench: a screen's own cache (a loupe's plates) leaves with it."""


def surface_bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


class SurfaceCache(Generic[K]):
    def __init__(self, name: str, budget_mb: float) -> None:
        self.name = name
        self.budget = int(budget_mb * 1024 * 1024)
        self.bytes = 0
        self._entries: OrderedDict[K, pygame.Surface] = OrderedDict()
        self._lock = threading.Lock()
        _all.add(self)  # type: ignore[arg-type]  # listed for the bench, never looked up by key

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: K) -> pygame.Surface | None:
        with self._lock:
            surface = self._entries.get(key)
            if surface is not None:
                self._entries.move_to_end(key)
            return surface

    def put(self, key: K, surface: pygame.Surface) -> pygame.Surface:
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.bytes -= surface_bytes(old)
            self._entries[key] = surface
            self.bytes += surface_bytes(surface)
            # The newest picture stays even over budget: it is the one being shown.
            while self.bytes > self.budget and len(self._entries) > 1:
                _, dropped = self._entries.popitem(last=False)
                self.bytes -= surface_bytes(dropped)
            return surface

    def get_or_make(self, key: K, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surface = self.get(key)
        return surface if surface is not None else self.put(key, make())

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.bytes = 0


def cached_megabytes() -> dict[str, float]:
    """Bytes held by every cache, by name (caches of one name summed; for `lastmessage bench`)."""
    held: dict[str, int] = {}
    for cache in list(_all):
        held[cache.name] = held.get(cache.name, 0) + cache.bytes
    return {name: round(size / 1024 / 1024, 1) for name, size in held.items()}
