"""A scene filling the whole monitor (attract loop, secret pick), cropped
centrally when its aspect is not the screen's.

Only a couple of these big rasters are kept at a time: on a 4K monitor each
one is tens of megabytes. The scene cache makes reloading one cheap. A new
crowd is painted in the background (`ready`), so the secret pick shows at
once and the picture follows.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from lastmessage.scenes.model import Scene
from lastmessage.scenes.painter import PAINTER
from lastmessage.ui.detective.layout import cover

class Backdrops:
    def __init__(self, size: tuple[int, int], keep: int = 2) -> None:
        self.size = size
        self._keep = keep
        self._rasters: OrderedDict[str, tuple[Scene, pygame.Surface]] = OrderedDict()

    def _known(self, scene: Scene) -> pygame.Surface | None:
        """The raster kept for this very scene (a resumed game's kept scene shares its id with the catalog's)."""
        kept = self._rasters.get(scene.id)
        return kept[1] if kept is not None and kept[0] is scene else None

    def raster(self, scene: Scene) -> pygame.Surface:
        found = self._known(scene) or PAINTER.get(scene, cover(scene.aspect, self.size))
        self._keep_raster(scene, found)
        return found

    def ready(self, scene: Scene) -> pygame.Surface | None:
        """The raster if it is painted; None (and being painted) otherwise."""
        found = self._known(scene) or PAINTER.ask(scene, cover(scene.aspect, self.size))
        if found is not None:
            self._keep_raster(scene, found)
        return found

    def prefetch(self, scene: Scene) -> None:
        """Paint it in the background now, to have it at once when it is shown (nothing when
        painting in the background is off)."""
        if self._known(scene) is None:
            PAINTER.prefetch(scene, [cover(scene.aspect, self.size)])

    def drop(self) -> None:
        """Let go of every raster (a game is at the table: neither the attract loop nor the
        secret pick shows before it ends); `raster` and `ready` load them again."""
        self._rasters.clear()

    def _keep_raster(self, scene: Scene, raster: pygame.Surface) -> None:
        self._rasters[scene.id] = (scene, raster)
        self._rasters.move_to_end(scene.id)
        if len(self._rasters) > self._keep:
            self._rasters.popitem(last=False)

    def centred(self, scene: Scene) -> tuple[int, int]:
        """Where the screen's top-left falls on the raster (a central crop)."""
        width, height = cover(scene.aspect, self.size)
        return (width - self.size[0]) // 2, (height - self.size[1]) // 2
