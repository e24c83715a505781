"""A part of a render drawn alone has the whole render's pixels (portraits are cut that way).

A portrait's crop of a 5760x3240 render is drawn alone (`render.draw_region`) so that the
whole render (71 MB) never exists; a background is painted in bands for the same reason.
pygame cuts float coordinates toward zero and draws a rectangle's outline that crosses the
surface's edge differently from the same one whole, so a shifted drawing can differ: these
tests compare every kind of shape and every figure of every shipped scene, part against whole.
"""

from __future__ import annotations

import random

import pygame
import pytest

from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.scenes.render import draw_region, draw_scene, supersampled

SIZE = (2400, 1350)   # above the supersampling threshold: a portrait's render, painted at its own size
CATALOG = load_scenes(shipped_scenes_dir())


@pytest.mark.parametrize("scene_id", sorted(CATALOG))
def test_a_part_drawn_alone_is_that_part_of_the_whole(scene_id: str) -> None:
    assert not supersampled(SIZE)
    scene = CATALOG[scene_id]
    whole = draw_scene(scene, SIZE)
    rng = random.Random(scene_id)
    areas = [pygame.Rect(-40, -30, 500, 400), pygame.Rect(SIZE[0] - 300, SIZE[1] - 250, 400, 400)]
    areas += [pygame.Rect(rng.randrange(0, SIZE[0] - 600), rng.randrange(0, SIZE[1] - 500),
                          rng.randrange(60, 600), rng.randrange(60, 500)) for _ in range(6)]
    for area in areas:
        shown = area.clip(whole.get_rect())
        part = draw_region(scene, SIZE, area)
        assert part.get_size() == shown.size
        assert pygame.image.tobytes(part, "RGB") == pygame.image.tobytes(whole.subsurface(shown), "RGB"), area
