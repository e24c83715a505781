"""The scene as phones download it: one small picture of the whole, and sharp tiles for zooming in.

The whole scene at `OVERVIEW` pixels wide is drawn when the game's scene is
known (`prepare`), on this module's own thread, so the first phone to look
gets it at once. Zoomed in, a phone asks for tiles of the scene rendered
`LEVELS` wide; they are drawn by the search view's `ui.detective.tiles.Tiles`
(figures and ground from their vectors at that size, on its worker thread:
over a raster scaled up, a chair or a table cloth was a blur beside the
sharp people at a phone's 8x), and encoded as PNG here. The encoded bytes are kept under a
budget, least recently used going first (the whole picture, every phone's first
view, is never among them); a drawn tile is kept only until it is encoded, as
its PNG is what phones are sent again. Nothing of it touches the frame loop.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections import OrderedDict

import pygame

from lastmessage.scenes.geometry import Size
from lastmessage.scenes.model import Scene
from lastmessage.scenes.render import png_bytes, render_scene
from lastmessage.ui.detective.tiles import TILE, TileKey, Tiles, digest_of

log = logging.getLogger(__name__)

OVERVIEW = 1024
LEVELS = (2048, 4096, 8192)   # render widths a phone zooms into (2x, 4x and 8x the overview: its zoom goes to 8x)
BUDGET = 8 * 2**20         # bytes of tiles' PNGs kept (a phone's zoomed view shows a few dozen kB each)
DRAWN = 4 * TILE * TILE * 4   # bytes of drawn tiles kept until encoded: those phones ask for at once


def picture_json(scene: Scene) -> dict[str, object]:
    """What the page needs to ask for the pictures: their widths, the tile's side, the aspect."""
    return {"aspect": scene.aspect, "widths": [OVERVIEW, *LEVELS], "tile": TILE}


def render_size(scene: Scene, width: int) -> Size:
    return width, max(1, round(width / scene.aspect))


class Pictures:
    def __init__(self) -> None:
        self._tiles = Tiles(budget=DRAWN)
        self._lock = threading.Lock()
        self._png: OrderedDict[tuple[str, int, int, int], bytes] = OrderedDict()
        self._jobs: queue.Queue[Scene] = queue.Queue(8)
        self._thread: threading.Thread | None = None

    def prepare(self, scene: Scene) -> None:
        """Have the whole picture drawn (no wait; a full queue skips it: the first ask draws it)."""
        if self.whole(scene.id) is not None:
            return
        try:
            self._jobs.put_nowait(scene)
        except queue.Full:
            return
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._work, name="phones pictures", daemon=True)
            self._thread.start()

    def whole(self, scene_id: str) -> bytes | None:
        with self._lock:
            return self._png.get((scene_id, 0, 0, 0))

    def tile(self, scene: Scene, level: int, column: int, row: int) -> bytes | None:
        """A tile's PNG, or None while it is being drawn (ask again); ValueError for one that is not."""
        if not 1 <= level <= len(LEVELS):
            raise ValueError("no such level")
        size = render_size(scene, LEVELS[level - 1])
        if not (0 <= column <= (size[0] - 1) // TILE and 0 <= row <= (size[1] - 1) // TILE):
            raise ValueError("no such tile")
        name = (scene.id, level, column, row)
        with self._lock:
            found = self._png.get(name)
            if found is not None:
                self._png.move_to_end(name)
                return found
        key = TileKey(digest_of(scene), size, column, row)
        drawn = self._tiles.take(key)
        if drawn is None:
            self._tiles.ask(scene, [key], at_once=False)
            return None
        encoded = png_bytes(drawn)
        self._keep(name, encoded)
        return encoded

    def _keep(self, name: tuple[str, int, int, int], encoded: bytes) -> None:
        with self._lock:
            self._png[name] = encoded
            tiles = [key for key in self._png if key[1]]   # the whole pictures (level 0) stay
            total = sum(len(self._png[key]) for key in tiles)
            for key in tiles[:-1]:   # least recently used first; the newest stays whatever its size
                if total <= BUDGET:
                    break
                total -= len(self._png.pop(key))

    def _work(self) -> None:
        while True:
            try:
                scene = self._jobs.get(timeout=5.0)
            except queue.Empty:
                return
            if self.whole(scene.id) is not None:
                continue
            try:
                picture = render_scene(scene, render_size(scene, OVERVIEW))
            except (pygame.error, OSError, ValueError) as error:
                log.warning("phones: the picture of %s could not be drawn: %s", scene.id, error)
                continue
            with self._lock:
                for old in [key for key in self._png if not key[1]]:   # the game's whole picture only
                    del self._png[old]
            self._keep((scene.id, 0, 0, 0), png_bytes(picture))
