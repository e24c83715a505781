"""The beach's clues read on the detectives' 1080p monitor: far swimmers and rowers are drawn, down to
the waterline or the gunwale, no smaller than the least the validator lets a suspect stand (they were
drawn at 22-36 px in the search view, a head in the water, while the rule measured them as if they
stood), and the swimwear that carries a bather's colour and pattern ("man in red striped swimming
trunks") covers a good share of the figure (trunks are board shorts to the knees, a bikini a sporty
top and full briefs: they were a band across a skin-coloured stick)."""

from __future__ import annotations

import io

import pygame
import pytest

from lastmessage.scenegen.generate import build, generate
from lastmessage.scenegen.layout import SceneJson
from lastmessage.scenes.figures import CANVAS, person_svg
from lastmessage.scenes.geometry import search_size
from lastmessage.scenes.traits import IN_WATER
from lastmessage.scenes.validate import MIN_PERSON_PX

SEEDS = (3, 17, 1000, 1001)


def _scenes() -> list[SceneJson]:
    return [build("beach")[1], build("harbour")[1], *(generate(theme, seed)[0] for theme in ("beach", "harbour")
                                                       for seed in SEEDS)]


@pytest.mark.parametrize("data", _scenes(), ids=lambda d: d["id"])
def test_far_swimmers_and_rowers_are_drawn_no_smaller_than_a_suspect_may_stand(data: SceneJson) -> None:
    height = search_size(data["aspect"])[1]
    afloat = [c for c in data["characters"] if c["traits"].get("pose") in IN_WATER or c["traits"].get("pose") == "rowing"]
    assert afloat
    for c in afloat:
        drawn = (c["box"][3] - c["box"][1]) * height
        assert drawn >= MIN_PERSON_PX, f'{c["id"]} ({c["traits"]["pose"]}) drawn {drawn:.0f} px in the search view'


def _clue_share(person: str, bottom: str) -> float:
    """The share of a standing bather's drawn pixels that are the swimwear's (its top colour's) own."""
    pygame.display.init()
    k = 2.0
    size = (round(CANVAS[2] * k), round(CANVAS[3] * k))
    red, blue = (pygame.image.load_sized_svg(io.BytesIO(person_svg(
        {"person": person, "bottom": bottom, "top": top, "pose": "standing", "skin": "light"}).encode("utf-8")), size)
        for top in ("red", "blue"))
    drawn = clue = 0
    for x in range(0, size[0], 2):
        for y in range(0, size[1], 2):
            if red.get_at((x, y)).a > 128:
                drawn += 1
                clue += red.get_at((x, y))[:3] != blue.get_at((x, y))[:3]
    return clue / drawn


@pytest.mark.parametrize(("person", "bottom", "least"), [
    ("man", "trunks", 0.27), ("boy", "trunks", 0.25), ("old man", "trunks", 0.27),
    ("woman", "bikini", 0.19), ("girl", "bikini", 0.17), ("old woman", "bikini", 0.19)])
def test_swimwear_carries_its_colour_on_a_good_share_of_the_bather(person: str, bottom: str, least: float) -> None:
    share = _clue_share(person, bottom)
    assert share >= least, f"{person} in {bottom}: {share:.1%} of the figure in the swimwear's colour"
