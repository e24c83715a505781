"""Props, animals and plants are drawn in the people's style: no emoji left in a shipped or new scene."""

from __future__ import annotations

import io

import pygame
import pytest

from lastmessage.scenes.figures import BOX_H, CANVAS
from lastmessage.scenegen.generate import RECIPES, generate
from lastmessage.scenes.model import Art, Character, Prop, load_scenes, shipped_scenes_dir
from lastmessage.scenes.props import PROPS
from lastmessage.scenes.render import drawn_svg

SCENES = load_scenes(shipped_scenes_dir())


@pytest.fixture(autouse=True)
def _display() -> None:
    pygame.display.init()


def _things(figures: list[Character | Prop]) -> list[Character | Prop]:
    return [f for f in figures if not (isinstance(f, Character) and f.sentient) and f.art.emoji]


@pytest.mark.parametrize("scene_id", sorted(SCENES))
def test_every_prop_animal_and_plant_of_a_shipped_scene_is_drawn(scene_id: str) -> None:
    scene = SCENES[scene_id]
    left_as_emoji = [f.name for f in _things([*scene.props, *scene.characters]) if drawn_svg(f) is None]
    assert left_as_emoji == []


@pytest.mark.parametrize("theme", sorted(RECIPES))
def test_a_new_crowd_draws_everything_too(theme: str) -> None:
    scene = generate(theme, 4321)[1]
    assert [f.name for f in _things([*scene.props, *scene.characters]) if drawn_svg(f) is None] == []


def _raster(svg: str, height: int = 200) -> pygame.Surface:
    scale = height / BOX_H
    return pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")),
                                       (round(CANVAS[2] * scale), round(CANVAS[3] * scale)))


@pytest.mark.parametrize("name", sorted(PROPS))
def test_a_prop_drawing_is_a_shape_not_a_tile(name: str) -> None:
    """Something visible that fills a fair part of the emoji's frame, on a transparent ground:
    the corners of the frame stay clear (no square background like the old glyph tiles)."""
    svg = drawn_svg(Prop(id="p", name=name, x=0.5, y=0.5, art=Art(emoji="x")))
    assert svg is not None
    image = _raster(svg)
    box = image.get_bounding_rect(60)
    frame = pygame.Rect(0, round(-CANVAS[1]), image.get_width(), 200)   # the 200 x 200 frame of drawing.py
    assert box.width >= 0.3 * frame.width or box.height >= 0.3 * frame.height, (name, box)
    corners = [(frame.left + 2, frame.top + 2), (frame.right - 3, frame.top + 2), (frame.left + 2, frame.bottom - 3),
               (frame.right - 3, frame.bottom - 3)]
    assert sum(image.get_at(c).a > 60 for c in corners) <= 2, name
