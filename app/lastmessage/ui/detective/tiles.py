"""The zoomed scene in tiles: drawn from the figures' vectors at the zoom, kept within a byte budget.

A whole scene at 3x on a 4K monitor would be 11520x6480 pixels (300 MB), so
the search view asks only for the tiles it shows. Each tile is drawn by
`render.draw_tile` (every figure rasterised from its SVG and the ground painted
from its shapes at that size: sharp at every step), kept here under a budget in bytes (least recently used go
first), and handed to the screen in pieces, each a layer whose texture is uploaded once
(`tile_textures.py`).

Drawing one tile takes tens of milliseconds, more than a frame may spend. When
the painter paints in the background (the device), tiles are drawn on a
worker thread and arrive a few frames later, the 1x picture scaled by the GPU
standing in meanwhile; in scripted play and tests (painting in the
foreground) the tiles shown are drawn at once, so every screenshot is the
same whatever the machine's speed.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from typing import NamedTuple

import pygame

from lastmessage.scenes.geometry import Size
from lastmessage.scenes.model import Scene
from lastmessage.scenes.render import draw_tile, scene_digest

log = logging.getLogger(__name__)

TILE = 448
"""Pixels a side a tile is drawn (and a phone asks for). The screen shows it in quarters
(tile_textures.PIECE): a texture of a whole tile, 0.8 MB, cost a frame 1.4-1.9 blit units
to make."""
BUDGET = 48 * 2**20
"""Bytes of tiles kept (a 1080p view at 2x shows at most 15 tiles of 0.8 MB; 4K four times that)."""


class TileKey(NamedTuple):
    """A tuple, hashed and compared in C: a pan looks tiles up dozens of times a frame."""

    digest: str
    size: Size          # the render size of the whole scene at this step
    column: int
    row: int

    def area(self) -> pygame.Rect:
        x, y = self.column * TILE, self.row * TILE
        return pygame.Rect(x, y, min(TILE, self.size[0] - x), min(TILE, self.size[1] - y))


def tiles_over(digest: str, size: Size, shown: pygame.Rect) -> list[TileKey]:
    """The tiles of a render of `size` that the part `shown` (render pixels) touches, in reading order."""
    first_c, first_r = max(0, shown.left // TILE), max(0, shown.top // TILE)
    last_c = min((size[0] - 1) // TILE, (shown.right - 1) // TILE)
    last_r = min((size[1] - 1) // TILE, (shown.bottom - 1) // TILE)
    return [TileKey(digest, size, c, r) for r in range(first_r, last_r + 1) for c in range(first_c, last_c + 1)]


class Tiles:
    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self._kept: OrderedDict[TileKey, pygame.Surface] = OrderedDict()
        self._lock = threading.Lock()
        self._asked: set[TileKey] = set()
        self._queue: queue.Queue[tuple[Scene, TileKey]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self.drawn = 0   # tiles drawn so far: a view waiting for some looks again when this changes

    def kept_bytes(self) -> int:
        with self._lock:
            return sum(s.get_pitch() * s.get_height() for s in self._kept.values())

    def get(self, key: TileKey) -> pygame.Surface | None:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def kept(self, keys: Sequence[TileKey]) -> list[TileKey]:
        """Those of `keys` that are drawn."""
        with self._lock:
            return [key for key in keys if key in self._kept]

    def ask(self, scene: Scene, keys: Sequence[TileKey], *, at_once: bool) -> None:
        """Have these tiles drawn: now (`at_once`), or on the worker thread (looked up under one
        lock: a zoom step asks for about 40 tiles)."""
        if at_once:
            for key in keys:
                if self.get(key) is None:
                    self._keep(key, draw_tile(scene, key.size, key.area()))
            return
        with self._lock:
            fresh = []
            for key in keys:
                if key in self._kept:
                    self._kept.move_to_end(key)
                elif key not in self._asked:
                    self._asked.add(key)
                    fresh.append(key)
        for key in fresh:
            self._queue.put((scene, key))
        if fresh:
            self._start()

    def take(self, key: TileKey) -> pygame.Surface | None:
        """The drawn tile, no longer kept (whoever keeps its encoding needs it no more)."""
        with self._lock:
            return self._kept.pop(key, None)

    def forget(self, keep: Hashable = None) -> None:
        """Drop every tile (of another scene than `keep`'s digest, when given)."""
        with self._lock:
            for key in [k for k in self._kept if k.digest != keep]:
                del self._kept[key]

    def _keep(self, key: TileKey, tile: pygame.Surface) -> None:
        with self._lock:
            self._kept[key] = tile
            self._asked.discard(key)
            self.drawn += 1
            total = sum(s.get_pitch() * s.get_height() for s in self._kept.values())
            while total > self.budget and len(self._kept) > 1:
                _, old = self._kept.popitem(last=False)
                total -= old.get_pitch() * old.get_height()

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._work, name="search tiles", daemon=True)
            self._thread.start()

    def _work(self) -> None:
        while True:
            try:
                scene, key = self._queue.get(timeout=5.0)
            except queue.Empty:
                return   # idle: the thread ends, the next ask starts another
            try:
                if self.get(key) is None:
                    self._keep(key, draw_tile(scene, key.size, key.area(), pace=lambda: time.sleep(0)))
            except (pygame.error, ValueError) as error:   # never take the screens down for a tile
                log.warning("search view: a tile of %s could not be drawn: %s", scene.id, error)
                with self._lock:
                    self._asked.discard(key)


def digest_of(scene: Scene) -> str:
    return scene_digest(scene)
