"""Landmarks and vehicles are drawn at their true size beside the people, over many seeds, measured
against the people standing at their depth: the harbour crane stands on the quay edge taller than any
mast (it was a person-sized toy among the crowd), an ambulance is some three people long (it was
smaller than one), a snowmobile two (it was half one), a speedboat among the swimmers three."""

from __future__ import annotations

import io
import statistics

import pygame
import pytest

from lastmessage.scenegen.generate import build, generate
from lastmessage.scenegen.layout import SceneJson
from lastmessage.scenes.figures import BOX_H, CANVAS, STANDING_FRACTION
from lastmessage.scenes.geometry import FIGURE_SIZE
from lastmessage.scenes.model import Art, Prop
from lastmessage.scenes.render import drawn_svg
from lastmessage.scenes.traits import CHILDREN

SEEDS = (3, 17, 1000, 1001, 1002, 1003, 1004, 1005)
MAST, CRANE_PAINT = "#d9b77a", ("#fab005", "#f59f00")


def _harbours() -> list[SceneJson]:
    return [build("harbour")[1], *(generate("harbour", seed)[0] for seed in SEEDS)]


HARBOURS = _harbours()


def person_height_near(data: SceneJson, feet: float, band: float = 0.05) -> float:
    """The median height (scene heights) a grown-up is drawn standing with the feet near `feet`: every
    pose is drawn at the scale of a standing person at its depth (a swimmer too), so all count."""
    heights = [FIGURE_SIZE * c["scale"] * data["aspect"] * STANDING_FRACTION for c in data["characters"]
               if "person" in c["traits"] and c["traits"]["person"] not in CHILDREN
               and abs(c["y"] + FIGURE_SIZE * c["scale"] * data["aspect"] / 2 - feet) < band]
    assert len(heights) >= 3, f"too few people near y={feet:.2f} to measure"
    return statistics.median(heights)


@pytest.mark.parametrize("data", HARBOURS, ids=("shipped", *(f"seed{s}" for s in SEEDS)))
def test_the_harbour_crane_stands_on_the_quay_edge_at_its_true_size(data: SceneJson) -> None:
    (crane,) = [p for p in data["props"] if p["name"] == "harbour crane"]
    assert crane["emoji"] == "", "the background draws the crane, behind the crowd"
    height = FIGURE_SIZE * crane["scale"] * data["aspect"]
    top, feet = crane["y"] - height / 2, crane["y"] + height / 2
    assert 0.2 <= feet <= 0.24, "on the quay edge, not out on the plaza"
    assert crane["x"] < 0.06 or crane["x"] > 0.94, "at the end of the quay"
    assert height >= 6 * person_height_near(data, feet), "as tall as a crane, not as a person"
    masts = [float(point[1]) for s in data["background"] if s["shape"] == "path" and s.get("color") == MAST
             for point in s["points"]]   # type: ignore[union-attr]
    assert all(top < mast for mast in masts), "taller than any boat"
    painted = [float(s["y"]) for s in data["background"] if s["shape"] in ("rect", "polygon")
               and s.get("color") in CRANE_PAINT and "y" in s]
    assert painted and min(painted) < top + 0.06, "the drawing is as tall as its box"
    under = [c["id"] for c in data["characters"] if abs(c["x"] - crane["x"]) < 0.035 and c["box"][3] < feet + 0.02]
    assert under == [], "nobody stands or swims between its legs"


# --- vehicles: as long as they are beside the people at their depth --------------------------------

VEHICLES = {"ambulance": (2.5, 3.5), "snowmobile": (1.5, 2.3), "bicycle": (0.8, 1.3)}   # standing grown-ups long
BOATS = {"sailing boat": (3.2, 5.0), "motor boat": (2.8, 4.4), "speedboat": (2.4, 3.8), "canoe": (2.0, 3.3)}   # at the beach
BOOTHS = {"phone box": (1.2, 1.65), "ticket booth": (1.3, 1.75)}   # standing grown-ups tall
VEHICLE_THEMES, VEHICLE_SEEDS = ("ski", "harbour", "beach", "station", "carnival"), (3, 17, 256, 1000, 1001, 1002)


def drawn_px(prop: dict[str, object]) -> tuple[float, float]:
    """The width and height in pixels of a prop's drawing on a 1920 x 1080 render, from its raster."""
    pygame.display.init()
    height = FIGURE_SIZE * float(prop["scale"]) * 1920   # type: ignore[arg-type]
    svg = drawn_svg(Prop(id="p", name=str(prop["name"]), x=0.5, y=0.5, art=Art(emoji="x")))
    assert svg is not None
    k = height / BOX_H
    image = pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), (round(CANVAS[2] * k), round(CANVAS[3] * k)))
    box = image.get_bounding_rect(60)
    return box.width, box.height


def test_vehicles_and_booths_are_their_true_size_beside_the_people_near_them() -> None:
    found: dict[str, int] = {}
    scenes = [build("ski")[1], build("station")[1], build("carnival")[1],
              *(generate(theme, seed)[0] for theme in VEHICLE_THEMES for seed in VEHICLE_SEEDS)]
    for data in scenes:
        sizes = {**VEHICLES, **(BOATS if data["theme"] == "beach" else {})}   # the harbour's far boats lie far out
        for prop in data["props"]:
            if prop["name"] not in sizes and prop["name"] not in BOOTHS:
                continue
            height = FIGURE_SIZE * prop["scale"] * data["aspect"]
            person = person_height_near(data, prop["y"] + height / 2, band=0.08) * 1080
            width, tall = drawn_px(dict(prop))
            if prop["name"] in BOOTHS:
                low, high = BOOTHS[prop["name"]]
                assert low <= tall / person <= high, f'{data["id"]}: {prop["name"]} {tall / person:.2f} people tall'
                assert prop["y"] + height / 2 <= 1.0, f'{data["id"]}: {prop["name"]} cut by the frame'
            else:
                low, high = sizes[prop["name"]]
                assert low <= width / person <= high, f'{data["id"]}: {prop["name"]} {width / person:.2f} people long'
            found[prop["name"]] = found.get(prop["name"], 0) + 1
    assert set(found) == {*VEHICLES, *BOATS, *BOOTHS}, found


# --- lifebuoys: hung on their post where they belong, never lying on the ground ---------------------

def test_a_life_ring_hangs_on_its_post_down_to_the_ground() -> None:
    pygame.display.init()
    svg = drawn_svg(Prop(id="p", name="life ring", x=0.5, y=0.5, art=Art(emoji="x")))
    assert svg is not None
    k = 2.0
    image = pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), (round(CANVAS[2] * k), round(CANVAS[3] * k)))
    box = image.get_bounding_rect(60)
    ground = (196 - CANVAS[1]) * k   # the frame's ground line (drawing.GROUND) on the raster
    assert box.bottom >= ground - 2 * k, "it stands on the ground"
    assert box.height >= 0.8 * BOX_H * k, "on a post about as tall as a person"
    centre = round((100 - 40 - CANVAS[0]) * k)   # the frame's middle, where the post stands
    below_ring = [image.get_at((centre, y)).a > 60 for y in range(round((140 - CANVAS[1]) * k), round(ground - 2 * k))]
    assert all(below_ring), "the post carries the ring: no gap between them and the ground"


@pytest.mark.parametrize("theme", ("harbour", "beach"))
def test_every_life_ring_stands_by_what_it_belongs_to(theme: str) -> None:
    rings = 0
    for data in [build(theme)[1], *(generate(theme, seed)[0] for seed in SEEDS)]:
        towers = [p for p in data["props"] if p["name"] == "lifeguard tower"]
        for ring in (p for p in data["props"] if p["name"] == "life ring"):
            rings += 1
            feet = ring["y"] + FIGURE_SIZE * ring["scale"] * data["aspect"] / 2
            if theme == "harbour":   # on the quay's edge, by the water
                assert feet < 0.31, f'{data["id"]}: a life ring out on the plaza'
            else:   # at the foot of the lifeguard tower
                assert any(abs(ring["x"] - t["x"]) < 0.08 and 0 < feet - t["y"] < 0.2 for t in towers), data["id"]
    assert rings >= 2
