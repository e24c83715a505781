"""People, animals and plants are really drawn by pygame's SVG loader from their traits."""

from __future__ import annotations

import io

import pygame
import pytest

from lastmessage.scenes.creatures import creature_svg, drawn_kinds
from lastmessage.scenes.figures import BOX_H, CANVAS, drawn_fraction, person_svg
from lastmessage.scenes.traits import COLOURS, HEADWEAR, HELD, POSES

BASE = {"person": "woman", "skin": "medium", "hair": "black short", "top": "red", "bottom": "blue trousers",
        "pose": "standing", "facing": "right"}


@pytest.fixture(autouse=True)
def _display() -> None:
    pygame.display.init()


def rasterise(svg: str, box_height: int = 200) -> pygame.Surface:
    scale = box_height / BOX_H
    size = (round(CANVAS[2] * scale), round(CANVAS[3] * scale))
    return pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), size)


def opaque_height(surface: pygame.Surface) -> int:
    rects = pygame.mask.from_surface(surface, 127).get_bounding_rects()
    return max((r.height for r in rects), default=0)


@pytest.mark.parametrize("pose", POSES)
def test_every_pose_draws_a_person_as_tall_as_the_validator_assumes(pose: str) -> None:
    traits = {**BASE, "pose": pose}
    image = rasterise(person_svg(traits))
    mask = pygame.mask.from_surface(image, 127)
    body = max(mask.get_bounding_rects(), key=lambda r: r.height)
    assert body.height >= drawn_fraction(traits) * 200 * 0.9, pose


def test_the_top_colour_is_what_the_torso_shows() -> None:
    for colour in ("red", "teal", "yellow"):
        image = rasterise(person_svg({**BASE, "top": colour}))
        torso = image.get_at((round(60 - CANVAS[0]) - 8, round(80 - CANVAS[1])))
        expected = pygame.Color(COLOURS[colour].hex)
        assert (torso.r, torso.g, torso.b) == (expected.r, expected.g, expected.b), colour


@pytest.mark.parametrize("held", sorted(HELD))
def test_every_held_thing_is_drawn(held: str) -> None:
    plain, holding = person_svg(BASE), person_svg({**BASE, "holding": held})
    assert holding != plain
    assert pygame.image.tobytes(rasterise(holding), "RGBA") != pygame.image.tobytes(rasterise(plain), "RGBA")


@pytest.mark.parametrize("kind", sorted(HEADWEAR))
def test_every_headwear_is_drawn(kind: str) -> None:
    value = f"green {kind}" if "{c}" in HEADWEAR[kind].en else kind
    assert person_svg({**BASE, "headwear": value}) != person_svg(BASE)


def test_facing_left_mirrors_the_figure() -> None:
    right = rasterise(person_svg({**BASE, "pose": "pointing"}))
    left = rasterise(person_svg({**BASE, "pose": "pointing", "facing": "left"}))
    box_centre = round(60 - CANVAS[0])
    def reach(image: pygame.Surface) -> tuple[int, int]:
        rect = pygame.mask.from_surface(image, 127).get_bounding_rects()[0]
        return box_centre - rect.left, rect.right - box_centre
    assert reach(right)[1] > reach(right)[0] and reach(left)[0] > reach(left)[1]


@pytest.mark.parametrize("kind", sorted(drawn_kinds()))
def test_every_drawn_animal_and_plant_renders(kind: str) -> None:
    svg = creature_svg(kind, mirror=False)
    assert svg is not None
    assert opaque_height(rasterise(svg)) > 40


def test_a_kind_without_a_drawing_keeps_its_emoji() -> None:
    assert creature_svg("whale", mirror=False) is None
