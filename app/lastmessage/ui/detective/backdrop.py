"""A scene filling the whole monitor (attract loop, secret pick), cropped
centrally when its aspect is not the screen's.

Only a couple of these big rasters are kept at a time: on a 4K monitor each
one is tens of megabytes. The scene cache makes reloading one cheap.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from lastmessage.scenes.model import Scene
from lastmessage.scenes.render import render_scene
from lastmessage.ui.detective.layout import cover

class Backdrops:
    def __init__(self, size: tuple[int, int], keep: int = 2) -> None:
        self.size = size
        self._keep = keep
        self._rasters: OrderedDict[str, pygame.Surface] = OrderedDict()

    def raster(self, scene: Scene) -> pygame.Surface:
        found = self._rasters.get(scene.id)
        if found is None:
            found = render_scene(scene, cover(scene.aspect, self.size))
            self._rasters[scene.id] = found
            if len(self._rasters) > self._keep:
                self._rasters.popitem(last=False)
        self._rasters.move_to_end(scene.id)
        return found

    def centred(self, scene: Scene) -> tuple[int, int]:
        """Where the screen's top-left falls on the raster (a central crop)."""
        width, height = cover(scene.aspect, self.size)
        return (width - self.size[0]) // 2, (height - self.size[1]) // 2
