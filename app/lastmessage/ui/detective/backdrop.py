"""A scene filling the whole monitor (attract loop, secret pick), a little larger
than the screen so that it can pan slowly.

Only a couple of these big rasters are kept at a time: on a 4K monitor each
one is tens of megabytes. The scene cache makes reloading one cheap.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from lastmessage.scenes.model import Scene
from lastmessage.scenes.render import render_scene
from lastmessage.ui.detective.layout import cover

PAN = 0.08   # the raster is this much larger than the screen: the room to pan


class Backdrops:
    def __init__(self, size: tuple[int, int], keep: int = 2) -> None:
        self.size = size
        self._keep = keep
        self._rasters: OrderedDict[str, pygame.Surface] = OrderedDict()

    def raster(self, scene: Scene) -> pygame.Surface:
        found = self._rasters.get(scene.id)
        if found is None:
            found = render_scene(scene, cover(scene.aspect, self.size, PAN))
            self._rasters[scene.id] = found
            if len(self._rasters) > self._keep:
                self._rasters.popitem(last=False)
        self._rasters.move_to_end(scene.id)
        return found

    def travel(self, scene: Scene) -> tuple[int, int]:
        """How far the view can move over the raster, in pixels."""
        width, height = cover(scene.aspect, self.size, PAN)
        return width - self.size[0], height - self.size[1]

    def centred(self, scene: Scene) -> tuple[int, int]:
        dx, dy = self.travel(scene)
        return dx // 2, dy // 2
